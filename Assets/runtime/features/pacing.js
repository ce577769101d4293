// Typing: each keystroke's value goes to the server, paced where the view asked for it
// (`.eventDebounce`, `.eventThrottle`, on the element or an ancestor); the last value is
// always sent.
feature((view) => {
  const pacing = new Map();
  function paced(el, kind, value) {
    const holder = el.closest("[" + wire.attribute.debounce + "],[" + wire.attribute.throttle + "]");
    if (!holder) { view.send(el, kind, value()); return; }
    const state = pacing.get(el) || {};
    pacing.set(el, state);
    if (holder.dataset.debounce !== undefined) {
      clearTimeout(state.timer);
      state.timer = setTimeout(() => view.send(el, kind, value()), +holder.dataset.debounce);
      return;
    }
    const wait = +holder.dataset.throttle, now = Date.now();
    if (!state.last || now - state.last >= wait) { state.last = now; view.send(el, kind, value()); return; }
    clearTimeout(state.timer);
    state.timer = setTimeout(() => { state.last = Date.now(); view.send(el, kind, value()); }, wait - (now - state.last));
  }
  document.addEventListener("input", (event) => {
    const el = event.target;
    if (view.handles(el, "input")) paced(el, "input", () => el.value);
  });
});
