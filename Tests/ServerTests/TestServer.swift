import Foundation
import Jetway
import JetwayBrowser
import JetwayTesting
import MountainAirportViews
import Testing

@testable import JetwayServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a test's requests and page sockets go: through libwebsockets on a free port, or
/// through the same routing and sessions in memory (`InMemoryTransport`: no port, no thread,
/// no sleeps, time moved by the test). A test of what only a socket shows (request syntax,
/// sizes, framing, origins, slow clients) uses `.sockets`; the rest use `.memory`.
enum TestTransport { case sockets, memory }

/// An app (MountainAirport unless given) served in-process, with a fixed secret and a temporary
/// data folder, over either transport.
@MainActor
final class TestServer {
    let server: JetwayServer
    let model: FlightBoardModel
    /// Set when the server is in memory.
    let memory: InMemoryTransport?
    var port: Int {
        precondition(memory == nil, "a server in memory has no port")
        return server.port
    }
    var base: String { "http://127.0.0.1:\(port)" }

    static let secret = Array("test-secret-for-jetway-server-tests".utf8)

    init(
        port: Int = 0, model: FlightBoardModel = FlightBoardModel(), app: JetwayApp? = nil, signInStore: (any SignInStore)? = nil,
        transport: TestTransport = .sockets, configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws {
        MainActorStallWatch.startIfAsked()
        var configuration = ServerConfiguration()
        configuration.port = port == 0 && transport == .sockets ? TestServer.freePort() : port
        configuration.secret = Self.secret
        configuration.dataDirectory = NSTemporaryDirectory() + "jetway-tests-\(UUID().uuidString)"
        configuration.buildID = "test"
        configure(&configuration)
        self.model = model
        Self.logTransport(transport)
        let app = app ?? MountainAirportApp.make(model: model)
        switch transport {
        case .sockets:
            memory = nil
            server = try JetwayServer(app: app, configuration: configuration, signInStore: signInStore)
            try server.start()
        case .memory:
            let memory = try InMemoryTransport(app: app, configuration: configuration, signInStore: signInStore)
            self.memory = memory
            server = memory.server
        }
    }

    /// With `JETWAY_TEST_TRANSPORT_LOG=<file>`, each server a test starts is noted there (its
    /// test and its transport): how many tests still need sockets (BENCHMARKS.md).
    private static func logTransport(_ transport: TestTransport) {
        guard let path = ProcessInfo.processInfo.environment["JETWAY_TEST_TRANSPORT_LOG"] else { return }
        let line = "\(transport) \(Test.current?.name ?? "?")\n"
        guard
            let file = FileHandle(forWritingAtPath: path)
                ?? {
                    FileManager.default.createFile(atPath: path, contents: nil); return FileHandle(forWritingAtPath: path)
                }()
        else { return }
        file.seekToEndOfFile()
        file.write(Data(line.utf8))
        try? file.close()
    }

    func stop() {
        if let memory { memory.stop() } else { server.stop() }
    }

    /// GET a path: status, headers (lower-cased names) and body.
    func get(_ path: String, headers: [String: String] = [:]) async throws -> (status: Int, headers: [String: String], body: String) {
        if let memory {
            let reply = await memory.request("GET", path, headers: headers)
            return (reply.status, Self.lastOfEach(reply.headers), reply.text)
        }
        var request = URLRequest(url: URL(string: base + path)!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var lowered: [String: String] = [:]
        for (name, value) in http.allHeaderFields { lowered[String(describing: name).lowercased()] = String(describing: value) }
        return (http.statusCode, lowered, String(decoding: data, as: UTF8.self))
    }

    /// A header given more than once (`set-cookie`) as a client that keeps the last reads it.
    nonisolated static func lastOfEach(_ headers: [String: String]) -> [String: String] {
        headers.mapValues { String($0.split(separator: "\n").last ?? "") }
    }

    /// Lets a change made outside any event (a model written by the test) reach the pages: in
    /// memory, the tasks it started run and the batched flush renders it; over sockets, the
    /// server gets a moment.
    func settle() async throws {
        guard let memory else { return try await Task.sleep(for: .milliseconds(50)) }
        for _ in 0..<20 { await Task.yield() }
        memory.flush()
        while server.isRenderingChanges { await Task.yield() }
    }

    /// A page's socket, as the runtime opens it (`cookie`: the browser's cookies).
    func pageSocket(cookie: String? = nil, address: String = "127.0.0.1") async throws -> any PageSocket {
        if let memory { return MemoryPageSocket(memory.connect(cookie: cookie, address: address), memory) }
        return try await WebSocketClient.connect(port: port, origin: base, cookie: cookie, from: address == "127.0.0.1" ? nil : address)
    }

    /// A free TCP port on loopback (see `freeLoopbackPort()`).
    nonisolated static func freePort() -> Int { freeLoopbackPort() }

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

/// A frame's text read as every Swift client reads one (`ServerFrame`); nil when the server
/// wrote something the decoder refuses.
func decoded(_ text: String) -> ServerFrame? { try? ServerFrame(decoding: text) }

/// Whether a frame is the pong to `stamp` (`["pong",stamp,serverTime]`).
func isPong(_ frame: WebSocketClient.Frame, _ stamp: Int) -> Bool {
    guard case .text(let text) = frame, case .message(.pong(let answered, _))? = decoded(text) else { return false }
    return answered == stamp
}

/// The message named `name` in a frame's text (`joined`, `sync`, …), if that is what it is.
func message(_ name: String, in text: String) -> ServerMessage? {
    guard case .message(let message)? = decoded(text), message.name == name else { return nil }
    return message
}

extension PageSocket {
    /// The next frame that is the message `name`, decoded; nil at a close or the timeout.
    func nextMessage(_ name: String, timeout: TimeInterval = 5) async -> ServerMessage? {
        while case .text(let text) = await next(timeout: timeout) {
            if let found = message(name, in: text) { return found }
        }
        return nil
    }
}

/// Pulls `<meta name="…" content="…">` out of a page.

func metaContent(_ name: String, in page: String) -> String? {
    guard let range = page.range(of: "<meta name=\"\(name)\" content=\"") else { return nil }
    return String(page[range.upperBound...].prefix { $0 != "\"" })
}

/// The `data-j` id of the first element whose opening tag contains `marker`.
func elementID(containing marker: String, in page: String) -> String? {
    PageIDs.id(ofElementContaining: marker, in: page)
}

/// A page's socket as a test drives it, over either transport.
@MainActor
protocol PageSocket: AnyObject {
    func sendText(_ text: String) async
    /// Text frames sent as one burst.
    func sendTexts(_ texts: [String]) async
    /// The next text or close frame, or `.timeout` (in memory: when nothing more comes once
    /// the main actor has settled; no time passes).
    func next(timeout: TimeInterval) async -> WebSocketClient.Frame
    /// Cuts the connection as a lost network would.
    func close() async
    /// Whether the server closes the socket within `timeout` (frames meanwhile are dropped).
    func waitForClose(timeout: TimeInterval) async -> Bool
}

extension PageSocket {
    func next() async -> WebSocketClient.Frame { await next(timeout: 5) }

    /// The next text frame that starts with `prefix` (`["sync"`), skipping others.
    func next(startingWith prefix: String, timeout: TimeInterval = 5) async -> WebSocketClient.Frame {
        while true {
            let frame = await next(timeout: timeout)
            guard case .text(let text) = frame, !text.hasPrefix(prefix) else { return frame }
        }
    }
}

extension WebSocketClient: PageSocket {}

/// An in-memory page socket: what the server wrote, read once the main actor has settled
/// (tasks a change started have run, the batched flush has rendered).
@MainActor
final class MemoryPageSocket: PageSocket {
    let socket: InMemorySocket
    let memory: InMemoryTransport
    private var frames: [String] = []
    private var closeReported = false

    init(_ socket: InMemorySocket, _ memory: InMemoryTransport) {
        self.socket = socket
        self.memory = memory
    }

    func sendText(_ text: String) async { socket.send(text) }

    func sendTexts(_ texts: [String]) async { socket.send(burst: texts) }

    func next(timeout: TimeInterval) async -> WebSocketClient.Frame {
        if frames.isEmpty { frames = await settledFrames() }
        if !frames.isEmpty { return .text(frames.removeFirst()) }
        if let closed = socket.closed, !closeReported {
            closeReported = true
            return .close(code: closed.code)
        }
        return .timeout
    }

    func close() async { socket.disconnect() }

    func waitForClose(timeout: TimeInterval) async -> Bool {
        while true {
            switch await next(timeout: timeout) {
            case .text: continue
            case .close: return true
            case .timeout: return socket.closed != nil
            }
        }
    }

    /// Lets what is queued on the main actor run and the server render what changed, until
    /// frames come or nothing is left to do.
    private func settledFrames() async -> [String] {
        for _ in 0..<50 {
            memory.flush()
            let received = socket.receive()
            if !received.isEmpty || socket.closed != nil { return received }
            await Task.yield()
        }
        return []
    }
}
