import Foundation
import Jetway
import JetwayBrowser
import MountainAirportViews
import Testing

@testable import JetwayServer

/// The component catalogue at `/_jetway/library`: only in development mode, every built-in
/// component and the app's own, live.
@MainActor
struct LibraryTests {
    @Test func theCatalogueIsThereOnlyInDevelopmentMode() async throws {
        let app = MountainAirportApp.make(model: FlightBoardModel())
        let off = try TestServer(app: app, transport: .memory)
        #expect(try await off.get("/_jetway/library").status == 404)
        off.stop()
        let on = try TestServer(app: app, transport: .memory) { $0.developmentMode = true }
        defer { on.stop() }
        let page = try await on.get("/_jetway/library")
        #expect(page.status == 200)
        #expect(page.body.contains("Component library"))
        let titles = BuiltInLibrary().views.map(\.title) + ["FlightRow", "GridView"]
        for title in titles {
            #expect(page.body.contains("library-\(title.replacingOccurrences(of: "\"", with: "&quot;"))"), "\(title) is missing")
        }
        // The app's routes are still there.
        #expect(try await on.get("/").status == 200)
    }

    /// Every system image with its name, in development mode only.
    @Test func theSystemImageCatalogueIsThereOnlyInDevelopmentMode() async throws {
        let app = MountainAirportApp.make(model: FlightBoardModel())
        let off = try TestServer(app: app, transport: .memory)
        #expect(try await off.get("/_jetway/symbols").status == 404)
        off.stop()
        let on = try TestServer(app: app, transport: .memory) { $0.developmentMode = true }
        defer { on.stop() }
        let page = try await on.get("/_jetway/symbols")
        #expect(page.status == 200)
        // A lazy grid: the first screens' cells, and a gap that stands for the rest.
        #expect(page.body.contains("System images (6"), "the catalogue counts every symbol")
        #expect(page.body.components(separatedBy: "class=\"jw-symbol ").count - 1 >= LazyWindow.firstCount, "the catalogue's first cells")
        #expect(page.body.contains(">airplane.circle.fill<") && page.body.contains("jw-lazy-end"))
    }

    @Test func developmentModeComesFromTheEnvironment() throws {
        #expect(try ServerConfiguration.fromEnvironment(["JETWAY_DEVELOPMENT": "1"]).developmentMode)
        #expect(try !ServerConfiguration.fromEnvironment(["JETWAY_DEVELOPMENT": "0"]).developmentMode)
        #expect(try !ServerConfiguration.fromEnvironment([:]).developmentMode)
    }
}

extension EndToEnd {
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct LibraryInChromium {
        @Test func everyComponentRendersLiveAndWorks() async throws {
            let server = try TestServer(app: MountainAirportApp.make(model: FlightBoardModel())) { $0.developmentMode = true }
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/_jetway/library")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                let count = BuiltInLibrary().views.count + 2
                #expect(try await browser.execute("return document.querySelectorAll('[data-testid^=library-]').length") as? Int == count)
                try await browser.screenshot("library")
                if let driver = browser as? WebDriver {
                    try await driver.resizeWindow(width: 1280, height: 800)
                    try await Task.sleep(for: .milliseconds(200))
                    try await browser.screenshot("library-desk")
                    try await driver.resizeWindow(width: 500, height: 900)
                }
                try await browser.click("button", labelled: "Tap me")
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('Taps: 1')"), "the catalogue's button is not live")
                try await browser.click("button", labelled: "Show sheet")
                #expect(await browser.wait(for: "return !!document.querySelector('dialog:modal')"))
                try await browser.click("dialog button", labelled: "Done")
                #expect(await browser.wait(for: "return !document.querySelector('dialog')"))
                try await browser.type("grid", into: "input[type=search]")
                #expect(
                    await browser.wait(for: "return document.querySelectorAll('[data-testid^=library-]').length === 3"),
                    "the search did not filter")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
        }
    }
}
