import Synchronization

/// A key for a value in the environment, with the value used when no ancestor set one.
///
/// ```swift
/// private struct AirportCodeKey: EnvironmentKey { static let defaultValue = "MTN" }
/// extension EnvironmentValues {
///     var airportCode: String {
///         get { self[AirportCodeKey.self] }
///         set { self[AirportCodeKey.self] = newValue }
///     }
/// }
/// ```
public protocol EnvironmentKey {
    /// The type of the value the key names in `EnvironmentValues`.
    associatedtype Value
    /// The value reading the key gives when no ancestor set one (read each time it is needed, not stored).
    static var defaultValue: Value { get }
}

/// Values that flow down the view tree: set with `.environment(_:_:)`, read with
/// `@Environment(\.key)`.
public struct EnvironmentValues: CustomStringConvertible {
    /// Keys' values in boxes (reading one back is a class check, not an existential cast), and
    /// objects put in with `.environment(object)` as themselves, by the key's type (`slot(_:)`:
    /// a `KeyMap`, no SipHash per read; two dozen keys are read for every row).
    private var values = KeyMap<AnyObject>()
    /// Changes with every write, so a view can tell cheaply that its environment is the same.
    /// A writer that writes equal values into the same environment on the next render gets the
    /// same version again (`_RenderContext.writeEnvironment`), so views below it are skipped.
    private(set) var version: UInt64 = 0
    /// While a view renders: where the keys it reads are noted, so that a later environment
    /// that differs only in keys it never read does not evaluate it again.
    var reads: EnvironmentReads?

    /// An environment with no value set: every key reads its default.
    public init() {}

    @inline(__always)
    private static func slot(_ key: ObjectIdentifier) -> UInt64 {
        IdentityHash.mix(0, UInt64(UInt(bitPattern: key)))
    }

    /// The value set for `key` here or by an ancestor, else `key`'s default; setting it sets it for the views below.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get {
            reads?.note(ObjectIdentifier(key))
            guard let box = values[Self.slot(ObjectIdentifier(key))] as? EnvironmentBox<Key.Value> else { return Key.defaultValue }
            return box.value
        }
        set {
            values[Self.slot(ObjectIdentifier(key))] = EnvironmentBox(newValue)
            version = EnvironmentVersion.next()
        }
    }

    func object<Object: AnyObject>(_ type: Object.Type) -> Object? {
        reads?.note(ObjectIdentifier(type))
        return values[Self.slot(ObjectIdentifier(type))] as? Object
    }

    mutating func setObject<Object: AnyObject>(_ object: Object) {
        values[Self.slot(ObjectIdentifier(Object.self))] = object
        version = EnvironmentVersion.next()
    }

    /// A short description giving how many values are set (not the values).
    public var description: String { "EnvironmentValues(\(values.count) values)" }

    /// Whether both hold the same keys with equal values: objects by identity, `Equatable`
    /// values by `==`, any other value by its stored bits (the same closure, the same
    /// references); anything else counts as changed.
    func hasSameValues(as other: EnvironmentValues) -> Bool {
        guard values.count == other.values.count else { return false }
        for (key, value) in values.entries {
            guard let otherValue = other.values[key], Self.isSame(value, otherValue) else { return false }
        }
        return true
    }

    private static func isSame(_ lhs: AnyObject, _ rhs: AnyObject) -> Bool {
        if lhs === rhs { return true }
        if let lhs = lhs as? EnvironmentBoxBase, let rhs = rhs as? EnvironmentBoxBase { return lhs.isSame(as: rhs) }
        return false
    }

    /// Takes `previous`'s version: the caller has checked that both hold the same values.
    mutating func adoptVersion(of previous: EnvironmentValues) {
        version = previous.version
    }

    /// Whether `snapshot` holds the same value for `key` as this environment (both unset counts
    /// as the same), without noting a read.
    func hasSameValue(for key: ObjectIdentifier, as snapshot: EnvironmentSnapshot) -> Bool {
        let slot = Self.slot(key)
        switch (values[slot], snapshot.values[slot]) {
        case (nil, nil): return true
        case (let lhs?, let rhs?): return Self.isSame(lhs, rhs)
        default: return false
        }
    }

    /// The values and version, without the read log of the render it is in.
    var snapshot: EnvironmentSnapshot { EnvironmentSnapshot(values: values, version: version) }
}

