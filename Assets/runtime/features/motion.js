// Motion (docs/motion.md): the server describes how a change moves, once, in the patch that
// makes it — `data-jw-animation` set on the root for `withAnimation`, a changed
// `data-jw-animate` on an element for `.animation(_:value:)` — and this feature moves it with
// the Web Animations API. Before the patch, what is in the moving scopes is measured; after it,
// each element that moved or resized goes from where it was to where it is (FLIP: it starts
// translated back and ends at its place), changed opacity, colours, transforms, filters and
// corners go from the old values to the new, inserted views come in by their transition and
// removed ones leave by theirs (a copy stays in place, out of the layout, until it has). A
// patch that arrives mid-flight measures where things are, stops the motion and starts again
// from there. The user's typing and the next patch never wait for motion. With reduced motion
// preferred, nothing moves: changes fade.
feature((view) => {
  const reduced = window.matchMedia ? matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };
  const mark = "jw-motion";
  // The server's pages read it as `@Environment(\.accessibilityReduceMotion)` (a year, the whole site).
  const remember = () => {
    const has = /(^|; )jw_motion=reduce/.test(document.cookie);
    if (reduced.matches && !has) document.cookie = "jw_motion=reduce; path=/; max-age=31536000; samesite=lax";
    else if (!reduced.matches && has) document.cookie = "jw_motion=; path=/; max-age=0; samesite=lax";
  };
  remember();
  if (reduced.addEventListener) reduced.addEventListener("change", remember);
  const styles = ["opacity", "transform", "backgroundColor", "color", "filter", "borderRadius", "boxShadow", "strokeDasharray", "strokeDashoffset", "fill", "stroke"];
  const fading = ["opacity", "backgroundColor", "color"];
  // At most this many elements measured for one patch (a big page moves its first ones).
  const budget = 1500;
  let plan = null;

  // `duration;delay;iterations;direction;easing` (ms).
  function timing(text) {
    const [duration, delay, iterations, direction, ...easing] = text.split(";");
    return {
      duration: Math.max(0, +duration || 0), delay: Math.max(0, +delay || 0),
      iterations: iterations === "infinite" ? Infinity : Math.max(1, +iterations || 1),
      direction: direction === "alternate" ? "alternate" : "normal", easing: easing.join(";") || "ease-in-out",
    };
  }
  const scopeTiming = (text) => { const at = text.indexOf(";"); return at < 0 ? null : timing(text.slice(at + 1)); };

  // The timing an element moves with in this patch: its nearest scope's, none, or the page's.
  function timingOf(el, base, scopes) {
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      if (scopes.has(node)) return scopes.get(node);
      const scope = node.getAttribute(wire.attribute.animationScope);
      if (scope === "none") return null;
      if (scope && scope.startsWith("over;")) return base ? scopeTiming(scope) : null;
      if (node === view.root) break;
    }
    return base;
  }

  // `moving`: it was in motion, stopped where it is drawn now.
  function snapshot(el, moving) {
    const computed = getComputedStyle(el), style = {};
    for (const name of styles) style[name] = computed[name];
    // The server's transform as it wrote it (a rotation keeps its turns: 0° to 360° is a whole
    // turn, which a matrix is not); one in motion as drawn, or, when the motion was a move
    // (FLIP), none: where it is drawn is its box.
    const own = el.style && el.style.transform;
    if (own && !moving) style.transform = own;
    else if (!own && moving) style.transform = "none";
    return { rect: el.getBoundingClientRect(), style, display: computed.display, background: computed.backgroundColor, border: computed.borderTopWidth };
  }
  function run(el, frames, t, fill) {
    const options = { duration: t.duration, delay: t.delay, iterations: t.iterations, direction: t.direction, easing: t.easing, fill: fill || "backwards" };
    let animation;
    try { animation = el.animate(frames, options); } catch (e) { options.easing = "ease-in-out"; animation = el.animate(frames, options); }
    animation.id = mark;
    return animation;
  }

  // A transition's parts for coming in (0) or going out (1): `opacity`, `scale s x y`,
  // `move edge`, `offset x y`, `timing …`; none written means a fade.
  function transitionOf(el, side) {
    const holder = el.hasAttribute(wire.attribute.transition) ? el : el.querySelector(":scope > [" + wire.attribute.transition + "]");
    if (!holder) return { parts: ["opacity"], timing: null };
    const sides = holder.getAttribute(wire.attribute.transition).split("|");
    const parts = (sides[side] !== undefined ? sides[side] : sides[0]).split("+").filter(Boolean);
    const own = parts.find((part) => part.startsWith("timing "));
    return { parts: parts.filter((part) => !part.startsWith("timing ")), timing: own ? timing(own.slice(7)) : null };
  }

  // The frame a view comes from or goes to.
  function away(parts, el) {
    const frame = {}, transforms = [];
    const rtl = getComputedStyle(el).direction === "rtl";
    for (const part of parts) {
      const [name, a, b, c] = part.split(" ");
      // An app's own transition (`style opacity:0;transform:…`): what its body makes of the view.
      if (name === "style") {
        for (const declaration of part.slice(6).split(";")) {
          const colon = declaration.indexOf(":"), property = declaration.slice(0, colon), value = declaration.slice(colon + 1);
          if (property === "opacity") frame.opacity = +value;
          else if (reduced.matches) continue;
          else if (property === "transform") transforms.push(value);
          else if (property === "filter") frame.filter = value;
          else if (property === "transform-origin") frame.transformOrigin = value;
        }
        if (reduced.matches && !("opacity" in frame)) frame.opacity = 0;
        continue;
      }
      if (name === "opacity" || reduced.matches) { frame.opacity = 0; continue; }
      if (name === "scale") { transforms.push("scale(" + (+a || 0) + ")"); frame.transformOrigin = (+b * 100) + "% " + (+c * 100) + "%"; }
      else if (name === "move") {
        const start = (a === "leading") !== rtl;
        transforms.push(a === "top" ? "translateY(-100%)" : a === "bottom" ? "translateY(100%)" : start ? "translateX(-100%)" : "translateX(100%)");
      } else if (name === "offset") transforms.push("translate(" + (+a || 0) + "px," + (+b || 0) + "px)");
    }
    if (transforms.length) frame.transform = transforms.join(" ");
    return frame;
  }
  function home(frame, style) {
    const frameHome = {};
    if ("opacity" in frame) frameHome.opacity = style.opacity;
    if ("transform" in frame) frameHome.transform = style.transform;
    if ("transformOrigin" in frame) frameHome.transformOrigin = frame.transformOrigin;
    if ("filter" in frame) frameHome.filter = style.filter;
    return frameHome;
  }

  // A navigation stack that pushes or pops, as on iOS (always, as SwiftUI does): on a push
  // the screen it covers slides a third of the way to the leading edge and fades as the new
  // one comes in from the trailing side; on a pop the screen that goes slides off to the
  // trailing edge, uncovering the one under it coming back from the leading side. The screen
  // that goes is a copy of itself (copies.js) over the page, on the page's background, while
  // the new one is already there to use. A screen of more than 2,000 elements is not copied.
  let pushes = [];
  const depth = (path) => (path ? path.split(".").filter(Boolean).length : 0);
  const background = (el) => {
    for (let at = el; at; at = at.parentElement) {
      const color = getComputedStyle(at).backgroundColor;
      if (color && color !== "transparent" && !/^rgba\(.*,\s*0\)$/.test(color)) return color;
    }
    return "Canvas";
  };
  view.on("beforePatch", (ops) => {
    pushes = [];
    if (!ops || reduced.matches) return;
    for (const op of ops) {
      if (op[0] !== wire.op.setAttribute || op[2] !== wire.attribute.navigation) continue;
      const el = view.ids.get(op[1]);
      if (!el || !el.classList.contains(wire.className.navstack)) continue;
      const change = depth(op[3]) - depth(el.getAttribute(wire.attribute.navigation));
      if (!change) continue;
      const box = el.getBoundingClientRect();
      const shown = box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight;
      const copy = shown && el.getElementsByTagName("*").length <= 2000 ? inertCopy(el) : null;
      pushes.push({ stack: el, change, copy, box, paint: copy ? background(el) : "" });
    }
  });
  view.on("settle", () => {
    const timing = { duration: 350, delay: 0, iterations: 1, direction: "normal", easing: "cubic-bezier(0.2, 0.9, 0.25, 1)" };
    for (const { stack, change, copy, box, paint } of pushes) {
      if (!stack.isConnected) continue;
      const push = change > 0, rtl = getComputedStyle(stack).direction === "rtl";
      const side = (share) => ((push !== rtl) ? share : "-" + share);
      // The screen that comes in is clipped at the stack's sides (no scroll bar while it moves).
      stack.style.overflowX = "clip";
      let arriving = null;
      for (const child of stack.children) {
        arriving = run(child, [{ transform: "translateX(" + side("30%") + ")", opacity: 0 }, { transform: "none", opacity: getComputedStyle(child).opacity }], timing);
      }
      const unclip = () => { if (stack.style.overflowX === "clip") stack.style.overflowX = ""; };
      if (arriving) { arriving.onfinish = unclip; arriving.oncancel = unclip; } else unclip();
      if (!copy) continue;
      Object.assign(copy.style, {
        position: "fixed", left: box.left + "px", top: box.top + "px", width: box.width + "px", height: box.height + "px",
        margin: "0", boxSizing: "border-box", overflow: "hidden", background: paint, zIndex: "2147482000", pointerEvents: "none",
      });
      document.body.appendChild(copy);
      // (A covered screen has faded by the time the new one is two thirds in: they never blur together.)
      const frames = push
        ? [{ transform: "none", opacity: 1 }, { transform: "translateX(" + (rtl ? "18%" : "-18%") + ")", opacity: 0, offset: 0.6 }, { transform: "translateX(" + (rtl ? "30%" : "-30%") + ")", opacity: 0 }]
        : [{ transform: "none", opacity: 1 }, { transform: "translateX(" + (rtl ? "-100%" : "100%") + ")", opacity: 1 }];
      const leaving = run(copy, frames, timing, "forwards");
      const done = () => copy.remove();
      leaving.onfinish = done;
      leaving.oncancel = done;
    }
    pushes = [];
  });

  view.on("beforePatch", (ops) => {
    plan = null;
    if (!ops || !view.root) return;
    let base = null;
    const scopes = new Map();
    for (const op of ops) {
      if (op[0] !== wire.op.setAttribute || op[3] === null) continue;
      if (op[2] === wire.attribute.animation) base = scopeTiming(op[3]);
      else if (op[2] === wire.attribute.animationScope && op[3] !== "none" && !op[3].startsWith("over;")) {
        const el = view.ids.get(op[1]);
        if (el) scopes.set(el, scopeTiming(op[3]));
      }
    }
    // `.animation(_:)` without a value: whatever the patch touches inside it moves.
    const always = view.root.querySelectorAll("[" + wire.attribute.animationScope + '^="all;"]');
    if (always.length) for (const op of ops) {
      const el = typeof op[1] === "string" ? view.ids.get(op[1].split(" ")[0]) : null;
      if (el) for (const scope of always) if (scope.contains(el)) scopes.set(scope, scopeTiming(scope.getAttribute(wire.attribute.animationScope)));
    }
    if (!base && !scopes.size) return;
    // Outlines redrawn by the server (a chart's line or area, a shape's new path): their data
    // as drawn now (mid-flight, if they move), to move point by point to the new.
    const outlines = [];
    for (const op of ops) {
      if (op[0] !== wire.op.setAttribute || op[2] !== "d" || !op[3]) continue;
      const el = view.ids.get(op[1]);
      if (el && el.getAttribute("d")) outlines.push({ el, from: el.getAttribute("d"), to: op[3] });
    }
    const before = new Map(), stopping = [];
    // Inside a scope whose `.animation(_:value:)` changed now: a loop there is the server's to end.
    const rescoped = (el) => { for (const scope of scopes.keys()) if (scope.contains(el)) return true; return false; };
    const measure = (el) => {
      if (before.has(el) || leavingCopies.has(el)) return;
      const motions = el.getAnimations ? el.getAnimations().filter((animation) => animation.id === mark) : [];
      // A `.repeatForever` this patch does not change goes on, unmeasured.
      if (motions.some((animation) => animation.effect && animation.effect.getTiming().iterations === Infinity) && !rescoped(el)) return;
      before.set(el, snapshot(el, motions.length > 0));
      stopping.push(...motions);
    };
    for (const root of base ? [view.root] : scopes.keys()) {
      if (before.size >= budget) break;
      measure(root);
      for (const el of root.querySelectorAll("*")) {
        if (before.size >= budget) break;
        measure(el);
      }
    }
    // What is moving stops where it is now (its snapshot has that place), once all are measured.
    for (const animation of stopping) animation.cancel();
    // Removed, or detached and not moved back in this patch (the server keeps them for later).
    const movedBack = new Set();
    for (const op of ops) if (op[0] === wire.op.move) for (const id of op[3].split(" ")) movedBack.add(id);
    const leaving = [];
    for (const op of ops) if (op[0] === wire.op.remove || op[0] === wire.op.detach) for (const id of String(op[1]).split(" ")) {
      if (movedBack.has(id)) continue;
      const el = view.ids.get(id);
      if (!el || !el.isConnected || !el.parentElement || !view.root.contains(el) || el === view.root) continue;
      const t = timingOf(el, base, scopes);
      if (t) leaving.push({ el, parent: el.parentElement, shot: before.get(el) || snapshot(el), timing: t, transition: transitionOf(el, 1) });
    }
    // `.matchedGeometryEffect`: where each matched element is now.
    const matched = new Map();
    view.root.querySelectorAll("[" + wire.attribute.matched + "]").forEach((el) => {
      matched.set(el.getAttribute(wire.attribute.matched), { el, rect: el.getBoundingClientRect() });
    });
    plan = { base, scopes, before, leaving, inserted: [], matched, outlines };
  });

  // An outline whose commands are the same before and after (a line of as many points, a
  // wedge, a bar): each number goes from the old to the new along the change's timing, read
  // from a motion of nothing that keeps that timing (its easing and springs included).
  const tokens = (d) => d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) || [];
  // An arc's two flags (its 4th and 5th numbers) are choices, not amounts: they must agree.
  function flags(list) {
    const at = new Set();
    let command = "", count = 0;
    list.forEach((token, i) => {
      if (isNaN(token)) { command = token; count = 0; return; }
      if ((command === "A" || command === "a") && (count % 7 === 3 || count % 7 === 4)) at.add(i);
      count++;
    });
    return at;
  }
  function reshape(el, from, to, t) {
    const a = tokens(from), b = tokens(to);
    if (a.length !== b.length || a.some((token, i) => isNaN(token) !== isNaN(b[i]) || (isNaN(token) && token !== b[i]))) return;
    for (const i of flags(a)) if (a[i] !== b[i]) return;
    // (The clock moves a property an outline never shows: an outline's offset.)
    const clock = run(el, [{ outlineOffset: "0px" }, { outlineOffset: "0px" }], t);
    let written = from;
    el.setAttribute("d", from);
    const step = () => {
      const progress = clock.effect.getComputedTiming().progress;
      if (clock.playState === "finished" || clock.playState === "idle" || progress === null) return;
      // The server drew another outline since (a change without motion): it stands.
      if (el.getAttribute("d") !== written) { clock.cancel(); return; }
      written = a.map((token, i) => (isNaN(token) ? token : String(Math.round((+token + (+b[i] - +token) * progress) * 1000) / 1000))).join(" ");
      el.setAttribute("d", written);
      requestAnimationFrame(step);
    };
    // At the end, or stopped (a later patch measured it first): the server's outline, unless
    // the server has drawn another since.
    clock.onfinish = clock.oncancel = () => { if (el.getAttribute("d") === written) el.setAttribute("d", to); };
    requestAnimationFrame(step);
  }

  view.on("inserted", (el) => { if (plan && el.nodeType === 1) plan.inserted.push(el); });

  // Effects the server sampled along the animation (`GeometryEffect`): their frames, played
  // evenly once the patch is in (over whatever else moves the element's transform).
  let sampled = [];
  view.on("beforePatch", (ops) => {
    sampled = [];
    if (ops) for (const op of ops) if (op[0] === wire.op.setAttribute && op[2] === wire.attribute.frames && op[3]) sampled.push([op[1], op[3]]);
  });
  view.on("settle", () => {
    const playing = sampled;
    sampled = [];
    if (reduced.matches) return;
    for (const [id, text] of playing) {
      const el = view.ids.get(id);
      if (!el || !el.isConnected) continue;
      const [head, property, ...values] = text.split("|");
      const t = timing(head.slice(head.indexOf(";") + 1));
      if (!values.length || !t.duration) continue;
      for (const animation of el.getAnimations()) if (animation.id === mark) animation.cancel();
      run(el, values.map((value) => ({ [property]: value })), t);
    }
  });

  // `.contentTransition(_:)`: a text that changes in an animated patch rolls (numbers) or fades.
  let retexted = [];
  view.on("beforePatch", (ops) => {
    retexted = [];
    if (!ops) return;
    for (const op of ops) {
      if (op[0] !== wire.op.setText) continue;
      const el = view.ids.get(op[1]);
      const owner = el && el.closest && el.closest("[" + wire.attribute.contentTransition + "]");
      if (owner) retexted.push({ el, before: el.textContent });
    }
  });
  view.on("settle", () => {
    const changed = retexted;
    retexted = [];
    if (!plan || reduced.matches) return;
    for (const { el, before } of changed) {
      const owner = el.closest("[" + wire.attribute.contentTransition + "]");
      const t = owner && timingOf(el, plan.base, plan.scopes);
      if (!t || !t.duration || !el.isConnected || el.textContent === before) continue;
      const kind = owner.getAttribute(wire.attribute.contentTransition);
      let frames = [{ opacity: 0 }, { opacity: 1 }];
      if (kind.startsWith("numeric")) {
        const number = (text) => parseFloat(String(text).replace(/[^0-9.\-]/g, ""));
        const up = kind === "numeric up" || (kind === "numeric" && !(number(el.textContent) < number(before)));
        const from = up ? "0.6em" : "-0.6em";
        frames = [{ opacity: 0, transform: `translateY(${from})` }, { opacity: 1, transform: "translateY(0)" }];
        if (getComputedStyle(el).display === "inline") el.style.display = "inline-block";
      }
      run(el, frames, { ...t, iterations: 1, direction: "normal" });
    }
  });

  view.on("settle", () => {
    if (!plan) return;
    const { base, scopes, before, leaving, inserted, matched: matchedBefore, outlines } = plan;
    plan = null;
    if (!reduced.matches) for (const { el, from, to } of outlines) {
      const t = el.isConnected && timingOf(el, base, scopes);
      if (t && t.duration) reshape(el, from, to, t);
    }
    // Read everything, then write: one layout.
    const after = new Map();
    for (const el of before.keys()) if (el.isConnected) after.set(el, snapshot(el));
    const coming = inserted.filter((el) => el.isConnected && !inserted.some((other) => other !== el && other.contains(el)));
    const comingStyle = coming.map((el) => getComputedStyle(el));
    const delta = (el) => { const was = before.get(el).rect, now = after.get(el).rect; return [was.left - now.left, was.top - now.top]; };
    for (const [el, now] of after) {
      const t = timingOf(el, base, scopes);
      if (!t) continue;
      const was = before.get(el), from = {}, to = {};
      for (const name of reduced.matches ? fading : styles) if (was.style[name] !== now.style[name]) { from[name] = was.style[name]; to[name] = now.style[name]; }
      // Its move within its parent (the parent's own move carries it the rest of the way).
      // (A drawing's parts move with their drawing: only their paint and dashes change.)
      const drawn = el instanceof SVGElement && !(el instanceof SVGSVGElement);
      if (!reduced.matches && !drawn && now.display !== "inline" && !("transform" in from) && now.style.transform === "none") {
        let parent = el.parentElement;
        while (parent && !after.has(parent)) parent = parent.parentElement;
        const [dx, dy] = delta(el), [px, py] = parent ? delta(parent) : [0, 0];
        const x = dx - px, y = dy - py;
        let sx = 1, sy = 1;
        // A box with nothing inside (a colour, a shape, a bar) stretches; text never does.
        if (!el.firstElementChild && !el.textContent.trim() && now.rect.width > 0 && now.rect.height > 0) {
          sx = was.rect.width / now.rect.width || 1;
          sy = was.rect.height / now.rect.height || 1;
        }
        if (Math.abs(x) > 0.5 || Math.abs(y) > 0.5 || Math.abs(sx - 1) > 0.01 || Math.abs(sy - 1) > 0.01) {
          from.transform = "translate(" + x + "px," + y + "px) scale(" + sx + "," + sy + ")";
          to.transform = "none";
          from.transformOrigin = to.transformOrigin = "0 0";
        }
        // A box with content that draws itself (a card's background, a border) grows or
        // shrinks to its new size (its content is laid out again as it does, not stretched).
        const sized = Math.abs(was.rect.width - now.rect.width) > 1 || Math.abs(was.rect.height - now.rect.height) > 1;
        const draws = !/^(transparent|rgba\(0, 0, 0, 0\))$/.test(now.background) || parseFloat(now.border) > 0;
        if (sized && sx === 1 && sy === 1 && draws && el !== view.root && (el.firstElementChild || el.textContent.trim())) {
          from.width = was.rect.width + "px";
          from.height = was.rect.height + "px";
          to.width = now.rect.width + "px";
          to.height = now.rect.height + "px";
          from.boxSizing = to.boxSizing = "border-box";
        }
      }
      if (Object.keys(from).length) run(el, [from, to], t);
    }
    // A matched element that took the place of another moves and grows from where that one was.
    const flown = new Set();
    const matchedNow = [];
    for (const el of view.root.querySelectorAll("[" + wire.attribute.matched + "]")) {
      const was = matchedBefore.get(el.getAttribute(wire.attribute.matched));
      if (was && was.el !== el) matchedNow.push([el, was.rect, el.getBoundingClientRect()]);
    }
    for (const [el, was, now] of matchedNow) {
      const t = timingOf(el, base, scopes);
      if (!t || reduced.matches || !now.width || !now.height) continue;
      run(el, [
        { transform: "translate(" + (was.left - now.left) + "px," + (was.top - now.top) + "px) scale(" + was.width / now.width + "," + was.height / now.height + ")", transformOrigin: "0 0" },
        { transform: "none", transformOrigin: "0 0" },
      ], t);
      for (let node = el; node; node = node.parentElement) flown.add(node);
    }
    coming.forEach((el, index) => {
      const t = timingOf(el, base, scopes);
      if (!t || flown.has(el)) return;
      const transition = transitionOf(el, 0);
      if (!transition.parts.length) return;
      const from = away(transition.parts, el);
      run(el, [from, home(from, comingStyle[index])], transition.timing || t);
    });
    // Those leaving: copies in their places, out of the layout, until their transition ends.
    const copies = [];
    for (const going of leaving) {
      if (!going.parent.isConnected || !going.transition.parts.length) continue;
      const copy = inertCopy(going.el);
      Object.assign(copy.style, {
        position: "absolute", margin: "0", left: "0px", top: "0px", boxSizing: "border-box", pointerEvents: "none",
        width: going.shot.rect.width + "px", height: going.shot.rect.height + "px",
      });
      going.parent.appendChild(copy);
      copies.push([copy, going]);
    }
    const placed = copies.map(([copy]) => copy.getBoundingClientRect());
    copies.forEach(([copy, going], index) => {
      copy.style.left = going.shot.rect.left - placed[index].left + "px";
      copy.style.top = going.shot.rect.top - placed[index].top + "px";
      const to = away(going.transition.parts, going.el);
      const t = going.transition.timing || going.timing;
      const animation = run(copy, [home(to, going.shot.style), to], Object.assign({}, t, { iterations: 1 }), "forwards");
      const done = () => copy.remove();
      animation.onfinish = done;
      animation.oncancel = done;
    });
  });
});
