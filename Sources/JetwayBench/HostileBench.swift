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
            let server = try AirportProcess(
                port: freeLoopbackPort(), data: data, environment: ["AIRPORT_STAFF_PASSWORD": "the right password 42"])
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
        let body =
            "POST /ops/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 4000\r\n\r\n"
        let connecting = Date()
        let sockets = await offPool { () -> [Int32] in
            (0..<count).map { index in
                let fd = LoopbackClient.connect(from: "127.0.3.\(index % 20 + 1)", port: port)
                if fd >= 0 { LoopbackClient.send(fd, body) }
                return fd
            }
        }
        defer { for fd in sockets where fd >= 0 { close(fd) } }
        report("hostile_slow_connect_seconds", Date().timeIntervalSince(connecting), "s")
        report("hostile_slow_connected", Double(sockets.filter { $0 >= 0 }.count), "sockets")
        let dribbling = Task.detached {
            while !Task.isCancelled {
                for fd in sockets where fd >= 0 { LoopbackClient.send(fd, "a") }
                try? await Task.sleep(for: .seconds(3))
            }
        }
        defer { dribbling.cancel() }
        var loads: [Double] = []
        for round in 0..<5 {
            let (answer, seconds) = await offPool { LoopbackClient.get("/", from: "127.0.4.\(round + 1)", port: port) }
            guard answer.hasPrefix("HTTP/1.1 200") else {
                throw BenchFailure("the bystander's page: \(answer.prefix(80)) after \(seconds) s; \(try await server.stats())")
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
            return
                "POST /ops/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + (cookie.isEmpty ? "" : "Cookie: \(cookie)\r\n") + "Content-Length: \(form.utf8.count)\r\n\r\n\(form)"
        }
        // The colleague whose name is tried signed in before, from her browser (its device cookie).
        let page = await offPool { LoopbackClient.get("/", from: "127.0.6.1", port: port).answer }
        guard let cookieLine = page.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("set-cookie: jw_device=") }) else {
            throw BenchFailure("no device cookie")
        }
        let cookie = String(cookieLine.dropFirst("set-cookie: ".count).prefix { $0 != ";" })
        let first = await offPool {
            LoopbackClient.exchange(signIn("the+right+password+42", cookie: cookie), from: "127.0.6.1", port: port).answer
        }
        guard first.lowercased().contains("location: /ops\r\n") else {
            throw BenchFailure("the first sign-in failed: \(first.prefix(200))")
        }
        let answers = await offPool { () -> [String] in
            let sockets = (0..<600).map { index -> Int32 in
                let fd = LoopbackClient.connect(from: "127.0.5.\(index % 20 + 1)", port: port)
                LoopbackClient.send(fd, signIn("guess\(index)"))
                return fd
            }
            defer { for fd in sockets { close(fd) } }
            return sockets.map { LoopbackClient.readAll($0, timeout: 60) }
        }
        let checked = answers.filter { $0.contains("failed=1") }.count
        let waited = answers.filter { $0.contains("wait=") }.count
        report("hostile_signin_burst_checked", Double(checked), "of 600")
        report("hostile_signin_burst_told_to_wait", Double(waited), "of 600")
        // Her browser signs in again, from another address, while the name is held up elsewhere.
        let again = await offPool {
            LoopbackClient.exchange(signIn("the+right+password+42", cookie: cookie), from: "127.0.6.2", port: port).answer
        }
        guard checked <= 100 else { throw BenchFailure("\(checked) of a burst of 600 sign-ins were checked") }
        guard again.lowercased().contains("location: /ops\r\n") else {
            throw BenchFailure("a device that signed in before was kept out: \(again.prefix(200))")
        }
    }

    static func typing(_ server: AirportProcess) async throws {
        let port = server.port
        let bystander = try await BoardVisitor.open(from: "127.0.7.1", port: port, field: searchField)
        let idle = await bystander.measure(rounds: 9)
        var pages: [(WebSocketClient, String)] = []
        for _ in 0..<20 {
            let page = try await BoardVisitor.open(from: "127.0.8.1", port: port, field: searchField)
            pages.append((page.client, page.field))
        }
        let typists = TypingPages(pages)
        typists.start()
        try await Task.sleep(for: .seconds(3))
        let attacked = await bystander.measure(rounds: 9)
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
    nonisolated static func searchField(in page: String) -> String? {
        PageIDs.id(ofElementContaining: "type=\"search\"", in: page)
    }
}
