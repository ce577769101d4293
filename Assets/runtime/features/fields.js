// What the user typed is never lost. Before reconnecting the view remembers every field's value
// by its label; after a re-mount it sets them again and sends them as events. After a resume,
// a field whose last value the server never answered (sent into a socket that led nowhere: a
// cut the page had not noticed yet, a torn frame, the seconds before the page first joined)
// is sent its own value again. A value is the whole field, so one that did arrive after all is
// only said again, never doubled.
feature((view) => {
  // field -> the ref of the last value sent from it; field -> the last value sent from it;
  // field label -> value, replayed after a re-mount.
  const fieldRefs = new WeakMap();
  const sentValues = new WeakMap();
  const remembered = new Map();

  view.on("sending", (el, kind, payload, ref) => {
    if ((kind === "input" || kind === "change") && /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)) {
      fieldRefs.set(el, ref);
      sentValues.set(el, payload);
    }
  });

  function rememberFields() {
    if (!view.root) return;
    view.root.querySelectorAll("input,textarea,select").forEach((el) => {
      const key = fieldKey(el);
      if (key) remembered.set(key, el.type === "checkbox" ? el.checked : el.value);
    });
  }
  // Each field whose server value (its attributes, as the last patch left them) differs from
  // `valueOf(el)` is given that value and sent again.
  function replayFields(valueOf) {
    view.root.querySelectorAll("input,textarea,select").forEach((el) => {
      if (el.type === "file" || el.type === "button" || el.type === "submit") return;
      const value = valueOf(el);
      if (value === undefined) return;
      if (el.type === "checkbox") {
        if (el.hasAttribute("checked") !== value && view.handles(el, "change")) { el.checked = value; view.send(el, "change", value); }
      } else if (el.tagName === "SELECT") {
        const chosen = Array.from(el.options).find((option) => option.hasAttribute("selected"));
        if ((!chosen || chosen.value !== value) && view.handles(el, "change")) { el.value = value; view.send(el, "change", value); }
      } else {
        const server = el.tagName === "TEXTAREA" ? el.defaultValue : el.getAttribute("value") || "";
        if (server !== value && view.handles(el, "input")) { el.value = value; view.send(el, "input", value); }
      }
    });
  }
  // A text field the server has answered for everything sent from it, with nothing typed
  // since, shows the server's value. The server may have changed it while its answers were
  // lost (cleared a field on Enter): a resume replays those patches before `joined` says what
  // was answered, so the focused field had kept its old text over them.
  function showAnsweredFields() {
    view.root.querySelectorAll("input,textarea").forEach((el) => {
      if (el.type === "checkbox" || el.type === "radio" || el.type === "file") return;
      const ref = fieldRefs.get(el);
      if (!ref || ref > view.answeredRef || sentValues.get(el) !== el.value) return;
      const server = el.tagName === "TEXTAREA" ? el.defaultValue : el.getAttribute("value") || "";
      // (Parsed markup drops a textarea's first newline: that is not a difference.)
      if (el.value !== server && !(el.tagName === "TEXTAREA" && el.value === "\n" + server)) el.value = server;
    });
  }
  const rememberedValue = (el) => { const key = fieldKey(el); return key && remembered.has(key) ? remembered.get(key) : undefined; };
  const unansweredValue = (el) => ((fieldRefs.get(el) || 0) > view.answeredRef ? (el.type === "checkbox" ? el.checked : el.value) : undefined);

  view.on("lost", rememberFields);
  view.on("synced", (remounted) => {
    if (!remounted) showAnsweredFields();
    replayFields(remounted ? rememberedValue : unansweredValue);
  });
  view.on("joined", () => { showAnsweredFields(); replayFields(unansweredValue); });
});
