test("clock: timers, relative times and calendar texts are written as the server writes them", () => {
  assertEqual(timerText(65), "1:05");
  assertEqual(timerText(3723), "1:02:03");
  assertEqual(relativeText(725), "12 min, 5 sec");
  assertEqual(calendarText(Date.UTC(2026, 11, 2, 15, 5), "America/Denver", true), "8:05 AM");
  assertEqual(calendarText(Date.UTC(2026, 11, 2, 15, 5), "America/Denver", false), "December 2, 2026");
  // In a page's locale (the server's DateFormatter writes the same: short time, long date).
  assertEqual(calendarText(Date.UTC(2026, 11, 2, 15, 5), "Europe/Berlin", true, "de-DE"), "16:05");
  assertEqual(calendarText(Date.UTC(2026, 11, 2, 15, 5), "Europe/Berlin", false, "de-DE"), "2. Dezember 2026");
  // A locale Intl refuses: the zone in US English.
  assertEqual(calendarText(Date.UTC(2026, 11, 2, 15, 5), "America/Denver", true, "de-DE@nonsense"), "8:05 AM");
});
