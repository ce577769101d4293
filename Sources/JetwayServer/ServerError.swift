/// Why a server could not be set up or started; each says what to do about it.
public enum ServerError: Error, CustomStringConvertible, Equatable {
    case cannotWriteSecret(String)
    case cannotListen(host: String, port: Int)
    case badHost(String)
    case assetsDirectoryMissing(String)
    case badPort(String)
    case badClock(String)
    /// A setting read from the environment that is not of its kind: the variable, its value, what it takes.
    case badSetting(name: String, value: String, expected: String)
    case alreadyRunning

    public var description: String {
        switch self {
        case .cannotWriteSecret(let path):
            "cannot write the server secret to \(path); set ServerConfiguration.secret or make the data folder writable"
        case .cannotListen(let host, let port):
            "cannot listen on \(host.contains(":") ? "[\(host)]" : host):\(port); is another server running there, or is the address not this machine's?"
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
