// A full page from the server (a resync, a re-mount after a restart) is morphed into the page
// the user has, so the elements that stay are the same elements, and focus, the caret, scroll
// positions, open dialogs and what is being typed survive.
function morphPage(view, markup) {
  const fresh = parseMarkup(markup).firstElementChild;
  view.ids.clear();
  if (fresh && fresh.tagName === view.root.tagName) morphElement(view.root, fresh);
  else { view.root.replaceWith(fresh); view.root = fresh; }
  indexIDs(view.ids, view.root);
  view.emit("inserted", view.root);
}

// Fields are known by their label across a re-mount (element ids start over).
const fieldKey = (el) => el.getAttribute && (el.getAttribute("aria-label") || el.getAttribute("placeholder") || el.getAttribute("name"));

// The focused field and its caret, and a function that focuses the field with that label
// again if a morph replaced it after all (a different screen around it).
function keepFocus(view) {
  const focused = document.activeElement;
  const key = focused && fieldKey(focused);
  const caret = focused && "selectionStart" in focused ? [focused.selectionStart, focused.selectionEnd] : null;
  return () => {
    if (!key || focused.isConnected || !view.root) return;
    const again = Array.from(view.root.querySelectorAll("input,textarea,select")).find((el) => fieldKey(el) === key);
    // (setSelectionRange throws on a field that is not a text field.)
    if (again) { again.focus(); if (caret && again.setSelectionRange) try { again.setSelectionRange(caret[0], caret[1]); } catch (e) {} }
  };
}

// Makes `el` look like `model` (a parsed element of the same tag), keeping `el` and every
// descendant whose place and tag survive. Children are matched by element id (`data-j`,
// the same after a resync of the same session) and otherwise, in order, by tag (ids start
// over after a re-mount).
function morphElement(el, model) {
  for (const { name } of Array.from(el.attributes)) {
    // A modal dialog's `open` is the runtime's (showModal), not the server's.
    if (!model.hasAttribute(name) && !(name === "open" && el.tagName === "DIALOG")) el.removeAttribute(name);
  }
  for (const { name, value } of Array.from(model.attributes)) {
    if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  }
  if (el.tagName === "INPUT" || el.tagName === "TEXTAREA") {
    // What the user is typing stays; a field not in use takes the server's value.
    if (el !== document.activeElement) {
      if (el.type === "checkbox" || el.type === "radio") el.checked = model.hasAttribute("checked");
      else el.value = model.getAttribute("value") || (el.tagName === "TEXTAREA" ? model.value : "");
    }
    if (el.tagName === "INPUT") return;
  }
  // A widget's element: its content is the widget's, not the server's.
  if (el.hasAttribute(wire.attribute.widget)) return;
  if (el.tagName === "SELECT" && el !== document.activeElement) {
    morphChildren(el, model);
    const chosen = Array.from(model.options).findIndex((option) => option.hasAttribute("selected"));
    if (chosen >= 0) el.selectedIndex = chosen;
    return;
  }
  morphChildren(el, model);
}

function morphChildren(el, model) {
  const byID = new Map();
  for (const child of el.children) if (child.dataset.j) byID.set(child.dataset.j, child);
  const used = new Set();
  const wantedIDs = new Set();
  for (const child of model.children) if (child.dataset.j) wantedIDs.add(child.dataset.j);
  let cursor = el.firstChild;
  const next = (node) => { while (node && used.has(node)) node = node.nextSibling; return node; };
  for (const wanted of Array.from(model.childNodes)) {
    cursor = next(cursor);
    let match = null;
    if (wanted.nodeType === 1) {
      const byId = wanted.dataset.j && byID.get(wanted.dataset.j);
      if (byId && byId.tagName === wanted.tagName && !used.has(byId)) match = byId;
      else if (cursor && cursor.nodeType === 1 && cursor.tagName === wanted.tagName && !wantedIDs.has(cursor.dataset.j)) match = cursor;
      if (match) morphElement(match, wanted);
    } else if (wanted.nodeType === 3 && cursor && cursor.nodeType === 3) {
      match = cursor;
      if (match.nodeValue !== wanted.nodeValue) match.nodeValue = wanted.nodeValue;
    }
    if (!match) match = wanted.cloneNode(true);
    if (match !== cursor) el.insertBefore(match, cursor || null);
    used.add(match);
    cursor = match.nextSibling;
  }
  for (const child of Array.from(el.childNodes)) if (!used.has(child)) child.remove();
}
