import Foundation

// WidgetKit's center (`import WidgetKit`, which `jetway port` writes as Jetway's for a file that
// uses only `WidgetCenter`): a model that saves and then asks the home screen's widgets to reload
// their timelines. A web app has no home screen widgets, so there is no timeline to reload and
// no widget configured; the widgets themselves (`Widget`, `TimelineProvider`) are extensions a
// browser cannot show, left for a hand.

/// The app's widgets on the home screen: none in a browser.
public final class WidgetCenter: @unchecked Sendable {
    /// The one widget center; there are no widgets behind it in a browser.
    public static let shared = WidgetCenter()

    /// Reloads every widget's timeline: there are none.
    public func reloadAllTimelines() {}

    /// Reloads the timelines of the widgets of `kind`: there are none.
    public func reloadTimelines(ofKind kind: String) {}

    /// The widgets the visitor has configured: none.
    public func getCurrentConfigurations(_ completion: @escaping @Sendable (Result<[WidgetInfo], any Error>) -> Void) {
        completion(.success([]))
    }

    /// The widgets the visitor has configured: always none.
    public func currentConfigurations() async throws -> [WidgetInfo] { [] }

    /// One configured widget (never made here).
    public struct WidgetInfo: Sendable {
        /// The widget's kind, as its `Widget` declares it.
        public let kind: String
    }
}
