// AsyncImage: the page holds each phase's content; the image in the success part loads (kept
// invisible meanwhile) and the element shows the phase its load reached: `success` when it
// loads, `failure` when it cannot.
feature((view) => {
  const selector = "." + wire.className.asyncImage + "[" + wire.attribute.imagePhase + "]";
  function watch(container) {
    const image = container.querySelector("[" + wire.attribute.imagePart + '="success"] img');
    if (!image) { container.setAttribute(wire.attribute.imagePhase, "failure"); return; }
    if (image.jwWatched) return;
    image.jwWatched = true;
    const show = (phase) => { if (container.isConnected) container.setAttribute(wire.attribute.imagePhase, phase); };
    if (image.complete) { show(image.naturalWidth > 0 ? "success" : "failure"); return; }
    image.addEventListener("load", () => show("success"));
    image.addEventListener("error", () => show("failure"));
  }
  view.on("settle", () => {
    if (!view.root) return;
    view.root.querySelectorAll(selector).forEach((container) => {
      if (container.getAttribute(wire.attribute.imagePhase) !== "failure" || container.querySelector("[" + wire.attribute.imagePart + "]")) watch(container);
    });
  });
});
