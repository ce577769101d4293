/// The context of a change: the animation it moves with, or none. `withAnimation` and
/// `withTransaction` set it while their body runs; every page whose views read what the body
/// changed moves with it when it shows the change (its next patch says how, once).
///
/// ```swift
/// Button("Details") { withAnimation(.snappy) { showsDetails.toggle() } }
/// var transaction = Transaction(animation: .easeOut)
/// transaction.disablesAnimations = reduceMotion
/// withTransaction(transaction) { selection = flight }
/// ```
public struct Transaction: Sendable {
    /// The animation the change moves with; nil makes it snap.
    public var animation: Animation?
    /// Turns off the animations of views inside `.animation(_:value:)` too.
    public var disablesAnimations = false
    /// Jetway runs every animation in the browser: nothing is continuous on the server.
    public var isContinuous = false

    /// A transaction without an animation.
    public init() {}

    /// A transaction whose changes move with `animation`.
    public init(animation: Animation?) {
        self.animation = animation
    }

    /// The transaction of the body running now (nil outside `withAnimation`/`withTransaction`):
    /// bound to the running code, so a body run on any thread sees its own.
    @TaskLocal static var current: Transaction?
}

/// Runs `body`, and the changes it makes move with `animation` on every page that shows them.
/// Callable from anywhere, as SwiftUI's (a view model's method).
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

/// Runs `body` with the animation, then `completion` when the animation is logically complete:
/// on the server, after its delay, duration (a spring's settling time) and repeats, whether no
/// page, one or several show it (a `.repeatForever` never completes). docs/motion.md says why
/// not on the browser's signal.
@MainActor
@discardableResult
public func withAnimation<Result>(
    _ animation: Animation? = .default, completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
    _ body: () throws -> Result, completion: @escaping @MainActor () -> Void
) rethrows -> Result {
    let result = try withAnimation(animation, body)
    let seconds =
        animation.map { $0.repeats?.isInfinite == true ? nil : ($0.duration + $0.delaySeconds / $0.speedFactor) * ($0.repeats ?? 1) } ?? 0
    if let seconds {
        Task { @MainActor in
            try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            completion()
        }
    }
    return result
}

/// When `withAnimation(_:completionCriteria:_:completion:)` calls its completion: here both
/// are when the animation's time is up.
public struct AnimationCompletionCriteria: Hashable, Sendable {
    /// When the animation's time (delay, duration, repeats) is up.
    public static let logicallyComplete = AnimationCompletionCriteria()
    /// The same as `logicallyComplete` here: when the animation's time is up, not when the browser
    /// finishes it.
    public static let removed = AnimationCompletionCriteria()
}

/// Runs `body` in `transaction`.
@discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try Transaction.$current.withValue(transaction, operation: body)
}

/// Runs `body` with one property of a transaction set (`withTransaction(\.disablesAnimations, true)`).
@discardableResult
public func withTransaction<Value, Result>(
    _ keyPath: WritableKeyPath<Transaction, Value>, _ value: Value, _ body: () throws -> Result
) rethrows -> Result {
    var transaction = Transaction.current ?? Transaction()
    transaction[keyPath: keyPath] = value
    return try withTransaction(transaction, body)
}

extension Binding {
    /// This binding, whose changes move with `animation` (a `Toggle` whose change slides a
    /// detail in: `Toggle("Details", isOn: $shows.animation())`).
    @MainActor
    public func animation(_ animation: Animation? = .default) -> Binding<Value> {
        transaction(Transaction(animation: animation))
    }

    /// This binding, whose changes are made in `transaction`.
    @MainActor
    public func transaction(_ transaction: Transaction) -> Binding<Value> {
        Binding(get: { self.wrappedValue }, set: { value in withTransaction(transaction) { self.wrappedValue = value } })
    }
}
