// Lazy lists (List, LazyVStack, LazyHStack, the lazy grids): the server renders a window of a
// ForEach's rows between two gaps. Each gap says how many rows it stands for (`data-rows`),
// the first how many the window holds (`data-window`). The server thinks in rows; this file
// alone knows how long a row is:
// - after every change it makes each gap as long as its rows would be, by the average row length
//   it last measured, keeping the first row in view where it was on the screen (not every
//   engine anchors the scroll by itself); once a frame it measures the window's rows (their
//   average length along the axis, the cells on a grid's line) and sizes the gaps again when
//   that changed;
// - when the rows in view come within half a screen of the window's edge (once the page has
//   scrolled; before, only rows in view that the window lacks), and rows are left beyond it, it
//   reports them: `visible` [first, end, columns, window] (the last: where the window it has
//   begins, so that a report overtaken by a jump is known stale). The server moves the window
//   (further ahead in the direction of travel). One report per list at a time: the next waits for the
//   server's answer, a second at most.
feature((view) => {
  const firstGaps = "." + wire.className.lazyGap + ":not(." + wire.className.lazyEnd + ")";
  const extents = new WeakMap(), waiting = new WeakMap();
  let frame = 0, anchors = [];

  const across = (gap) => gap.classList.contains(wire.className.lazyAcross);
  const start = (rect, x) => (x ? rect.left : rect.top);
  const end = (rect, x) => (x ? rect.right : rect.bottom);
  const count = (el, name) => Math.max(0, parseInt(el.getAttribute(name), 10) || 0);
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
  // A list's parts: its gaps, the rows each stands for, the rows between, the cells to a line.
  function parts(gap) {
    const last = endOf(gap);
    if (!last) return null;
    const x = across(gap), rows = count(gap, wire.attribute.lazyWindow);
    let columns = 1;
    const row = gap.nextElementSibling;
    if (row !== last && getComputedStyle(gap.parentElement).display === "grid") {
      // The cells of a line start at the same place along the axis.
      const line = start(row.getBoundingClientRect(), x);
      columns = 0;
      for (let el = row; el && el !== last && Math.abs(start(el.getBoundingClientRect(), x) - line) < 1; el = el.nextElementSibling) columns++;
      columns = Math.max(1, columns);
    }
    return { gap, last, x, before: count(gap, wire.attribute.lazyRows), rows, after: count(last, wire.attribute.lazyRows), columns };
  }
  const lines = (rows, columns) => Math.ceil(rows / columns);
  // Makes each gap as long as its rows, by the last average row length measured (writes only:
  // no layout is read, so a patch costs the page no forced layout).
  function size(gap) {
    const extent = extents.get(gap), last = extent && endOf(gap);
    if (!last) return;
    const columns = extent.columns, property = across(gap) ? "width" : "height";
    const before = lines(count(gap, wire.attribute.lazyRows), columns) * extent.length + "px";
    const after = lines(count(last, wire.attribute.lazyRows), columns) * extent.length + "px";
    if (gap.style[property] !== before) gap.style[property] = before;
    if (last.style[property] !== after) last.style[property] = after;
  }
  // Measures the window's rows: true when their average length (or the cells on a line)
  // changed by more than 2 % (a thousand rows' gap moved by every rounding of the average would
  // move the rows under the reader).
  function measure(p) {
    const span = start(p.last.getBoundingClientRect(), p.x) - end(p.gap.getBoundingClientRect(), p.x);
    const rendered = lines(p.rows, p.columns), known = extents.get(p.gap);
    if (!(rendered > 0 && span > 0)) return false;
    const length = span / rendered;
    if (known && known.columns === p.columns && Math.abs(length - known.length) <= known.length * 0.02) return false;
    extents.set(p.gap, { length, columns: p.columns });
    return true;
  }
  // What of the list is on screen, in CSS pixels from the first gap's start (`origin`, on the
  // screen), and the lengths of the first gap and the window.
  function onScreen(p) {
    const box = scroller(p.gap, p.x), screen = p.x ? innerWidth : innerHeight;
    let low = 0, high = screen;
    if (box) { const rect = box.getBoundingClientRect(); low = Math.max(0, start(rect, p.x)); high = Math.min(screen, end(rect, p.x)); }
    const first = p.gap.getBoundingClientRect(), after = p.last.getBoundingClientRect(), origin = start(first, p.x);
    const before = end(first, p.x) - origin, span = start(after, p.x) - end(first, p.x);
    return { origin, top: low - origin, bottom: high - origin, before, span, box, length: end(after, p.x) - origin };
  }
  // The row (fractional) at `offset` pixels from the first gap's start, and back.
  function rowAt(p, s, offset) {
    const extent = (extents.get(p.gap) || { length: 1 }).length;
    if (offset < s.before || (!p.rows && offset < s.before + s.span)) return (Math.max(0, offset) / extent) * p.columns;
    if (offset < s.before + s.span) return p.before + ((offset - s.before) / s.span) * p.rows;
    return p.before + p.rows + ((offset - s.before - s.span) / extent) * p.columns;
  }
  function offsetOf(p, s, row) {
    const extent = (extents.get(p.gap) || { length: 1 }).length;
    if (row < p.before) return (row / p.columns) * extent;
    if (row < p.before + p.rows) return s.before + ((row - p.before) / p.rows) * s.span;
    return s.before + s.span + ((row - p.before - p.rows) / p.columns) * extent;
  }
  function check() {
    frame = 0;
    if (!view.root) return;
    // Measured once a frame: a gap whose rows' length changed is sized again, the rows in view
    // kept in place.
    const changed = [];
    view.root.querySelectorAll(firstGaps).forEach((gap) => { const p = parts(gap); if (p && measure(p)) changed.push(gap); });
    if (changed.length) {
      const found = anchor();
      changed.forEach(size);
      restore(found);
    }
    if (!view.live) return;
    view.root.querySelectorAll(firstGaps).forEach((gap) => {
      if (!view.handles(gap, "visible")) return;
      const sent = waiting.get(gap);
      if (sent && view.answeredRef < sent.ref && performance.now() - sent.at < 1000) return;
      const p = parts(gap);
      if (!p || (!p.before && !p.after)) return;
      const s = onScreen(p);
      if (s.bottom <= s.top || s.bottom <= 0 || s.top >= s.length) return;
      const total = p.before + p.rows + p.after;
      const first = Math.min(total, Math.floor(rowAt(p, s, s.top)));
      const last = Math.min(total, Math.max(first + 1, Math.floor(rowAt(p, s, s.bottom)) + 1));
      // Rows in view the window lacks: always. Near its edge: once the page has scrolled (a
      // page that is only looked at, a kiosk, never asks, and keeps sharing its rendering).
      const margin = scrolled ? (last - first) / 2 : 0;
      const wanted = (p.before > 0 && first < p.before + margin) || (p.after > 0 && last > p.before + p.rows - margin);
      if (!wanted) return;
      waiting.set(gap, { ref: view.send(gap, "visible", [first, last, p.columns, p.before]), at: performance.now() });
    });
  }
  const schedule = () => { if (!frame) frame = requestAnimationFrame(check); };
  let scrolled = false;

  // Each list on screen: its first row in view and where that row is on the screen; when the
  // screen's top is over a gap, the row there by the gap's length, and the screen's top.
  function anchor() {
    const found = [];
    if (!view.root) return found;
    view.root.querySelectorAll(firstGaps).forEach((gap) => {
      const p = parts(gap);
      if (!p) return;
      const s = onScreen(p);
      const offset = s.box ? (p.x ? s.box.scrollLeft : s.box.scrollTop) : (p.x ? scrollX : scrollY);
      if (offset <= 0 || s.bottom <= 0 || s.top >= s.length) return;
      // At the end of the list: its end stays where it is on the screen.
      if (s.bottom >= s.length - 1) { found.push({ gap, end: true, at: s.origin + s.length, box: s.box, x: p.x }); return; }
      if (s.top >= s.before && s.top < s.before + s.span) {
        for (let el = gap.nextElementSibling; el && el !== p.last; el = el.nextElementSibling) {
          const rect = el.getBoundingClientRect();
          if (end(rect, p.x) > s.origin + s.top) { found.push({ el, at: start(rect, p.x), box: s.box, x: p.x }); return; }
        }
      }
      found.push({ gap, row: rowAt(p, s, Math.max(0, s.top)), at: s.origin + Math.max(0, s.top), box: s.box, x: p.x });
    });
    return found;
  }
  function restore(found) {
    for (const a of found) {
      let now;
      if (a.end) {
        const p = a.gap.isConnected && parts(a.gap);
        if (!p) continue;
        now = onScreen(p).origin + onScreen(p).length;
      } else if (a.el) {
        if (!a.el.isConnected) continue;
        now = start(a.el.getBoundingClientRect(), a.x);
      } else {
        const p = a.gap.isConnected && parts(a.gap);
        if (!p) continue;
        const s = onScreen(p);
        now = s.origin + offsetOf(p, s, a.row);
      }
      const moved = now - a.at;
      if (Math.abs(moved) < 1) continue;
      if (a.box) { if (a.x) a.box.scrollLeft += moved; else a.box.scrollTop += moved; } else window.scrollBy(a.x ? moved : 0, a.x ? 0 : moved);
    }
  }
  function sizeAll() {
    if (view.root) view.root.querySelectorAll(firstGaps).forEach(size);
  }

  // Only a page scrolled down has rows to keep in place: at the top nothing is read.
  const scrolledDown = () => scrolled && (document.scrollingElement.scrollTop > 0 || scrollX > 0 || anyBoxScrolled());
  const anyBoxScrolled = () => !!view.root && [...view.root.querySelectorAll(firstGaps)].some((gap) => {
    const box = scroller(gap, across(gap));
    return box && (box.scrollTop > 0 || box.scrollLeft > 0);
  });
  view.on("beforePatch", () => { anchors = scrolledDown() ? anchor() : []; });
  // After a change: the gaps sized by what is known, the rows in view back where they were;
  // the measuring waits for the next frame.
  view.on("settle", () => {
    sizeAll();
    if (anchors.length) restore(anchors);
    anchors = [];
    schedule();
  });
  document.addEventListener("scroll", () => { scrolled = true; schedule(); }, { capture: true, passive: true });
  window.addEventListener("resize", schedule);
  view.on("live", schedule);
});
