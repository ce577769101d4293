import Foundation

// CoreHaptics (`import CoreHaptics`, which `jetway port` writes as Jetway's): a browser page has
// no Taptic Engine to drive (the Vibration API buzzes a phone, it plays no haptic pattern), so
// the hardware says it supports no haptics, as an iPad's does; apps check that before they make
// an engine. An engine made anyway starts and plays its patterns as silence, as UIKit's feedback
// generators and SwiftUI's `sensoryFeedback` do here.

/// A sound registered with an engine.
public typealias CHHapticAudioResourceID = UInt

/// What the device's haptic hardware can do: nothing, in a browser.
public struct CHHapticDeviceCapability: Sendable {
    /// Whether the hardware plays haptic patterns: always `false`, as a browser has no Taptic Engine.
    public let supportsHaptics = false
    /// Whether the hardware plays a pattern's audio events: always `false` here.
    public let supportsAudio = false
}

/// A start time meaning "now", for a player's `start(atTime:)` and similar calls.
public let CHHapticTimeImmediate: TimeInterval = 0

/// A haptic engine: starts, stops and makes players of patterns (which play nothing here).
open class CHHapticEngine: @unchecked Sendable {
    /// Why an engine stopped, passed to its `stoppedHandler`.
    ///
    /// Jetway's engine never stops on its own, so the handler is never called with one of these.
    public enum StoppedReason: Int, Sendable {
        /// The reasons Apple's engine gives: an audio-session interruption, the app suspended, an idle timeout,
        /// `notifyWhenPlayersFinished` asking to stop, the engine destroyed, a game controller disconnected.
        case audioSessionInterrupt = 1, applicationSuspended, idleTimeout, notifyWhenFinished, engineDestroyed, gameControllerDisconnect
        /// The system failed.
        case systemError = -1
    }

    /// What this device's haptic hardware can do: a capability that supports neither haptics nor audio.
    public static func capabilitiesForHardware() -> CHHapticDeviceCapability { CHHapticDeviceCapability() }

    /// Called when the engine stops by itself; stored but never called, as the engine here never stops on its own.
    open var stoppedHandler: (@Sendable (StoppedReason) -> Void)?
    /// Called after the engine resets after a server failure; stored but never called here.
    open var resetHandler: (@Sendable () -> Void)?
    /// Whether the engine plays only haptic events and ignores audio ones; stored, with no effect, as nothing plays.
    open var playsHapticsOnly = true
    /// Whether the engine stops itself when idle; stored, with no effect here.
    open var isAutoShutdownEnabled = false
    /// Whether haptic events are muted: `true` by default here, as a browser has nothing to play them on.
    open var isMutedForHaptics = true
    /// The engine's clock, in seconds: always 0, as nothing plays here.
    open private(set) var currentTime: TimeInterval = 0

    /// Makes an engine; it never throws here, even though this device supports no haptics.
    public init() throws {}

    /// Starts the engine: does nothing and never throws.
    open func start() throws {}
    /// Starts the engine and calls `completionHandler` at once with no error.
    open func start(completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) { completionHandler?(nil) }
    /// Stops the engine and calls `completionHandler` at once with no error.
    open func stop(completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) { completionHandler?(nil) }
    /// Calls `finishedHandler` at once with no error, as no player is ever playing; its answer is ignored.
    open func notifyWhenPlayersFinished(finishedHandler: @escaping @Sendable ((any Error)?) -> FinishedAction) {
        _ = finishedHandler(nil)
    }
    /// Makes a player for `pattern`; the player accepts every call and plays nothing.
    open func makePlayer(with pattern: CHHapticPattern) throws -> any CHHapticPatternPlayer { SilentPatternPlayer() }
    /// Makes a player for `pattern` that can also pause, seek and loop; it accepts every call and plays nothing.
    open func makeAdvancedPlayer(with pattern: CHHapticPattern) throws -> any CHHapticAdvancedPatternPlayer { SilentPatternPlayer() }
    /// A sound for a pattern's `audioCustom` events: its id (played as the rest, silently).
    open func registerAudioResource(_ resourceURL: URL, options: [AnyHashable: Any] = [:]) throws -> CHHapticAudioResourceID {
        nextAudioResource += 1
        return nextAudioResource
    }
    /// Unregisters a sound: does nothing, as the sounds are never loaded.
    open func unregisterAudioResource(_ resourceID: CHHapticAudioResourceID) throws {}
    private var nextAudioResource: CHHapticAudioResourceID = 0
    /// Plays an AHAP pattern file: does nothing here (the file is not read).
    open func playPattern(from url: URL) throws {}
    /// Plays AHAP pattern data: does nothing here (the data is not read).
    open func playPattern(from data: Data) throws {}

    /// What `notifyWhenPlayersFinished` should do next: stop the engine, or leave it running.
    public enum FinishedAction: Int, Sendable {
        /// Stop the engine, or leave it running. The handler's answer is ignored here: the engine plays nothing
        /// either way.
        case stopEngine = 1, leaveEngineRunning = 2
    }
}

