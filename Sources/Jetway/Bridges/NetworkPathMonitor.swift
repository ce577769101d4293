import Foundation

// Network's path monitor (`import Network`, which `jetway port` writes as Jetway's for a file
// that uses only the monitor): apps watch it to show an offline banner or hold back requests.
// A Jetway app's code runs on the server for a page that is connected to it (while the page is
// cut off, the page itself says so and nothing of the app's runs for it), and the server's own
// network is what its requests go out on: the path is satisfied, on a wire. Connections
// (`NWConnection`, `NWListener`) are not here; a file that uses them is left for a hand.

/// The network path the app's requests take.
public struct NWPath: Sendable, Equatable {
    /// Whether the path can carry the app's requests.
    public enum Status: Sendable, Equatable {
        /// Can carry them; unable to; or able once a connection is made.
        case satisfied, unsatisfied, requiresConnection
    }
    /// Why a path is unsatisfied.
    public enum UnsatisfiedReason: Sendable {
        /// No reason given; cellular data, Wi-Fi or the local network denied to the app.
        case notAvailable, cellularDenied, wifiDenied, localNetworkDenied
    }

    /// `satisfied`, unless the monitor requires an interface other than the server's wire.
    public let status: Status
    /// Always `.notAvailable` (no reason), whatever the status.
    public var unsatisfiedReason: UnsatisfiedReason { .notAvailable }
    /// A metered path (a phone's cellular data): the server's is not.
    public var isExpensive: Bool { false }
    /// Low Data Mode: the server has none.
    public var isConstrained: Bool { false }
    /// Always true: the server's network is taken to have IPv4.
    public var supportsIPv4: Bool { true }
    /// Always true: the server's network is taken to have IPv6.
    public var supportsIPv6: Bool { true }
    /// Always true: the server's network is taken to have DNS.
    public var supportsDNS: Bool { true }
    /// One wired interface, `eth0`, whatever the server's interfaces are.
    public var availableInterfaces: [NWInterface] { [NWInterface(type: .wiredEthernet, name: "eth0")] }

    /// Whether the path goes through an interface of `type`: the server's wire.
    public func usesInterfaceType(_ type: NWInterface.InterfaceType) -> Bool { type == .wiredEthernet }
}

/// A network interface.
public struct NWInterface: Sendable, Equatable, Hashable {
    /// What kind of link an interface is.
    public enum InterfaceType: Sendable, Equatable, Hashable {
        /// Another kind; Wi-Fi; cellular data; a wire; the loopback interface.
        case other, wifi, cellular, wiredEthernet, loopback
    }
    /// The kind of link.
    public let type: InterfaceType
    /// The interface's name (`eth0`).
    public let name: String
}

/// Tells its handler the path, once when started (on the queue given) and again when it changes
/// (it does not change here).
public final class NWPathMonitor: @unchecked Sendable {
    private let lock = NSLock()
    private var handler: ((NWPath) -> Void)?
    private var started = false
    private let requiredType: NWInterface.InterfaceType?

    /// A monitor of every interface.
    public init() { requiredType = nil }
    /// A monitor of interfaces of `requiredInterfaceType` only: its path is unsatisfied unless that
    /// is `.wiredEthernet`.
    public init(requiredInterfaceType: NWInterface.InterfaceType) { requiredType = requiredInterfaceType }
    /// A monitor that avoids `prohibitedInterfaceTypes`; the list is not read, so the path is the
    /// server's wire even when it is prohibited.
    public init(prohibitedInterfaceTypes: [NWInterface.InterfaceType]) { requiredType = nil }

    /// The path now.
    public var currentPath: NWPath {
        let usable = requiredType == nil || requiredType == .wiredEthernet
        return NWPath(status: usable ? .satisfied : .unsatisfied)
    }

    /// Called with the path when the monitor starts (on its queue); it is not called again, as the
    /// path does not change.
    public var pathUpdateHandler: ((NWPath) -> Void)? {
        get { lock.withLock { handler } }
        set { lock.withLock { handler = newValue } }
    }

    /// The queue `start(queue:)` was given; nil before.
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

    /// Stops the monitor: the handler is dropped and not called again.
    public func cancel() {
        lock.withLock { handler = nil }
    }
}
