import Foundation

// LocalAuthentication (`import LocalAuthentication`, which `jetway port` writes as Jetway's):
// a page has no device owner to check — no Face ID, Touch ID or passcode a server can ask the
// browser for — so a context answers as a device without them does: `canEvaluatePolicy` is
// false with `biometryNotAvailable` (or `passcodeNotSet`), and `evaluatePolicy` fails with that
// error. Apps handle this case already (Apple requires it): they unlock another way, or say why.

/// What to authenticate the device's owner with.
public enum LAPolicy: Int, Sendable {
    case deviceOwnerAuthenticationWithBiometrics = 1
    case deviceOwnerAuthentication = 2
    case deviceOwnerAuthenticationWithWatch = 3
    case deviceOwnerAuthenticationWithBiometricsOrWatch = 4
    case deviceOwnerAuthenticationWithWristDetection = 5
}

/// The biometry a device has: none, in a browser.
public enum LABiometryType: Int, Sendable {
    case none = 0, touchID = 1, faceID = 2, opticID = 4
}

public let LAErrorDomain = "com.apple.LocalAuthentication"

/// Why authentication did not happen.
public struct LAError: Error, LocalizedError, Equatable, Sendable {
    public enum Code: Int, Sendable {
        case authenticationFailed = -1, userCancel = -2, userFallback = -3, systemCancel = -4, passcodeNotSet = -5
        case biometryNotAvailable = -6, biometryNotEnrolled = -7, biometryLockout = -8, appCancel = -9, invalidContext = -10
        case notInteractive = -1004
        public static let touchIDNotAvailable = Code.biometryNotAvailable
        public static let touchIDNotEnrolled = Code.biometryNotEnrolled
        public static let touchIDLockout = Code.biometryLockout
    }

    public let code: Code
    public init(_ code: Code) { self.code = code }

    public static let biometryNotAvailable = Code.biometryNotAvailable
    public static let passcodeNotSet = Code.passcodeNotSet
    public static let userCancel = Code.userCancel
    public static let authenticationFailed = Code.authenticationFailed
    public static let userFallback = Code.userFallback
    public static let biometryNotEnrolled = Code.biometryNotEnrolled
    public static let biometryLockout = Code.biometryLockout

    public var errorDescription: String? {
        switch code {
        case .passcodeNotSet: "This browser has no passcode to unlock with."
        case .biometryNotAvailable: "This browser has no Face ID or Touch ID."
        default: "Authentication did not happen (\(code))."
        }
    }
}

/// `catch LAError.userCancel`: the error is an `LAError` of that code.
public func ~= (code: LAError.Code, error: any Error) -> Bool { (error as? LAError)?.code == code }

/// A device-owner authentication: in a browser, a device without biometrics or a passcode.
open class LAContext: NSObject, @unchecked Sendable {
    open var localizedReason = ""
    open var localizedFallbackTitle: String?
    open var localizedCancelTitle: String?
    open var touchIDAuthenticationAllowableReuseDuration: TimeInterval = 0
    open var interactionNotAllowed = false
    /// None: a browser lets no page use the device's biometry.
    open var biometryType: LABiometryType { .none }
    open var evaluatedPolicyDomainState: Data? { nil }

    public override init() { super.init() }

    /// False, with the reason in `error`: biometry is not available (for the biometric
    /// policies) or no passcode is set (for `.deviceOwnerAuthentication`).
    open func canEvaluatePolicy(_ policy: LAPolicy, error: UnsafeMutablePointer<NSError?>?) -> Bool {
        let reason = Self.reason(for: policy)
        error?.pointee = NSError(
            domain: LAErrorDomain, code: reason.rawValue, userInfo: [NSLocalizedDescriptionKey: LAError(reason).errorDescription ?? ""])
        return false
    }

    /// Fails as `canEvaluatePolicy` says: `reply(false, LAError)`.
    open func evaluatePolicy(_ policy: LAPolicy, localizedReason: String, reply: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        reply(false, LAError(Self.reason(for: policy)))
    }

    open func evaluatePolicy(_ policy: LAPolicy, localizedReason: String) async throws -> Bool {
        throw LAError(Self.reason(for: policy))
    }

    open func invalidate() {}

    static func reason(for policy: LAPolicy) -> LAError.Code {
        policy == .deviceOwnerAuthentication ? .passcodeNotSet : .biometryNotAvailable
    }
}
