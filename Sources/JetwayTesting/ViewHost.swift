import Jetway

/// Hosts a view as a browser would, without a browser: renders it, keeps a model DOM updated
/// by the patches (and checks after every update that it matches the new render), and acts
/// as a user by label. By default events and patches cross the wire as the browser's would:
/// each event is encoded as the runtime sends it and decoded as the server reads it, and each
/// patch encoded as the server sends it and decoded (`ServerFrame`) before it is applied;
/// `wire: .direct` hands them over as values.
///
/// ```swift
/// @MainActor @Test func search() async throws {
///     let host = ViewHost(FruitList())
///     try host.type("app", into: "Search")
///     #expect(host.html.contains("Apple"))
///     try host.tap("Apple")
///     await host.settle()
/// }
/// ```
@MainActor
public final class ViewHost {
    /// Why an action could not be done, or a patch was wrong.
    public enum HostError: Error, CustomStringConvertible {
        /// Nothing on the page matches this description.
        case notFound(String)
        /// More than one element matches; how many.
        case ambiguous(String, count: Int)
        /// The control is disabled, as a browser would refuse it.
        case disabled(String)
        /// Applying the patches did not give the page a fresh render gives.
        case patchMismatch(expected: String, actual: String)
        /// A message did not survive its encoding on the wire.
        case wire(String)

        /// What went wrong, naming the control or both pages.
        public var description: String {
            switch self {
            case .notFound(let what): "found no \(what)"
            case .ambiguous(let what, let count): "found \(count) of \(what); make the label unique"
            case .disabled(let what): "\(what) is disabled"
            case .patchMismatch(let expected, let actual):
                "the patched page differs from the render:\nexpected \(expected)\nactual   \(actual)"
            case .wire(let what): "the wire changed what it carried: \(what)"
            }
        }
    }

    /// How events and patches reach the graph and the model DOM.
    public enum Wire: Sendable {
        /// Encoded and decoded as the browser and the server do (`ClientMessage`, `ServerFrame`).
        case json
        /// Handed over as values.
        case direct
    }

    /// The view graph the host renders (what the server keeps for a page).
    public let graph: ViewGraph
    /// How events and patches travel (`json` unless asked otherwise).
    public let wire: Wire
    /// The ref of the last event sent (each event's, as the runtime numbers them).
    private var ref = 0
    /// The page as the browser would have it after applying every patch.
    public private(set) var dom: ModelDOM
    /// The ops of the last update that changed the page.
    public private(set) var lastPatches: [PatchOp] = []
    /// The encoded size of `lastPatches` on the wire, in bytes.
    public var lastPatchBytes: Int { PatchEncoder.encode(version: graph.version, lastPatches).count }
    /// Every update's ops, oldest first.
    public private(set) var history: [[PatchOp]] = []
    /// An error from an update that ran outside a user action (a task, a timer).
    public private(set) var backgroundError: Error?

    /// Renders `view` as a page's first paint, with `environment` as the page's (a color scheme, a locale).
    public init<Root: View>(_ view: Root, environment: EnvironmentValues = EnvironmentValues(), wire: Wire = .json) {
        graph = ViewGraph(view, environment: environment)
        self.wire = wire
        let root = graph.render()
        // The first paint is our own writer's output: parsing it cannot fail unless the writer is broken.
        dom = try! ModelDOM(html: root.html)
        graph.onNeedsUpdate = { [weak self] in
            Task { @MainActor in
                guard let self else { return }
                do { try self.update() } catch { self.backgroundError = error }
            }
        }
    }

    /// The page's HTML as the browser has it now.
    public var html: String { dom.canonicalHTML }

    /// The page as a whole HTML document using `stylesheet` (a path or URL to `jetway.css`),
    /// for looking at a screen in a real browser.
    public func document(title: String = "Jetway", stylesheet: String) -> String {
        var writer = HTMLWriter()
        writer.appendEscaped(title, attribute: false)
        let safeTitle = String(decoding: writer.bytes, as: UTF8.self)
        var link = HTMLWriter()
        link.appendEscaped(stylesheet, attribute: true)
        return """
            <!doctype html><html lang="en"><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1">\
            <title>\(safeTitle)</title><link rel="stylesheet" href="\(String(decoding: link.bytes, as: UTF8.self))"></head>\
            <body>\(graph.tree.root?.html ?? "")</body></html>
            """
    }

