import JetwayWire

// The keyboard as SwiftUI apps use it: a button's shortcut (`.keyboardShortcut("n")`,
// `.keyboardShortcut(.defaultAction)`), a focusable view (`.focusable()`), and the keys pressed
// while a view or one inside it has the focus (`.onKeyPress`: a game's arrow keys). The browser
// hears the keys (features/keys.js): a shortcut clicks its button at once; a key press a view
// listens for is sent to it, the browser's own use of that key (an arrow scrolling the page)
// prevented. Command (⌘) is the Command key on a Mac and Control elsewhere, as web apps take it.

/// A key, as a character: a letter (`"n"`) or one of the keys that type none (`.upArrow`).
public struct KeyEquivalent: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral {
    /// The key as a character (a private-use one for keys that type none, as on Apple's platforms).
    public let character: Character

    /// The key that types `character` (a letter matches in either case).
    public init(_ character: Character) { self.character = character }
    /// The key that types the literal: `.keyboardShortcut("n")`.
    public init(extendedGraphemeClusterLiteral value: Character) { self.character = value }

    /// The Up Arrow key (`ArrowUp`).
    public static let upArrow = KeyEquivalent("\u{F700}")
    /// The Down Arrow key (`ArrowDown`).
    public static let downArrow = KeyEquivalent("\u{F701}")
    /// The Left Arrow key (`ArrowLeft`).
    public static let leftArrow = KeyEquivalent("\u{F702}")
    /// The Right Arrow key (`ArrowRight`).
    public static let rightArrow = KeyEquivalent("\u{F703}")
    /// The Escape key.
    public static let escape = KeyEquivalent("\u{1B}")
    /// The key that deletes backwards (`Backspace`).
    public static let delete = KeyEquivalent("\u{8}")
    /// The key that deletes forwards (`Delete`).
    public static let deleteForward = KeyEquivalent("\u{F728}")
    /// The Home key.
    public static let home = KeyEquivalent("\u{F729}")
    /// The End key.
    public static let end = KeyEquivalent("\u{F72B}")
    /// The Page Up key.
    public static let pageUp = KeyEquivalent("\u{F72C}")
    /// The Page Down key.
    public static let pageDown = KeyEquivalent("\u{F72D}")
    /// The Clear key (on a numeric keypad).
    public static let clear = KeyEquivalent("\u{F739}")
    /// The Tab key. A view listening for every key does not hear it (Tab moves the focus).
    public static let tab = KeyEquivalent("\t")
    /// The space bar (`Space`).
    public static let space = KeyEquivalent(" ")
    /// The Return key (`Enter`).
    public static let `return` = KeyEquivalent("\r")

    private static let named: [(KeyEquivalent, String)] = [
        (.upArrow, "ArrowUp"), (.downArrow, "ArrowDown"), (.leftArrow, "ArrowLeft"), (.rightArrow, "ArrowRight"),
        (.escape, "Escape"), (.delete, "Backspace"), (.deleteForward, "Delete"), (.home, "Home"), (.end, "End"),
        (.pageUp, "PageUp"), (.pageDown, "PageDown"), (.clear, "Clear"), (.tab, "Tab"), (.space, "Space"), (.return, "Enter"),
    ]

    /// The browser's name for the key (`KeyboardEvent.key`; a letter in lower case; the space
    /// bar `Space`, as the names are listed with spaces between them).
    var webKey: String {
        Self.named.first { $0.0 == self }?.1 ?? String(character).lowercased()
    }

    /// The key the browser names so (nil for a name of several characters it has no key for).
    init?(webKey: String) {
        if let known = Self.named.first(where: { $0.1 == webKey }) {
            self = known.0
        } else if webKey.count == 1, let character = webKey.lowercased().first {
            self.init(character)
        } else {
            return nil
        }
    }
}

/// The modifier keys held with a key.
public struct EventModifiers: OptionSet, Hashable, Sendable {
    /// The modifiers' bits, as the runtime sends them.
    public let rawValue: Int
    /// Creates modifiers from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Caps Lock is on.
    public static let capsLock = EventModifiers(rawValue: 1 << 0)
    /// Shift is held.
    public static let shift = EventModifiers(rawValue: 1 << 1)
    /// Control is held, on a Mac; elsewhere the browser's Control key is reported as `.command`.
    /// In a shortcut, `.control` means Control everywhere.
    public static let control = EventModifiers(rawValue: 1 << 2)
    /// Option (Alt) is held.
    public static let option = EventModifiers(rawValue: 1 << 3)
    /// Command is held on a Mac, Control elsewhere (as web apps take it).
    public static let command = EventModifiers(rawValue: 1 << 4)
    /// A key of the numeric keypad. The browser does not report it: a key press never has it.
    public static let numericPad = EventModifiers(rawValue: 1 << 5)
    /// The Function key. The browser does not report it: a key press never has it.
    public static let function = EventModifiers(rawValue: 1 << 6)
    /// Every modifier.
    public static let all: EventModifiers = [.capsLock, .shift, .control, .option, .command, .numericPad, .function]
}

