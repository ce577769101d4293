// `.focused(_:)`: `data-jw-focus="serial wanted"`. When the app asks for the focus (a new
// serial) the element — or the first field inside it — is focused, or loses the focus when
// `wanted` is 0. The user's own focus and blur are events the server hears; they do not change
// the serial, so a patch that crosses them never moves the focus back. The root carries a
// request to blur any field (UIKit's `resignFirstResponder`).
feature((view) => {
  const focusable = "input:not([type=hidden]),textarea,select,button,[tabindex]";
  view.on("settle", () => {
    if (!view.root) return;
    // The page's root asks too: the app took the focus out of whatever field has it.
    const asking = [...view.root.querySelectorAll("[" + wire.attribute.focus + "]")];
    if (view.root.hasAttribute(wire.attribute.focus)) asking.unshift(view.root);
    asking.forEach((el) => {
      const request = el.getAttribute(wire.attribute.focus);
      if (el.jwFocusRequest === request) return;
      const first = el.jwFocusRequest === undefined;
      el.jwFocusRequest = request;
      const [serial, wanted] = request.split(" ");
      // A page's first paint asks only when the app set the focus before it (serial > 0).
      if (first && serial === "0") return;
      const target = el.matches(focusable) ? el : el.querySelector(focusable);
      if (!target) return;
      if (wanted === "1") { if (document.activeElement !== target) target.focus(); }
      else if (el.contains(document.activeElement)) document.activeElement.blur();
    });
  });
  // A text field has the focus (the on-screen keyboard is up): the keyboard's toolbar shows.
  const typing = (el) => el && el.matches && el.matches("input:not([type=checkbox],[type=radio],[type=range],[type=button],[type=submit]),textarea,[contenteditable]");
  // (Read from the focused element each time: a window without the system's focus hears no
  // focus events, though its fields take the focus.)
  const sync = (el) => document.documentElement.classList.toggle(wire.state.typing, typing(el === undefined ? document.activeElement : el));
  document.addEventListener("focusin", (event) => sync(event.target));
  document.addEventListener("focusout", (event) => sync(event.relatedTarget));
  document.addEventListener("input", () => sync());
  view.on("settle", () => sync());
  // `.scrollDismissesKeyboard(.immediately)`: the user scrolls a marked element (or the page
  // inside one): the field that has the focus loses it.
  document.addEventListener("scroll", (event) => {
    const scrolled = event.target === document ? document.documentElement : event.target;
    if (!scrolled.closest || !scrolled.closest("[" + wire.attribute.dismissesKeyboard + "]")) return;
    const field = document.activeElement;
    if (field && field !== document.body && scrolled.contains(field) && field.matches("input,textarea,[contenteditable]")) field.blur();
  }, { capture: true, passive: true });
});