    /// The visible text of the page.
    public var text: String { dom.root.textContent }

    /// Re-renders what changed, applies the patch to the model DOM and checks it against the
    /// render. Actions call this for you.
    public func update() throws {
        let ops = try carried(graph.update())
        guard !ops.isEmpty else { return }
        lastPatches = ops
        history.append(ops)
        try dom.apply(ops)
        guard let root = graph.tree.root else { return }
        let expected = try ModelDOM(html: root.html).canonicalHTML
        let actual = dom.canonicalHTML
        if expected != actual { throw HostError.patchMismatch(expected: expected, actual: actual) }
    }

    /// Clicks the button, link, navigation link or tappable view whose visible text (or
    /// accessible label) is `label`.
    public func tap(_ label: String) throws {
        let node = try unique("tappable element labelled “\(label)”") { node in
            guard node.tag == "button" || node.tag == "a" || node.attribute(RuntimeContract.Attribute.events)?.contains("click") == true
            else { return false }
            return Self.labels(of: node).contains(label)
        }
        try send(.click, .none, to: node, "“\(label)”")
    }

    /// Types `text` into the field whose label, prompt or placeholder is `label` (a
    /// `.searchable` field answers to "Search" unless given a prompt). The field's value
    /// becomes `text`, as after the user typed it.
    public func type(_ text: String, into label: String) throws {
        let node = try field(label)
        try send(.input, .text(text), to: node, "field “\(label)”")
    }

    /// Presses Enter in the field labelled `label`.
    public func submit(_ label: String) throws {
        try send(.submit, .none, to: try field(label), "field “\(label)”")
    }

    /// Flips the toggle labelled `label`.
    public func toggle(_ label: String) throws {
        let node = try unique("toggle labelled “\(label)”") { node in
            node.tag == "input" && node.attribute("type") == "checkbox"
                && (node.ancestors.first { $0.tag == "label" }.map { $0.textContent.trimmed } == label)
        }
        try send(.change, .bool(node.attribute("checked") == nil), to: node, "toggle “\(label)”")
    }

    /// Chooses the option `option` of the picker labelled `picker`.
    public func select(_ option: String, in picker: String) throws {
        if let select = try? unique("picker labelled “\(picker)”", where: { $0.tag == "select" && $0.attribute("aria-label") == picker }) {
            let options = select.children.filter { $0.tag == "option" }
            guard let index = options.firstIndex(where: { $0.textContent.trimmed == option }) else {
                throw HostError.notFound("option “\(option)” in picker “\(picker)”")
            }
            try send(.change, .text(String(index)), to: select, "picker “\(picker)”")
            return
        }
        if let wheel = try? unique(
            "picker labelled “\(picker)”", where: { $0.attribute("role") == "listbox" && $0.attribute("aria-label") == picker })
        {
            let options = wheel.children.filter { $0.attribute("role") == "option" }
            guard let index = options.firstIndex(where: { $0.textContent.trimmed == option }) else {
                throw HostError.notFound("option “\(option)” in picker “\(picker)”")
            }
            try send(.change, .text(String(index)), to: wheel, "picker “\(picker)”")
            return
        }
        let group = try unique("picker labelled “\(picker)”") {
            $0.attribute("role") == "radiogroup" && $0.attribute("aria-label") == picker
        }
        guard let button = group.children.first(where: { $0.textContent.trimmed == option }) else {
            throw HostError.notFound("option “\(option)” in picker “\(picker)”")
        }
        try send(.click, .none, to: button, "option “\(option)”")
    }

    /// Sets the input labelled `label` (a date picker's `2026-12-24T10:05`, `2026-12-24` or
    /// `10:05`) as the browser does when the user has picked a value.
    public func enter(_ value: String, into label: String) throws {
        let node = try unique("input labelled “\(label)”") { $0.tag == "input" && $0.attribute("aria-label") == label }
        try send(.change, .text(value), to: node, "input “\(label)”")
    }

