// Swipe actions (`.swipeActions`, `.onDelete`): a row marked `data-jw-swipe` ("trailing full",
// "leading", …) slides under the finger or mouse (by `--jw-swiped-trailing` or `-leading`) and its actions (its `jw-row-actions` child)
// grow from that edge beneath it. Let go past half of the actions' width and they stay open;
// past 60 % of the row's width, where a full swipe is allowed, the edge-most action (the first
// the app listed) is done. A tap on the open row, another row opening, or Escape closes it; Tab
// into an action opens its row. All of it stays in the browser: the server hears only the
// action's click.
feature((view) => {
  const SWIPE = wire.attribute.swipe, ACTIONS = wire.className.rowActions, SWIPING = wire.className.swiping;
  // How far a row is open, per edge (a row with both edges is two holders, one in the other).
  const opened = (row) => "--jw-swiped-" + edgeOf(row);
  let track = null, open = null, suppressClick = false;

  const edgeOf = (row) => ((row.getAttribute(SWIPE) || "").includes("leading") ? "leading" : "trailing");
  const full = (row) => (row.getAttribute(SWIPE) || "").includes("full");
  const actionsOf = (row) => Array.from(row.children).find((el) => el.classList.contains(ACTIONS));
  // How wide the actions are at rest: their buttons side by side.
  const natural = (actions) => Array.from(actions.children).reduce((sum, el) => sum + el.scrollWidth, 0);
  const offset = (row) => parseFloat(row.style.getPropertyValue(opened(row))) || 0;
  // Closing goes to 0 (clipped while it slides back), then the row lets go of the property.
  function setOffset(row, px) {
    row.style.setProperty(opened(row), Math.max(0, Math.round(px)) + "px");
    if (px > 0) return;
    setTimeout(() => { if (offset(row) === 0 && row.style.getPropertyValue(opened(row))) row.style.removeProperty(opened(row)); }, 350);
  }
  function close(row) {
    if (!row) return;
    setOffset(row, 0);
    if (open === row) open = null;
  }
  function openRow(row) {
    const actions = actionsOf(row);
    if (!actions) return;
    if (open && open !== row) close(open);
    setOffset(row, natural(actions));
    open = row;
  }
  // The swiping rows a pointer went down in, innermost first (a row may have both edges).
  function rowsAt(target) {
    const rows = [];
    for (let el = target && target.closest ? target.closest("[" + SWIPE + "]") : null; el && view.mine(el); el = el.parentElement && el.parentElement.closest("[" + SWIPE + "]")) rows.push(el);
    return rows;
  }

  document.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || !event.isPrimary) return;
    const rows = rowsAt(event.target);
    // (A row that is a link — a NavigationLink — swipes too; a control inside a row does not.)
    if (!rows.length || event.target.closest("input,textarea,select,button,." + ACTIONS + ",." + wire.className.rowHandle)) return;
    track = { rows, x: event.clientX, y: event.clientY, id: event.pointerId, row: null, base: 0, moved: false };
  }, true);

  // A link's own drag (its address) does not start while a row may be swiped.
  document.addEventListener("dragstart", (event) => { if (track) event.preventDefault(); }, true);
  document.addEventListener("pointermove", (event) => {
    if (!track || event.pointerId !== track.id) return;
    // A row lifted to be moved (features/reorder.js) is the finger's now.
    if (document.querySelector("." + wire.className.lifted)) { track = null; return; }
    // Towards the trailing edge is to the left, or to the right on a right-to-left page.
    const rtl = getComputedStyle(track.rows[0]).direction === "rtl";
    const dx = (event.clientX - track.x) * (rtl ? -1 : 1), dy = event.clientY - track.y;
    if (!track.row) {
      if (Math.abs(dx) < 10 || Math.abs(dx) < Math.abs(dy) * 1.5) {
        if (Math.abs(dy) > 10) track = null;
        return;
      }
      // An open row moves either way; a closed one opens the edge the finger moves away from.
      const already = track.rows.find((row) => row === open);
      track.row = already || track.rows.find((row) => edgeOf(row) === (dx < 0 ? "trailing" : "leading"));
      if (!track.row) { track = null; return; }
      track.base = offset(track.row);
      track.actions = natural(actionsOf(track.row) || track.row);
      track.width = track.row.getBoundingClientRect().width;
      if (open && open !== track.row) close(open);
      track.row.classList.add(SWIPING);
      try { track.row.setPointerCapture(event.pointerId); } catch (e) {}
    }
    track.moved = true;
    const pulled = track.base + (edgeOf(track.row) === "trailing" ? -dx : dx);
    // Past the actions the row resists, unless a full swipe is allowed.
    const limit = full(track.row) ? track.width : track.actions;
    const px = pulled <= limit ? pulled : limit + (pulled - limit) * 0.25;
    setOffset(track.row, Math.max(0, Math.min(px, track.width)));
    event.preventDefault();
  }, true);

  function end(event) {
    if (!track || event.pointerId !== track.id) return;
    const { row, moved, actions, width } = track;
    track = null;
    if (!row || !moved) return;
    row.classList.remove(SWIPING);
    const px = offset(row);
    if (full(row) && px > width * 0.6) {
      setOffset(row, width);
      const first = actionsOf(row) && actionsOf(row).querySelector("button");
      open = null;
      const asked = view.answeredRef;
      if (first) first.click();
      // Out of sight until the server has answered the action (a deleted row goes with its
      // patch; one the app kept comes back), or two seconds.
      const until = performance.now() + 2000;
      const back = () => {
        if (!row.isConnected) return;
        if (view.answeredRef <= asked && performance.now() < until) { requestAnimationFrame(back); return; }
        setTimeout(() => { if (row.isConnected) setOffset(row, 0); }, 50);
      };
      requestAnimationFrame(back);
    } else if (px > actions / 2) {
      setOffset(row, actions);
      open = row;
    } else {
      close(row);
    }
    // The click the browser makes of this press is not a tap.
    suppressClick = true;
    setTimeout(() => { suppressClick = false; }, 0);
  }
  document.addEventListener("pointerup", end, true);
  document.addEventListener("pointercancel", (event) => {
    if (track && track.row) { track.row.classList.remove(SWIPING); close(track.row); }
    track = null;
  }, true);

  // The click that ends a swipe is not a tap; a tap on an open row closes it (a tap elsewhere
  // closes it too, and goes on); an action's click goes to the server and closes its row.
  view.on("click", (event) => {
    if (suppressClick) { event.preventDefault(); return true; }
    if (!open) return false;
    const row = open;
    if (row.contains(event.target) && event.target.closest("." + ACTIONS)) { setTimeout(() => close(row), 0); return false; }
    close(row);
    if (!row.contains(event.target)) return false;
    event.preventDefault();
    return true;
  });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape" && open) close(open); });
  // The keyboard reaches an action by Tab: its row opens, and closes when the focus leaves it.
  document.addEventListener("focusin", (event) => {
    const actions = event.target.closest && event.target.closest("." + ACTIONS);
    const row = actions && actions.parentElement;
    if (row && row.hasAttribute(SWIPE) && view.mine(row) && row !== open) openRow(row);
  });
  document.addEventListener("focusout", (event) => {
    if (!open || !open.contains(event.target) || (event.relatedTarget && open.contains(event.relatedTarget))) return;
    const row = open;
    setTimeout(() => { if (!row.contains(document.activeElement)) close(row); }, 0);
  });
});
