import Foundation

// `.symbolEffect(.pulse)`, `.symbolEffect(.bounce, value: count)`: SF Symbols' animations as CSS
// animations of the symbol's element, played by the browser (none when the visitor asks for
// reduced motion). An indefinite effect runs while `isActive`; a discrete one plays once each
// time its value changes.

/// An animation of a symbol.
public protocol SymbolEffect: Sendable {
    /// The CSS animation's keyframes (jetway.css's `jw-symbol-<name>`) and length.
    var _keyframes: String { get }
    /// How long one play of the CSS animation lasts, in seconds (Jetway's plumbing; not for apps).
    var _seconds: Double { get }
}

/// An effect that runs while it is active (`.symbolEffect(.pulse, isActive: loading)`).
public protocol IndefiniteSymbolEffect: SymbolEffect {}
/// An effect that plays once when a value changes (`.symbolEffect(.bounce, value: count)`).
public protocol DiscreteSymbolEffect: SymbolEffect {}

/// Fades the symbol to 30% opacity and back, in 1.2 seconds.
public struct PulseSymbolEffect: IndefiniteSymbolEffect, DiscreteSymbolEffect {
    /// Layer by layer in SwiftUI. Jetway draws a symbol as one layer, so this is the same effect.
    public var byLayer: PulseSymbolEffect { self }
    /// On the whole symbol: the same effect (Jetway draws a symbol as one layer).
    public var wholeSymbol: PulseSymbolEffect { self }
    /// Jetway's plumbing (the name of the effect's CSS keyframes); not for apps.
    public var _keyframes: String { "pulse" }
    /// Jetway's plumbing (how long one play lasts, in seconds); not for apps.
    public var _seconds: Double { 1.2 }
}

/// Lifts the symbol by a quarter of its height and lets it fall back (`.down`: pushes it down),
/// in 0.6 seconds.
public struct BounceSymbolEffect: IndefiniteSymbolEffect, DiscreteSymbolEffect {
    var isDown = false
    /// The bounce upwards (the default).
    public var up: BounceSymbolEffect { BounceSymbolEffect(isDown: false) }
    /// The bounce downwards: the symbol is pushed down by a quarter of its height.
    public var down: BounceSymbolEffect { BounceSymbolEffect(isDown: true) }
    /// Layer by layer in SwiftUI. Jetway draws a symbol as one layer, so this is the same effect.
    public var byLayer: BounceSymbolEffect { self }
    /// On the whole symbol: the same effect (Jetway draws a symbol as one layer).
    public var wholeSymbol: BounceSymbolEffect { self }
    /// Jetway's plumbing (the name of the effect's CSS keyframes); not for apps.
    public var _keyframes: String { isDown ? "bounce-down" : "bounce" }
    /// Jetway's plumbing (how long one play lasts, in seconds); not for apps.
    public var _seconds: Double { 0.6 }
}

/// Scales the symbol up to 1.2 (`.down`: down to 0.8) in 0.3 seconds and holds it there while
/// the effect is active; it plays once whatever the options say.
public struct ScaleSymbolEffect: IndefiniteSymbolEffect {
    var isDown = false
    /// Scaled up, to 1.2 of its size (the default).
    public var up: ScaleSymbolEffect { ScaleSymbolEffect(isDown: false) }
    /// Scaled down, to 0.8 of its size.
    public var down: ScaleSymbolEffect { ScaleSymbolEffect(isDown: true) }
    /// Layer by layer in SwiftUI. Jetway draws a symbol as one layer, so this is the same effect.
    public var byLayer: ScaleSymbolEffect { self }
    /// On the whole symbol: the same effect (Jetway draws a symbol as one layer).
    public var wholeSymbol: ScaleSymbolEffect { self }
    /// Jetway's plumbing (the name of the effect's CSS keyframes); not for apps.
    public var _keyframes: String { isDown ? "scale-down" : "scale-up" }
    /// Jetway's plumbing (how long one play lasts, in seconds); not for apps.
    public var _seconds: Double { 0.3 }
}

