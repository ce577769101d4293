import JetwayTesting
import Testing

@testable import Jetway

/// `@Environment(\.scenePhase)` follows the page's visibility: the browser reports it to the
/// page's root (`phase` events), only on pages whose views read it.
private struct PhaseBoard: View {
    @Environment(\.scenePhase) private var scenePhase
    @State private var pauses = 0

    var body: some View {
        Text("phase \(scenePhase == .active ? "active" : "background") pauses \(pauses)")
            .onChange(of: scenePhase) { _, phase in if phase == .background { pauses += 1 } }
    }
}

@MainActor
struct ScenePhaseTests {
    @Test func thePhaseFollowsThePagesVisibility() throws {
        let host = ViewHost(PhaseBoard())
        #expect(host.text == "phase active pauses 0")
        try host.send(.phase, .text("background")) { $0.attribute("class") == RuntimeContract.Class.root }
        try host.update()
        #expect(host.text == "phase background pauses 1")
        try host.send(.phase, .text("active")) { $0.attribute("class") == RuntimeContract.Class.root }
        #expect(host.text == "phase active pauses 1")
    }

    @Test func aPageThatDoesNotReadItHearsNothing() {
        let host = ViewHost(Text("Board"))
        #expect(!host.html.contains("phase"))
    }
}