/// An environment as a view instance keeps it between renders: its values and version, not
/// the read log of the render that made it (a view instance is one word smaller for it).
struct EnvironmentSnapshot {
    fileprivate var values = KeyMap<AnyObject>()
    private(set) var version: UInt64 = 0

    init() {}

    fileprivate init(values: KeyMap<AnyObject>, version: UInt64) {
        self.values = values
        self.version = version
    }
}

/// A key's value in the environment.
class EnvironmentBoxBase {
    func isSame(as other: EnvironmentBoxBase) -> Bool { fatalError("EnvironmentBox overrides isSame(as:)") }
}

final class EnvironmentBox<Value>: EnvironmentBoxBase {
    let value: Value
    init(_ value: Value) { self.value = value }

    /// By the rule of `ViewGraph.comparison(for:)`, found once per value type: `==` when
    /// `Equatable` (an optional of an `Equatable` too), else equal stored bits (an object or
    /// an optional object by identity, the same closure).
    override func isSame(as other: EnvironmentBoxBase) -> Bool {
        // Same box type, checked by the objects' class pointers (no dynamic cast).
        guard type(of: other) == type(of: self) else { return false }
        return EnvironmentComparisons.comparison(for: Value.self)(value, unsafeDowncast(other, to: EnvironmentBox<Value>.self).value)
    }
}

/// Each environment value type's comparison, made once (a conformance lookup is thousands of
/// instructions; an environment is compared with the last one at every writer, every render).
private enum EnvironmentComparisons {
    /// Immutable once made, and the comparison it holds is a pure function of its arguments.
    private class AnyComparison: @unchecked Sendable {}

    private final class Comparison<Value>: AnyComparison, @unchecked Sendable {
        let isEqual: (Value, Value) -> Bool
        init(_ isEqual: @escaping (Value, Value) -> Bool) { self.isEqual = isEqual }
    }

    private static let known = Mutex<[ObjectIdentifier: AnyComparison]>([:])

    static func comparison<Value>(for type: Value.Type) -> (Value, Value) -> Bool {
        let id = ObjectIdentifier(type)
        if let found = known.withLock({ $0[id] }) { return unsafeDowncast(found, to: Comparison<Value>.self).isEqual }
        let made = Comparison<Value>(ViewGraph.comparison(for: type))
        known.withLock { $0[id] = made }
        return made.isEqual
    }
}

/// The environment keys a view and the views below it read while rendering, each once.
final class EnvironmentReads {
    @exclusivity(unchecked) private(set) var keys: [ObjectIdentifier] = []

    func note(_ key: ObjectIdentifier) {
        if !keys.contains(key) { keys.append(key) }
    }

    /// The last batch noted: the rows of a list hand up the same keys one after another.
    @exclusivity(unchecked) private var lastBatch: [ObjectIdentifier] = []

    func note(_ keys: [ObjectIdentifier]) {
        if keys == lastBatch { return }
        for key in keys { note(key) }
        lastBatch = keys
    }

    func start(with keys: [ObjectIdentifier]) {
        self.keys = keys
        lastBatch = []
    }

    /// Lets go of the arrays once the render that noted them has taken `keys`.
    func finish() {
        keys = []
        lastBatch = []
    }
}

/// The results of constant environment writes (`_RenderContext.writeSharedEnvironment`), the
/// last few of each kind by the version of the environment they were made in.
struct SharedEnvironmentWrites {
    private struct Result {
        let kind: ObjectIdentifier
        let input: UInt64
        let output: EnvironmentValues
    }
    private var results: [Result] = []
    /// Enough for the lists of a page and their sections; the oldest goes first.
    static let capacity = 16

    mutating func result(
        of kind: ObjectIdentifier, in environment: EnvironmentValues, _ write: (inout EnvironmentValues) -> Void
    ) -> EnvironmentValues {
        var output: EnvironmentValues
        if let known = results.last(where: { $0.kind == kind && $0.input == environment.version }) {
            output = known.output
        } else {
            output = environment
            output.reads = nil
            write(&output)
            // Equal values made from another version keep that result's version, as a
            // writer's memo does: the views below are not evaluated again for it.
            if let previous = results.last(where: { $0.kind == kind && $0.output.hasSameValues(as: output) }) {
                output.adoptVersion(of: previous.output)
            }
            if results.count == Self.capacity { results.removeFirst() }
            results.append(Result(kind: kind, input: environment.version, output: output))
        }
        // Reads are noted for the view rendering here, not the one that made the result.
        output.reads = environment.reads
        return output
    }
}

