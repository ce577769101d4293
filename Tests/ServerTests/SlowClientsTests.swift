import Foundation
import JetwayBrowser
import Testing

@testable import JetwayServer

/// Clients that hold sockets without finishing a request (slowloris, slow POSTs), from many
/// addresses: a request has a whole deadline, an address a share of the sockets, and the
/// server a budget under its descriptor limit at which the heaviest address gives way, so a
/// bystander's page still loads (docs/security.md, "Descriptors and slow clients"). `make
/// faults` runs the same attack at full scale against a process with a lowered descriptor limit.
@MainActor
@Suite(.serialized)
struct SlowClientsTests {
    nonisolated static let slowPost =
        "POST /ops/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n"

    @Test func aRequestDribbledInIsClosedAtItsDeadlineNotKeptByEachPiece() async throws {
        let server = try TestServer {
            $0.requestHeadersTimeout = 2
            $0.requestBodyTimeout = 2
            $0.apiTokens = ["stats-token"]
        }
        defer { server.stop() }
        let port = server.port
        let closedAfter = await offPool { () -> [Double] in
            // A body a byte at a time, and headers a line at a time: each piece comes well
            // within lws's own per-piece deadline.
            let body = LoopbackClient.connect(from: "127.0.0.2", port: port)
            let headers = LoopbackClient.connect(from: "127.0.0.2", port: port)
            defer {
                close(body)
                close(headers)
            }
            LoopbackClient.send(body, Self.slowPost)
            LoopbackClient.send(headers, "GET / HTTP/1.1\r\n")
            let started = Date()
            var closed: [Int32: Double] = [:]
            var tick = 0
            while closed.count < 2 && Date().timeIntervalSince(started) < 12 {
                Thread.sleep(forTimeInterval: 0.25)
                tick += 1
                for fd in [body, headers] where closed[fd] == nil {
                    if LoopbackClient.isClosedByServer(fd) {
                        closed[fd] = Date().timeIntervalSince(started)
                    } else if tick % 2 == 0 {
                        LoopbackClient.send(fd, fd == body ? "a" : "X-Slow-\(tick): 1\r\n")
                    }
                }
            }
            return [closed[body] ?? .infinity, closed[headers] ?? .infinity]
        }
        // Due at 2 s (+ 1,000 bytes at 8 KiB/s for the body); the check runs twice a second.
        #expect(closedAfter[0] > 1.5 && closedAfter[0] < 4, "slow body closed after \(closedAfter[0]) s")
        #expect(closedAfter[1] > 1.5 && closedAfter[1] < 4, "slow headers closed after \(closedAfter[1]) s")
        // Every socket the server counted is let go when it closes: pages, assets and a
        // websocket later, only the stats request's own is open.
        _ = try await server.get("/")
        _ = try await server.get("/assets/jetway.css")
        let socket = try await WebSocketClient.connect(port: port, origin: server.base)
        await socket.close()
        var open = -1
        for _ in 0..<50 {
            let stats = try await server.get("/_jetway/stats", headers: ["Authorization": "Bearer stats-token", "Connection": "close"]).body
            open = (try JSONSerialization.jsonObject(with: Data(stats.utf8)) as? [String: Any])?["sockets"] as? Int ?? -1
            if open == 1 { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(open == 1, "sockets counted after all but one closed: \(open)")
    }

    @Test func thousandsOfSlowClientsCannotKeepABystandersPageOut() async throws {
        let server = try TestServer {
            $0.maxOpenSockets = 150
            $0.maxHTTPConnectionsPerAddress = 16
            $0.requestHeadersTimeout = 30
            $0.requestBodyTimeout = 30
            $0.apiTokens = ["stats-token"]
        }
        defer { server.stop() }
        let port = server.port
        // The page rendered once before the attack: what follows measures the attack, not the
        // first render of a debug build (one CI-like run saw a cold first load at 1.05 s).
        let idle = await offPool { LoopbackClient.get("/", from: "127.0.2.9", port: port) }
        #expect(idle.0.hasPrefix("HTTP/1.1 200"))
        // 40 addresses × 20 slow POSTs: 800 sockets against a budget of 150, each address over
        // its share of 16 too.
        let attack = await offPool { () -> (sockets: [Int32], refusedAtCap: Int, failed: Int) in
            var sockets: [Int32] = []
            var refusedAtCap = 0
            var failed = 0
            for address in 0..<40 {
                for index in 0..<20 {
                    let fd = LoopbackClient.connect(from: "127.0.1.\(address + 1)", port: port)
                    guard fd >= 0 else {
                        failed += 1
                        continue
                    }
                    LoopbackClient.send(fd, Self.slowPost)
                    if index >= 16 {
                        // Past its share (or past the server's budget, once the addresses
                        // before it filled it): answered 429 or 503 at once and closed.
                        let answer = LoopbackClient.readAll(fd, timeout: 2)
                        if answer.hasPrefix("HTTP/1.1 429") || answer.hasPrefix("HTTP/1.1 503") { refusedAtCap += 1 }
                        close(fd)
                    } else {
                        sockets.append(fd)
                    }
                }
            }
            return (sockets, refusedAtCap, failed)
        }
        defer { for fd in attack.sockets { close(fd) } }
        #expect(attack.failed == 0)
        #expect(attack.refusedAtCap == 40 * 4, "sockets past an address's share were not refused at once: \(attack.refusedAtCap)")
        // The attack holds: its sockets keep dribbling while a bystander loads pages.
        let dribbling = Dribbler(sockets: attack.sockets)
        dribbling.start()
        defer { dribbling.stop() }
        var loads: [Double] = []
        for round in 0..<5 {
            let (answer, seconds) = await offPool { LoopbackClient.get("/", from: "127.0.2.\(round + 1)", port: port) }
            #expect(answer.hasPrefix("HTTP/1.1 200"), "the bystander's page: \(answer.prefix(80))")
            loads.append(seconds)
        }
        #expect(loads.allSatisfy { $0 < 1 }, "bystander page loads under attack: \(loads)")
        let stats = try await server.get("/_jetway/stats", headers: ["Authorization": "Bearer stats-token"]).body
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(stats.utf8)) as? [String: Any])
        let open = try #require(figures["sockets"] as? Int)
        #expect(open <= 151, "sockets over the budget: \(stats)")
        #expect((figures["sockets_evicted"] as? Int ?? 0) > 0 && (figures["sockets_refused"] as? Int ?? 0) >= 160, "\(stats)")
        print("slow clients: bystander page loads \(loads.map { String(format: "%.3f", $0) }) s; \(stats)")
    }
    /// The airport as `make run` serves it, but under a descriptor limit of 256 (soft and hard,
    /// through prlimit): 2,000 slow POSTs from 40 addresses, each address within its share, so
    /// only the budget under the real limit stands between them and `accept` failing. The
    /// server must refuse or evict cleanly, keep descriptors for its files, and serve a
    /// bystander's page in under a second. (`make faults`: 10,000 against 1,024.)
    @Test func atALoweredDescriptorLimitABystandersPageStillLoads() async throws {
        let binary = SecretsAtRestTests.binary
        #expect(FileManager.default.isExecutableFile(atPath: binary), "swift build makes \(binary)")
        // The clients' sockets are this process's: it needs more than the server's limit.
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < 2_600 {
            limit.rlim_cur = min(limit.rlim_max, 4_096)
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        try #require(limit.rlim_cur >= 2_600, "the test process may open only \(limit.rlim_cur) descriptors")
        let folder = NSTemporaryDirectory() + "jetway-fds-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let port = freeLoopbackPort()
        let log = folder + "/server.log"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let server = try Command.start(
            "/bin/sh", ["-c", "exec /usr/bin/prlimit --nofile=256:256 -- \"$0\" --no-simulate 2>\"$1\"", binary, log],
            environment: [
                "JETWAY_PORT": "\(port)", "JETWAY_DATA": folder + "/data", "JETWAY_LOG": "warn", "JETWAY_API_TOKENS": "stats-token",
            ])
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        var up = false
        for _ in 0..<100 where !up {
            try await Task.sleep(for: .milliseconds(100))
            up = await offPool { LoopbackClient.get("/", from: "127.0.0.1", port: port, timeout: 2).answer }.hasPrefix("HTTP/1.1")
        }
        try #require(up, "the airport did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        let sockets = await offPool { () -> [Int32] in
            (0..<2_000).map { index in
                let fd = LoopbackClient.connect(from: "127.0.9.\(index % 40 + 1)", port: port)
                if fd >= 0 { LoopbackClient.send(fd, Self.slowPost) }
                return fd
            }
        }
        defer { for fd in sockets where fd >= 0 { close(fd) } }
        #expect(sockets.filter { $0 < 0 }.isEmpty, "the clients could not open their sockets")
        let dribbling = Dribbler(sockets: sockets.filter { $0 >= 0 })
        dribbling.start()
        defer { dribbling.stop() }
        var loads: [Double] = []
        for round in 0..<5 {
            let (answer, seconds) = await offPool { LoopbackClient.get("/", from: "127.0.10.\(round + 1)", port: port) }
            #expect(answer.hasPrefix("HTTP/1.1 200"), "the bystander's page: \(answer.prefix(80))")
            loads.append(seconds)
        }
        #expect(loads.allSatisfy { $0 < 1 }, "bystander page loads at the descriptor limit: \(loads)")
        let stats = await offPool {
            LoopbackClient.exchange(
                "GET /_jetway/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer stats-token\r\nConnection: close\r\n\r\n",
                from: "127.0.0.1",
                port: port
            ).answer
        }
        let figures =
            (try? JSONSerialization.jsonObject(with: Data((stats.components(separatedBy: "\r\n\r\n").last ?? "").utf8))) as? [String: Any]
        #expect((figures?["sockets"] as? Int ?? 999) < 256, "sockets held: \(stats)")
        #expect((figures?["sockets_evicted"] as? Int ?? 0) + (figures?["sockets_refused"] as? Int ?? 0) > 1_000, "\(stats)")
        #expect(server.isRunning)
        let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(
            !logged.contains("errno 24") && !logged.contains("Too many open files"),
            "the server ran out of descriptors: \(logged.suffix(600))")
        print("descriptor limit 256: bystander page loads \(loads.map { String(format: "%.3f", $0) }) s; \(figures ?? [:])")
    }
}

/// Sends one byte on each socket every second, from a thread of its own.
final class Dribbler: @unchecked Sendable {
    let sockets: [Int32]
    private let lock = NSLock()
    private var running = true

    init(sockets: [Int32]) { self.sockets = sockets }

    func start() {
        Thread { [self] in
            while isRunning {
                for fd in sockets { LoopbackClient.send(fd, "a") }
                Thread.sleep(forTimeInterval: 1)
            }
        }.start()
    }

    func stop() {
        lock.lock()
        running = false
        lock.unlock()
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }
}
