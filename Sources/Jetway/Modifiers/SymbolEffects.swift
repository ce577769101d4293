import Foundation

// `.symbolEffect(.pulse)`, `.symbolEffect(.bounce, value: count)`: SF Symbols' animations as CSS
// animations of the symbol's element, played by the browser (none when the visitor asks for
// reduced motion). An indefinite effect runs while `isActive`; a discrete one plays once each
// time its value changes.

/// An animation of a symbol.
public protocol SymbolEffect: Sendable {
    /// The CSS animation's keyframes (jetway.css's `jw-symbol-<name>`) and length.
    var _keyframes: String { get }
    var _seconds: Double { get }
}

/// An effect that runs while it is active (`.symbolEffect(.pulse, isActive: loading)`).
public protocol IndefiniteSymbolEffect: SymbolEffect {}
/// An effect that plays once when a value changes (`.symbolEffect(.bounce, value: count)`).
public protocol DiscreteSymbolEffect: SymbolEffect {}

public struct PulseSymbolEffect: IndefiniteSymbolEffect, DiscreteSymbolEffect {
    public var byLayer: PulseSymbolEffect { self }
    public var wholeSymbol: PulseSymbolEffect { self }
    public var _keyframes: String { "pulse" }
    public var _seconds: Double { 1.2 }
}

public struct BounceSymbolEffect: IndefiniteSymbolEffect, DiscreteSymbolEffect {
    var isDown = false
    public var up: BounceSymbolEffect { BounceSymbolEffect(isDown: false) }
    public var down: BounceSymbolEffect { BounceSymbolEffect(isDown: true) }
    public var byLayer: BounceSymbolEffect { self }
    public var wholeSymbol: BounceSymbolEffect { self }
    public var _keyframes: String { isDown ? "bounce-down" : "bounce" }
    public var _seconds: Double { 0.6 }
}

public struct ScaleSymbolEffect: IndefiniteSymbolEffect {
    var isDown = false
    public var up: ScaleSymbolEffect { ScaleSymbolEffect(isDown: false) }
    public var down: ScaleSymbolEffect { ScaleSymbolEffect(isDown: true) }
    public var byLayer: ScaleSymbolEffect { self }
    public var wholeSymbol: ScaleSymbolEffect { self }
    public var _keyframes: String { isDown ? "scale-down" : "scale-up" }
    public var _seconds: Double { 0.3 }
}

public struct VariableColorSymbolEffect: IndefiniteSymbolEffect, DiscreteSymbolEffect {
    public var iterative: VariableColorSymbolEffect { self }
    public var cumulative: VariableColorSymbolEffect { self }
    public var reversing: VariableColorSymbolEffect { self }
    public var nonReversing: VariableColorSymbolEffect { self }
    public var hideInactiveLayers: VariableColorSymbolEffect { self }
    public var dimInactiveLayers: VariableColorSymbolEffect { self }
    public var _keyframes: String { "variable" }
    public var _seconds: Double { 1.5 }
}

public struct AppearSymbolEffect: IndefiniteSymbolEffect {
    public var up: AppearSymbolEffect { self }
    public var down: AppearSymbolEffect { self }
    public var byLayer: AppearSymbolEffect { self }
    public var wholeSymbol: AppearSymbolEffect { self }
    public var _keyframes: String { "appear" }
    public var _seconds: Double { 0.3 }
}

public struct DisappearSymbolEffect: IndefiniteSymbolEffect {
    public var up: DisappearSymbolEffect { self }
    public var down: DisappearSymbolEffect { self }
    public var byLayer: DisappearSymbolEffect { self }
    public var wholeSymbol: DisappearSymbolEffect { self }
    public var _keyframes: String { "disappear" }
    public var _seconds: Double { 0.3 }
}

public struct WiggleSymbolEffect: IndefiniteSymbolEffect, DiscreteSymbolEffect {
    public var byLayer: WiggleSymbolEffect { self }
    public var wholeSymbol: WiggleSymbolEffect { self }
    public var _keyframes: String { "wiggle" }
    public var _seconds: Double { 0.6 }
}

public struct BreatheSymbolEffect: IndefiniteSymbolEffect, DiscreteSymbolEffect {
    public var byLayer: BreatheSymbolEffect { self }
    public var wholeSymbol: BreatheSymbolEffect { self }
    public var _keyframes: String { "breathe" }
    public var _seconds: Double { 1.6 }
}

public struct RotateSymbolEffect: IndefiniteSymbolEffect, DiscreteSymbolEffect {
    public var clockwise: RotateSymbolEffect { self }
    public var byLayer: RotateSymbolEffect { self }
    public var wholeSymbol: RotateSymbolEffect { self }
    public var _keyframes: String { "rotate" }
    public var _seconds: Double { 1.0 }
}

extension SymbolEffect where Self == PulseSymbolEffect { public static var pulse: PulseSymbolEffect { PulseSymbolEffect() } }
extension SymbolEffect where Self == BounceSymbolEffect { public static var bounce: BounceSymbolEffect { BounceSymbolEffect() } }
extension SymbolEffect where Self == ScaleSymbolEffect { public static var scale: ScaleSymbolEffect { ScaleSymbolEffect() } }
extension SymbolEffect where Self == VariableColorSymbolEffect {
    public static var variableColor: VariableColorSymbolEffect { VariableColorSymbolEffect() }
}
extension SymbolEffect where Self == AppearSymbolEffect { public static var appear: AppearSymbolEffect { AppearSymbolEffect() } }
extension SymbolEffect where Self == DisappearSymbolEffect {
    public static var disappear: DisappearSymbolEffect { DisappearSymbolEffect() }
}
extension SymbolEffect where Self == WiggleSymbolEffect { public static var wiggle: WiggleSymbolEffect { WiggleSymbolEffect() } }
extension SymbolEffect where Self == BreatheSymbolEffect { public static var breathe: BreatheSymbolEffect { BreatheSymbolEffect() } }
extension SymbolEffect where Self == RotateSymbolEffect { public static var rotate: RotateSymbolEffect { RotateSymbolEffect() } }

/// How an effect plays: how often and how fast.
public struct SymbolEffectOptions: Sendable, Hashable {
    var count: Int?
    var speed = 1.0
    public static let `default` = SymbolEffectOptions()
    public static let repeating = SymbolEffectOptions()
    public static let nonRepeating = SymbolEffectOptions(count: 1)
    public static func `repeat`(_ count: Int) -> SymbolEffectOptions { SymbolEffectOptions(count: max(count, 1)) }
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions(speed: speed) }
    public func `repeat`(_ count: Int) -> SymbolEffectOptions { with { $0.count = max(count, 1) } }
    public func speed(_ speed: Double) -> SymbolEffectOptions { with { $0.speed = speed } }
    public var repeating: SymbolEffectOptions { with { $0.count = nil } }
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
