import JetwayTesting
import Testing

@testable import Jetway

/// `NavigationLink(destination:isActive:)` and `@Environment(\.presentationMode)` as older
/// SwiftUI apps write them.
private struct GatePage: View {
    @Environment(\.presentationMode) private var presentationMode
    var body: some View {
        VStack {
            Text("Gate B12 \(presentationMode.wrappedValue.isPresented ? "presented" : "root")")
            Button("Back to the board") { presentationMode.wrappedValue.dismiss() }
        }
    }
}

private struct GateBoard: View {
    @State private var showingGate = false
    var body: some View {
        NavigationView {
            VStack {
                NavigationLink(destination: GatePage(), isActive: $showingGate) { Text("Open gate") }
                Text("active: \(showingGate ? "yes" : "no")")
                Button("Push from code") { showingGate = true }
            }
        }
    }
}

@MainActor
struct OlderNavigationTests {
    @Test func aLinkWithIsActivePushesAndItsBindingFollows() throws {
        let host = ViewHost(GateBoard())
        #expect(host.text.contains("active: no") && !host.text.contains("Gate B12"))
        try host.tap("Open gate")
        #expect(host.text.contains("Gate B12 presented"))
        try host.tap("Back to the board")
        #expect(host.text.contains("active: no") && !host.text.contains("Gate B12"), "presentationMode dismisses, the binding follows")
        try host.tap("Push from code")
        #expect(host.text.contains("Gate B12"))
    }

    @Test func atTheRootNothingIsPresented() {
        #expect(ViewHost(GatePage()).text.contains("root"))
    }
}
