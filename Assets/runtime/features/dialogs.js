// Sheets and alerts: the server renders a closed <dialog>; it is opened here with showModal()
// (the page behind inert, focus inside) and, once a patch removes it, focus goes back to what
// had it. Escape (the dialog's cancel) and a click on the backdrop ask the server to dismiss
// it; it closes when the server says so, so the binding is the one truth. One that leaves goes
// as on iOS: a sheet slides down, an alert fades a little smaller, their dimming fades (a copy,
// inert, out of the page's flow, while the page is already usable again).
feature((view) => {
  const sheet = "dialog." + wire.className.sheet;
  const open = [];
  const reduced = window.matchMedia ? matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };
  view.on("beforePatch", (ops) => {
    if (!ops) return;
    const movedBack = new Set();
    for (const op of ops) if (op[0] === wire.op.move) for (const id of op[3].split(" ")) movedBack.add(id);
    for (const op of ops) if (op[0] === wire.op.remove || op[0] === wire.op.detach) for (const id of String(op[1]).split(" ")) {
      const el = view.ids.get(id);
      if (!el || movedBack.has(id) || !el.isConnected || !el.querySelectorAll) continue;
      const going = el.matches(sheet + "[open]") ? [el] : Array.from(el.querySelectorAll(sheet + "[open]"));
      for (const dialog of going) leave(dialog);
    }
  });
  function leave(dialog) {
    const box = dialog.getBoundingClientRect();
    if (!box.width || !box.height) return;
    const copy = inertCopy(dialog, "div");
    const shade = document.createElement("div");
    shade.setAttribute("aria-hidden", "true");
    Object.assign(shade.style, { position: "fixed", inset: "0", background: "rgb(0 0 0 / 0.35)", zIndex: "2147483000", pointerEvents: "none" });
    Object.assign(copy.style, {
      position: "fixed", inset: "auto", left: box.left + "px", top: box.top + "px", width: box.width + "px", height: box.height + "px", margin: "0",
      display: "flex", flexDirection: "column", animation: "none", zIndex: "2147483001", pointerEvents: "none",
    });
    document.body.append(shade, copy);
    // A sheet sits on the window's bottom edge; an alert in the middle.
    const slides = box.bottom >= innerHeight - 2 && !reduced.matches;
    const frames = slides ? [{ transform: "none" }, { transform: "translateY(" + box.height + "px)" }]
      : reduced.matches ? [{ opacity: 1 }, { opacity: 0 }] : [{ opacity: 1, transform: "none" }, { opacity: 0, transform: "scale(0.95)" }];
    const duration = slides ? 300 : 200;
    const motion = copy.animate(frames, { duration, easing: slides ? "cubic-bezier(0.4, 0, 0.8, 0.6)" : "ease-in", fill: "forwards" });
    shade.animate([{ opacity: 1 }, { opacity: 0 }], { duration, easing: "ease-in", fill: "forwards" });
    const done = () => { copy.remove(); shade.remove(); };
    motion.onfinish = done;
    motion.oncancel = done;
  }
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
