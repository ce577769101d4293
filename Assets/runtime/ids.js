// Element ids (docs/protocol.md, "Implicit ids"): in one piece of server markup, an element
// written without `data-j` has the id after the element before it (base 36); `data-j=""` has
// none. HTMLWriter writes them this way, HTMLParser (JetwayTesting) reads them the same.
function numberIDs(elements) {
  let last = 0;
  for (const el of elements) {
    const id = el.getAttribute(wire.attribute.id);
    if (id === null) el.setAttribute(wire.attribute.id, (++last).toString(36));
    else if (id !== "") last = parseInt(id, 36);
  }
}

// Server markup as a fragment, its ids written in.
function parseMarkup(markup) {
  const template = document.createElement("template");
  template.innerHTML = markup;
  numberIDs(template.content.querySelectorAll("*"));
  return template.content;
}

// Adds `el` and the elements inside it to a view's map of ids, or takes them out.
function indexIDs(ids, el) {
  if (el.nodeType !== 1) return;
  if (el.dataset.j) ids.set(el.dataset.j, el);
  el.querySelectorAll("[" + wire.attribute.id + "]").forEach((child) => { if (child.dataset.j) ids.set(child.dataset.j, child); });
}
function unindexIDs(ids, el) {
  if (el.dataset.j) ids.delete(el.dataset.j);
  el.querySelectorAll("[" + wire.attribute.id + "]").forEach((child) => ids.delete(child.dataset.j));
}
