import Foundation
import Jetway
import JetwayTesting
import JetwayWire
import Testing

// Sounds and speech as apps write them: a player made from a bundled file and played from a
// button, a speech synthesizer saying a line; the page's root carries what to play, the sound's
// bytes once.

/// A WAV of `samples` silent 8-bit samples at 8 kHz.
private func wav(samples: Int = 800) -> Data {
    func le32(_ value: Int) -> [UInt8] {
        [UInt8(value & 255), UInt8(value >> 8 & 255), UInt8(value >> 16 & 255), UInt8(value >> 24 & 255)]
    }
    var bytes = Array("RIFF".utf8) + le32(36 + samples) + Array("WAVEfmt ".utf8) + le32(16) + [1, 0, 1, 0] + le32(8000) + le32(8000)
    bytes += [1, 0, 8, 0] + Array("data".utf8) + le32(samples) + [UInt8](repeating: 128, count: samples)
    return Data(bytes)
}

@MainActor
final class SoundManager {
    var player: AVAudioPlayer?
    let synthesizer = AVSpeechSynthesizer()

    init(url: URL) {
        player = try? AVAudioPlayer(contentsOf: url)
        player?.numberOfLoops = 1
        player?.volume = 0.5
    }

    func announce(_ text: String) {
        let utterance = AVSpeechUtterance(string: text)
        utterance.voice = AVSpeechSynthesisVoice(language: "en-GB")
        utterance.rate = AVSpeechUtteranceDefaultSpeechRate
        synthesizer.speak(utterance)
    }
}

private struct GateScreen: View {
    let sounds: SoundManager
    var body: some View {
        VStack {
            Button("Chime") { sounds.player?.play() }
            Button("Quiet") { sounds.player?.stop() }
            Button("Announce") { sounds.announce("Boarding now at gate B12") }
        }
    }
}

@MainActor @Suite struct SoundTests {
    @Test func aPlayedSoundReachesThePageOnceWithItsBytes() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chime-\(UUID().uuidString).wav")
        try wav().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let sounds = SoundManager(url: file)
        #expect(sounds.player?.duration == 0.1)
        let host = ViewHost(GateScreen(sounds: sounds))
        #expect(host.dom.root.attribute(RuntimeContract.Attribute.media) == nil)
        try host.tap("Chime")
        let first = try #require(host.dom.root.attribute(RuntimeContract.Attribute.media))
        #expect(first.hasPrefix("1 play ") && first.contains(" 0.5 1 0.0 data:audio/wav;base64,\(wav().base64EncodedString())"), "\(first)")
        #expect(sounds.player?.isPlaying == true)
        try host.tap("Quiet")
        try host.tap("Chime")
        let lines = try #require(host.dom.root.attribute(RuntimeContract.Attribute.media)).components(separatedBy: "\n")
        #expect(lines.count == 3 && lines[1].hasPrefix("2 stop ") && lines[2].hasPrefix("3 play "), "\(lines)")
        #expect(!lines[2].contains("base64"), "the page has the sound already: \(lines[2].prefix(80))")
        try host.tap("Announce")
        let said = try #require(host.dom.root.attribute(RuntimeContract.Attribute.media)).components(separatedBy: "\n").last
        // Volume 1, the browser's normal rate (1), pitch 1, the voice's language, the words.
        #expect(
            said?.contains(" speak -") == true && said?.hasSuffix(" 1.0 0 1.0 1.0 en-GB Boarding now at gate B12") == true, "\(said ?? "")")
    }

    @Test func aSoundThePageHasNoLongerIsSentAgain() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chime-\(UUID().uuidString).wav")
        try wav().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let sounds = SoundManager(url: file)
        let host = ViewHost(GateScreen(sounds: sounds))
        for _ in 0..<10 { try host.tap("Chime") }
        let lines = try #require(host.dom.root.attribute(RuntimeContract.Attribute.media)).components(separatedBy: "\n")
        #expect(lines.count == 8 && lines.first?.hasPrefix("3 play ") == true)
        // The oldest line kept carries the bytes (the lines with them fell out of the window).
        #expect(lines.filter { $0.contains("base64") }.count == 1 && lines[0].contains("base64"))
    }

    @Test func formatsBrowsersCannotPlayAreRefusedSayingSo() throws {
        let caf = Data("caff".utf8) + Data(repeating: 0, count: 40)
        #expect(throws: AVAudioPlayerError.unsupportedFormat("CAF (Core Audio Format)")) { try AVAudioPlayer(data: caf) }
        let error = AVAudioPlayerError.unsupportedFormat("CAF (Core Audio Format)")
        #expect(error.localizedDescription == "A browser cannot play CAF (Core Audio Format): convert it to MP3, M4A (AAC), WAV or Ogg.")
        #expect(throws: AVAudioPlayerError.tooLarge(bytes: 2_000_044, limit: 2_000_000)) {
            try AVAudioPlayer(data: wav(samples: 2_000_000))
        }
        // Outside a page's event there is no page to play in.
        let player = try AVAudioPlayer(data: wav())
        #expect(player.play() == false && !player.isPlaying)
    }
}
