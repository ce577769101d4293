// `.focused(_:)`: `data-jw-focus="serial wanted"`. When the app asks for the focus (a new
// serial) the element — or the first field inside it — is focused, or loses the focus when
// `wanted` is 0. The user's own focus and blur are events the server hears; they do not change
// the serial, so a patch that crosses them never moves the focus back.
feature((view) => {
  const focusable = "input:not([type=hidden]),textarea,select,button,[tabindex]";
  view.on("settle", () => {
    if (!view.root) return;
    view.root.querySelectorAll("[" + wire.attribute.focus + "]").forEach((el) => {
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
});
