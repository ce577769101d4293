test("morph: elements matched by id stay the same elements, in the new order", () => {
  const root = fixture('<ul data-j="1"><li data-j="2">a</li><li data-j="3">b</li></ul>').firstElementChild;
  const a = root.children[0], b = root.children[1];
  const model = parseMarkup('<ul data-j="1"><li data-j="3">B</li><li data-j="2">a</li><li data-j="4">c</li></ul>').firstElementChild;
  morphElement(root, model);
  assert(root.children[0] === b && root.children[1] === a, "the same elements, moved");
  assertEqual(root.textContent, "Bac");
});

test("morph: a focused field keeps what is being typed; an unfocused one takes the server's value", () => {
  const root = fixture('<form data-j="1"><input data-j="2" value="a"><input data-j="3" value="x"></form>').firstElementChild;
  const [typing, other] = root.children;
  typing.focus();
  typing.value = "abc";
  morphElement(root, parseMarkup('<form data-j="1"><input data-j="2" value="z"><input data-j="3" value="y"></form>').firstElementChild);
  assertEqual([typing.value, other.value], ["abc", "y"]);
  typing.blur();
});

test("morph: a widget's content is its own", () => {
  const root = fixture('<div data-j="1"><div data-j="2" data-widget="w"><canvas></canvas></div></div>').firstElementChild;
  morphElement(root, parseMarkup('<div data-j="1"><div data-j="2" data-widget="w"></div></div>').firstElementChild);
  assert(root.querySelector("canvas"), "the widget's canvas stays");
});
