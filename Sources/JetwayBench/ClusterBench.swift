import Foundation
import JetwayBrowser
import JetwayWire
import MountainAirportViews

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Several servers (`make cluster`, `JetwayBench cluster`): two MountainAirport processes on one
/// PostgreSQL database behind nginx, configured as docs/scaling.md says (consistent hash on the
/// device cookie, websocket upgrade, one shared secret). Gate kiosks open through nginx land on
/// both. A change made through either server must reach every kiosk on both within a second
/// (`cluster_cross_server_ms`); a page in Chromium with a search typed into it, and the kiosks,
/// must survive the SIGKILL of a server: they reconnect through nginx to the other, which
/// re-mounts them with what was typed (`cluster_failover_ms`: kill to the last kiosk joined).
/// A device's starred flight shows on either server (its cookie is signed with the shared
/// secret). Exits non-zero when any of it fails.
@MainActor
enum ClusterBench {
    static func run() async {
        let environment = ProcessInfo.processInfo.environment
        let kiosks = Int(environment["JETWAY_CLUSTER_KIOSKS"] ?? "") ?? 400
        do {
            guard let postgres = environment["JETWAY_BENCH_POSTGRES"] else {
                throw BenchFailure("JETWAY_BENCH_POSTGRES is not set (make cluster starts PostgreSQL)")
            }
            try await cluster(postgres: postgres, kiosks: kiosks)
        } catch {
            print("bench: error \(error)")
            exit(1)
        }
    }

    /// nginx on `port` in front of `upstreams`, as a user configures it, in a folder of its own.
    final class Nginx {
        let port: Int
        let folder: String
        let process: Process