/// A key and its modifiers that press a button.
public struct KeyboardShortcut: Hashable, Sendable {
    /// The key to press.
    public let key: KeyEquivalent
    /// The modifier keys to hold with it.
    public let modifiers: EventModifiers

    /// A shortcut of `key` with `modifiers` held (Command, Control outside a Mac, unless said).
    public init(_ key: KeyEquivalent, modifiers: EventModifiers = .command) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Return: the screen's main action (a form's Save).
    public static let defaultAction = KeyboardShortcut(.return, modifiers: [])
    /// Escape: the screen's Cancel.
    public static let cancelAction = KeyboardShortcut(.escape, modifiers: [])
}

/// A key pressed while a view listened (`.onKeyPress`).
public struct KeyPress: Sendable {
    /// When in its press a key is heard.
    public struct Phases: OptionSet, Hashable, Sendable {
        /// The phases' bits.
        public let rawValue: Int
        /// Creates phases from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The key went down.
        public static let down = Phases(rawValue: 1 << 0)
        /// The key, held, repeats.
        public static let `repeat` = Phases(rawValue: 1 << 1)
        /// The key was let go.
        public static let up = Phases(rawValue: 1 << 2)
        /// Down, repeat and up.
        public static let all: Phases = [.down, .repeat, .up]
    }

    /// Whether the view used the key: an ignored key goes on to the listening views around it.
    public enum Result: Sendable, Equatable {
        /// `handled`: the view used the key (no view around it hears it); `ignored`: it did not.
        case handled, ignored
    }

    /// The key pressed.
    public let key: KeyEquivalent
    /// The character the key typed (empty for a key that types none).
    public let characters: String
    /// The modifier keys held.
    public let modifiers: EventModifiers
    /// Whether the key went down, repeated or came up.
    public let phase: Phases

    /// What the runtime sends: `serial phase modifiers key`, a tab, the characters typed
    /// (`7 d 16 ArrowUp\t`). Nil for anything else.
    /// A key Jetway has no name for is in the form, with no press.
    static func parse(_ text: String) -> (serial: Int, press: KeyPress?)? {
        guard text.utf8.count <= 96 else { return nil }
        let (head, characters) = text.firstIndex(of: "\t").map { (text[..<$0], String(text[text.index(after: $0)...])) } ?? (text[...], "")
        let fields = head.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4, let serial = Int(fields[0]), serial >= 0, let bits = Int(fields[2]), (0..<128).contains(bits),
            !fields[3].isEmpty
        else { return nil }
        let phase: Phases
        switch fields[1] {
        case "d": phase = .down
        case "r": phase = .repeat
        case "u": phase = .up
        default: return nil
        }
        guard let key = KeyEquivalent(webKey: String(fields[3])) else { return (serial, nil) }
        return (serial, KeyPress(key: key, characters: characters, modifiers: EventModifiers(rawValue: bits), phase: phase))
    }
}

