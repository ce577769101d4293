// `Canvas`: the server records what the app's renderer draws as commands in the `<canvas>`'s
// `data-jw-draw` (one a line, fields split by `|`; the format is GraphicsContext.Recorder's,
// in Sources/Jetway/Drawing/Canvas.swift) and this draws them with the 2D context, at the
// screen's pixel density, scaled to the size the canvas has here (as an SVG's viewBox would).
// A canvas is drawn when the page starts, when a patch changes its commands, when its box
// changes size, when a picture it draws has loaded, and when the colour scheme changes (its
// colours may be the page's variables).
feature((view) => {
  const attribute = wire.attribute.drawing;
  const drawn = new WeakMap();
  const pictures = new Map();
  const blends = { normal: "source-over", "plus-lighter": "lighter" };
  const decode = (field) => { try { return decodeURIComponent(field); } catch (e) { return field; } };
  const numbers = (field) => (field ? field.split(" ").map(Number) : []);

  // A colour as the canvas can take it: the page's variables and `currentColor` read through
  // an element inside the canvas (its fallback content, which has the canvas's styles).
  function colours(canvas) {
    const known = new Map();
    let probe = null;
    const resolve = (value) => {
      if (!value) return "transparent";
      if (!/var\(|currentcolor/i.test(value)) return value;
      if (known.has(value)) return known.get(value);
      if (!probe) { probe = document.createElement("span"); canvas.appendChild(probe); }
      probe.style.color = value;
      const resolved = getComputedStyle(probe).color;
      known.set(value, resolved);
      return resolved;
    };
    resolve.done = () => { if (probe) probe.remove(); };
    return resolve;
  }

  // A picture, loaded once for the page; the canvases that wait for it are drawn again.
  function picture(address, canvas) {
    let entry = pictures.get(address);
    if (!entry) {
      const image = new Image();
      entry = { image, waiting: new Set() };
      pictures.set(address, entry);
      image.onload = image.onerror = () => { for (const waiting of entry.waiting) if (waiting.isConnected) draw(waiting, true); entry.waiting.clear(); };
      image.src = address;
    }
    if (entry.image.complete && entry.image.naturalWidth) return entry.image;
    if (!entry.image.complete) entry.waiting.add(canvas);
    return null;
  }

  function draw(canvas, force) {
    const text = canvas.getAttribute(attribute) || "";
    const width = canvas.clientWidth, height = canvas.clientHeight, density = window.devicePixelRatio || 1;
    const key = text + "\n" + width + "x" + height + "@" + density;
    if (!force && drawn.get(canvas) === key) return;
    drawn.set(canvas, key);
    const pixelsWide = Math.max(1, Math.round(width * density)), pixelsHigh = Math.max(1, Math.round(height * density));
    if (canvas.width !== pixelsWide) canvas.width = pixelsWide;
    if (canvas.height !== pixelsHigh) canvas.height = pixelsHigh;
    const main = canvas.getContext("2d");
    if (!main) return;
    main.setTransform(1, 0, 0, 1, 0, 0);
    main.clearRect(0, 0, pixelsWide, pixelsHigh);
    const lines = text.split("\n");
    const [drawnWidth, drawnHeight] = numbers((lines[0] || "").slice(2));
    if (!(drawnWidth > 0) || !(drawnHeight > 0) || !width || !height) return;
    // The recorded size fitted in the canvas's box, centred (an SVG viewBox's "meet").
    const fit = Math.min(width / drawnWidth, height / drawnHeight);
    const base = [fit * density, 0, 0, fit * density, (width - drawnWidth * fit) / 2 * density, (height - drawnHeight * fit) / 2 * density];
    const colour = colours(canvas);
    const page = getComputedStyle(canvas);
    const clips = [], filters = [], gradients = [];
    let state = { matrix: null, opacity: 1, blend: "source-over", clips: [], filters: [] };
    // Layers: the context drawn into, and the state the layer is composited with.
    const layers = [{ context: main }];
    const context = () => layers[layers.length - 1].context;

    const paint = (value, ctx) => {
      if (value && value[0] === "@") {
        const g = gradients[+value.slice(1)];
        if (!g) return "transparent";
        const p = g.points;
        const gradient = g.kind === "l" ? ctx.createLinearGradient(p[0], p[1], p[2], p[3]) : ctx.createRadialGradient(p[0], p[1], p[2], p[0], p[1], p[3]);
        for (let i = 0; i + 1 < g.stops.length; i += 2) { try { gradient.addColorStop(+g.stops[i], colour(g.stops[i + 1])); } catch (e) {} }
        return gradient;
      }
      return colour(value);
    };
    // Runs `body` with a state's clips, transform, opacity, blend and filters (`place`: with
    // its transform; a layer is composited in pixels).
    function under(ctx, s, place, body) {
      ctx.save();
      for (const index of s.clips) {
        const clip = clips[index];
        if (!clip) continue;
        ctx.setTransform(...base);
        if (clip.matrix) ctx.transform(...clip.matrix);
        const path = new Path2D();
        if (clip.inverse) {
          // Everything but the path: a huge rectangle with the path cut out (the path is
          // where the context's transform put it; the rectangle in the canvas's space).
          const inverse = new DOMMatrix(clip.matrix || [1, 0, 0, 1, 0, 0]).inverse();
          path.addPath(new Path2D("M-100000 -100000H100000V100000H-100000Z"), inverse);
          path.addPath(new Path2D(clip.data));
          ctx.clip(path, "evenodd");
        } else {
          path.addPath(new Path2D(clip.data));
          ctx.clip(path, clip.evenOdd ? "evenodd" : "nonzero");
        }
      }
      ctx.setTransform(...(place ? base : [1, 0, 0, 1, 0, 0]));
      if (place && s.matrix) ctx.transform(...s.matrix);
      ctx.globalAlpha = s.opacity;
      ctx.globalCompositeOperation = s.blend;
      let filter = "";
      for (const index of s.filters) {
        const f = filters[index];
        if (!f) continue;
        if (f[0] === "blur") filter += " blur(" + (+f[1] / 2) * fit * density + "px)";
        else if (f[0] === "shadow") {
          ctx.shadowColor = colour(f[1]);
          ctx.shadowBlur = +f[2] * fit * density;
          ctx.shadowOffsetX = +f[3] * fit * density;
          ctx.shadowOffsetY = +f[4] * fit * density;
        }
      }
      if (filter && "filter" in ctx) ctx.filter = filter.trim();
      try { body(ctx); } catch (e) { console.warn("jetway: canvas:", e); }
      ctx.restore();
    }

    try { record(); } finally { colour.done(); }
    function record() { for (let n = 1; n < lines.length; n++) {
      const line = lines[n], kind = line[0], fields = line.slice(2).split("|");
      switch (kind) {
        case "C": clips.push({ matrix: fields[0] ? numbers(fields[0]) : null, data: fields[1], evenOdd: fields[2] === "e", inverse: fields[3] === "i" }); break;
        case "R": filters.push(fields); break;
        case "D": gradients.push({ kind: fields[0], points: numbers(fields[1]), stops: fields.slice(2) }); break;
        case "G": {
          const [matrix, opacity, blend, clipList, filterList] = fields;
          state = {
            matrix: matrix ? numbers(matrix) : null, opacity: opacity ? +opacity : 1, blend: blends[blend] || blend || "source-over",
            clips: clipList ? clipList.split(",").map(Number) : [], filters: filterList ? filterList.split(",").map(Number) : [],
          };
          break;
        }
        case "F":
          under(context(), state, true, (ctx) => { ctx.fillStyle = paint(fields[1], ctx); ctx.fill(new Path2D(fields[0]), fields[2] === "e" ? "evenodd" : "nonzero"); });
          break;
        case "S":
          under(context(), state, true, (ctx) => {
            const [lineWidth, cap, join, miter] = fields[2].split(" ");
            ctx.strokeStyle = paint(fields[1], ctx);
            ctx.lineWidth = +lineWidth;
            ctx.lineCap = cap;
            ctx.lineJoin = join;
            ctx.miterLimit = +miter || 10;
            if (fields[3]) { ctx.setLineDash(numbers(fields[3])); ctx.lineDashOffset = +fields[4] || 0; }
            if (+lineWidth > 0) ctx.stroke(new Path2D(fields[0]));
          });
          break;
        case "T":
          under(context(), state, true, (ctx) => {
            const [x, y] = numbers(fields[1]), [align, baseline] = fields[2].split(" ");
            ctx.font = fields[3] + " " + (fields[4] ? '"' + fields[4] + '", ' : "") + page.fontFamily;
            ctx.textAlign = align;
            ctx.textBaseline = baseline;
            ctx.fillStyle = paint(fields[5], ctx);
            ctx.fillText(decode(fields[0]), x, y);
          });
          break;
        case "I": {
          const image = picture(decode(fields[0]), canvas);
          const [x, y, w, h] = numbers(fields[1]);
          if (image) under(context(), state, true, (ctx) => ctx.drawImage(image, x, y, w, h));
          break;
        }
        case "M": {
          // A symbol: its picture's shape, filled with the paint (drawn apart at the pixels it
          // covers, then placed).
          const image = picture(decode(fields[0]), canvas);
          const [x, y, w, h] = numbers(fields[1]);
          if (!image || !(w > 0) || !(h > 0)) break;
          const scale = fit * density * Math.max(1, Math.hypot(...(state.matrix || [1, 0]).slice(0, 2)));
          const shape = document.createElement("canvas");
          shape.width = Math.max(1, Math.ceil(w * scale));
          shape.height = Math.max(1, Math.ceil(h * scale));
          const s = shape.getContext("2d");
          s.fillStyle = paint(fields[2], s);
          s.fillRect(0, 0, shape.width, shape.height);
          s.globalCompositeOperation = "destination-in";
          s.drawImage(image, 0, 0, shape.width, shape.height);
          under(context(), state, true, (ctx) => ctx.drawImage(shape, x, y, w, h));
          break;
        }
        case "L": {
          const layer = document.createElement("canvas");
          layer.width = pixelsWide;
          layer.height = pixelsHigh;
          layers.push({ context: layer.getContext("2d"), canvas: layer, state });
          break;
        }
        case "E": {
          if (layers.length < 2) break;
          const layer = layers.pop();
          under(context(), layer.state, false, (ctx) => ctx.drawImage(layer.canvas, 0, 0));
          break;
        }
      }
    } }
  }

  function drawAll(force) {
    if (!view.root) return;
    for (const canvas of view.root.querySelectorAll("canvas[" + attribute + "]")) {
      draw(canvas, force);
      sized.observe(canvas);
    }
  }
  const sized = typeof ResizeObserver === "function" ? new ResizeObserver((entries) => { for (const entry of entries) if (entry.target.isConnected) draw(entry.target); }) : { observe() {} };
  view.on("settle", () => drawAll(false));
  if (window.matchMedia) matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => drawAll(true));
});
