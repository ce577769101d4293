// ScrollViewReader: `data-scroll-to="serial name anchor"` asks for the element named `name` to
// be brought into view, once per serial; smooth unless the user prefers reduced motion or the
// reader holds a lazy list.
feature((view) => {
  const reduceMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");
  view.on("settle", () => {
    if (!view.root) return;
    view.root.querySelectorAll("[" + wire.attribute.scrollTo + "]").forEach((reader) => {
      const request = reader.dataset.scrollTo;
      if (reader.jwScrolled === request) return;
      reader.jwScrolled = request;
      const [, name, anchor] = request.split(" ");
      const target = reader.querySelector("[" + wire.attribute.scrollID + '="' + (window.CSS && CSS.escape ? CSS.escape(name) : name) + '"]');
      // Over a lazy list it jumps: a smooth scroll would pass over rows the window has not got,
      // and the window would follow the scroll away from the row.
      const lazy = reader.querySelector("." + wire.className.lazyGap);
      if (target) target.scrollIntoView({ block: anchor || "nearest", behavior: lazy || (reduceMotion && reduceMotion.matches) ? "auto" : "smooth" });
    });
  });
});