extension View {
    /// Presses this button (or the first button inside) when the key is pressed with these
    /// modifiers anywhere on the page (in its open sheet or alert, while one is open).
    public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command) -> some View {
        keyboardShortcut(KeyboardShortcut(key, modifiers: modifiers))
    }

    /// Presses this button (or the first button inside) when `shortcut` is pressed anywhere on the page
    /// (in its open sheet or alert, while one is open).
    public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> some View {
        modifier(StyleModifier { node in node.setAttribute(RuntimeContract.Attribute.shortcut, Self.shortcutText(shortcut)) })
    }

    /// No shortcut when nil.
    public func keyboardShortcut(_ shortcut: KeyboardShortcut?) -> some View {
        modifier(
            StyleModifier { node in
                if let shortcut { node.setAttribute(RuntimeContract.Attribute.shortcut, Self.shortcutText(shortcut)) }
            })
    }

    nonisolated static func shortcutText(_ shortcut: KeyboardShortcut) -> String {
        "\(shortcut.modifiers.rawValue) \(shortcut.key.webKey)"
    }

    /// Lets the view take the keyboard's focus (Tab reaches it, a click gives it), so that the
    /// keys pressed while it has it reach its `.onKeyPress`.
    public func focusable(_ isFocusable: Bool = true) -> some View {
        modifier(
            StyleModifier { node in
                guard isFocusable, node.attribute("tabindex") == nil, !["button", "input", "select", "textarea", "a"].contains(node.tag)
                else { return }
                node.setAttribute("tabindex", "0")
            })
    }

    /// Lets the view take the keyboard's focus, as `focusable(_:)` does; `interactions` is ignored.
    public func focusable(_ isFocusable: Bool = true, interactions: FocusInteractions) -> some View { focusable(isFocusable) }

    /// Runs `action` when `key` is pressed (down, and held) while this view or one inside it
    /// has the focus.
    public func onKeyPress(_ key: KeyEquivalent, action: @escaping @MainActor () -> KeyPress.Result) -> some View {
        onKeyPress(keys: [key], phases: [.down, .repeat]) { _ in action() }
    }

    /// Runs `action` when `key` is pressed in one of `phases` while this view or one inside it has the
    /// focus; `action` gets the press.
    public func onKeyPress(_ key: KeyEquivalent, phases: KeyPress.Phases, action: @escaping @MainActor (KeyPress) -> KeyPress.Result)
        -> some View
    {
        onKeyPress(keys: [key], phases: phases, action: action)
    }

    /// Runs `action` for any of `keys`.
    public func onKeyPress(
        keys: Set<KeyEquivalent>, phases: KeyPress.Phases = [.down, .repeat], action: @escaping @MainActor (KeyPress) -> KeyPress.Result
    ) -> some View {
        modifier(KeyPressModifier(keys: keys.map(\.webKey).sorted(), phases: phases, action: action))
    }

    /// Runs `action` for a key that types one of `characters`.
    public func onKeyPress(
        characters: CharacterSet, phases: KeyPress.Phases = [.down, .repeat], action: @escaping @MainActor (KeyPress) -> KeyPress.Result
    ) -> some View {
        modifier(
            KeyPressModifier(keys: ["*"], phases: phases) { press in
                guard let scalar = press.characters.unicodeScalars.first, press.characters.unicodeScalars.count == 1,
                    characters.contains(scalar)
                else { return .ignored }
                return action(press)
            })
    }

    /// Runs `action` for every key pressed.
    public func onKeyPress(phases: KeyPress.Phases = [.down, .repeat], action: @escaping @MainActor (KeyPress) -> KeyPress.Result)
        -> some View
    {
        modifier(KeyPressModifier(keys: ["*"], phases: phases, action: action))
    }
}

/// How a focusable view takes the focus (accepted: a page's view takes it by click and Tab).
public struct FocusInteractions: OptionSet, Sendable {
    /// The interactions' bits.
    public let rawValue: Int
    /// Creates interactions from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Focus to activate the view (accepted and not used).
    public static let activate = FocusInteractions(rawValue: 1)
    /// Focus to edit the view's content (accepted and not used).
    public static let edit = FocusInteractions(rawValue: 2)
    /// Both (accepted and not used).
    public static let automatic: FocusInteractions = [.activate, .edit]
}

/// The last key press a view used, per page: the views around it that listen skip it.
final class KeyPressLedger {
    var handled = -1
}

struct KeyPressModifier: _PrimitiveModifier {
    /// The browser's key names, or `*` for every key.
    let keys: [String]
    let phases: KeyPress.Phases
    let action: @MainActor (KeyPress) -> KeyPress.Result

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let start = out.count
        content(context, &out)
        guard start < out.count else { return }
        let node = out[start]
        let ledger = context.graph.keyPressLedger
        // Another `.onKeyPress` on the same view (applied inside this one) hears first.
        var phases = modifier.phases
        var keys = Set(modifier.keys)
        if let listening = node.attribute(RuntimeContract.Attribute.keys)?.split(separator: " "),
            let bits = listening.first.flatMap({ Int($0) })
        {
            phases.formUnion(KeyPress.Phases(rawValue: bits))
            keys.formUnion(listening.dropFirst().map(String.init))
        }
        if keys.contains("*") { keys = ["*"] }
        node.setAttribute(RuntimeContract.Attribute.keys, "\(phases.rawValue) " + keys.sorted().joined(separator: " "))
        node.addHandler(
            EventBinding(event: .key) { payload in
                guard let (serial, press) = KeyPress.parse(try payload.text()) else {
                    throw JetwayError.wrongPayload(expected: "a key press", got: "text not in its form")
                }
                // A key Jetway has no name for (the runtime sends none): not this view's.
                guard let press else { return }
                // A view inside used it already; or not a phase or key this view listens for.
                guard ledger.handled != serial, modifier.phases.contains(press.phase),
                    modifier.keys == ["*"] || modifier.keys.contains(press.key.webKey)
                else { return }
                if modifier.action(press) == .handled { ledger.handled = serial }
            }, afterEarlier: true)
    }
}
