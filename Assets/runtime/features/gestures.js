// Gestures (`.gesture`, `.onLongPressGesture`, `.onTapGesture(count:)`): an element marked
// `data-jw-gesture` says what to watch, one recognizer per `;` — `tap N`, `long ms distance`,
// `drag distance`, `magnify`, `rotate`. The pointer's motion stays here: a drag or a pinch
// sends the server its latest numbers when the server has answered the last ones (at most once
// a frame), then its end; a long press sends "pressing", "released" and its end; taps are
// counted. Numbers, in the element's space: `[index × 4 + phase, …]` (phase 0 changed, 1 ended,
// 2 pressing, 3 released: a press let go, or a drag, pinch or twist cancelled) — a tap or a press `[code, x, y]`, a drag `[code, startX, startY, x,
// y, seconds, originX, originY]`, a pinch or twist `[code, startX, startY, x, y, seconds, scale,
// degrees]`.
//
// A dragged view follows the finger here, not a round trip behind it. The server's answers say
// where the app put the view for the translation it was sent (`.offset(drag)`, a card's
// position); how far the view moved for how far the pointer went, per axis, is learned from
// them and applied to the pointer's newer motion until the next answer (a `translate` of the
// element, the `jw-follow` animation, so patches of its style keep it), and remembered for the
// view's next drag. A view that does not move with the drag (a value read from it, a turn)
// learns a ratio of nothing and is not moved. When the end is answered the view is where the
// server put it (from where it was drawn, if the app animates the drop).
feature((view) => {
  const attribute = wire.attribute.gesture;
  const parse = (el) => {
    const text = el.getAttribute(attribute) || "";
    return { simultaneous: text.startsWith("+"), list: text.replace(/^\+/, "").split(";").map((part) => part.split(" ")) };
  };
  // The gesture elements under a pointer: the innermost, and those around it while each says `+`.
  function holders(target) {
    const found = [];
    for (let el = target && target.closest ? target.closest("[" + attribute + "]") : null; el && view.mine(el); el = el.parentElement && el.parentElement.closest("[" + attribute + "]")) {
      found.push(el);
      if (!parse(el).simultaneous) break;
    }
    return found;
  }
  const round = (n) => Math.round(n * 10) / 10;
  const pointers = new Map();
  let tracked = [];
  let suppressClick = false;
  const taps = new WeakMap();

  // Sends a recognizer's numbers; the event's ref, or 0 when the element has gone.
  function send(el, index, phase, numbers) {
    if (el.isConnected && view.handles(el, "gesture")) return view.send(el, "gesture", [index * 4 + phase].concat(numbers.map(round)));
    return 0;
  }
  // A track's element as the page has it now (a patch may have replaced it).
  const current = (track) => (track.id && view.ids.get(track.id)) || track.el;

  // Following the pointer: each dragged element's learned ratio (its id → [x, y]), kept for its
  // next drag, and the drags whose view this side still draws (until their end is answered).
  const ratios = new Map();
  const following = new Set();
  const followMark = "jw-follow";

  // Draws the view `dx`, `dy` beyond where the server put it.
  function shift(track, dx, dy) {
    const el = current(track);
    dx = round(dx);
    dy = round(dy);
    if ((!dx && !dy) || !el.isConnected) {
      if (track.follow) track.follow.cancel();
      track.follow = null;
      track.shift = [0, 0];
      return;
    }
    track.shift = [dx, dy];
    const frames = [{ translate: dx + "px " + dy + "px" }, { translate: dx + "px " + dy + "px" }];
    if (track.follow && track.follow.effect && track.follow.effect.target === el && track.follow.playState !== "idle") track.follow.effect.setKeyframes(frames);
    else {
      if (track.follow) track.follow.cancel();
      track.follow = el.animate(frames, { duration: 1e9, fill: "forwards" });
      track.follow.id = followMark;
    }
  }
  // Where the pointer is beyond the translation the server's latest answer was for, times the ratio.
  function place(track) {
    const ratio = track.ratio || [0, 0];
    shift(track, ratio[0] * (track.now[0] - track.answered[1]), ratio[1] * (track.now[1] - track.answered[2]));
  }
  // The server has answered up to `view.answeredRef`: a change (the view is drawn from that
  // answer on) or the end (the server's place stands; what was learned is kept).
  function hear(track) {
    const heard = view.answeredRef;
    if (track.endRef && heard >= track.endRef) { stopFollowing(track); return; }
    let latest = null;
    while (track.sent.length && track.sent[0].ref <= heard) latest = track.sent.shift();
    if (!latest) return;
    track.answered = [latest.ref, latest.tx, latest.ty];
    track.learning = true;
    place(track);
  }
  function stopFollowing(track) {
    shift(track, 0, 0);
    following.delete(track);
    if (track.ratio) ratios.set(track.id, track.ratio);
  }
  // After the answer is drawn: how far the view went for the translation it was answering.
  function learn(track) {
    track.learning = false;
    const el = current(track);
    if (!el.isConnected || el.getAnimations().some((animation) => animation.id !== followMark && animation.playState === "running")) return;
    const box = el.getBoundingClientRect();
    const moved = [box.left - track.box.left - track.shift[0], box.top - track.box.top - track.shift[1]];
    const ratio = track.ratio ? track.ratio.slice() : [0, 0];
    for (const axis of [0, 1]) {
      const went = track.answered[axis + 1];
      if (Math.abs(went) < 4) continue;
      let r = Math.max(-3, Math.min(3, moved[axis] / went));
      if (Math.abs(r - 1) < 0.05) r = 1;
      if (Math.abs(r) < 0.05) r = 0;
      ratio[axis] = r;
    }
    track.ratio = ratio;
    place(track);
  }
  // Motion measures the page before a patch (this view as drawn), then the shift is made
  // relative to the answer the patch brings; answers with nothing to draw are heard each frame.
  view.on("beforePatch", () => { for (const track of following) hear(track); });
  view.on("live", () => { for (const track of tracked) track.inflight = null; });
  view.on("settle", () => { for (const track of following) if (track.learning) learn(track); });
  let watching = 0;
  function watch() {
    watching = 0;
    for (const track of following) {
      hear(track);
      if (track.endRef && performance.now() - track.endAt > 2000) stopFollowing(track);
    }
    if (following.size) watching = requestAnimationFrame(watch);
  }

  // One track per gesture element a pointer went down on.
  function start(event) {
    const rect = (el) => el.getBoundingClientRect();
    tracked = holders(event.target).map((el) => {
      const id = el.dataset.j;
      // A drag whose end is not answered yet: the new one starts from where the view is.
      for (const earlier of following) if (earlier.id === id) stopFollowing(earlier);
      const box = rect(el), recognizers = parse(el).list;
      const track = { el, id, recognizers, box, sx: event.clientX - box.left, sy: event.clientY - box.top, t0: performance.now(), dragging: false, frame: 0, latest: null, pressTimer: 0, pressed: false, moved: 0,
        sent: [], inflight: null, answered: [0, 0, 0], now: [0, 0], shift: [0, 0], ratio: ratios.get(id) || null, follow: null, endRef: 0, endAt: 0, learning: false };
      recognizers.forEach((r, index) => {
        if (r[0] === "long") {
          send(el, index, 2, [track.sx, track.sy]);
          track.pressTimer = setTimeout(() => { track.pressed = true; track.pressTimer = 0; send(el, index, 1, [track.sx, track.sy]); send(el, index, 3, [track.sx, track.sy]); suppressClick = true; }, +r[1] || 500);
        }
      });
      if (recognizers.some((r) => r[0] === "drag" || r[0] === "magnify" || r[0] === "rotate")) {
        try { el.setPointerCapture(event.pointerId); } catch (e) {}
      }
      if (recognizers.some((r) => r[0] === "drag")) {
        following.add(track);
        if (!watching) watching = requestAnimationFrame(watch);
      }
      return track;
    });
  }

  function twoFingers() {
    const points = Array.from(pointers.values());
    if (points.length < 2) return null;
    const [a, b] = points, dx = b.x - a.x, dy = b.y - a.y;
    return { distance: Math.hypot(dx, dy), angle: Math.atan2(dy, dx) * 180 / Math.PI };
  }
  let pinchStart = null;

  function move(event) {
    const pinch = twoFingers();
    for (const track of tracked) {
      const x = event.clientX - track.box.left, y = event.clientY - track.box.top;
      const distance = Math.hypot(x - track.sx, y - track.sy);
      track.moved = Math.max(track.moved, distance);
      track.recognizers.forEach((r, index) => {
        if (r[0] === "long" && track.pressTimer && distance > (+r[2] || 10)) {
          clearTimeout(track.pressTimer);
          track.pressTimer = 0;
          send(track.el, index, 3, [x, y]);
        } else if (r[0] === "drag" && (track.dragging || distance >= (+r[1] || 0))) {
          track.dragging = true;
          suppressClick = true;
          track.now = [x - track.sx, y - track.sy];
          queue(track, index, 0, [track.sx, track.sy, x, y, (performance.now() - track.t0) / 1000, track.box.left + scrollX, track.box.top + scrollY]);
          place(track);
        } else if ((r[0] === "magnify" || r[0] === "rotate") && pinch && pinchStart) {
          track.dragging = true;
          track.latestPinch = [track.sx, track.sy, x, y, (performance.now() - track.t0) / 1000, pinch.distance / pinchStart.distance, pinch.angle - pinchStart.angle];
          queue(track, index, 0, track.latestPinch);
        }
      });
    }
  }

  // The latest change goes at the next frame once the server has answered the one before (or
  // after a second without an answer, or when the page is live again after a lost socket): the
  // server hears a drag as fast as it answers (a busy server, or a page over its share of the
  // server, hears fewer), never faster than the screen.
  function queue(track, index, phase, numbers) {
    track.latest = [index, phase, numbers];
    if (!track.frame) track.frame = requestAnimationFrame(() => sendLater(track));
  }
  function sendLater(track) {
    track.frame = 0;
    if (!track.latest) return;
    if (track.inflight && view.answeredRef < track.inflight.ref && performance.now() - track.inflight.at < 1000) {
      track.frame = requestAnimationFrame(() => sendLater(track));
      return;
    }
    sendLatest(track);
  }
  function sendLatest(track) {
    const [index, phase, numbers] = track.latest;
    track.latest = null;
    const ref = send(current(track), index, phase, numbers);
    if (!ref) return;
    track.inflight = { ref, at: performance.now() };
    if (track.recognizers[index][0] === "drag") track.sent.push({ ref, tx: round(numbers[2] - numbers[0]), ty: round(numbers[3] - numbers[1]) });
  }

  function end(event, cancelled) {
    for (const track of tracked) {
      if (track.frame) { cancelAnimationFrame(track.frame); track.frame = 0; }
      if (track.latest) sendLatest(track);
      const x = event.clientX - track.box.left, y = event.clientY - track.box.top;
      track.recognizers.forEach((r, index) => {
        if (r[0] === "long" && track.pressTimer) { clearTimeout(track.pressTimer); send(current(track), index, 3, [x, y]); }
        else if (r[0] === "drag" && track.dragging) {
          // Cancelled (the browser took the pointer: a scroll, a system gesture): "released",
          // which resets the gesture's states without its end.
          if (!cancelled) { track.now = [x - track.sx, y - track.sy]; place(track); }
          track.endRef = send(current(track), index, cancelled ? 3 : 1, [track.sx, track.sy, x, y, (performance.now() - track.t0) / 1000, track.box.left + scrollX, track.box.top + scrollY]);
          track.endAt = performance.now();
        }
        else if ((r[0] === "magnify" || r[0] === "rotate") && track.dragging && track.latestPinch) send(current(track), index, cancelled ? 3 : 1, track.latestPinch);
        else if (r[0] === "tap" && !cancelled && track.moved < 10 && !track.pressed) {
          const count = +r[1] || 1, now = performance.now();
          const seen = taps.get(track.el);
          const n = seen && now - seen.at < 350 ? seen.n + 1 : 1;
          taps.set(track.el, { n: n >= count ? 0 : n, at: now });
          if (n >= count) send(current(track), index, 1, [x, y]);
        }
      });
      // Not dragged, cancelled, or its end not sent: the server's place stands now.
      if (following.has(track) && !track.endRef) stopFollowing(track);
    }
    tracked = [];
  }

  document.addEventListener("pointerdown", (event) => {
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) { pinchStart = twoFingers(); return; }
    if (pointers.size > 2) return;
    suppressClick = false;
    start(event);
  });
  document.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (tracked.length) move(event);
  });
  const lift = (cancelled) => (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinchStart = null;
    if (pointers.size === 0 && tracked.length) end(event, cancelled);
  };
  document.addEventListener("pointerup", lift(false));
  document.addEventListener("pointercancel", lift(true));
  // A drag or a long press that ended on a button does not also click it.
  document.addEventListener("click", (event) => {
    if (suppressClick) { suppressClick = false; event.stopPropagation(); event.preventDefault(); }
  }, true);
  // A trackpad's pinch arrives as a wheel with Ctrl: a magnify gesture's change and end.
  let wheelScale = 1, wheelTimer = 0;
  document.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;
    const el = holders(event.target).find((holder) => parse(holder).list.some((r) => r[0] === "magnify"));
    if (!el) return;
    event.preventDefault();
    const index = parse(el).list.findIndex((r) => r[0] === "magnify");
    const box = el.getBoundingClientRect(), x = event.clientX - box.left, y = event.clientY - box.top;
    wheelScale = Math.max(0.05, wheelScale * Math.exp(-event.deltaY / 100));
    send(el, index, 0, [x, y, x, y, 0, wheelScale, 0]);
    clearTimeout(wheelTimer);
    wheelTimer = setTimeout(() => { send(el, index, 1, [x, y, x, y, 0, wheelScale, 0]); wheelScale = 1; }, 250);
  }, { passive: false });
});
