/// The server's handle on a widget in the browser: a component of a plain script, registered
/// with `Jetway.widgets.define(name, …)` in the page. An `HTMLElementRepresentable` makes one
/// in `makeElement(context:)` and configures it in `updateElement(_:context:)`, as a
/// `UIViewRepresentable` makes and configures a `UIView`.
///
/// - Properties go to the widget's `update(el, props, changed)`; only changed ones are sent.
/// - Messages from the widget (`bridge.send(name, payload)`) reach `delegate`.
/// - Requests (`await bridge.request(name, payload)`) are answered by `dataSource`: the widget
///   asks for what it shows ("count", "row 7"), so a long list loads only its visible rows.
/// - `perform(_:_:)` sends the widget a command (scroll to, end refreshing).
///
/// ```swift
/// func makeElement(context: Context) -> Widget { Widget("timeline") }
/// func updateElement(_ widget: Widget, context: Context) {
///     widget.dataSource = context.coordinator
///     widget["rows"] = .number(Double(flights.count))
/// }
/// ```
@MainActor
public final class Widget {
    /// The name the widget's script registered (`Jetway.widgets.define(name, …)`).
    public let name: String
    /// The properties set so far, by name; the widget's script gets them in `update(el, props, changed)`.
    public private(set) var properties: [String: JSONValue]
    /// Hears the widget's messages. Held weakly, as UIKit delegates are: the coordinator is kept
    /// by the view's storage.
    public weak var delegate: (any WidgetDelegate)?
    /// Answers the widget's requests (held weakly, like `delegate`).
    public weak var dataSource: (any WidgetDataSource)?
    /// Bumped by every property change: a render compares it to reuse the element.
    var revision = 0
    /// Where commands go (the graph showing the widget), set while it is on the page.
    weak var host: WidgetHost?
    /// The element showing it (its id addresses commands).
    weak var element: Node?

    /// A widget of the script registered as `name`, with its first properties. Names are
    /// letters, digits and `-`; property names letters and digits (`rowHeight`).
    public init(_ name: String, properties: [String: JSONValue] = [:]) {
        self.name = Widget.isName(name, dashes: true) ? name : "invalid"
        self.properties = properties.filter { Widget.isName($0.key, dashes: false) }
        assert(Widget.isName(name, dashes: true), "a widget name is letters, digits and dashes: \(name)")
        assert(properties.keys.allSatisfy { Widget.isName($0, dashes: false) }, "property names are letters and digits")
    }

    /// A property: setting one that changed sends it to the widget with the next patch.
    public subscript(property: String) -> JSONValue? {
        get { properties[property] }
        set {
            guard Widget.isName(property, dashes: false) else {
                assertionFailure("property names are letters and digits: \(property)")
                return
            }
            guard properties[property] != newValue else { return }
            properties[property] = newValue
            revision += 1
        }
    }

    /// Sends the widget a command (its `command(el, name, payload)`), after the changes of the
    /// current render. Commands to a widget not on a page are dropped.
    public func perform(_ command: String, _ payload: JSONValue = .null) {
        host?.queueCommand(self, command, payload)
    }

    static func isName(_ text: String, dashes: Bool) -> Bool {
        !text.isEmpty && text.utf8.count <= 64
            && text.utf8.allSatisfy { byte in
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                    || (dashes && byte == 0x2D)
            }
    }

    /// `rowHeight` → `row-height`: attribute names are lower case in HTML.
    static func attributeName(_ property: String) -> String {
        var name = RuntimeContract.Attribute.widgetProperty
        for character in property {
            if character.isUppercase {
                name += "-" + character.lowercased()
            } else {
                name.append(character)
            }
        }
        return name
    }
}

/// Hears a widget's messages (`bridge.send(name, payload)` in the browser), on the main actor.
@MainActor
public protocol WidgetDelegate: AnyObject {
    /// Called when the widget's script sends `message` with `payload`; nothing goes back to the browser.
    func widget(_ widget: Widget, didSend message: String, _ payload: JSONValue)
}

/// Answers a widget's requests (`await bridge.request(name, payload)` in the browser). A thrown
/// error reaches the widget as a rejected request with the error's text.
@MainActor
public protocol WidgetDataSource: AnyObject {
    /// Called when the widget's script requests `request` with `payload`; what it returns resolves the widget's
    /// promise, and what it throws rejects it.
    func widget(_ widget: Widget, answer request: String, _ payload: JSONValue) throws -> JSONValue
}

/// A request no data source answers: the widget's promise is rejected with this text.
public struct WidgetRequestError: Error, CustomStringConvertible {
    /// The text the widget's rejected promise carries.
    public let description: String
    /// An error whose text is `description`.
    public init(_ description: String) { self.description = description }
}

/// Where a widget's commands go: the graph that shows it.
@MainActor
protocol WidgetHost: AnyObject {
    func queueCommand(_ widget: Widget, _ command: String, _ payload: JSONValue)
}
