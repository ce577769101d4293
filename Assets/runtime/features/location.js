// CLLocationManager: while the page's root asks for the visitor's position (`data-jw-location`:
// a serial and "watch" or "once"), the browser's geolocation is asked and each position sent to
// the root as a `location` event — [latitude, longitude, accuracy, altitude, altitude accuracy,
// speed, course, ms] with -1 where unknown — or why there is none ("denied", "unavailable",
// "timeout"). The browser asks the visitor first; a new serial asks again.
feature((view) => {
  let watching = null, asked = "";
  function follow() {
    const root = view.root;
    const wanted = (root && root.getAttribute(wire.attribute.location)) || "";
    if (wanted === asked) return;
    asked = wanted;
    if (watching !== null) { navigator.geolocation.clearWatch(watching); watching = null; }
    if (!wanted || !view.handles(root, "location")) return;
    if (!navigator.geolocation) { view.send(root, "location", "unavailable"); return; }
    const known = (value) => (typeof value === "number" && isFinite(value) ? value : -1);
    const send = (position) => {
      if (!root.isConnected) return;
      const c = position.coords;
      view.send(root, "location", [c.latitude, c.longitude, known(c.accuracy), known(c.altitude), known(c.altitudeAccuracy),
        known(c.speed), known(c.heading), position.timestamp]);
    };
    const fail = (error) => { if (root.isConnected) view.send(root, "location", error.code === 1 ? "denied" : error.code === 3 ? "timeout" : "unavailable"); };
    if (wanted.endsWith(" once")) navigator.geolocation.getCurrentPosition(send, fail, { maximumAge: 60000, timeout: 30000 });
    else watching = navigator.geolocation.watchPosition(send, fail, { maximumAge: 10000 });
  }
  view.on("settle", follow);
  view.on("inserted", follow);
});
