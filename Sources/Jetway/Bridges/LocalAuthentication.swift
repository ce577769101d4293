import Foundation

// LocalAuthentication (`import LocalAuthentication`, which `jetway port` writes as Jetway's):
// a page has no device owner to check — no Face ID, Touch ID or passcode a server can ask the
// browser for — so a context answers as a device without them does: `canEvaluatePolicy` is
// false with `biometryNotAvailable` (or `passcodeNotSet`), and `evaluatePolicy` fails with that
// error. Apps handle this case already (Apple requires it): they unlock another way, or say why.

/// What to authenticate the device's owner with.
public enum LAPolicy: Int, Sendable {
    /// Face ID, Touch ID or Optic ID: never available in a browser (`biometryNotAvailable`).
    case deviceOwnerAuthenticationWithBiometrics = 1
    /// Biometry or the device's passcode: there is no passcode in a browser (`passcodeNotSet`).
    case deviceOwnerAuthentication = 2
    /// A paired Apple Watch: never available in a browser (`biometryNotAvailable`).
    case deviceOwnerAuthenticationWithWatch = 3
    /// Biometry or a paired Apple Watch: never available in a browser (`biometryNotAvailable`).
    case deviceOwnerAuthenticationWithBiometricsOrWatch = 4
    /// A worn, unlocked Apple Watch: never available in a browser (`biometryNotAvailable`).
    case deviceOwnerAuthenticationWithWristDetection = 5
}

/// The biometry a device has: none, in a browser.
public enum LABiometryType: Int, Sendable {
    /// No biometry (what a browser reports); Touch ID; Face ID; Optic ID.
    case none = 0, touchID = 1, faceID = 2, opticID = 4
}

/// The domain of the `NSError` that `LAContext.canEvaluatePolicy(_:error:)` writes.
public let LAErrorDomain = "com.apple.LocalAuthentication"

/// Why authentication did not happen.
public struct LAError: Error, LocalizedError, Equatable, Sendable {
    /// The reasons LocalAuthentication names, with Apple's raw values.
    public enum Code: Int, Sendable {
        /// The visitor failed, cancelled, or chose the fallback; the system cancelled; no passcode is set.
        case authenticationFailed = -1, userCancel = -2, userFallback = -3, systemCancel = -4, passcodeNotSet = -5
        /// No biometry, none enrolled, or locked out; the app cancelled; the context was invalidated.
        case biometryNotAvailable = -6, biometryNotEnrolled = -7, biometryLockout = -8, appCancel = -9, invalidContext = -10
        /// Authentication needed a user interface it was not allowed to show.
        case notInteractive = -1004
        /// The old name of `biometryNotAvailable`.
        public static let touchIDNotAvailable = Code.biometryNotAvailable
        /// The old name of `biometryNotEnrolled`.
        public static let touchIDNotEnrolled = Code.biometryNotEnrolled
        /// The old name of `biometryLockout`.
        public static let touchIDLockout = Code.biometryLockout
    }

    /// Why authentication did not happen.
    public let code: Code
    /// An error of `code`.
    public init(_ code: Code) { self.code = code }

    /// `catch LAError.biometryNotAvailable`: no Face ID or Touch ID (always so in a browser).
    public static let biometryNotAvailable = Code.biometryNotAvailable
    /// `catch LAError.passcodeNotSet`: no passcode (always so in a browser).
    public static let passcodeNotSet = Code.passcodeNotSet
    /// `catch LAError.userCancel`: the user cancelled (never raised here).
    public static let userCancel = Code.userCancel
    /// `catch LAError.authenticationFailed`: the credentials were wrong (never raised here).
    public static let authenticationFailed = Code.authenticationFailed
    /// `catch LAError.userFallback`: the user chose the fallback (never raised here).
    public static let userFallback = Code.userFallback
    /// `catch LAError.biometryNotEnrolled`: no biometry enrolled (never raised here).
    public static let biometryNotEnrolled = Code.biometryNotEnrolled
    /// `catch LAError.biometryLockout`: too many failed tries (never raised here).
    public static let biometryLockout = Code.biometryLockout

    /// A sentence for the code, saying for the two a browser raises that it has no passcode or no
    /// Face ID and Touch ID.
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
    /// The reason the app gives for asking; stored, and shown nowhere (nothing is asked).
    open var localizedReason = ""
    /// The fallback button's title; stored, and shown nowhere (nothing is asked).
    open var localizedFallbackTitle: String?
    /// The cancel button's title; stored, and shown nowhere (nothing is asked).
    open var localizedCancelTitle: String?
    /// How long a device unlock counts for; stored, and never read.
    open var touchIDAuthenticationAllowableReuseDuration: TimeInterval = 0
    /// Whether authentication may show a user interface; stored, and never read.
    open var interactionNotAllowed = false
    /// None: a browser lets no page use the device's biometry.
    open var biometryType: LABiometryType { .none }
    /// Always nil: there is no enrolled biometry to describe.
    open var evaluatedPolicyDomainState: Data? { nil }

    /// A context that, like every one in a browser, cannot authenticate.
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

    /// Always throws the `LAError` `canEvaluatePolicy` describes (`passcodeNotSet` or
    /// `biometryNotAvailable`).
    open func evaluatePolicy(_ policy: LAPolicy, localizedReason: String) async throws -> Bool {
        throw LAError(Self.reason(for: policy))
    }

    /// Does nothing: a context here has nothing to cancel.
    open func invalidate() {}

    static func reason(for policy: LAPolicy) -> LAError.Code {
        policy == .deviceOwnerAuthentication ? .passcodeNotSet : .biometryNotAvailable
    }
}
