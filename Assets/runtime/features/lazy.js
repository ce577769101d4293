// Lazy lists (List, LazyVStack, LazyHStack, the lazy grids): the server renders a window of a
// ForEach's rows between two gaps, each as long as the rows it stands for. When the part of the
// rows in view comes within half a screen of the window's edge, and rows are left beyond it,
// the view reports what it shows: `visible` [top, bottom, rendered, columns], CSS pixels along
// the axis from the first gap's start, the rendered rows' length and the cells on a line. The
// server moves the window (further ahead in the direction of travel) and measures the rows'
// length from the report. One report per list at a time: the next waits for the server's answer
// (a second at most). A patch keeps the first row in view where it was on the screen: the gaps
// change length as rows come and go, and not every engine anchors the scroll by itself.
feature((view) => {
  const gaps = "." + wire.className.lazyGap + ":not(." + wire.className.lazyEnd + ")";
  const waiting = new WeakMap();
  let frame = 0, anchors = [];

  const across = (gap) => gap.classList.contains(wire.className.lazyAcross);
  const start = (rect, x) => (x ? rect.left : rect.top);
  const end = (rect, x) => (x ? rect.right : rect.bottom);
  function endOf(gap) {
    for (let el = gap.nextElementSibling; el; el = el.nextElementSibling) if (el.classList.contains(wire.className.lazyEnd)) return el;
    return null;
  }
  // The nearest ancestor that scrolls along the axis, or null for the page.
  function scroller(gap, x) {
    for (let el = gap.parentElement; el && el !== document.body && el !== document.documentElement; el = el.parentElement) {
      const style = getComputedStyle(el), overflow = x ? style.overflowX : style.overflowY;
      if ((overflow === "auto" || overflow === "scroll") && (x ? el.scrollWidth > el.clientWidth : el.scrollHeight > el.clientHeight)) return el;
    }
    return null;
  }
  // What of the rows is shown, measured from the first gap's start.
  function measure(gap) {
    const last = endOf(gap);
    if (!last) return null;
    const x = across(gap), box = scroller(gap, x);
    const first = gap.getBoundingClientRect(), after = last.getBoundingClientRect();
    const screen = x ? innerWidth : innerHeight;
    let low = 0, high = screen;
    if (box) { const rect = box.getBoundingClientRect(); low = Math.max(0, start(rect, x)); high = Math.min(screen, end(rect, x)); }
    const origin = start(first, x), before = end(first, x) - origin;
    const span = Math.max(0, start(after, x) - end(first, x)), rest = end(after, x) - start(after, x);
    return { top: low - origin, bottom: high - origin, before, span, rest, screen: high - low, box, x };
  }
  function check() {
    frame = 0;
    if (!view.root || !view.live) return;
    view.root.querySelectorAll(gaps).forEach((gap) => {
      if (!view.handles(gap, "visible")) return;
      const sent = waiting.get(gap);
      if (sent && view.answeredRef < sent.ref && performance.now() - sent.at < 1000) return;
      const m = measure(gap);
      if (!m || m.screen <= 0 || m.bottom <= 0 || m.top >= m.before + m.span + m.rest) return;
      const margin = m.screen / 2;
      const wanted = (m.before >= 1 && m.top < m.before + margin) || (m.rest >= 1 && m.bottom > m.before + m.span - margin);
      if (!wanted) return;
      let columns = 1;
      const row = gap.nextElementSibling;
      if (row && !row.classList.contains(wire.className.lazyEnd) && getComputedStyle(gap.parentElement).display === "grid") {
        const line = start(row.getBoundingClientRect(), !m.x);
        columns = 0;
        for (let el = row; el && !el.classList.contains(wire.className.lazyEnd) && start(el.getBoundingClientRect(), !m.x) === line; el = el.nextElementSibling) columns++;
      }
      const ref = view.send(gap, "visible", [Math.round(m.top), Math.round(m.bottom), Math.round(m.span), Math.max(1, columns)]);
      waiting.set(gap, { ref, at: performance.now() });
    });
  }
  const schedule = () => { if (!frame) frame = requestAnimationFrame(check); };
  document.addEventListener("scroll", schedule, { capture: true, passive: true });
  window.addEventListener("resize", schedule);
  view.on("live", schedule);

  // Before a patch: for each lazy list on screen, its first row in view and where it is.
  view.on("beforePatch", () => {
    anchors = [];
    if (!view.root) return;
    view.root.querySelectorAll(gaps).forEach((gap) => {
      const m = measure(gap);
      if (!m || m.bottom <= 0 || m.top >= m.before + m.span + m.rest) return;
      const offset = m.box ? (m.x ? m.box.scrollLeft : m.box.scrollTop) : (m.x ? scrollX : scrollY);
      if (offset <= 0) return;
      const last = endOf(gap), origin = start(gap.getBoundingClientRect(), m.x);
      for (let el = gap.nextElementSibling; el && el !== last; el = el.nextElementSibling) {
        const rect = el.getBoundingClientRect();
        if (end(rect, m.x) > origin + m.top) { anchors.push({ el, at: start(rect, m.x), box: m.box, x: m.x }); break; }
      }
    });
  });
  // After it: the anchors back where they were, then another look (the window may need more).
  view.on("settle", () => {
    for (const anchor of anchors) {
      if (!anchor.el.isConnected) continue;
      const moved = start(anchor.el.getBoundingClientRect(), anchor.x) - anchor.at;
      if (Math.abs(moved) < 1) continue;
      if (anchor.box) { if (anchor.x) anchor.box.scrollLeft += moved; else anchor.box.scrollTop += moved; }
      else window.scrollBy(anchor.x ? moved : 0, anchor.x ? 0 : moved);
    }
    anchors = [];
    schedule();
  });
});
