/// Why a server could not be set up or started; each says what to do about it.
public enum ServerError: Error, CustomStringConvertible, Equatable {
    /// The server secret could not be written to this path.
    case cannotWriteSecret(String)
    /// The server could not listen on this host and port, and why.
    case cannotListen(host: String, port: Int, why: ListenProblem = .unknown)
    /// The host to listen on is neither an IP address nor a name of this machine.
    case badHost(String)
    /// The configured assets folder does not exist.
    case assetsDirectoryMissing(String)
    /// `JETWAY_PORT` holds something that is not a port number.
    case badPort(String)
    /// `JETWAY_CLOCK` holds something that is not a time (with an optional rate) or `system`.
    case badClock(String)
    /// A setting read from the environment that is not of its kind: the variable, its value, what it takes.
    case badSetting(name: String, value: String, expected: String)
    /// `start()` was called on a server that is already running.
    case alreadyRunning

    /// Why a port could not be listened on, and what to do.
    public enum ListenProblem: Equatable, Sendable {
        /// Another program listens there (another copy of the app, often).
        case inUse
        /// The address is not one of this machine's.
        case notThisMachine
        /// A port below 1024 without the privilege.
        case needsPrivilege
        /// Another reason the system gave, in its words.
        case other(String)
        /// The reason could not be found out.
        case unknown

        func advice(port: Int) -> String {
            switch self {
            case .inUse:
                "another program is listening on port \(port) (`ss -ltnp 'sport = :\(port)'` names it): stop it, or give this app another port (JETWAY_PORT=8081, or 0 for any free one)"
            case .notThisMachine: "the address is not one of this machine's (JETWAY_HOST=127.0.0.1, 0.0.0.0 or :: listen here)"
            case .needsPrivilege:
                "ports below 1024 need root or CAP_NET_BIND_SERVICE: listen on a port above 1024 (JETWAY_PORT=8080) behind a proxy that listens on 80 and 443 (docs/deploying.md)"
            case .other(let reason): reason
            case .unknown: "is another server running there, or is the address not this machine's?"
            }
        }
    }

    /// What went wrong and what to do about it, in one sentence.
    public var description: String {
        switch self {
        case .cannotWriteSecret(let path):
            "cannot write the server secret to \(path); set ServerConfiguration.secret or make the data folder writable"
        case .cannotListen(let host, let port, let why):
            "cannot listen on \(host.contains(":") ? "[\(host)]" : host):\(port): " + why.advice(port: port)
        case .badHost(let host):
            "cannot listen on \"\(host)\": not an IP address or a host name of this machine (use 127.0.0.1, ::1, 0.0.0.0 or ::)"
        case .assetsDirectoryMissing(let path):
            "the assets folder \(path) does not exist; create it or leave ServerConfiguration.assetsDirectory nil (Jetway's own assets are built in)"
        case .badPort(let value): "JETWAY_PORT=\"\(value)\" is not a port (a number from 0 to 65535)"
        case .badClock(let value):
            "JETWAY_CLOCK=\"\(value)\" is not a clock (an ISO 8601 time such as 2026-12-02T08:00:00Z, optionally *rate, or system)"
        case .badSetting(let name, let value, let expected): "\(name)=\"\(value)\" is not \(expected)"
        case .alreadyRunning: "the server is already running"
        }
    }
}
