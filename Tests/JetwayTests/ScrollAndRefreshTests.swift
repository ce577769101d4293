import JetwayTesting
import Testing

@testable import Jetway

/// `ScrollViewReader.scrollTo` names its target in the page once per call; `.refreshable`
/// shows progress until its action returns and refuses a second refresh meanwhile.
@MainActor
struct ScrollAndRefreshTests {
    @Observable @MainActor
    final class Board {
        var refreshes = 0
        var release: CheckedContinuation<Void, Never>?
        func reload() async {
            await withCheckedContinuation { release = $0 }
            refreshes += 1
        }
    }

    struct Gates: View {
        let board: Board
        var body: some View {
            ScrollViewReader { proxy in
                Button("Gate 30") { proxy.scrollTo(30, anchor: .top) }
                List(0..<40, id: \.self) { Text("Gate \($0) row") }
                    .refreshable { await board.reload() }
                Text("Gate 7 note").id("note")
                Button("Note") { proxy.scrollTo("note") }
            }
        }
    }

    @Test func scrollToNamesItsTargetOncePerCall() throws {
        let host = ViewHost(Gates(board: Board()))
        let name = ScrollTargets.name(of: 30)
        #expect(host.html.contains("data-scroll-id=\"\(ScrollTargets.name(of: 0))\""), "rows below a reader are not named")
        #expect(!host.html.contains("data-scroll-id=\"\(name)\""), "row 30 is past the list's first window")
        #expect(host.html.contains("data-scroll-id=\"\(ScrollTargets.name(of: "note"))\""), "an .id view is not named")
        #expect(!host.html.contains("data-scroll-to"))
        try host.tap("Gate 30")
        let reader = { host.dom.root.descendants.first { $0.attribute("class") == "jw-scroll-reader" }?.attribute("data-scroll-to") }
        #expect(reader() == "1 \(name) start")
        #expect(host.html.contains("data-scroll-id=\"\(name)\""), "the list's window did not move to the row asked for")
        try host.tap("Gate 30")
        #expect(reader() == "2 \(name) start", "a second call to the same row must be a change too")
        try host.tap("Note")
        #expect(reader() == "3 \(ScrollTargets.name(of: "note")) nearest")
    }

    @Test func rowsOutsideAReaderAreNotNamed() {
        let host = ViewHost(List(0..<3, id: \.self) { Text("Row \($0)") })
        #expect(!host.html.contains("data-scroll-id"))
    }

    @Test func aRefreshShowsProgressUntilItsActionReturns() async throws {
        let board = Board()
        let host = ViewHost(Gates(board: board))
        try host.tap("Refresh")
        #expect(await host.settle { $0.html.contains("aria-busy=\"true\"") && board.release != nil })
        #expect(host.html.contains("Refreshing…") && host.html.contains("<progress"))
        // A second press meanwhile does nothing: the button is disabled and has no handler.
        #expect(throws: (any Error).self) { try host.tap("Refreshing…") }
        board.release?.resume()
        #expect(await host.settle { !$0.html.contains("aria-busy") })
        #expect(board.refreshes == 1)
        #expect(host.html.contains(">Refresh<"))
    }
}
