/// A view shown by a widget of a plain script in the browser, as `UIViewRepresentable` wraps a
/// `UIView`: Jetway makes the coordinator once, asks for the widget once
/// (`makeElement(context:)`), configures it right after and whenever the view's inputs or
/// environment change (`updateElement(_:context:)`), and dismantles it when the view leaves.
/// The page's diff never touches what the widget puts inside its element.
///
/// ```swift
/// struct FlightTimeline: HTMLElementRepresentable {
///     var flights: [FlightInformation]
///     func makeCoordinator() -> Coordinator { Coordinator(flights: flights) }
///     func makeElement(context: Context) -> Widget { Widget("timeline") }
///     func updateElement(_ widget: Widget, context: Context) {
///         context.coordinator.flightData = flights
///         widget.dataSource = context.coordinator
///         widget["rows"] = .number(Double(flights.count))
///     }
/// }
/// ```
///
/// The widget's script registers it in the page: `Jetway.widgets.define("timeline", { mount(el,
/// props, bridge), update(el, props, changed), command(el, name, payload), destroy(el) })`
/// (docs/integration.md).
@MainActor @preconcurrency
public protocol HTMLElementRepresentable: View where Body == Never {
    /// The type of the object `makeCoordinator()` makes, kept as long as the view stays on the page (`Void` when
    /// there is none).
    associatedtype Coordinator = Void
    /// What `makeElement(context:)` and `updateElement(_:context:)` are given: the coordinator and the environment.
    typealias Context = HTMLElementRepresentableContext<Self>

    /// Made once, before `makeElement`: the widget's delegate and data source.
    func makeCoordinator() -> Coordinator
    /// The widget (its script's name and first properties), asked for once.
    func makeElement(context: Context) -> Widget
    /// Configures the widget: called after `makeElement` and whenever the view's stored
    /// properties or its environment change. Only the properties that change are sent.
    func updateElement(_ widget: Widget, context: Context)
    /// The view left the page (or the page closed): release what the widget holds.
    static func dismantleElement(_ widget: Widget, coordinator: Coordinator)
}

extension HTMLElementRepresentable where Coordinator == Void {
    /// No coordinator: the default when `Coordinator` is `Void`.
    public func makeCoordinator() {}
}

extension HTMLElementRepresentable {
    /// Does nothing by default.
    public static func dismantleElement(_ widget: Widget, coordinator: Coordinator) {}

    /// Never called: the view is shown by its widget, and calling this stops the program.
    public var body: Never {
        preconditionFailure("\(Self.self) is shown by its widget and has no body")
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        context.graph.renderRepresentable(view, context, &out)
    }
}

/// What `makeElement` and `updateElement` are given: the coordinator, the environment the
/// view is rendered in, and a transaction (always an empty one).
@MainActor
public struct HTMLElementRepresentableContext<Representable: HTMLElementRepresentable> {
    /// The coordinator `makeCoordinator()` made, the same for the view's whole life on the page.
    public let coordinator: Representable.Coordinator
    /// The environment the view is rendered in.
    public let environment: EnvironmentValues
    /// Always an empty `Transaction`: the change's own animation is not passed on.
    public var transaction: Transaction
}

/// A representable's storage in its instance: the coordinator, the widget, the last value and
/// the element made for it.
@MainActor
final class RepresentableStorage<Representable: HTMLElementRepresentable>: UnmountObserving, NodeHolding {
    let coordinator: Representable.Coordinator
    var view: Representable
    var widget: Widget?
    var environmentVersion: UInt64 = 0
    var node: Node?
    var revision = -1
    private(set) var isDismantled = false

    init(coordinator: Representable.Coordinator, view: Representable) {
        self.coordinator = coordinator
        self.view = view
    }

    func didUnmount() {
        guard !isDismantled, let widget else { return }
        isDismantled = true
        widget.host = nil
        widget.element = nil
        Representable.dismantleElement(widget, coordinator: coordinator)
        widget.delegate = nil
        widget.dataSource = nil
    }

