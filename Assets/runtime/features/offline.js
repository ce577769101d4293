// Pages available offline (Route(availableOffline: true)): the service worker keeps the page as
// it last showed while live, and shows that copy (`data-jw-saved` on <html>: when it was live)
// when the server cannot be reached, even after the browser restarted. A copy is never joined
// to a session (its token and version are old): it is marked not live, keeps its clocks
// ticking, and loads the page afresh as soon as the server answers.
feature((view) => {
  const embedded = view.embedded;
  const availableOffline = !embedded && meta(wire.meta.offline) === "last-page" && "serviceWorker" in navigator && window.isSecureContext;
  const savedAt = embedded ? 0 : Number(document.documentElement.getAttribute(wire.attribute.savedAt)) || 0;
  const stale = savedAt > 0;
  const probeKey = "jw-probe-" + view.path;
  // The page itself, live: a kept copy's backoff starts over the next time.
  if (!embedded && !stale) { try { sessionStorage.removeItem(probeKey); } catch (e) {} }
  let saveTimer = 0, savedCopies = 0, probeTimer = 0, attempt = 0;
  if (availableOffline && !stale) {
    navigator.serviceWorker.register("/assets/jetway-sw.js", { scope: "/" }).catch((e) => view.remark("service worker: " + (e && e.message)));
  }
  function savePage() {
    if (!availableOffline || stale || saveTimer) return;
    saveTimer = setTimeout(async () => {
      saveTimer = 0;
      if (!view.live) return;
      const copy = document.documentElement.cloneNode(true);
      copy.classList.remove(wire.state.connected, wire.state.connecting, wire.state.disconnected, wire.state.offline, wire.state.refused);
      copy.setAttribute(wire.attribute.savedAt, String(Math.round(clock.now())));
      const assets = Array.from(document.querySelectorAll("link[rel~=stylesheet][href], link[rel~=icon][href], script[src]"), (el) => el.href || el.src);
      const message = { kind: "jetway-page", url: location.href.split("#")[0], html: "<!doctype html>" + copy.outerHTML, assets };
      try {
        const registration = await navigator.serviceWorker.ready;
        if (registration.active) { registration.active.postMessage(message); savedCopies++; clock.remember(); }
      } catch (e) { view.remark("service worker: " + (e && e.message)); }
    }, 1000);
  }
  // A kept copy asks the server for the page itself (HEAD, past the worker's copy) with
  // backoff, and loads it once it answers 2xx. The backoff outlives a reload that got the copy
  // again (a server that answers its assets but not its pages): no loop of reloads.
  function probeServer() {
    if (probeTimer) return;
    let tries = 0;
    try { tries = Number(sessionStorage.getItem(probeKey) || 0); sessionStorage.setItem(probeKey, String(tries + 1)); } catch (e) { tries = attempt; }
    attempt = Math.max(attempt, tries);
    const delay = 250 + Math.random() * Math.min(wire.timing.backoffCap, 500 * 2 ** attempt++);
    probeTimer = setTimeout(async () => {
      try {
        const response = await fetch(location.href, { method: "HEAD", cache: "no-store" });
        if (response.ok) { location.reload(); return; }
        // (Still offline: try again.)
      } catch (e) {}
      probeTimer = 0;
      probeServer();
    }, delay);
  }

  view.on("settle", savePage);
  view.on("joined", savePage);
  view.on("stale", () => {
    if (!stale) return false;
    const html = view.setup.stateElement;
    html.classList.remove(wire.state.connecting, wire.state.connected);
    html.classList.add(wire.state.disconnected, wire.state.stale, wire.state.offline);
    view.showBanner(view.words.notLive, savedAt);
    probeServer();
    return true;
  });
  // Back to the tab, or the network came back: a kept copy asks the server again at once.
  view.on("reconnect", () => {
    if (!stale) return false;
    if (probeTimer) { clearTimeout(probeTimer); probeTimer = 0; }
    attempt = 0;
    probeServer();
    return true;
  });
  view.on("api", (api) => Object.defineProperties(api, {
    // How many copies of the page went to the service worker, and whether this is one.
    savedCopies: { get: () => savedCopies, enumerable: true },
    stale: { get: () => stale, enumerable: true },
  }));
});