/// Plays a pattern.
public protocol CHHapticPatternPlayer: AnyObject {
    /// Starts playing the pattern at `time` on the engine's clock (`CHHapticTimeImmediate` for now).
    func start(atTime time: TimeInterval) throws
    /// Stops playing the pattern at `time`.
    func stop(atTime time: TimeInterval) throws
    /// Changes the pattern-wide `parameters` at `time` while it plays.
    func sendParameters(_ parameters: [CHHapticDynamicParameter], atTime time: TimeInterval) throws
    /// Schedules a curve of a pattern-wide parameter at `time`.
    func scheduleParameterCurve(_ parameterCurve: CHHapticParameterCurve, atTime time: TimeInterval) throws
    /// Stops playing at once and forgets the scheduled events.
    func cancel() throws
    /// Whether the player's output is muted.
    var isMuted: Bool { get set }
}

/// A pattern player that can also pause, resume, seek, loop and change its rate.
public protocol CHHapticAdvancedPatternPlayer: CHHapticPatternPlayer {
    /// Pauses playing at `time`.
    func pause(atTime time: TimeInterval) throws
    /// Resumes playing at `time`.
    func resume(atTime time: TimeInterval) throws
    /// Moves the play position to `offsetTime` seconds into the pattern.
    func seek(toOffset offsetTime: TimeInterval) throws
    /// Whether the pattern starts again when it ends.
    var loopEnabled: Bool { get set }
    /// How fast the pattern plays: 1 is normal speed.
    var playbackRate: Float { get set }
}

final class SilentPatternPlayer: CHHapticAdvancedPatternPlayer {
    var isMuted = true
    var loopEnabled = false
    var playbackRate: Float = 1
    func start(atTime time: TimeInterval) throws {}
    func stop(atTime time: TimeInterval) throws {}
    func sendParameters(_ parameters: [CHHapticDynamicParameter], atTime time: TimeInterval) throws {}
    func scheduleParameterCurve(_ parameterCurve: CHHapticParameterCurve, atTime time: TimeInterval) throws {}
    func cancel() throws {}
    func pause(atTime time: TimeInterval) throws {}
    func resume(atTime time: TimeInterval) throws {}
    func seek(toOffset offsetTime: TimeInterval) throws {}
}

/// A pattern of haptic events and parameters.
open class CHHapticPattern: @unchecked Sendable {
    /// The pattern's events, as given.
    public let events: [CHHapticEvent]
    /// The pattern-wide parameters it was made with (empty when made with curves).
    public let parameters: [CHHapticDynamicParameter]
    /// The parameter curves it was made with (empty when made with parameters).
    public let parameterCurves: [CHHapticParameterCurve]
    /// How long the pattern lasts: the latest end (start plus duration) of its events.
    open var duration: TimeInterval { events.map { $0.relativeTime + $0.duration }.max() ?? 0 }

    /// Makes a pattern of `events` with pattern-wide `parameters`.
    public init(events: [CHHapticEvent], parameters: [CHHapticDynamicParameter]) throws {
        self.events = events
        self.parameters = parameters
        parameterCurves = []
    }

    /// Makes a pattern of `events` with `parameterCurves`.
    public init(events: [CHHapticEvent], parameterCurves: [CHHapticParameterCurve]) throws {
        self.events = events
        parameters = []
        self.parameterCurves = parameterCurves
    }

    /// Makes a pattern from an AHAP dictionary: here the dictionary is not read, and the pattern is empty.
    public init(dictionary: [String: Any]) throws {
        events = []
        parameters = []
        parameterCurves = []
    }

    /// Makes a pattern from an AHAP file: here the file is not read, and the pattern is empty.
    public convenience init(contentsOf url: URL) throws { try self.init(dictionary: [:]) }
}

/// One event of a pattern: a tap (transient) or a buzz (continuous).
open class CHHapticEvent: @unchecked Sendable {
    /// The kind of an event: a haptic tap or buzz, or a sound.
    public struct EventType: Hashable, RawRepresentable, Sendable {
        /// The kind's name, as in an AHAP file (`"HapticTransient"`).
        public let rawValue: String
        /// Makes a kind from its AHAP name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A short tap.
        public static let hapticTransient = EventType(rawValue: "HapticTransient")
        /// A buzz lasting the event's duration.
        public static let hapticContinuous = EventType(rawValue: "HapticContinuous")
        /// A generated tone lasting the event's duration.
        public static let audioContinuous = EventType(rawValue: "AudioContinuous")
        /// A sound registered with `registerAudioResource(_:options:)`.
        public static let audioCustom = EventType(rawValue: "AudioCustom")
    }

    /// The kind of event.
    public let type: EventType
    /// The event's values (intensity, sharpness...).
    public let eventParameters: [CHHapticEventParameter]
    /// When the event starts, in seconds from the start of the pattern.
    open var relativeTime: TimeInterval
    /// How long a continuous event lasts, in seconds (0 for a transient one).
    open var duration: TimeInterval

