import Jetway
import JetwayRoutes
import JetwayTesting
import MountainAirportViews
import Testing

/// An app's routes and views, built and tested without the transport (this target does not
/// depend on JetwayServer): which view a URL shows, what a method is allowed, and the screen
/// a route builds, rendered through ViewHost with a request context of its own.
@MainActor
struct AppRoutesTests {
    @Test func urlsFindTheirScreensAndWrongMethodsAreNamed() throws {
        let app = MountainAirportApp.make(model: FlightBoardModel())
        let (_, gate) = try #require(app.match(path: "/gate/B12", query: "lang=en"))
        #expect(gate.parameters == ["gate": "B12"] && gate.query == ["lang": "en"])
        #expect(app.match(path: "/no/such/page", query: "") == nil)
        guard case .page = app.resolve(.get, "/") else {
            Issue.record("the board is not a page")
            return
        }
        guard case .methodNotAllowed(let allowed) = app.resolve(.post, "/") else {
            Issue.record("a POST to a page was not refused")
            return
        }
        #expect(allowed == [.get, .head])
    }

    @Test func aRouteBuildsItsScreenAndItRendersWithARequestContext() throws {
        let app = MountainAirportApp.make(model: FlightBoardModel())
        let (route, match) = try #require(app.match(path: "/", query: ""))
        var environment = EnvironmentValues()
        environment.request = RequestContext(path: "/", user: "ana")
        let host = ViewHost(route.makeView(match).view, environment: environment)
        #expect(host.html.contains("flights"))
        #expect(RouteMatch.parseQuery("a=1&b=x+y&c=%C3%A9") == ["a": "1", "b": "x y", "c": "é"])
    }
}
