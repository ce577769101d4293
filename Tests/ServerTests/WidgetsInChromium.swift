import Foundation
import Jetway
import JetwayBrowser
import MountainAirportViews
import Testing

@testable import JetwayServer

/// A timeline over 10,000 rows whose data source counts what it is asked.
@MainActor
final class RequestCounter {
    var cells = 0
    var largestRow = -1
}

private struct LongTimeline: HTMLElementRepresentable {
    let counter: RequestCounter

    final class Coordinator: WidgetDataSource {
        let counter: RequestCounter
        init(counter: RequestCounter) { self.counter = counter }
        func widget(_ widget: Widget, answer request: String, _ payload: JSONValue) throws -> JSONValue {
            if request == "numberOfRows" { return 10_000 }
            guard let row = payload["row"]?.int, (0..<10_000).contains(row) else { throw WidgetRequestError("no such row") }
            counter.cells += 1
            counter.largestRow = max(counter.largestRow, row)
            return ["title": .string("Event \(row)"), "description": "", "bubbleColor": "#0a84ff"]
        }
    }
    func makeCoordinator() -> Coordinator { Coordinator(counter: counter) }
    func makeElement(context: Context) -> Widget { Widget("timeline") }
    func updateElement(_ widget: Widget, context: Context) { widget.dataSource = context.coordinator }
}

/// A widget the test defines in the page, to drive its bridge by hand.
private struct ProbeWidget: HTMLElementRepresentable {
    final class Coordinator: WidgetDataSource {
        func widget(_ widget: Widget, answer request: String, _ payload: JSONValue) throws -> JSONValue {
            if request == "fail" { throw WidgetRequestError("no such thing") }
            return payload
        }
    }
    func makeCoordinator() -> Coordinator { Coordinator() }
    func makeElement(context: Context) -> Widget { Widget("probe") }
    func updateElement(_ widget: Widget, context: Context) { widget.dataSource = context.coordinator }
}

/// A label widget shown and hidden, with a coordinator that counts itself.
private struct ToggledLabel: HTMLElementRepresentable {
    var text: String
    final class Coordinator {
        nonisolated(unsafe) static var alive = 0
        init() { Self.alive += 1 }
        deinit { Self.alive -= 1 }
    }
    func makeCoordinator() -> Coordinator { Coordinator() }
    func makeElement(context: Context) -> Widget { Widget("label", properties: ["text": .string(text)]) }
    func updateElement(_ widget: Widget, context: Context) { widget["text"] = .string(text) }
}

private struct ToggledLabelPage: View {
    @State private var shown = true
    @State private var flips = 0
    var body: some View {
        VStack {
            Button("Toggle") {
                shown.toggle()
                flips += 1
            }
            if shown { ToggledLabel(text: "Shown after \(flips) flips") }
        }
    }
}

