import Foundation

// StoreKit's review request (`import StoreKit`, which `jetway port` writes as Jetway's for a file
// that uses only these names): Apple's contract is that the system decides whether the prompt
// shows, and may show nothing. A web page has no store to review in, so it never shows; an app's
// "Rate us" button keeps working and changes nothing on the page. In-app purchases are not here.

/// `@Environment(\.requestReview) private var requestReview`, then `requestReview()`.
public struct RequestReviewAction: Sendable {
    /// Asks for a review: the system decides, and a browser has no store (nothing shows).
    @MainActor public func callAsFunction() {}
}

extension EnvironmentValues {
    /// The action that asks for an App Store review; a browser has no store, so calling it shows nothing.
    public var requestReview: RequestReviewAction { RequestReviewAction() }
}

/// UIKit-era review requests (`SKStoreReviewController.requestReview()`): as `requestReview`.
public enum SKStoreReviewController {
    /// Asks for a review of the app; a browser has no store, so this does nothing.
    @MainActor public static func requestReview() {}
    /// Asks for a review in `windowScene`; a browser has no store, so this does nothing.
    @MainActor public static func requestReview(in windowScene: UIWindowScene) {}
}

/// iOS 16's `AppStore.requestReview(in:)`: as `requestReview`.
public enum AppStore {
    /// Asks for a review in `windowScene`; a browser has no store, so this does nothing.
    @MainActor public static func requestReview(in windowScene: UIWindowScene) {}
}
