// The server's patch ops (docs/protocol.md, "Ops"), applied to a view in order. An op that
// names an element the view does not have throws: the view then asks for the whole page.
function applyOp(view, op) {
  const element = (id) => {
    const el = view.ids.get(id);
    if (!el) throw new Error(`no element ${id}`);
    return el;
  };
  switch (op[0]) {
    case wire.op.setText: {
      const el = element(op[1]);
      el.textContent = op[2];
      // A text area the user has typed in shows its value, not its text: the server's new
      // text goes there too unless the user is still typing.
      if (el.tagName === "TEXTAREA" && !isTyping(view, el)) el.value = op[2];
      break;
    }
    case wire.op.setAttribute: setElementAttribute(view, element(op[1]), op[2], op[3]); break;
    case wire.op.insert: {
      const parent = element(op[1]);
      const fragment = parseMarkup(op[3]);
      const added = Array.from(fragment.children);
      parent.insertBefore(fragment, parent.children[op[2]] || null);
      for (const el of added) { indexIDs(view.ids, el); view.emit("inserted", el); }
      break;
    }
    // Forget: a page that joined a shared rendering later never had some of its kept elements.
    case wire.op.remove:
      for (const id of op[1].split(" ")) { const el = view.ids.get(id); if (el) { unindexIDs(view.ids, el); el.remove(); } }
      break;
    // Kept (with their ids) for a move that brings them back.
    case wire.op.detach: for (const id of op[1].split(" ")) element(id).remove(); break;
    case wire.op.move: {
      // A run of elements placed at op[2], op[2]+1, …: everything before op[2] is final, so
      // they go in as one fragment before whatever follows once they are out of the way.
      // (One insertion, not one per element: `children[i]` after each change walks the list.)
      const parent = element(op[1]);
      const fragment = document.createDocumentFragment();
      const moved = op[3].split(" ").map(element);
      for (const el of moved) el.remove();
      for (const el of moved) fragment.appendChild(el);
      parent.insertBefore(fragment, parent.children[op[2]] || null);
      break;
    }
    // A command for the widget on this element (`Widget.perform`): delivered once it is mounted.
    case wire.op.command: view.emit("command", element(op[1]), op[2], op[3]); break;
    case wire.op.replace: {
      const el = element(op[1]);
      const fresh = parseMarkup(op[2]).firstElementChild;
      unindexIDs(view.ids, el);
      el.replaceWith(fresh);
      indexIDs(view.ids, fresh);
      view.emit("inserted", fresh);
      if (el === view.root) view.root = fresh;
      break;
    }
    default: throw new Error(`unknown op ${op[0]}`);
  }
}

// The field has focus and the server has not answered its latest keystroke: what the user
// typed stands over the server's older value.
const isTyping = (view, el) => el === document.activeElement && (view.lastInputRef.get(el) || 0) > view.answeredRef;

function setElementAttribute(view, el, name, value) {
  // A wheel's choice made here and not yet answered stands over older patches' choices.
  if (name === "aria-selected" && el.parentElement && (view.lastInputRef.get(el.parentElement) || 0) > view.answeredRef) return;
  if (value === null) el.removeAttribute(name); else el.setAttribute(name, value);
  if (name === "value" && "value" in el && !isTyping(view, el)) el.value = value === null ? "" : value;
  else if (name === "checked") el.checked = value !== null;
  else if (name === "selected") el.selected = value !== null;
}
