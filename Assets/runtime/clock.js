// The server's clock and the texts that tick with it (docs/protocol.md, "Clocks"), and the
// page's <meta> reader. Shared by every view of the document.
const meta = (name, doc = document) => (doc.querySelector(`meta[name="${name}"]`) || {}).content || "";
// The server's clock (docs/protocol.md, "Clocks"): the page says what time it was rendered
// at and how fast the clock runs, and each pong refines it. Texts with `data-jw-clock`
// (Text(date, style: .timer), a TimelineView's clock) count from it each second, here, with
// no message to the server. A kept copy of a page (offline) counts from the last clock seen.
const clock = (() => {
  const [at, rate] = meta(wire.meta.clock).split(" ").map(Number);
  let serverAt = Date.now(), localAt = performance.now(), speed = 1;
  const remembered = () => { try { return JSON.parse(localStorage.getItem("jw-clock") || "null"); } catch (e) { return null; } };
  if (!document.documentElement.hasAttribute(wire.attribute.savedAt) && Number.isFinite(at) && at > 0) {
    serverAt = at;
    speed = Number.isFinite(rate) && rate >= 0 ? rate : 1;
  } else {
    const last = remembered();
    if (last && Number.isFinite(last.server) && Number.isFinite(last.local) && Number.isFinite(last.rate)) {
      serverAt = last.server + (Date.now() - last.local) * last.rate;
      speed = last.rate;
    }
  }
  const now = () => serverAt + (performance.now() - localAt) * speed;
  // (Storage off: nothing is kept.)
  const remember = () => { try { localStorage.setItem("jw-clock", JSON.stringify({ server: now(), local: Date.now(), rate: speed })); } catch (e) {} };
  return {
    now,
    remember,
    // The server's time as a pong carried it, half a round trip ago.
    set(serverTime, roundTrip) {
      if (!Number.isFinite(serverTime) || !(roundTrip >= 0 && roundTrip < 5000)) return;
      serverAt = serverTime + (roundTrip / 2) * speed;
      localAt = performance.now();
      remember();
    },
    get rate() { return speed; },
  };
})();
const pad = (n) => (n < 10 ? "0" : "") + n;
const zoneFormats = new Map();
const zoneFormat = (zone, locale) => {
  const key = zone + " " + locale;
  let format = zoneFormats.get(key);
  if (!format) {
    try {
      format = {
        time: new Intl.DateTimeFormat(locale, { timeZone: zone, timeStyle: "short" }),
        date: new Intl.DateTimeFormat(locale, { timeZone: zone, dateStyle: "long" }),
      };
    } catch (e) {
      // A locale Intl does not take: the zone in US English; a zone it does not take: UTC.
      format = locale !== "en-US" ? zoneFormat(zone, "en-US") : zone === "UTC" ? null : zoneFormat("UTC", "en-US");
    }
    zoneFormats.set(key, format);
  }
  return format;
};
// "8:05 AM" or "December 2, 2026" (short time, long date) in a time zone and locale, as the
// server writes Text(date, style: .time/.date) (the space before AM/PM a plain one on both sides).
const calendarText = (ms, zone, time, locale = "en-US") => {
  const format = zoneFormat(zone, locale);
  return (time ? format.time : format.date).format(ms).replace(/[\u202f\u00a0]/g, " ");
};
const wholeSeconds = (ms) => Math.floor(Math.round(Math.abs(ms)) / 1000);
const timerText = (s) => {
  const hours = Math.floor(s / 3600), minutes = Math.floor(s / 60) % 60, rest = s % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
};
const units = [[86400, "day", "days", Infinity], [3600, "hr", "hr", 24], [60, "min", "min", 60], [1, "sec", "sec", 60]];
const relativeText = (s) => {
  const first = units.findIndex(([size]) => s >= size);
  if (first < 0) return "0 sec";
  const parts = [];
  for (const [size, one, many, wrap] of units.slice(first, first + 2)) {
    const count = Math.floor(s / size) % wrap;
    if (count > 0) parts.push(`${count} ${count === 1 ? one : many}`);
  }
  return parts.join(", ");
};
// In a page's language: its unit words by plural category (the server's `data-jw-units`).
const localUnits = new Map();
const localRelativeText = (s, el) => {
  const json = el.getAttribute(wire.attribute.clockUnits), locale = el.getAttribute(wire.attribute.clockLocale) || "en";
  if (!json) return relativeText(s);
  let entry = localUnits.get(json + locale);
  if (!entry) {
    try { entry = { units: JSON.parse(json), plural: new Intl.PluralRules(locale) }; } catch (e) { entry = null; }
    localUnits.set(json + locale, entry);
  }
  if (!entry) return relativeText(s);
  const fill = (forms, n) => (forms[entry.plural.select(n)] || forms.other || "{0}").replace("{0}", String(n));
  const sizes = [[86400, "d", Infinity], [3600, "h", 24], [60, "m", 60], [1, "s", 60]];
  const first = sizes.findIndex(([size]) => s >= size);
  if (first < 0) return fill(entry.units.s, 0);
  const parts = [];
  for (const [size, key, wrap] of sizes.slice(first, first + 2)) {
    const count = Math.floor(s / size) % wrap;
    if (count > 0) parts.push(fill(entry.units[key], count));
  }
  return parts.length === 2 ? entry.units.j.replace("{0}", parts[0]).replace("{1}", parts[1]) : parts[0];
};
function clockText(el, now) {
  const kind = el.getAttribute(wire.attribute.clock), at = Number(el.getAttribute(wire.attribute.clockAt));
  switch (kind) {
    case "now-time": case "now-date":
      return calendarText(now, el.getAttribute(wire.attribute.clockZone) || "UTC", kind === "now-time", el.getAttribute(wire.attribute.clockLocale) || "en-US");
    case "relative": return Number.isFinite(at) ? localRelativeText(wholeSeconds(at - now), el) : null;
    case "offset": return Number.isFinite(at) ? (at >= now ? "+" : "-") + localRelativeText(wholeSeconds(at - now), el) : null;
    case "timer": return Number.isFinite(at) ? timerText(wholeSeconds(at - now)) : null;
    case "down": case "up": {
      const from = Number(el.getAttribute(wire.attribute.clockFrom)), to = Number(el.getAttribute(wire.attribute.clockTo));
      if (!Number.isFinite(from) || !Number.isFinite(to)) return null;
      const total = Math.max(0, to - from), elapsed = Math.min(Math.max(now - from, 0), total);
      return timerText(wholeSeconds(kind === "down" ? total - elapsed : elapsed));
    }
  }
  return null;
}
// A LanguageCycle's copies, one per language: the one shown is the server clock's
// (`floor(now / period) % count`), so that every screen shows the same language at once.
function showLanguages(now) {
  for (const cycle of document.querySelectorAll("[" + wire.attribute.languageCycle + "]")) {
    const period = Number(cycle.getAttribute(wire.attribute.languageCycle)), copies = cycle.children;
    if (!(period >= 1000) || copies.length === 0) continue;
    if (!cycle.hasAttribute(wire.attribute.languageCycling)) cycle.setAttribute(wire.attribute.languageCycling, "");
    const shown = Math.floor(now / period) % copies.length;
    for (let i = 0; i < copies.length; i++) {
      if ((i === shown) !== copies[i].hasAttribute(wire.attribute.languageCurrent)) {
        copies[i].toggleAttribute(wire.attribute.languageCurrent, i === shown);
      }
    }
  }
}
let clockTicks = 0;
function tickClocks() {
  const now = clock.now();
  for (const el of document.querySelectorAll("[" + wire.attribute.clock + "]")) {
    const text = clockText(el, now);
    if (text !== null && el.textContent !== text) el.textContent = text;
  }
  showLanguages(now);
  clockTicks++;
  keepAwake();
  // Just after the clock's next whole second (at most a second of real time away).
  const rate = clock.rate;
  setTimeout(tickClocks, rate > 0 ? Math.max(100, Math.min(1000, (1000 - (now % 1000)) / rate)) + 5 : 1000);
}
