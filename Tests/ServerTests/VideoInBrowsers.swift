import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

// A video as a visitor plays it, in each engine: the app's Play starts the page's `<video>`,
// Pause stops it where it is, and its end reaches the app (`AVPlayerItemDidPlayToEndTime`). The
// video is a second of silence made in the test (a WAV: a `<video>` plays sound files too).

/// One second of 8 kHz, 8-bit mono silence, as a `data:` address.
private let silence: URL = {
    var bytes = Data()
    func append(_ text: String) { bytes.append(contentsOf: Array(text.utf8)) }
    func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    let samples = 8_000
    append("RIFF")
    append32(UInt32(36 + samples))
    append("WAVEfmt ")
    append32(16)
    append16(1)
    append16(1)
    append32(8_000)
    append32(8_000)
    append16(1)
    append16(8)
    append("data")
    append32(UInt32(samples))
    bytes.append(contentsOf: [UInt8](repeating: 128, count: samples))
    return URL(string: "data:audio/wav;base64," + bytes.base64EncodedString())!
}()

@MainActor
private final class Clip: ObservableObject {
    let player = AVPlayer(url: silence)
    @Published var ends = 0
    private var observer: NSObjectProtocol?
    init() {
        observer = NotificationCenter.default.addObserver(forName: .AVPlayerItemDidPlayToEndTime, object: nil, queue: nil) {
            [weak self] _ in
            MainActor.assumeIsolated { self?.ends += 1 }
        }
    }
}

private struct ClipView: View {
    @StateObject private var clip = Clip()
    var body: some View {
        VStack {
            VideoPlayer(player: clip.player) {
                VStack {
                    Text("Gate A1").foregroundColor(.white).padding(4)
                    Spacer()
                }
            }
            .frame(width: 200, height: 120)
            Button("Play") { clip.player.play() }
            Button("Pause") { clip.player.pause() }
            Text("Ended \(clip.ends)")
        }
        .padding()
    }
}

extension EndToEnd {
    @Suite
    @MainActor
    struct VideoInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func videoInChromium() async throws { try await check(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func videoInFirefox() async throws { try await check(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func videoInWebKit() async throws { try await check(.webkit) }

        func check(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Clip", routes: [Route("/") { _ in ClipView() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                #expect(try await browser.execute("return document.querySelector('video').paused") as? Bool == true)
                // The app's overlay lies on the video, at its top.
                let overlay =
                    try await browser.execute(
                        """
                        const v = document.querySelector('video').getBoundingClientRect();
                        const t = [...document.querySelectorAll('span')].find(e => e.textContent === 'Gate A1').getBoundingClientRect();
                        return t.left >= v.left && t.right <= v.right && t.top >= v.top && t.bottom <= v.top + v.height / 2
                        """) as? Bool
                #expect(overlay == true, "\(engine): the overlay is not on the video's top")
                try await browser.click("button", labelled: "Play")
                // (A loaded machine's Firefox may take seconds to start a media element.)
                let started = await browser.wait(
                    for: "const v = document.querySelector('video'); return !v.paused || v.ended || v.currentTime > 0", timeout: 30)
                let state =
                    started
                    ? ""
                    : try await browser.string(
                        "const v = document.querySelector('video'); return JSON.stringify({ paused: v.paused, muted: v.muted, ready: v.readyState, error: v.error && v.error.code, command: v.getAttribute('data-jw-video'), errors: window.jetway.errors, last: window.jetway.lastError })"
                    )
                #expect(started, "\(engine): the video did not start: \(state)")
                try await browser.click("button", labelled: "Pause")
                #expect(await browser.wait(for: "return document.querySelector('video').paused"), "\(engine): the video did not pause")
                try await browser.click("button", labelled: "Play")
                #expect(
                    await browser.wait(for: "return document.body.innerText.includes('Ended 1')", timeout: 8),
                    "\(engine): its end did not reach the app")
                try await browser.screenshot("video-\(engine)")
            }
        }
    }
}
