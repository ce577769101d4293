@_spi(Reflection) import Swift

/// Whether a view's new value is the one it had: what lets a parent re-render without its
/// unchanged children being evaluated again.
extension ViewGraph {
    func isUnchanged<V: View>(_ view: V, _ instance: ViewInstance) -> Bool {
        // Only `evaluate` sets it, with this instance's own view type (its `typeID`).
        guard let stored = instance.lastView, instance.typeID == ObjectIdentifier(V.self) else { return false }
        let last = unsafeDowncast(stored, to: LastView<V>.self)
        return last.isEqual(last.value, view)
    }

    /// How to tell that a view's new value is the one it had, made once per type: `==` for
    /// `Equatable` views; for the others, as SwiftUI does, their stored properties compared as
    /// they are stored. Equal bits mean equal values: the same references (by identity) and the
    /// same plain values; strings, arrays and other buffers count as equal when they share their
    /// storage, which a row built from an unchanged model element does. Anything else (a new
    /// closure, a string built anew) compares unequal and the view is evaluated, never wrongly
    /// skipped.
    func equality<V: View>(for type: V.Type) -> ((V, V) -> Bool)? {
        let id = ObjectIdentifier(type)
        if let known = equalities[id] { return known as? (V, V) -> Bool }
        let comparison = Self.childComparison(for: type)
        equalities[id] = comparison
        return comparison
    }

    /// For a view below another: as `comparison(for:)`, except that the storage of `@State`,
    /// `@StateObject` and `@Environment` fields is not compared. A new value of a view carries
    /// a fresh cell for each (its state lives in the instance, and its environment is checked
    /// on its own by the keys it read), so comparing them would never find a view with state
    /// unchanged, and every such view would be evaluated whenever its parent is.
    static func childComparison<V>(for type: V.Type) -> (V, V) -> Bool {
        if type is any Equatable.Type || MemoryLayout<V>.size == 0 { return comparison(for: type) }
        var ranges: [Range<Int>] = []
        var skipped = false
        let complete = _forEachField(of: V.self) { _, offset, fieldType, _ in
            if fieldType is any SkippedInViewComparison.Type {
                skipped = true
            } else {
                ranges.append(offset..<offset + Self.size(of: fieldType))
            }
            return true
        }
        // Not a struct with fields we can see, or nothing to leave out: its bits, as before.
        guard complete, skipped else { return comparison(for: type) }
        return { lhs, rhs in
            withUnsafeBytes(of: lhs) { left in
                withUnsafeBytes(of: rhs) { right in
                    for range in ranges
                    where memcmp(left.baseAddress! + range.lowerBound, right.baseAddress! + range.lowerBound, range.count) != 0 {
                        return false
                    }
                    return true
                }
            }
        }
    }

    private static func size(of type: Any.Type) -> Int {
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return size(type)
    }

    nonisolated static func comparison<V>(for type: V.Type) -> (V, V) -> Bool {
        if let equatable = type as? any Equatable.Type, let typed = Self.comparison(equatable) as? (V, V) -> Bool {
            return typed
        } else if MemoryLayout<V>.size == 0 {
            return { _, _ in true }
        } else {
            return Self.bitwiseEqual
        }
    }

    /// Whether two values of a view are the same by the rule above (`==` for `Equatable`
    /// views, else their stored bits): how a server tells that two requests built the same page.
    public static func isSameValue<V: View>(_ lhs: V, _ rhs: V) -> Bool {
        comparison(for: V.self)(lhs, rhs)
    }

    /// Whether two requests built the same root view, so that their pages may share one
    /// rendering: `==` for an `Equatable` view; else field by field, a `@State` by the value
    /// it starts with (each request makes its own cell) and any other field by `==` when it is
    /// `Equatable`, else by its stored bits.
    public static func isSameRoot<V: View>(_ lhs: V, _ rhs: V) -> Bool {
        if V.self is any Equatable.Type || MemoryLayout<V>.size == 0 { return comparison(for: V.self)(lhs, rhs) }
        let left = Mirror(reflecting: lhs).children.map(\.value)
        let right = Mirror(reflecting: rhs).children.map(\.value)
        guard !left.isEmpty else { return bitwiseEqual(lhs, rhs) }
        guard left.count == right.count else { return false }
        for (a, b) in zip(left, right) {
            if let state = a as? any InitialValueComparable {
                guard state.startsLike(b) else { return false }
            } else if let view = a as? any View, !(a is any Equatable) {
                // A view inside the root (a modifier's content: `Board().environment(…)`) is
                // compared as a root is, its `@State` by the values it starts with.
                func same<Inner: View>(_ inner: Inner) -> Bool {
                    guard let other = b as? Inner else { return false }
                    return isSameRoot(inner, other)
                }
                guard same(view) else { return false }
            } else if !isSameField(a, b) {
                return false
            }
        }
        return true
    }

    nonisolated static func isSameField(_ lhs: Any, _ rhs: Any) -> Bool {
        func compare<T>(_ lhs: T) -> Bool {
            guard let rhs = rhs as? T else { return false }
            return comparison(for: T.self)(lhs, rhs)
        }
        return _openExistential(lhs, do: compare)
    }

    nonisolated private static func comparison<E: Equatable>(_ type: E.Type) -> Any {
        { (lhs: E, rhs: E) in lhs == rhs }
    }

    nonisolated private static func bitwiseEqual<V>(_ lhs: V, _ rhs: V) -> Bool {
        withUnsafeBytes(of: lhs) { left in
            withUnsafeBytes(of: rhs) { right in
                left.count == right.count && memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
    }
}

/// A property wrapper whose storage in a view value says nothing about whether the view changed
/// (see `ViewGraph.childComparison`).
protocol SkippedInViewComparison {}

extension State: SkippedInViewComparison {}
extension StateObject: SkippedInViewComparison {}
extension Environment: SkippedInViewComparison {}

/// The last value of a view and how to compare it with the next.
final class LastView<V> {
    let value: V
    let isEqual: (V, V) -> Bool
    init(_ value: V, _ isEqual: @escaping (V, V) -> Bool) {
        self.value = value
        self.isEqual = isEqual
    }
}
