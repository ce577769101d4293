import Foundation
import JetwayBrowser
import JetwayTesting

/// Attacks at full scale on one MountainAirport process (`JetwayBench hostile`, run by `make
/// faults`), each from loopback addresses of its own, with a bystander measured from another
/// (docs/security.md):
///
/// - slow clients: the process runs under a descriptor limit of 1,024; 10,000 POSTs from 20
///   addresses send their headers and then a body byte every 3 s. Each bystander page load
///   must come within a second, and the process must go on answering;
/// - a sign-in burst: 600 wrong passwords for one staff name, sent at once from 20 addresses:
///   at most the name's overall allowance (and each address's) is checked;
/// - typing: 20 board pages from one address type searches at 55 keys a second; the
///   bystander's page load and search round trip must stay within three times idle (or 30 ms
///   more), measured in the same run.
///
/// Prints `bench:` lines; exits non-zero when a bound is passed.
@MainActor
enum HostileBench {
    static func run() async {
        do {
            let data = NSTemporaryDirectory() + "jetway-hostile-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: data) }
            let server = try AirportProcess(port: freeLoopbackPort(), data: data, environment: ["AIRPORT_STAFF_PASSWORD": "the right password 42"])
            server.descriptorLimit = 1024
            try await server.start()
            defer { server.stop() }
            try await slowClients(server, count: Int(ProcessInfo.processInfo.environment["JETWAY_HOSTILE_SLOW"] ?? "") ?? 10_000)
            try await signInBurst(server)
            try await typing(server)
        } catch {
            print("bench: error \(error)")
            exit(1)
        }
    }

    static func slowClients(_ server: AirportProcess, count: Int) async throws {
        let port = server.port
        let body = "POST /ops/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 4000\r\n\r\n"
        let connecting = Date()
        let sockets = await offPool { () -> [Int32] in
            (0..<count).map { index in
                let fd = RawClient.connect(from: "127.0.3.\(index % 20 + 1)", port: port)
                if fd >= 0 { RawClient.send(fd, body) }
                return fd
            }
        }
        defer { for fd in sockets where fd >= 0 { close(fd) } }
        report("hostile_slow_connect_seconds", Date().timeIntervalSince(connecting), "s")
        report("hostile_slow_connected", Double(sockets.filter { $0 >= 0 }.count), "sockets")
        let dribbling = Task.detached {
            while !Task.isCancelled {
                for fd in sockets where fd >= 0 { RawClient.send(fd, "a") }
                try? await Task.sleep(for: .seconds(3))
            }
        }
        defer { dribbling.cancel() }
        var loads: [Double] = []
        for round in 0..<5 {
            let (answer, seconds) = await offPool { RawClient.get("/", from: "127.0.4.\(round + 1)", port: port) }
            guard answer.hasPrefix("HTTP/1.1 200") else {
                throw BenchFailure("the bystander's page: \(answer.prefix(80)) (\(RawClient.lastError)) after \(seconds) s; \(try await server.stats())")
            }
            loads.append(seconds)
            try await Task.sleep(for: .seconds(1))
        }
        let stats = try await server.stats()
        report("hostile_slow_clients", Double(count), "sockets")
        report("hostile_slow_bystander_load_max", loads.max()! * 1000, "ms")
        report("hostile_slow_open_sockets", Double(stats["sockets"] ?? -1), "sockets")
        report("hostile_slow_refused", Double(stats["sockets_refused"] ?? -1), "sockets")
        report("hostile_slow_fds", Double(try server.fileDescriptors()), "descriptors")
        guard loads.max()! < 1 else { throw BenchFailure("a bystander's page took \(loads.max()!) s under \(count) slow clients") }
    }

