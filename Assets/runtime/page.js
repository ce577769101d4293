// The document's view, started once every part of the runtime is defined: a Jetway page is
// one view (`window.jetway`); a page Jetway did not render hosts views (host.js, in the full
// jetway.js only). `window.Jetway` is what other scripts use: the clock, the wake lock, and
// the widget registry.
window.Jetway = Object.freeze({
  // The server's clock as this page counts it (ms since 1970), how many times the page's
  // clocks have ticked, and the wake lock's state (none, held, released, refused: …).
  clock: Object.freeze({ now: () => clock.now(), get ticks() { return clockTicks; }, format: (el) => clockText(el, clock.now()) }),
  get wakeLock() { return wakeLockState; },
  widgets: widgetRegistry,
});
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", tickClocks); else tickClocks();

function startViews() {
  // A Jetway page: the document's one view.
  const pageToken = meta(wire.meta.token);
  if (pageToken) {
    window.jetway = createView({
      token: pageToken, path: meta(wire.meta.path), build: meta(wire.meta.build), version: Number(meta(wire.meta.version)) || 0,
      appTitle: meta(wire.meta.appTitle) || document.title, stateElement: document.documentElement, embedded: false,
      findRoot: () => document.querySelector("." + wire.className.root),
    });
  }
}

startViews();
