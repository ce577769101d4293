import Foundation
import JetwayBrowser
import MountainAirportViews
import Testing

@testable import JetwayServer

extension EndToEnd {
    /// A passenger's browser: a star on the board puts the flight in "My flights" on every open
    /// board of that browser, and it is still there after a restart of the browser's visit (the
    /// device cookie); a picture chosen on Settings shows as a circle there and on the board at
    /// once, and a file that is not a picture is refused with a reason.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct PassengersInChromium {
        static let connected = "return document.documentElement.classList.contains('jw-connected')"

        @Test func myFlightsAndMyPictureFollowTheDevice() async throws {
            let server = try TestServer()
            defer { server.stop() }
            let folder = NSTemporaryDirectory() + "jetway-avatar-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(UploadTests.png(size: 200_000)).write(to: URL(fileURLWithPath: folder + "/me.png"))
            try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/me.txt.png"))
            // One byte over the limit, and a JPEG.
            try Data(UploadTests.png(size: Avatar.maximumBytes + 1)).write(to: URL(fileURLWithPath: folder + "/big.png"))
            try Data(UploadTests.jpeg).write(to: URL(fileURLWithPath: folder + "/me.jpg"))
            try await withBrowsers(2) { browsers in
                let driver = try #require(browsers[0] as? WebDriver), stranger = browsers[1]
                try await driver.resizeWindow(width: 500, height: 900)
                try await driver.navigate(server.base + "/")
                #expect(await driver.wait(for: Self.connected))
                let boardTab = try await driver.currentWindow()
                try await driver.openTab()
                try await driver.navigate(server.base + "/")
                #expect(await driver.wait(for: Self.connected))
                try await driver.click("[aria-label='Star Summit Express MA107']")
                #expect(await driver.wait(for: "return !!document.querySelector('[data-testid=my-flights]')"))
                #expect(try await driver.string("return document.querySelector('[data-testid=my-flights]').textContent").contains("MA107"))
                // The other tab of this browser shows it by itself; another browser does not.
                try await driver.switchToWindow(boardTab)
                #expect(
                    await driver.wait(for: "return !!document.querySelector('[data-testid=my-flights]')"), "the other tab did not follow")
                try await stranger.navigate(server.base + "/")
                #expect(await stranger.wait(for: Self.connected))
                #expect(try await stranger.string("return document.querySelector('[data-testid=my-flights]') ? 'shown' : ''") == "")
                // A new visit of this browser (the device cookie lasts a year).
                try await driver.navigate(server.base + "/")
                #expect(await driver.wait(for: Self.connected))
                #expect(try await driver.string("return document.querySelector('[data-testid=my-flights]') ? 'shown' : ''") == "shown")
                try await driver.screenshot("screen-my-flights-phone")

                // A picture on Settings: a circle there, and on the board's toolbar at once.
                let settingsTab = try await driver.openTab()
                try await driver.navigate(server.base + "/settings")
                #expect(await driver.wait(for: Self.connected))
                #expect(await driver.wait(for: "return !!document.querySelector('[data-testid=avatar-none]')"))
                try await driver.type(folder + "/me.txt.png", into: ".jw-file-importer")
                #expect(
                    await driver.wait(
                        for:
                            "return document.querySelector('[data-testid=avatar-message]').textContent.includes('not a PNG image or a JPEG image')"
                    ))
                try await driver.type(folder + "/big.png", into: ".jw-file-importer")
                let refused = await driver.wait(
                    for:
                        "return document.querySelector('[data-testid=avatar-message]').textContent.includes('This file is 2,000,001 bytes; the limit is 2,000,000 bytes.')"
                )
                let said = try await driver.string("return document.querySelector('[data-testid=avatar-message]').textContent")
                #expect(refused, "\(said)")
                #expect(await driver.wait(for: "return !!document.querySelector('[data-testid=avatar-none]')"), "a refused file was kept")
                #expect(try server.model.store.count(Avatar.self) == 0)
                try await driver.type(folder + "/me.jpg", into: ".jw-file-importer")
                #expect(await driver.wait(for: "return !document.querySelector('[data-testid=avatar-none]')"), "the JPEG was not kept")
                #expect(try server.model.store.fetch(Avatar.self).map(\.contentType) == ["image/jpeg"])
                try await driver.type(folder + "/me.png", into: ".jw-file-importer")
                #expect(
                    await driver.wait(
                        for:
                            "const img = document.querySelector('img[data-testid=avatar], [data-testid=avatar] img'); return !!img && img.complete && img.naturalWidth > 0",
                        timeout: 15))
                let clipped = try await driver.string(
                    "const el = document.querySelector('[data-testid=avatar]'); return [el, ...el.querySelectorAll('*')].map(e => getComputedStyle(e).clipPath + getComputedStyle(e).borderRadius).join(' ')"
                )
                #expect(clipped.contains("circle") || clipped.contains("50%"), "not a circle: \(clipped)")
                try await driver.screenshot("screen-settings-picture-phone")
                _ = settingsTab
                try await driver.switchToWindow(boardTab)
                #expect(
                    await driver.wait(for: "return !!document.querySelector('img[data-testid=avatar], [data-testid=avatar] img')"),
                    "the board's picture did not follow")
                // Only this browser gets the picture.
                let strangers = try await stranger.execute("return fetch('/my/avatar').then(r => r.status)") as? Int
                #expect(strangers == 404)
            }
        }
    }
}