/// Dims the symbol in steps (to 35%, then 65%) and back, in 1.5 seconds. Jetway draws a symbol as
/// one layer, so its layers are not lit one by one.
public struct VariableColorSymbolEffect: IndefiniteSymbolEffect, DiscreteSymbolEffect {
    /// A variant in SwiftUI (`iterative`); the same effect here, as Jetway draws a symbol as one layer.
    public var iterative: VariableColorSymbolEffect { self }
    /// A variant in SwiftUI (`cumulative`); the same effect here, as Jetway draws a symbol as one layer.
    public var cumulative: VariableColorSymbolEffect { self }
    /// A variant in SwiftUI (`reversing`); the same effect here, as Jetway draws a symbol as one layer.
    public var reversing: VariableColorSymbolEffect { self }
    /// A variant in SwiftUI (`nonReversing`); the same effect here, as Jetway draws a symbol as one layer.
    public var nonReversing: VariableColorSymbolEffect { self }
    /// A variant in SwiftUI (`hideInactiveLayers`); the same effect here, as Jetway draws a symbol as one layer.
    public var hideInactiveLayers: VariableColorSymbolEffect { self }
    /// A variant in SwiftUI (`dimInactiveLayers`); the same effect here, as Jetway draws a symbol as one layer.
    public var dimInactiveLayers: VariableColorSymbolEffect { self }
    /// Jetway's plumbing (the name of the effect's CSS keyframes); not for apps.
    public var _keyframes: String { "variable" }
    /// Jetway's plumbing (how long one play lasts, in seconds); not for apps.
    public var _seconds: Double { 1.5 }
}

/// Brings the symbol in from half its size and transparent, in 0.3 seconds (once).
public struct AppearSymbolEffect: IndefiniteSymbolEffect {
    /// Upwards in SwiftUI; the same effect here (Jetway's has no direction).
    public var up: AppearSymbolEffect { self }
    /// Downwards in SwiftUI; the same effect here (Jetway's has no direction).
    public var down: AppearSymbolEffect { self }
    /// Layer by layer in SwiftUI. Jetway draws a symbol as one layer, so this is the same effect.
    public var byLayer: AppearSymbolEffect { self }
    /// On the whole symbol: the same effect (Jetway draws a symbol as one layer).
    public var wholeSymbol: AppearSymbolEffect { self }
    /// Jetway's plumbing (the name of the effect's CSS keyframes); not for apps.
    public var _keyframes: String { "appear" }
    /// Jetway's plumbing (how long one play lasts, in seconds); not for apps.
    public var _seconds: Double { 0.3 }
}

/// Shrinks the symbol to half its size and fades it out in 0.3 seconds, and keeps it hidden while
/// the effect is active.
public struct DisappearSymbolEffect: IndefiniteSymbolEffect {
    /// Upwards in SwiftUI; the same effect here (Jetway's has no direction).
    public var up: DisappearSymbolEffect { self }
    /// Downwards in SwiftUI; the same effect here (Jetway's has no direction).
    public var down: DisappearSymbolEffect { self }
    /// Layer by layer in SwiftUI. Jetway draws a symbol as one layer, so this is the same effect.
    public var byLayer: DisappearSymbolEffect { self }
    /// On the whole symbol: the same effect (Jetway draws a symbol as one layer).
    public var wholeSymbol: DisappearSymbolEffect { self }
    /// Jetway's plumbing (the name of the effect's CSS keyframes); not for apps.
    public var _keyframes: String { "disappear" }
    /// Jetway's plumbing (how long one play lasts, in seconds); not for apps.
    public var _seconds: Double { 0.3 }
}

/// Tilts the symbol 12 degrees each way and back, in 0.6 seconds.
public struct WiggleSymbolEffect: IndefiniteSymbolEffect, DiscreteSymbolEffect {
    /// Layer by layer in SwiftUI. Jetway draws a symbol as one layer, so this is the same effect.
    public var byLayer: WiggleSymbolEffect { self }
    /// On the whole symbol: the same effect (Jetway draws a symbol as one layer).
    public var wholeSymbol: WiggleSymbolEffect { self }
    /// Jetway's plumbing (the name of the effect's CSS keyframes); not for apps.
    public var _keyframes: String { "wiggle" }
    /// Jetway's plumbing (how long one play lasts, in seconds); not for apps.
    public var _seconds: Double { 0.6 }
}

