test("ids: an element without data-j has the id after the one before it; data-j=\"\" has none", () => {
  const fragment = parseMarkup('<div><p></p><p data-j="z"></p><span></span><b data-j=""></b><i></i></div>');
  const ids = Array.from(fragment.querySelectorAll("*"), (el) => el.getAttribute("data-j"));
  assertEqual(ids, ["1", "2", "z", "10", "", "11"]);
});

test("ids: a view's map follows what is indexed and unindexed", () => {
  const root = fixture('<div data-j="1"><p data-j="2"><b data-j="3"></b></p></div>').firstElementChild;
  const ids = new Map();
  indexIDs(ids, root);
  assertEqual(Array.from(ids.keys()), ["1", "2", "3"]);
  unindexIDs(ids, root.querySelector("p"));
  assertEqual(Array.from(ids.keys()), ["1"]);
});
