// Menus, context menus and disclosure groups: `<details>` elements the browser opens; a choice
// in a menu closes it, a right click (or long press) on a view with a context menu opens its
// menu, and a DisclosureGroup the user opens or closes tells the server.
feature((view) => {
  view.on("clicked", (el) => {
    const menu = el.closest("details." + wire.className.menu);
    if (menu) menu.open = false;
  });
  document.addEventListener("contextmenu", (event) => {
    const holder = event.target.closest && event.target.closest("." + wire.className.hasContextMenu);
    const menu = view.mine(holder) && holder.querySelector(":scope > details." + wire.className.contextMenu);
    if (!menu) return;
    event.preventDefault();
    menu.open = true;
  });
  // (toggle does not bubble)
  document.addEventListener("toggle", (event) => {
    const el = event.target;
    if (el.tagName === "DETAILS" && view.handles(el, "change")) view.send(el, "change", el.open);
  }, true);
});
