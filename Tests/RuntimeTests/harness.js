// A small test harness for the runtime's parts, run in a real browser by
// RuntimeUnitTestsInBrowsers: the parts are loaded into one scope with this file and the
// *.test.js files; each `test` runs in turn (awaiting a promise it returns), and the results go
// to `window.runtimeResults` as [{ name, ok, message }].
const runtimeTests = [];
function test(name, body) { runtimeTests.push({ name, body }); }
function assert(condition, message) { if (!condition) throw new Error(message || "assertion failed"); }
function assertEqual(actual, expected, message) {
  const a = JSON.stringify(actual), e = JSON.stringify(expected);
  if (a !== e) throw new Error((message ? message + ": " : "") + `${a} is not ${e}`);
}
function assertThrows(body, message) {
  try { body(); } catch (e) { return; }
  throw new Error(message || "expected an error");
}

// Markup made into elements under a fresh container in the document.
function fixture(markup) {
  const container = document.createElement("div");
  container.innerHTML = markup;
  document.body.appendChild(container);
  return container;
}

// A virtual clock with timers: `advance(ms)` runs what comes due, in order.
function fakeClock() {
  let now = 1_000_000, nextID = 1;
  const timers = new Map();
  const add = (fn, ms, every) => { const id = nextID++; timers.set(id, { fn, at: now + Math.max(0, ms), every }); return id; };
  return {
    get now() { return now; },
    setTimeout: (fn, ms) => add(fn, ms, 0),
    setInterval: (fn, ms) => add(fn, ms, ms),
    clearTimeout: (id) => timers.delete(id),
    clearInterval: (id) => timers.delete(id),
    pending: () => timers.size,
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let next = null;
        for (const [id, timer] of timers) if (timer.at <= end && (!next || timer.at < next[1].at)) next = [id, timer];
        if (!next) break;
        const [id, timer] = next;
        now = timer.at;
        if (timer.every) timer.at += timer.every; else timers.delete(id);
        timer.fn();
      }
      now = end;
    },
  };
}

async function runRuntimeTests() {
  const results = [];
  for (const { name, body } of runtimeTests) {
    try { await body(); results.push({ name, ok: true, message: "" }); } catch (e) { results.push({ name, ok: false, message: String(e && e.message || e) }); }
  }
  window.runtimeResults = results;
}

// The conformance test (PatchConformanceInChromium): a first page's markup, then patch frames
// as the wire carries them, applied by patch.js; after each frame the page's structure, as
// [tag, [[name, value], …] sorted by name, child, …] with a text as a string (empty texts left
// out), or "error: …" when a frame could not be applied.
window.applyFrames = (markup, frames) => {
  const structure = (node) => {
    if (node.nodeType === 3) return node.nodeValue;
    const attributes = Array.from(node.attributes, (a) => [a.name, a.value]).sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
    return [node.tagName.toLowerCase(), attributes, ...Array.from(node.childNodes).filter((c) => c.nodeType === 1 || (c.nodeType === 3 && c.nodeValue !== "")).map(structure)];
  };
  const container = document.createElement("div");
  document.body.appendChild(container);
  const fragment = parseMarkup(markup);
  const view = { ids: new Map(), root: fragment.firstElementChild, lastInputRef: new Map(), answeredRef: 0, emit: () => false };
  container.appendChild(fragment);
  indexIDs(view.ids, view.root);
  const results = [];
  for (const frame of frames) {
    try { for (const op of JSON.parse(frame)[1]) applyOp(view, op); results.push(structure(view.root)); } catch (e) { results.push("error: " + e.message); break; }
  }
  container.remove();
  return JSON.stringify(results);
};
