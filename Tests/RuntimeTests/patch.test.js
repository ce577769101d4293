// A view as patch.js sees it: its ids, its root, and the hooks it emits.
function patchView(markup) {
  const root = fixture(markup).firstElementChild;
  const ids = new Map();
  indexIDs(ids, root);
  const emitted = [];
  return { ids, root, lastInputRef: new Map(), answeredRef: 0, emitted, emit: (name, ...args) => { emitted.push([name, ...args]); return false; } };
}

test("patch: text, attributes set and removed", () => {
  const view = patchView('<div data-j="1"><p data-j="2">old</p></div>');
  applyOp(view, [wire.op.setText, "2", "new"]);
  applyOp(view, [wire.op.setAttribute, "2", "class", "x"]);
  assertEqual(view.root.innerHTML, '<p data-j="2" class="x">new</p>');
  applyOp(view, [wire.op.setAttribute, "2", "class", null]);
  assert(!view.ids.get("2").hasAttribute("class"));
});

test("patch: an insert numbers its implicit ids from the markup's first and tells the features", () => {
  const view = patchView('<ul data-j="1"><li data-j="2">a</li></ul>');
  applyOp(view, [wire.op.insert, "1", 0, '<li data-j="5">b</li><li>c</li>']);
  assertEqual(Array.from(view.root.children, (li) => li.dataset.j + li.textContent), ["5b", "6c", "2a"]);
  assert(view.ids.get("6").textContent === "c");
  assertEqual(view.emitted.map((e) => e[0]), ["inserted", "inserted"]);
});

test("patch: detached elements come back with a move, in one run", () => {
  const view = patchView('<ul data-j="1"><li data-j="2">a</li><li data-j="3">b</li><li data-j="4">c</li></ul>');
  applyOp(view, [wire.op.detach, "2 3"]);
  assertEqual(view.root.textContent, "c");
  applyOp(view, [wire.op.move, "1", 1, "3 2"]);
  assertEqual(view.root.textContent, "cba");
});

test("patch: a remove forgets ids, skipping ones the page never had; a detach of one throws", () => {
  const view = patchView('<ul data-j="1"><li data-j="2">a</li></ul>');
  applyOp(view, [wire.op.remove, "2 zz"]);
  assertEqual(view.root.children.length, 0);
  assert(!view.ids.has("2"));
  assertThrows(() => applyOp(view, [wire.op.detach, "2"]));
});

test("patch: a replace of the root makes the new element the root", () => {
  const view = patchView('<div data-j="1"><p data-j="2"></p></div>');
  applyOp(view, [wire.op.replace, "1", '<section data-j="1"><p data-j="7">x</p></section>']);
  assertEqual(view.root.tagName, "SECTION");
  assert(view.ids.get("7").textContent === "x" && !view.ids.has("2"));
});

test("patch: a command goes to the widget hooks; an unknown op throws", () => {
  const view = patchView('<div data-j="1"></div>');
  applyOp(view, [wire.op.command, "1", "scroll", "{}"]);
  assertEqual(view.emitted[0].slice(2), ["scroll", "{}"]);
  assertThrows(() => applyOp(view, ["q", "1"]));
});

test("patch: a field the user is typing in keeps its text over an older value", () => {
  const view = patchView('<div data-j="1"><input data-j="2" value="a"></div>');
  const input = view.ids.get("2");
  input.focus();
  input.value = "ab";
  view.lastInputRef.set(input, 5);
  view.answeredRef = 4;
  applyOp(view, [wire.op.setAttribute, "2", "value", "a"]);
  assertEqual(input.value, "ab");
  view.answeredRef = 5;
  applyOp(view, [wire.op.setAttribute, "2", "value", "abc"]);
  assertEqual(input.value, "abc");
  input.blur();
});
