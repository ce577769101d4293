import Foundation
import Jetway
import JetwayRoutes
import Testing

@testable import JetwayServer

/// A SwiftUI `App` is served as it is: its window scenes are the server's pages, and linking
/// JetwayServer is what makes `App.main()` serve it (a constructor registers how, before `main`).
@MainActor
struct AppSceneTests {
    struct Board: View {
        @State private var search = ""
        var body: some View {
            VStack {
                TextField("Search", text: $search)
                Text("Board for \(search.isEmpty ? "everyone" : search)")
            }
        }
    }

    struct Departures: App {
        var body: some Scene {
            WindowGroup("Departures") { Board() }
            Settings { Text("Preferences") }
        }
    }

    @Test func anAppsWindowsAreItsPages() async throws {
        let server = try TestServer(app: JetwayApp(Departures()), transport: .memory)
        defer { server.stop() }
        let board = try await server.get("/").body
        #expect(board.contains("Board for everyone"))
        #expect(board.contains("<title>Departures</title>"))
        let settings = try await server.get("/settings").body
        #expect(settings.contains("Preferences"))
        #expect(try await server.get("/elsewhere").status == 404)
    }

    struct Grid: View {
        var body: some View {
            Text(UIDevice.current.userInterfaceIdiom == .pad ? "Four columns" : "Two columns")
        }
    }

    @Test func theDevicesIdiomIsTheBrowsersAndKindsRenderApart() async throws {
        let server = try TestServer(app: JetwayApp(title: "Grid", routes: [Route("/") { _ in Grid() }]), transport: .memory)
        defer { server.stop() }
        let iPad = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
        let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
        #expect(try await server.get("/", headers: ["User-Agent": iPad]).body.contains("Four columns"))
        #expect(try await server.get("/", headers: ["User-Agent": iPhone]).body.contains("Two columns"))
        #expect(try await server.get("/", headers: ["User-Agent": iPad]).body.contains("Four columns"), "not the phone's rendering")
        #expect(try await server.get("/").body.contains("Two columns"))
    }

    @Test func linkingTheServerMakesMainServeTheApp() {
        // Set by CJetwayLaunch's constructor before this process's `main` ran.
        #expect(AppLaunch.serve != nil)
    }
}