/// Names the write a list's rows make below their first element.
enum LeavingListRows {}

/// What an environment writer produced at its position last render.
@MainActor
final class EnvironmentMemo: RenderCache {
    var inputVersion: UInt64 = 0
    var output: EnvironmentValues?
}

private enum EnvironmentVersion {
    private static let counter = Atomic<UInt64>(0)
    static func next() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }
}

/// Reads a value from the environment: `@Environment(\.dismiss) var dismiss`, or an
/// `@Observable` model put there with `.environment(model)`: `@Environment(Model.self)`.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private enum Source {
        case keyPath(KeyPath<EnvironmentValues, Value>)
        case object(ObjectIdentifier)
    }
    private let source: Source
    private let cell = EnvironmentCell<Value>()

    /// Reads the environment value at `keyPath`: `@Environment(\.dismiss) var dismiss`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        source = .keyPath(keyPath)
    }

    /// Reads the `@Observable` model of `type` an ancestor put in with `.environment(_:)`.
    public init(_ type: Value.Type) where Value: AnyObject & Observable {
        source = .object(ObjectIdentifier(type))
    }

    /// The value from the view's environment; a model that no ancestor provided traps with a message (a key path
    /// read before the view is on the page gives the key's default).
    public var wrappedValue: Value {
        if let value = cell.value { return value }
        switch source {
        case .keyPath(let keyPath): return EnvironmentValues()[keyPath: keyPath]
        case .object:
            preconditionFailure(
                "No \(Value.self) found in the environment. A View.environment(_:) for it may be missing as an ancestor of this view.")
        }
    }
}

extension Environment: InitialValueComparable {
    /// Two requests' root views that read the same key start alike (each has a cell of its
    /// own, filled when the view is installed): their pages may share one rendering.
    func startsLike(_ other: Any) -> Bool {
        guard let other = other as? Environment<Value> else { return false }
        switch (source, other.source) {
        case (.keyPath(let lhs), .keyPath(let rhs)): return lhs == rhs
        case (.object(let lhs), .object(let rhs)): return lhs == rhs
        default: return false
        }
    }
}

final class EnvironmentCell<Value> {
    var value: Value?
}

extension Environment: InstallableProperty {
    func install(in instance: ViewInstance, slot: Int, environment: EnvironmentValues) {
        switch source {
        case .keyPath(let keyPath): cell.value = environment[keyPath: keyPath]
        case .object(let id): cell.value = environment.anyObject(id) as? Value
        }
    }
}

extension EnvironmentValues {
    func anyObject(_ id: ObjectIdentifier) -> AnyObject? {
        reads?.note(id)
        return values[Self.slot(id)]
    }

    mutating func setAnyObject(_ object: AnyObject, for id: ObjectIdentifier) {
        values[Self.slot(id)] = object
        version = EnvironmentVersion.next()
    }
}

/// A modifier that changes the environment for its content.
struct EnvironmentWriter: ViewModifier, _PrimitiveModifier, Equatable {
    let transform: (inout EnvironmentValues) -> Void
    /// What `.environment(keyPath, value)` wrote, to compare two writers by: two pages whose
    /// root sets the same value (`.environment(\.timeZone, airport)`) share a rendering. Nil for
    /// a transform, which is never the same as another.
    nonisolated(unsafe) let written: (keyPath: AnyKeyPath, value: Any)?

    init(_ transform: @escaping (inout EnvironmentValues) -> Void) {
        self.transform = transform
        self.written = nil
    }

