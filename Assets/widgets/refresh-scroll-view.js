// RefreshScrollView: a scrolling box with a refresh control, in the style of UIKit's
// UIScrollView with a UIRefreshControl: pull down past the top on a touch screen, or press its
// refresh button, and `onRefresh` is called; the spinner stays until `endRefreshing()`.
// `onScroll(offset)` hears the scrolling (at most ten times a second). A plain script.
//
//   const view = new RefreshScrollView(element, { text, onRefresh() {}, onScroll(offset) {} });
//   view.setText("…"); view.endRefreshing(); view.destroy();
(() => {
  "use strict";
  class RefreshScrollView {
    constructor(element, { text = "", onRefresh = () => {}, onScroll = () => {} } = {}) {
      this.onRefresh = onRefresh;
      this.onScrollCallback = onScroll;
      this.refreshing = false;
      this.root = document.createElement("div");
      this.root.className = "rs-view";
      this.control = document.createElement("button");
      this.control.type = "button";
      this.control.className = "rs-refresh";
      this.control.textContent = "Refresh";
      this.scroller = document.createElement("div");
      this.scroller.className = "rs-scroller";
      this.scroller.tabIndex = 0;
      this.content = document.createElement("div");
      this.content.className = "rs-content";
      this.scroller.appendChild(this.content);
      this.root.append(this.control, this.scroller);
      element.appendChild(this.root);
      this.setText(text);
      this.lastScroll = 0;
      this.scrollTimer = 0;
      this.onScroll = () => {
        const wait = 100 - (Date.now() - this.lastScroll);
        if (wait <= 0) { this.lastScroll = Date.now(); this.onScrollCallback(this.scroller.scrollTop); return; }
        clearTimeout(this.scrollTimer);
        this.scrollTimer = setTimeout(() => { this.lastScroll = Date.now(); this.onScrollCallback(this.scroller.scrollTop); }, wait);
      };
      this.onClick = () => this.beginRefreshing();
      // A pull past the top on a touch screen.
      this.pullStart = null;
      this.onTouchStart = (event) => { this.pullStart = this.scroller.scrollTop <= 0 ? event.touches[0].clientY : null; };
      this.onTouchMove = (event) => {
        if (this.pullStart !== null && event.touches[0].clientY - this.pullStart > 70) { this.pullStart = null; this.beginRefreshing(); }
      };
      this.scroller.addEventListener("scroll", this.onScroll, { passive: true });
      this.scroller.addEventListener("touchstart", this.onTouchStart, { passive: true });
      this.scroller.addEventListener("touchmove", this.onTouchMove, { passive: true });
      this.control.addEventListener("click", this.onClick);
    }

    setText(text) {
      this.content.replaceChildren(...String(text).split("\n").map((line) => {
        const p = document.createElement("p");
        p.textContent = line;
        return p;
      }));
    }

    beginRefreshing() {
      if (this.refreshing) return;
      this.refreshing = true;
      this.root.classList.add("rs-refreshing");
      this.control.disabled = true;
      this.control.setAttribute("aria-busy", "true");
      this.control.textContent = "Refreshing…";
      this.onRefresh();
    }

    endRefreshing() {
      this.refreshing = false;
      this.root.classList.remove("rs-refreshing");
      this.control.disabled = false;
      this.control.removeAttribute("aria-busy");
      this.control.textContent = "Refresh";
    }

    get isRefreshing() { return this.refreshing; }

    destroy() {
      clearTimeout(this.scrollTimer);
      this.scroller.removeEventListener("scroll", this.onScroll);
      this.scroller.removeEventListener("touchstart", this.onTouchStart);
      this.scroller.removeEventListener("touchmove", this.onTouchMove);
      this.control.removeEventListener("click", this.onClick);
      this.root.remove();
    }
  }
  window.RefreshScrollView = RefreshScrollView;
})();
