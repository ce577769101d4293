// One live view: the page Jetway rendered, or a view hosted in another page (`data-jetway-view`,
// page.js). The core keeps the view's elements by id, applies the server's patches in order
// (patch.js), morphs a whole page into it (morph.js), sends the user's events, and runs its
// connection (connection.js). Everything else is a feature (features/): each registers itself
// with `feature(install)` and is installed into every view, where it listens to the view's
// hooks (`view.on(name, fn)`):
//
//   beforePatch(ops)              before a patch (its ops) or a sync (none) changes the page
//   settle()                      after every change of the page (a patch, a sync, the start)
//   inserted(el)                  an element the server just added (an insert, a replace, a sync)
//   synced(remounted)             a whole page was morphed in
//   joined()                      the session is attached and current (after its patches)
//   live()                        a join or a sync: events now reach the server
//   lost(code)                    the socket is gone (the connection reconnects by itself)
//   command(el, name, payload)    a widget command (op `c`)
//   answer(ref, json)             a widget request's answer
//   refusal(ref, why) → claimed   an event refused; a feature that claims it (true) keeps it from the page's errors
//   click(event) → claimed        a click, before the view's own handling (a wheel's option, a plain link)
//   beforeClick(el) → claimed     a click the view is about to send (the browser's Back can do it instead)
//   clicked(el)                   a click sent (history, menus)
//   keydown(event) → claimed      a key, before the view's own handling
const features = [];
function feature(install) { features.push(install); }

