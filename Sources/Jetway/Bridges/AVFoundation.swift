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

    /// What went wrong and what to do: the format to convert to, or the size limit.
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
    /// Called when the sound ends. Never called here: the server does not hear the browser's sound end.
    func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool)
    /// Called when the sound cannot be decoded. Never called here: an unplayable sound throws from `init` instead.
    func audioPlayerDecodeErrorDidOccur(_ player: AVAudioPlayer, error: (any Error)?)
}

extension AVAudioPlayerDelegate {
    /// Does nothing by default.
    public func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {}
    /// Does nothing by default.
    public func audioPlayerDecodeErrorDidOccur(_ player: AVAudioPlayer, error: (any Error)?) {}
}

/// A sound, played in the browser of the page acting.
@MainActor @preconcurrency
open class AVAudioPlayer {
    private static var players = 0
    /// The sound's address for the browser: a `data:` address of its bytes, or an `http(s)` URL.
    let source: String
    let id: Int
    /// The sound's file or web address, when it was made from one; nil when made from data.
    public let url: URL?
    /// The sound's bytes, when it was made from a file or data; nil for an `http(s)` address, which the browser loads itself.
    public let data: Data?
    /// 0 plays once, n plays n + 1 times, a negative number loops until `stop()`.
    public var numberOfLoops = 0
    /// The loudness, from 0 to 1 (clamped); sent with each `play()`, so a change while playing takes effect at the next
    /// `play()` (use `setVolume(_:fadeDuration:)` to change it now).
    public var volume: Float = 1
    /// The playback speed: stored, but not sent to the browser, so the sound always plays at normal speed.
    public var rate: Float = 1
    /// Whether `rate` is used: stored, with no effect here.
    public var enableRate = false
    /// The stereo position, from -1 (left) to 1 (right): stored, but not sent to the browser.
    public var pan: Float = 0
    /// Where the next `play()` starts, in seconds (0 resumes where a pause left off, or starts over after a stop or the end).
    ///
    /// The server does not hear the browser's position, so this is only ever the value the app set.
    public var currentTime: TimeInterval = 0
    /// What hears the player's events; held weakly. No event is sent here (see `AVAudioPlayerDelegate`).
    public weak var delegate: (any AVAudioPlayerDelegate)?
    /// Whether `play()` was called since the last `pause()` or `stop()` (the server does not
    /// hear the sound end in the browser).
    public private(set) var isPlaying = false
    /// The sound's length where its header says it (WAV); 0 otherwise.
    public let duration: TimeInterval

    /// The largest sound a page is sent.
    public static let maximumBytes = 2_000_000

    /// Makes a player of the sound at `url`: an `http(s)` address the browser loads itself, or a file whose bytes are
    /// read now. Throws `AVAudioPlayerError` for a format browsers do not play or a file over `maximumBytes`.
    public convenience init(contentsOf url: URL) throws {
        try self.init(contentsOf: url, fileTypeHint: nil)
    }

    /// Makes a player of the sound at `url` (see `init(contentsOf:)`); the type hint is ignored, as the format is read
    /// from the file's first bytes.
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

    /// Makes a player of a sound's bytes (MP3, AAC/M4A, WAV, Ogg or FLAC, at most `maximumBytes`); throws
    /// `AVAudioPlayerError` otherwise.
    public convenience init(data: Data) throws {
        try self.init(data: data, fileTypeHint: nil)
    }

    /// Makes a player of a sound's bytes (see `init(data:)`); the type hint is ignored, as the format is read from
    /// the bytes.
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

    /// Plays the sound now, as `play()` does: the start time `time` is ignored.
    @discardableResult public func play(atTime time: TimeInterval) -> Bool { play() }

    /// Pauses the sound in the browser of the page acting; the next `play()` resumes it there.
    public func pause() {
        PageHost.current?.media("pause", player: id)
        isPlaying = false
    }

    /// Stops the sound; the next `play()` starts from `currentTime` (set it to 0 to start over).
    public func stop() {
        PageHost.current?.media("stop", player: id)
        isPlaying = false
    }

    /// Sets `volume`, and changes it at once in the browser of the page acting if the sound is playing; there is no fade
    /// (`duration` is ignored).
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
    /// The app's one audio session.
    public static func sharedInstance() -> AVAudioSession { instance }

