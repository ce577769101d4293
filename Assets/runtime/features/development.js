// Development only (`jetway dev`, `["dev",state,summary,problems]`): what the development loop
// says of the app, over the page. While it builds, a small "Building…" label (the page stays
// usable); a failed build's errors, or where the app trapped, each with its file, line, message
// and line of source, until the next build — "Hide" folds it to a label so the page (as the
// last build made it) can be used meanwhile; nothing once it runs again. One panel per
// document (the views of a page all hear it). Written with textContent only: a message is
// never markup. The server says it first on every join under `jetway dev`; a page that joins
// without hearing it (the app now runs without the loop) takes an old one away.
feature((view) => {
  let heard = false;
  const current = () => document.querySelector("." + wire.className.development);
  const forget = () => { const old = current(); if (old) old.remove(); };
  view.on("lost", () => { heard = false; });
  view.on("joined", () => { if (!heard) forget(); });
  view.on("synced", () => { if (!heard) forget(); });
  view.on("development", (state, summary, problems) => {
    heard = true;
    forget();
    if (state === "running" || typeof state !== "string") return;
    const panel = document.createElement("aside");
    panel.className = wire.className.development;
    panel.dataset.state = state;
    panel.setAttribute("role", state === "building" ? "status" : "alert");
    const add = (parent, tag, text) => {
      const el = document.createElement(tag);
      if (text !== undefined) el.textContent = text;
      parent.appendChild(el);
      return el;
    };
    add(panel, "h2", summary || (state === "building" ? "Building…" : "The app stopped"));
    if (state !== "building") {
      const fold = add(panel, "button", "Hide");
      fold.type = "button";
      fold.addEventListener("click", () => {
        const folded = panel.toggleAttribute("data-folded");
        fold.textContent = folded ? "Show" : "Hide";
      });
      const list = add(panel, "ol");
      for (const [file, line, column, message, excerpt] of Array.isArray(problems) ? problems : []) {
        const item = add(list, "li");
        if (file) add(item, "code", file + ":" + line + ":" + column);
        add(item, "p", message);
        if (excerpt) {
          // The line without its indentation, the caret under the column.
          const indent = excerpt.length - excerpt.trimStart().length;
          add(item, "pre", excerpt.slice(indent) + "\n" + " ".repeat(Math.max(0, column - 1 - indent)) + "^");
        }
      }
      add(panel, "p", state === "crashed"
        ? "The page waits here: fix it and save, and it comes back as it was."
        : "The page is as the last build made it: fix it and save, and it comes back as it was.");
    }
    document.body.appendChild(panel);
  });
});
