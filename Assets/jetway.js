// Jetway's browser runtime: keeps a server-rendered page live. It joins the page's session over
// a websocket, sends the user's events, applies the server's patches in order, and reconnects
// after network loss or a server restart without losing what the user typed.
// Wire format: docs/protocol.md. No build step, no dependencies.
(() => {
  "use strict";
  const meta = (name) => (document.querySelector(`meta[name="${name}"]`) || {}).content || "";
  // Widgets are defined once for the document; each view mounts its own.
  const widgetTypes = new Map(), widgetHosts = new Set();
  let requestTimeout = wire.timing.requestTimeout;
  // The server's clock (docs/protocol.md, "Clocks"): the page says what time it was rendered
  // at and how fast the clock runs, and each pong refines it. Texts with `data-jw-clock`
  // (Text(date, style: .timer), a TimelineView's clock) count from it each second, here, with
  // no message to the server. A kept copy of a page (offline) counts from the last clock seen.
  const clock = (() => {
    const [at, rate] = meta(wire.meta.clock).split(" ").map(Number);
    let serverAt = Date.now(), localAt = performance.now(), speed = 1;
    const remembered = () => { try { return JSON.parse(localStorage.getItem("jw-clock") || "null"); } catch (e) { return null; } };
    if (!document.documentElement.hasAttribute(wire.attribute.savedAt) && Number.isFinite(at) && at > 0) {
      serverAt = at;
      speed = Number.isFinite(rate) && rate >= 0 ? rate : 1;
    } else {
      const last = remembered();
      if (last && Number.isFinite(last.server) && Number.isFinite(last.local) && Number.isFinite(last.rate)) {
        serverAt = last.server + (Date.now() - last.local) * last.rate;
        speed = last.rate;
      }
    }
    const now = () => serverAt + (performance.now() - localAt) * speed;
    const remember = () => { try { localStorage.setItem("jw-clock", JSON.stringify({ server: now(), local: Date.now(), rate: speed })); } catch (e) { /* storage off */ } };
    return {
      now,
      remember,
      // The server's time as a pong carried it, half a round trip ago.
      set(serverTime, roundTrip) {
        if (!Number.isFinite(serverTime) || !(roundTrip >= 0 && roundTrip < 5000)) return;
        serverAt = serverTime + (roundTrip / 2) * speed;
        localAt = performance.now();
        remember();
      },
      get rate() { return speed; },
    };
  })();
  const pad = (n) => (n < 10 ? "0" : "") + n;
  const zoneFormats = new Map();
  const zoneFormat = (zone) => {
    let format = zoneFormats.get(zone);
    if (!format) {
      try {
        format = {
          time: new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit", hour12: true }),
          date: new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "long", day: "numeric" }),
        };
      } catch (e) { format = zone === "UTC" ? null : zoneFormat("UTC"); }
      zoneFormats.set(zone, format);
    }
    return format;
  };
  // "8:05 AM" or "December 2, 2026" in a time zone, as the server writes Text(date, style:
  // .time/.date) (the space before AM/PM a plain one on both sides).
  const calendarText = (ms, zone, time) => {
    const format = zoneFormat(zone);
    return (time ? format.time : format.date).format(ms).replace(/[\u202f\u00a0]/g, " ");
  };
  const wholeSeconds = (ms) => Math.floor(Math.round(Math.abs(ms)) / 1000);
  const timerText = (s) => {
    const hours = Math.floor(s / 3600), minutes = Math.floor(s / 60) % 60, rest = s % 60;
    return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
  };
  const units = [[86400, "day", "days", Infinity], [3600, "hr", "hr", 24], [60, "min", "min", 60], [1, "sec", "sec", 60]];
  const relativeText = (s) => {
    const first = units.findIndex(([size]) => s >= size);
    if (first < 0) return "0 sec";
    const parts = [];
    for (const [size, one, many, wrap] of units.slice(first, first + 2)) {
      const count = Math.floor(s / size) % wrap;
      if (count > 0) parts.push(`${count} ${count === 1 ? one : many}`);
    }
    return parts.join(", ");
  };
  function clockText(el, now) {
    const kind = el.getAttribute(wire.attribute.clock), at = Number(el.getAttribute(wire.attribute.clockAt));
    switch (kind) {
      case "now-time": return calendarText(now, el.getAttribute(wire.attribute.clockZone) || "UTC", true);
      case "now-date": return calendarText(now, el.getAttribute(wire.attribute.clockZone) || "UTC", false);
      case "relative": return Number.isFinite(at) ? relativeText(wholeSeconds(at - now)) : null;
      case "offset": return Number.isFinite(at) ? (at >= now ? "+" : "-") + relativeText(wholeSeconds(at - now)) : null;
      case "timer": return Number.isFinite(at) ? timerText(wholeSeconds(at - now)) : null;
      case "down": case "up": {
        const from = Number(el.getAttribute(wire.attribute.clockFrom)), to = Number(el.getAttribute(wire.attribute.clockTo));
        if (!Number.isFinite(from) || !Number.isFinite(to)) return null;
        const total = Math.max(0, to - from), elapsed = Math.min(Math.max(now - from, 0), total);
        return timerText(wholeSeconds(kind === "down" ? total - elapsed : elapsed));
      }
    }
    return null;
  }
  let clockTicks = 0;
  function tickClocks() {
    const now = clock.now();
    for (const el of document.querySelectorAll("[" + wire.attribute.clock + "]")) {
      const text = clockText(el, now);
      if (text !== null && el.textContent !== text) el.textContent = text;
    }
    clockTicks++;
    keepAwake();
    // Just after the clock's next whole second (at most a second of real time away).
    const rate = clock.rate;
    setTimeout(tickClocks, rate > 0 ? Math.max(100, Math.min(1000, (1000 - (now % 1000)) / rate)) + 5 : 1000);
  }

  // `.keepsScreenAwake()`: a Screen Wake Lock while such a view is on the page, taken again
  // whenever the page becomes visible (the browser lets go of it when the page is hidden).
  let wakeLock = null, wakeLockState = "none", askingWakeLock = false;
  function keepAwake() {
    const wanted = !!document.querySelector("[" + wire.attribute.keepsAwake + "]");
    if (!wanted) {
      if (wakeLock) { wakeLock.release().catch(() => {}); wakeLock = null; wakeLockState = "none"; }
      return;
    }
    if (wakeLock || askingWakeLock || document.visibilityState !== "visible") return;
    if (!navigator.wakeLock) { wakeLockState = "unsupported"; return; }
    askingWakeLock = true;
    navigator.wakeLock.request("screen").then((lock) => {
      wakeLock = lock;
      wakeLockState = "held";
      lock.addEventListener("release", () => { if (wakeLock === lock) { wakeLock = null; wakeLockState = "released"; } });
    }, (e) => { wakeLockState = "refused: " + (e && e.name); }).finally(() => { askingWakeLock = false; });
  }
  document.addEventListener("visibilitychange", keepAwake);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", tickClocks); else tickClocks();

  window.Jetway = Object.freeze({
    // The server's clock as this page counts it (ms since 1970), how many times the page's
    // clocks have ticked, and the wake lock's state (none, held, released, refused: …).
    clock: Object.freeze({ now: () => clock.now(), get ticks() { return clockTicks; }, format: (el) => clockText(el, clock.now()) }),
    get wakeLock() { return wakeLockState; },
    widgets: Object.freeze({
      // Registers a widget: { mount(el, props, bridge), update(el, props, changed), command(el, name, payload), destroy(el) }.
      define(name, type) {
        if (typeof name !== "string" || !type || typeof type.mount !== "function") throw new TypeError("Jetway.widgets.define(name, { mount(el, props, bridge), … })");
        if (widgetTypes.has(name)) throw new Error(`a widget named ${name} is already defined`);
        widgetTypes.set(name, type);
        for (const host of widgetHosts) host.reconcile();
      },
      get mounted() { let count = 0; for (const host of widgetHosts) count += host.mounted; return count; },
      // How long a request may wait for its answer, in milliseconds (10 s; tests shorten it).
      get requestTimeout() { return requestTimeout; },
      set requestTimeout(value) { if (Number.isFinite(value) && value > 0) requestTimeout = Math.min(value, 60000); },
    }),
  });

  // One live view: the page Jetway rendered, or a view hosted in another page
  // (`data-jetway-view`, see hostViews below). Everything below is per view.
  function createView(setup) {
  const path = setup.path, build = setup.build, embedded = setup.embedded;
  // Renewed by the server while the page is open (a page may stay open for days).
  let token = setup.token;
  // Where the connection state shows (classes): <html> for a page, the host element for a view.
  const html = setup.stateElement;
  const ids = new Map();
  // The page is served at the version of the rendering it may share with other sessions.
  let root = null, socket = null, version = setup.version, nextRef = 1, attempt = 0;
  let reconnectTimer = 0, bannerTimer = 0, pingTimer = 0, pongDeadline = 0, heardAt = 0;
  // The ref of the last keystroke per element, and the newest ref the server has answered:
  // a focused field keeps its own value while the server has not seen its latest keystroke.
  const lastInputRef = new Map();
  let answeredRef = 0;
  const fieldRefs = new WeakMap(); // field -> the ref of the last value sent from it
  const sentValues = new WeakMap(); // field -> the last value sent from it
  // A join says the last event ref the server answered: answers lost with a connection count.
  const heardUpTo = (ref) => { if (typeof ref === "number" && ref > answeredRef) answeredRef = ref; };
  let errorCount = 0, lastError = "", syncCount = 0; // `err` frames: what the server refused (see window.jetway)
  const remembered = new Map(); // field label -> value, replayed after a re-mount

  // Implicit ids (docs/protocol.md): in one piece of server markup, an element written without
  // `data-j` has the id after the element before it (base 36); `data-j=""` has none.
  const numberIDs = (elements) => {
    let last = 0;
    for (const el of elements) {
      const id = el.getAttribute(wire.attribute.id);
      if (id === null) el.setAttribute(wire.attribute.id, (++last).toString(36));
      else if (id !== "") last = parseInt(id, 36);
    }
  };
  const index = (el) => {
    if (el.nodeType !== 1) return;
    if (el.dataset.j) ids.set(el.dataset.j, el);
    el.querySelectorAll("[data-j]").forEach((child) => { if (child.dataset.j) ids.set(child.dataset.j, child); });
  };
  const unindex = (el) => {
    if (el.dataset.j) ids.delete(el.dataset.j);
    el.querySelectorAll("[data-j]").forEach((child) => ids.delete(child.dataset.j));
  };
  const parse = (markup) => {
    const template = document.createElement("template");
    template.innerHTML = markup;
    numberIDs(template.content.querySelectorAll("*"));
    return template.content;
  };
  const element = (id) => {
    const el = ids.get(id);
    if (!el) throw new Error(`no element ${id}`);
    return el;
  };
  const guarded = (el) => el === document.activeElement && (lastInputRef.get(el) || 0) > answeredRef;

  function setAttribute(el, name, value) {
    // A wheel's choice made here and not yet answered stands over older patches' choices.
    if (name === "aria-selected" && el.parentElement && (lastInputRef.get(el.parentElement) || 0) > answeredRef) return;
    if (value === null) el.removeAttribute(name); else el.setAttribute(name, value);
    if (name === "value" && "value" in el && !guarded(el)) el.value = value === null ? "" : value;
    else if (name === "checked") el.checked = value !== null;
    else if (name === "selected") el.selected = value !== null;
  }

  function apply(op) {
    switch (op[0]) {
      case wire.op.setText: {
        const el = element(op[1]);
        el.textContent = op[2];
        // A text area the user has typed in shows its value, not its text: the server's new
        // text goes there too unless the user is still typing.
        if (el.tagName === "TEXTAREA" && !guarded(el)) el.value = op[2];
        break;
      }
      case wire.op.setAttribute: setAttribute(element(op[1]), op[2], op[3]); break;
      case wire.op.insert: {
        const parent = element(op[1]);
        const fragment = parse(op[3]);
        const added = Array.from(fragment.children);
        parent.insertBefore(fragment, parent.children[op[2]] || null);
        added.forEach(index);
        added.forEach(observeSizes);
        break;
      }
      // Forget: a page that joined a shared rendering later never had some of its kept elements.
      case wire.op.remove: for (const id of op[1].split(" ")) { const el = ids.get(id); if (el) { unindex(el); el.remove(); } } break;
      case wire.op.detach: for (const id of op[1].split(" ")) element(id).remove(); break;
      case wire.op.move: {
        // A run of elements placed at op[2], op[2]+1, …: everything before op[2] is final, so
        // they go in as one fragment before whatever follows once they are out of the way.
        // (One insertion, not one per element: `children[i]` after each change walks the list.)
        const parent = element(op[1]);
        const fragment = document.createDocumentFragment();
        const moved = op[3].split(" ").map(element);
        for (const el of moved) el.remove();
        for (const el of moved) fragment.appendChild(el);
        parent.insertBefore(fragment, parent.children[op[2]] || null);
        break;
      }
      // A command for the widget on this element (`Widget.perform`): delivered once it is mounted.
      case wire.op.command: widgetCommands.push([element(op[1]), op[2], op[3]]); break;
      case wire.op.replace: {
        const el = element(op[1]);
        const fresh = parse(op[2]).firstElementChild;
        unindex(el);
        el.replaceWith(fresh);
        index(fresh);
        observeSizes(fresh);
        if (el === root) root = fresh;
        break;
      }
      default: throw new Error(`unknown op ${op[0]}`);
    }
  }

  // A full page from the server (a resync, a re-mount after a restart): morphed into the page
  // the user has, so the elements that stay are the same elements, and focus, the caret,
  // scroll positions, open dialogs and what is being typed survive.
  function sync(newVersion, remounted, markup) {
    const fresh = parse(markup).firstElementChild;
    const focused = document.activeElement;
    const focusKey = focused && fieldKey(focused);
    const caret = focused && "selectionStart" in focused ? [focused.selectionStart, focused.selectionEnd] : null;
    ids.clear();
    if (fresh && fresh.tagName === root.tagName) morph(root, fresh);
    else { root.replaceWith(fresh); root = fresh; }
    index(root);
    observeSizes(root);
    version = newVersion;
    syncCount++;
    if (!remounted) showAnsweredFields();
    replayFields(remounted ? rememberedValue : unansweredValue);
    settle();
    // The focused field was replaced after all (a different screen around it): focus the one
    // with its label again.
    if (focusKey && !focused.isConnected) {
      const again = Array.from(root.querySelectorAll("input,textarea,select")).find((el) => fieldKey(el) === focusKey);
      if (again) { again.focus(); if (caret && again.setSelectionRange) try { again.setSelectionRange(caret[0], caret[1]); } catch (e) { /* not a text field */ } }
    }
  }

  // Makes `el` look like `model` (a parsed element of the same tag), keeping `el` and every
  // descendant whose place and tag survive. Children are matched by element id (`data-j`,
  // the same after a resync of the same session) and otherwise, in order, by tag (ids start
  // over after a re-mount).
  function morph(el, model) {
    for (const { name } of Array.from(el.attributes)) {
      // A modal dialog's `open` is the runtime's (showModal), not the server's.
      if (!model.hasAttribute(name) && !(name === "open" && el.tagName === "DIALOG")) el.removeAttribute(name);
    }
    for (const { name, value } of Array.from(model.attributes)) {
      if (el.getAttribute(name) !== value) el.setAttribute(name, value);
    }
    if (el.tagName === "INPUT" || el.tagName === "TEXTAREA") {
      // What the user is typing stays; a field not in use takes the server's value.
      if (el !== document.activeElement) {
        if (el.type === "checkbox" || el.type === "radio") el.checked = model.hasAttribute("checked");
        else el.value = model.getAttribute("value") || (el.tagName === "TEXTAREA" ? model.value : "");
      }
      if (el.tagName === "INPUT") return;
    }
    // A widget's element: its content is the widget's, not the server's.
    if (el.hasAttribute("data-widget")) return;
    if (el.tagName === "SELECT" && el !== document.activeElement) {
      morphChildren(el, model);
      const chosen = Array.from(model.options).findIndex((option) => option.hasAttribute("selected"));
      if (chosen >= 0) el.selectedIndex = chosen;
      return;
    }
    morphChildren(el, model);
  }

  function morphChildren(el, model) {
    const byID = new Map();
    for (const child of el.children) if (child.dataset.j) byID.set(child.dataset.j, child);
    const used = new Set();
    const wantedIDs = new Set();
    for (const child of model.children) if (child.dataset.j) wantedIDs.add(child.dataset.j);
    let cursor = el.firstChild;
    const next = (node) => { while (node && used.has(node)) node = node.nextSibling; return node; };
    for (const wanted of Array.from(model.childNodes)) {
      cursor = next(cursor);
      let match = null;
      if (wanted.nodeType === 1) {
        const byId = wanted.dataset.j && byID.get(wanted.dataset.j);
        if (byId && byId.tagName === wanted.tagName && !used.has(byId)) match = byId;
        else if (cursor && cursor.nodeType === 1 && cursor.tagName === wanted.tagName && !wantedIDs.has(cursor.dataset.j)) match = cursor;
        if (match) morph(match, wanted);
      } else if (wanted.nodeType === 3 && cursor && cursor.nodeType === 3) {
        match = cursor;
        if (match.nodeValue !== wanted.nodeValue) match.nodeValue = wanted.nodeValue;
      }
      if (!match) match = wanted.cloneNode(true);
      if (match !== cursor) el.insertBefore(match, cursor || null);
      used.add(match);
      cursor = match.nextSibling;
    }
    for (const child of Array.from(el.childNodes)) if (!used.has(child)) child.remove();
  }

  // Fields are known by their label across a re-mount (element ids start over).
  const fieldKey = (el) => el.getAttribute && (el.getAttribute("aria-label") || el.getAttribute("placeholder") || el.getAttribute("name"));
  function rememberFields() {
    if (!root) return;
    root.querySelectorAll("input,textarea,select").forEach((el) => {
      const key = fieldKey(el);
      if (key) remembered.set(key, el.type === "checkbox" ? el.checked : el.value);
    });
  }
  // Each field whose server value (its attributes, as the last patch left them) differs from
  // `valueOf(el)` is given that value and sent again. After a re-mount the server's page starts
  // afresh, and the values are what the user had (by label); after a resume the fields are the
  // same elements, and a field whose last value the server never answered (sent into a socket
  // that led nowhere: a cut the page had not noticed yet, a torn frame, the seconds before the
  // page first joined) is sent its own value again. A value is the whole field, so one that
  // did arrive after all is only said again, never doubled.
  function replayFields(valueOf) {
    root.querySelectorAll("input,textarea,select").forEach((el) => {
      if (el.type === "file" || el.type === "button" || el.type === "submit") return;
      const value = valueOf(el);
      if (value === undefined) return;
      if (el.type === "checkbox") {
        if (el.hasAttribute("checked") !== value && handles(el, "change")) { el.checked = value; send(el, "change", value); }
      } else if (el.tagName === "SELECT") {
        const chosen = Array.from(el.options).find((option) => option.hasAttribute("selected"));
        if ((!chosen || chosen.value !== value) && handles(el, "change")) { el.value = value; send(el, "change", value); }
      } else {
        const server = el.tagName === "TEXTAREA" ? el.defaultValue : el.getAttribute("value") || "";
        if (server !== value && handles(el, "input")) { el.value = value; send(el, "input", value); }
      }
    });
  }
  // A text field the server has answered for everything sent from it, with nothing typed
  // since, shows the server's value. The server may have changed it while its answers were
  // lost (cleared a field on Enter): a resume replays those patches before `joined` says what
  // was answered, so the focused field had kept its old text over them.
  function showAnsweredFields() {
    root.querySelectorAll("input,textarea").forEach((el) => {
      if (el.type === "checkbox" || el.type === "radio" || el.type === "file") return;
      const ref = fieldRefs.get(el);
      if (!ref || ref > answeredRef || sentValues.get(el) !== el.value) return;
      const server = el.tagName === "TEXTAREA" ? el.defaultValue : el.getAttribute("value") || "";
      // (Parsed markup drops a textarea's first newline: that is not a difference.)
      if (el.value !== server && !(el.tagName === "TEXTAREA" && el.value === "\n" + server)) el.value = server;
    });
  }
  const rememberedValue = (el) => { const key = fieldKey(el); return key && remembered.has(key) ? remembered.get(key) : undefined; };
  const unansweredValue = (el) => ((fieldRefs.get(el) || 0) > answeredRef ? (el.type === "checkbox" ? el.checked : el.value) : undefined);

  // What follows every change of the page: the address and title, modal dialogs, file
  // pickers, wheel pickers' positions.
  // Widgets (HTMLElementRepresentable): elements with `data-widget` are given to the script
  // that defined that name, with their `data-p-*` properties and a bridge to the coordinator.
  const mounted = new Map(), widgetCommands = [], requests = new Map(), heldRequests = [];
  widgetHosts.add({ reconcile() { if (root) reconcileWidgets(); }, get mounted() { return mounted.size; } });
  let live = false;
  function askHeldRequests() {
    live = true;
    for (const held of heldRequests.splice(0)) { clearTimeout(held.timer); held.ask(); }
  }
  const MAX_REQUESTS = 64;
  const propName = (attribute) => attribute.slice(7).replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
  function readProps(el) {
    const props = {};
    for (const { name, value } of Array.from(el.attributes)) {
      if (!name.startsWith("data-p-")) continue;
      try { props[propName(name)] = JSON.parse(value); } catch (e) { /* the server writes JSON */ }
    }
    return props;
  }
  const propsText = (el) => Array.from(el.attributes).filter((a) => a.name.startsWith("data-p-")).map((a) => a.name + "=" + a.value).join("\n");
  function widgetFailed(el, what, e) { errorCount++; lastError = `widget ${el.dataset.widget} ${what}: ${e && e.message}`; console.warn("jetway:", lastError); }
  function bridgeFor(el) {
    return {
      // A delegate-style message to the coordinator (no answer).
      send(name, payload) { if (el.isConnected) send(el, "message", [String(name), JSON.stringify(payload === undefined ? null : payload)]); },
      // A question for the coordinator's data source: a promise of its answer, rejected when
      // it throws, after ten seconds, when the page is offline or too many are waiting.
      request(name, payload) {
        return new Promise((resolve, reject) => {
          if (requests.size + heldRequests.length >= MAX_REQUESTS) { reject(new Error("too many requests waiting")); return; }
          const ask = () => {
            if (!el.isConnected) { reject(new Error("the widget has left the page")); return; }
            const ref = send(el, "request", [String(name), JSON.stringify(payload === undefined ? null : payload)]);
            const timer = setTimeout(() => answerRequest(ref, null, "the request timed out"), requestTimeout);
            requests.set(ref, { resolve, reject, timer });
          };
          // Before the page has joined its session (a widget mounted at first paint), or while
          // it reconnects: asked once it is live, within the same time limit.
          if (live) { ask(); return; }
          const held = { ask, reject, timer: 0 };
          held.timer = setTimeout(() => { heldRequests.splice(heldRequests.indexOf(held), 1); reject(new Error("the request timed out")); }, requestTimeout);
          heldRequests.push(held);
        });
      },
    };
  }
  function answerRequest(ref, json, error) {
    const waiting = requests.get(ref);
    if (!waiting) return;
    requests.delete(ref);
    clearTimeout(waiting.timer);
    if (error !== null) { waiting.reject(new Error(error)); return; }
    let value = null;
    try { value = JSON.parse(json); } catch (e) { waiting.reject(new Error("a malformed answer")); return; }
    waiting.resolve(value);
  }
  const failRequests = (why) => { for (const ref of Array.from(requests.keys())) answerRequest(ref, null, why); };
  function reconcileWidgets() {
    // Gone for good (removed, not kept detached for a quick return): destroyed.
    for (const [el, widget] of Array.from(mounted)) {
      if (el.isConnected || ids.get(el.dataset.j) === el) continue;
      mounted.delete(el);
      try { if (widget.type.destroy) widget.type.destroy(el); } catch (e) { widgetFailed(el, "destroy", e); }
    }
    if (root) {
      for (const el of root.querySelectorAll("[data-widget]")) {
        const known = mounted.get(el);
        if (known) {
          const text = propsText(el);
          if (text === known.text) continue;
          const props = readProps(el), changed = Object.keys(props).filter((k) => JSON.stringify(props[k]) !== JSON.stringify(known.props[k]));
          known.text = text; known.props = props;
          try { if (known.type.update) known.type.update(el, props, changed); } catch (e) { widgetFailed(el, "update", e); }
          continue;
        }
        const type = widgetTypes.get(el.dataset.widget);
        if (!type) continue; // mounted when its script defines it
        const props = readProps(el);
        mounted.set(el, { type, props, text: propsText(el) });
        try { type.mount(el, props, bridgeFor(el)); } catch (e) { widgetFailed(el, "mount", e); }
      }
    }
    while (widgetCommands.length) {
      const [el, name, payload] = widgetCommands.shift();
      const widget = mounted.get(el);
      if (!widget || !widget.type.command) continue;
      let value = null;
      try { value = JSON.parse(payload); } catch (e) { /* the server writes JSON */ }
      try { widget.type.command(el, name, value); } catch (e) { widgetFailed(el, "command " + name, e); }
    }
  }


  function settle() {
    savePage();
    reconcileWidgets();
    syncLocation();
    openSheets();
    openPickers();
    centreWheels();
    scrollToTargets();
  }

  // ScrollViewReader: `data-scroll-to="serial name anchor"` asks for the element named `name`
  // to be brought into view, once per serial.
  const reduceMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");
  function scrollToTargets() {
    if (!root) return;
    root.querySelectorAll("[data-scroll-to]").forEach((reader) => {
      const request = reader.dataset.scrollTo;
      if (reader.jwScrolled === request) return;
      reader.jwScrolled = request;
      const [, name, anchor] = request.split(" ");
      const target = reader.querySelector('[data-scroll-id="' + (window.CSS && CSS.escape ? CSS.escape(name) : name) + '"]');
      if (target) target.scrollIntoView({ block: anchor || "nearest", behavior: reduceMotion && reduceMotion.matches ? "auto" : "smooth" });
    });
  }

  // `.refreshable`: pulled down from the top on a touch screen, it presses its refresh button.
  let pull = null;
  document.addEventListener("touchstart", (event) => {
    const area = event.target.closest && event.target.closest(".jw-refreshable:not([aria-busy])");
    if (!mine(area) || window.scrollY > 0 || area.scrollTop > 0 || event.touches.length !== 1) return;
    pull = { area, startY: event.touches[0].clientY, distance: 0 };
  }, { passive: true });
  document.addEventListener("touchmove", (event) => {
    if (!pull) return;
    pull.distance = Math.max(0, event.touches[0].clientY - pull.startY);
    pull.area.style.transform = "translateY(" + Math.min(pull.distance / 2, 80) + "px)";
    pull.area.classList.toggle("jw-pulled", pull.distance > 120);
  }, { passive: true });
  const endPull = () => {
    if (!pull) return;
    const { area, distance } = pull;
    pull = null;
    area.style.transform = "";
    area.classList.remove("jw-pulled");
    const button = area.querySelector(":scope > .jw-refresh");
    if (distance > 120 && button && !button.disabled) send(button, "click");
  };
  document.addEventListener("touchend", endPull);
  document.addEventListener("touchcancel", () => { if (pull) { pull.distance = 0; endPull(); } });

  // When the last event went out, when the last patch came in and when it was applied
  // (performance.now(), in window.jetway.timing): what the browser bench splits its figure by.
  const timing = { sent: 0, received: 0, parsed: 0, applied: 0 };
  function onMessage(event) {
    let message;
    timing.received = performance.now();
    heardAt = Date.now();
    lastLive = clock.now();
    try { message = JSON.parse(event.data); } catch (e) { return; }
    if (typeof message[0] === "number") {
      const [newVersion, ops, ref] = message;
      if (ref) answeredRef = Math.max(answeredRef, ref);
      if (ops.length === 0) return;
      if (newVersion !== version + 1) { transmit([wire.client.resync]); return; }
      timing.parsed = performance.now();
      try { ops.forEach(apply); version = newVersion; } catch (e) { console.warn("jetway:", e); transmit([wire.client.resync]); }
      timing.applied = performance.now();
      settle();
      return;
    }
    switch (message[0]) {
      case wire.message.sync: heardUpTo(message[4]); sync(message[1], message[2], message[3]); askHeldRequests(); break;
      case wire.message.joined: heardUpTo(message[2]); resendSizes(); showAnsweredFields(); replayFields(unansweredValue); askHeldRequests(); savePage(); break;
      case wire.message.pong:
        pongDeadline = 0;
        clock.set(Number(message[2]), (Date.now() % 1e9) - Number(message[1]));
        break;
      case wire.message.token: if (typeof message[1] === "string") token = message[1]; break;
      case wire.message.ans: answerRequest(message[1], message[2], null); break;
      case wire.message.err:
        if (message[1]) answeredRef = Math.max(answeredRef, message[1]);
        if (requests.has(message[1])) { answerRequest(message[1], null, message[2]); break; }
        errorCount++;
        lastError = message[2];
        console.warn("jetway:", message[2]);
        break;
      // The page's sign-in ended (sign-out, expiry, a sign-in of someone else in this browser):
      // load it afresh, always; what was rendered for the user must not stay on screen.
      case wire.message.signedout: signedOut(); break;
      case wire.message.reload:
        if (!sessionStorage.getItem("jw-reloaded-" + build)) { sessionStorage.setItem("jw-reloaded-" + build, "1"); location.reload(); }
        break;
    }
  }

  function transmit(message) {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(message));
  }

  function send(el, kind, payload) {
    const ref = nextRef++;
    timing.sent = performance.now();
    if (kind === "input") lastInputRef.set(el, ref);
    if ((kind === "input" || kind === "change") && /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)) {
      fieldRefs.set(el, ref);
      sentValues.set(el, payload);
    }
    transmit([wire.client.event, ref, el.dataset.j, kind, payload === undefined ? null : payload]);
    return ref;
  }

  // This view's own elements (another view on the page has its own listeners).
  const mine = (el) => !!el && !!root && root.contains(el);
  const handles = (el, kind) => mine(el) && el.dataset && (el.dataset.on || "").split(" ").includes(kind);
  const target = (node, kind) => {
    for (let el = node; el && el !== document; el = el.parentElement) if (handles(el, kind)) return el;
    return null;
  };

  // Sheets and alerts: the server renders a closed <dialog>; it is opened here with showModal()
  // (the page behind inert, focus inside) and, once a patch removes it, focus goes back to what
  // had it. Escape (the dialog's cancel) and a click on the backdrop ask the server to dismiss
  // it; it closes when the server says so, so the binding is the one truth.
  const openDialogs = [];
  function openSheets() {
    for (let i = openDialogs.length - 1; i >= 0; i--) {
      const entry = openDialogs[i];
      if (entry.dialog.isConnected) continue;
      openDialogs.splice(i, 1);
      if (entry.trigger && entry.trigger.isConnected && !document.querySelector("dialog.jw-sheet[open]")) {
        try { entry.trigger.focus(); } catch (e) { /* not focusable any more */ }
      }
    }
    if (!root) return;
    root.querySelectorAll("dialog.jw-sheet").forEach((dialog) => {
      if (dialog.matches(":modal")) return;
      // New, or moved by a patch (a dialog taken out of the document stops being modal).
      if (!openDialogs.some((entry) => entry.dialog === dialog)) openDialogs.push({ dialog, trigger: document.activeElement });
      if (dialog.open) dialog.close();
      try { dialog.showModal(); } catch (e) { dialog.setAttribute("open", ""); }
    });
  }
  document.addEventListener("cancel", (event) => {
    const dialog = event.target;
    if (dialog.tagName !== "DIALOG" || !handles(dialog, "dismiss")) return;
    event.preventDefault();
    send(dialog, "dismiss");
  }, true);
  document.addEventListener("click", (event) => {
    const dialog = event.target;
    if (dialog.tagName === "DIALOG" && handles(dialog, "dismiss")) {
      const box = dialog.getBoundingClientRect();
      const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
      if (outside) { event.preventDefault(); send(dialog, "dismiss"); return; }
    }
  }, true);
  document.addEventListener("click", (event) => {
    const item = event.target.closest && event.target.closest(".jw-wheel-item");
    if (mine(item)) { const wheel = item.parentElement; chooseWheel(wheel, wheelItems(wheel).indexOf(item)); centreWheel(wheel, true); return; }
    // A `Link` inside another link's label (a span with role="link"): the browser goes there.
    const plain = event.target.closest && event.target.closest("span.jw-link[data-href]");
    if (mine(plain)) { event.preventDefault(); location.assign(plain.dataset.href); return; }
    const el = target(event.target, "click");
    if (!el || el.disabled) return;
    // A modified click (new tab, new window) on a link is the browser's.
    if (el.tagName === "A" && (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)) return;
    event.preventDefault();
    if (!embedded && el.classList.contains("jw-nav-back") && history.state && history.state.jwNav) { history.back(); return; }
    send(el, "click");
    const menu = el.closest("details.jw-menu");
    if (menu) menu.open = false;
    // A hosted view's screens are its own: the host page's address and history stay.
    if (embedded) return;
    if (el.classList.contains("jw-navlink")) history.pushState({ jwNav: true }, "", withParam("nav", navIn(el.href || el.dataset.href)));
    else if (el.classList.contains("jw-nav-back")) history.replaceState(null, "", withParam("nav", navIn(el.href)));
    else if (el.classList.contains("jw-tablink") && el.getAttribute("aria-selected") !== "true") history.pushState({ jwNav: true }, "", withParam("tab", el.dataset.tab));
  });

  // Navigation: each pushed screen's URL has the links that led to it (`?nav=`), and the
  // chosen tab of a TabView its tab (`?tab=`); Back and Forward tell the server where the
  // browser went, a jump it cannot follow loads the URL.
  const appTitle = setup.appTitle;
  const navIn = (url) => new URL(url, location.href).searchParams.get("nav") || "";
  const tabIn = (url) => new URL(url, location.href).searchParams.get("tab");
  function withParam(name, value) {
    const params = new URLSearchParams(location.search);
    if (value) params.set(name, value); else params.delete(name);
    const query = params.toString();
    return location.pathname + (query ? "?" + query : "") + location.hash;
  }
  window.addEventListener("popstate", () => {
    if (embedded) return;
    const tabs = root && root.querySelector(".jw-tabview[data-tab]");
    const tab = tabIn(location.href);
    if (tabs && tab !== null && tab !== tabs.dataset.tab) {
      // The tab first; its navigation stack's URL follows once the tab is shown.
      if (Array.from(tabs.querySelectorAll(":scope > .jw-tabbar > .jw-tablink")).some((link) => link.dataset.tab === tab)) send(tabs, "navigate", tab);
      else location.reload();
      return;
    }
    const stack = root && root.querySelector("[data-nav]");
    if (!stack) return;
    const target = navIn(location.href), shown = stack.dataset.nav;
    const parts = (text) => (text ? text.split(".") : []);
    const t = parts(target), s = parts(shown);
    const isPrefix = t.length <= s.length && t.every((key, i) => key === s[i]);
    const isNext = t.length === s.length + 1 && s.every((key, i) => key === t[i]);
    if (isPrefix || isNext) send(stack, "navigate", target); else location.reload();
  });
  // After a patch: the address and the title follow the screen the server shows.
  // The request the page was served with, if any, was made before this page: not opened again.
  let openedSerial = "";
  function syncLocation() {
    if (embedded) return;
    const tabs = root && root.querySelector(".jw-tabview[data-tab]");
    if (tabs && tabIn(location.href) !== tabs.dataset.tab) history.replaceState(history.state, "", withParam("tab", tabs.dataset.tab));
    const stack = root && root.querySelector("[data-nav]");
    if (stack && navIn(location.href) !== stack.dataset.nav) history.replaceState(history.state, "", withParam("nav", stack.dataset.nav));
    const heading = root && root.querySelector(".jw-nav-title");
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
  }
  // Per-element pacing the view asked for (`.eventDebounce`, `.eventThrottle`), on the element
  // or an ancestor: the last value is always sent.
  const pacing = new Map();
  function paced(el, kind, value) {
    const holder = el.closest("[data-debounce],[data-throttle]");
    if (!holder) { send(el, kind, value()); return; }
    const state = pacing.get(el) || {};
    pacing.set(el, state);
    if (holder.dataset.debounce !== undefined) {
      clearTimeout(state.timer);
      state.timer = setTimeout(() => send(el, kind, value()), +holder.dataset.debounce);
      return;
    }
    const wait = +holder.dataset.throttle, now = Date.now();
    if (!state.last || now - state.last >= wait) { state.last = now; send(el, kind, value()); return; }
    clearTimeout(state.timer);
    state.timer = setTimeout(() => { state.last = Date.now(); send(el, kind, value()); }, wait - (now - state.last));
  }
  document.addEventListener("input", (event) => {
    const el = event.target;
    if (handles(el, "input")) paced(el, "input", () => el.value);
  });
  // File importers (`.fileImporter`): the picker opens when the server marks the input
  // (data-open, while the click that asked for it still counts as the user's gesture); a
  // chosen file streams to the server, which answers the view over the socket (progress, the
  // stored file, or what was wrong with it).
  function openPickers() {
    if (!root) return;
    root.querySelectorAll(".jw-file-importer").forEach((el) => {
      if (!el.hasAttribute("data-open")) { el.jwOpened = false; return; }
      if (el.jwOpened) return;
      el.jwOpened = true;
      try { el.showPicker(); } catch (e) { el.click(); }
    });
  }
  function upload(el, file) {
    fetch("/_jetway/upload", {
      method: "POST", body: file, credentials: "same-origin",
      headers: { "X-Jetway-Token": token, "X-Jetway-Path": path, "X-Jetway-Target": el.dataset.j, "X-Jetway-Name": encodeURIComponent(file.name).slice(0, 500) },
    }).catch(() => { /* the server tells the view what happened */ });
  }
  document.addEventListener("cancel", (event) => {
    if (event.target.classList && event.target.classList.contains("jw-file-importer") && mine(event.target)) send(event.target, "dismiss");
  }, true);
  document.addEventListener("change", (event) => {
    const el = event.target;
    if (el.classList && el.classList.contains("jw-file-importer")) {
      if (!mine(el)) return;
      send(el, "dismiss");
      if (el.files && el.files[0]) upload(el, el.files[0]);
      el.value = "";
      return;
    }
    if (!handles(el, "change")) return;
    send(el, "change", el.type === "checkbox" ? el.checked : el.tagName === "SELECT" ? String(el.selectedIndex) : el.value);
  });
  document.addEventListener("submit", (event) => { if (mine(event.target)) event.preventDefault(); });
  // A right click (or long press) on a view with a context menu opens its menu.
  document.addEventListener("contextmenu", (event) => {
    const holder = event.target.closest && event.target.closest(".jw-has-context-menu");
    const menu = mine(holder) && holder.querySelector(":scope > details.jw-context-menu");
    if (!menu) return;
    event.preventDefault();
    menu.open = true;
  });
  // A DisclosureGroup opened or closed by the user (toggle does not bubble).
  document.addEventListener("toggle", (event) => {
    const el = event.target;
    if (el.tagName === "DETAILS" && handles(el, "change")) send(el, "change", el.open);
  }, true);
  document.addEventListener("keydown", (event) => {
    const el = event.target;
    if (el.classList && el.classList.contains("jw-wheel") && mine(el)) { wheelKey(el, event); return; }
    if (event.key === "Enter" && handles(el, "submit")) { event.preventDefault(); send(el, "submit"); return; }
    if (event.key === "Enter" && el.getAttribute && el.getAttribute("role") === "button" && handles(el, "click")) { event.preventDefault(); send(el, "click"); return; }
    // A link by role (inside another link's label): Enter follows it, as it follows a link.
    if (event.key === "Enter" && el.getAttribute && el.getAttribute("role") === "link" && mine(el)) {
      event.preventDefault();
      if (el.dataset.href && !handles(el, "click")) location.assign(el.dataset.href); else if (handles(el, "click")) el.click();
      return;
    }
  });

  document.addEventListener("focusin", (event) => { if (handles(event.target, "focus")) send(event.target, "focus"); });
  document.addEventListener("focusout", (event) => { if (handles(event.target, "blur")) send(event.target, "blur"); });

  // Wheel pickers (`.pickerStyle(.wheel)`): a column that snaps to its options. The chosen
  // option is centred after every change of the page unless the user is spinning the wheel;
  // where a spin settles, a click, or an arrow key, chooses an option and tells the server.
  const wheelItems = (wheel) => Array.from(wheel.querySelectorAll(":scope > .jw-wheel-item"));
  function centreWheel(wheel, smooth) {
    const item = wheel.querySelector(':scope > [aria-selected="true"]');
    if (!item || !wheel.clientHeight) return;
    // Measured in fractional pixels, as scroll snapping places the rows.
    const box = wheel.getBoundingClientRect(), mine = item.getBoundingClientRect();
    const top = wheel.scrollTop + (mine.top - box.top - wheel.clientTop) - (wheel.clientHeight - mine.height) / 2;
    const goal = Math.max(0, Math.min(top, wheel.scrollHeight - wheel.clientHeight));
    if (Math.abs(wheel.scrollTop - goal) < 1) return;
    // Where our own scrolling is going: until it gets there, its stops are not the user's choice.
    wheel.jwGoal = goal;
    wheel.scrollTo({ top: goal, behavior: smooth ? "smooth" : "instant" });
  }
  function centreWheels() {
    if (!root) return;
    root.querySelectorAll(".jw-wheel").forEach((wheel) => { if (!(wheel.jwSpinning > Date.now())) centreWheel(wheel, false); });
  }
  function chooseWheel(wheel, index) {
    const items = wheelItems(wheel);
    if (index < 0 || index >= items.length) return;
    if (!handles(wheel, "change")) return; // disabled: the chosen option stays
    if (items[index].getAttribute("aria-selected") === "true") return;
    items.forEach((item, i) => item.setAttribute("aria-selected", i === index ? "true" : "false"));
    lastInputRef.set(wheel, send(wheel, "change", String(index)));
  }
  // A scroll settles on the option nearest the middle, unless it is our own centring that has
  // not arrived yet (a busy page can pause a smooth scroll): that one is finished instead.
  document.addEventListener("scroll", (event) => {
    const wheel = event.target;
    if (!wheel.classList || !wheel.classList.contains("jw-wheel") || !mine(wheel)) return;
    if (wheel.jwGoal != null && Math.abs(wheel.scrollTop - wheel.jwGoal) < 4) wheel.jwGoal = null;
    wheel.jwSpinning = Date.now() + 500;
    clearTimeout(wheel.jwSettle);
    wheel.jwSettle = setTimeout(() => {
      if (wheel.jwGoal != null) {
        wheel.jwSpinning = 0;
        centreWheel(wheel, false);
        // Once: where this instant scroll (and the snapping after it) ends is the chosen row.
        wheel.jwGoal = null;
        return;
      }
      const box = wheel.getBoundingClientRect(), middle = box.top + wheel.clientTop + wheel.clientHeight / 2;
      let nearest = 0, distance = Infinity;
      wheelItems(wheel).forEach((item, i) => {
        const rect = item.getBoundingClientRect();
        const d = Math.abs(rect.top + rect.height / 2 - middle);
        if (d < distance) { distance = d; nearest = i; }
      });
      chooseWheel(wheel, nearest);
      wheel.jwSpinning = 0;
      centreWheel(wheel, true);
    }, 150);
  }, true);
  // The user's own hand on a wheel: what it scrolls to is a choice, whatever we were doing.
  for (const kind of ["wheel", "touchstart", "pointerdown"]) {
    document.addEventListener(kind, (event) => {
      const wheel = event.target.closest && event.target.closest(".jw-wheel");
      if (wheel) wheel.jwGoal = null;
    }, { capture: true, passive: true });
  }
  function wheelKey(wheel, event) {
    const items = wheelItems(wheel);
    const current = items.findIndex((item) => item.getAttribute("aria-selected") === "true");
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 5, PageUp: -5 }[event.key];
    let next = step !== undefined ? Math.max(current, 0) + step : event.key === "Home" ? 0 : event.key === "End" ? items.length - 1 : null;
    if (next === null) return;
    event.preventDefault();
    next = Math.max(0, Math.min(items.length - 1, next));
    chooseWheel(wheel, next);
    centreWheel(wheel, true);
  }

  // GeometryReader: report sizes, once per frame at most. The last size of each element is
  // kept and sent again on every join: the first sizes are measured before the socket opens,
  // and a session that was re-mounted starts from the default size.
  const pendingSizes = new Map();
  const knownSizes = new WeakMap();
  let sizeFrame = 0;
  const resizeObserver = "ResizeObserver" in window ? new ResizeObserver((entries) => {
    for (const entry of entries) {
      const size = [Math.round(entry.contentRect.width), Math.round(entry.contentRect.height)];
      knownSizes.set(entry.target, size);
      pendingSizes.set(entry.target, size);
    }
    if (!sizeFrame) sizeFrame = requestAnimationFrame(() => {
      sizeFrame = 0;
      for (const [el, size] of pendingSizes) if (el.isConnected && el.dataset.j) send(el, "resize", size);
      pendingSizes.clear();
      saveSizes();
    });
  }) : null;
  // The sizes of this page's GeometryReaders, by their number, kept for the next visit of its
  // path: the server lays out the first paint by them (`jw_sizes`, a year, this path only).
  function saveSizes() {
    if (!root) return;
    const entries = [];
    root.querySelectorAll("[data-geometry]").forEach((el) => {
      const size = knownSizes.get(el);
      if (size && entries.length < 16 && /^\d{1,2}$/.test(el.dataset.geometry)) entries.push(el.dataset.geometry + ":" + Math.min(size[0], 99999) + ":" + Math.min(size[1], 99999));
    });
    if (!embedded && entries.length && /^[\w\-\/.%~]*$/.test(location.pathname)) document.cookie = "jw_sizes=" + entries.join(",") + "; path=" + location.pathname + "; max-age=31536000; samesite=lax";
  }
  function resendSizes() {
    if (!root) return;
    const all = handles(root, "resize") ? [root] : [];
    root.querySelectorAll('[data-on~="resize"]').forEach((el) => all.push(el));
    for (const el of all) if (knownSizes.has(el)) send(el, "resize", knownSizes.get(el));
  }
  function observeSizes(el) {
    if (!resizeObserver || el.nodeType !== 1) return;
    if (handles(el, "resize")) resizeObserver.observe(el);
    el.querySelectorAll('[data-on~="resize"]').forEach((child) => resizeObserver.observe(child));
  }

  // Connection state: classes on <html>, a banner after one second offline that says since
  // when the page has not been updated (in the app's time zone).
  const banner = embedded ? null : document.querySelector("." + wire.className.banner);
  const zone = meta(wire.meta.timeZone) || "UTC";
  let lastLive = clock.now();
  function showBanner(what, since) {
    if (banner) banner.textContent = `${what} · last updated ${calendarText(since, zone, true)}`;
  }
  function setState(state) {
    html.classList.remove(wire.state.connected, wire.state.connecting, wire.state.disconnected);
    html.classList.add(wire.state[state]);
    if (state === "connected") {
      clearTimeout(bannerTimer);
      bannerTimer = 0;
      html.classList.remove(wire.state.offline);
    } else if (!bannerTimer) {
      bannerTimer = setTimeout(() => { showBanner("Reconnecting…", lastLive); html.classList.add(wire.state.offline); }, wire.timing.bannerDelay);
    }
  }

  function connect() {
    clearTimeout(reconnectTimer);
    reconnectTimer = 0;
    if (socket && socket.readyState <= 1) return;
    setState("connecting");
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/";
    // A hosted view's messages go over the socket its page shares between its views.
    socket = setup.link ? setup.link.open(setup.channel) : new WebSocket(url, wire.subprotocol);
    socket.onopen = () => {
      attempt = 0;
      pongDeadline = 0;
      lastLive = clock.now();
      setState("connected");
      transmit([wire.client.join, token, path, version, build, embedded ? setup.query : location.search.slice(1)]);
    };
    socket.onmessage = onMessage;
    socket.onclose = lost;
    socket.onerror = () => { if (socket) socket.close(); };
  }

  function lost(event) {
    socket = null;
    live = false;
    failRequests("the connection was lost");
    rememberFields();
    setState("disconnected");
    if (event.code === wire.close.signedOut) signedOut();
    else if (event.code === wire.close.policyViolation) refused(event.reason);
    else scheduleReconnect();
  }

  // A socket given up on (no pong): lost now, not when its close reaches a network that is
  // gone (a browser waits for the closing handshake).
  function abandon(dead) {
    // A hosted view's socket is shared: every view on it is lost at once.
    if (dead.abandon) { dead.abandon(); return; }
    dead.onclose = dead.onmessage = dead.onerror = null;
    try { dead.close(); } catch (e) { /* already closing */ }
    if (socket === dead) lost({ code: 1006 });
  }

  function signedOut() {
    if (root) root.replaceChildren();
    location.replace(location.href);
  }

  // Refused for good (a token that does not verify, too many errors): load the page afresh,
  // once in five minutes; past that, say so and try again each minute instead of looping.
  function refused(reason) {
    const key = "jw-refused-" + path, last = Number(sessionStorage.getItem(key) || 0);
    if (Date.now() - last > wire.timing.refusedReloadEvery) { sessionStorage.setItem(key, String(Date.now())); location.reload(); return; }
    lastError = reason || "refused";
    html.classList.add(wire.state.refused);
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => { reconnectTimer = 0; connect(); }, wire.timing.refusedRetry);
  }

  // Exponential backoff with full jitter, capped at 10 s.
  function scheduleReconnect() {
    if (reconnectTimer) return;
    const delay = Math.random() * Math.min(wire.timing.backoffCap, wire.timing.backoffBase * 2 ** attempt++);
    reconnectTimer = setTimeout(connect, delay);
  }
  const reconnectNow = () => {
    if (stale) { if (reconnectTimer) { clearTimeout(reconnectTimer); reconnectTimer = 0; } attempt = 0; probeServer(); return; }
    if (!socket) { attempt = 0; connect(); }
  };
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") reconnectNow(); });
  window.addEventListener("online", reconnectNow);

  // A socket can look open while the network is gone: ping every 10 s, and give it up when
  // nothing at all came back within 8 s — no pong, and no patch either (a pong waits behind
  // the patches queued before it, so a busy server that is still sending is alive). The page
  // then shows it is offline and reconnects; a resume loses nothing.
  pingTimer = setInterval(() => {
    if (!socket || socket.readyState !== 1 || pongDeadline) return;
    const pinged = socket, sentAt = Date.now();
    pongDeadline = sentAt + wire.timing.pingDeadline;
    transmit([wire.client.ping, sentAt % 1e9]);
    setTimeout(() => { if (socket === pinged && pongDeadline && heardAt < sentAt) abandon(pinged); else if (socket === pinged) pongDeadline = 0; }, wire.timing.pingDeadline);
  }, wire.timing.pingInterval);

  // Pages available offline (Route(availableOffline: true)): the service worker keeps the page
  // as it last showed while live, and shows that copy (`data-jw-saved` on <html>: when it was
  // live) when the server cannot be reached, even after the browser restarted. A copy is never
  // joined to a session (its token and version are old): it is marked not live, keeps its
  // clocks ticking, and loads the page afresh as soon as the server answers.
  const availableOffline = !embedded && meta(wire.meta.offline) === "last-page" && "serviceWorker" in navigator && window.isSecureContext;
  const savedAt = embedded ? 0 : Number(document.documentElement.getAttribute(wire.attribute.savedAt)) || 0;
  const stale = savedAt > 0;
  // The page itself, live: a kept copy's backoff starts over the next time.
  if (!embedded && !stale) { try { sessionStorage.removeItem("jw-probe-" + path); } catch (e) { /* storage off */ } }
  let saveTimer = 0, savedCopies = 0;
  if (availableOffline && !stale) {
    navigator.serviceWorker.register("/assets/jetway-sw.js", { scope: "/" }).catch((e) => { lastError = "service worker: " + (e && e.message); });
  }
  function savePage() {
    if (!availableOffline || stale || saveTimer) return;
    saveTimer = setTimeout(async () => {
      saveTimer = 0;
      if (!live) return;
      const copy = document.documentElement.cloneNode(true);
      copy.classList.remove(wire.state.connected, wire.state.connecting, wire.state.disconnected, wire.state.offline, wire.state.refused);
      copy.setAttribute(wire.attribute.savedAt, String(Math.round(clock.now())));
      const assets = Array.from(document.querySelectorAll("link[rel~=stylesheet][href], link[rel~=icon][href], script[src]"), (el) => el.href || el.src);
      const message = { kind: "jetway-page", url: location.href.split("#")[0], html: "<!doctype html>" + copy.outerHTML, assets };
      try {
        const registration = await navigator.serviceWorker.ready;
        if (registration.active) { registration.active.postMessage(message); savedCopies++; clock.remember(); }
      } catch (e) { lastError = "service worker: " + (e && e.message); }
    }, 1000);
  }
  // A kept copy asks the server for the page itself (HEAD, past the worker's copy) with
  // backoff, and loads it once it answers 2xx. The backoff outlives a reload that got the copy
  // again (a server that answers its assets but not its pages): no loop of reloads.
  const probeKey = "jw-probe-" + path;
  function probeServer() {
    if (reconnectTimer) return;
    let tries = 0;
    try { tries = Number(sessionStorage.getItem(probeKey) || 0); sessionStorage.setItem(probeKey, String(tries + 1)); } catch (e) { tries = attempt; }
    attempt = Math.max(attempt, tries);
    const delay = 250 + Math.random() * Math.min(10000, 500 * 2 ** attempt++);
    reconnectTimer = setTimeout(async () => {
      try {
        const response = await fetch(location.href, { method: "HEAD", cache: "no-store" });
        if (response.ok) { location.reload(); return; }
      } catch (e) { /* still offline */ }
      reconnectTimer = 0;
      probeServer();
    }, delay);
  }

  function start() {
    root = setup.findRoot();
    if (!root) return;
    numberIDs([root, ...root.querySelectorAll("*")]);
    if (root.dataset.open) openedSerial = root.dataset.open.slice(0, root.dataset.open.indexOf(" "));
    index(root);
    observeSizes(root);
    settle();
    if (stale) {
      html.classList.remove(wire.state.connecting, wire.state.connected);
      html.classList.add(wire.state.disconnected, wire.state.stale, wire.state.offline);
      showBanner("Not live", savedAt);
      probeServer();
      return;
    }
    connect();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
  return {
    // Asks the server for the whole page again (what a missed patch does): for tests and debugging.
    resync() { transmit([wire.client.resync]); },
    get version() { return version; },
    get connected() { return !!socket && socket.readyState === 1; },
    get errors() { return errorCount; },
    get syncs() { return syncCount; },
    get lastError() { return lastError; },
    get timing() { return { ...timing }; },
    get root() { return root; },
    // How many copies of the page went to the service worker, and whether this is one.
    get savedCopies() { return savedCopies; },
    get stale() { return stale; },
  };
  }

  // A Jetway page: the document's one view.
  const pageToken = meta(wire.meta.token);
  if (pageToken) {
    window.jetway = createView({
      token: pageToken, path: meta(wire.meta.path), build: meta(wire.meta.build), version: Number(meta(wire.meta.version)) || 0,
      appTitle: meta(wire.meta.appTitle) || document.title, stateElement: document.documentElement, embedded: false,
      findRoot: () => document.querySelector("." + wire.className.root),
    });
    return;
  }

  // Live views hosted in a page Jetway did not render: `<div data-jetway-view="/embed/flights">`.
  // Each is a page of this app fetched from its address (same origin), shown inside its
  // element, with a session of its own; all of them share one socket, each on a channel.
  function sharedSocket() {
    const endpoints = new Map();
    let real = null;
    const ensure = () => {
      if (real && real.readyState <= 1) return;
      const socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/", wire.subprotocol);
      real = socket;
      socket.onopen = () => { for (const endpoint of endpoints.values()) if (endpoint.socket === socket && endpoint.onopen) endpoint.onopen(); };
      socket.onmessage = (event) => {
        const match = /^\["v",(\d{1,3}),/.exec(event.data);
        const endpoint = match && endpoints.get(Number(match[1]));
        if (endpoint && endpoint.socket === socket && endpoint.onmessage) endpoint.onmessage({ data: event.data.slice(match[0].length, -1) });
      };
      socket.onclose = (event) => {
        if (real === socket) real = null;
        for (const endpoint of Array.from(endpoints.values())) if (endpoint.socket === socket && endpoint.onclose) endpoint.onclose(event);
      };
      socket.onerror = () => socket.close();
    };
    return {
      open(channel) {
        ensure();
        const socket = real;
        const endpoint = {
          socket, onopen: null, onmessage: null, onclose: null, onerror: null,
          get readyState() { return socket.readyState; },
          send(text) { if (socket.readyState === 1) socket.send(`["v",${channel},${text}]`); },
          close() { socket.close(); },
          // Given up on (no answer to a ping): every view on this socket is lost now, not
          // when its close reaches a network that is gone.
          abandon() {
            if (real === socket) real = null;
            socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
            try { socket.close(); } catch (e) { /* already closing */ }
            for (const other of Array.from(endpoints.values())) if (other.socket === socket && other.onclose) other.onclose({ code: 1006 });
          },
        };
        endpoints.set(channel, endpoint);
        if (socket.readyState === 1) setTimeout(() => { if (endpoint.onopen && endpoints.get(channel) === endpoint) endpoint.onopen(); });
        return endpoint;
      },
    };
  }
  async function hostView(element, channel, link) {
    const address = new URL(element.getAttribute(wire.attribute.hostedView) || "", location.href);
    if (address.origin !== location.origin) { element.classList.add("jw-refused"); return null; }
    let page;
    try {
      const response = await fetch(address, { credentials: "same-origin", headers: { Accept: "text/html" } });
      page = new DOMParser().parseFromString(await response.text(), "text/html");
    } catch (e) { element.classList.add("jw-disconnected"); return null; }
    const field = (name) => (page.querySelector(`meta[name="${name}"]`) || {}).content || "";
    const viewRoot = page.querySelector("." + wire.className.root);
    if (!field("jetway-token") || !viewRoot) { element.classList.add("jw-refused"); return null; }
    element.replaceChildren(document.adoptNode(viewRoot));
    element.classList.add("jw-hosted");
    return createView({
      token: field("jetway-token"), path: field("jetway-path"), build: field("jetway-build"), version: Number(field("jetway-version")) || 0,
      appTitle: document.title, stateElement: element, embedded: true, query: address.search.slice(1), link, channel,
      findRoot: () => element.querySelector(":scope > ." + wire.className.root),
    });
  }
  function hostViews() {
    const elements = Array.from(document.querySelectorAll("[" + wire.attribute.hostedView + "]")).slice(0, wire.maxHostedViews);
    if (!elements.length) return;
    const link = sharedSocket();
    window.jetwayViews = [];
    elements.forEach((element, index) => {
      hostView(element, index + 1, link).then((view) => { window.jetwayViews[index] = view; });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", hostViews); else hostViews();
})();