/// Grows the symbol to 1.12 of its size and dims it to 80% and back, in 1.6 seconds.
public struct BreatheSymbolEffect: IndefiniteSymbolEffect, DiscreteSymbolEffect {
    /// Layer by layer in SwiftUI. Jetway draws a symbol as one layer, so this is the same effect.
    public var byLayer: BreatheSymbolEffect { self }
    /// On the whole symbol: the same effect (Jetway draws a symbol as one layer).
    public var wholeSymbol: BreatheSymbolEffect { self }
    /// Jetway's plumbing (the name of the effect's CSS keyframes); not for apps.
    public var _keyframes: String { "breathe" }
    /// Jetway's plumbing (how long one play lasts, in seconds); not for apps.
    public var _seconds: Double { 1.6 }
}

/// Turns the symbol a full turn clockwise, in 1 second.
public struct RotateSymbolEffect: IndefiniteSymbolEffect, DiscreteSymbolEffect {
    /// Clockwise: the same effect (Jetway's rotation always turns clockwise).
    public var clockwise: RotateSymbolEffect { self }
    /// Layer by layer in SwiftUI. Jetway draws a symbol as one layer, so this is the same effect.
    public var byLayer: RotateSymbolEffect { self }
    /// On the whole symbol: the same effect (Jetway draws a symbol as one layer).
    public var wholeSymbol: RotateSymbolEffect { self }
    /// Jetway's plumbing (the name of the effect's CSS keyframes); not for apps.
    public var _keyframes: String { "rotate" }
    /// Jetway's plumbing (how long one play lasts, in seconds); not for apps.
    public var _seconds: Double { 1.0 }
}

extension SymbolEffect where Self == PulseSymbolEffect {
    /// Shorthand for `PulseSymbolEffect()`.
    public static var pulse: PulseSymbolEffect { PulseSymbolEffect() }
}
extension SymbolEffect where Self == BounceSymbolEffect {
    /// Shorthand for `BounceSymbolEffect()`.
    public static var bounce: BounceSymbolEffect { BounceSymbolEffect() }
}
extension SymbolEffect where Self == ScaleSymbolEffect {
    /// Shorthand for `ScaleSymbolEffect()`.
    public static var scale: ScaleSymbolEffect { ScaleSymbolEffect() }
}
extension SymbolEffect where Self == VariableColorSymbolEffect {
    /// Dims the symbol in steps and back.
    public static var variableColor: VariableColorSymbolEffect { VariableColorSymbolEffect() }
}
extension SymbolEffect where Self == AppearSymbolEffect {
    /// Shorthand for `AppearSymbolEffect()`.
    public static var appear: AppearSymbolEffect { AppearSymbolEffect() }
}
extension SymbolEffect where Self == DisappearSymbolEffect {
    /// Shrinks and fades the symbol out.
    public static var disappear: DisappearSymbolEffect { DisappearSymbolEffect() }
}
extension SymbolEffect where Self == WiggleSymbolEffect {
    /// Shorthand for `WiggleSymbolEffect()`.
    public static var wiggle: WiggleSymbolEffect { WiggleSymbolEffect() }
}
extension SymbolEffect where Self == BreatheSymbolEffect {
    /// Shorthand for `BreatheSymbolEffect()`.
    public static var breathe: BreatheSymbolEffect { BreatheSymbolEffect() }
}
extension SymbolEffect where Self == RotateSymbolEffect {
    /// Shorthand for `RotateSymbolEffect()`.
    public static var rotate: RotateSymbolEffect { RotateSymbolEffect() }
}