extension EndToEnd {
    /// The wrapped timeline in a real browser: the seed's titles and colours, a tapped row opens
    /// its flight, a long data source is asked only for what is shown.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct WidgetsInChromium {
        @Test func theTimelineShowsTheDayAndATappedRowOpensItsFlight() async throws {
            let server = try TestServer()
            defer { server.stop() }
            let flights = server.model.flights
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/timeline")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                #expect(
                    await browser.wait(for: "return document.querySelectorAll('.tt-row[data-filled=\"1\"]').length >= 6"),
                    "the timeline's rows never filled in")
                let rows = try await browser.string(
                    """
                    return JSON.stringify(Array.from(document.querySelectorAll('.tt-row[data-filled="1"]'))
                      .sort((a, b) => a.dataset.row - b.dataset.row).slice(0, 6)
                      .map((row) => [row.querySelector('.tt-title').textContent, row.querySelector('.tt-description').textContent,
                        getComputedStyle(row.querySelector('.tt-bubble')).backgroundColor]))
                    """)
                let shown = try JSONDecoder().decode([[String]].self, from: Data(rows.utf8))
                for (index, row) in shown.enumerated() {
                    let flight = flights[index]
                    let direction = flight.direction == .departure ? "to" : "from"
                    #expect(row[1] == "\(flight.airline) \(flight.number) \(direction) \(flight.otherAirport) - \(flight.status.rawValue)")
                    if flight.status == .cancelled {
                        #expect(row[0] == "Cancelled")
                    } else if flight.timeDifference != 0 {
                        #expect(row[0].contains(" Now: "), "row \(index): \(row[0])")
                    } else {
                        #expect(row[0].hasPrefix("On Time for "), "row \(index): \(row[0])")
                    }
                    // Green on time, yellow a little late, red later: the bubble's colour.
                    let expected =
                        flight.timeDifference > 15
                        ? "rgb(255, 59, 48)" : flight.timeDifference > 0 ? "rgb(255, 204, 0)" : "rgb(52, 199, 89)"
                    #expect(row[2] == expected, "row \(index) (\(flight.timeDifference) min late): \(row[2])")
                }
                #expect(shown.contains { $0[0].contains(" Now: ") } && shown.contains { $0[0].hasPrefix("On Time for ") })
                try await browser.screenshot("timeline")
                // A tap on the third row: the coordinator hears it, the flight's detail opens.
                try await browser.click(".tt-row[data-row=\"2\"]")
                #expect(
                    await browser.wait(
                        for:
                            "return document.body.textContent.includes(\(jsLiteral(flights[2].number))) && !document.querySelector('.tt-table')"
                    ),
                    "the tapped flight did not open")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
                // Back: the timeline's element comes back as the page kept it (one widget, not a
                // second), and its new coordinator answers it: another tap opens another flight.
                try await browser.click("a", labelled: "Back")
                #expect(await browser.wait(for: "return document.querySelectorAll('.tt-row[data-filled=\"1\"]').length >= 6"))
                #expect(try await browser.execute("return window.Jetway.widgets.mounted") as? Int == 1)
                try await browser.click(".tt-row[data-row=\"3\"]")
                #expect(
                    await browser.wait(
                        for:
                            "return document.body.textContent.includes(\(jsLiteral(flights[3].number))) && !document.querySelector('.tt-table')"
                    ),
                    "a tap after Back did not reach the new coordinator")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
        }

        /// Seed 001's two-component picker changes the binding the wheels beside it show, and
        /// back; seed 003's refresh control refreshes and ends, its scrolling reaches the
        /// coordinator, its label follows.
        @Test func thePickerViewTheRefreshControlAndTheLabel() async throws {
            let server = try TestServer()
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/settings")
                #expect(
                    await browser.wait(
                        for:
                            "const s = document.querySelectorAll('.pv-component'); return s.length === 2 && s[0].options.length === 99 && s[1].options.length === 3"
                    ),
                    "the picker's components never loaded")
                _ = try await browser.execute(
                    """
                    const [values, units] = document.querySelectorAll('.pv-component');
                    values.selectedIndex = 4; values.dispatchEvent(new Event('change', { bubbles: true }));
                    units.selectedIndex = 1; units.dispatchEvent(new Event('change', { bubbles: true }));
                    return true
                    """)
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('Remind every 5 weeks')"),
                    "the binding did not change")
                #expect(
                    await browser.wait(
                        for: "return document.querySelector('[role=listbox] [aria-selected=true]')?.textContent.trim() === '5'"),
                    "the wheels beside it do not show the new value")
                // The other way: a wheel steps the value, the picker widget shows it.
                try await browser.click("[role=listbox] [aria-selected=true]")
                _ = try await browser.execute(
                    "document.querySelector('[role=listbox]').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })); return true"
                )
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('Remind every 6 weeks')"), "the wheel did not step")
                #expect(
                    await browser.wait(for: "return document.querySelectorAll('.pv-component')[0].selectedIndex === 5"),
                    "the picker widget did not follow")

                // The refresh control: pressed, it refreshes once and ends refreshing.
                try await browser.click(".rs-refresh")
                #expect(await browser.wait(for: "return document.querySelector('.pl-label')?.textContent === 'Refreshed once'"))
                #expect(
                    await browser.wait(
                        for: "return document.querySelector('.rs-content p')?.textContent === 'Update 1: all flights on schedule.'"))
                #expect(
                    await browser.wait(
                        for: "const b = document.querySelector('.rs-refresh'); return !b.disabled && b.textContent === 'Refresh'"),
                    "the refresh never ended")
                // A pull past the top on a touch screen refreshes too.
                _ = try await browser.execute(
                    """
                    const area = document.querySelector('.rs-scroller');
                    const at = (y) => [new Touch({identifier: 1, target: area, clientX: 100, clientY: y})];
                    area.dispatchEvent(new TouchEvent('touchstart', {bubbles: true, touches: at(100)}));
                    area.dispatchEvent(new TouchEvent('touchmove', {bubbles: true, touches: at(200)}));
                    return true
                    """)
                #expect(
                    await browser.wait(for: "return document.querySelector('.pl-label')?.textContent === 'Refreshed 2 times'"),
                    "the pull did not refresh")
                #expect(await browser.wait(for: "const b = document.querySelector('.rs-refresh'); return !b.disabled"))
                _ = try await browser.execute(
                    "const s = document.querySelector('.rs-scroller'); s.scrollTop = 60; s.dispatchEvent(new Event('scroll')); return true")
                #expect(await browser.wait(for: "return document.body.textContent.includes('You have scrolled the announcements')"))
                try await browser.screenshot("settings-widgets")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
        }

        /// A thousand times hidden and shown: one widget mounted in the page, one coordinator
        /// alive on the server.
        @Test func aThousandMountsLeaveNoWidgetOrCoordinatorBehind() async throws {
            let app = JetwayApp(
                title: "Toggle", scripts: ["widgets/jetway-controls.js"], routes: [Route("/toggle") { _ in ToggledLabelPage() }])
            // A thousand clicks in a few seconds: past the per-page rate limit a person needs.
            let server = try TestServer(app: app) { $0.eventsPerSecond = 100_000 }
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/toggle")
                #expect(await browser.wait(for: "return document.querySelectorAll('.pl-label').length === 1"))
                let result = try await browser.string(
                    """
                    return (async () => {
                      const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Toggle');
                      for (let i = 0; i < 1000; i++) {
                        const before = window.jetway.version;
                        button.click();
                        await new Promise((resolve) => { const check = () => window.jetway.version !== before ? resolve() : setTimeout(check, 1); check(); });
                      }
                      await new Promise((resolve) => setTimeout(resolve, 50));
                      return window.Jetway.widgets.mounted + ' ' + document.querySelectorAll('.pl-label').length + ' ' + document.querySelector('.pl-label').textContent;
                    })()
                    """)
                #expect(result == "1 1 Shown after 1000 flips", "after 1,000 flips: \(result)")
                for session in server.server.sessions.sessions.values { session.graph.releaseRetired() }
                #expect(ToggledLabel.Coordinator.alive <= 1, "\(ToggledLabel.Coordinator.alive) coordinators alive")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
        }

        /// Requests answered, refused with the data source's words, bounded in number, and timed
        /// out while the page cannot reach its server.
        @Test func widgetRequestsAreAnsweredBoundedAndTimeOut() async throws {
            let app = JetwayApp(title: "Probe", routes: [Route("/probe") { _ in ProbeWidget() }])
            let server = try TestServer(app: app) { $0.eventsPerSecond = 100_000 }
            var stopped = false
            defer { if !stopped { server.stop() } }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/probe")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                _ = try await browser.execute(
                    "Jetway.widgets.define('probe', { mount(el, props, bridge) { window.probe = bridge; } }); return true")
                #expect(await browser.wait(for: "return !!window.probe"))
                let answers = try await browser.string(
                    """
                    return (async () => {
                      const echo = await window.probe.request('echo', { row: 5 });
                      const refused = await window.probe.request('fail').then(() => 'answered', (e) => e.message);
                      const many = await Promise.allSettled(Array.from({ length: 70 }, (_, i) => window.probe.request('echo', i)));
                      const tooMany = many.filter((r) => r.status === 'rejected' && r.reason.message === 'too many requests waiting').length;
                      const answered = many.filter((r) => r.status === 'fulfilled').length;
                      return JSON.stringify({ echo, refused, tooMany, answered });
                    })()
                    """)
                #expect(answers == #"{"echo":{"row":5},"refused":"no such thing","tooMany":6,"answered":64}"#, "\(answers)")
                // The server goes away: a request waiting for the page to be live again times out.
                server.stop()
                stopped = true
                #expect(await browser.wait(for: "return !window.jetway.connected"))
                let late = try await browser.string(
                    """
                    return (async () => {
                      window.Jetway.widgets.requestTimeout = 300;
                      const started = performance.now();
                      const result = await window.probe.request('echo', 1).then(() => 'answered', (e) => e.message);
                      return result + ' ' + (performance.now() - started < 2000);
                    })()
                    """)
                #expect(late == "the request timed out true", "\(late)")
            }
        }

        @Test func aLongDataSourceIsAskedOnlyForTheRowsShown() async throws {
            let counter = RequestCounter()
            let app = JetwayApp(
                title: "Long", stylesheets: ["widgets/timeline-table.css"],
                scripts: ["widgets/timeline-table.js", "widgets/jetway-timeline.js"],
                routes: [Route("/long") { _ in LongTimeline(counter: counter) }])
            let server = try TestServer(app: app)
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/long")
                #expect(await browser.wait(for: "return document.querySelectorAll('.tt-row[data-filled=\"1\"]').length >= 5"))
                try await Task.sleep(for: .milliseconds(300))
                #expect(counter.cells > 4 && counter.cells < 40, "asked for \(counter.cells) of 10,000 rows")
                // Scrolled to the end: the last rows are asked for, still a screenful.
                let before = counter.cells
                _ = try await browser.execute("const t = document.querySelector('.tt-table'); t.scrollTop = t.scrollHeight; return true")
                #expect(await browser.wait(for: "return !!document.querySelector('.tt-row[data-row=\"9999\"][data-filled=\"1\"]')"))
                #expect(counter.largestRow == 9999)
                #expect(counter.cells - before < 40, "the end of the list took \(counter.cells - before) requests")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
        }
    }
}
