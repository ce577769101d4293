// MapKit's Map (JetwayMapKit): a slippy map of web tiles in Web Mercator. The server says where
// a map looks (`data-jw-map`: latitude, longitude and the two spans), what it may do
// (`data-jw-map-options`: pan zoom follow user muted continuous), its tiles (`data-jw-map-tiles`: a
// template and its credit) and where each item is (`data-jw-map-at`); this draws the tiles in
// the map's tiles layer, places the items, draws the overlays (lines, polygons, circles) in
// their leaves, and moves the map under the visitor's mouse, finger, wheel and keys. A move
// that settles is sent as a `camera` event (the region now shown), and with `continuous` also
// every 100 ms as it goes; a new region from the server moves the map there (with motion
// unless the visitor asked for less), unless the visitor's own newer move has not been
// answered yet or their finger or mouse is still moving it.
feature((view) => {
  const TILE = 256, MAX_LATITUDE = 85.0511287798, MIN_ZOOM = 1, MAX_ZOOM = 19, MAX_TILES = 400;
  const EARTH = 40075016.686;
  const maps = new Map();
  const reduced = window.matchMedia ? matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };
  const clampZoom = (z) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
  const numbers = (text) => (text || "").trim().split(/\s+/).filter(Boolean).map(Number);
  // A coordinate's place in the world square, 0…1 each way.
  function project(latitude, longitude) {
    const s = Math.sin(Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude)) * Math.PI / 180);
    return [(longitude + 180) / 360, 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)];
  }
  const latitudeAt = (y) => Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180 / Math.PI;
  const round6 = (value) => Math.round(value * 1e6) / 1e6;

  // The camera (world x, y of the centre and a fractional zoom) that shows a region in a box.
  function cameraFor(text, width, height) {
    const [latitude, longitude, latitudeSpan, longitudeSpan] = numbers(text);
    if (![latitude, longitude, latitudeSpan, longitudeSpan].every(Number.isFinite) || latitudeSpan <= 0 || longitudeSpan <= 0) return null;
    const [x, y] = project(latitude, longitude);
    const top = project(Math.min(latitude + latitudeSpan / 2, MAX_LATITUDE), longitude)[1];
    const bottom = project(Math.max(latitude - latitudeSpan / 2, -MAX_LATITUDE), longitude)[1];
    const across = Math.log2(Math.max(width, 1) * 360 / (TILE * longitudeSpan));
    const down = Math.log2(Math.max(height, 1) / (TILE * Math.max(bottom - top, 1e-12)));
    return { x, y, z: clampZoom(Math.min(across, down)) };
  }
  // The region a map shows now: [latitude, longitude, latitude span, longitude span].
  function regionOf(map) {
    const scale = TILE * 2 ** map.z;
    const top = latitudeAt(Math.max(0, map.y - map.height / 2 / scale)), bottom = latitudeAt(Math.min(1, map.y + map.height / 2 / scale));
    let longitude = map.x * 360 - 180;
    longitude -= Math.round(longitude / 360) * 360;
    return [round6(latitudeAt(map.y)), round6(longitude), round6(Math.max(top - bottom, 1e-6)), round6(Math.min(360, map.width / scale * 360))];
  }
  const options = (el) => new Set((el.getAttribute(wire.attribute.mapOptions) || "").split(" ").filter(Boolean));
  const part = (el, className) => Array.from(el.children).find((child) => child.classList.contains(className));

  function mount(el) {
    let map = maps.get(el);
    if (map) return map;
    map = { el, x: 0.5, y: 0.5, z: MIN_ZOOM, width: 0, height: 0, seen: null, tiles: new Map(), frame: 0, animation: 0,
      pointers: new Map(), dragged: false, suppressClick: false, settleTimer: 0, user: null, watching: null, followed: false };
    maps.set(el, map);
    if ("ResizeObserver" in window) new ResizeObserver(() => measure(map)).observe(el);
    el.addEventListener("pointerdown", (event) => pointerDown(map, event));
    el.addEventListener("pointermove", (event) => pointerMove(map, event));
    el.addEventListener("pointerup", (event) => pointerUp(map, event));
    el.addEventListener("pointercancel", (event) => pointerUp(map, event));
    el.addEventListener("wheel", (event) => wheel(map, event), { passive: false });
    el.addEventListener("dblclick", (event) => {
      if (!options(el).has("zoom") || event.target.closest("." + wire.className.mapItem + ",button")) return;
      const box = el.getBoundingClientRect();
      zoomTo(map, map.z + 1, event.clientX - box.left, event.clientY - box.top, true);
    });
    el.addEventListener("keydown", (event) => key(map, event));
    el.addEventListener("click", (event) => control(map, event));
    measure(map);
    return map;
  }

  function measure(map) {
    const width = map.el.clientWidth, height = map.el.clientHeight;
    if (!width || !height) return;
    const first = !map.width;
    map.width = width;
    map.height = height;
    if (first) follow(map, true); else draw(map);
  }

  // The server's region: followed unless the visitor's newer move is still unanswered.
  function follow(map, immediately) {
    const text = map.el.getAttribute(wire.attribute.map);
    if (!map.width) return;
    if (text === map.seen && !immediately) { draw(map); return; }
    // Answers to a continuous move's reports wait until the visitor lets go.
    if (map.dragged && map.pointers.size) { draw(map); return; }
    map.seen = text;
    if ((view.lastInputRef.get(map.el) || 0) > view.answeredRef) { draw(map); return; }
    const target = cameraFor(text, map.width, map.height);
    if (!target) { draw(map); return; }
    const scale = TILE * 2 ** map.z;
    const moved = Math.abs(target.z - map.z) > 0.01 || Math.hypot((target.x - map.x) * scale, (target.y - map.y) * scale) > 1;
    if (!moved) { draw(map); return; }
    if (immediately || reduced.matches) { Object.assign(map, target); draw(map); } else animate(map, target);
    if (immediately && options(map.el).has("follow")) locate(map, false);
  }

  function animate(map, target) {
    cancelAnimationFrame(map.animation);
    const from = { x: map.x, y: map.y, z: map.z }, started = performance.now(), duration = 350;
    const step = (now) => {
      const t = Math.min(1, (now - started) / duration), eased = 1 - (1 - t) ** 3;
      map.x = from.x + (target.x - from.x) * eased;
      map.y = from.y + (target.y - from.y) * eased;
      map.z = from.z + (target.z - from.z) * eased;
      draw(map);
      map.animation = t < 1 ? requestAnimationFrame(step) : 0;
    };
    map.animation = requestAnimationFrame(step);
  }

  // Everything in its place for the camera now.
  function draw(map) {
    const el = map.el;
    if (!map.width || !el.isConnected) return;
    // (A focused item near the edge must not scroll the map's box: its items are placed, not scrolled.)
    if (el.scrollLeft || el.scrollTop) { el.scrollLeft = 0; el.scrollTop = 0; }
    map.y = Math.min(1, Math.max(0, map.y));
    const scale = TILE * 2 ** map.z;
    drawTiles(map, scale);
    const place = (x, y) => {
      let dx = x - map.x;
      dx -= Math.round(dx);
      return [dx * scale + map.width / 2, (y - map.y) * scale + map.height / 2];
    };
    for (const child of el.children) {
      if (child.classList.contains(wire.className.mapItem)) {
        const [latitude, longitude, ax, ay] = numbers(child.getAttribute(wire.attribute.mapAt));
        if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
        const [px, py] = place(...project(latitude, longitude));
        child.style.transform = `translate(${px.toFixed(1)}px,${py.toFixed(1)}px) translate(${-(ax || 0.5) * 100}%,${-(ay === undefined ? 1 : ay) * 100}%)`;
      } else if (child.classList.contains(wire.className.mapShape)) {
        drawShape(map, child, place, scale);
      }
    }
    drawChrome(map);
  }

  function drawTiles(map, scale) {
    const layer = part(map.el, wire.className.mapTiles);
    if (!layer) return;
    const [template] = (map.el.getAttribute(wire.attribute.mapTiles) || "").split("\n");
    const level = Math.max(0, Math.min(MAX_ZOOM, Math.round(map.z)));
    const count = 2 ** level, size = TILE * 2 ** (map.z - level);
    const left = map.x * scale - map.width / 2, top = map.y * scale - map.height / 2;
    const wanted = new Set();
    const i0 = Math.floor(left / size), i1 = Math.floor((left + map.width) / size);
    const j0 = Math.max(0, Math.floor(top / size)), j1 = Math.min(count - 1, Math.floor((top + map.height) / size));
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1 && wanted.size < MAX_TILES; i++) {
        const column = ((i % count) + count) % count;
        const id = `${level}/${i}/${j}`;
        wanted.add(id);
        let img = map.tiles.get(id);
        if (!img || img.parentNode !== layer) {
          img = document.createElement("img");
          img.alt = "";
          img.draggable = false;
          img.decoding = "async";
          img.onerror = () => { img.style.visibility = "hidden"; };
          if (template) img.src = template.replace("{z}", level).replace("{x}", column).replace("{y}", j).replace("{s}", "abc"[(column + j) % 3]);
          layer.appendChild(img);
          map.tiles.set(id, img);
        }
        img.style.transform = `translate(${(i * size - left).toFixed(1)}px,${(j * size - top).toFixed(1)}px)`;
        img.style.width = img.style.height = `${(size + 0.5).toFixed(1)}px`;
      }
    }
    for (const [id, img] of map.tiles) if (!wanted.has(id)) { img.remove(); map.tiles.delete(id); }
    // The visitor's position, where the browser told it.
    let dot = layer.querySelector("." + wire.className.mapUser);
    if (map.user && options(map.el).has("user")) {
      if (!dot) { dot = document.createElement("span"); dot.className = wire.className.mapUser; layer.appendChild(dot); }
      const [x, y] = project(map.user[0], map.user[1]);
      let dx = x - map.x;
      dx -= Math.round(dx);
      dot.style.transform = `translate(${(dx * scale + map.width / 2).toFixed(1)}px,${((y - map.y) * scale + map.height / 2).toFixed(1)}px) translate(-50%,-50%)`;
    } else if (dot) dot.remove();
  }

  const SVG = "http://www.w3.org/2000/svg";
  function drawShape(map, leaf, place, scale) {
    const [kind, radius] = (leaf.getAttribute(wire.attribute.mapShape) || "").split(" ");
    const values = numbers(leaf.getAttribute(wire.attribute.mapAt));
    let svg = leaf.firstElementChild;
    if (!svg || svg.tagName.toLowerCase() !== "svg") {
      leaf.replaceChildren();
      svg = document.createElementNS(SVG, "svg");
      leaf.appendChild(svg);
    }
    svg.setAttribute("width", map.width);
    svg.setAttribute("height", map.height);
    const points = [];
    for (let k = 0; k + 1 < values.length; k += 2) points.push(place(...project(values[k], values[k + 1])));
    let shape = svg.firstElementChild;
    const tag = kind === "circle" ? "circle" : "path";
    if (!shape || shape.tagName !== tag) { svg.replaceChildren(); shape = document.createElementNS(SVG, tag); svg.appendChild(shape); }
    if (kind === "circle" && points.length) {
      const metresPerPixel = EARTH * Math.cos(values[0] * Math.PI / 180) / scale;
      shape.setAttribute("cx", points[0][0].toFixed(1));
      shape.setAttribute("cy", points[0][1].toFixed(1));
      shape.setAttribute("r", Math.max(0, Number(radius) / metresPerPixel).toFixed(1));
    } else {
      shape.setAttribute("d", points.map(([x, y], k) => `${k ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)}`).join("") + (kind === "polygon" ? "Z" : ""));
    }
    shape.setAttribute("class", kind === "line" ? wire.className.mapLine : wire.className.mapArea);
  }

  // The tiles' credit and the zoom buttons (in the chrome), and the app's scale and zoom
  // controls (in the controls the app listed).
  function drawChrome(map) {
    const chrome = part(map.el, wire.className.mapChrome);
    if (chrome && !chrome.firstChild) {
      const credit = document.createElement("span");
      credit.className = wire.className.mapCredit;
      credit.textContent = (map.el.getAttribute(wire.attribute.mapTiles) || "").split("\n")[1] || "";
      chrome.appendChild(credit);
      if (options(map.el).has("zoom")) chrome.appendChild(zoomButtons());
    }
    for (const el of map.el.querySelectorAll(`[${wire.attribute.mapControl}]`)) {
      const kind = el.getAttribute(wire.attribute.mapControl);
      if (kind === "zoom" && !el.firstChild) el.appendChild(zoomButtons());
      if (kind === "scale") drawScale(map, el);
    }
  }
  function zoomButtons() {
    const box = document.createElement("span");
    box.className = wire.className.mapZoom;
    for (const [label, text, step] of [["Zoom in", "+", 1], ["Zoom out", "−", -1]]) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = text;
      button.setAttribute("aria-label", label);
      button.dataset.jwMapZoom = String(step);
      box.appendChild(button);
    }
    return box;
  }
  function drawScale(map, el) {
    const metresPerPixel = EARTH * Math.cos(latitudeAt(map.y) * Math.PI / 180) / (TILE * 2 ** map.z);
    const most = metresPerPixel * 100;
    const unit = 10 ** Math.floor(Math.log10(most));
    const metres = [5, 2, 1].map((m) => m * unit).find((m) => m <= most) || unit;
    el.textContent = metres >= 1000 ? `${metres / 1000} km` : `${metres} m`;
    el.style.setProperty("--jw-map-scale", `${(metres / metresPerPixel).toFixed(0)}px`);
  }

  // A zoom button, the app's location button.
  function control(map, event) {
    const zoom = event.target.closest("[data-jw-map-zoom]");
    if (zoom && map.el.contains(zoom)) {
      event.preventDefault();
      zoomTo(map, map.z + Number(zoom.dataset.jwMapZoom), map.width / 2, map.height / 2, true);
      return;
    }
    const user = event.target.closest(`[${wire.attribute.mapControl}="user"]`);
    if (user && map.el.contains(user)) { event.preventDefault(); locate(map, true); }
  }

  // The visitor's position: asked of the browser when they press the location button (it asks
  // them), or when the map follows it and they allowed it before.
  function locate(map, asked) {
    if (!navigator.geolocation) return;
    const go = () => navigator.geolocation.getCurrentPosition((position) => {
      map.user = [position.coords.latitude, position.coords.longitude];
      const [x, y] = project(map.user[0], map.user[1]);
      const z = asked ? Math.max(map.z, 14) : map.z;
      if (reduced.matches) Object.assign(map, { x, y, z }); else animate(map, { x, y, z });
      settleSoon(map, 400);
    }, () => {}, { maximumAge: 60000, timeout: 30000 });
    if (asked) { go(); return; }
    if (navigator.permissions && navigator.permissions.query) {
      navigator.permissions.query({ name: "geolocation" }).then((status) => { if (status.state === "granted") go(); }, () => {});
    }
  }

  function zoomTo(map, z, px, py, animated) {
    if (!options(map.el).has("zoom")) return;
    z = clampZoom(z);
    const before = TILE * 2 ** map.z, after = TILE * 2 ** z;
    const wx = map.x + (px - map.width / 2) / before, wy = map.y + (py - map.height / 2) / before;
    const target = { x: wx - (px - map.width / 2) / after, y: wy - (py - map.height / 2) / after, z };
    if (animated && !reduced.matches) animate(map, target); else { Object.assign(map, target); draw(map); }
    settleSoon(map, animated ? 400 : 250);
  }

  function wheel(map, event) {
    if (!options(map.el).has("zoom")) return;
    event.preventDefault();
    cancelAnimationFrame(map.animation);
    const box = map.el.getBoundingClientRect();
    const delta = event.deltaY * (event.deltaMode === 1 ? 33 : event.deltaMode === 2 ? 400 : 1);
    zoomTo(map, map.z - delta * 0.002, event.clientX - box.left, event.clientY - box.top, false);
  }

  function key(map, event) {
    if (event.target !== map.el) return;
    const step = 80 / (TILE * 2 ** map.z);
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (moves[event.key] && options(map.el).has("pan")) {
      event.preventDefault();
      // A move under way (the app's) stops where it is: the key moves on from there.
      cancelAnimationFrame(map.animation);
      map.x += moves[event.key][0];
      map.y += moves[event.key][1];
      draw(map);
      settleSoon(map, 300);
    } else if (event.key === "+" || event.key === "=" || event.key === "-") {
      event.preventDefault();
      zoomTo(map, map.z + (event.key === "-" ? -1 : 1), map.width / 2, map.height / 2, true);
    }
  }

  // Dragging with one pointer moves the map; two pinch it.
  function pointerDown(map, event) {
    if (event.button !== 0 || event.target.closest("button,input,select,textarea,a," + `.${wire.className.mapControls}`)) return;
    const can = options(map.el);
    if (!can.has("pan") && !can.has("zoom")) return;
    cancelAnimationFrame(map.animation);
    map.pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (map.pointers.size === 1) { map.dragged = false; map.start = [event.clientX, event.clientY]; }
    map.pinch = map.pointers.size === 2 ? spread(map) : null;
  }
  function spread(map) {
    const [[ax, ay], [bx, by]] = Array.from(map.pointers.values());
    const box = map.el.getBoundingClientRect();
    return { distance: Math.hypot(ax - bx, ay - by), z: map.z, px: (ax + bx) / 2 - box.left, py: (ay + by) / 2 - box.top };
  }
  function pointerMove(map, event) {
    const last = map.pointers.get(event.pointerId);
    if (!last) return;
    const can = options(map.el);
    if (map.pointers.size === 2 && map.pinch && can.has("zoom")) {
      map.pointers.set(event.pointerId, [event.clientX, event.clientY]);
      const now = spread(map);
      if (map.pinch.distance > 0 && now.distance > 0) {
        const z = clampZoom(map.pinch.z + Math.log2(now.distance / map.pinch.distance));
        const before = TILE * 2 ** map.z, after = TILE * 2 ** z;
        const wx = map.x + (now.px - map.width / 2) / before, wy = map.y + (now.py - map.height / 2) / before;
        Object.assign(map, { x: wx - (now.px - map.width / 2) / after, y: wy - (now.py - map.height / 2) / after, z });
        map.dragged = true;
        schedule(map);
      }
      return;
    }
    if (!can.has("pan")) return;
    if (!map.dragged && Math.hypot(event.clientX - map.start[0], event.clientY - map.start[1]) < 4) return;
    if (!map.dragged) { map.dragged = true; try { map.el.setPointerCapture(event.pointerId); } catch (e) {} }
    const scale = TILE * 2 ** map.z;
    map.x -= (event.clientX - last[0]) / scale;
    map.y -= (event.clientY - last[1]) / scale;
    map.pointers.set(event.pointerId, [event.clientX, event.clientY]);
    schedule(map);
  }
  function pointerUp(map, event) {
    if (!map.pointers.delete(event.pointerId)) return;
    map.pinch = map.pointers.size === 2 ? spread(map) : null;
    if (map.pointers.size === 0 && map.dragged) {
      map.suppressClick = true;
      setTimeout(() => { map.suppressClick = false; }, 0);
      settle(map);
    }
  }
  function schedule(map) {
    if (!map.frame) map.frame = requestAnimationFrame(() => { map.frame = 0; draw(map); });
    moving(map);
  }

  function settleSoon(map, delay) {
    clearTimeout(map.settleTimer);
    map.settleTimer = setTimeout(() => settle(map), delay);
    moving(map);
  }
  // A move under way, told as it goes when the app listens continuously.
  function moving(map) {
    if (options(map.el).has("continuous") && performance.now() - (map.sentAt || 0) >= 100) report(map);
  }
  // The region shown now, to the server (which sets the app's position to it).
  function settle(map) {
    clearTimeout(map.settleTimer);
    report(map);
  }
  function report(map) {
    if (!map.el.isConnected || !map.width || !view.handles(map.el, "camera")) return;
    map.sentAt = performance.now();
    const ref = view.send(map.el, "camera", regionOf(map));
    view.lastInputRef.set(map.el, ref);
  }

  // A click that ended a drag is not a tap on what is under it; the zoom and location buttons
  // are the map's own.
  view.on("click", (event) => {
    for (const map of maps.values()) {
      if (!map.el.contains(event.target)) continue;
      if (map.suppressClick) return true;
      if (event.target.closest(`[data-jw-map-zoom],[${wire.attribute.mapControl}]`)) return true;
    }
    return false;
  });
  function scan(root) {
    if (!root || root.nodeType !== 1) return;
    if (root.matches("." + wire.className.map)) mount(root);
    root.querySelectorAll("." + wire.className.map).forEach(mount);
  }
  view.on("inserted", (el) => {
    scan(el);
    for (const map of maps.values()) if (map.el.isConnected) draw(map);
  });
  view.on("settle", () => {
    for (const [el, map] of maps) {
      if (!el.isConnected) { maps.delete(el); continue; }
      follow(map, false);
    }
  });
});
