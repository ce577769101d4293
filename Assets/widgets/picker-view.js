// PickerView: columns ("components") of rows to choose from, in the style of UIKit's
// UIPickerView, driven by a data source and a delegate. A plain script; each column is a
// native <select>, so keyboards, screen readers and phones know it.
//
//   const picker = new PickerView(element, {
//     dataSource: { numberOfComponents(), numberOfRows(component), titleForRow(row, component) },  // values or promises
//     delegate: { didSelectRow(row, component) },
//     label: "Duration",
//   });
//   picker.selectRow(3, 0); picker.selectedRow(0); picker.reloadAllComponents(); picker.destroy();
(() => {
  "use strict";
  class PickerView {
    constructor(element, { dataSource, delegate = {}, label = "" } = {}) {
      this.element = element;
      this.dataSource = dataSource;
      this.delegate = delegate;
      this.box = document.createElement("div");
      this.box.className = "pv-picker";
      this.box.setAttribute("role", "group");
      if (label) this.box.setAttribute("aria-label", label);
      element.appendChild(this.box);
      this.columns = [];
      this.wanted = new Map(); // component -> row chosen before the rows arrived
      this.onChange = (event) => {
        const component = this.columns.indexOf(event.target);
        if (component >= 0 && this.delegate.didSelectRow) this.delegate.didSelectRow(event.target.selectedIndex, component);
      };
      this.box.addEventListener("change", this.onChange);
      this.ready = this.reloadAllComponents();
    }

    async reloadAllComponents() {
      const count = Math.max(0, Math.min(8, Number(await this.dataSource.numberOfComponents()) || 0));
      const columns = [];
      for (let component = 0; component < count; component++) {
        const rows = Math.max(0, Math.min(1000, Number(await this.dataSource.numberOfRows(component)) || 0));
        const select = document.createElement("select");
        select.className = "pv-component";
        select.setAttribute("aria-label", `${this.box.getAttribute("aria-label") || "Picker"} ${component + 1}`);
        // Titles in batches, so a long column does not wait row after row.
        for (let start = 0; start < rows; start += 16) {
          const titles = await Promise.all(
            Array.from({ length: Math.min(16, rows - start) }, (_, i) => this.dataSource.titleForRow(start + i, component)));
          for (const title of titles) {
            const option = document.createElement("option");
            option.textContent = title == null ? "" : String(title);
            select.appendChild(option);
          }
        }
        const previous = this.columns[component];
        select.selectedIndex = this.wanted.has(component) ? this.wanted.get(component) : previous ? previous.selectedIndex : 0;
        columns.push(select);
      }
      this.box.replaceChildren(...columns);
      this.columns = columns;
      this.wanted.clear();
    }

    selectRow(row, component) {
      const select = this.columns[component];
      if (select) select.selectedIndex = row; else this.wanted.set(component, row);
    }

    selectedRow(component) {
      const select = this.columns[component];
      return select ? select.selectedIndex : this.wanted.get(component) ?? -1;
    }

    destroy() {
      this.box.removeEventListener("change", this.onChange);
      this.box.remove();
    }
  }
  window.PickerView = PickerView;
})();
