import Foundation
import Jetway
import JetwayBrowser
import JetwayMapKit
import Testing

@testable import JetwayServer

// A map as a visitor uses it, in each engine: tiles drawn around the region the app asked
// for, markers at their coordinates, a drag that moves everything with the hand and tells the
// app where the map now looks, a tap that picks a marker, the zoom button, and the app moving
// the map. The tiles are pictures made in the page (each shows its z/x/y), so no tile server
// is needed.

private struct Stand: Identifiable {
    let id: String
    let name: String
    let coordinate: CLLocationCoordinate2D
}

private let stands = [
    Stand(id: "gg", name: "Golden Gate", coordinate: CLLocationCoordinate2D(latitude: 37.8199, longitude: -122.4783)),
    Stand(id: "ft", name: "Ferry Building", coordinate: CLLocationCoordinate2D(latitude: 37.7955, longitude: -122.3937)),
]

/// Tiles drawn in the browser: a square with its address written in it.
let testTiles = MapTileSource(
    template:
        "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='256' height='256'><rect width='256' height='256' fill='%23dfe8d8' stroke='%2390a090'/><text x='12' y='28' font-size='18' fill='%23506050'>{z}/{x}/{y}</text></svg>",
    attribution: "Test tiles")

private struct StandsMap: View {
    @State private var position: MapCameraPosition = .region(
        MKCoordinateRegion(
            center: CLLocationCoordinate2D(latitude: 37.8077, longitude: -122.436),
            span: MKCoordinateSpan(latitudeDelta: 0.06, longitudeDelta: 0.12)))
    @State private var selected: String?

    var body: some View {
        VStack {
            Map(position: $position, selection: $selected) {
                ForEach(stands) { stand in
                    Marker(stand.name, systemImage: "cup.and.saucer.fill", coordinate: stand.coordinate)
                        .tint(.orange)
                        .tag(stand.id)
                }
                MapPolyline(coordinates: stands.map(\.coordinate)).stroke(.blue, lineWidth: 4)
            }
            .mapTileSource(testTiles)
            .mapControls { MapScaleView() }
            .frame(width: 480, height: 320)
            Text(
                position.region.map {
                    "Longitude \(String(format: "%.3f", $0.center.longitude)) span \(String(format: "%.4f", $0.span.longitudeDelta))"
                } ?? "No region")
            Text(selected.map { "Picked \($0)" } ?? "Picked nothing")
            Button("Show the ferry") {
                position = .region(MKCoordinateRegion(center: stands[1].coordinate, latitudinalMeters: 3_000, longitudinalMeters: 3_000))
            }
        }
        .padding()
    }
}

/// A map whose app follows the camera as the visitor moves it, with its controls hidden.
private struct FollowedMap: View {
    @State private var heard = 0
    @State private var longitude = 0.0
    var body: some View {
        VStack {
            Map(
                initialPosition: .region(
                    MKCoordinateRegion(center: stands[0].coordinate, latitudinalMeters: 5_000, longitudinalMeters: 5_000))
            )
            .mapTileSource(testTiles)
            .mapControls { MapScaleView() }
            .mapControlVisibility(.hidden)
            .onMapCameraChange(frequency: .continuous) { context in
                heard += 1
                longitude = context.region.center.longitude
            }
            .frame(width: 400, height: 300)
            Text("Heard \(heard) at \(String(format: "%.4f", longitude))")
        }
    }
}

