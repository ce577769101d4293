// Wheel pickers (`.pickerStyle(.wheel)`): a column that snaps to its options. The chosen option
// is centred after every change of the page unless the user is spinning the wheel; where a
// spin settles, a click, or an arrow key, chooses an option and tells the server.
feature((view) => {
  const wheelClass = wire.className.wheel, itemClass = wire.className.wheelItem;
  const isWheel = (el) => el.classList && el.classList.contains(wheelClass);
  const wheelItems = (wheel) => Array.from(wheel.querySelectorAll(":scope > ." + itemClass));
  function centreWheel(wheel, smooth) {
    const item = wheel.querySelector(':scope > [aria-selected="true"]');
    if (!item || !wheel.clientHeight) return;
    // Measured in fractional pixels, as scroll snapping places the rows.
    const box = wheel.getBoundingClientRect(), itemBox = item.getBoundingClientRect();
    const top = wheel.scrollTop + (itemBox.top - box.top - wheel.clientTop) - (wheel.clientHeight - itemBox.height) / 2;
    const goal = Math.max(0, Math.min(top, wheel.scrollHeight - wheel.clientHeight));
    if (Math.abs(wheel.scrollTop - goal) < 1) return;
    // Where our own scrolling is going: until it gets there, its stops are not the user's choice.
    wheel.jwGoal = goal;
    wheel.scrollTo({ top: goal, behavior: smooth ? "smooth" : "instant" });
  }
  function chooseWheel(wheel, index) {
    const items = wheelItems(wheel);
    if (index < 0 || index >= items.length) return;
    // Disabled: the chosen option stays.
    if (!view.handles(wheel, "change")) return;
    if (items[index].getAttribute("aria-selected") === "true") return;
    items.forEach((item, i) => item.setAttribute("aria-selected", i === index ? "true" : "false"));
    view.lastInputRef.set(wheel, view.send(wheel, "change", String(index)));
  }
  function wheelKey(wheel, event) {
    const items = wheelItems(wheel);
    const current = items.findIndex((item) => item.getAttribute("aria-selected") === "true");
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 5, PageUp: -5 }[event.key];
    let next = step !== undefined ? Math.max(current, 0) + step : event.key === "Home" ? 0 : event.key === "End" ? items.length - 1 : null;
    if (next === null) return;
    event.preventDefault();
    next = Math.max(0, Math.min(items.length - 1, next));
    chooseWheel(wheel, next);
    centreWheel(wheel, true);
  }

  view.on("settle", () => {
    if (!view.root) return;
    view.root.querySelectorAll("." + wheelClass).forEach((wheel) => { if (!(wheel.jwSpinning > Date.now())) centreWheel(wheel, false); });
  });
  view.on("click", (event) => {
    const item = event.target.closest && event.target.closest("." + itemClass);
    if (!view.mine(item)) return false;
    const wheel = item.parentElement;
    chooseWheel(wheel, wheelItems(wheel).indexOf(item));
    centreWheel(wheel, true);
    return true;
  });
  view.on("keydown", (event) => {
    if (!isWheel(event.target) || !view.mine(event.target)) return false;
    wheelKey(event.target, event);
    return true;
  });
  // A scroll settles on the option nearest the middle, unless it is our own centring that has
  // not arrived yet (a busy page can pause a smooth scroll): that one is finished instead.
  document.addEventListener("scroll", (event) => {
    const wheel = event.target;
    if (!isWheel(wheel) || !view.mine(wheel)) return;
    if (wheel.jwGoal != null && Math.abs(wheel.scrollTop - wheel.jwGoal) < 4) wheel.jwGoal = null;
    wheel.jwSpinning = Date.now() + 500;
    clearTimeout(wheel.jwSettle);
    wheel.jwSettle = setTimeout(() => {
      if (wheel.jwGoal != null) {
        wheel.jwSpinning = 0;
        centreWheel(wheel, false);
        // Once: where this instant scroll (and the snapping after it) ends is the chosen row.
        wheel.jwGoal = null;
        return;
      }
      const box = wheel.getBoundingClientRect(), middle = box.top + wheel.clientTop + wheel.clientHeight / 2;
      let nearest = 0, distance = Infinity;
      wheelItems(wheel).forEach((item, i) => {
        const rect = item.getBoundingClientRect();
        const d = Math.abs(rect.top + rect.height / 2 - middle);
        if (d < distance) { distance = d; nearest = i; }
      });
      chooseWheel(wheel, nearest);
      wheel.jwSpinning = 0;
      centreWheel(wheel, true);
    }, 150);
  }, true);
  // The user's own hand on a wheel: what it scrolls to is a choice, whatever we were doing.
  for (const kind of ["wheel", "touchstart", "pointerdown"]) {
    document.addEventListener(kind, (event) => {
      const wheel = event.target.closest && event.target.closest("." + wheelClass);
      if (wheel) wheel.jwGoal = null;
    }, { capture: true, passive: true });
  }
});