    func replaceNodes(_ replacement: NodeReplacement) {
        node = node.map { replacement($0) }
        widget?.element = node
    }
}

extension ViewGraph: WidgetHost {
    func renderRepresentable<V: HTMLElementRepresentable>(_ view: V, _ context: _RenderContext, _ out: inout [Node]) {
        var created = false
        let storage = persistentState(RepresentableStorage<V>.self, context) {
            created = true
            return RepresentableStorage<V>(coordinator: view.makeCoordinator(), view: view)
        }
        let representableContext = HTMLElementRepresentableContext<V>(
            coordinator: storage.coordinator, environment: context.environment, transaction: Transaction())
        let widget: Widget
        if created || storage.widget == nil {
            widget = view.makeElement(context: representableContext)
            storage.widget = widget
            widget.host = self
            view.updateElement(widget, context: representableContext)
        } else {
            widget = storage.widget!
            let same = equality(for: V.self)?(storage.view, view) ?? false
            if !same || storage.environmentVersion != context.environment.version {
                view.updateElement(widget, context: representableContext)
            }
        }
        storage.view = view
        storage.environmentVersion = context.environment.version
        if let node = storage.node, node.key == context.elementKey, storage.revision == widget.revision {
            out.append(node)
            return
        }
        let node = context.element("div", StyleClass.widget)
        node.setAttribute(RuntimeContract.Attribute.widget, widget.name)
        for name in widget.properties.keys.sorted() {
            node.setAttribute(Widget.attributeName(name), widget.properties[name]!.json)
        }
        node.isOpaque = true
        node.addHandler(
            EventBinding(event: .message) { [weak widget] payload in
                guard let widget else { return }
                let (name, value) = try Self.widgetMessage(payload)
                widget.delegate?.widget(widget, didSend: name, value)
            })
        node.addHandler(
            EventBinding(event: .request) { [weak widget, unowned self] payload in
                guard let widget else { throw WidgetRequestError("the widget has left the page") }
                let (name, value) = try Self.widgetMessage(payload)
                guard let source = widget.dataSource else { throw WidgetRequestError("\(widget.name) has no data source for \"\(name)\"") }
                self.answer = try source.widget(widget, answer: name, value).json
            })
        node.isFrozen = true
        storage.node = node
        storage.revision = widget.revision
        widget.element = node
        out.append(node)
    }

    /// A widget message's name and payload, the payload parsed with limits (a page's message is
    /// at most 64 KiB anyway).
    private static func widgetMessage(_ payload: EventPayload) throws -> (String, JSONValue) {
        guard case .message(let name, let json) = payload else {
            throw JetwayError.wrongPayload(expected: "a widget message", got: payload.kindName)
        }
        guard Widget.isName(name, dashes: true) else { throw WidgetRequestError("a widget message's name is letters, digits and dashes") }
        return (name, try JSONValue(json: json, maxDepth: 16, maxBytes: 65536))
    }

    func queueCommand(_ widget: Widget, _ command: String, _ payload: JSONValue) {
        guard Widget.isName(command, dashes: true) else {
            assertionFailure("a command name is letters, digits and dashes: \(command)")
            return
        }
        pendingCommands.append((widget, command, payload.json))
        setNeedsUpdate()
    }

    /// The commands queued since the last patch, for elements on the page.
    func takeCommands() -> [PatchOp] {
        guard !pendingCommands.isEmpty else { return [] }
        let commands = pendingCommands
        pendingCommands.removeAll()
        return commands.compactMap { widget, name, payload in
            guard widget.host != nil, let node = widget.element, node.id.isAssigned else { return nil }
            return .command(node.id, name: name, payload: payload)
        }
    }

    /// The answer the last request's data source gave, as JSON text (taken once).
    public func takeAnswer() -> String? {
        defer { answer = nil }
        return answer
    }
}
