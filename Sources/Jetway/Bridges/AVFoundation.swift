import Foundation

// AVFoundation's sounds and speech, as SwiftUI apps use them (`import AVFoundation`, which
// `jetway port` writes as Jetway's when a file uses only these names): an `AVAudioPlayer`
// plays its sound, and an `AVSpeechSynthesizer` says its words, in the browser of the page
// whose event is being handled (a button's action, `onAppear`, `onChange`) — as
// `UIApplication.shared.open(_:)` opens a link there. The sound's bytes go to that page once
// (a `data:` address; MP3, AAC/M4A, WAV, Ogg and FLAC, which browsers play — not CAF or AIFF,
// which `init` refuses saying so); the browser's speech synthesis says the words.
//
// ```swift
// let player = try AVAudioPlayer(contentsOf: Bundle.main.url(forResource: "boarding", withExtension: "mp3")!)
// Button("Chime") { player.play() }
// ```

/// Why a sound cannot be played in a browser.
public enum AVAudioPlayerError: LocalizedError, Equatable {
    /// A format browsers do not play (`caf`, `aiff`), or bytes that are not a sound.
    case unsupportedFormat(String)
    /// Over the size a page is sent (a sound effect, not an album).
    case tooLarge(bytes: Int, limit: Int)

    public var errorDescription: String? {
        switch self {
        case .unsupportedFormat(let format):
            "A browser cannot play \(format): convert it to MP3, M4A (AAC), WAV or Ogg."
        case .tooLarge(let bytes, let limit):
            "This sound is \(bytes) bytes; a page is sent sounds of at most \(limit) bytes."
        }
    }
}

/// What hears a player's events (`audioPlayerDidFinishPlaying` is not sent: the server does
/// not hear the browser's sound end).
public protocol AVAudioPlayerDelegate: AnyObject {
    func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool)
    func audioPlayerDecodeErrorDidOccur(_ player: AVAudioPlayer, error: (any Error)?)
}

extension AVAudioPlayerDelegate {
    public func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {}
    public func audioPlayerDecodeErrorDidOccur(_ player: AVAudioPlayer, error: (any Error)?) {}
}

/// A sound, played in the browser of the page acting.
@MainActor @preconcurrency
open class AVAudioPlayer {
    private static var players = 0
    /// The sound's address for the browser: a `data:` address of its bytes, or an `http(s)` URL.
    let source: String
    let id: Int
    public let url: URL?
    public let data: Data?
    /// 0 plays once, n plays n + 1 times, a negative number loops until `stop()`.
    public var numberOfLoops = 0
    public var volume: Float = 1
    public var rate: Float = 1
    public var enableRate = false
    public var pan: Float = 0
    public var currentTime: TimeInterval = 0
    public weak var delegate: (any AVAudioPlayerDelegate)?
    /// Whether `play()` was called since the last `pause()` or `stop()` (the server does not
    /// hear the sound end in the browser).
    public private(set) var isPlaying = false
    /// The sound's length where its header says it (WAV); 0 otherwise.
    public let duration: TimeInterval

    /// The largest sound a page is sent.
    public static let maximumBytes = 2_000_000

    public convenience init(contentsOf url: URL) throws {
        try self.init(contentsOf: url, fileTypeHint: nil)
    }