    static func signInBurst(_ server: AirportProcess) async throws {
        let port = server.port
        @Sendable nonisolated func signIn(_ password: String, cookie: String = "") -> String {
            let form = "name=ops&password=" + password
            return "POST /ops/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + (cookie.isEmpty ? "" : "Cookie: \(cookie)\r\n") + "Content-Length: \(form.utf8.count)\r\n\r\n\(form)"
        }
        // The colleague whose name is tried signed in before, from her browser (its device cookie).
        let page = await offPool { RawClient.get("/", from: "127.0.6.1", port: port).answer }
        guard let cookieLine = page.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("set-cookie: jw_device=") }) else {
            throw BenchFailure("no device cookie")
        }
        let cookie = String(cookieLine.dropFirst("set-cookie: ".count).prefix { $0 != ";" })
        let first = await offPool { RawClient.exchange(signIn("the+right+password+42", cookie: cookie), from: "127.0.6.1", port: port).answer }
        guard first.lowercased().contains("location: /ops\r\n") else { throw BenchFailure("the first sign-in failed: \(first.prefix(200))") }
        let answers = await offPool { () -> [String] in
            let sockets = (0..<600).map { index -> Int32 in
                let fd = RawClient.connect(from: "127.0.5.\(index % 20 + 1)", port: port)
                RawClient.send(fd, signIn("guess\(index)"))
                return fd
            }
            defer { for fd in sockets { close(fd) } }
            return sockets.map { RawClient.readAll($0, timeout: 60) }
        }
        let checked = answers.filter { $0.contains("failed=1") }.count
        let waited = answers.filter { $0.contains("wait=") }.count
        report("hostile_signin_burst_checked", Double(checked), "of 600")
        report("hostile_signin_burst_told_to_wait", Double(waited), "of 600")
        // Her browser signs in again, from another address, while the name is held up elsewhere.
        let again = await offPool { RawClient.exchange(signIn("the+right+password+42", cookie: cookie), from: "127.0.6.2", port: port).answer }
        guard checked <= 101 else { throw BenchFailure("\(checked) of a burst of 600 sign-ins were checked") }
        guard again.lowercased().contains("location: /ops\r\n") else {
            throw BenchFailure("a device that signed in before was kept out: \(again.prefix(200))")
        }
    }

    static func typing(_ server: AirportProcess) async throws {
        let port = server.port
        let base = "http://127.0.0.1:\(port)"
        func openPage(from address: String) async throws -> (WebSocketClient, String) {
            let body = await offPool { RawClient.get("/", from: address, port: port).answer }
            guard let token = StoreBench.meta("jetway-token", body), let search = searchField(in: body) else {
                throw BenchFailure("no board page for \(address): \(body.prefix(120))")
            }
            let client = try await WebSocketClient.connect(port: port, origin: base, from: address)
            await client.sendText(#"["join","\#(token)","/",0,"\#(StoreBench.meta("jetway-build", body) ?? "")"]"#)
            _ = await client.next(startingWith: "[\"joined\"", timeout: 20)
            return (client, search)
        }
        let (bystander, search) = try await openPage(from: "127.0.7.1")
        var ref = 0
        func measure() async -> (load: Double, search: Double) {
            var loads: [Double] = []
            var searches: [Double] = []
            for round in 0..<9 {
                loads.append(await offPool { RawClient.get("/", from: "127.0.7.1", port: port).seconds })
                ref += 1
                let started = Date()
                await bystander.sendText(#"["e",\#(ref),"\#(search)","input","\#(["den", "bos", ""][round % 3])"]"#)
                while case .text(let reply) = await bystander.next(timeout: 10) {
                    if reply.hasSuffix(",\(ref)]") { break }
                }
                searches.append(Date().timeIntervalSince(started))
            }
            return (loads.sorted()[4], searches.sorted()[4])
        }
        let idle = await measure()
        var pages: [(WebSocketClient, String)] = []
        for _ in 0..<20 { pages.append(try await openPage(from: "127.0.8.1")) }
        let typists = TypingPages(pages)
        typists.start()
        try await Task.sleep(for: .seconds(3))
        let attacked = await measure()
        typists.stop()
        report("hostile_typing_idle_page_load", idle.load * 1000, "ms")
        report("hostile_typing_attacked_page_load", attacked.load * 1000, "ms")
        report("hostile_typing_idle_search", idle.search * 1000, "ms")
        report("hostile_typing_attacked_search", attacked.search * 1000, "ms")
        report("hostile_typing_sent", Double(typists.sent), "events")
        guard attacked.load <= max(3 * idle.load, idle.load + 0.03), attacked.search <= max(3 * idle.search, idle.search + 0.03) else {
            throw BenchFailure("the bystander under 20 typing pages: page \(attacked.load) s, search \(attacked.search) s")
        }
    }

    /// The board's search field's element id.
    static func searchField(in page: String) -> String? {
        PageIDs.id(ofElementContaining: "type=\"search\"", in: page)
    }
}

/// Pages typing at 55 keys a second each, from a thread of their own (dropping what they are
/// sent).
final class TypingPages: @unchecked Sendable {
    let pages: [(WebSocketClient, String)]
    private let lock = NSLock()
    private var running = true
    private(set) var sent = 0
    private let done = DispatchSemaphore(value: 0)

    init(_ pages: [(WebSocketClient, String)]) { self.pages = pages }

    func start() {
        Thread { [self] in
            let words = ["d", "de", "den", "denv", "denve", "denver", "b", "bo", "bos"]
            var ref = 0
            while isRunning {
                ref += 1
                for (client, field) in pages {
                    client.sendTextNow(#"["e",\#(ref),"\#(field)","input","\#(words[ref % words.count])"]"#)
                    client.discardAvailable()
                }
                sent += pages.count
                Thread.sleep(forTimeInterval: 1.0 / 55)
            }
            done.signal()
        }.start()
    }

    func stop() {
        lock.lock()
        running = false
        lock.unlock()
        done.wait()
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }
}

/// Raw TCP clients on loopback from addresses of their own.
enum RawClient {
    nonisolated(unsafe) static var lastError = ""

    static func connect(from source: String, port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, connected == 0 else {
            lastError = String(cString: strerror(errno))
            close(fd)
            return -1
        }
        return fd
    }

    static func send(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    }

    static func readAll(_ fd: Int32, timeout seconds: Int) -> String {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let got = recv(fd, &chunk, chunk.count, 0)
            if got <= 0 { break }
            response.append(contentsOf: chunk[0..<got])
        }
        return String(decoding: response, as: UTF8.self)
    }

    static func exchange(_ request: String, from source: String, port: Int) -> (answer: String, seconds: Double) {
        let started = Date()
        let fd = connect(from: source, port: port)
        guard fd >= 0 else { return ("", Date().timeIntervalSince(started)) }
        defer { close(fd) }
        send(fd, request)
        return (readAll(fd, timeout: 10), Date().timeIntervalSince(started))
    }

    static func get(_ path: String, from source: String, port: Int) -> (answer: String, seconds: Double) {
        exchange("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", from: source, port: port)
    }
}
