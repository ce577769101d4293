// Jetway's adapters for the plain widgets picker-view.js and refresh-scroll-view.js, and a
// plain label: the names "picker-view", "refresh-scroll" and "label" the Swift side uses.
(() => {
  "use strict";
  if (!window.Jetway) return;
  const widgets = window.Jetway.widgets;
  if (window.PickerView) {
    widgets.define("picker-view", {
      // A UIPickerView's data source and delegate, over the bridge.
      mount(el, props, bridge) {
        const picker = new window.PickerView(el, {
          label: props.label || "",
          dataSource: {
            numberOfComponents: () => bridge.request("numberOfComponents"),
            numberOfRows: (component) => bridge.request("numberOfRows", { component }),
            titleForRow: (row, component) => bridge.request("titleForRow", { row, component }),
          },
          delegate: {
            didSelectRow: (row, component) => bridge.send("didSelectRow", {
              row, component, selected: picker.columns.map((select) => select.selectedIndex),
            }),
          },
        });
        el.pickerView = picker;
        (props.selected || []).forEach((row, component) => picker.selectRow(row, component));
      },
      update(el, props, changed) {
        if (changed.includes("selected")) (props.selected || []).forEach((row, component) => el.pickerView.selectRow(row, component));
      },
      command(el, name) { if (name === "reloadAllComponents") el.pickerView.reloadAllComponents(); },
      destroy(el) { el.pickerView.destroy(); delete el.pickerView; },
    });
  }
  if (window.RefreshScrollView) {
    widgets.define("refresh-scroll", {
      mount(el, props, bridge) {
        el.scrollView = new window.RefreshScrollView(el, {
          text: props.text || "",
          onRefresh: () => bridge.send("refresh"),
          onScroll: (offset) => bridge.send("didScroll", { offset }),
        });
      },
      update(el, props, changed) { if (changed.includes("text")) el.scrollView.setText(props.text || ""); },
      command(el, name) { if (name === "endRefreshing") el.scrollView.endRefreshing(); },
      destroy(el) { el.scrollView.destroy(); delete el.scrollView; },
    });
  }
  // A label (seed 003's MyUILabel): its text, and how many lines it may take (0: any).
  widgets.define("label", {
    mount(el, props) {
      const label = document.createElement("span");
      label.className = "pl-label";
      el.appendChild(label);
      el.plainLabel = label;
      this.update(el, props);
    },
    update(el, props) {
      el.plainLabel.textContent = props.text || "";
      const lines = Number(props.numberOfLines) || 0;
      el.plainLabel.style.cssText = lines > 0 ? `display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:${lines};overflow:hidden` : "";
    },
    destroy(el) { el.plainLabel.remove(); delete el.plainLabel; },
  });
})();
