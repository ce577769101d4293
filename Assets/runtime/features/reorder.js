// Drag to reorder (`.onMove`): a row marked `data-jw-reorder` (its place in the data) is lifted
// by its handle (`jw-row-handle`, in edit mode) at once, or by a press held half a second
// anywhere on it; it follows the finger or mouse while the rows it passes make room, the list
// scrolls when it nears an edge, and on release the server hears one `move` event with where it
// goes (SwiftUI's `toOffset`). The rows keep their places on screen until the server's patch
// has put them there. On a focused handle, ArrowUp and ArrowDown move the row by one.
feature((view) => {
  const REORDER = wire.attribute.reorder, HANDLE = wire.className.rowHandle, LIFTED = wire.className.lifted;
  const HOLD = 500;
  let press = null, drag = null, settling = null;

  // What moves on screen: the row with what is around it alone (a list's item, a swipe's
  // holder), up to where the other rows are beside it.
  const isRowItem = (el) => el.hasAttribute(REORDER) || !!el.querySelector("[" + REORDER + "]");
  function itemOf(row) {
    for (let el = row; el.parentElement && el.parentElement !== view.root; el = el.parentElement) {
      if (Array.from(el.parentElement.children).some((child) => child !== el && isRowItem(child))) return el;
    }
    return row;
  }
  const rowOf = (item) => (item.hasAttribute(REORDER) ? item : item.querySelector("[" + REORDER + "]"));
  const place = (row) => Number(row.getAttribute(REORDER));
  // The movable rows beside it, in order.
  const siblings = (item) => (item.parentElement ? Array.from(item.parentElement.children).filter(isRowItem) : [item]);

  function lift(row, event) {
    const item = itemOf(row);
    const items = siblings(item);
    drag = {
      row, item, items, from: items.indexOf(item), at: items.indexOf(item), id: event.pointerId, y: event.clientY, lastY: event.clientY,
      boxes: items.map((el) => el.getBoundingClientRect()), scroller: scrollerOf(item), frame: 0,
    };
    drag.height = drag.boxes[drag.from].height;
    item.classList.add(LIFTED);
    document.addEventListener("touchmove", holdStill, { passive: false });
    for (const el of items) if (el !== item) el.style.transition = "transform 0.2s ease";
    try { row.setPointerCapture(event.pointerId); } catch (e) {}
    if (navigator.vibrate) navigator.vibrate(10);
    autoscroll();
  }
  function scrollerOf(el) {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (/(auto|scroll)/.test(style.overflowY) && p.scrollHeight > p.clientHeight) return p;
    }
    return null;
  }
  // Follows the pointer; the rows between where it was and where it is now make room.
  function follow(y) {
    drag.lastY = y;
    const scrolled = drag.scroller ? drag.scroller.scrollTop - (drag.scrollStart ?? (drag.scrollStart = drag.scroller.scrollTop)) : 0;
    const dy = y - drag.y + scrolled;
    drag.item.style.transform = "translateY(" + dy + "px)";
    const centre = drag.boxes[drag.from].top + drag.height / 2 + dy;
    let at = 0;
    drag.boxes.forEach((box, index) => { if (index !== drag.from && box.top + box.height / 2 < centre) at++; });
    drag.at = at;
    drag.items.forEach((el, index) => {
      if (el === drag.item) return;
      const shift = index > drag.from && index <= at ? -drag.height : index < drag.from && index >= at ? drag.height : 0;
      el.style.transform = shift ? "translateY(" + shift + "px)" : "";
    });
  }
  // Near the top or bottom of the list's scroller (or the window), it scrolls.
  function autoscroll() {
    if (!drag) return;
    const top = drag.scroller ? drag.scroller.getBoundingClientRect().top : 0;
    const bottom = drag.scroller ? drag.scroller.getBoundingClientRect().bottom : innerHeight;
    const speed = drag.lastY < top + 40 ? -8 : drag.lastY > bottom - 40 ? 8 : 0;
    if (speed) {
      if (drag.scroller) drag.scroller.scrollTop += speed; else { scrollBy(0, speed); drag.y -= speed; }
      follow(drag.lastY);
    }
    drag.frame = requestAnimationFrame(autoscroll);
  }
  function drop() {
    const { row, item, items, from, at, boxes } = drag;
    cancelAnimationFrame(drag.frame);
    drag = null;
    document.removeEventListener("touchmove", holdStill);
    item.classList.remove(LIFTED);
    if (at === from || !view.handles(row, "move")) { reset(items, true); return; }
    // SwiftUI's `toOffset`: the place of the row it goes before.
    const target = rowOf(items[at]);
    const destination = at > from ? place(target) + 1 : place(target);
    const ref = view.send(row, "move", destination);
    // The row glides into the room made for it, and the rows stay drawn there until the
    // patch that answers the move has put them in that order.
    const heights = (a, b) => boxes.slice(a, b).reduce((sum, box) => sum + box.height, 0);
    item.style.transition = "transform 0.2s ease";
    item.style.transform = "translateY(" + (at > from ? heights(from + 1, at + 1) : -heights(at, from)) + "px)";
    settling = { ref, items, item, index: from, timer: setTimeout(() => finish(false), 3000) };
    awaitAnswer();
  }
  // The answer may be a patch that moved the rows, an empty one (the app kept its order) or an
  // error: whichever comes, once the view has heard it (a frame after, the patch is in).
  function awaitAnswer() {
    if (!settling) return;
    if (view.answeredRef < settling.ref) { requestAnimationFrame(awaitAnswer); return; }
    const { item, index } = settling;
    finish(!item.isConnected || !item.parentElement || siblings(item).indexOf(item) !== index);
  }
  // Done waiting: when the rows' order changed, they are already where they are drawn; when
  // it did not (the app kept its order), they go back with motion.
  function finish(moved) {
    if (!settling) return;
    const { items, timer } = settling;
    clearTimeout(timer);
    settling = null;
    reset(items, !moved);
  }
  function reset(items, animated) {
    for (const el of items) { el.style.transition = animated ? "transform 0.2s ease" : "none"; el.style.transform = ""; }
    setTimeout(() => { for (const el of items) el.style.transition = ""; }, animated ? 250 : 0);
  }

  document.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || !event.isPrimary || drag || settling) return;
    const row = event.target.closest && event.target.closest("[" + REORDER + "]");
    if (!row || !view.mine(row)) return;
    if (event.target.closest("." + HANDLE)) { event.preventDefault(); lift(row, event); return; }
    if (event.target.closest("input,textarea,select")) return;
    press = { row, x: event.clientX, y: event.clientY, id: event.pointerId, timer: setTimeout(() => { const p = press; press = null; if (p) lift(p.row, event); }, HOLD) };
  });
  document.addEventListener("pointermove", (event) => {
    if (press && event.pointerId === press.id && Math.hypot(event.clientX - press.x, event.clientY - press.y) > 8) {
      clearTimeout(press.timer);
      press = null;
    }
    if (drag && event.pointerId === drag.id) { event.preventDefault(); follow(event.clientY); }
  });
  const up = (event) => {
    if (press && event.pointerId === press.id) { clearTimeout(press.timer); press = null; }
    if (drag && event.pointerId === drag.id) { drop(); suppress(); }
  };
  document.addEventListener("pointerup", up);
  document.addEventListener("pointercancel", (event) => {
    if (press) { clearTimeout(press.timer); press = null; }
    if (drag && event.pointerId === drag.id) {
      const items = drag.items;
      drag.item.classList.remove(LIFTED);
      cancelAnimationFrame(drag.frame);
      drag = null;
      document.removeEventListener("touchmove", holdStill);
      reset(items, true);
    }
  });
  // A lifted row's finger does not scroll the page (the list scrolls by itself near its edges):
  // listened to only while a row is lifted, so other touches scroll without waiting for this.
  const holdStill = (event) => { if (drag) event.preventDefault(); };
  // Nor does a long press open a menu (the browser's, or a `.contextMenu`'s).
  document.addEventListener("contextmenu", (event) => {
    if (press || drag) { event.preventDefault(); event.stopImmediatePropagation(); }
  }, true);
  // A long press does not also tap the row.
  let suppressed = false;
  function suppress() { suppressed = true; setTimeout(() => { suppressed = false; }, 0); }
  view.on("click", (event) => {
    if (!suppressed) return false;
    event.preventDefault();
    return true;
  });
  // The handle's arrow keys.
  document.addEventListener("keydown", (event) => {
    const handle = event.target.closest && event.target.closest("." + HANDLE);
    if (!handle || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    const row = handle.closest("[" + REORDER + "]");
    if (!row || !view.mine(row) || !view.handles(row, "move")) return;
    event.preventDefault();
    const items = siblings(itemOf(row)), index = items.indexOf(itemOf(row));
    const next = event.key === "ArrowUp" ? index - 1 : index + 1;
    if (next < 0 || next >= items.length) return;
    const target = place(rowOf(items[next]));
    const ref = view.send(row, "move", event.key === "ArrowUp" ? target : target + 1);
    // The patch moves the row (out and back in): its handle gets the focus again.
    const label = handle.getAttribute("aria-label"), until = performance.now() + 5000;
    const refocus = () => {
      if (view.answeredRef < ref) { if (performance.now() < until) requestAnimationFrame(refocus); return; }
      // Unless the visitor has gone on to something else meanwhile.
      const now = document.activeElement;
      if (now && now !== document.body && now !== handle) return;
      const again = Array.from(document.querySelectorAll("." + HANDLE)).find((el) => el.getAttribute("aria-label") === label);
      if (again && now !== again) again.focus();
    };
    requestAnimationFrame(refocus);
  });
});