        init(port: Int, upstreams: [Int]) throws {
            guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") else {
                throw BenchFailure("/usr/sbin/nginx is missing (apt-get install nginx; make cluster installs it)")
            }
            self.port = port
            folder = NSTemporaryDirectory() + "jetway-nginx-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: folder + "/logs", withIntermediateDirectories: true)
            let servers = upstreams.map { "        server 127.0.0.1:\($0) max_fails=1 fail_timeout=5s;" }.joined(separator: "\n")
            let configuration = """
                worker_processes 1;
                daemon off;
                pid \(folder)/nginx.pid;
                error_log \(folder)/logs/error.log warn;
                events { worker_connections 4096; }
                http {
                    access_log off;
                    client_body_temp_path \(folder)/body;
                    proxy_temp_path \(folder)/proxy;
                    fastcgi_temp_path \(folder)/fastcgi;
                    uwsgi_temp_path \(folder)/uwsgi;
                    scgi_temp_path \(folder)/scgi;
                    upstream airport {
                        hash $cookie_jw_device consistent;
                \(servers)
                    }
                    server {
                        listen 127.0.0.1:\(port);
                        location / {
                            proxy_pass http://airport;
                            proxy_http_version 1.1;
                            proxy_set_header Host $http_host;
                            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                            proxy_set_header Upgrade $http_upgrade;
                            proxy_set_header Connection "upgrade";
                            proxy_read_timeout 120s;
                            add_header X-Upstream $upstream_addr always;
                        }
                    }
                }
                """
            try configuration.write(toFile: folder + "/nginx.conf", atomically: true, encoding: .utf8)
            process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
            process.arguments = ["-p", folder, "-c", folder + "/nginx.conf"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    static func cluster(postgres: String, kiosks: Int) async throws {
        let store = try Command.freshPostgreSQLDatabase(from: postgres)
        // One secret for both: a page's token (and a device's cookie) made by one is checked by the other.
        let secret = Data((0..<32).map { _ in UInt8.random(in: 0...255) })
        var folders: [String] = []
        defer { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
        var servers: [AirportProcess] = []
        defer { for server in servers { server.stop() } }
        for _ in 0..<2 {
            let folder = NSTemporaryDirectory() + "jetway-cluster-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: folder + "/secret", contents: secret, attributes: [.posixPermissions: 0o600])
            else {
                throw BenchFailure("cannot write \(folder)/secret")
            }
            folders.append(folder)
            servers.append(
                try AirportProcess(
                    port: freeLoopbackPort(), data: folder,
                    environment: [
                        "JETWAY_STORE": store, "JETWAY_TRUSTED_PROXIES": "127.0.0.1",
                        "JETWAY_MAX_SESSIONS_PER_ADDRESS": "100000", "JETWAY_MAX_WEBSOCKETS_PER_ADDRESS": "100000",
                    ]))
        }
        // A staff account, added as an operator would (the password on standard input or in
        // AIRPORT_STAFF_PASSWORD), before either server runs.
        let password = "cluster-\(UUID().uuidString.prefix(12))"
        _ = try Command.run(
            AirportProcess.binary, ["--add-staff", "bench"],
            environment: [
                "JETWAY_STORE": store, "JETWAY_DATA": folders[0], "JETWAY_LOG": "error", "AIRPORT_STAFF_PASSWORD": password,
                "JETWAY_CLOCK": AirportProcess.noon,
            ])
        // Both at once: one migrates and seeds the day, the other waits for it.
        let (one, two) = (servers[0], servers[1])
        async let starting: Void = one.start()
        async let alsoStarting: Void = two.start()
        _ = try await (starting, alsoStarting)
        let nginx = try Nginx(port: freeLoopbackPort(), upstreams: servers.map(\.port))
        defer { nginx.stop() }
        try await StoreBench.waitForServer(nginx.port)

        // Kiosks through nginx: their device cookies spread them over both servers.
        let client = try LoadClientProcess(port: nginx.port)
        defer { client.quit() }
        try await client.open(kiosks, "/gate/A1")
        let connected = try await connectedCounts(servers)
        guard connected.allSatisfy({ $0 > 0 }), connected.reduce(0, +) == kiosks else {
            throw BenchFailure("the kiosks are not on both servers: \(connected)")
        }
        report("cluster_kiosks_per_server", Double(connected.min() ?? 0), "kiosks (fewest)")
        let flight = try await FaultBench.shownFlight(port: nginx.port).id

        // A change through either server reaches every kiosk on both.
        var slowest = 0.0
        for (index, server) in servers.enumerated() {
            let status = index == 0 ? "Delayed" : "Boarding"
            _ = try await client.ask("listen 1", fields: 3)
            _ = try await client.ask("arm \(status)", fields: 0)
            try await AirportProcess.patchFlight(port: server.port, id: flight, #"{"status":"\#(status)"}"#)
            let answer = await client.next()
            guard answer.count == 3, let milliseconds = Double(answer[1]), let missed = Int(answer[2]) else {
                throw BenchFailure("arm gave no answer: \(answer)")
            }
            guard missed == 0 else { throw BenchFailure("a change made on server \(index + 1) missed \(missed) kiosks") }
            slowest = max(slowest, milliseconds)
        }
        report("cluster_cross_server_ms", slowest, "ms")
        guard slowest < 1000 else { throw BenchFailure("a change took \(Int(slowest)) ms to reach every kiosk (goal: within a second)") }

        // A device cookie made by one server is good on the other (no new one is issued), and
        // a forged one is not.
        let first = exchange(port: servers[0].port, "GET /", cookie: nil)
        for (index, port) in [servers[0].port, servers[1].port].enumerated() {
            guard exchange(port: port, "GET /", cookie: nil).hasPrefix("HTTP/1.1 200") else {
                throw BenchFailure("server \(index + 1) does not answer GET /")
            }
        }
        guard let device = LoadClient.setCookie("jw_device", in: first) else { throw BenchFailure("server 1 gave no device cookie") }
        let second = exchange(port: servers[1].port, "GET /", cookie: device)
        guard second.hasPrefix("HTTP/1.1 200"), !second.lowercased().contains("set-cookie: jw_device=") else {
            throw BenchFailure("server 2 refused the device cookie server 1 made")
        }
        guard exchange(port: servers[1].port, "GET /", cookie: "jw_device=forged.AAAA").lowercased().contains("set-cookie: jw_device=")
        else {
            throw BenchFailure("server 2 accepted a forged device cookie")
        }

        // A staff sign-in made on one server counts on the other, and a sign-out on the other
        // ends it on the first (the sign-ins are a table of the shared store).
        try await signInAcross(servers, password: password)

        // A real browser types a search on the board, then its server is killed.
        try await withBrowsers(1) { browsers in
            let driver = try required(browsers[0] as? WebDriver, "Chromium")
            let before = try await connectedCounts(servers)
            try await driver.navigate("http://127.0.0.1:\(nginx.port)/")
            guard await driver.wait(for: "return document.documentElement.classList.contains('\(RuntimeContract.State.connected)')") else {
                throw BenchFailure("the board never connected through nginx")
            }
            let field = "input[type=search], input[placeholder='Search flights']"
            // Two cities the board shows today (the generated day depends on the date): the
            // search is for one, and the other must go.
            let (searched, gone) = try await twoShownCities(driver)
            let text = "document.body.textContent"
            let filtered = "return \(text).includes(\(jsLiteral(searched))) && !\(text).includes(\(jsLiteral(gone)))"
            try await driver.type(searched, into: field)
            guard await driver.wait(for: filtered) else {
                throw BenchFailure("the search for \(searched) did not filter \(gone) off the board")
            }
            // The server the page's socket is on: its connected count went up by one.
            let after = try await connectedCounts(servers)
            guard let victim = servers.indices.first(where: { after[$0] == before[$0] + 1 }) else {
                throw BenchFailure("cannot tell which server holds the browser's page: \(before) → \(after)")
            }
            // Counts the joins answered on the page's new sockets: `sync` is the other server's
            // re-mount.
            try await FaultBench.countJoins(driver)
            client.send("survive 30 \(connected[victim])")
            try await Task.sleep(for: .milliseconds(200))
            let killed = Date()
            servers[victim].kill()
            // The browser: live again on the other server (its socket closed with the server's,
            // through nginx, and its runtime reconnects with its backoff).
            guard
                await driver.wait(
                    for: "return window.__joins > 0 && \(FaultBench.liveScript)", timeout: 20)
            else { throw BenchFailure("the browser's page did not come back through nginx") }
            report("cluster_browser_back_ms", Date().timeIntervalSince(killed) * 1000, "ms")
            let survived = await client.next()
            guard survived.count == 6, survived[0] == "survived", let back = Int(survived[1]), let milliseconds = Double(survived[3]) else {
                throw BenchFailure("survive gave no answer: \(survived)")
            }
            let lost = connected[victim]
            guard back == lost else { throw BenchFailure("\(back) of the \(lost) kiosks on the killed server came back") }
            report("cluster_failover_ms", milliseconds, "ms")
            report("cluster_failover_kiosks", Double(back), "kiosks")
            guard milliseconds <= 10_000 else { throw BenchFailure("failover took \(Int(milliseconds)) ms (goal 10 s)") }
            // Its search still typed, and applied by the server it is on now.
            let value = try await driver.string("return document.querySelector(\(jsLiteral(field))).value")
            guard value == searched else { throw BenchFailure("the search field holds \"\(value)\" after the failover") }
            let survivor = servers[1 - victim]
            guard (try await survivor.stats()["connected"] ?? 0) == kiosks + 1 else {
                throw BenchFailure("the other server does not hold every page after the failover")
            }
            // The re-mounted page was rendered afresh (no search) and sent whole (the join
            // counted above is that `sync`); the runtime then gave it the typed search again, so
            // the board the server shows is filtered.
            try await Task.sleep(for: .milliseconds(500))
            guard await driver.wait(for: filtered) else {
                let shown = (try? await driver.string("return document.body.textContent.slice(0, 400)")) ?? ""
                throw BenchFailure("the re-mounted board does not filter by the search typed before the failover: \(shown)")
            }

            // PostgreSQL restarted under load: the survivor keeps serving, refuses writes
            // clearly while the database is away, loses none it accepted, and its live lists
            // (every kiosk, the browser's board) recover.
            // The killed process comes back first: the change that must reach the kiosks is
            // made through it, so it crosses between processes (LISTEN/NOTIFY) after the restart.
            try await servers[victim].start()
            try await restartPostgres(survivor, other: servers[victim], client: client, kiosks: kiosks, flight: flight)
            guard await driver.wait(for: "return document.documentElement.classList.contains('\(RuntimeContract.State.connected)')") else {
                throw BenchFailure("the browser's page lost its connection while PostgreSQL restarted")
            }
        }
    }

    /// Restarts the run's PostgreSQL, two seconds down (`.ci/postgres restart 2`, the cluster `make` started, named
    /// by JETWAY_PG_ROOT) while a writer changes flights through `server`'s API as fast as it
    /// answers. Every flight must end with the gate its last change answered 200 gave it (or
    /// that of a change answered 503 after it: a connection lost during a commit leaves the
    /// outcome unknown to the server too), every other answer a 503 that says why; once the database is back, a change made through `other`
    /// must reach every kiosk on `server` (`cluster_postgres_back_ms`: restart begun to that
    /// change delivered), so both processes' connections and `server`'s listener recovered.
    static func restartPostgres(
        _ server: AirportProcess, other: AirportProcess, client: LoadClientProcess, kiosks: Int, flight: Int
    ) async throws {
        guard ProcessInfo.processInfo.environment["JETWAY_PG_ROOT"] != nil else {
            throw BenchFailure("JETWAY_PG_ROOT does not name the PostgreSQL to restart (make cluster and make test set it)")
        }
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(server.port)/api/flights?limit=40")!)
        let listed = (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
        let gates = Dictionary(listed.compactMap { row in (row["id"] as? Int).flatMap { id in (row["gate"] as? String).map { (id, $0) } } })
        { $1 }
        let others = gates.keys.filter { $0 != flight }.sorted()
        guard others.count >= 20 else { throw BenchFailure("too few flights to write to: \(others.count)") }
        // Stopped between two writes (a cancelled request's outcome would be unknown).
        final class Stop { var now = false }
        let stop = Stop()
        let writer = Task { @MainActor () -> (kept: [Int: Set<String>], accepted: Int, refused: Int, other: [String], slowest: Double) in
            // Each flight's possible gates: the last accepted, and any refused since.
            var kept = gates.mapValues { Set([$0]) }
            var accepted = 0, refused = 0
            var other: [String] = []
            var slowest = 0.0
            var index = 0
            while !stop.now {
                let id = others[index % others.count], gate = "W\(index % 9 + 1)"
                index += 1
                do {
                    let sent = Date()
                    let (status, body) = try await AirportProcess.patch(port: server.port, id: id, #"{"gate":"\#(gate)"}"#)
                    slowest = max(slowest, Date().timeIntervalSince(sent))
                    switch status {
                    case 200:
                        kept[id] = [gate]
                        accepted += 1
                    case 503 where body.contains("the database cannot be reached"):
                        kept[id, default: []].insert(gate)
                        refused += 1
                        try? await Task.sleep(for: .milliseconds(20))
                    default: other.append("\(status) \(body.prefix(200))")
                    }
                } catch {
                    other.append("\(error)")
                }
            }
            return (kept, accepted, refused, other, slowest)
        }
        try await Task.sleep(for: .milliseconds(500))
        let restarted = Date()
        // Down for two seconds: the writer meets the database away. Off the main actor, where
        // the writer runs (waiting here held its answers back: they looked slow).
        let script = FileManager.default.currentDirectoryPath + "/.ci/postgres"
        try await Task.detached { _ = try Command.run(script, ["restart", "2"]) }.value
        // `other` writes again (its connection is back: retried at most 30 s) ...
        // (the kiosks' flight, with the status it has: the writer's flights stay the writer's)
        while case let (status, body) = try await AirportProcess.patch(port: other.port, id: flight, #"{"status":"Boarding"}"#),
            status != 200
        {
            guard Date().timeIntervalSince(restarted) < 30 else {
                throw BenchFailure("no change went in within 30 s of PostgreSQL's restart (the last answer: \(status) \(body))")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        // ... and a change it makes to the flight every kiosk shows reaches them all.
        _ = try await client.ask("listen 0.2", fields: 3)
        _ = try await client.ask("arm Delayed", fields: 0)
        try await AirportProcess.patchFlight(port: other.port, id: flight, #"{"status":"Delayed"}"#)
        let fanout = await client.next()
        guard fanout.count == 3, let missed = Int(fanout[2]) else { throw BenchFailure("arm gave no answer: \(fanout)") }
        guard missed == 0 else { throw BenchFailure("after PostgreSQL restarted a change missed \(missed) of \(kiosks) kiosks") }
        report("cluster_postgres_back_ms", Date().timeIntervalSince(restarted) * 1000, "ms")
        try await Task.sleep(for: .milliseconds(500))
        stop.now = true
        let written = await writer.value
        guard written.other.isEmpty else { throw BenchFailure("writes during the restart got unclear answers: \(written.other.prefix(3))") }
        guard written.refused > 0 else { throw BenchFailure("no write met the database away: the restart tested nothing") }
        report("cluster_postgres_writes_accepted", Double(written.accepted), "writes")
        report("cluster_postgres_writes_refused", Double(written.refused), "writes (503, said why)")
        report("cluster_postgres_slowest_write_ms", written.slowest * 1000, "ms")
        // Every change answered 200 is in the database.
        for (id, gates) in written.kept {
            let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(server.port)/api/flights/\(id)")!)
            let stored = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["gate"] as? String
            guard let stored, gates.contains(stored) else {
                throw BenchFailure(
                    "flight \(id)'s gate is \(stored ?? "nil"), though the last accepted change made it one of \(gates.sorted())")
            }
        }
    }

    /// Two of the generated day's cities the page shows, neither a part of the other's name
    /// ("Newark" and "New York" are both whole): the board's next flights differ from day to day.
    static func twoShownCities(_ driver: WebDriver) async throws -> (String, String) {
        let cities = "[" + FlightInformation.otherAirports.map(jsLiteral).joined(separator: ",") + "]"
        let shown = "return \(cities).filter(city => document.body.textContent.includes(city))"
        guard await driver.wait(for: shown + ".length >= 2") else {
            throw BenchFailure("the board shows fewer than two cities before the search")
        }
        let names = try await driver.string(shown + ".join('\\n')").split(separator: "\n").map(String.init)
        for first in names {
            if let second = names.first(where: { !$0.contains(first) && !first.contains($0) }) { return (first, second) }
        }
        throw BenchFailure("the board's cities are each a part of another's name: \(names)")
    }

    static func signInAcross(_ servers: [AirportProcess], password: String) async throws {
        let signIn = exchange(
            port: servers[0].port, "POST /ops/signin", cookie: nil, body: "name=bench&password=\(password)",
            type: "application/x-www-form-urlencoded")
        guard signIn.hasPrefix("HTTP/1.1 303"), signIn.lowercased().contains("location: /ops\r\n"),
            let cookie = LoadClient.setCookie("jw_signin", in: signIn)
        else { throw BenchFailure("signing in on server 1 failed: \(signIn.prefix(300))") }
        // `GET /ops/signout` answers a signed-in browser with its form, anyone else with a
        // redirect to the sign-in.
        func signedIn(_ server: AirportProcess) -> Bool {
            exchange(port: server.port, "GET /ops/signout", cookie: cookie).hasPrefix("HTTP/1.1 200")
        }
        guard signedIn(servers[0]) else { throw BenchFailure("server 1 does not honour its own sign-in") }
        let madeAt = Date()
        while !signedIn(servers[1]) {
            guard Date().timeIntervalSince(madeAt) < 1 else {
                throw BenchFailure("server 2 does not honour server 1's sign-in after a second")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        report("cluster_signin_across_ms", Date().timeIntervalSince(madeAt) * 1000, "ms")
        let signOut = exchange(
            port: servers[1].port, "POST /ops/signout", cookie: cookie, body: "", type: "application/x-www-form-urlencoded")
        guard signOut.hasPrefix("HTTP/1.1 303") else { throw BenchFailure("signing out on server 2 failed: \(signOut.prefix(300))") }
        let endedAt = Date()
        while signedIn(servers[0]) {
            guard Date().timeIntervalSince(endedAt) < 1 else {
                throw BenchFailure("server 1 still honours the sign-in a second after server 2 ended it")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        report("cluster_signout_across_ms", Date().timeIntervalSince(endedAt) * 1000, "ms")
    }

    static func connectedCounts(_ servers: [AirportProcess]) async throws -> [Int] {
        var counts: [Int] = []
        for server in servers { counts.append(try await server.stats()["connected"] ?? 0) }
        return counts
    }

    /// The status line and headers of the answer to `method path` (with this cookie and body),
    /// read off a socket of its own; empty when the server does not answer.
    nonisolated static func exchange(port: Int, _ methodAndPath: String, cookie: String?, body: String? = nil, type: String? = nil)
        -> String
    {
        guard let fd = LoadClient.connectSocket(port: port) else { return "" }
        defer { close(fd) }
        var request = "\(methodAndPath) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let cookie { request += "Cookie: \(cookie)\r\n" }
        if let body { request += "Content-Length: \(body.utf8.count)\r\n" }
        if let type { request += "Content-Type: \(type)\r\n" }
        LoadClient.sendAll(fd, Array((request + "\r\n" + (body ?? "")).utf8))
        let response = String(decoding: LoadClient.readToClose(fd), as: UTF8.self)
        return response.range(of: "\r\n\r\n").map { String(response[..<$0.lowerBound]) } ?? response
    }
}
