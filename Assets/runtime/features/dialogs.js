// Sheets and alerts: the server renders a closed <dialog>; it is opened here with showModal()
// (the page behind inert, focus inside) and, once a patch removes it, focus goes back to what
// had it. Escape (the dialog's cancel) and a click on the backdrop ask the server to dismiss
// it; it closes when the server says so, so the binding is the one truth.
feature((view) => {
  const sheet = "dialog." + wire.className.sheet;
  const open = [];
  view.on("settle", () => {
    for (let i = open.length - 1; i >= 0; i--) {
      const entry = open[i];
      if (entry.dialog.isConnected) continue;
      open.splice(i, 1);
      if (entry.trigger && entry.trigger.isConnected && !document.querySelector(sheet + "[open]")) {
        // (focus() throws on an element that is not focusable any more.)
        try { entry.trigger.focus(); } catch (e) {}
      }
    }
    if (!view.root) return;
    view.root.querySelectorAll(sheet).forEach((dialog) => {
      if (dialog.matches(":modal")) return;
      // New, or moved by a patch (a dialog taken out of the document stops being modal).
      if (!open.some((entry) => entry.dialog === dialog)) open.push({ dialog, trigger: document.activeElement });
      if (dialog.open) dialog.close();
      try { dialog.showModal(); } catch (e) { dialog.setAttribute("open", ""); }
    });
  });
  document.addEventListener("cancel", (event) => {
    const dialog = event.target;
    if (dialog.tagName !== "DIALOG" || !view.mine(dialog)) return;
    // The server closes it (a sheet with `.interactiveDismissDisabled` is not asked to).
    event.preventDefault();
    if (view.handles(dialog, "dismiss")) view.send(dialog, "dismiss");
  }, true);
  document.addEventListener("click", (event) => {
    const dialog = event.target;
    if (dialog.tagName === "DIALOG" && view.handles(dialog, "dismiss")) {
      const box = dialog.getBoundingClientRect();
      const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
      if (outside) { event.preventDefault(); view.send(dialog, "dismiss"); }
    }
  }, true);
});
