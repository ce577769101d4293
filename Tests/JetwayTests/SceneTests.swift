import JetwayTesting
import Testing

@testable import Jetway

/// An app's scenes as SwiftUI apps write them: each window scene is a page at a path of its own
/// (`WindowGroup` at `/`, another at its id, `Settings` at `/settings`), titled as the scene
/// says; scenes of the app's own and conditional scenes are looked into.
private struct DeparturesBoard: View {
    var body: some View { Text("Departures board") }
}

private struct Preferences: View {
    var body: some View { Text("Preferences") }
}

private struct Kiosk: Scene {
    var body: some Scene {
        WindowGroup("Kiosk", id: "kiosk") { Text("Gate A1") }
    }
}

private struct DeparturesApp: App {
    var showsKiosk = true
    var body: some Scene {
        WindowGroup("Departures") { DeparturesBoard() }
        if showsKiosk { Kiosk() }
        Settings { Preferences() }
    }
}

private struct OneWindowApp: App {
    var body: some Scene {
        WindowGroup { DeparturesBoard() }
    }
}

private struct AirportKey: EnvironmentKey { static let defaultValue = "none" }
extension EnvironmentValues {
    fileprivate var airport: String {
        get { self[AirportKey.self] }
        set { self[AirportKey.self] = newValue }
    }
}

private struct AirportName: View {
    @Environment(\.airport) private var airport
    var body: some View { Text("Airport \(airport)") }
}

/// Scene modifiers as a Mac app writes them: commands and sizes are accepted (a page has no
/// menu bar or window of its own), and a scene's environment reaches its windows' views.
private struct DeskApp: App {
    var body: some Scene {
        WindowGroup("Desk") { AirportName() }
            .commands {
                CommandMenu("Flights") { Button("Refresh") {} }
                CommandGroup(replacing: .newItem) { EmptyView() }
                SidebarCommands()
            }
            .defaultSize(width: 900, height: 600)
            .windowResizability(.contentSize)
            .environment(\.airport, "DEN")
        Settings { AirportName() }
            .windowStyle(.hiddenTitleBar)
    }
}

/// Saves when the app goes to the background, as SwiftUI apps do from their `App`.
@MainActor
private final class PhaseLog {
    static var entries: [String] = []
}

private struct SavingApp: App {
    @Environment(\.scenePhase) private var scenePhase
    var body: some Scene {
        WindowGroup { Text("Gate") }
            .onChange(of: scenePhase) { old, new in PhaseLog.entries.append("\(old)→\(new)") }
    }
}

@MainActor
struct SceneTests {
    /// Opens a window's content as a page, and keeps it.
    private final class Open: SceneWindowVisitor {
        var hosts: [ViewHost] = []
        func visit<Content: View>(path: String, title: String?, content: @escaping @MainActor @Sendable () -> Content) {
            hosts.append(ViewHost(content()))
        }
    }

    @Test func theAppsPhaseIsActiveWhileAnyPageIsShown() throws {
        PhaseLog.entries = []
        let window = try #require(SavingApp().body.windows.first)
        let open = Open()
        window.visit(open)
        window.visit(open)
        let (first, second) = (open.hosts[0], open.hosts[1])
        #expect(PhaseLog.entries == ["background→active"], "the first page made the app active")
        try first.send(.phase, .text("background")) { $0 === first.dom.root }
        #expect(PhaseLog.entries == ["background→active"], "another page is still shown")
        try second.send(.phase, .text("background")) { $0 === second.dom.root }
        #expect(PhaseLog.entries == ["background→active", "active→background"])
        try second.send(.phase, .text("active")) { $0 === second.dom.root }
        second.graph.tearDown()
        #expect(PhaseLog.entries == ["background→active", "active→background", "background→active", "active→background"])
        first.graph.tearDown()
        #expect(PhaseLog.entries.count == 4, "a hidden page that closes changes nothing")
    }

    /// Renders a window's content as the server's route would.
    private final class Render: SceneWindowVisitor {
        var text = ""
        func visit<Content: View>(path: String, title: String?, content: @escaping @MainActor @Sendable () -> Content) {
            text = ViewHost(content()).text
        }
    }

    @Test func sceneModifiersKeepTheWindowsAndTheirEnvironmentReachesTheirViews() {
        let windows = DeskApp().body.windows
        #expect(windows.map(\.path) == ["/", "/settings"])
        let texts = windows.map { window in
            let render = Render()
            window.visit(render)
            return render.text
        }
        #expect(texts == ["Airport DEN", "Airport none"])
    }

    @Test func eachWindowSceneIsAPageAtAPathOfItsOwn() {
        let windows = DeparturesApp().body.windows
        #expect(windows.map(\.path) == ["/", "/kiosk", "/settings"])
        #expect(windows.map(\.title) == ["Departures", "Kiosk", "Settings"])
        let texts = windows.map { window in
            let render = Render()
            window.visit(render)
            return render.text
        }
        #expect(texts == ["Departures board", "Gate A1", "Preferences"])
        var without = DeparturesApp()
        without.showsKiosk = false
        #expect(without.body.windows.map(\.path) == ["/", "/settings"])
        #expect(OneWindowApp().body.windows.map(\.path) == ["/"])
        #expect(OneWindowApp().body.windows.first?.title == nil)
    }
}