extension EndToEnd {
    @Suite
    @MainActor
    struct MapsInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func mapsInChromium() async throws { try await check(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func mapsInFirefox() async throws { try await check(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func mapsInWebKit() async throws { try await check(.webkit) }

        /// `onMapCameraChange(frequency: .continuous)`: the app hears the camera while the drag
        /// is still under way (a move every 150 ms, the button not yet let go), and once more at
        /// its end; `mapControlVisibility(.hidden)` leaves the scale out.
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func aContinuousListenerHearsTheMapAsItMoves() async throws {
            let server = try TestServer(app: JetwayApp(title: "Followed", routes: [Route("/") { _ in FollowedMap() }]))
            defer { server.stop() }
            try await withBrowsers(1, .chromium) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                #expect(await browser.wait(for: "return document.querySelectorAll('.jw-map-tiles img').length >= 4"))
                #expect(try await browser.execute("return document.querySelector('[data-jw-map-control]') === null") as? Bool == true)
                let heard = "Number(document.body.innerText.match(/Heard (\\d+)/)[1])"
                _ = try await browser.execute(
                    """
                    const m = document.querySelector('.jw-map'), r = m.getBoundingClientRect();
                    window.at = (type, dx) => m.dispatchEvent(new PointerEvent(type, {bubbles: true, pointerId: 7, isPrimary: true, button: 0, clientX: r.left + 150 + dx, clientY: r.top + 150}));
                    at('pointerdown', 0);
                    for (let step = 1; step <= 8; step++) setTimeout(() => at('pointermove', step * 15), step * 150);
                    return true
                    """)
                #expect(await browser.wait(for: "return \(heard) >= 3"), "the app did not hear the map while it moved")
                let during = try await browser.execute("return \(heard)") as? Double ?? 0
                try await Task.sleep(for: .milliseconds(1400))
                _ = try await browser.execute("at('pointerup', 120); return true")
                #expect(await browser.wait(for: "return \(heard) > \(Int(during))"), "the end of the move was not heard")
                // Dragged 120 px east: the map looks further west than the stand.
                let longitude = try await browser.execute("return Number(document.body.innerText.match(/at (-?[\\d.]+)/)[1])") as? Double
                #expect((longitude ?? 0) < stands[0].coordinate.longitude - 0.001, "\(String(describing: longitude))")
            }
        }

        func check(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Stands", routes: [Route("/") { _ in StandsMap() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                let tiles = "document.querySelectorAll('.jw-map-tiles img')"
                #expect(await browser.wait(for: "return \(tiles).length >= 4"), "\(engine): no tiles")
                // A region 0.12° wide in 480 px: zoom about 11.9, drawn from tiles of level 12.
                let level = try await browser.string("return \(tiles)[0].src.match(/>(\\d+)\\/\\d+\\/\\d+</)[1]")
                #expect(level == "12", "\(engine): tiles of level \(level)")
                let marker = { (name: String) in
                    "(() => { const b = document.querySelector('[aria-label=\"\(name)\"] .jw-map-balloon').getBoundingClientRect(); const m = document.querySelector('.jw-map').getBoundingClientRect(); return [b.left + b.width / 2 - m.left, b.bottom + 9 - m.top]; })()"
                }
                let golden = try await browser.execute("return \(marker("Golden Gate"))") as? [Double] ?? []
                let ferry = try await browser.execute("return \(marker("Ferry Building"))") as? [Double] ?? []
                // West of and above the ferry building, both inside the map, 0.0846° apart in
                // longitude: 0.0846 / 0.12 of the width at the region's fitted zoom or more.
                #expect(golden.count == 2 && ferry.count == 2, "\(engine): \(golden) \(ferry)")
                guard golden.count == 2, ferry.count == 2 else { return }
                #expect(golden[0] < ferry[0] && golden[1] < ferry[1], "\(engine): \(golden) \(ferry)")
                #expect(golden[0] > 0 && ferry[0] < 480 && golden[1] > 30 && ferry[1] < 320, "\(engine): \(golden) \(ferry)")
                #expect(abs((ferry[0] - golden[0]) - 0.0846 / 0.12 * 480) < 60, "\(engine): \(ferry[0] - golden[0]) px apart")
                try await browser.screenshot("map-\(engine)")

                // A drag of 100 px to the right: the markers move with it, and the app hears the
                // new region (its centre further west).
                let drag = """
                    const m = document.querySelector('.jw-map'), r = m.getBoundingClientRect();
                    const at = (type, dx) => m.dispatchEvent(new PointerEvent(type, {bubbles: true, pointerId: 5, isPrimary: true, button: 0, clientX: r.left + 200 + dx, clientY: r.top + 150}));
                    at('pointerdown', 0); for (let dx = 10; dx <= 100; dx += 10) at('pointermove', dx); at('pointerup', 100);
                    return true
                    """
                _ = try await browser.execute(drag)
                // (The map draws in the next frame: wait for it.)
                let dx = "\(marker("Golden Gate"))[0] - \(golden[0])", dy = "\(marker("Golden Gate"))[1] - \(golden[1])"
                #expect(
                    await browser.wait(for: "return Math.abs(\(dx) - 100) < 2 && Math.abs(\(dy)) < 2"),
                    "\(engine): the marker did not move with the drag")
                #expect(
                    await browser.wait(
                        for:
                            "return [...document.querySelectorAll('span,div')].some(e => /^Longitude -122\\.(4[6-9]|5)/.test(e.textContent))"
                    ),
                    "\(engine): the app did not hear the move")

                // A tap on a marker picks it (the ferry building is off the map's right edge now).
                try await browser.click("[role=button]", labelled: "Golden Gate")
                #expect(await browser.wait(for: "return document.body.innerText.includes('Picked gg')"), "\(engine): no pick")
                #expect(
                    await browser.wait(
                        for: "return document.querySelector('[aria-label=\"Golden Gate\"]').classList.contains('jw-map-selected')"))

