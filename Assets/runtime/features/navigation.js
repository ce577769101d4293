// Navigation: each pushed screen's URL has the links that led to it (`?nav=`), and the chosen
// tab of a TabView its tab (`?tab=`); Back and Forward tell the server where the browser went,
// a jump it cannot follow loads the URL. After every change the address and the document's
// title follow the screen the server shows. A hosted view's screens are its own: the host
// page's address and history stay.
feature((view) => {
  // A `Link` inside another link's label (a span with role="link"): the browser goes there.
  view.on("click", (event) => {
    const plain = event.target.closest && event.target.closest("span." + wire.className.link + "[data-href]");
    if (!view.mine(plain)) return false;
    event.preventDefault();
    location.assign(plain.dataset.href);
    return true;
  });
  if (view.embedded) return;
  const appTitle = view.setup.appTitle;
  const navIn = (url) => new URL(url, location.href).searchParams.get("nav") || "";
  const tabIn = (url) => new URL(url, location.href).searchParams.get("tab");
  function withParam(name, value) {
    const params = new URLSearchParams(location.search);
    if (value) params.set(name, value); else params.delete(name);
    const query = params.toString();
    return location.pathname + (query ? "?" + query : "") + location.hash;
  }
  const tabView = () => view.root && view.root.querySelector("." + wire.className.tabview + "[" + wire.attribute.tab + "]");
  const stack = () => view.root && view.root.querySelector("[" + wire.attribute.navigation + "]");

  // The screen's own Back button, on a screen this page pushed: the browser's Back does it.
  view.on("beforeClick", (el) => {
    if (!el.classList.contains(wire.className.navBack) || !history.state || !history.state.jwNav) return false;
    history.back();
    return true;
  });
  view.on("clicked", (el) => {
    if (el.classList.contains(wire.className.navlink)) history.pushState({ jwNav: true }, "", withParam("nav", navIn(el.href || el.dataset.href)));
    else if (el.classList.contains(wire.className.navBack)) history.replaceState(null, "", withParam("nav", navIn(el.href)));
    else if (el.classList.contains(wire.className.tablink) && el.getAttribute("aria-selected") !== "true") history.pushState({ jwNav: true }, "", withParam("tab", el.dataset.tab));
  });

  window.addEventListener("popstate", () => {
    const tabs = tabView();
    const tab = tabIn(location.href);
    if (tabs && tab !== null && tab !== tabs.dataset.tab) {
      // The tab first; its navigation stack's URL follows once the tab is shown.
      if (Array.from(tabs.querySelectorAll(":scope > ." + wire.className.tabbar + " > ." + wire.className.tablink)).some((link) => link.dataset.tab === tab)) view.send(tabs, "navigate", tab);
      else location.reload();
      return;
    }
    const shownStack = stack();
    if (!shownStack) return;
    const wanted = navIn(location.href), shown = shownStack.dataset.nav;
    const parts = (text) => (text ? text.split(".") : []);
    const t = parts(wanted), s = parts(shown);
    const isPrefix = t.length <= s.length && t.every((key, i) => key === s[i]);
    const isNext = t.length === s.length + 1 && s.every((key, i) => key === t[i]);
    if (isPrefix || isNext) view.send(shownStack, "navigate", wanted); else location.reload();
  });

  // The request the page was served with, if any, was made before this page: not opened again.
  let openedSerial = "";
  view.on("started", () => {
    const open = view.root.dataset.open;
    if (open) openedSerial = open.slice(0, open.indexOf(" "));
  });
  view.on("settle", () => {
    const root = view.root;
    const tabs = tabView();
    if (tabs && tabIn(location.href) !== tabs.dataset.tab) history.replaceState(history.state, "", withParam("tab", tabs.dataset.tab));
    const shownStack = stack();
    if (shownStack && navIn(location.href) !== shownStack.dataset.nav) history.replaceState(history.state, "", withParam("nav", shownStack.dataset.nav));
    const heading = root && root.querySelector("." + wire.className.navTitle);
    // The page host's title (`PageHost.title`) stands over the screen's.
    const screen = root && root.dataset.title ? root.dataset.title : heading && heading.textContent;
    const title = screen && screen !== appTitle ? screen + " – " + appTitle : appTitle;
    if (document.title !== title) document.title = title;
    // `PageHost.open(url)`: "serial url", each serial opened once (not again on a resync).
    const open = root && root.dataset.open;
    if (open) {
      const space = open.indexOf(" "), serial = open.slice(0, space);
      if (serial !== openedSerial) { openedSerial = serial; location.assign(open.slice(space + 1)); }
    }
  });
});
