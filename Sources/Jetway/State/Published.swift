/// A property of an `ObservableObject` that announces its changes: views holding the object
/// re-render, and `$property.sink { }` sees each new value.
///
/// ```swift
/// final class FlightBoardModel: ObservableObject {
///     @Published var searchText = ""
/// }
/// ```
@propertyWrapper
public struct Published<Value> {
    let box: PublishedBox<Value>

    /// A published property starting at `wrappedValue` (`@Published var searchText = ""`).
    public init(wrappedValue: Value) {
        box = PublishedBox(wrappedValue)
    }

    /// The same as `init(wrappedValue:)`, under Combine's older name.
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    /// Unavailable: `@Published` works only on a class's properties, read and set through the class.
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { preconditionFailure("@Published is only available on properties of classes") }
        set { preconditionFailure("@Published is only available on properties of classes") }  // swiftlint:disable:this unused_setter_value
    }

    /// The value, in a class: an `ObservableObject`'s `objectWillChange` is sent before it
    /// changes (another class's `@Published` value only publishes itself, through `$value`).
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].box.value }
        set {
            let box = object[keyPath: storageKeyPath].box
            if box.publisher == nil, let observable = object as? any ObservableObject { box.publisher = observable.objectWillChange }
            box.publisher?.send()
            box.value = newValue
            box.sendValue(newValue)
        }
    }

    /// The stream of values: `$searchText.sink { print($0) }`. Settable only so it can be
    /// passed `inout` (`.assign(to: &$value)`): the stream is always this property's.
    public var projectedValue: Publisher {
        get { Publisher(box: box) }
        set {}
    }

    /// Delivers the current value and every new one to its subscribers.
    public struct Publisher {
        let box: PublishedBox<Value>
        /// Calls `receiveValue` with the current value at once, then with each new one, on the thread that sets it,
        /// until the result is cancelled or released.
        public func sink(receiveValue: @escaping (Value) -> Void) -> AnyCancellable {
            box.subscribe(receiveValue)
        }
    }
}

protocol PublishedBoxProtocol: AnyObject {
    var publisher: ObservableObjectPublisher? { get set }
}

protocol PublishedStorage {
    var publishedBox: PublishedBoxProtocol { get }
}

extension Published: PublishedStorage {
    var publishedBox: PublishedBoxProtocol { box }
}

final class PublishedBox<Value>: PublishedBoxProtocol, @unchecked Sendable {
    var value: Value
    var publisher: ObservableObjectPublisher?
    /// Subscriptions that feed this value (`.assign(to: &$value)`): they last as long as it.
    private var fed: [AnyCancellable] = []
    private var subscribers: [Int: (Value) -> Void] = [:]
    private var nextID = 0
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func subscribe(_ receive: @escaping (Value) -> Void) -> AnyCancellable {
        lock.lock()
        let id = nextID
        nextID += 1
        subscribers[id] = receive
        let current = value
        lock.unlock()
        receive(current)
        return AnyCancellable { [weak self] in
            guard let self else { return }
            self.lock.lock()
            self.subscribers.removeValue(forKey: id)
            self.lock.unlock()
        }
    }

    func keep(_ cancellable: AnyCancellable) {
        lock.withLock { fed.append(cancellable) }
    }

    func sendValue(_ value: Value) {
        lock.lock()
        let current = Array(subscribers.values)
        lock.unlock()
        for subscriber in current { subscriber(value) }
    }
}
