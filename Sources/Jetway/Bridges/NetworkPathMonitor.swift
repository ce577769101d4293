import Foundation

// Network's path monitor (`import Network`, which `jetway port` writes as Jetway's for a file
// that uses only the monitor): apps watch it to show an offline banner or hold back requests.
// A Jetway app's code runs on the server for a page that is connected to it (while the page is
// cut off, the page itself says so and nothing of the app's runs for it), and the server's own
// network is what its requests go out on: the path is satisfied, on a wire. Connections
// (`NWConnection`, `NWListener`) are not here; a file that uses them is left for a hand.

/// The network path the app's requests take.
public struct NWPath: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        case satisfied, unsatisfied, requiresConnection
    }
    public enum UnsatisfiedReason: Sendable {
        case notAvailable, cellularDenied, wifiDenied, localNetworkDenied
    }

    public let status: Status
    public var unsatisfiedReason: UnsatisfiedReason { .notAvailable }
    /// A metered path (a phone's cellular data): the server's is not.
    public var isExpensive: Bool { false }
    /// Low Data Mode: the server has none.
    public var isConstrained: Bool { false }
    public var supportsIPv4: Bool { true }
    public var supportsIPv6: Bool { true }
    public var supportsDNS: Bool { true }
    public var availableInterfaces: [NWInterface] { [NWInterface(type: .wiredEthernet, name: "eth0")] }

    /// Whether the path goes through an interface of `type`: the server's wire.
    public func usesInterfaceType(_ type: NWInterface.InterfaceType) -> Bool { type == .wiredEthernet }
}

/// A network interface.
public struct NWInterface: Sendable, Equatable, Hashable {
    public enum InterfaceType: Sendable, Equatable, Hashable {
        case other, wifi, cellular, wiredEthernet, loopback
    }
    public let type: InterfaceType
    public let name: String
}

/// Tells its handler the path, once when started (on the queue given) and again when it changes
/// (it does not change here).
public final class NWPathMonitor: @unchecked Sendable {
    private let lock = NSLock()
    private var handler: ((NWPath) -> Void)?
    private var started = false
    private let requiredType: NWInterface.InterfaceType?

    public init() { requiredType = nil }
    public init(requiredInterfaceType: NWInterface.InterfaceType) { requiredType = requiredInterfaceType }
    public init(prohibitedInterfaceTypes: [NWInterface.InterfaceType]) { requiredType = nil }

    /// The path now.
    public var currentPath: NWPath {
        let usable = requiredType == nil || requiredType == .wiredEthernet
        return NWPath(status: usable ? .satisfied : .unsatisfied)
    }

    public var pathUpdateHandler: ((NWPath) -> Void)? {
        get { lock.withLock { handler } }
        set { lock.withLock { handler = newValue } }
    }

    public private(set) var queue: DispatchQueue?

    /// Starts: the handler hears the path on `queue`.
    public func start(queue: DispatchQueue) {
        let first = lock.withLock { () -> Bool in
            defer { started = true }
            self.queue = queue
            return !started
        }
        guard first else { return }
        let path = currentPath
        // (The handler is the app's, called on the queue it chose, as Network calls it.)
        queue.async { [self] in self.pathUpdateHandler?(path) }
    }

    public func cancel() {
        lock.withLock { handler = nil }
    }
}