    init<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) {
        self.transform = { $0[keyPath: keyPath] = value }
        self.written = (keyPath, value)
    }

    /// A time zone: `\.timeZone` is set as a property (a key path's write reads the value
    /// first, which would count as a view reading the visitor's zone).
    init(_ keyPath: WritableKeyPath<EnvironmentValues, TimeZone>, _ value: TimeZone) {
        self.transform = keyPath == \EnvironmentValues.timeZone ? { $0.timeZone = value } : { $0[keyPath: keyPath] = value }
        self.written = (keyPath, value)
    }

    /// A calendar: `\.calendar` is set as a property (its default, which a key path's write
    /// reads first, is made in the visitor's zone).
    init(_ keyPath: WritableKeyPath<EnvironmentValues, Calendar>, _ value: Calendar) {
        self.transform = keyPath == \EnvironmentValues.calendar ? { $0.calendar = value } : { $0[keyPath: keyPath] = value }
        self.written = (keyPath, value)
    }

    /// The same key path and the same value (`==` when it is `Equatable`, else its bits).
    nonisolated static func == (lhs: EnvironmentWriter, rhs: EnvironmentWriter) -> Bool {
        guard let left = lhs.written, let right = rhs.written, left.keyPath == right.keyPath else { return false }
        return ViewGraph.isSameField(left.value, right.value)
    }

    static func _apply(_ modifier: EnvironmentWriter, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer)
    {
        var context = context
        context.writeEnvironment(modifier.transform)
        content(context, &out)
    }
}

extension View {
    /// Sets an environment value for this view and its descendants.
    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> some View {
        modifier(EnvironmentWriter(keyPath, value))
    }

    /// `.environment(\.timeZone, …)`: the views inside show dates in `value` (a page that pins
    /// its zone, as an airport's board in the airport's time, is the same for visitors of every
    /// zone, and they share its rendering).
    public func environment(_ keyPath: WritableKeyPath<EnvironmentValues, TimeZone>, _ value: TimeZone) -> some View {
        modifier(EnvironmentWriter(keyPath, value))
    }

    /// `.environment(\.calendar, …)`: the views inside compute dates in `value` (setting it is
    /// not reading the visitor's zone).
    public func environment(_ keyPath: WritableKeyPath<EnvironmentValues, Calendar>, _ value: Calendar) -> some View {
        modifier(EnvironmentWriter(keyPath, value))
    }

    /// `.environment(\.font, …)`: the value, and the font of the text inside, as `.font(_:)`
    /// sets it (chosen over the general form for the font's key path, so no other environment
    /// value pays for it).
    public func environment(_ keyPath: WritableKeyPath<EnvironmentValues, Font?>, _ value: Font?) -> some View {
        modifier(EnvironmentWriter(keyPath, value)).font(value)
    }

    /// `.environment(\.layoutDirection, .rightToLeft)`: the value, and the page's writing
    /// direction for the views inside (`dir`: stacks and text run from the right).
    public func environment(_ keyPath: WritableKeyPath<EnvironmentValues, LayoutDirection>, _ value: LayoutDirection) -> some View {
        modifier(EnvironmentWriter(keyPath, value)).modifier(AttributeMark(name: "dir", value: value == .rightToLeft ? "rtl" : "ltr"))
    }

    /// `.environment(\.locale, …)`: the value (texts looked up and dates written in it), and the
    /// language of the views inside (`lang`, which screen readers speak them in).
    public func environment(_ keyPath: WritableKeyPath<EnvironmentValues, Locale>, _ value: Locale) -> some View {
        let tag = LanguageTag.tag(ofLocaleIdentifier: value.identifier)
        return modifier(EnvironmentWriter(keyPath, value))
            .modifier(AttributeMark(name: "lang", value: tag.isEmpty || tag == "en-US-POSIX" ? nil : tag))
    }

    /// Changes an environment value for this view and its descendants, from what it is here.
    public func transformEnvironment<Value>(
        _ keyPath: WritableKeyPath<EnvironmentValues, Value>, transform: @escaping (inout Value) -> Void
    )
        -> some View
    {
        modifier(EnvironmentWriter { transform(&$0[keyPath: keyPath]) })
    }

    /// Puts an `@Observable` model into the environment, for `@Environment(Model.self)`.
    public func environment<Object: AnyObject & Observable>(_ object: Object?) -> some View {
        modifier(
            EnvironmentWriter { environment in
                if let object { environment.setAnyObject(object, for: ObjectIdentifier(Object.self)) }
            })
    }
}