    public init(contentsOf url: URL, fileTypeHint utiString: String?) throws {
        Self.players += 1
        id = Self.players
        self.url = url
        if let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            source = url.absoluteString
            data = nil
            duration = 0
            return
        }
        let bytes = try Data(contentsOf: url)
        let format = try Self.format(of: bytes, named: url.pathExtension)
        guard bytes.count <= Self.maximumBytes else { throw AVAudioPlayerError.tooLarge(bytes: bytes.count, limit: Self.maximumBytes) }
        data = bytes
        source = "data:\(format);base64,\(bytes.base64EncodedString())"
        duration = Self.wavDuration(bytes)
    }

    public convenience init(data: Data) throws {
        try self.init(data: data, fileTypeHint: nil)
    }

    public init(data: Data, fileTypeHint utiString: String?) throws {
        Self.players += 1
        id = Self.players
        url = nil
        let format = try Self.format(of: data, named: "")
        guard data.count <= Self.maximumBytes else { throw AVAudioPlayerError.tooLarge(bytes: data.count, limit: Self.maximumBytes) }
        self.data = data
        source = "data:\(format);base64,\(data.base64EncodedString())"
        duration = Self.wavDuration(data)
    }

    /// Nothing to prepare: the browser loads the sound when it first plays.
    @discardableResult public func prepareToPlay() -> Bool { true }

    /// Plays the sound (from `currentTime`) in the browser of the page acting; false when no
    /// page's event is being handled.
    @discardableResult public func play() -> Bool {
        guard let page = PageHost.current else { return false }
        page.media(
            "play", player: id, volume: Double(max(0, min(volume, 1))), loops: numberOfLoops, time: currentTime, source: source)
        isPlaying = true
        return true
    }

    @discardableResult public func play(atTime time: TimeInterval) -> Bool { play() }

    public func pause() {
        PageHost.current?.media("pause", player: id)
        isPlaying = false
    }

    /// Stops the sound; the next `play()` starts from `currentTime` (set it to 0 to start over).
    public func stop() {
        PageHost.current?.media("stop", player: id)
        isPlaying = false
    }

    public func setVolume(_ volume: Float, fadeDuration duration: TimeInterval) {
        self.volume = volume
        if isPlaying { PageHost.current?.media("volume", player: id, volume: Double(max(0, min(volume, 1)))) }
    }

    /// The sound's MIME type, from its first bytes (or its name's extension).
    static func format(of bytes: Data, named name: String) throws -> String {
        let head = [UInt8](bytes.prefix(12))
        func starts(_ text: String, at offset: Int = 0) -> Bool {
            let expected = Array(text.utf8)
            return head.count >= offset + expected.count && Array(head[offset..<offset + expected.count]) == expected
        }
        if starts("ID3") || (head.count > 1 && head[0] == 0xFF && head[1] & 0xE0 == 0xE0) { return "audio/mpeg" }
        if starts("RIFF") && starts("WAVE", at: 8) { return "audio/wav" }
        if starts("OggS") { return "audio/ogg" }
        if starts("fLaC") { return "audio/flac" }
        if starts("ftyp", at: 4) { return "audio/mp4" }
        if starts("caff") { throw AVAudioPlayerError.unsupportedFormat("CAF (Core Audio Format)") }
        if starts("FORM") { throw AVAudioPlayerError.unsupportedFormat("AIFF") }
        throw AVAudioPlayerError.unsupportedFormat(name.isEmpty ? "these bytes (not a sound it knows)" : "a .\(name) file")
    }

    /// A WAV file's length: its data size over its byte rate.
    static func wavDuration(_ bytes: Data) -> TimeInterval {
        let b = [UInt8](bytes.prefix(64))
        guard b.count >= 44, b[0..<4] == [0x52, 0x49, 0x46, 0x46] else { return 0 }
        let le32 = { (o: Int) in Int(b[o]) | Int(b[o + 1]) << 8 | Int(b[o + 2]) << 16 | Int(b[o + 3]) << 24 }
        let byteRate = le32(28)
        guard byteRate > 0 else { return 0 }
        return Double(max(bytes.count - 44, 0)) / Double(byteRate)
    }
}

/// The app's audio session. A browser plays a page's sounds as it sees fit (after the visitor
/// has used the page): categories, modes and activation have no browser counterpart and are
/// accepted as set (docs/swiftui.md).
public final class AVAudioSession: Sendable {
    private static let instance = AVAudioSession()
    public static func sharedInstance() -> AVAudioSession { instance }

