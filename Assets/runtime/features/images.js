// AsyncImage: the page holds each phase's content; the image in the success part loads (kept
// invisible meanwhile) and the element shows the phase its load reached: `success` when it
// loads, `failure` when it cannot (and, when its view asks, tells the server which).
feature((view) => {
  // Loads that ended before the page joined its session: told once it has.
  let untold = [];
  const tell = (container, phase) => {
    if (!view.handles(container, "change")) return;
    if (view.live) view.send(container, "change", phase); else untold.push([container, phase]);
  };
  view.on("live", () => {
    const waiting = untold;
    untold = [];
    for (const [container, phase] of waiting) if (container.isConnected) view.send(container, "change", phase);
  });
  const selector = "." + wire.className.asyncImage + "[" + wire.attribute.imagePhase + "]";
  function watch(container) {
    const image = container.querySelector("[" + wire.attribute.imagePart + '="success"] img');
    if (!image) { container.setAttribute(wire.attribute.imagePhase, "failure"); return; }
    if (image.jwWatched) return;
    image.jwWatched = true;
    const show = (phase) => {
      if (!container.isConnected) return;
      container.setAttribute(wire.attribute.imagePhase, phase);
      // (An image library's image fades in, and its app hears how the load ended.)
      const fade = Number(container.getAttribute(wire.attribute.imageFade));
      if (phase === "success" && fade > 0 && image.animate) image.animate([{ opacity: 0 }, { opacity: 1 }], { duration: fade, easing: "ease-in" });
      tell(container, phase);
    };
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
