// UserNotifications: the page's root carries the notifications due for this browser
// (`data-jw-notifications`, one a line: `serial<TAB>kind<TAB>fields`), each shown once. A
// page in the background shows one as a system notification (once the visitor has allowed
// them); a page in front shows it as a banner when the app asked (`front`), as iOS does with a
// delegate's `.banner`. `authorize` asks the visitor's leave (the click that asked is still the
// user's gesture); `badge` sets an installed app's badge.
feature((view) => {
  let done = null;
  const canNotify = () => typeof Notification !== "undefined" && Notification.permission === "granted";
  function banner(title, subtitle, body) {
    const box = document.createElement("div");
    box.setAttribute("role", "status");
    box.className = wire.className.notificationBanner;
    for (const [text, tag] of [[title, "strong"], [subtitle, "span"], [body, "span"]]) {
      if (!text) continue;
      const line = document.createElement(tag);
      line.textContent = text;
      box.appendChild(line);
    }
    box.addEventListener("click", () => box.remove());
    document.body.appendChild(box);
    setTimeout(() => box.remove(), 6000);
  }
  function show(kind, fields) {
    const [title, subtitle, body] = fields;
    if (document.visibilityState === "hidden" && canNotify()) {
      const shown = new Notification(title, { body: subtitle ? subtitle + "\n" + (body || "") : body || "" });
      shown.onclick = () => { window.focus(); shown.close(); };
    } else if (kind === "front") {
      banner(title, subtitle, body);
    }
  }
  view.on("settle", () => {
    if (!view.root) return;
    const inbox = view.root.getAttribute(wire.attribute.notifications);
    if (!inbox) { if (done === null) done = 0; return; }
    const lines = inbox.split("\n");
    const first = done === null;
    for (const line of lines) {
      const [serial, kind, ...fields] = line.split("\t");
      if (first || Number(serial) <= done) continue;
      if (kind === "authorize") {
        if (typeof Notification !== "undefined" && Notification.permission === "default") Notification.requestPermission().catch(() => {});
      } else if (kind === "badge") {
        if (navigator.setAppBadge) navigator.setAppBadge(Number(fields[0]) || 0).catch(() => {});
      } else {
        show(kind, fields);
      }
    }
    done = Number(lines[lines.length - 1].split("\t", 1)[0]);
  });
});
