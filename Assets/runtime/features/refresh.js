// `.refreshable`: pulled down from the top on a touch screen, it presses its refresh button.
feature((view) => {
  let pull = null;
  document.addEventListener("touchstart", (event) => {
    const area = event.target.closest && event.target.closest("." + wire.className.refreshable + ":not([aria-busy])");
    if (!view.mine(area) || window.scrollY > 0 || area.scrollTop > 0 || event.touches.length !== 1) return;
    pull = { area, startY: event.touches[0].clientY, distance: 0 };
  }, { passive: true });
  document.addEventListener("touchmove", (event) => {
    if (!pull) return;
    pull.distance = Math.max(0, event.touches[0].clientY - pull.startY);
    pull.area.style.transform = "translateY(" + Math.min(pull.distance / 2, 80) + "px)";
    pull.area.classList.toggle(wire.state.pulled, pull.distance > 120);
  }, { passive: true });
  const endPull = () => {
    if (!pull) return;
    const { area, distance } = pull;
    pull = null;
    area.style.transform = "";
    area.classList.remove(wire.state.pulled);
    const button = area.querySelector(":scope > ." + wire.className.refresh);
    if (distance > 120 && button && !button.disabled) view.send(button, "click");
  };
  document.addEventListener("touchend", endPull);
  document.addEventListener("touchcancel", () => { if (pull) { pull.distance = 0; endPull(); } });
});
