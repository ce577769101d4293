import Foundation
import Observation

/// A value kept for this browser, as SwiftUI's `@AppStorage` keeps it in the device's
/// `UserDefaults`: every page of the same browser (its device cookie) reads and writes the same
/// value, and each open one follows a change at once; another browser has its own.
///
/// ```swift
/// @AppStorage("units") private var units = "metric"
/// @AppStorage("showArrivals") private var showArrivals = true
/// ```
///
/// The server keeps the values (JetwayServer writes them to `app-storage.json` in the data
/// folder, so they outlast a restart); a browser without cookies keeps them for its page only.
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    let key: String
    let defaultValue: Value
    let encode: (Value) -> StoredPreference
    let decode: (StoredPreference) -> Value?
    let cell = AppStorageCell()

    /// The kept value for this browser, or the default when none is kept; setting it keeps it and re-renders every open
    /// page of this browser that reads it.
    ///
    /// A value set before the view is on the page (with no entry yet) is dropped.
    @MainActor public var wrappedValue: Value {
        get { cell.entry?.value.flatMap(decode) ?? defaultValue }
        nonmutating set {
            guard let entry = cell.entry else { return }
            entry.value = encode(newValue)
            DeviceStorage.shared.changed()
        }
    }

    /// A binding to the kept value, to pass to a control: `Toggle("Arrivals", isOn: $showArrivals)`.
    @MainActor public var projectedValue: Binding<Value> {
        let storage = self
        return Binding(get: { storage.wrappedValue }, set: { storage.wrappedValue = $0 })
    }
}

extension AppStorage where Value: PreferenceValue {
    /// Keeps a `Bool`, `Int`, `Double`, `String`, `URL`, `Data` or `Date` under `key`, reading `wrappedValue` until one is
    /// set. `store` is accepted so SwiftUI code compiles and is ignored: values are kept per browser, not in a `UserDefaults`.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) {
        self.key = key
        self.defaultValue = wrappedValue
        self.encode = { $0.preference }
        self.decode = { Value(preference: $0) }
    }
}

extension AppStorage where Value: RawRepresentable, Value.RawValue: PreferenceValue {
    /// Keeps a `RawRepresentable` value (an enum of strings or ints) by its raw value under `key`, reading `wrappedValue`
    /// until one is set (or when the kept raw value no longer makes one). `store` is ignored, as above.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) {
        self.key = key
        self.defaultValue = wrappedValue
        self.encode = { $0.rawValue.preference }
        self.decode = { Value.RawValue(preference: $0).flatMap(Value.init(rawValue:)) }
    }
}

extension AppStorage {
    /// An optional value, nil until set: `@AppStorage("lastGate") var lastGate: String?`.
    public init<Wrapped: PreferenceValue>(_ key: String, store: UserDefaults? = nil) where Value == Wrapped? {
        self.key = key
        self.defaultValue = nil
        self.encode = { $0.map(\.preference) ?? .none }
        self.decode = { Wrapped(preference: $0) }
    }
}

extension AppStorage: InstallableProperty {
    func install(in instance: ViewInstance, slot: Int, environment: EnvironmentValues) {
        // The browser's own values: reading the device keeps this page's rendering its own.
        if let device = environment.request.device {
            cell.entry = DeviceStorage.shared.entry(device: device, key: key)
        } else if let kept = instance.slot(slot) as? PreferenceEntry {
            cell.entry = kept
        } else {
            // No cookie: kept with the view, for this page only.
            let entry = PreferenceEntry(value: nil)
            instance.setSlot(slot, entry)
            cell.entry = entry
        }
    }
}

/// Where an `@AppStorage` finds its entry once installed.
final class AppStorageCell: @unchecked Sendable {
    var entry: PreferenceEntry?
}

/// The kinds of value `@AppStorage` keeps, as `UserDefaults` keeps them.
public protocol PreferenceValue {
    /// The value as it is kept: `@AppStorage` writes this when the value is set.
    var preference: StoredPreference { get }
    /// The value of a kept `preference`, or nil when it is another kind; `@AppStorage` then reads its default.
    init?(preference: StoredPreference)
}

