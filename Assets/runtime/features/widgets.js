// Widgets (HTMLElementRepresentable, docs/integration.md): elements with `data-widget` are
// given to the script that defined that name (`Jetway.widgets.define`), with their `data-p-*`
// properties and a bridge to the coordinator on the server: `send` a message, `request` an
// answer from its data source. Widget types are defined once for the document; each view
// mounts its own elements.
const widgetTypes = new Map(), widgetHosts = new Set();
let requestTimeout = wire.timing.requestTimeout;

const widgetRegistry = Object.freeze({
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
});

feature((view) => {
  const mounted = new Map(), commands = [], requests = new Map(), held = [];
  widgetHosts.add({ reconcile() { if (view.root) reconcile(); }, get mounted() { return mounted.size; } });
  const propName = (attribute) => attribute.slice(wire.attribute.widgetProperty.length).replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
  function readProps(el) {
    const props = {};
    for (const { name, value } of Array.from(el.attributes)) {
      if (!name.startsWith(wire.attribute.widgetProperty)) continue;
      // (The server writes JSON.)
      try { props[propName(name)] = JSON.parse(value); } catch (e) {}
    }
    return props;
  }
  const propsText = (el) => Array.from(el.attributes).filter((a) => a.name.startsWith(wire.attribute.widgetProperty)).map((a) => a.name + "=" + a.value).join("\n");
  const failed = (el, what, e) => view.fail(`widget ${el.dataset.widget} ${what}: ${e && e.message}`);

  function bridgeFor(el) {
    return {
      // A delegate-style message to the coordinator (no answer).
      send(name, payload) { if (el.isConnected) view.send(el, "message", [String(name), JSON.stringify(payload === undefined ? null : payload)]); },
      // A question for the coordinator's data source: a promise of its answer, rejected when
      // it throws, after ten seconds, when the page is offline or too many are waiting.
      request(name, payload) {
        return new Promise((resolve, reject) => {
          if (requests.size + held.length >= wire.maxPendingRequests) { reject(new Error("too many requests waiting")); return; }
          const ask = () => {
            if (!el.isConnected) { reject(new Error("the widget has left the page")); return; }
            const ref = view.send(el, "request", [String(name), JSON.stringify(payload === undefined ? null : payload)]);
            const timer = setTimeout(() => answer(ref, null, "the request timed out"), requestTimeout);
            requests.set(ref, { resolve, reject, timer });
          };
          // Before the page has joined its session (a widget mounted at first paint), or while
          // it reconnects: asked once it is live, within the same time limit.
          if (view.live) { ask(); return; }
          const waiting = { ask, reject, timer: 0 };
          waiting.timer = setTimeout(() => { held.splice(held.indexOf(waiting), 1); reject(new Error("the request timed out")); }, requestTimeout);
          held.push(waiting);
        });
      },
    };
  }
  function answer(ref, json, error) {
    const waiting = requests.get(ref);
    if (!waiting) return false;
    requests.delete(ref);
    clearTimeout(waiting.timer);
    if (error !== null) { waiting.reject(new Error(error)); return true; }
    let value = null;
    try { value = JSON.parse(json); } catch (e) { waiting.reject(new Error("a malformed answer")); return true; }
    waiting.resolve(value);
    return true;
  }
  function reconcile() {
    // Gone for good (removed, not kept detached for a quick return): destroyed.
    for (const [el, widget] of Array.from(mounted)) {
      if (el.isConnected || view.ids.get(el.dataset.j) === el) continue;
      mounted.delete(el);
      try { if (widget.type.destroy) widget.type.destroy(el); } catch (e) { failed(el, "destroy", e); }
    }
    if (view.root) {
      for (const el of view.root.querySelectorAll("[" + wire.attribute.widget + "]")) {
        const known = mounted.get(el);
        if (known) {
          const text = propsText(el);
          if (text === known.text) continue;
          const props = readProps(el), changed = Object.keys(props).filter((k) => JSON.stringify(props[k]) !== JSON.stringify(known.props[k]));
          known.text = text; known.props = props;
          try { if (known.type.update) known.type.update(el, props, changed); } catch (e) { failed(el, "update", e); }
          continue;
        }
        const type = widgetTypes.get(el.dataset.widget);
        // Mounted when its script defines it.
        if (!type) continue;
        const props = readProps(el);
        mounted.set(el, { type, props, text: propsText(el) });
        try { type.mount(el, props, bridgeFor(el)); } catch (e) { failed(el, "mount", e); }
      }
    }
    while (commands.length) {
      const [el, name, payload] = commands.shift();
      const widget = mounted.get(el);
      if (!widget || !widget.type.command) continue;
      let value = null;
      // (The server writes JSON.)
      try { value = JSON.parse(payload); } catch (e) {}
      try { widget.type.command(el, name, value); } catch (e) { failed(el, "command " + name, e); }
    }
  }

  view.on("settle", reconcile);
  // A command for the widget on an element (`Widget.perform`): delivered once it is mounted.
  view.on("command", (el, name, payload) => commands.push([el, name, payload]));
  view.on("answer", (ref, json) => answer(ref, json, null));
  // A request the server refused: its promise is rejected (not counted as a page error).
  view.on("refusal", (ref, why) => answer(ref, null, why));
  view.on("live", () => { for (const waiting of held.splice(0)) { clearTimeout(waiting.timer); waiting.ask(); } });
  view.on("lost", () => { for (const ref of Array.from(requests.keys())) answer(ref, null, "the connection was lost"); });
});