    public struct Category: Hashable, Sendable {
        public let rawValue: String
        public static let ambient = Category(rawValue: "ambient")
        public static let soloAmbient = Category(rawValue: "soloAmbient")
        public static let playback = Category(rawValue: "playback")
        public static let record = Category(rawValue: "record")
        public static let playAndRecord = Category(rawValue: "playAndRecord")
    }
    public struct Mode: Hashable, Sendable {
        public let rawValue: String
        public static let `default` = Mode(rawValue: "default")
        public static let spokenAudio = Mode(rawValue: "spokenAudio")
        public static let moviePlayback = Mode(rawValue: "moviePlayback")
        public static let voicePrompt = Mode(rawValue: "voicePrompt")
    }
    public struct CategoryOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let mixWithOthers = CategoryOptions(rawValue: 1)
        public static let duckOthers = CategoryOptions(rawValue: 2)
        public static let allowBluetooth = CategoryOptions(rawValue: 4)
        public static let defaultToSpeaker = CategoryOptions(rawValue: 8)
        public static let interruptSpokenAudioAndMixWithOthers = CategoryOptions(rawValue: 16)
    }
    public struct SetActiveOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 1)
    }

    public func setCategory(_ category: Category, mode: Mode = .default, options: CategoryOptions = []) throws {}
    public func setCategory(_ category: Category, options: CategoryOptions) throws {}
    public func setActive(_ active: Bool, options: SetActiveOptions = []) throws {}
}

/// Words to say, with the voice, speed and pitch to say them in.
public final class AVSpeechUtterance: @unchecked Sendable {
    public let speechString: String
    /// From `AVSpeechUtteranceMinimumSpeechRate` (0) to `AVSpeechUtteranceMaximumSpeechRate`
    /// (1); the default, 0.5, is the browser's normal speed.
    public var rate: Float = AVSpeechUtteranceDefaultSpeechRate
    /// 0.5 to 2.
    public var pitchMultiplier: Float = 1
    public var volume: Float = 1
    public var voice: AVSpeechSynthesisVoice?
    public var preUtteranceDelay: TimeInterval = 0
    public var postUtteranceDelay: TimeInterval = 0

    public init(string: String) { speechString = string }
}

public let AVSpeechUtteranceMinimumSpeechRate: Float = 0
public let AVSpeechUtteranceDefaultSpeechRate: Float = 0.5
public let AVSpeechUtteranceMaximumSpeechRate: Float = 1

/// A voice, by its language (the browser picks one of its voices for it).
public final class AVSpeechSynthesisVoice: @unchecked Sendable {
    public let language: String
    public init?(language: String?) { self.language = language ?? "en-US" }
    public static func currentLanguageCode() -> String { Locale.current.identifier.replacingOccurrences(of: "_", with: "-") }
}

/// Says utterances in the browser of the page acting (its speech synthesis).
@MainActor @preconcurrency
open class AVSpeechSynthesizer {
    private static var synthesizers = 0
    let id: Int
    public private(set) var isSpeaking = false
    public private(set) var isPaused = false

    public init() {
        Self.synthesizers += 1
        id = -Self.synthesizers
    }

    public func speak(_ utterance: AVSpeechUtterance) {
        guard let page = PageHost.current else { return }
        // The browser's rate: 1 is normal; AVFoundation's 0.5 is.
        let rate = Double(max(0.1, min(utterance.rate * 2, 10)))
        let pitch = Double(max(0.5, min(utterance.pitchMultiplier, 2)))
        let language = utterance.voice?.language ?? ""
        page.media(
            "speak", player: id, volume: Double(max(0, min(utterance.volume, 1))), loops: 0, time: rate,
            source: "\(pitch) \(language.isEmpty ? "-" : language) \(utterance.speechString)")
        isSpeaking = true
    }

    public enum Boundary: Sendable { case immediate, word }

    @discardableResult public func stopSpeaking(at boundary: Boundary) -> Bool {
        PageHost.current?.media("silence", player: id)
        isSpeaking = false
        return true
    }

    @discardableResult public func pauseSpeaking(at boundary: Boundary) -> Bool {
        PageHost.current?.media("hush", player: id)
        isPaused = true
        return true
    }

    @discardableResult public func continueSpeaking() -> Bool {
        PageHost.current?.media("resume", player: id)
        isPaused = false
        return true
    }
}

public typealias AVSpeechBoundary = AVSpeechSynthesizer.Boundary
