import Foundation
import Jetway
import JetwayTesting
import JetwayWire
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

    /// A layout by size class, as iPad-aware apps write it.
    struct Columns: View {
        @Environment(\.horizontalSizeClass) private var horizontal
        @Environment(\.verticalSizeClass) private var vertical
        var body: some View {
            Text(horizontal == .regular ? "Sidebar and detail" : "One column")
            Text(vertical == .compact ? "Short" : "Tall")
        }
    }

    @Test func sizeClassesComeFromTheWindowAndFollowIt() throws {
        #expect(RequestContext.parseSizeClasses("rc")! == (.regular, .compact))
        for bad in ["", "r", "rrr", "xr", "<s"] { #expect(RequestContext.parseSizeClasses(bad) == nil, "\(bad)") }
        let phone = ViewHost(Columns())
        #expect(phone.text.contains("One column") && phone.text.contains("Tall"), "before a report: a phone held upright")
        #expect(phone.dom.root.attribute(RuntimeContract.Attribute.sizeClass) == "cr", "the classes it was rendered for")
        try phone.send(.sizeClass, .text("rr")) { $0 === phone.dom.root }
        #expect(phone.text.contains("Sidebar and detail") && phone.text.contains("Tall"))
        #expect(phone.dom.root.attribute(RuntimeContract.Attribute.sizeClass) == "rr")
        try phone.send(.sizeClass, .text("cc")) { $0 === phone.dom.root }
        #expect(phone.text.contains("One column") && phone.text.contains("Short"))
        #expect(throws: JetwayError.self) { try phone.send(.sizeClass, .text("big")) { $0 === phone.dom.root } }
        var environment = EnvironmentValues()
        environment.request = RequestContext(sizeClasses: "rr")
        #expect(ViewHost(Columns(), environment: environment).text.contains("Sidebar and detail"))
        let forced = ViewHost(Columns().environment(\.horizontalSizeClass, .regular))
        #expect(forced.text.contains("Sidebar and detail"), "a view may set one for its content")
    }

    @Test func pagesOfDifferentSizeClassesRenderApart() async throws {
        let server = try TestServer(app: JetwayApp(title: "Columns", routes: [Route("/") { _ in Columns() }]), transport: .memory)
        defer { server.stop() }
        #expect(try await server.get("/", headers: ["Cookie": "jw_class=rr"]).body.contains("Sidebar and detail"))
        #expect(try await server.get("/").body.contains("One column"))
        #expect(try await server.get("/", headers: ["Cookie": "jw_class=rr"]).body.contains("Sidebar and detail"))
        #expect(try await server.get("/", headers: ["Cookie": "jw_class=%3Cb%3E"]).body.contains("One column"))
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
