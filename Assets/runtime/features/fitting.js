// Content that depends on the room it gets, measured here after every change and when the
// window's size changes:
//   `.minimumScaleFactor`: text wider than its box shrinks to fit, down to its minimum scale.
//   `.truncationMode(.head / .middle)`: a line too long for its box is cut at its start or in
//     its middle with "…"; the whole text stays its accessible name.
//   `ViewThatFits`: the first candidate whose ideal size fits the box is shown, else the last.
feature((view) => {
  const all = (attribute) => view.root ? view.root.querySelectorAll("[" + attribute + "]") : [];

  // The size the server gave each element (`.font(.system(size: 88))` is its own inline
  // size) and the one fitted here: a patch that sets a new size is the server's again.
  const sizes = new WeakMap();
  function fitText() {
    all(wire.attribute.minimumScale).forEach((el) => {
      const known = sizes.get(el);
      const server = known && el.style.fontSize === known.fitted ? known.server : el.style.fontSize;
      el.style.fontSize = server;
      let fitted = server;
      // The element, and its text when it is a frame around one (a clamped line overflows in
      // the text, not in its frame).
      let scale = 1;
      for (const box of [el, el.querySelector(":scope > ." + wire.className.text)]) {
        if (!box || !box.clientWidth) continue;
        if (box.scrollWidth > box.clientWidth + 1) scale = Math.min(scale, box.clientWidth / box.scrollWidth);
        if (box.clientHeight && box.scrollHeight > box.clientHeight + 1) scale = Math.min(scale, box.clientHeight / box.scrollHeight);
      }
      if (scale < 1) {
        const least = parseFloat(el.getAttribute(wire.attribute.minimumScale)) || 1;
        fitted = el.style.fontSize = (parseFloat(getComputedStyle(el).fontSize) * Math.max(least, scale)).toFixed(2) + "px";
      }
      sizes.set(el, { server, fitted });
    });
  }

  // The whole text of each cut element (a patch that changes the text replaces it).
  const whole = new WeakMap();
  const overflows = (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
  function cut(el, mode) {
    let text = el.textContent;
    const known = whole.get(el);
    if (known && text === known.cut) text = known.text;
    el.textContent = text;
    if (!el.clientWidth || !overflows(el)) { whole.delete(el); el.removeAttribute("aria-label"); return; }
    const chars = Array.from(text);
    const shown = (keep) => {
      if (mode === "head") return "…" + chars.slice(chars.length - keep).join("");
      const front = Math.ceil(keep / 2);
      return chars.slice(0, front).join("") + "…" + chars.slice(chars.length - (keep - front)).join("");
    };
    // The most characters that fit, found by halving.
    let low = 0, high = chars.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      el.textContent = shown(middle);
      if (overflows(el)) high = middle - 1; else low = middle;
    }
    el.textContent = shown(low);
    el.setAttribute("aria-label", text);
    whole.set(el, { text, cut: el.textContent });
  }
  function truncate() {
    all(wire.attribute.truncate).forEach((holder) => {
      const mode = holder.getAttribute(wire.attribute.truncate);
      const texts = holder.classList.contains(wire.className.text) ? [holder] : holder.querySelectorAll("." + wire.className.text);
      texts.forEach((el) => { if (!el.firstElementChild) cut(el, mode); });
    });
  }

  // A candidate's ideal size: laid out on its own at its widest (or at the box's width, for its
  // height), out of sight.
  function ideal(candidate, width) {
    const saved = candidate.getAttribute("style");
    candidate.hidden = false;
    candidate.style.cssText += ";position:absolute;visibility:hidden;display:flex;" + (width ? "width:" + width + "px" : "width:max-content");
    const size = [candidate.offsetWidth, candidate.offsetHeight];
    if (saved === null) candidate.removeAttribute("style"); else candidate.setAttribute("style", saved);
    return size;
  }
  function chooseFits() {
    all(wire.attribute.fits).forEach((box) => {
      const axes = box.getAttribute(wire.attribute.fits);
      const candidates = Array.from(box.children);
      if (!candidates.length) return;
      box.style.position = "relative";
      const width = box.clientWidth;
      // A box whose height is bounded (it fills a frame): its height counts too.
      const boundedHeight = axes.includes("vertical") && box.classList.contains(wire.className.fillHeight) ? box.clientHeight : 0;
      let chosen = candidates.length - 1;
      for (let index = 0; index < candidates.length; index++) {
        const [w] = axes.includes("horizontal") ? ideal(candidates[index]) : [0];
        const h = boundedHeight ? ideal(candidates[index], width)[1] : 0;
        if (w <= width && h <= boundedHeight) { chosen = index; break; }
      }
      box.style.position = "";
      candidates.forEach((candidate, index) => { candidate.hidden = index !== chosen; });
      box.setAttribute(wire.attribute.fitted, String(chosen));
    });
  }

  function fit() {
    if (!view.root) return;
    chooseFits();
    truncate();
    fitText();
  }
  view.on("settle", fit);
  let frame = 0;
  window.addEventListener("resize", () => { if (!frame) frame = requestAnimationFrame(() => { frame = 0; fit(); }); });
});
