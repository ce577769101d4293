/// Lets other work on the main actor run during a long loop in a test.
///
/// Every view, ViewHost and server handler runs on the main actor, and `swift test` runs the
/// suites side by side: a test that loops synchronously for two seconds alone held the main
/// actor for forty beside the browser tests (a 2-core machine, Chromium and servers running),
/// and other suites' waits for an answer ran out. A long loop calls `await pacer.pace()` each
/// step; it yields once every `slice` of work, so those answers are made in between.
///
///     var pacer = MainActorPacer()
///     for _ in 0..<600 {
///         try host.update()
///         await pacer.pace()
///     }
public struct MainActorPacer {
    private let slice: Duration
    private var sliceStarted = ContinuousClock.now
    /// How many times it yielded (a test can check it was called at all).
    public private(set) var yields = 0

    /// A pacer that yields after each `slice` of work.
    public init(slice: Duration = .milliseconds(20)) {
        self.slice = slice
    }

    /// Yields when this slice's time is spent; otherwise returns at once.
    public mutating func pace() async {
        guard sliceStarted.duration(to: .now) >= slice else { return }
        await Task.yield()
        yields += 1
        sliceStarted = .now
    }
}
