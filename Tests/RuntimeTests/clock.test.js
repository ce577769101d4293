test("clock: timers, relative times and calendar texts are written as the server writes them", () => {
  assertEqual(timerText(65), "1:05");
  assertEqual(timerText(3723), "1:02:03");
  assertEqual(relativeText(725), "12 min, 5 sec");
  assertEqual(calendarText(Date.UTC(2026, 11, 2, 15, 5), "America/Denver", true), "8:05 AM");
  assertEqual(calendarText(Date.UTC(2026, 11, 2, 15, 5), "America/Denver", false), "December 2, 2026");
});
