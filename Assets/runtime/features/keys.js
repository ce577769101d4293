// The keyboard: a button's shortcut (`data-jw-shortcut="modifiers key"`) clicks it when pressed
// — in the open dialog while one is open, else anywhere on the page — and the keys a view
// listens for (`data-jw-keys="phases key …"`, `*` for every key) are sent to the closest such
// view around the focused element as `key` events, then to the ones around it (a view that
// used the key stops it on the server): `serial phase modifiers key`, a tab, the characters.
// Keys are named as the browser names them, the space bar `Space`; only the keys Jetway has
// names for are sent (not Shift or F5 alone). Command (⌘, bit 16) is the Command key on a Mac
// and Control elsewhere; a Control shortcut (bit 4) is Control everywhere.
feature((view) => {
  const mac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
  const named = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Escape", "Backspace", "Delete", "Home", "End", "PageUp", "PageDown", "Clear", "Tab", "Space", "Enter"];
  const typing = (el) => el && (el.isContentEditable || (el.tagName === "INPUT" && !/^(checkbox|radio|button|submit|range|color)$/.test(el.type)) || el.tagName === "TEXTAREA" || el.tagName === "SELECT");
  const control = (el) => el && el.matches && el.matches("button,a[href],[role=button],[role=link],summary,input,select,textarea");
  function modifiers(event) {
    return (event.getModifierState && event.getModifierState("CapsLock") ? 1 : 0) | (event.shiftKey ? 2 : 0)
      | (event.ctrlKey && mac ? 4 : 0) | (event.altKey ? 8 : 0) | (event.metaKey || (event.ctrlKey && !mac) ? 16 : 0);
  }
  // The key's name: a letter in lower case (with Option held, the key's own letter, not the
  // character it makes), or one of the named keys; nil for the others.
  function name(event) {
    if (event.key === " ") return "Space";
    if (event.altKey && /^Key[A-Z]$/.test(event.code)) return event.code.slice(3).toLowerCase();
    if (event.altKey && /^Digit\d$/.test(event.code)) return event.code.slice(5);
    if (event.key.length === 1) return event.key.toLowerCase();
    return named.includes(event.key) ? event.key : null;
  }
  function matches(shortcut, bits, key) {
    const [wanted, wantedKey] = [+shortcut.slice(0, shortcut.indexOf(" ")), shortcut.slice(shortcut.indexOf(" ") + 1)];
    if (wantedKey !== key) return false;
    // Control elsewhere than on a Mac is the event's Command bit.
    const want = !mac && (wanted & 4) ? (wanted & ~4) | 16 : wanted;
    const have = bits & ~1;
    // Shift may be needed to type a character that is not a letter ("?").
    return have === want || (!/^[a-z]$/.test(key) && key.length === 1 && (have & ~2) === want);
  }
  let serial = 0;
  function heard(event, phase) {
    if (!view.root || event.isComposing) return false;
    const key = name(event);
    if (key === null) return false;
    const bits = modifiers(event), target = event.target;
    if (phase === "d") {
      const scope = view.root.querySelector("dialog[open]") || view.root;
      const plain = (bits & ~3) === 0;
      for (const el of scope.querySelectorAll("[" + wire.attribute.shortcut + "]")) {
        if (!matches(el.getAttribute(wire.attribute.shortcut), bits, key)) continue;
        // Typing in a field keeps its plain keys (Return submits the field) for itself; a
        // focused control keeps Return and Space (they press it).
        if (plain && (typing(target) || ((key === "Enter" || key === "Space") && control(target)))) continue;
        if (el.closest("[inert]") || el.matches(":disabled")) continue;
        const button = el.matches("button,[role=button],a") ? el : el.querySelector("button,[role=button],a") || el;
        event.preventDefault();
        button.click();
        return true;
      }
    }
    // The views around the focus that listen for it, innermost first. A view that listens for
    // every key does not hear a field's typing, Tab, or keys with Command or Control held.
    const bit = phase === "d" ? 1 : phase === "r" ? 2 : 4;
    const sent = [];
    let named = false;
    for (let el = target; el && el !== document && view.root.contains(el); el = el.parentElement) {
      const listens = el.getAttribute && el.getAttribute(wire.attribute.keys);
      if (!listens || !view.handles(el, "key")) continue;
      const [phases, ...keys] = listens.split(" ");
      if (!(+phases & bit)) continue;
      if (keys.includes(key)) { sent.push(el); named = true; }
      else if (keys.includes("*") && !typing(target) && key !== "Tab" && !(bits & 20)) sent.push(el);
    }
    if (!sent.length) return false;
    // The browser's own use of a key a view names (an arrow scrolling) gives way; a field's
    // typing and a control's Return and Space still do what they do.
    const own = typing(target) || ((key === "Enter" || key === "Space") && control(target));
    if (named && !own) event.preventDefault();
    serial += 1;
    const text = serial + " " + phase + " " + bits + " " + key + "\t" + (event.key.length === 1 ? event.key : "");
    for (const el of sent) view.send(el, "key", text);
    return !own;
  }
  view.on("keydown", (event) => heard(event, event.repeat ? "r" : "d"));
  document.addEventListener("keyup", (event) => { heard(event, "u"); });
});
