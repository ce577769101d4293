/// The kinds of browser events a rendered element can ask for.
public enum EventKind: String, Sendable, CaseIterable {
    /// `click`: a click, a tap, or Enter on an element with `role="button"`; `input`: a field's value as
    /// it is typed; `change`: a committed value (a checkbox, a `select`'s index, a `details` opened or
    /// closed, …); `submit`: Return in a text field; `key`: a key press a view listens for
    /// (`.onKeyPress`); `focus` and `blur`: the element gained or lost focus; `resize`: the element's
    /// measured size (`GeometryReader`, anchor preferences); `dismiss`: a dialog the browser closed
    /// (Escape, a click outside) or a file picker cancelled.
    case click, input, change, submit, key, focus, blur, resize, dismiss
    /// What part of a lazy list's rows the browser shows: payload `.numbers([top, bottom,
    /// rendered, columns])` (`LazyRows`).
    case visible
    /// The browser went Back or Forward: the `nav` path of its URL (on a `NavigationStack`).
    case navigate
    /// The page was hidden or shown (`visibilitychange`), on the page's root: payload
    /// `.text("background" | "active")`, for `@Environment(\.scenePhase)`.
    case phase
    /// The browser window changed size class, on the page's root: payload `.text("cr")`, the
    /// horizontal and the vertical class (`c` compact, `r` regular), for
    /// `@Environment(\.horizontalSizeClass)` and `\.verticalSizeClass`.
    case sizeClass
    /// The browser's time zone differs from the one the page was rendered in, on the page's
    /// root: payload `.text("Europe/Berlin")`, for `@Environment(\.timeZone)`.
    case timeZone
    /// The browser's on-screen keyboard came, went or changed height, on the page's root:
    /// payload `.number(height)` in CSS pixels (0: gone), for UIKit's keyboard notifications.
    case keyboard
    /// A file importer's upload (progress, the stored file, a failure): only the server sends it.
    case upload
    /// A widget's message to its coordinator (`bridge.send`), and a request it answers
    /// (`bridge.request`): payload `.message(name:json:)`.
    case message, request
    /// A gesture the runtime recognised (`.gesture`, `.onLongPressGesture`): payload
    /// `.numbers([recognizer × 4 + phase, …])` (`GestureInput`).
    case gesture
    /// A drag over a drop destination or a drop on it (`.dropDestination`): payload `.text` of a
    /// JSON array, `["over", true|false]` or `["drop", x, y, [kind, value], …]`.
    case drop
    /// The visitor's position for `CLLocationManager`, on the page's root: payload
    /// `.numbers([latitude, longitude, accuracy, altitude, altitude accuracy, speed, course,
    /// ms])` (-1 where unknown) or `.text("denied" | "unavailable" | "timeout")`.
    case location
    /// Where a `Map` looks after the visitor moved or zoomed it: payload `.numbers([latitude,
    /// longitude, latitude span, longitude span])` in degrees (features/maps.js).
    case camera
    /// A row of a `ForEach` with `.onMove` dragged (or moved by an arrow key) to another place:
    /// payload `.number(destination)`, the data offset it goes before (SwiftUI's `toOffset`;
    /// features/reorder.js).
    case move

    /// Whether a browser may send this kind over the websocket.
    public var isSentByBrowsers: Bool { self != .upload }
}

/// What an event carries from the browser.
public enum EventPayload: Sendable, Equatable {
    /// No value: a click, a focus change, a dismissal.
    case none
    /// Text: a field's value, a key press's description, a status word.
    case text(String)
    /// A flag: a checkbox's checked state, a `details` element's open state.
    case bool(Bool)
    /// One number (a keyboard's height, a row's destination offset).
    case number(Double)
    /// A width and a height in CSS pixels.
    case size(width: Double, height: Double)
    /// Several numbers: a measure of the page (a lazy list's visible part).
    case numbers([Double])
    /// What the server says about a file importer's upload (never decoded from a browser).
    case upload(UploadEvent)
    /// A widget's message or request: its name and its payload as JSON text (parsed, with
    /// limits, by the widget's element).
    case message(name: String, json: String)

    /// The payload a browser's event carried.
    public init(_ value: EventValue) {
        switch value {
        case .none: self = .none
        case .text(let text): self = .text(text)
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .size(let width, let height): self = .size(width: width, height: height)
        case .numbers(let values): self = .numbers(values)
        case .message(let name, let json): self = .message(name: name, json: json)
        }
    }

    /// The payload as a browser sends it; nil for what no browser sends (an upload's news).
    public var wireValue: EventValue? {
        switch self {
        case .none: EventValue.none
        case .text(let text): .text(text)
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .size(let width, let height): .size(width: width, height: height)
        case .numbers(let values): .numbers(values)
        case .message(let name, let json): .message(name: name, json: json)
        case .upload: nil
        }
    }

    /// What kind of payload this is, in words for an error message ("a number", "3 numbers", …).
    public var kindName: String {
        switch self {
        case .none: "nothing"
        case .text: "text"
        case .bool: "a boolean"
        case .number: "a number"
        case .size: "a size"
        case .numbers(let values): "\(values.count) numbers"
        case .upload: "an upload"
        case .message: "a widget message"
        }
    }

    /// The text it carries, or a `JetwayError` that says what came instead.
    public func text() throws -> String {
        guard case .text(let value) = self else { throw JetwayError.wrongPayload(expected: "text", got: kindName) }
        return value
    }

    /// The boolean it carries (or "true"/"on"/"false"/"off"), else a `JetwayError`.
    public func bool() throws -> Bool {
        switch self {
        case .bool(let value): return value
        case .text("true"), .text("on"): return true
        case .text("false"), .text("off"): return false
        default: throw JetwayError.wrongPayload(expected: "a boolean", got: kindName)
        }
    }

    /// The finite number it carries (or text that is one), else a `JetwayError`.
    public func number() throws -> Double {
        switch self {
        case .number(let value) where value.isFinite: return value
        case .text(let text):
            if let value = Double(text), value.isFinite { return value }
            throw JetwayError.wrongPayload(expected: "a number", got: "text that is not a number")
        default: throw JetwayError.wrongPayload(expected: "a number", got: kindName)
        }
    }
}

/// An event handler on an element.
struct EventBinding {
    let event: EventKind
    let action: @MainActor (EventPayload) throws -> Void
}

/// Errors a caller can act on. Bad input from a browser ends up here, never in a crash.
public enum JetwayError: Error, Equatable, CustomStringConvertible {
    /// An id the page never had.
    case unknownElement(NodeID)
    /// An element a patch took off the page (or of its handlers) while the event was on its
    /// way: the user's honest race with the page, not bad input.
    case departedElement(NodeID)
    /// The element is on the page but has no handler for that kind of event.
    case noHandler(NodeID, EventKind)
    /// The event carried something other than what its handler needs (`expected`), described by `got`.
    case wrongPayload(expected: String, got: String)
    /// Something the event named (a link's target, …) is not there; the text says what.
    case notFound(String)
    /// More than one thing matched where one was needed; the text says what.
    case ambiguous(String)

    /// A sentence that says what went wrong, for logs and error messages.
    public var description: String {
        switch self {
        case .unknownElement(let id): "no element with id \(id) is on the page"
        case .departedElement(let id): "element \(id) has left the page"
        case .noHandler(let id, let event): "element \(id) does not handle \(event.rawValue) events"
        case .wrongPayload(let expected, let got): "the event needs \(expected) but carried \(got)"
        case .notFound(let what): "found no \(what)"
        case .ambiguous(let what): "more than one \(what)"
        }
    }
}
