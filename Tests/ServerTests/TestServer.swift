import Foundation
import Jetway
import JetwayBrowser
import JetwayTesting
import MountainAirportViews

@testable import JetwayServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// MountainAirport served in-process on a free port, with a fixed secret and a temporary data folder.
@MainActor
final class TestServer {
    let server: JetwayServer
    let model: FlightBoardModel
    var port: Int { server.port }
    var base: String { "http://127.0.0.1:\(port)" }

    static let secret = Array("test-secret-for-jetway-server-tests".utf8)

    init(
        port: Int = 0, model: FlightBoardModel = FlightBoardModel(), app: JetwayApp? = nil, signInStore: (any SignInStore)? = nil,
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws {
        MainActorStallWatch.startIfAsked()
        var configuration = ServerConfiguration()
        configuration.port = port == 0 ? TestServer.freePort() : port
        configuration.secret = Self.secret
        configuration.dataDirectory = NSTemporaryDirectory() + "jetway-tests-\(UUID().uuidString)"
        configuration.buildID = "test"
        configure(&configuration)
        self.model = model
        server = try JetwayServer(app: app ?? MountainAirportApp.make(model: model), configuration: configuration, signInStore: signInStore)
        try server.start()
    }

    func stop() { server.stop() }

    /// A free TCP port on loopback (see `freeLoopbackPort()`).
    nonisolated static func freePort() -> Int { freeLoopbackPort() }

    /// GET a path: status, headers (lower-cased names) and body.
    func get(_ path: String, headers: [String: String] = [:]) async throws -> (status: Int, headers: [String: String], body: String) {
        var request = URLRequest(url: URL(string: base + path)!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var lowered: [String: String] = [:]
        for (name, value) in http.allHeaderFields { lowered[String(describing: name).lowercased()] = String(describing: value) }
        return (http.statusCode, lowered, String(decoding: data, as: UTF8.self))
    }

    /// A TCP socket connected to 127.0.0.1:`port` (the caller closes it).
    nonisolated static func connectedSocket(port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return fd
    }

    /// A raw HTTP request line, for paths URLSession would normalise (`/assets/../x`).
    nonisolated func rawRequest(_ requestLine: String) async -> String {
        String(decoding: await rawBytes(requestLine), as: UTF8.self)
    }

    /// The same, as the bytes that came back. The request asks the server to close, so the read
    /// ends when the answer is complete; the long timeout only matters on a machine so loaded
    /// (CI, with scrypt derivations beside it) that a small answer takes seconds.
    nonisolated func rawBytes(_ requestLine: String, timeout: Int = 20) async -> [UInt8] {
        await rawExchange(Array((requestLine + "\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").utf8), timeout: timeout)
    }

    /// Sends `request` as it is on a new connection and reads until the server closes it.
    /// `timeout`: how long a read may wait (a handler that does slow work off the main actor,
    /// on a loaded machine, needs longer than the default).
    nonisolated func rawExchange(_ request: [UInt8], timeout seconds: Int = 3) async -> [UInt8] {
        let port = server.port
        return await offPool {
            let fd = TestServer.connectedSocket(port: port)
            defer { close(fd) }
            _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            return LoopbackClient.readBytes(fd, timeout: seconds)
        }
    }
}

/// Pulls `<meta name="…" content="…">` out of a page.
/// Whether a frame is the pong to `stamp` (`["pong",stamp,serverTime]`).
func isPong(_ frame: WebSocketClient.Frame, _ stamp: Int) -> Bool {
    guard case .text(let text) = frame else { return false }
    return text.hasPrefix("[\"pong\",\(stamp),") && text.hasSuffix("]")
}

func metaContent(_ name: String, in page: String) -> String? {
    guard let range = page.range(of: "<meta name=\"\(name)\" content=\"") else { return nil }
    return String(page[range.upperBound...].prefix { $0 != "\"" })
}

/// The `data-j` id of the first element whose opening tag contains `marker`.
func elementID(containing marker: String, in page: String) -> String? {
    PageIDs.id(ofElementContaining: marker, in: page)
}
