import Foundation
import JetwayTesting
import Testing

@testable import Jetway
@testable import JetwayWire

// The keyboard as a game and a desk app use it: a board that takes the focus and steers with
// the arrow keys, a pause key heard by the screen around it, and buttons with shortcuts.

private struct SnakeBoard: View {
    @State private var heading = "right"
    @State private var paused = false
    @State private var pauses = 0
    @State private var jumps = 0
    @State private var saved = 0
    var body: some View {
        VStack {
            Text("Heading \(heading)")
                .focusable()
                .onKeyPress(keys: [.upArrow, .downArrow, .leftArrow, .rightArrow]) { press in
                    switch press.key {
                    case .upArrow: heading = "up"
                    case .downArrow: heading = "down"
                    case .leftArrow: heading = "left"
                    default: heading = "right"
                    }
                    return .handled
                }
                .onKeyPress("p") {
                    paused.toggle()
                    pauses += 1
                    return .ignored
                }
                .onKeyPress(.space) {
                    jumps += 1
                    return .handled
                }
            Text(paused ? "Paused" : "Running")
            Text("Pauses \(pauses), jumps \(jumps)")
            Button("Save \(saved)") { saved += 1 }.keyboardShortcut("s")
            Button("Done") {}.keyboardShortcut(.defaultAction)
        }
        .onKeyPress(phases: .down) { press in
            if press.characters == "p" {
                paused.toggle()
                pauses += 1
            }
            return .handled
        }
    }
}

@MainActor
struct KeyPressTests {
    @Test func theFocusedViewHearsItsKeysAndAnIgnoredKeyGoesOn() throws {
        let host = ViewHost(SnakeBoard())
        let html = host.html
        #expect(html.contains("tabindex=\"0\""), "the board takes the focus")
        #expect(html.contains("\(RuntimeContract.Attribute.shortcut)=\"16 s\""), "\(html)")
        #expect(html.contains("\(RuntimeContract.Attribute.shortcut)=\"0 Enter\""))
        func press(_ text: String) throws {
            let listeners = host.dom.root.descendants.filter { $0.attribute(RuntimeContract.Attribute.keys) != nil }
            // As the runtime sends it: the innermost listener first.
            for element in listeners.reversed() { try host.send(.key, .text(text)) { $0 === element } }
        }
        try press("1 d 0 ArrowUp\t")
        #expect(host.text.contains("Heading up"))
        try press("2 r 0 ArrowLeft\t")
        #expect(host.text.contains("Heading left"), "a key held down repeats")
        try press("3 u 0 ArrowDown\t")
        #expect(host.text.contains("Heading left"), "the default phases are down and repeat")
        // "p": the board toggles and ignores it, so the screen around it toggles it back.
        try press("4 d 0 p\tp")
        #expect(host.text.contains("Running") && host.text.contains("Pauses 2"), "both heard it: \(host.text)")
        try press("5 d 0 Space\t ")
        #expect(host.text.contains("jumps 1"), "the space bar, by its name")
        try press("6 d 0 Shift\t")
        #expect(host.text.contains("Pauses 2, jumps 1"), "a key Jetway has no name for is nobody's, and no error")
        #expect(throws: JetwayError.self) { try host.send(.key, .text("nonsense")) { $0.attribute("tabindex") != nil } }
    }

    @Test func aKeyPressIsReadFromItsFormOnly() {
        #expect(KeyPress.parse("7 d 16 ArrowUp\t")?.press?.key == .upArrow)
        #expect(KeyPress.parse("7 d 18 s\tS")?.press?.modifiers == [.command, .shift])
        #expect(KeyPress.parse("7 d 0 F5\t").map { $0.press == nil } == true, "in the form, no key of Jetway's")
        for bad in ["", "7 d 16", "x d 0 a\t", "7 q 0 a\t", "7 d 999 a\t", "7 d 0 \t", String(repeating: "a", count: 200)] {
            #expect(KeyPress.parse(bad) == nil, "\(bad)")
        }
        #expect(KeyEquivalent(webKey: "Enter") == .return && KeyEquivalent.return.webKey == "Enter")
        #expect(KeyEquivalent.space.webKey == "Space" && KeyEquivalent(webKey: "Space") == .space)
    }
}
