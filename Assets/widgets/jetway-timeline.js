// Jetway's adapter for TimelineTable (timeline-table.js): the widget "timeline" asks its
// coordinator for rows ("numberOfRows", "cellForRow") and tells it which row was tapped
// ("didSelectRow"), as a UITableView asks its data source and tells its delegate.
(() => {
  "use strict";
  if (!window.Jetway || !window.TimelineTable) return;
  window.Jetway.widgets.define("timeline", {
    mount(el, props, bridge) {
      el.timelineTable = new window.TimelineTable(el, {
        rowHeight: props.rowHeight || 72,
        dataSource: {
          numberOfRows: () => bridge.request("numberOfRows"),
          cellForRow: (row) => bridge.request("cellForRow", { row }),
        },
        delegate: { didSelectRow: (row) => bridge.send("didSelectRow", { row }) },
      });
    },
    update(el) { el.timelineTable.reloadData(); },
    command(el, name, payload) {
      if (name === "reloadData") el.timelineTable.reloadData();
      else if (name === "scrollToRow" && payload) el.timelineTable.scrollToRow(Number(payload.row) || 0);
    },
    destroy(el) { el.timelineTable.destroy(); delete el.timelineTable; },
  });
})();
