import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

// A sound and an announcement from buttons, in a real page: the browser plays the bytes the
// server sent (the page's policy lets a `data:` sound in) and speaks the words.

@MainActor private let chime: AVAudioPlayer? = {
    func le32(_ value: Int) -> [UInt8] {
        [UInt8(value & 255), UInt8(value >> 8 & 255), UInt8(value >> 16 & 255), UInt8(value >> 24 & 255)]
    }
    let samples = 4000
    var bytes = Array("RIFF".utf8) + le32(36 + samples) + Array("WAVEfmt ".utf8) + le32(16) + [1, 0, 1, 0] + le32(8000) + le32(8000)
    bytes += [1, 0, 8, 0] + Array("data".utf8) + le32(samples) + (0..<samples).map { UInt8(128 + ($0 % 16 < 8 ? 40 : -40)) }
    return try? AVAudioPlayer(data: Data(bytes))
}()

@MainActor private let speaker = AVSpeechSynthesizer()

private struct Announcements: View {
    var body: some View {
        VStack {
            Button("Chime") { chime?.play() }
            Button("Announce") { speaker.speak(AVSpeechUtterance(string: "Gate B12 is now boarding")) }
        }
    }
}

extension EndToEnd {
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct SoundInChromium {
        @Test func theBrowserPlaysTheSoundAndSaysTheWords() async throws {
            let server = try TestServer(app: JetwayApp(title: "Gate", routes: [Route("/") { _ in Announcements() }]))
            defer { server.stop() }
            try await withBrowsers(1, .chromium) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                // Each play is recorded with what became of it (the sound loads, or the page's policy refuses it).
                _ = try await browser.execute(
                    """
                    window.played = []; window.said = [];
                    const play = HTMLMediaElement.prototype.play;
                    HTMLMediaElement.prototype.play = function () {
                      const entry = { src: this.src.slice(0, 22) }; window.played.push(entry);
                      this.addEventListener('loadedmetadata', () => { entry.duration = this.duration; }, { once: true });
                      this.addEventListener('error', () => { entry.error = this.error && this.error.code; }, { once: true });
                      return play.call(this).then(() => { entry.played = true; }, (e) => { entry.refused = e.name; });
                    };
                    if (window.speechSynthesis) speechSynthesis.speak = (u) => window.said.push(u.text);
                    """)
                try await browser.click("button", labelled: "Chime")
                #expect(
                    await browser.wait(for: "return window.played.length === 1 && window.played[0].duration > 0"), "the sound did not load")
                let played = try await browser.execute("return JSON.stringify(window.played)") as? String ?? ""
                #expect(
                    played.contains("data:audio/wav;base64") && played.contains("\"duration\":0.5") && !played.contains("error"),
                    "\(played)")
                try await browser.click("button", labelled: "Announce")
                #expect(await browser.wait(for: "return window.said.length === 1"), "nothing was said")
                #expect(try await browser.execute("return window.said[0]") as? String == "Gate B12 is now boarding")
            }
        }
    }
}