/// How an effect plays: how often and how fast.
public struct SymbolEffectOptions: Sendable, Hashable {
    var count: Int?
    var speed = 1.0
    /// As the effect usually plays: an indefinite effect repeats while it is active, a discrete one
    /// plays once for each change, at the usual speed.
    public static let `default` = SymbolEffectOptions()
    /// Repeats while the effect is active (the same as `.default`).
    public static let repeating = SymbolEffectOptions()
    /// Plays once.
    public static let nonRepeating = SymbolEffectOptions(count: 1)
    /// Plays `count` times (at least once).
    public static func `repeat`(_ count: Int) -> SymbolEffectOptions { SymbolEffectOptions(count: max(count, 1)) }
    /// Plays at `speed` times the usual speed.
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions(speed: speed) }
    /// These options, played `count` times (at least once).
    public func `repeat`(_ count: Int) -> SymbolEffectOptions { with { $0.count = max(count, 1) } }
    /// These options at `speed` times the usual speed.
    public func speed(_ speed: Double) -> SymbolEffectOptions { with { $0.speed = speed } }
    /// These options, repeated while the effect is active (a discrete effect still plays once per change).
    public var repeating: SymbolEffectOptions { with { $0.count = nil } }
    /// These options, played once.
    public var nonRepeating: SymbolEffectOptions { with { $0.count = 1 } }

    private func with(_ change: (inout SymbolEffectOptions) -> Void) -> SymbolEffectOptions {
        var copy = self
        change(&copy)
        return copy
    }

    /// The CSS `animation` of `effect` played `plays` times (nil: for ever).
    func css(_ effect: some SymbolEffect, plays: Int?, name suffix: String = "") -> String {
        let seconds = effect._seconds / max(speed, 0.01)
        let iterations = plays.map(String.init) ?? "infinite"
        return
            "animation:\(StyleClass.symbolKeyframesPrefix)\(effect._keyframes)\(suffix) \(Color.format(seconds))s ease-in-out \(iterations)"
    }
}

extension View {
    /// Plays `effect` on the symbols in this view while `isActive` (`.pulse` while loading).
    public func symbolEffect<T: IndefiniteSymbolEffect>(_ effect: T, options: SymbolEffectOptions = .default, isActive: Bool = true)
        -> some View
    {
        modifier(
            StyleModifier { node in
                guard isActive else { return }
                node.addClass(StyleClass.symbolEffect)
                // A scale or an appearance goes once and holds; the others repeat.
                let holds = effect is ScaleSymbolEffect || effect is AppearSymbolEffect || effect is DisappearSymbolEffect
                node.addStyle(options.css(effect, plays: holds ? 1 : options.count))
            })
    }

    /// Plays `effect` once on the symbols in this view each time `value` changes.
    public func symbolEffect<T: DiscreteSymbolEffect, U: Equatable>(_ effect: T, options: SymbolEffectOptions = .default, value: U)
        -> some View
    {
        SymbolEffectTrigger(content: self, effect: effect, options: options, value: value)
    }

    /// Turns off the symbol effects of this view's symbols.
    public func symbolEffectsRemoved(_ isEnabled: Bool = true) -> some View {
        modifier(StyleModifier { node in if isEnabled { node.addClass(StyleClass.symbolEffectsRemoved) } })
    }
}

/// A discrete effect: each change of the value plays it again (the animation's name alternates
/// between two copies of its keyframes, so the browser starts it over).
private struct SymbolEffectTrigger<Content: View, Effect: DiscreteSymbolEffect, Value: Equatable>: View {
    let content: Content
    let effect: Effect
    let options: SymbolEffectOptions
    let value: Value
    @State private var plays = 0

    var body: some View {
        let plays = plays
        let effect = effect
        let options = options
        content
            .modifier(
                StyleModifier { node in
                    guard plays > 0 else { return }
                    node.addClass(StyleClass.symbolEffect)
                    node.addStyle(options.css(effect, plays: options.count ?? 1, name: plays % 2 == 0 ? "" : "-again"))
                }
            )
            .onChange(of: value) { self.plays += 1 }
    }
}
