import Foundation

extension View {
    /// Recognises `gesture` on this view (the innermost view's gesture wins a pointer, as in
    /// SwiftUI; `simultaneousGesture` lets the views around it see it too).
    public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
        modifier(GestureModifier(recognizers: gesture._recognizers(), simultaneous: false))
    }

    /// Recognises `gesture` on this view. In Jetway this is the same as `.gesture(_:including:)`: the
    /// gesture takes no priority over the gestures of the views inside, and `mask` is ignored.
    public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
        modifier(GestureModifier(recognizers: gesture._recognizers(), simultaneous: false))
    }

    /// Recognises `gesture` on this view and lets the gestures of the views around it see the same
    /// pointer too. `mask` is ignored.
    public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
        modifier(GestureModifier(recognizers: gesture._recognizers(), simultaneous: true))
    }

    /// Runs `action` when the view is pressed for `minimumDuration`; `onPressingChanged` hears
    /// the press begin and end.
    public func onLongPressGesture(
        minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping @MainActor () -> Void,
        onPressingChanged: (@MainActor (Bool) -> Void)? = nil
    ) -> some View {
        var recognizer = LongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance)._recognizers()[0]
        recognizer.ended.append { _ in action() }
        if let onPressingChanged {
            recognizer.changed.append { input in
                if input.phase == .pressing { onPressingChanged(true) }
                if input.phase == .released { onPressingChanged(false) }
            }
        }
        return modifier(GestureModifier(recognizers: [recognizer], simultaneous: true))
    }

    /// The older form: `pressing:` before `perform:`.
    @_disfavoredOverload
    public func onLongPressGesture(
        minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, pressing: (@MainActor (Bool) -> Void)? = nil,
        perform action: @escaping @MainActor () -> Void
    ) -> some View {
        onLongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance, perform: action, onPressingChanged: pressing)
    }
}

/// Which gestures a `.gesture` modifier enables (all of them, here).
public struct GestureMask: OptionSet, Sendable {
    /// The mask's bits.
    public let rawValue: UInt32
    /// Creates a mask from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// No gestures (accepted, but the gesture modifiers ignore the mask).
    public static let none = GestureMask([])
    /// The view's own gesture (accepted, but the gesture modifiers ignore the mask).
    public static let gesture = GestureMask(rawValue: 1)
    /// The gestures of the views inside (accepted, but the gesture modifiers ignore the mask).
    public static let subviews = GestureMask(rawValue: 2)
    /// The view's gesture and those of the views inside: the default, and what Jetway always does.
    public static let all: GestureMask = [.gesture, .subviews]
}

/// Puts a view's gestures on its element: `data-jw-gesture` (what to watch, one recognizer per
/// `;`) and a `gesture` event handler. A view with gestures already (a second `.gesture`) gets
/// a box around it for the new ones, so each keeps its own.
struct GestureModifier: NodeModifier {
    let recognizers: [GestureRecognizer]
    let simultaneous: Bool

    func modify(_ node: Node, _ context: _RenderContext) -> Node {
        guard !recognizers.isEmpty else { return node }
        var target = node
        if node.attribute(RuntimeContract.Attribute.gesture) != nil {
            let box = Node("div", key: node.key)
            box.setAttribute("class", StyleClass.box)
            node.key = IdentityHash.mix(IdentityHash.seed, 0x6E)
            box.children = [node]
            box.takeFills(from: [node])
            target = box
        }
        target.setAttribute(
            RuntimeContract.Attribute.gesture, (simultaneous ? "+" : "") + recognizers.map(\.kind.wire).joined(separator: ";"))
        let recognizers = recognizers
        target.addHandler(
            EventBinding(event: .gesture) { payload in
                let input = try GestureInput(payload, recognizers: recognizers.map(\.kind))
                let recognizer = recognizers[input.recognizer]
                switch input.phase {
                case .changed, .pressing, .released: for action in recognizer.changed { action(input) }
                case .ended: for action in recognizer.ended { action(input) }
                }
            })
        return target
    }
}

extension GestureInput {
    /// Reads the runtime's numbers: `[recognizer × 4 + phase, …]` — a tap or a press
    /// `[code, x, y]`; a drag `[code, startX, startY, x, y, seconds, originX, originY]`; a pinch
    /// or a twist `[code, startX, startY, x, y, seconds, scale, degrees]`.
    init(_ payload: EventPayload, recognizers: [GestureRecognizer.Kind]) throws {
        guard case .numbers(let numbers) = payload, numbers.count >= 3, numbers.allSatisfy({ $0.isFinite && abs($0) < 1e7 }) else {
            throw JetwayError.wrongPayload(expected: "a gesture's numbers", got: payload.kindName)
        }
        let code = Int(numbers[0])
        guard Double(code) == numbers[0], code >= 0, code / 4 < recognizers.count, let phase = Phase(rawValue: code % 4) else {
            throw JetwayError.wrongPayload(expected: "a gesture of this view", got: "gesture \(numbers[0])")
        }
        let index = code / 4
        func number(_ at: Int, _ otherwise: Double = 0) -> Double { at < numbers.count ? numbers[at] : otherwise }
        let start = CGPoint(x: number(1), y: number(2)), location = CGPoint(x: number(3), y: number(4))
        let time = max(number(5), 0)
        switch recognizers[index] {
        case .tap, .longPress:
            self.init(
                recognizer: index, phase: phase, startLocation: start, location: start, origin: .zero, time: 0, scale: 1, angle: .zero)
        case .drag:
            let origin = CGPoint(x: number(6), y: number(7))
            self.init(
                recognizer: index, phase: phase, startLocation: start, location: location, origin: origin, time: time, scale: 1,
                angle: .zero)
        case .magnify, .rotate:
            let scale = number(6, 1) > 0 ? number(6, 1) : 1
            self.init(
                recognizer: index, phase: phase, startLocation: start, location: location, origin: .zero, time: time, scale: scale,
                angle: .degrees(number(7)))
        }
    }
}
