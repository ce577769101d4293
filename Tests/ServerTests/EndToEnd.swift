import Testing

/// The suites that drive real browsers or build a whole package: one at a time, so that a
/// compile or one engine never starves another's page of CPU (these machines have 2 cores).
@MainActor
@Suite(.serialized)
enum EndToEnd {
    /// MountainAirport's board: the "N flights" line.
    static let boardCount = "document.querySelector('.jw-vstack > span.jw-text').textContent"
}