    /// What the app does with audio. Accepted so Apple's code compiles; it has no effect in a browser.
    public struct Category: Hashable, Sendable {
        /// The category's name.
        public let rawValue: String
        /// Sounds that mix with others and go quiet with the silent switch.
        public static let ambient = Category(rawValue: "ambient")
        /// The default category: sounds that silence others.
        public static let soloAmbient = Category(rawValue: "soloAmbient")
        /// Playback that matters to the app (music, speech).
        public static let playback = Category(rawValue: "playback")
        /// Recording.
        public static let record = Category(rawValue: "record")
        /// Recording and playback together.
        public static let playAndRecord = Category(rawValue: "playAndRecord")
    }
    /// A specialization of a category. Accepted so Apple's code compiles; it has no effect in a browser.
    public struct Mode: Hashable, Sendable {
        /// The mode's name.
        public let rawValue: String
        /// The default mode.
        public static let `default` = Mode(rawValue: "default")
        /// Spoken audio, such as audiobooks.
        public static let spokenAudio = Mode(rawValue: "spokenAudio")
        /// Movie playback.
        public static let moviePlayback = Mode(rawValue: "moviePlayback")
        /// Short spoken prompts, such as turn-by-turn directions.
        public static let voicePrompt = Mode(rawValue: "voicePrompt")
    }
    /// How a category behaves. Accepted so Apple's code compiles; it has no effect in a browser.
    public struct CategoryOptions: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// Makes a set of options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Mix with other apps' audio.
        public static let mixWithOthers = CategoryOptions(rawValue: 1)
        /// Lower other apps' audio while playing.
        public static let duckOthers = CategoryOptions(rawValue: 2)
        /// Allow Bluetooth headsets as input.
        public static let allowBluetooth = CategoryOptions(rawValue: 4)
        /// Play through the speaker rather than the receiver.
        public static let defaultToSpeaker = CategoryOptions(rawValue: 8)
        /// Interrupt other apps' spoken audio and mix with their other audio.
        public static let interruptSpokenAudioAndMixWithOthers = CategoryOptions(rawValue: 16)
    }
    /// Options for activating or deactivating the session. Accepted so Apple's code compiles; no effect here.
    public struct SetActiveOptions: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// Makes a set of options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Tell other apps when this session deactivates.
        public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 1)
    }

    /// Sets the session's category: does nothing and never throws, as a browser has no audio session.
    public func setCategory(_ category: Category, mode: Mode = .default, options: CategoryOptions = []) throws {}
    /// Sets the session's category: does nothing and never throws, as a browser has no audio session.
    public func setCategory(_ category: Category, options: CategoryOptions) throws {}
    /// Activates or deactivates the session: does nothing and never throws. A browser plays a page's sounds once
    /// the visitor has used the page.
    public func setActive(_ active: Bool, options: SetActiveOptions = []) throws {}
}

/// Words to say, with the voice, speed and pitch to say them in.
public final class AVSpeechUtterance: @unchecked Sendable {
    /// The words to say.
    public let speechString: String
    /// From `AVSpeechUtteranceMinimumSpeechRate` (0) to `AVSpeechUtteranceMaximumSpeechRate`
    /// (1); the default, 0.5, is the browser's normal speed.
    public var rate: Float = AVSpeechUtteranceDefaultSpeechRate
    /// 0.5 to 2.
    public var pitchMultiplier: Float = 1
    /// The loudness, from 0 to 1 (clamped).
    public var volume: Float = 1
    /// The voice: its language is the browser's utterance language; nil leaves the browser's default.
    public var voice: AVSpeechSynthesisVoice?
    /// The pause before the words: stored, but not used here (the browser says them at once).
    public var preUtteranceDelay: TimeInterval = 0
    /// The pause after the words: stored, but not used here.
    public var postUtteranceDelay: TimeInterval = 0

    /// Makes an utterance of `string`, at the default rate, pitch and volume.
    public init(string: String) { speechString = string }
}

/// The slowest rate: a tenth of the browser's normal speed.
public let AVSpeechUtteranceMinimumSpeechRate: Float = 0
/// The default rate: the browser's normal speed.
public let AVSpeechUtteranceDefaultSpeechRate: Float = 0.5
/// The fastest rate: twice the browser's normal speed.
public let AVSpeechUtteranceMaximumSpeechRate: Float = 1

/// A voice, by its language (the browser picks one of its voices for it).
public final class AVSpeechSynthesisVoice: @unchecked Sendable {
    /// The voice's language, as a BCP 47 code (`"en-US"`).
    public let language: String
    /// A voice for `language` (nil means `"en-US"`); it never fails here, as the browser picks the voice it has.
    public init?(language: String?) { self.language = language ?? "en-US" }
    /// The server process's language code (`"en-US"`), not the visitor's browser's.
    public static func currentLanguageCode() -> String { Locale.current.identifier.replacingOccurrences(of: "_", with: "-") }
}

/// Says utterances in the browser of the page acting (its speech synthesis).
@MainActor @preconcurrency
open class AVSpeechSynthesizer {
    private static var synthesizers = 0
    let id: Int
    /// Whether `speak(_:)` was called since the last `stopSpeaking(at:)`: the server does not hear the words end, so this
    /// stays true after they have been said.
    public private(set) var isSpeaking = false
    /// Whether `pauseSpeaking(at:)` was called since the last `continueSpeaking()`.
    public private(set) var isPaused = false

    /// Makes a synthesizer.
    public init() {
        Self.synthesizers += 1
        id = -Self.synthesizers
    }

    /// Says `utterance` in the browser of the page acting, with its voice's language, rate, pitch and volume; does nothing
    /// when no page's event is being handled.
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

    /// Where to stop or pause: now, or after the current word. Both act at once here.
    public enum Boundary: Sendable {
        /// Stop at once (`immediate`) or after the word being spoken (`word`); the browser is not told which, so
        /// both stop or pause the speech at once.
        case immediate, word
    }

    /// Cancels speech in the browser of the page acting, at once whatever the `boundary`; returns `true`.
    ///
    /// This cancels all of that page's speech, not only this synthesizer's.
    @discardableResult public func stopSpeaking(at boundary: Boundary) -> Bool {
        PageHost.current?.media("silence", player: id)
        isSpeaking = false
        return true
    }

    /// Pauses speech in the browser of the page acting, at once whatever the `boundary`; returns `true`.
    @discardableResult public func pauseSpeaking(at boundary: Boundary) -> Bool {
        PageHost.current?.media("hush", player: id)
        isPaused = true
        return true
    }

    /// Resumes paused speech in the browser of the page acting; returns `true`.
    @discardableResult public func continueSpeaking() -> Bool {
        PageHost.current?.media("resume", player: id)
        isPaused = false
        return true
    }
}

/// Where speech stops or pauses: `AVSpeechSynthesizer.Boundary`.
public typealias AVSpeechBoundary = AVSpeechSynthesizer.Boundary