                // Zoom in: the two markers twice as far apart, and the app's span halved.
                let apart = "(() => { const a = \(marker("Golden Gate")), b = \(marker("Ferry Building")); return b[0] - a[0]; })()"
                let before = try await browser.execute("return \(apart)") as? Double ?? 0
                try await browser.click("button", labelled: "Zoom in")
                #expect(
                    await browser.wait(for: "return Math.abs(\(apart) / \(before) - 2) < 0.05"),
                    "\(engine): not twice as far apart after zooming in")
                #expect(
                    await browser.wait(
                        for: "return [...document.querySelectorAll('span,div')].some(e => / span 0\\.0[5-6]/.test(e.textContent))"),
                    "\(engine): the app's span did not halve")

                // The app moves the map: the ferry building comes to the middle.
                try await browser.click("button", labelled: "Show the ferry")
                #expect(
                    await browser.wait(
                        for:
                            "const p = \(marker("Ferry Building")), m = document.querySelector('.jw-map'); return Math.abs(p[0] - m.clientWidth / 2) < 3 && Math.abs(p[1] - m.clientHeight / 2) < 3"
                    ),
                    "\(engine): the map did not move to the ferry building")
                // An arrow key moves the centre east (and tells the app the region the map
                // shows); the wheel, a double click, the keyboard and a pinch: each zoom the app
                // hears halves or doubles its span.
                let span = "Number(document.body.innerText.match(/ span ([\\d.]+)/)[1])"
                let longitude = "Number(document.body.innerText.match(/Longitude (-?[\\d.]+)/)[1])"
                let gestures: [(String, String, Double)] = [
                    (
                        "the wheel",
                        "m.dispatchEvent(new WheelEvent('wheel', {bubbles: true, cancelable: true, deltaY: -500, clientX: x, clientY: y}))",
                        0.5
                    ),
                    ("a double click", "m.dispatchEvent(new MouseEvent('dblclick', {bubbles: true, clientX: x, clientY: y}))", 0.5),
                    (
                        "the minus key",
                        "m.focus(); m.dispatchEvent(new KeyboardEvent('keydown', {bubbles: true, cancelable: true, key: '-'}))", 2
                    ),
                    (
                        "a pinch",
                        """
                        const p = (type, id, dx) => m.dispatchEvent(new PointerEvent(type, {bubbles: true, pointerId: id, isPrimary: id === 1, button: 0, clientX: x + dx, clientY: y}));
                        p('pointerdown', 1, -50); p('pointerdown', 2, 50); p('pointermove', 1, -100); p('pointermove', 2, 100); p('pointerup', 1, -100); p('pointerup', 2, 100)
                        """, 0.5
                    ),
                ]
                let west = try await browser.execute("return \(longitude)") as? Double ?? 0
                _ = try await browser.execute(
                    "const m = document.querySelector('.jw-map'); m.focus(); m.dispatchEvent(new KeyboardEvent('keydown', {bubbles: true, cancelable: true, key: 'ArrowRight'})); return true"
                )
                let eastward = await browser.wait(for: "return \(longitude) > \(west)")
                let shown = (try? await browser.string("return document.body.innerText + ' ' + window.jetway.lastError")) ?? ""
                #expect(eastward, "\(engine): the arrow key did not move the map east from \(west): \(shown)")
                for (name, script, ratio) in gestures {
                    let before = try await browser.execute("return \(span)") as? Double ?? 0
                    _ = try await browser.execute(
                        "const m = document.querySelector('.jw-map'), r = m.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2; \(script); return true"
                    )
                    #expect(
                        await browser.wait(for: "return Math.abs(\(span) / \(before) - \(ratio)) < 0.05"),
                        "\(engine): \(name) did not zoom by \(ratio) (span \(before))")
                }
                let scale = try await browser.string("return document.querySelector('[data-jw-map-control=scale]').textContent")
                #expect(scale.hasSuffix(" m") || scale.hasSuffix(" km"), "\(engine): scale \(scale)")
                try await browser.screenshot("map-moved-\(engine)")
            }
        }
    }
}
