// The visitor's time zone (`@Environment(\.timeZone)`), as the browser's Intl names it. A page
// rendered in another zone (a first visit from elsewhere, a journey) sends it to the page's root,
// once per rendering the page shows — the server moves the page to a rendering in that zone and
// sends it whole — and keeps it in the `jw_zone` cookie (a year, every path) for the next first
// paint. A browser in the zone the server renders in anyway keeps no cookie. The language comes
// with every request (`Accept-Language`); one the visitor chose (`LanguageChoice`: the root's
// `data-jw-language`, `serial tag`) is kept in the `jw_lang` cookie, and the page loads again in it.
feature((view) => {
  let chosen = "";
  function choose() {
    const request = view.root && view.root.getAttribute(wire.attribute.language);
    if (!request || request === chosen || view.embedded) return;
    chosen = request;
    const tag = request.slice(request.indexOf(" ") + 1);
    if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/.test(tag) && tag !== "") return;
    // A kept copy shown offline, or a choice this browser keeps already (a view that chooses
    // each time it appears): no reload, which would only choose again.
    if (document.documentElement.hasAttribute(wire.attribute.savedAt)) return;
    const kept = (document.cookie.split("; ").find((c) => c.startsWith("jw_lang=")) || "").slice(8);
    if (kept === tag) return;
    document.cookie = tag ? "jw_lang=" + tag + "; path=/; max-age=31536000; samesite=lax" : "jw_lang=; path=/; max-age=0; samesite=lax";
    location.reload();
  }
  view.on("settle", choose);
  // A LanguageCycle whose marks a patch or a resync took away shows the clock's language again
  // at once, not at the next tick.
  view.on("settle", () => showLanguages(clock.now()));

  let zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { zone = ""; }
  if (!zone || !/^[\w+\-\/]{1,64}$/.test(zone)) return;
  // UTC by any of its names is one zone (Chromium says `UTC`, others `Etc/UTC`).
  const utc = /^(Etc\/)?(UTC|UCT|GMT|GMT[+-]?0|Universal|Zulu|Greenwich)$/;
  const same = (a, b) => a === b || (utc.test(a) && utc.test(b));
  const kept = () => { const entry = document.cookie.split("; ").find((c) => c.startsWith("jw_zone=")); return entry ? entry.slice(8) : ""; };
  const keep = () => { if (!view.embedded && kept() !== zone) document.cookie = "jw_zone=" + zone + "; path=/; max-age=31536000; samesite=lax"; };
  // A cookie of another zone (the browser moved since): the new one.
  if (kept() && kept() !== zone) keep();
  let sent = "";
  function report() {
    if (!view.root || !view.root.hasAttribute(wire.attribute.timeZone)) return;
    const rendered = view.root.getAttribute(wire.attribute.timeZone);
    if (same(rendered, zone)) { sent = ""; return; }
    keep();
    if (sent === rendered) return;
    sent = rendered;
    view.send(view.root, "timeZone", zone);
  }
  view.on("settle", report);
  view.on("joined", () => { sent = ""; report(); });
});
