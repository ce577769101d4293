test("clock: timers, relative times and calendar texts are written as the server writes them", () => {
  assertEqual(timerText(65), "1:05");
  assertEqual(timerText(3723), "1:02:03");
  assertEqual(relativeText(725), "12 min, 5 sec");
  // In a page's language, from the unit words the server gives the clock (German, Arabic).
  const clockIn = (units, locale) => {
    const el = document.createElement("span");
    el.setAttribute(wire.attribute.clockUnits, units);
    el.setAttribute(wire.attribute.clockLocale, locale);
    return el;
  };
  const german = clockIn('{"d":{"one":"{0} Tg.","other":"{0} Tg."},"h":{"one":"{0} Std.","other":"{0} Std."},"m":{"one":"{0} Min.","other":"{0} Min."},"s":{"one":"{0} Sek.","other":"{0} Sek."},"j":"{0}, {1}"}', "de");
  assertEqual(localRelativeText(725, german), "12 Min., 5 Sek.");
  const arabic = clockIn('{"d":{"few":"{0} أيام","many":"{0} يومًا","one":"يوم","other":"{0} يوم","two":"يومان","zero":"{0} يوم"},"h":{"other":"{0} س"},"m":{"other":"{0} د"},"s":{"other":"{0} ث"},"j":"{0} و{1}"}', "ar");
  assertEqual(localRelativeText(2 * 86400 + 3600, arabic), "يومان و1 س");
  assertEqual(calendarText(Date.UTC(2026, 11, 2, 15, 5), "America/Denver", true), "8:05 AM");
  assertEqual(calendarText(Date.UTC(2026, 11, 2, 15, 5), "America/Denver", false), "December 2, 2026");
  // In a page's locale (the server's DateFormatter writes the same: short time, long date).
  assertEqual(calendarText(Date.UTC(2026, 11, 2, 15, 5), "Europe/Berlin", true, "de-DE"), "16:05");
  assertEqual(calendarText(Date.UTC(2026, 11, 2, 15, 5), "Europe/Berlin", false, "de-DE"), "2. Dezember 2026");
  // A locale Intl refuses: the zone in US English.
  assertEqual(calendarText(Date.UTC(2026, 11, 2, 15, 5), "America/Denver", true, "de-DE@nonsense"), "8:05 AM");
});
