import Foundation
import Jetway
import JetwayBrowser
import JetwayRoutes
import Testing

@testable import JetwayServer

extension EndToEnd {
    /// Size classes in a real window: a phone-wide window is horizontally compact, widening it
    /// makes the page regular at once (the runtime reports the change), and the next visit's
    /// first paint is already regular (the `jw_class` cookie).
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct SizeClassesInChromium {
        @Test func thePageFollowsTheWindowsSizeClass() async throws {
            let server = try TestServer(
                app: JetwayApp(title: "Columns", routes: [Route("/columns") { _ in GeometrySizesTests.Columns() }]))
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let driver = try #require(browsers[0] as? WebDriver)
                try await driver.resizeWindow(width: 430, height: 900)
                try await driver.navigate(server.base + "/columns")
                #expect(await driver.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                #expect(await driver.wait(for: "return document.body.textContent.includes('One column')"))
                try await driver.resizeWindow(width: 1200, height: 800)
                #expect(
                    await driver.wait(for: "return document.body.textContent.includes('Sidebar and detail')"),
                    "widening the window makes the page regular")
                try await driver.screenshot("size-class-regular")
                try await driver.resizeWindow(width: 800, height: 420)
                #expect(
                    await driver.wait(
                        for: "return document.body.textContent.includes('One column') && document.body.textContent.includes('Short')"),
                    "a phone on its side: compact both ways")
                try await driver.resizeWindow(width: 1200, height: 800)
                #expect(await driver.wait(for: "return document.body.textContent.includes('Sidebar and detail')"))
                let first = try await server.get("/columns", headers: ["Cookie": try await driver.string("return document.cookie")])
                #expect(first.body.contains("Sidebar and detail"), "the next first paint is regular: \(first.body.suffix(300))")
            }
        }
    }
}