function createView(setup) {
  const path = setup.path, build = setup.build, embedded = setup.embedded;
  // Renewed by the server while the page is open (a page may stay open for days).
  let token = setup.token;
  // Where the connection state shows (classes): <html> for a page, the host element for a view.
  const html = setup.stateElement;
  const ids = new Map();
  // The page is served at the version of the rendering it may share with other sessions.
  let root = null, version = setup.version, nextRef = 1, live = false;
  // The ref of the last keystroke per element, and the newest ref the server has answered:
  // a focused field keeps its own value while the server has not seen its latest keystroke.
  const lastInputRef = new Map();
  let answeredRef = 0;
  const heardUpTo = (ref) => { if (typeof ref === "number" && ref > answeredRef) answeredRef = ref; };
  // `err` frames: what the server refused (see window.jetway).
  let errorCount = 0, lastError = "", syncCount = 0;
  // When the last event went out, when the last patch came in and when it was applied, and
  // when the page first went live (performance.now(), in window.jetway.timing): what the
  // browser bench splits its figures by.
  const timing = { sent: 0, received: 0, parsed: 0, applied: 0, live: 0 };

  const hooks = new Map();
  // Runs a hook's functions in order; true when one of them claimed it (returned true).
  const emit = (name, ...args) => {
    for (const fn of hooks.get(name) || []) if (fn(...args) === true) return true;
    return false;
  };

  // This view's own elements (another view on the page has its own listeners).
  const mine = (el) => !!el && !!root && root.contains(el);
  const handles = (el, kind) => mine(el) && el.dataset && (el.dataset.on || "").split(" ").includes(kind);
  const target = (node, kind) => {
    for (let el = node; el && el !== document; el = el.parentElement) if (handles(el, kind)) return el;
    return null;
  };

  // Connection state: classes on the state element, and a banner after a second without a
  // socket that says since when the page has not been updated (in the zone the page shows times
  // in: its root's when its views read the visitor's, else the app's).
  const banner = embedded ? null : document.querySelector("." + wire.className.banner);
  const zone = meta(wire.meta.timeZone) || "UTC";
  // Its words in the page's language (the server writes them on it; English otherwise).
  const words = { reconnecting: "Reconnecting…", elsewhere: "Open in another window", notLive: "Not live", lastUpdated: "last updated", locale: undefined };
  try { Object.assign(words, JSON.parse((banner && banner.getAttribute(wire.attribute.words)) || "{}")); } catch (e) {}
  let lastLive = clock.now(), bannerTimer = 0, bannerWhy = "";
  function showBanner(what, since) {
    const shown = (root && root.getAttribute(wire.attribute.timeZone)) || zone;
    if (banner) banner.textContent = `${what} · ${words.lastUpdated} ${calendarText(since, shown, true, words.locale)}`;
  }
  // The banner shows a second after the first loss and stays through the retries (a timer
  // restarted at each retry would put it off); a new reason ("Open in another window") starts
  // it again with its own text.
  function showState(state, why = words.reconnecting) {
    html.classList.remove(wire.state.connected, wire.state.connecting, wire.state.disconnected);
    html.classList.add(state === "connected" ? wire.state.connected : state === "connecting" ? wire.state.connecting : wire.state.disconnected);
    if (state === "connected") {
      clearTimeout(bannerTimer);
      bannerTimer = 0;
      bannerWhy = "";
      html.classList.remove(wire.state.offline);
      return;
    }
    if (why !== bannerWhy) { clearTimeout(bannerTimer); bannerTimer = 0; bannerWhy = why; }
    if (!bannerTimer) bannerTimer = setTimeout(() => { showBanner(why, lastLive); html.classList.add(wire.state.offline); }, wire.timing.bannerDelay);
  }

  const connection = createConnection({
    // A hosted view's messages go over the socket its page shares between its views.
    open: () => setup.link ? setup.link.open(setup.channel) : openSocket(),
    setTimeout, clearTimeout, setInterval, now: Date.now, random: Math.random, reload: () => location.reload(), key: path,
    // Read when used: where storage is blocked (a sandboxed frame) the page still goes live.
    storage: {
      getItem: (key) => { try { return sessionStorage.getItem(key); } catch (e) { return null; } },
      setItem: (key, value) => { try { sessionStorage.setItem(key, value); } catch (e) {} },
    },
    onState(state) {
      if (state === "connecting") showState("connecting");
      else if (state === "open") { lastLive = clock.now(); showState("connected"); }
      else if (state === "elsewhere") { lastError = "this page is open in another window"; showState("disconnected", words.elsewhere); }
      else showState("disconnected");
      if (state === "refused") { lastError = connection.lastError; html.classList.add(wire.state.refused); }
    },
    onOpen() { view.transmit([wire.client.join, token, path, version, build, embedded ? setup.query : location.search.slice(1)]); },
    onMessage: receive,
    onLost(code) { live = false; emit("lost", code); },
    onSignedOut() {
      if (root) root.replaceChildren();
      location.replace(location.href);
    },
  });

  function receive(data) {
    let message;
    timing.received = performance.now();
    lastLive = clock.now();
    try { message = JSON.parse(data); } catch (e) { return; }
    if (typeof message[0] === "number") {
      const [newVersion, ops, ref] = message;
      if (ref) answeredRef = Math.max(answeredRef, ref);
      if (ops.length === 0) return;
      if (newVersion !== version + 1) { view.transmit([wire.client.resync]); return; }
      timing.parsed = performance.now();
      emit("beforePatch", ops);
      try { ops.forEach((op) => applyOp(view, op)); version = newVersion; } catch (e) { console.warn("jetway:", e); view.transmit([wire.client.resync]); }
      timing.applied = performance.now();
      emit("settle");
      return;
    }
    switch (message[0]) {
      case wire.message.sync: {
        heardUpTo(message[4]);
        const restoreFocus = keepFocus(view);
        emit("beforePatch");
        morphPage(view, message[3]);
        version = message[1];
        // Said before anything else is sent: events from here on name this page's elements.
        if (message[5]) view.transmit([wire.client.synced, message[5]]);
        syncCount++;
        emit("synced", message[2]);
        emit("settle");
        restoreFocus();
        live = true;
        emit("live");
        break;
      }
      case wire.message.joined:
        heardUpTo(message[2]);
        emit("joined");
        live = true;
        if (!timing.live) timing.live = performance.now();
        emit("live");
        break;
      case wire.message.pong:
        connection.pong();
        clock.set(Number(message[2]), (Date.now() % 1e9) - Number(message[1]));
        break;
      case wire.message.token: if (typeof message[1] === "string") token = message[1]; break;
      case wire.message.ans: emit("answer", message[1], message[2]); break;
      case wire.message.err:
        if (message[1]) answeredRef = Math.max(answeredRef, message[1]);
        if (emit("refusal", message[1], message[2])) break;
        view.fail(message[2]);
        break;
      // The page's sign-in ended (sign-out, expiry, a sign-in of someone else in this browser):
      // load it afresh, always; what was rendered for the user must not stay on screen.
      case wire.message.signedout:
        if (root) root.replaceChildren();
        location.replace(location.href);
        break;
      // Development only: what `jetway dev` says of the build (features/development.js).
      case wire.message.dev: emit("development", message[1], message[2], message[3]); break;
      case wire.message.reload:
        if (!sessionStorage.getItem("jw-reloaded-" + build)) { sessionStorage.setItem("jw-reloaded-" + build, "1"); location.reload(); }
        break;
    }
  }

  // What features see of the view.
  const view = {
    path, embedded, setup, ids, lastInputRef, mine, handles, target,
    get root() { return root; },
    set root(el) { root = el; },
    get token() { return token; },
    get live() { return live; },
    get answeredRef() { return answeredRef; },
    get connection() { return connection; },
    on(name, fn) { if (!hooks.has(name)) hooks.set(name, []); hooks.get(name).push(fn); },
    emit,
    showBanner,
    // The banner's words in the page's language (`notLive` for a kept copy).
    words,
    // An error to show in window.jetway (and the console).
    fail(message) { errorCount++; lastError = message; console.warn("jetway:", message); },
    // Something that went wrong beside the page (a service worker): in lastError, not counted.
    remark(message) { lastError = message; },
    transmit(message) { connection.send(message); },
    send(el, kind, payload) {
      const ref = nextRef++;
      timing.sent = performance.now();
      if (kind === "input") lastInputRef.set(el, ref);
      emit("sending", el, kind, payload, ref);
      view.transmit([wire.client.event, ref, el.dataset.j, kind, payload === undefined ? null : payload]);
      return ref;
    },
    // Sizes measured in one frame ([element, [width, height, x, y]] each): one message per
    // `wire.mostSizes`, each answered by one patch, however many readers a grid has.
    sendSizes(measured) {
      const entries = measured.filter(([el]) => el.isConnected && el.dataset.j).map(([el, numbers]) => [el.dataset.j].concat(numbers));
      for (let start = 0; start < entries.length; start += wire.mostSizes) {
        timing.sent = performance.now();
        view.transmit([wire.client.sizes, nextRef++].concat(entries.slice(start, start + wire.mostSizes)));
      }
    },
  };

  // The view's own events: clicks, keys, values and focus on elements that ask for them.
  document.addEventListener("click", (event) => {
    if (emit("click", event)) return;
    const el = target(event.target, "click");
    if (!el || el.disabled) return;
    // A modified click (new tab, new window) on a link is the browser's.
    if (el.tagName === "A" && (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)) return;
    event.preventDefault();
    if (emit("beforeClick", el)) return;
    view.send(el, "click");
    emit("clicked", el);
  });
  document.addEventListener("change", (event) => {
    const el = event.target;
    if (emit("change", el)) return;
    if (!handles(el, "change")) return;
    view.send(el, "change", el.type === "checkbox" ? el.checked : el.tagName === "SELECT" ? String(el.selectedIndex) : el.value);
  });
  document.addEventListener("submit", (event) => { if (mine(event.target)) event.preventDefault(); });
  document.addEventListener("keydown", (event) => {
    const el = event.target;
    if (emit("keydown", event)) return;
    if (event.key === "Enter" && handles(el, "submit")) { event.preventDefault(); view.send(el, "submit"); return; }
    if (event.key === "Enter" && el.getAttribute && el.getAttribute("role") === "button" && handles(el, "click")) { event.preventDefault(); view.send(el, "click"); return; }
    // A link by role (inside another link's label): Enter follows it, as it follows a link.
    if (event.key === "Enter" && el.getAttribute && el.getAttribute("role") === "link" && mine(el)) {
      event.preventDefault();
      if (el.dataset.href && !handles(el, "click")) location.assign(el.dataset.href); else if (handles(el, "click")) el.click();
    }
  });
  document.addEventListener("focusin", (event) => { if (handles(event.target, "focus")) view.send(event.target, "focus"); });
  document.addEventListener("focusout", (event) => { if (handles(event.target, "blur")) view.send(event.target, "blur"); });
  // Back to the tab, or the network came back: reconnect now, not at the end of a backoff.
  const reconnectNow = () => { if (!emit("reconnect")) connection.now(); };
  document.addEventListener("visibilitychange", () => {
    // `@Environment(\.scenePhase)`: a page whose views read it hears it hidden and shown.
    if (view.root && handles(view.root, "phase")) view.send(view.root, "phase", document.visibilityState === "visible" ? "active" : "background");
    if (document.visibilityState === "visible") reconnectNow();
  });
  // A copy whose session another copy took takes it back when its window is focused.
  window.addEventListener("focus", () => { if (connection.state === "elsewhere") connection.now(); });
  window.addEventListener("online", reconnectNow);

  for (const install of features) install(view);

  function start() {
    root = setup.findRoot();
    if (!root) return;
    numberIDs([root, ...root.querySelectorAll("*")]);
    indexIDs(ids, root);
    emit("started");
    emit("inserted", root);
    emit("settle");
    // A kept copy shown offline (features/offline.js) is never joined to a session.
    if (emit("stale")) return;
    connection.start();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
  const api = {
    // Asks the server for the whole page again (what a missed patch does): for tests and debugging.
    resync() { view.transmit([wire.client.resync]); },
    get version() { return version; },
    get connected() { return connection.isOpen; },
    get errors() { return errorCount; },
    get syncs() { return syncCount; },
    get lastError() { return lastError; },
    get timing() { return { ...timing }; },
    get root() { return root; },
  };
  emit("api", api);
  return api;
}