    /// Dismisses the sheet that is showing, as Escape would.
    public func dismissSheet() throws {
        let dialog = try unique("presented sheet") { $0.tag == "dialog" }
        try send(.dismiss, .none, to: dialog, "sheet")
    }

    /// Reports a browser size to every `GeometryReader` on the page.
    public func resize(width: Double, height: Double) throws {
        for node in dom.root.descendants where node.attribute(RuntimeContract.Attribute.events)?.contains("resize") == true {
            try send(.resize, .size(width: width, height: height), to: node, "geometry reader")
        }
    }

    /// Scrolls every lazy list on the page (`List`, the lazy stacks and grids) as a browser
    /// would that shows `rows` of its rows from row `first`: each reports them (`visible`) and
    /// its window moves. Lists that appear as windows move (a section's rows) are scrolled too.
    public func scrollLazyRows(toRow first: Int = 0, rows: Int = 19) throws {
        var reported = Set<String>()
        for _ in 0..<16 {
            let gaps = dom.root.descendants.filter {
                $0.attribute(RuntimeContract.Attribute.events)?.split(separator: " ").contains("visible") == true
                    && !reported.contains($0.attribute("data-j") ?? "")
            }
            guard !gaps.isEmpty else { return }
            for gap in gaps {
                reported.insert(gap.attribute("data-j") ?? "")
                let window = Double(gap.attribute(RuntimeContract.Attribute.lazyRows) ?? "") ?? 0
                try send(.visible, .numbers([Double(first), Double(first + rows), 1, window]), to: gap, "lazy list")
            }
        }
    }

    /// Shows every row of the page's lazy lists (up to `LazyWindow.mostRows` of each), as a
    /// browser far taller than its rows would.
    public func showAllRows() throws {
        try scrollLazyRows(toRow: 0, rows: 1_000_000)
    }

    /// Sends any event to an element found by `predicate` (for the cases the helpers do not
    /// cover).
    public func send(_ event: EventKind, _ payload: EventPayload = .none, where predicate: (DOMNode) -> Bool) throws {
        let node = try unique("element for \(event.rawValue)", where: predicate)
        try send(event, payload, to: node, "element")
    }

