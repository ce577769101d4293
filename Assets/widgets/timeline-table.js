// TimelineTable: a table of events along a vertical line, each with a coloured bubble, a
// title and a description, in the style of the independent TimelineTableViewCell control.
// A plain script that knows nothing of the page around it:
//
//   const table = new TimelineTable(element, {
//     dataSource: { numberOfRows() → number | Promise, cellForRow(row) → {title, description, bubbleColor, titleColor} | Promise },
//     delegate: { didSelectRow(row) },
//     rowHeight: 72,
//   });
//   table.reloadData(); table.scrollToRow(12); table.destroy();
//
// Only the rows in view (and a few either side) are asked for and built: a table of 10,000
// rows asks its data source for a screenful.
(() => {
  "use strict";
  class TimelineTable {
    constructor(element, { dataSource, delegate = {}, rowHeight = 72 } = {}) {
      this.element = element;
      this.dataSource = dataSource;
      this.delegate = delegate;
      this.rowHeight = rowHeight;
      this.count = 0;
      this.cells = new Map(); // row -> {data} | {pending}
      this.generation = 0;
      this.scroller = document.createElement("div");
      this.scroller.className = "tt-table";
      this.scroller.setAttribute("role", "list");
      this.spacer = document.createElement("div");
      this.spacer.className = "tt-spacer";
      this.scroller.appendChild(this.spacer);
      element.appendChild(this.scroller);
      this.onScroll = () => this.render();
      this.onClick = (event) => {
        const row = event.target.closest(".tt-row");
        if (row && this.delegate.didSelectRow) this.delegate.didSelectRow(Number(row.dataset.row));
      };
      this.onKey = (event) => {
        if ((event.key === "Enter" || event.key === " ") && event.target.classList.contains("tt-row")) {
          event.preventDefault();
          this.onClick(event);
        }
      };
      this.scroller.addEventListener("scroll", this.onScroll, { passive: true });
      this.scroller.addEventListener("click", this.onClick);
      this.scroller.addEventListener("keydown", this.onKey);
      this.resizeObserver = new ResizeObserver(() => this.render());
      this.resizeObserver.observe(this.scroller);
      this.reloadData();
    }

    // Asks the data source again for the number of rows and every row shown.
    async reloadData() {
      const generation = ++this.generation;
      let count = 0;
      try { count = Number(await this.dataSource.numberOfRows()) || 0; } catch (e) { console.warn("timeline:", e.message); }
      if (generation !== this.generation) return;
      this.count = Math.max(0, Math.floor(count));
      this.cells.clear();
      this.spacer.style.height = this.count * this.rowHeight + "px";
      for (const row of Array.from(this.scroller.querySelectorAll(".tt-row"))) row.remove();
      this.render();
    }

    scrollToRow(row) {
      this.scroller.scrollTop = Math.max(0, Math.min(row, this.count - 1)) * this.rowHeight;
      this.render();
    }

    // Builds the rows in view, asks for the ones not yet known, removes the ones far away.
    render() {
      const top = this.scroller.scrollTop, height = this.scroller.clientHeight || 480;
      const first = Math.max(0, Math.floor(top / this.rowHeight) - 4);
      const last = Math.min(this.count - 1, Math.ceil((top + height) / this.rowHeight) + 4);
      const shown = new Map();
      for (const el of Array.from(this.scroller.querySelectorAll(".tt-row"))) {
        const row = Number(el.dataset.row);
        if (row < first || row > last) el.remove(); else shown.set(row, el);
      }
      for (let row = first; row <= last; row++) {
        let el = shown.get(row);
        if (!el) {
          el = this.makeRow(row);
          this.scroller.appendChild(el);
        }
        const cell = this.cells.get(row);
        if (!cell) this.load(row);
        else if (cell.data && el.dataset.filled !== "1") this.fill(el, cell.data, row);
      }
    }

    makeRow(row) {
      const el = document.createElement("div");
      el.className = "tt-row";
      el.dataset.row = String(row);
      el.setAttribute("role", "listitem");
      el.tabIndex = 0;
      el.style.top = row * this.rowHeight + "px";
      el.style.height = this.rowHeight + "px";
      el.innerHTML = '<span class="tt-line"></span><span class="tt-bubble"></span><span class="tt-text"><span class="tt-title">…</span><span class="tt-description"></span></span>';
      if (row === 0) el.classList.add("tt-first");
      if (row === this.count - 1) el.classList.add("tt-last");
      return el;
    }

    async load(row) {
      const generation = this.generation;
      this.cells.set(row, { pending: true });
      let data;
      try { data = await this.dataSource.cellForRow(row); } catch (e) {
        if (generation === this.generation) this.cells.delete(row);
        console.warn("timeline:", e.message);
        return;
      }
      if (generation !== this.generation) return;
      this.cells.set(row, { data });
      const el = this.scroller.querySelector(`.tt-row[data-row="${row}"]`);
      if (el) this.fill(el, data, row);
    }

    fill(el, data, row) {
      el.dataset.filled = "1";
      const title = el.querySelector(".tt-title"), description = el.querySelector(".tt-description");
      title.textContent = data.title || "";
      if (data.titleColor) title.style.color = data.titleColor;
      description.textContent = data.description || "";
      el.querySelector(".tt-bubble").style.backgroundColor = data.bubbleColor || "#8e8e93";
      el.setAttribute("aria-label", `${data.title || ""}. ${data.description || ""}`);
    }

    // How many rows have been asked of the data source (for tests).
    get loadedRows() { return this.cells.size; }

    destroy() {
      this.generation++;
      this.resizeObserver.disconnect();
      this.scroller.removeEventListener("scroll", this.onScroll);
      this.scroller.removeEventListener("click", this.onClick);
      this.scroller.removeEventListener("keydown", this.onKey);
      this.scroller.remove();
      this.cells.clear();
    }
  }
  window.TimelineTable = TimelineTable;
})();
