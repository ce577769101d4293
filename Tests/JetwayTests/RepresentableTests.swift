import Jetway
import JetwayTesting
import Testing

/// What a representable's life looks like, counted.
@MainActor
final class WidgetLog {
    var coordinators = 0
    var makes = 0
    var updates = 0
    var dismantles = 0
    var messages: [String] = []
}

/// A label widget (seed 003's `MyUILabel`, in the browser): its text is a property.
private struct LabelWidget: HTMLElementRepresentable {
    var text: String
    let log: WidgetLog

    final class Coordinator: WidgetDelegate, WidgetDataSource {
        let log: WidgetLog
        var rows: [String] = []
        nonisolated(unsafe) static var alive = 0
        init(log: WidgetLog) {
            self.log = log
            Self.alive += 1
        }
        deinit { Self.alive -= 1 }
        func widget(_ widget: Widget, didSend message: String, _ payload: JSONValue) {
            log.messages.append("\(message) \(payload.json)")
        }
        func widget(_ widget: Widget, answer request: String, _ payload: JSONValue) throws -> JSONValue {
            guard request == "row", let row = payload["row"]?.int, rows.indices.contains(row) else {
                throw WidgetRequestError("no such row")
            }
            return ["text": .string(rows[row])]
        }
    }

    func makeCoordinator() -> Coordinator {
        log.coordinators += 1
        return Coordinator(log: log)
    }

    func makeElement(context: Context) -> Widget {
        log.makes += 1
        return Widget("label", properties: ["text": .string(text)])
    }

    func updateElement(_ widget: Widget, context: Context) {
        log.updates += 1
        widget.delegate = context.coordinator
        widget.dataSource = context.coordinator
        widget["text"] = .string(text)
        widget["lineCount"] = .number(Double(text.split(separator: "\n").count))
        context.coordinator.rows = text.split(separator: " ").map(String.init)
        if text == "scroll" { widget.perform("scrollTo", ["row": 3]) }
    }

    static func dismantleElement(_ widget: Widget, coordinator: Coordinator) {
        coordinator.log.dismantles += 1
    }
}

private struct LabelPage: View {
    let log: WidgetLog
    @State private var text = "Hello"
    @State private var count = 0
    @State private var shown = true
    var body: some View {
        VStack {
            Button("Count \(count)") { count += 1 }
            Button("Change") { text = text == "Hello" ? "Hello there world" : "scroll" }
            Button("Hide") { shown.toggle() }
            if shown { LabelWidget(text: text, log: log) }
        }
    }
}

@MainActor
struct RepresentableTests {
    @Test func makeOnceUpdateOnChangeOnlyDismantleOnce() throws {
        let log = WidgetLog()
        let host = ViewHost(LabelPage(log: log))
        let element = try host.widgetElement("label")
        #expect(element.attribute("data-p-text") == "\"Hello\"")
        #expect(element.attribute("data-p-line-count") == "1")
        #expect(log.coordinators == 1 && log.makes == 1 && log.updates == 1)
        // A render around it that changes nothing it takes: no update, no op for it.
        try host.tap("Count 0")
        #expect(log.updates == 1)
        #expect(host.lastPatches.count == 1)
        // Its input changes: one update, only the changed property goes out.
        try host.tap("Change")
        #expect(log.makes == 1 && log.updates == 2)
        let elementID = try #require(NodeID(element.attribute("data-j") ?? ""))
        #expect(host.lastPatches == [.setAttribute(elementID, name: "data-p-text", value: "\"Hello there world\"")])
        // A command reaches the widget after the change.
        try host.tap("Change")
        #expect(host.widgetCommands.map(\.name) == ["scrollTo"])
        #expect(host.widgetCommands.first?.payload["row"]?.int == 3)
        // It leaves: dismantled once; it comes back: made afresh.
        try host.tap("Hide")
        #expect(log.dismantles == 1)
        try host.tap("Hide")
        #expect(log.coordinators == 2 && log.makes == 2 && log.dismantles == 1)
    }

    @Test func messagesReachTheDelegateAndRequestsAreAnswered() throws {
        let log = WidgetLog()
        let host = ViewHost(LabelPage(log: log))
        try host.tap("Change")
        try host.sendWidgetMessage("tapped", ["row": 2], to: "label")
        #expect(log.messages == [#"tapped {"row":2}"#])
        #expect(try host.request("row", ["row": 1], from: "label") == ["text": "there"])
        // The data source's refusal is the request's error; a malformed payload is refused too.
        #expect(throws: WidgetRequestError.self) { try host.request("row", ["row": 9], from: "label") }
        let raw = try host.widgetElement("label").attribute("data-j") ?? ""
        let id = try #require(NodeID(raw))
        #expect(throws: JSONValueError.self) { try host.graph.dispatch(id, .request, .message(name: "row", json: "{row: 1}")) }
        #expect(throws: JetwayError.self) { try host.graph.dispatch(id, .message, .text("not a widget message")) }
    }

    @Test func aThousandMountsLeaveNoCoordinatorAlive() async throws {
        let log = WidgetLog()
        let host = ViewHost(LabelPage(log: log))
        try host.sendWidgetMessage("hello", to: "label")
        var pacer = MainActorPacer()
        for _ in 0..<1000 {
            try host.tap("Hide")
            try host.tap("Hide")
            await pacer.pace()
        }
        #expect(log.coordinators == 1001 && log.dismantles == 1000)
        #expect(log.messages.count == 1)
        // Only the one on the page is alive (the others are released with their instances).
        host.graph.releaseRetired()
        #expect(LabelWidget.Coordinator.alive <= 2, "\(LabelWidget.Coordinator.alive) coordinators alive")
    }

    @Test func jsonIsStrictAndRoundTrips() throws {
        let value: JSONValue = ["a": [1, 2.5, "x\"y\n", nil, true], "é": ["nested": [:]]]
        #expect(try JSONValue(json: value.json) == value)
        #expect(value.json == #"{"a":[1,2.5,"x\"y\n",null,true],"é":{"nested":{}}}"#)
        #expect(try JSONValue(json: #""\ud83d\ude00""#) == "😀")
        for bad in ["", "{", "[1,]", "01", "1.", "\"\\ud800\"", "nul", "[1] x", "{\"a\" 1}", "\"\u{1}\"", "1e999"] {
            #expect(throws: JSONValueError.self, "\(bad)") { try JSONValue(json: bad) }
        }
        #expect(throws: JSONValueError.self) { try JSONValue(json: String(repeating: "[", count: 40) + String(repeating: "]", count: 40)) }
    }
}
