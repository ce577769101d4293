import Foundation

// Drag and drop between views, from other pages and from other apps, with the browser's own
// drag and drop: `.draggable(item)` lets the view be dragged carrying the item (as a URL or
// text); `.dropDestination(for:)` takes drops, makes the app's values of what was dropped
// (`Transferable`), and says while a drag is over it. Files dropped from the desktop are for
// `.fileImporter`; a drop here carries links and text (features/dragdrop.js).

extension View {
    /// Lets the view be dragged, carrying `payload` (a URL as a link, anything else as its text).
    /// The browser drags a picture of the view itself.
    public func draggable<T: Transferable>(_ payload: @autoclosure () -> T) -> some View {
        let carried = DropItems.carried(T._export(payload()))
        return modifier(
            StyleModifier { node in
                guard let carried else { return }
                node.setAttribute("draggable", "true")
                node.setAttribute(RuntimeContract.Attribute.drag, carried)
            })
    }

    /// `.draggable(_:preview:)`: the browser drags a picture of the view itself, not `preview`.
    public func draggable<T: Transferable, Preview: View>(_ payload: @autoclosure () -> T, @ViewBuilder preview: () -> Preview)
        -> some View
    {
        draggable(payload())
    }

    /// Takes drops of what can be made into `T`: `action` gets the values and where they were
    /// dropped (in the view's own space) and returns whether it took them; `isTargeted` hears
    /// when a drag comes over the view and leaves.
    public func dropDestination<T: Transferable>(
        for payloadType: T.Type = T.self, action: @escaping @MainActor ([T], CGPoint) -> Bool,
        isTargeted: @escaping @MainActor (Bool) -> Void = { _ in }
    ) -> some View {
        modifier(DropModifier(action: action, isTargeted: isTargeted))
    }
}

struct DropModifier<T: Transferable>: NodeModifier {
    let action: @MainActor ([T], CGPoint) -> Bool
    let isTargeted: @MainActor (Bool) -> Void

    func modify(_ node: Node, _ context: _RenderContext) -> Node {
        node.setAttribute(RuntimeContract.Attribute.drop, "1")
        let action = action, isTargeted = isTargeted
        node.addHandler(
            EventBinding(event: .drop) { payload in
                switch try DropItems.decode(try payload.text()) {
                case .over(let over): isTargeted(over)
                case .drop(let location, let items): _ = action(items.compactMap { T._import($0) }, location)
                }
            })
        return node
    }
}

/// What a drag carries and what a drop brings, as the runtime writes them.
enum DropItems {
    enum Event: Equatable {
        case over(Bool)
        case drop(CGPoint, [_TransferItem])
    }

    /// The most a drop may carry (the websocket's frames are bounded too).
    static let limit = 64

    /// `u <url>` or `t <text>` for a drag; nil when the item exports nothing a browser carries.
    static func carried(_ item: _TransferItem?) -> String? {
        switch item {
        case .url(let url): "u " + url.absoluteString
        case .text(let text): "t " + text
        case .data, nil: nil
        }
    }

    static func decode(_ text: String) throws -> Event {
        guard let array = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any], let kind = array.first as? String else {
            throw JetwayError.wrongPayload(expected: "a drop: a JSON array", got: String(text.prefix(40)))
        }
        switch kind {
        case "over":
            guard array.count == 2, let over = array[1] as? Bool else {
                throw JetwayError.wrongPayload(expected: "[\"over\", true|false]", got: String(text.prefix(40)))
            }
            return .over(over)
        case "drop":
            guard array.count >= 3, array.count <= 3 + limit, let x = (array[1] as? NSNumber)?.doubleValue,
                let y = (array[2] as? NSNumber)?.doubleValue, x.isFinite, y.isFinite
            else {
                throw JetwayError.wrongPayload(expected: "[\"drop\", x, y, items…]", got: String(text.prefix(40)))
            }
            let items = try array.dropFirst(3).map { entry -> _TransferItem in
                guard let pair = entry as? [String], pair.count == 2 else {
                    throw JetwayError.wrongPayload(expected: "a dropped item [kind, value]", got: "\(entry)".prefix(40).description)
                }
                if pair[0] == "u", let url = URL(string: pair[1]) { return .url(url) }
                return .text(pair[1])
            }
            return .drop(CGPoint(x: x, y: y), items)
        default:
            throw JetwayError.wrongPayload(expected: "a drop event (over, drop)", got: String(kind.prefix(20)))
        }
    }
}
