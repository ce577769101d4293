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
    public let supportsHaptics = false
    public let supportsAudio = false
}

public let CHHapticTimeImmediate: TimeInterval = 0

/// A haptic engine: starts, stops and makes players of patterns (which play nothing here).
open class CHHapticEngine: @unchecked Sendable {
    public enum StoppedReason: Int, Sendable {
        case audioSessionInterrupt = 1, applicationSuspended, idleTimeout, notifyWhenFinished, engineDestroyed, gameControllerDisconnect
        case systemError = -1
    }

    public static func capabilitiesForHardware() -> CHHapticDeviceCapability { CHHapticDeviceCapability() }

    open var stoppedHandler: (@Sendable (StoppedReason) -> Void)?
    open var resetHandler: (@Sendable () -> Void)?
    open var playsHapticsOnly = true
    open var isAutoShutdownEnabled = false
    open var isMutedForHaptics = true
    open private(set) var currentTime: TimeInterval = 0

    public init() throws {}

    open func start() throws {}
    open func start(completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) { completionHandler?(nil) }
    open func stop(completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) { completionHandler?(nil) }
    open func notifyWhenPlayersFinished(finishedHandler: @escaping @Sendable ((any Error)?) -> FinishedAction) {
        _ = finishedHandler(nil)
    }
    open func makePlayer(with pattern: CHHapticPattern) throws -> any CHHapticPatternPlayer { SilentPatternPlayer() }
    open func makeAdvancedPlayer(with pattern: CHHapticPattern) throws -> any CHHapticAdvancedPatternPlayer { SilentPatternPlayer() }
    /// A sound for a pattern's `audioCustom` events: its id (played as the rest, silently).
    open func registerAudioResource(_ resourceURL: URL, options: [AnyHashable: Any] = [:]) throws -> CHHapticAudioResourceID {
        nextAudioResource += 1
        return nextAudioResource
    }
    open func unregisterAudioResource(_ resourceID: CHHapticAudioResourceID) throws {}
    private var nextAudioResource: CHHapticAudioResourceID = 0
    open func playPattern(from url: URL) throws {}
    open func playPattern(from data: Data) throws {}

    public enum FinishedAction: Int, Sendable { case stopEngine = 1, leaveEngineRunning = 2 }
}

/// Plays a pattern.
public protocol CHHapticPatternPlayer: AnyObject {
    func start(atTime time: TimeInterval) throws
    func stop(atTime time: TimeInterval) throws
    func sendParameters(_ parameters: [CHHapticDynamicParameter], atTime time: TimeInterval) throws
    func scheduleParameterCurve(_ parameterCurve: CHHapticParameterCurve, atTime time: TimeInterval) throws
    func cancel() throws
    var isMuted: Bool { get set }
}

public protocol CHHapticAdvancedPatternPlayer: CHHapticPatternPlayer {
    func pause(atTime time: TimeInterval) throws
    func resume(atTime time: TimeInterval) throws
    func seek(toOffset offsetTime: TimeInterval) throws
    var loopEnabled: Bool { get set }
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
    public let events: [CHHapticEvent]
    public let parameters: [CHHapticDynamicParameter]
    public let parameterCurves: [CHHapticParameterCurve]
    open var duration: TimeInterval { events.map { $0.relativeTime + $0.duration }.max() ?? 0 }

    public init(events: [CHHapticEvent], parameters: [CHHapticDynamicParameter]) throws {
        self.events = events
        self.parameters = parameters
        parameterCurves = []
    }

    public init(events: [CHHapticEvent], parameterCurves: [CHHapticParameterCurve]) throws {
        self.events = events
        parameters = []
        self.parameterCurves = parameterCurves
    }

    public init(dictionary: [String: Any]) throws {
        events = []
        parameters = []
        parameterCurves = []
    }

    public convenience init(contentsOf url: URL) throws { try self.init(dictionary: [:]) }
}

/// One event of a pattern: a tap (transient) or a buzz (continuous).
open class CHHapticEvent: @unchecked Sendable {
    public struct EventType: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let hapticTransient = EventType(rawValue: "HapticTransient")
        public static let hapticContinuous = EventType(rawValue: "HapticContinuous")
        public static let audioContinuous = EventType(rawValue: "AudioContinuous")
        public static let audioCustom = EventType(rawValue: "AudioCustom")
    }

    public let type: EventType
    public let eventParameters: [CHHapticEventParameter]
    open var relativeTime: TimeInterval
    open var duration: TimeInterval

    /// An event playing a registered sound.
    public convenience init(
        audioResourceID resID: CHHapticAudioResourceID, parameters: [CHHapticEventParameter], relativeTime: TimeInterval,
        duration: TimeInterval = 0
    ) {
        self.init(eventType: .audioCustom, parameters: parameters, relativeTime: relativeTime, duration: duration)
    }

    public init(eventType type: EventType, parameters: [CHHapticEventParameter], relativeTime: TimeInterval, duration: TimeInterval = 0) {
        self.type = type
        eventParameters = parameters
        self.relativeTime = relativeTime
        self.duration = duration
    }
}

/// A value of an event (its intensity, its sharpness).
open class CHHapticEventParameter: @unchecked Sendable {
    public struct ParameterID: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let hapticIntensity = ParameterID(rawValue: "HapticIntensity")
        public static let hapticSharpness = ParameterID(rawValue: "HapticSharpness")
        public static let attackTime = ParameterID(rawValue: "AttackTime")
        public static let decayTime = ParameterID(rawValue: "DecayTime")
        public static let releaseTime = ParameterID(rawValue: "ReleaseTime")
        public static let sustained = ParameterID(rawValue: "Sustained")
        public static let audioVolume = ParameterID(rawValue: "AudioVolume")
        public static let audioPitch = ParameterID(rawValue: "AudioPitch")
        public static let audioPan = ParameterID(rawValue: "AudioPan")
        public static let audioBrightness = ParameterID(rawValue: "AudioBrightness")
    }

    public let parameterID: ParameterID
    open var value: Float

    public init(parameterID: ParameterID, value: Float) {
        self.parameterID = parameterID
        self.value = value
    }
}

/// A pattern-wide value changed while it plays.
open class CHHapticDynamicParameter: @unchecked Sendable {
    public struct ID: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let hapticIntensityControl = ID(rawValue: "HapticIntensityControl")
        public static let hapticSharpnessControl = ID(rawValue: "HapticSharpnessControl")
        public static let audioVolumeControl = ID(rawValue: "AudioVolumeControl")
    }

    public let parameterID: ID
    open var value: Float
    open var relativeTime: TimeInterval

    public init(parameterID: ID, value: Float, relativeTime: TimeInterval) {
        self.parameterID = parameterID
        self.value = value
        self.relativeTime = relativeTime
    }
}

/// A pattern-wide value that changes along control points.
open class CHHapticParameterCurve: @unchecked Sendable {
    open class ControlPoint: @unchecked Sendable {
        open var relativeTime: TimeInterval
        open var value: Float
        public init(relativeTime: TimeInterval, value: Float) {
            self.relativeTime = relativeTime
            self.value = value
        }
    }

    public let parameterID: CHHapticDynamicParameter.ID
    public let controlPoints: [ControlPoint]
    open var relativeTime: TimeInterval

    public init(parameterID: CHHapticDynamicParameter.ID, controlPoints: [ControlPoint], relativeTime: TimeInterval) {
        self.parameterID = parameterID
        self.controlPoints = controlPoints
        self.relativeTime = relativeTime
    }
}
