// Gestures (`.gesture`, `.onLongPressGesture`, `.onTapGesture(count:)`): an element marked
// `data-jw-gesture` says what to watch, one recognizer per `;` — `tap N`, `long ms distance`,
// `drag distance`, `magnify`, `rotate`. The pointer's motion stays here: a drag or a pinch
// sends the server its latest numbers at most once a frame, then its end; a long press sends
// "pressing", "released" and its end; taps are counted. Numbers, in the element's space:
// `[index × 4 + phase, …]` (phase 0 changed, 1 ended, 2 pressing, 3 released) — a tap or a
// press `[code, x, y]`, a drag `[code, startX, startY, x, y, seconds, originX, originY]`, a
// pinch or twist `[code, startX, startY, x, y, seconds, scale, degrees]`.
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

  function send(el, index, phase, numbers) {
    if (el.isConnected && view.handles(el, "gesture")) view.send(el, "gesture", [index * 4 + phase].concat(numbers.map(round)));
  }

  // One track per gesture element a pointer went down on.
  function start(event) {
    const rect = (el) => el.getBoundingClientRect();
    tracked = holders(event.target).map((el) => {
      const box = rect(el), recognizers = parse(el).list;
      const track = { el, recognizers, box, sx: event.clientX - box.left, sy: event.clientY - box.top, t0: performance.now(), dragging: false, frame: 0, latest: null, pressTimer: 0, pressed: false, moved: 0 };
      recognizers.forEach((r, index) => {
        if (r[0] === "long") {
          send(el, index, 2, [track.sx, track.sy]);
          track.pressTimer = setTimeout(() => { track.pressed = true; track.pressTimer = 0; send(el, index, 1, [track.sx, track.sy]); send(el, index, 3, [track.sx, track.sy]); suppressClick = true; }, +r[1] || 500);
        }
      });
      if (recognizers.some((r) => r[0] === "drag" || r[0] === "magnify" || r[0] === "rotate")) {
        try { el.setPointerCapture(event.pointerId); } catch (e) {}
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
          queue(track, index, 0, [track.sx, track.sy, x, y, (performance.now() - track.t0) / 1000, track.box.left + scrollX, track.box.top + scrollY]);
        } else if ((r[0] === "magnify" || r[0] === "rotate") && pinch && pinchStart) {
          track.dragging = true;
          track.latestPinch = [track.sx, track.sy, x, y, (performance.now() - track.t0) / 1000, pinch.distance / pinchStart.distance, pinch.angle - pinchStart.angle];
          queue(track, index, 0, track.latestPinch);
        }
      });
    }
  }

  // At most one change a frame: the latest.
  function queue(track, index, phase, numbers) {
    track.latest = [index, phase, numbers];
    if (!track.frame) track.frame = requestAnimationFrame(() => {
      track.frame = 0;
      if (track.latest) send(track.el, ...track.latest);
      track.latest = null;
    });
  }

  function end(event, cancelled) {
    for (const track of tracked) {
      if (track.frame) { cancelAnimationFrame(track.frame); track.frame = 0; if (track.latest) send(track.el, ...track.latest); }
      const x = event.clientX - track.box.left, y = event.clientY - track.box.top;
      track.recognizers.forEach((r, index) => {
        if (r[0] === "long" && track.pressTimer) { clearTimeout(track.pressTimer); send(track.el, index, 3, [x, y]); }
        else if (r[0] === "drag" && track.dragging && !cancelled) send(track.el, index, 1, [track.sx, track.sy, x, y, (performance.now() - track.t0) / 1000, track.box.left + scrollX, track.box.top + scrollY]);
        else if ((r[0] === "magnify" || r[0] === "rotate") && track.dragging && !cancelled && track.latestPinch) send(track.el, index, 1, track.latestPinch);
        else if (r[0] === "tap" && !cancelled && track.moved < 10 && !track.pressed) {
          const count = +r[1] || 1, now = performance.now();
          const seen = taps.get(track.el);
          const n = seen && now - seen.at < 350 ? seen.n + 1 : 1;
          taps.set(track.el, { n: n >= count ? 0 : n, at: now });
          if (n >= count) send(track.el, index, 1, [x, y]);
        }
      });
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