/// A kept value, as it is written down.
public enum StoredPreference: Codable, Hashable, Sendable {
    /// Nothing kept: an optional `@AppStorage` set to nil.
    case none
    /// A `Bool`.
    case bool(Bool)
    /// An `Int`.
    case int(Int)
    /// A `Double` (and a `Date`, as seconds since 1970).
    case double(Double)
    /// A `String` (and a `URL`, as its absolute string).
    case string(String)
    /// Bytes.
    case data(Data)
}

extension Bool: PreferenceValue {
    /// The value as `.bool`.
    public var preference: StoredPreference { .bool(self) }
    /// The `Bool` kept, or nil for any other kind of value.
    public init?(preference: StoredPreference) {
        guard case .bool(let value) = preference else { return nil }
        self = value
    }
}

extension Int: PreferenceValue {
    /// The value as `.int`.
    public var preference: StoredPreference { .int(self) }
    /// The `Int` kept, or nil for any other kind of value.
    public init?(preference: StoredPreference) {
        guard case .int(let value) = preference else { return nil }
        self = value
    }
}

extension Double: PreferenceValue {
    /// The value as `.double`.
    public var preference: StoredPreference { .double(self) }
    /// The `Double` kept (an `Int` kept is converted), or nil for any other kind of value.
    public init?(preference: StoredPreference) {
        switch preference {
        case .double(let value): self = value
        case .int(let value): self = Double(value)
        default: return nil
        }
    }
}

extension String: PreferenceValue {
    /// The value as `.string`.
    public var preference: StoredPreference { .string(self) }
    /// The `String` kept, or nil for any other kind of value.
    public init?(preference: StoredPreference) {
        guard case .string(let value) = preference else { return nil }
        self = value
    }
}

extension URL: PreferenceValue {
    /// The URL as `.string`, its absolute string.
    public var preference: StoredPreference { .string(absoluteString) }
    /// The URL the kept string parses as, or nil.
    public init?(preference: StoredPreference) {
        guard case .string(let value) = preference else { return nil }
        self.init(string: value)
    }
}

extension Data: PreferenceValue {
    /// The bytes as `.data`.
    public var preference: StoredPreference { .data(self) }
    /// The bytes kept, or nil for any other kind of value.
    public init?(preference: StoredPreference) {
        guard case .data(let value) = preference else { return nil }
        self = value
    }
}

extension Date: PreferenceValue {
    /// The date as `.double`, seconds since 1970.
    public var preference: StoredPreference { .double(timeIntervalSince1970) }
    /// The date the kept seconds since 1970 make, or nil for any other kind of value.
    public init?(preference: StoredPreference) {
        guard case .double(let value) = preference else { return nil }
        self.init(timeIntervalSince1970: value)
    }
}

/// One kept value, observed: the pages that read it render again when it changes.
@Observable
final class PreferenceEntry: @unchecked Sendable {
    var value: StoredPreference?
    init(value: StoredPreference?) { self.value = value }
}

/// Every browser's kept values, by device and key. The core keeps them in memory; the server
/// loads them at start (`load`) and is told of each change (`onChange`) to write them down.
public final class DeviceStorage: @unchecked Sendable {
    /// The process's one store, which every `@AppStorage` uses.
    public static let shared = DeviceStorage()

    private let lock = NSLock()
    private var entries: [String: [String: PreferenceEntry]] = [:]
    /// Told after each change, with every value, to write them down.
    public var onChange: (@Sendable ([String: [String: StoredPreference]]) -> Void)?

    func entry(device: String, key: String) -> PreferenceEntry {
        lock.withLock {
            if let entry = entries[device]?[key] { return entry }
            let entry = PreferenceEntry(value: nil)
            entries[device, default: [:]][key] = entry
            return entry
        }
    }

    /// The values as written down.
    public var snapshot: [String: [String: StoredPreference]] {
        lock.withLock {
            var result: [String: [String: StoredPreference]] = [:]
            for (device, keys) in entries {
                for (key, entry) in keys { if let value = entry.value { result[device, default: [:]][key] = value } }
            }
            return result
        }
    }

    /// Takes values written down earlier (at start, before pages render).
    public func load(_ values: [String: [String: StoredPreference]]) {
        lock.withLock {
            for (device, keys) in values {
                for (key, value) in keys { entries[device, default: [:]][key] = PreferenceEntry(value: value) }
            }
        }
    }

    func changed() {
        onChange?(snapshot)
    }
}