    /// Waits until scheduled work has run: tasks started by `.task`, main-actor tasks started by
    /// actions, and the re-renders they cause. Returns once nothing has happened for `quiet`.
    public func settle(quiet: Duration = .milliseconds(20), timeout: Duration = .seconds(5)) async {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var lastActivity = clock.now
        while clock.now < deadline {
            for _ in 0..<32 { await Task.yield() }
            if graph.needsUpdate {
                do { try update() } catch { backgroundError = error }
                lastActivity = clock.now
            } else if graph.runningTasks > 0 {
                lastActivity = clock.now
            } else if clock.now - lastActivity >= quiet {
                return
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Waits until `condition` holds for the page (or `timeout` passes), applying updates as
    /// they come: for work whose length the test cannot know.
    @discardableResult
    public func settle(until condition: (ViewHost) -> Bool, timeout: Duration = .seconds(5)) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if graph.needsUpdate {
                do { try update() } catch { backgroundError = error }
            }
            if condition(self) { return true }
            for _ in 0..<32 { await Task.yield() }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return condition(self)
    }

    /// Every innermost element whose visible text is exactly `text` (not its ancestors, whose
    /// text is the same).
    /// The element of the widget registered as `name` (`data-widget`), if exactly one is shown.
    public func widgetElement(_ name: String) throws -> DOMNode {
        try unique("widget “\(name)”") { $0.attribute(RuntimeContract.Attribute.widget) == name }
    }

    /// What the widget's `bridge.send(message, payload)` does in the browser.
    public func sendWidgetMessage(_ message: String, _ payload: JSONValue = .null, to widget: String) throws {
        try send(.message, .message(name: message, json: payload.json), to: try widgetElement(widget), "widget “\(widget)”")
    }

    /// What the widget's `await bridge.request(name, payload)` gets: the data source's answer,
    /// or the error it threw.
    public func request(_ name: String, _ payload: JSONValue = .null, from widget: String) throws -> JSONValue {
        try send(.request, .message(name: name, json: payload.json), to: try widgetElement(widget), "widget “\(widget)”")
        return try JSONValue(json: graph.takeAnswer() ?? "null")
    }

    /// The widget commands in the patches since the last update, as (name, payload).
    public var widgetCommands: [(name: String, payload: JSONValue)] {
        lastPatches.compactMap { op in
            guard case .command(_, let name, let payload) = op else { return nil }
            return (name, (try? JSONValue(json: payload)) ?? .null)
        }
    }

    /// Every element with `name` among its classes (`jw-list-row`: a list's rows).
    public func elements(withClass name: String) -> [DOMNode] {
        dom.root.descendants.filter { $0.attribute("class")?.split(separator: " ").contains(Substring(name)) == true }
    }

    /// The innermost elements whose whole visible text is `text` (trimmed): a row's label, a button's title.
    public func elements(withText text: String) -> [DOMNode] {
        dom.root.descendants.filter { node in
            node.textContent.trimmed == text && !node.children.contains { $0.tag != nil && $0.textContent.trimmed == text }
        }
    }

    // MARK: -

    private func field(_ label: String) throws -> DOMNode {
        try unique("field labelled “\(label)”") { node in
            guard node.tag == "input" || node.tag == "textarea" else { return false }
            if node.attribute("type") == "checkbox" || node.attribute("type") == "range" { return false }
            return node.attribute("aria-label") == label || node.attribute("placeholder") == label
                || node.ancestors.first(where: { $0.tag == "label" })?.textContent.trimmed == label
        }
    }

    private func unique(_ what: String, where predicate: (DOMNode) -> Bool) throws -> DOMNode {
        let matches = dom.root.descendants.filter(predicate)
        guard let first = matches.first else { throw HostError.notFound(what) }
        guard matches.count == 1 else { throw HostError.ambiguous(what, count: matches.count) }
        return first
    }

    private func send(_ event: EventKind, _ payload: EventPayload, to node: DOMNode, _ what: String) throws {
        if node.attribute("disabled") != nil || node.attribute("aria-disabled") == "true" { throw HostError.disabled(what) }
        guard let raw = node.attribute("data-j"), let id = NodeID(raw) else { throw HostError.notFound("\(what) with an id") }
        ref += 1
        guard wire == .json, event.isSentByBrowsers, let value = payload.wireValue else {
            try graph.dispatch(id, event, payload)
            try update()
            return
        }
        // As the runtime sends it and the server reads it.
        let sent = ClientMessage.event(ref: ref, id: raw, event: event.rawValue, payload: value)
        let read: ClientMessage
        do {
            read = try ClientMessage.decode(sent.encoded)
        } catch {
            throw HostError.wire("\(sent.text) was refused: \(error)")
        }
        guard case .event(_, let readID, let readEvent, let readValue) = read, let nodeID = NodeID(readID),
            let kind = EventKind(rawValue: readEvent), read == sent
        else { throw HostError.wire("\(sent.text) came back as \(read)") }
        try graph.dispatch(nodeID, kind, EventPayload(readValue))
        try update()
    }

    /// The ops as the page receives them: encoded and decoded in wire mode.
    private func carried(_ ops: [PatchOp]) throws -> [PatchOp] {
        guard wire == .json, !ops.isEmpty else { return ops }
        let frame = String(decoding: ServerFrame.patch(version: graph.version, ops: ops, ref: ref).encoded, as: UTF8.self)
        let read: ServerFrame
        do {
            read = try ServerFrame(decoding: frame)
        } catch {
            throw HostError.wire("a patch frame was unreadable: \(error): \(frame.prefix(200))")
        }
        guard case .patch(_, let readOps, _) = read, readOps == ops else {
            throw HostError.wire("a patch frame came back different: \(frame.prefix(200))")
        }
        return readOps
    }

    /// The names a user could know an element by: its accessible label, its text, and its
    /// texts joined with spaces (a button with a title and a subtitle).
    private static func labels(of node: DOMNode) -> [String] {
        var labels = [node.textContent.trimmed]
        if let label = node.attribute("aria-label") { labels.append(label) }
        let words = node.descendants.filter { $0.children.allSatisfy { $0.tag == nil } }.map(\.textContent.trimmed).filter { !$0.isEmpty }
        labels.append(words.joined(separator: " "))
        return labels
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