    /// An event playing a registered sound.
    public convenience init(
        audioResourceID resID: CHHapticAudioResourceID, parameters: [CHHapticEventParameter], relativeTime: TimeInterval,
        duration: TimeInterval = 0
    ) {
        self.init(eventType: .audioCustom, parameters: parameters, relativeTime: relativeTime, duration: duration)
    }

    /// Makes an event of the kind `type`, with `parameters`, starting at `relativeTime` and lasting `duration` seconds.
    public init(eventType type: EventType, parameters: [CHHapticEventParameter], relativeTime: TimeInterval, duration: TimeInterval = 0) {
        self.type = type
        eventParameters = parameters
        self.relativeTime = relativeTime
        self.duration = duration
    }
}

/// A value of an event (its intensity, its sharpness).
open class CHHapticEventParameter: @unchecked Sendable {
    /// The name of an event's value.
    public struct ParameterID: Hashable, RawRepresentable, Sendable {
        /// The value's name, as in an AHAP file (`"HapticIntensity"`).
        public let rawValue: String
        /// Makes a name from its AHAP spelling.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// How strong a haptic event is, from 0 to 1.
        public static let hapticIntensity = ParameterID(rawValue: "HapticIntensity")
        /// How crisp a haptic event feels, from 0 (round) to 1 (sharp).
        public static let hapticSharpness = ParameterID(rawValue: "HapticSharpness")
        /// How long a continuous event takes to reach full strength.
        public static let attackTime = ParameterID(rawValue: "AttackTime")
        /// How long a continuous event takes to fade after its attack.
        public static let decayTime = ParameterID(rawValue: "DecayTime")
        /// How long a continuous event takes to fade at its end.
        public static let releaseTime = ParameterID(rawValue: "ReleaseTime")
        /// Whether a continuous event holds its strength for its whole duration.
        public static let sustained = ParameterID(rawValue: "Sustained")
        /// How loud an audio event is, from 0 to 1.
        public static let audioVolume = ParameterID(rawValue: "AudioVolume")
        /// How much an audio event's pitch is raised or lowered.
        public static let audioPitch = ParameterID(rawValue: "AudioPitch")
        /// Where an audio event sits from left (-1) to right (1).
        public static let audioPan = ParameterID(rawValue: "AudioPan")
        /// How bright an audio event sounds, from 0 to 1.
        public static let audioBrightness = ParameterID(rawValue: "AudioBrightness")
    }

    /// Which value this is.
    public let parameterID: ParameterID
    /// The value.
    open var value: Float

    /// Makes the value `value` for the parameter `parameterID`.
    public init(parameterID: ParameterID, value: Float) {
        self.parameterID = parameterID
        self.value = value
    }
}

/// A pattern-wide value changed while it plays.
open class CHHapticDynamicParameter: @unchecked Sendable {
    /// The name of a pattern-wide value.
    public struct ID: Hashable, RawRepresentable, Sendable {
        /// The value's name, as in an AHAP file (`"HapticIntensityControl"`).
        public let rawValue: String
        /// Makes a name from its AHAP spelling.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Scales the intensity of every haptic event.
        public static let hapticIntensityControl = ID(rawValue: "HapticIntensityControl")
        /// Shifts the sharpness of every haptic event.
        public static let hapticSharpnessControl = ID(rawValue: "HapticSharpnessControl")
        /// Scales the volume of every audio event.
        public static let audioVolumeControl = ID(rawValue: "AudioVolumeControl")
    }

    /// Which pattern-wide value this is.
    public let parameterID: ID
    /// The value.
    open var value: Float
    /// When the value takes effect, in seconds from the start of the pattern.
    open var relativeTime: TimeInterval

    /// Makes the pattern-wide value `value` for `parameterID`, taking effect at `relativeTime`.
    public init(parameterID: ID, value: Float, relativeTime: TimeInterval) {
        self.parameterID = parameterID
        self.value = value
        self.relativeTime = relativeTime
    }
}

/// A pattern-wide value that changes along control points.
open class CHHapticParameterCurve: @unchecked Sendable {
    /// One point of a curve: a value at a time.
    open class ControlPoint: @unchecked Sendable {
        /// When the curve reaches this point, in seconds from the curve's start.
        open var relativeTime: TimeInterval
        /// The curve's value at this point.
        open var value: Float
        /// Makes a point with `value` at `relativeTime`.
        public init(relativeTime: TimeInterval, value: Float) {
            self.relativeTime = relativeTime
            self.value = value
        }
    }

    /// Which pattern-wide value the curve changes.
    public let parameterID: CHHapticDynamicParameter.ID
    /// The points the value passes through.
    public let controlPoints: [ControlPoint]
    /// When the curve starts, in seconds from the start of the pattern.
    open var relativeTime: TimeInterval

    /// Makes a curve of `parameterID` through `controlPoints`, starting at `relativeTime`.
    public init(parameterID: CHHapticDynamicParameter.ID, controlPoints: [ControlPoint], relativeTime: TimeInterval) {
        self.parameterID = parameterID
        self.controlPoints = controlPoints
        self.relativeTime = relativeTime
    }
}
