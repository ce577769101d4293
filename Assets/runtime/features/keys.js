// The keyboard: a button's shortcut (`data-jw-shortcut="modifiers key"`) clicks it when pressed
// — in the open dialog while one is open, else anywhere on the page — and the keys a view
// listens for (`data-jw-keys="phases key …"`, `*` for every key) are sent to the closest such
// view around the focused element as `key` events, then to the ones around it (a view that
// used the key stops it on the server): `serial phase modifiers key`, a tab, the characters.
// Command (⌘, bit 16) is the Command key on a Mac and Control elsewhere.
feature((view) => {
  const mac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
  const typing = (el) => el && (el.isContentEditable || (el.tagName === "INPUT" && !/^(checkbox|radio|button|submit|range|color)$/.test(el.type)) || el.tagName === "TEXTAREA" || el.tagName === "SELECT");
  function modifiers(event) {
    return (event.getModifierState && event.getModifierState("CapsLock") ? 1 : 0) | (event.shiftKey ? 2 : 0)
      | (event.ctrlKey && mac ? 4 : 0) | (event.altKey ? 8 : 0) | (event.metaKey || (event.ctrlKey && !mac) ? 16 : 0);
  }
  const name = (event) => (event.key.length === 1 ? event.key.toLowerCase() : event.key);
  let serial = 0;
  function heard(event, phase) {
    if (!view.root || event.isComposing) return false;
    const key = name(event), bits = modifiers(event);
    // A shortcut: its modifiers (Shift aside for a character that needs it) and its key.
    if (phase === "d") {
      const scope = view.root.querySelector("dialog[open]") || view.root;
      const wanted = (bits & ~1) + " " + key, loose = (bits & ~3) + " " + key;
      const typed = typing(event.target);
      for (const el of scope.querySelectorAll("[" + wire.attribute.shortcut + "]")) {
        const shortcut = el.getAttribute(wire.attribute.shortcut);
        if (shortcut !== wanted && !(key.length === 1 && shortcut === loose)) continue;
        // Typing in a field keeps its plain keys (Return submits the field) for itself.
        if (typed && (bits & ~3) === 0) continue;
        if (el.closest("[inert]") || el.matches(":disabled")) continue;
        const target = el.matches("button,[role=button],a") ? el : el.querySelector("button,[role=button],a") || el;
        event.preventDefault();
        target.click();
        return true;
      }
    }
    // The views around the focus that listen for it, innermost first.
    const sent = [];
    for (let el = event.target; el && el !== document && view.root.contains(el); el = el.parentElement) {
      const listens = el.getAttribute && el.getAttribute(wire.attribute.keys);
      if (!listens || !view.handles(el, "key")) continue;
      const [phases, ...keys] = listens.split(" ");
      const bit = phase === "d" ? 1 : phase === "r" ? 2 : 4;
      if ((+phases & bit) && (keys.includes("*") || keys.includes(key))) sent.push(el);
    }
    if (!sent.length) return false;
    // The browser's own use of the key (an arrow scrolling) gives way, except a field's typing.
    if (!typed(event)) event.preventDefault();
    serial += 1;
    const text = serial + " " + phase + " " + bits + " " + key + "\t" + (event.key.length === 1 ? event.key : "");
    for (const el of sent) view.send(el, "key", text);
    // A field's own keys (Return submitting it) still do what they do.
    return !typing(event.target);
  }
  const typed = (event) => typing(event.target) && (event.key.length === 1 || event.key === "Backspace" || event.key === "Delete");
  view.on("keydown", (event) => heard(event, event.repeat ? "r" : "d"));
  document.addEventListener("keyup", (event) => { heard(event, "u"); });
});
