// `.keepsScreenAwake()`: a Screen Wake Lock while such a view is on the page, taken again
// whenever the page becomes visible (the browser lets go of it when the page is hidden).
let wakeLock = null, wakeLockState = "none", askingWakeLock = false;
function keepAwake() {
  const wanted = !!document.querySelector("[" + wire.attribute.keepsAwake + "]");
  if (!wanted) {
    if (wakeLock) { wakeLock.release().catch(() => {}); wakeLock = null; wakeLockState = "none"; }
    return;
  }
  if (wakeLock || askingWakeLock || document.visibilityState !== "visible") return;
  if (!navigator.wakeLock) { wakeLockState = "unsupported"; return; }
  askingWakeLock = true;
  navigator.wakeLock.request("screen").then((lock) => {
    wakeLock = lock;
    wakeLockState = "held";
    lock.addEventListener("release", () => { if (wakeLock === lock) { wakeLock = null; wakeLockState = "released"; } });
  }, (e) => { wakeLockState = "refused: " + (e && e.name); }).finally(() => { askingWakeLock = false; });
}
document.addEventListener("visibilitychange", keepAwake);
