import Foundation
import Jetway
import JetwayTesting
import MountainAirportViews
import Testing

@testable import JetwayServer

/// A `GeometryReader`'s first paint uses the size this browser last reported for it (the
/// `jw_sizes` cookie), and pages laid out by different sizes do not share a rendering.
@MainActor
struct GeometrySizesTests {
    struct Cells: View {
        var body: some View {
            GeometryReader { proxy in
                Text("Cell").frame(width: proxy.size.width / 2)
            }
        }
    }

    @Test func theCookiesFormIsCheckedBeforeAnythingIsUsed() {
        #expect(RequestContext.parseSizes("0:600:400")?[0] == CGSize(width: 600, height: 400))
        #expect(RequestContext.parseSizes("0:600:400,1:320:200")?.count == 2)
        for bad in [
            "", "0:600", "0:600:400:1", "a:600:400", "0:-1:400", "0:123456:400", "99:1:1", "0:1:1,",
            String(repeating: "0:1:1,", count: 17) + "0:1:1", "0:١:1",
        ] {
            #expect(RequestContext.parseSizes(bad) == nil, "\(bad)")
        }
    }

    @Test func theFirstRenderTakesTheReportedSize() throws {
        var environment = EnvironmentValues()
        environment.request = RequestContext(path: "/", sizes: "0:600:400")
        let host = ViewHost(Cells(), environment: environment)
        #expect(host.html.contains("width:300px"))
        #expect(host.html.contains("data-geometry=\"0\""))
        #expect(environment.request._sizesWereRead)
        let fresh = ViewHost(Cells())
        #expect(fresh.html.contains("width:\(Int(GeometryProxy.defaultSize.width / 2))px"))
    }

    @Test func pagesLaidOutByDifferentSizesRenderApart() async throws {
        let server = try TestServer(app: JetwayApp(title: "Cells", routes: [Route("/cells") { _ in Cells() }]), transport: .memory)
        defer { server.stop() }
        let wide = try await server.get("/cells", headers: ["Cookie": "jw_sizes=0:1000:700"]).body
        #expect(wide.contains("width:500px"))
        let narrow = try await server.get("/cells", headers: ["Cookie": "jw_sizes=0:600:700"]).body
        #expect(narrow.contains("width:300px"))
        let none = try await server.get("/cells").body
        #expect(none.contains("width:195px"))
        #expect(server.server.sessions.groupCount == 3)
        _ = try await server.get("/cells", headers: ["Cookie": "jw_sizes=0:1000:700"])
        #expect(server.server.sessions.groupCount == 3, "two pages of the same sizes share a rendering")
        // A cookie not in its form is ignored: the default size.
        let garbage = try await server.get("/cells", headers: ["Cookie": "jw_sizes=%3Cscript%3E"]).body
        #expect(garbage.contains("width:195px") && !garbage.contains("<script>"))
    }
}
