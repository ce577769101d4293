// File importers (`.fileImporter`): the picker opens when the server marks the input
// (data-open, while the click that asked for it still counts as the user's gesture); a chosen
// file streams to the server, which answers the view over the socket (progress, the stored
// file, or what was wrong with it).
feature((view) => {
  const isImporter = (el) => el.classList && el.classList.contains(wire.className.fileImporter);
  // `.fileExporter`: the root carries the file to save (`serial type base64 name`).
  let saved = null;
  view.on("settle", () => {
    if (!view.root) return;
    const request = view.root.getAttribute(wire.attribute.download);
    const current = request ? request.split(" ")[0] : "0";
    // What the page showed first is not saved again (a page shown anew after a restart).
    if (saved === null) saved = current;
    if (request && current !== saved) {
      const [serial, type, base64] = request.split(" ", 3);
      saved = serial;
      const name = request.slice(serial.length + type.length + base64.length + 3);
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([bytes], { type }));
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    }
    view.root.querySelectorAll("." + wire.className.fileImporter).forEach((el) => {
      if (!el.hasAttribute(wire.attribute.open)) { el.jwOpened = false; return; }
      if (el.jwOpened) return;
      el.jwOpened = true;
      try { el.showPicker(); } catch (e) { el.click(); }
    });
  });
  function upload(el, file) {
    fetch("/_jetway/upload", {
      method: "POST", body: file, credentials: "same-origin",
      headers: { "X-Jetway-Token": view.token, "X-Jetway-Path": view.path, "X-Jetway-Target": el.dataset.j },
      // (Whatever happens, the server tells the view.)
    }).catch(() => {});
  }
  document.addEventListener("cancel", (event) => {
    if (isImporter(event.target) && view.mine(event.target)) view.send(event.target, "dismiss");
  }, true);
  view.on("change", (el) => {
    if (!isImporter(el)) return false;
    if (!view.mine(el)) return true;
    view.send(el, "dismiss");
    if (el.files && el.files[0]) upload(el, el.files[0]);
    el.value = "";
    return true;
  });
});
