import Foundation
import Jetway
import JetwayStore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the outside feed last did, for the operations console: live (when it last answered and
/// how many flights it changed) or unavailable (since when, and why).
@MainActor @Observable
public final class FlightFeedStatus {
    public enum State: Equatable, Sendable {
        case waiting
        case live(updated: Date, changed: Int)
        case unavailable(since: Date, reason: String)
    }
    public internal(set) var state: State = .waiting
    /// The feed's address (shown on the console).
    public let url: URL

    public init(url: URL) {
        self.url = url
    }
}

/// The console's line about the feed.
struct FeedStatusLine: View {
    let status: FlightFeedStatus

    var body: some View {
        Group {
            switch status.state {
            case .waiting:
                Label("Flight feed: waiting for its first answer", systemImage: "clock").foregroundColor(.secondary)
            case .live(let updated, let changed):
                HStack(spacing: 4) {
                    Label("Flight feed: live, updated", systemImage: "checkmark.circle")
                    Text(updated, style: .time)
                    Text(changed == 1 ? "(1 change)" : "(\(changed) changes)")
                }
                .foregroundColor(.green)
            case .unavailable(let since, let reason):
                HStack(spacing: 4) {
                    Label("Flight feed unavailable since", systemImage: "exclamationmark.triangle")
                    Text(since, style: .time)
                    Text("— \(reason)")
                }
                .foregroundColor(.red)
            }
        }
        .padding(.horizontal, 16)
        .accessibilityIdentifier("feed-status")
    }
}
