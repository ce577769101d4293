// Drag and drop (`.draggable`, `.dropDestination`; Modifiers/DragAndDrop.swift): the browser's
// own. A drag of an element marked `data-jw-drag` carries its link or text; an element marked
// `data-jw-drop` takes drops — it is told when a drag comes over it and leaves, and what was
// dropped (links, then text that is not one of them) with where, in its own space.
feature((view) => {
  const round = (n) => Math.round(n * 10) / 10;
  document.addEventListener("dragstart", (event) => {
    const el = event.target.closest ? event.target.closest("[" + wire.attribute.drag + "]") : null;
    if (!el || !view.mine(el) || !event.dataTransfer) return;
    const text = el.getAttribute(wire.attribute.drag) || "";
    const value = text.slice(2);
    if (text.startsWith("u ")) event.dataTransfer.setData("text/uri-list", value);
    event.dataTransfer.setData("text/plain", value);
    event.dataTransfer.effectAllowed = "copy";
  });
  const targetOf = (event) => {
    const el = event.target && event.target.closest ? event.target.closest("[" + wire.attribute.drop + "]") : null;
    return el && view.handles(el, "drop") ? el : null;
  };
  let over = null;
  function setOver(el) {
    if (over === el) return;
    if (over) { over.classList.remove(wire.className.dropTargeted); if (over.isConnected) view.send(over, "drop", JSON.stringify(["over", false])); }
    over = el;
    if (el) { el.classList.add(wire.className.dropTargeted); view.send(el, "drop", JSON.stringify(["over", true])); }
  }
  document.addEventListener("dragover", (event) => {
    const el = targetOf(event);
    if (!el) { setOver(null); return; }
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = "copy";
    setOver(el);
  });
  document.addEventListener("dragleave", (event) => { if (over && !over.contains(event.relatedTarget)) setOver(null); });
  document.addEventListener("dragend", () => setOver(null));
  document.addEventListener("drop", (event) => {
    const el = targetOf(event);
    setOver(null);
    if (!el || !event.dataTransfer) return;
    event.preventDefault();
    const links = (event.dataTransfer.getData("text/uri-list") || "").split(/\r?\n/).filter((line) => line && !line.startsWith("#"));
    const items = links.map((link) => ["u", link]);
    const text = event.dataTransfer.getData("text/plain");
    if (text && !links.includes(text.trim())) items.push(["t", text]);
    const box = el.getBoundingClientRect();
    view.send(el, "drop", JSON.stringify(["drop", round(event.clientX - box.left), round(event.clientY - box.top)].concat(items.slice(0, 64))));
  });
});
