// Copies of what leaves: a view that goes by its transition (motion.js), a sheet that slides
// down (dialogs.js), the screen a navigation stack covers or uncovers (motion.js) stays drawn
// as a copy while it moves away — inert, hidden from assistive technology, without the ids and
// events of the page's live elements (the page's features never take it for one of them), and
// without what would play or load again (a hosted view's frame, a video, a sound).
const leavingCopies = new WeakSet();
// A copy of `el` (or, with `shell`, a new `shell` element with `el`'s class holding copies of
// its children: a <dialog> copied as a <div>, which needs no opening).
function inertCopy(el, shell) {
  let copy;
  if (shell) {
    copy = document.createElement(shell);
    copy.className = el.className;
    for (const child of el.childNodes) copy.appendChild(child.cloneNode(true));
  } else copy = el.cloneNode(true);
  copy.querySelectorAll("iframe,video,audio,object,embed").forEach((part) => part.remove());
  for (const part of [copy, ...copy.querySelectorAll("*")]) {
    part.removeAttribute(wire.attribute.id);
    part.removeAttribute(wire.attribute.events);
    leavingCopies.add(part);
  }
  copy.setAttribute("aria-hidden", "true");
  copy.inert = true;
  return copy;
}
