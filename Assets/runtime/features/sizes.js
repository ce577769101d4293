// GeometryReader: sizes reported once per frame at most, all of a frame's in one message. The last size of each element is kept
// and sent again on every join: the first sizes are measured before the socket opens, and a
// session that was re-mounted starts from the default size. The sizes of a page's
// GeometryReaders are kept for the next visit of its path (`jw_sizes`, a year, this path
// only), and on a page with lazy lists the window's size: the server lays out the first paint
// by them.
feature((view) => {
  const pending = new Map(), known = new WeakMap();
  let frame = 0;
  const observer = "ResizeObserver" in window ? new ResizeObserver((entries) => {
    for (const entry of entries) {
      const size = [Math.round(entry.contentRect.width), Math.round(entry.contentRect.height)];
      known.set(entry.target, size);
      pending.set(entry.target, size);
    }
    if (!frame) frame = requestAnimationFrame(() => {
      frame = 0;
      view.sendSizes([...pending.keys()].filter((el) => el.isConnected).map((el) => [el, measure(el)]));
      pending.clear();
      save();
    });
  }) : null;
  // A reader's size is the room it offers its content (its content box); an anchored view's
  // (`.anchorPreference`) is its whole box, padding included. With where it is in the page
  // (`GeometryProxy.frame(in: .global)`, `geometry[anchor]`), measured now.
  function measure(el) {
    const box = el.getBoundingClientRect();
    const size = el.hasAttribute(wire.attribute.geometry) ? known.get(el) : [Math.round(box.width), Math.round(box.height)];
    return size.concat([Math.round(box.left + scrollX), Math.round(box.top + scrollY)]);
  }
  const resizing = '[data-on~="resize"]';
  // The window's size, rounded up to 256 px, as entry 63, on a page with lazy lists: their
  // first window is as tall (windows of about the same size share renderings).
  const bucket = (length) => Math.min(4096, Math.max(256, Math.ceil(length / 256) * 256));
  let viewport = "";
  function save() {
    if (!view.root) return;
    const entries = [];
    view.root.querySelectorAll("[" + wire.attribute.geometry + "]").forEach((el) => {
      const size = known.get(el);
      if (size && entries.length < 15 && /^\d{1,2}$/.test(el.dataset.geometry)) entries.push(el.dataset.geometry + ":" + Math.min(size[0], 99999) + ":" + Math.min(size[1], 99999));
    });
    viewport = view.root.querySelector("." + wire.className.lazyGap) ? "63:" + bucket(innerWidth) + ":" + bucket(innerHeight) : "";
    if (viewport) entries.push(viewport);
    if (!view.embedded && entries.length && /^[\w\-\/.%~]*$/.test(location.pathname)) document.cookie = "jw_sizes=" + entries.join(",") + "; path=" + location.pathname + "; max-age=31536000; samesite=lax";
  }
  view.on("inserted", (el) => {
    if (!observer || el.nodeType !== 1) return;
    if (view.handles(el, "resize")) observer.observe(el);
    el.querySelectorAll(resizing).forEach((child) => observer.observe(child));
  });
  view.on("settle", () => {
    if (!view.root || !view.root.querySelector("." + wire.className.lazyGap)) return;
    if (viewport !== "63:" + bucket(innerWidth) + ":" + bucket(innerHeight)) save();
  });
  window.addEventListener("resize", () => { if (viewport) save(); });
  view.on("joined", () => {
    if (!view.root) return;
    const all = view.handles(view.root, "resize") ? [view.root] : [];
    view.root.querySelectorAll(resizing).forEach((el) => all.push(el));
    view.sendSizes(all.filter((el) => known.has(el)).map((el) => [el, measure(el)]));
  });
});

// `@Environment(\.horizontalSizeClass)` and `\.verticalSizeClass`: the window's size classes,
// `c` compact or `r` regular — horizontally compact under 600 px wide, or under 900 px wide and
// 500 px tall (a phone on its side); vertically compact under 500 px tall. Kept in the
// `jw_class` cookie (a year, every path) for the next first paint, and sent to the page's root
// when they change, if its views read them.
feature((view) => {
  const classes = () => (innerWidth < 600 || (innerWidth < 900 && innerHeight < 500) ? "c" : "r") + (innerHeight < 500 ? "c" : "r");
  let written = "", sent = "";
  // Sent when the page was rendered for other classes than the window's (once per rendering
  // the page shows: a page rebuilt for its opening classes is told again).
  function report() {
    const now = classes();
    if (!view.embedded && now !== written) { written = now; document.cookie = "jw_class=" + now + "; path=/; max-age=31536000; samesite=lax"; }
    if (!view.root || !view.handles(view.root, "sizeClass")) return;
    const rendered = view.root.getAttribute(wire.attribute.sizeClass);
    if (rendered === now) { sent = ""; return; }
    if (sent === now + " " + rendered) return;
    sent = now + " " + rendered;
    view.send(view.root, "sizeClass", now);
  }
  window.addEventListener("resize", report);
  view.on("settle", report);
  view.on("joined", () => { sent = ""; report(); });
});

// The on-screen keyboard (UIKit's keyboard notifications): while a field has the focus, the
// part of the window the visual viewport no longer covers at the bottom is the keyboard's
// height; sent to the page's root when it changes (0 when it goes), if its views listen.
feature((view) => {
  const viewport = window.visualViewport;
  if (!viewport) return;
  let sent = 0;
  function report() {
    if (!view.root || !view.handles(view.root, "keyboard")) return;
    const el = document.activeElement;
    const typing = el && (el.isContentEditable || el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && !/^(checkbox|radio|button|submit|range|color)$/.test(el.type)));
    const covered = Math.max(0, Math.round(innerHeight - viewport.height - viewport.offsetTop));
    const height = typing && covered > 100 ? covered : 0;
    if (height !== sent) { sent = height; view.send(view.root, "keyboard", height); }
  }
  viewport.addEventListener("resize", report);
  document.addEventListener("focusout", () => setTimeout(report, 0));
  view.on("joined", () => { sent = 0; report(); });
});
