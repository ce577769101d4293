import Foundation
import Jetway
import JetwayBrowser
import JetwayTesting

#if canImport(Glibc)
    import Glibc
#endif

/// The load client of `make bench`, run as a child process so that its sockets do not count
/// against the server's file descriptors or memory. It reads commands on stdin and answers one
/// line each on stdout:
///
///   open N PATH [field] → opened TOTAL MS (load PATH, open its websocket, join; until N
///                   sessions; `field`: its target is the page's first field, not its button)
///   rtt K         → rtt P50 P99 BYTES TIMEOUTS (K click → patch round trips over the sessions;
///                   a round trip whose patch never came is a timeout, not a sample)
///   arm TEXT      → ready, then fanout MS MISSED (once every session has received a frame that
///                   carries TEXT, the change; MISSED sessions never did within 30 s)
///   type K A|B|…  → typed DONE TIMEOUTS P50 BYTES (the first session with a target types A,
///                   B, … in turn into it, K keystrokes, each waiting for its patch: the median
///                   round trip in µs and the patches' mean size)
///   listen S      → listened FRAMES BYTES SESSIONS (S seconds of reading every socket: the
///                   patch frames that came, their bytes, and how many sessions got one)
///   pinging S     → pinged PINGS PONGS (S seconds in which every session pings as the page's
///                   runtime does, every 10 s, spread over the sessions; stops a second before
///                   the end so every pong can come)
///   type-each T   → typed DONE TIMEOUTS (every session types T once)
///   close         → closed N (every socket is closed; the server keeps the sessions a while)
///   paced R S     → paced SENT ANSWERED TIMEOUTS P50 P99 (S seconds of R clicks a second, spread
///                   over the sessions with something to click, each on its own schedule and
///                   not waiting for the one before; a click's round trip ends with the patch
///                   that carries its ref; one without a patch within 5 s is a timeout)
///   survive S [N] → survived BACK TOTAL MS BUSIEST ATTEMPTS (up to S seconds, or until N sessions
///                   (all, unless given) lost their socket and joined again: every session whose
///                   socket ends reconnects as the page's runtime does, after a random delay of
///                   up to 250 ms × 2^attempt, at most 10 s, and joins again; BACK sessions
///                   joined again (`joined`, or `sync` from a new server process), MS from the first socket lost to the last join, BUSIEST the
///                   most upgrades the server answered in any 250 ms, ATTEMPTS connections tried)
///   ride S [E F]  → rode LIVE TOTAL REJOINS PATCHES SYNCS TOKENS ERRORS RESETS STALLS ATTEMPTS
///                   PATCHED RENEWED (S
///                   seconds of being open pages: frames read, pings answered, renewed tokens
///                   kept, lost sockets reconnected as in `survive`; every E seconds a share F of
///                   the sessions is cut, half reset, half silent for 8 s, none in the last 12 s;
///                   LIVE sessions are joined at the end; PATCHED and RENEWED: the sessions that
///                   have had a patch, and a renewed token, over every command so far)
///   upload K B PATH → uploaded MB/S FAILURES (load PATH, then K uploads of a B-byte PNG to
///                   its file importer, one after another; an answer other than 201 is a failure)
///   http K PATH   → http RPS FAILURES (K GETs of PATH, one after another over one keep-alive
///                   connection; a request without a whole 200 answer is a failure)
enum LoadClient {
    final class Session: @unchecked Sendable {
        /// The websocket (replaced when `survive` reconnects; -1 while it waits to).
        var fd: Int32
        /// The element the session clicks or types into: the page's first button, else its
        /// first text field (or the field first, when opened with `field`); nil on a page with
        /// nothing to click (a kiosk).
        let target: String?
        /// The page's first widget element, if it has one (`request` sends it requests).
        var widget: String?
        var buffer: [UInt8] = []
        /// What a join needs again after a reconnect, as the page's runtime keeps it: the
        /// page's path and build, its newest token (the server renews it) and the last version
        /// it saw.
        var page = ClientPage(path: "", token: "", buildID: "bench")
        /// The device cookie the page's GET set (`jw_device=…`), sent with every upgrade as a
        /// browser sends it (behind nginx it picks the server).
        var cookie = ""
        /// Patches and renewed tokens this page has received (over every command).
        var patchesSeen = 0
        var tokensSeen = 0
        var join: String { page.join.text }
        init(fd: Int32, target: String?) {
            self.fd = fd
            self.target = target
        }

        /// Keeps what the page's runtime keeps from a frame (`ClientPage`: a patch's or
        /// resync's version, a renewed token). Returns what the frame was.
        func note(_ frame: String) -> FrameKind {
            switch try? page.note(frame) {
            case .patch?: .patch
            case .message(.token)?: .token
            case .message(.sync)?: .sync
            case .message(.joined)?: .joined
            // An error the runtime would show, or a reload it would do (the page is gone).
            case .message(.error)?, .message(.reload)?: .error
            case .message?: .other
            case nil: .error
            }
        }
    }

    enum FrameKind { case patch, token, sync, joined, error, other }

    static func run(port: Int) {
        var sessions: [Session] = []
        var ref = 1
        while let line = readLine() {
            let parts = line.split(separator: " ")
            switch parts.first {
            case "open":
                let target = Int(parts[1]) ?? 0
                let path = String(parts[2])
                let fieldFirst = parts.count > 3 && parts[3] == "field"
                // `again`: a browser that comes back (its device cookie from a page it opened before).
                let again = parts.count > 3 && parts[3] == "again"
                // `lang=de`: a browser asking for that language (`Accept-Language`).
                let language = parts.dropFirst(3).first { $0.hasPrefix("lang=") }.map { String($0.dropFirst(5)) }
                // `zone=Europe/Berlin`: a browser in that time zone (the runtime's cookie).
                let zone = parts.dropFirst(3).first { $0.hasPrefix("zone=") }.map { String($0.dropFirst(5)) }
                let started = Date()
                let collected = Collected()
                let missing = max(0, target - sessions.count)
                // Opening thousands of pages takes minutes: meanwhile the open ones answer the
                // server's pings, as a browser does.
                let keeper = PingKeeper(sessions, collected)
                keeper.start()
                DispatchQueue.concurrentPerform(iterations: 8) { worker in
                    for _ in stride(from: worker, to: missing, by: 8) {
                        if let session = open(
                            port: port, path: path, fieldFirst: fieldFirst, again: again, language: language, zone: zone)
                        {
                            collected.add([session])
                        }
                    }
                }
                keeper.stop()
                sessions.append(contentsOf: collected.sessions)
                answer("opened \(sessions.count) \(Int(Date().timeIntervalSince(started) * 1000))")
            case "rtt":
                let count = Int(parts[1]) ?? 100
                var samples: [Double] = []
                var bytes = 0
                var timeouts = 0
                // Pages with something to click (a kiosk has nothing).
                let clickable = sessions.filter { $0.target != nil }
                for index in 0..<max(count, 1) where !clickable.isEmpty {
                    let session = clickable[index % clickable.count]
                    let started = DispatchTime.now()
                    guard let reply = roundTrip(session, &ref, "click", .none) else {
                        timeouts += 1
                        continue
                    }
                    bytes += reply.utf8.count
                    samples.append(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1000)
                }
                samples.sort()
                guard !samples.isEmpty else {
                    answer("rtt -1 -1 -1 \(max(timeouts, 1))")
                    continue
                }
                answer(
                    "rtt \(Int(samples[samples.count / 2])) \(Int(samples[min(samples.count - 1, samples.count * 99 / 100)])) \(bytes / samples.count) \(timeouts)"
                )
            case "arm":
                let change = parts.dropFirst().joined(separator: " ")
                var waiting = Set(sessions.indices)
                answer("ready")
                let started = Date()
                // Delivered only when a whole frame carrying the change has arrived.
                readFrames(sessions, for: 30, until: { waiting.isEmpty }) { index, frame in
                    if frame.contains(change) { waiting.remove(index) }
                }
                answer("fanout \(Int(Date().timeIntervalSince(started) * 1000)) \(waiting.count)")
            case "type", "type-each":
                let each = parts[0] == "type-each"
                let texts =
                    each
                    ? [parts.dropFirst().joined(separator: " ")]
                    : (parts.count > 2 ? parts[2] : "").split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                let typists = sessions.filter { $0.target != nil }
                let count = each ? typists.count : Int(parts[1]) ?? 0
                var timeouts = 0
                var done = 0
                var samples: [Double] = []
                var bytes = 0
                for index in 0..<count where !typists.isEmpty {
                    let session = each ? typists[index] : typists[0]
                    let sent = DispatchTime.now()
                    // `type-each {own}`: each session types a search of its own, two letters.
                    let text = each && texts[0] == "{own}" ? Self.ownSearch(index) : texts[index % texts.count]
                    if let reply = roundTrip(session, &ref, "input", .text(text)) {
                        done += 1
                        bytes += reply.utf8.count
                        samples.append(Double(DispatchTime.now().uptimeNanoseconds - sent.uptimeNanoseconds) / 1000)
                    } else {
                        timeouts += 1
                    }
                }
                samples.sort()
                let p50 = samples.isEmpty ? -1 : Int(samples[samples.count / 2])
                answer("typed \(done) \(timeouts) \(p50) \(done > 0 ? bytes / done : -1)")
            case "listen":
                let seconds = Double(parts.count > 1 ? parts[1] : "5") ?? 5
                var frames = 0, bytes = 0
                var updated = Set<Int>()
                readFrames(sessions, for: seconds) { index, frame in
                    // A patch frame: `[version,[ops…]…]` (not a pong or a token).
                    guard frame.utf8.dropFirst().first.map({ (48...57).contains($0) }) == true else { return }
                    frames += 1
                    bytes += frame.utf8.count
                    updated.insert(index)
                }
                answer("listened \(frames) \(bytes) \(updated.count)")
            case "pinging":
                let seconds = Double(parts.count > 1 ? parts[1] : "10") ?? 10
                // Session i pings at i/N of each 10 s, as pages opened at different times do.
                var next = sessions.indices.map { 10 * Double($0) / Double(max(1, sessions.count)) }
                var pings = 0, pongs = 0
                let started = Date()
                readFrames(
                    sessions, for: seconds,
                    tick: {
                        let now = Date().timeIntervalSince(started)
                        guard now < seconds - 1 else { return }
                        for index in sessions.indices where next[index] <= now {
                            sendText(sessions[index].fd, ClientMessage.ping(Int(now * 1000)).text)
                            pings += 1
                            next[index] += 10
                        }
                    }
                ) { _, frame in
                    if case .message(.pong)? = try? ServerFrame(decoding: frame) { pongs += 1 }
                }
                answer("pinged \(pings) \(pongs)")
            case "http":
                let count = Int(parts[1]) ?? 1000
                let (seconds, failures) = httpRequests(port: port, path: String(parts[2]), count: count)
                answer("http \(seconds > 0 ? Int(Double(count - failures) / seconds) : -1) \(failures)")
            case "upload":
                let count = Int(parts[1]) ?? 10
                let bytes = Int(parts[2]) ?? 2_000_000
                let (seconds, failures) = uploads(port: port, path: String(parts[3]), count: count, bytes: bytes)
                answer(
                    "uploaded \(failures == 0 && seconds > 0 ? String(format: "%.1f", Double(count * bytes) / 1e6 / seconds) : "-1") \(failures)"
                )
            case "request":
                // K widget requests on the first session: each counts when its answer (`ans`)
                // and then its patch arrived.
                let count = Int(parts[1]) ?? 100
                var samples: [Double] = []
                var failures = 0
                for index in 0..<count {
                    guard let session = sessions.first, let widget = session.widget else {
                        failures = count
                        break
                    }
                    let started = DispatchTime.now()
                    let payload = "{\"row\":\(index)}"
                    sendText(
                        session.fd,
                        ClientMessage.event(ref: ref, id: widget, event: "request", payload: .message(name: "row", json: payload)).text)
                    let sent = ref
                    ref += 1
                    var answered = false
                    var patched = false
                    while !patched, let frame = readFrame(session, timeout: 5) {
                        switch try? session.page.note(frame) {
                        case .message(.answer(let answerRef, let json))? where answerRef == sent: answered = json.contains("Row \(index)")
                        case .patch(_, let patchRef)? where patchRef == sent: patched = true
                        default: break
                        }
                    }
                    if answered && patched {
                        samples.append(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1000)
                    } else {
                        failures += 1
                    }
                }
                samples.sort()
                if samples.isEmpty {
                    answer("request -1 -1 \(max(failures, 1))")
                } else {
                    answer(
                        "request \(Int(samples[samples.count / 2])) \(Int(samples[min(samples.count - 1, samples.count * 99 / 100)])) \(failures)"
                    )
                }
            case "heavy":
                // The first session starts S seconds of computation; the others click, one after
                // another, until it has answered; their round trips meanwhile.
                let seconds = Double(parts[1]) ?? 2
                guard sessions.count > 1 else {
                    answer("heavy -1 -1 0 1")
                    continue
                }
                let heavy = sessions[0]
                sendText(heavy.fd, ClientMessage.event(ref: ref, id: heavy.target ?? "", event: "click", payload: .none).text)
                ref += 1
                let started = Date()
                var samples: [Double] = []
                var failures = 0
                var finished = false
                var index = 1
                while !finished && Date().timeIntervalSince(started) < seconds + 10 {
                    let session = sessions[index]
                    index = index % (sessions.count - 1) + 1
                    let sent = DispatchTime.now()
                    if roundTrip(session, &ref, "input", .text("x\(index)")) != nil {
                        if Date().timeIntervalSince(started) < seconds {
                            samples.append(Double(DispatchTime.now().uptimeNanoseconds - sent.uptimeNanoseconds) / 1000)
                        }
                    } else {
                        failures += 1
                    }
                    // Has the computation answered (a patch with its "done" text)?
                    while let frame = waitingFrame(heavy) {
                        if frame.contains("done ") { finished = true }
                    }
                }
                if !finished { failures += 1 }
                samples.sort()
                if samples.isEmpty {
                    answer("heavy -1 -1 0 \(max(failures, 1))")
                } else {
                    answer(
                        "heavy \(Int(samples[samples.count / 2])) \(Int(samples[min(samples.count - 1, samples.count * 99 / 100)])) \(samples.count) \(failures)"
                    )
                }
            case "paced":
                let outcome = paced(sessions, perSecond: Double(parts[1]) ?? 100, seconds: Double(parts[2]) ?? 10, ref: &ref)
                answer("paced \(outcome.sent) \(outcome.answered) \(outcome.timeouts) \(outcome.p50) \(outcome.p99)")
            case "survive":
                // `survive S N`: N sessions are expected to lose their socket (all, unless said).
                let expected = parts.count > 2 ? Int(parts[2]) ?? sessions.count : sessions.count
                let outcome = ride(sessions, port: port, seconds: Double(parts[1]) ?? 30, untilAllBack: true, expectBack: expected)
                answer("survived \(outcome.back) \(sessions.count) \(outcome.milliseconds) \(outcome.busiest) \(outcome.attempts)")
            case "ride":
                let every = parts.count > 2 ? Double(parts[2]) ?? 0 : 0
                let share = parts.count > 3 ? Double(parts[3]) ?? 0 : 0
                let outcome = ride(
                    sessions, port: port, seconds: Double(parts[1]) ?? 30, untilAllBack: false,
                    cuts: every > 0 && share > 0 ? Cuts(every: every, share: share, for: Double(parts[1]) ?? 30) : nil)
                // And over every command so far: the pages that have had a patch, and a new token.
                let patched = sessions.filter { $0.patchesSeen > 0 }.count
                let renewed = sessions.filter { $0.tokensSeen > 0 }.count
                answer(
                    "rode \(outcome.live) \(sessions.count) \(outcome.rejoins) \(outcome.patches) \(outcome.syncs) \(outcome.tokens) "
                        + "\(outcome.errors) \(outcome.resets) \(outcome.stalls) \(outcome.attempts) \(patched) \(renewed)")
            case "close":
                for session in sessions { close(session.fd) }
                answer("closed \(sessions.count)")
                sessions.removeAll()
            default:
                return
            }
        }
    }

    /// Reads every session's socket for up to `seconds` (or until `done`), handing each whole
    /// frame to `frame` with its session's index.
    static func readFrames(
        _ sessions: [Session], for seconds: Double, until done: () -> Bool = { false }, tick: () -> Void = {},
        _ frame: (Int, String) -> Void
    ) {
        let started = Date()
        var fds = sessions.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !done() && Date().timeIntervalSince(started) < seconds {
            tick()
            guard poll(&fds, nfds_t(fds.count), 50) > 0 else { continue }
            for index in fds.indices where fds[index].revents != 0 {
                fds[index].revents = 0
                let got = recv(fds[index].fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
                guard got > 0 else { continue }
                let session = sessions[index]
                session.buffer.append(contentsOf: chunk[0..<got])
                while let text = takeFrame(session) { frame(index, text) }
            }
        }
    }

    /// Sends one event to the session's target and waits for the patch that answers it (the
    /// frame ending with its ref); nil when none came within 5 s. `JETWAY_DEBUG_ROUNDTRIP=1`
    /// writes what came instead to standard error.
    static func roundTrip(_ session: Session, _ ref: inout Int, _ kind: String, _ payload: EventValue) -> String? {
        sendText(session.fd, ClientMessage.event(ref: ref, id: session.target ?? "", event: kind, payload: payload).text)
        let sent = ref
        ref += 1
        while let frame = readFrame(session, timeout: 5) {
            if case .patch(_, let answered)? = try? session.page.note(frame), answered == sent { return frame }
            if ProcessInfo.processInfo.environment["JETWAY_DEBUG_ROUNDTRIP"] != nil {
                FileHandle.standardError.write(Data("roundtrip \(sent): \(frame.prefix(60)) … \(frame.suffix(30))\n".utf8))
            }
        }
        if ProcessInfo.processInfo.environment["JETWAY_DEBUG_ROUNDTRIP"] != nil {
            FileHandle.standardError.write(Data("roundtrip \(sent): no frame\n".utf8))
        }
        return nil
    }

    /// `count` GETs over one keep-alive connection: the seconds they took and how many failed.
    static func httpRequests(port: Int, path: String, count: Int) -> (Double, Int) {
        guard let fd = connectSocket(port: port) else { return (0, count) }
        defer { close(fd) }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n".utf8)
        var failures = 0
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        let started = DispatchTime.now()
        requests: for _ in 0..<count {
            sendAll(fd, request)
            // The head, then as many body bytes as Content-Length says.
            var headEnd: Int?
            var bodyLength = 0
            while true {
                if headEnd == nil, let end = find([13, 10, 13, 10], in: buffer) {
                    headEnd = end + 4
                    let head = String(decoding: buffer[0..<end], as: UTF8.self).lowercased()
                    guard head.hasPrefix("http/1.1 200") else {
                        failures += 1
                        break requests
                    }
                    if let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }) {
                        bodyLength = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                    }
                }
                if let headEnd, buffer.count >= headEnd + bodyLength {
                    buffer.removeFirst(headEnd + bodyLength)
                    break
                }
                let got = recv(fd, &chunk, chunk.count, 0)
                if got <= 0 {
                    failures += 1
                    break requests
                }
                buffer.append(contentsOf: chunk[0..<got])
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        // A request the loop never reached (after a failure) failed too.
        return (seconds, failures == 0 ? 0 : count)
    }

    /// K uploads of a B-byte PNG to the file importer of a page of `path`: (seconds, failures).
    static func uploads(port: Int, path: String, count: Int, bytes: Int) -> (Double, Int) {
        guard let http = connectSocket(port: port) else { return (0, count) }
        sendAll(http, Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8))
        let html = String(decoding: readToClose(http), as: UTF8.self)
        close(http)
        guard let token = value(after: "<meta name=\"jetway-token\" content=\"", in: html),
            let target = PageIDs.id(ofElementContaining: "class=\"\(RuntimeContract.Class.fileImporter)\"", in: html)
        else { return (0, count) }
        // A 1×1 PNG, padded to `bytes` with a chunk no reader needs.
        let base = [UInt8](
            Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!)
        let padding = max(0, bytes - base.count - 12)
        let length = (0..<4).map { UInt8(padding >> (24 - 8 * $0) & 255) }
        let file =
            Array(base[..<33]) + length + Array("prVt".utf8) + [UInt8](repeating: 7, count: padding) + [0, 0, 0, 0] + Array(base[33...])
        var head = "POST /_jetway/upload HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nX-Jetway-Token: \(token)\r\n"
        head += "X-Jetway-Path: \(path)\r\nX-Jetway-Target: \(target)\r\nContent-Type: image/png\r\nContent-Length: \(file.count)\r\n\r\n"
        var failures = 0
        let started = DispatchTime.now()
        for _ in 0..<count {
            guard let fd = connectSocket(port: port) else {
                failures += 1
                continue
            }
            sendAll(fd, Array(head.utf8) + file)
            if !String(decoding: readToClose(fd).prefix(16), as: UTF8.self).hasPrefix("HTTP/1.1 201") { failures += 1 }
            close(fd)
        }
        return (Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9, failures)
    }

    /// Everything the server sends until it closes (or 10 s pass).
    static func readToClose(_ fd: Int32) -> [UInt8] {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = recv(fd, &chunk, chunk.count, 0)
            if got <= 0 { break }
            answer.append(contentsOf: chunk[0..<got])
        }
        return answer
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<start + needle.count]) == needle { return start }
        }
        return nil
    }

    static func answer(_ text: String) {
        FileHandle.standardOutput.write((text + "\n").data(using: .utf8)!)
    }

    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var opened: [Session] = []
        func add(_ more: [Session]) {
            lock.lock()
            opened.append(contentsOf: more)
            lock.unlock()
        }
        var sessions: [Session] {
            lock.lock()
            defer { lock.unlock() }
            return opened
        }
    }

    /// Answers the pings of idle sessions on a thread of its own while `open` runs (lws hangs
    /// up a socket that has not answered a ping within 310 s). The frames it reads stay in each
    /// session's buffer for the next command; only pings are taken out.
    final class PingKeeper: @unchecked Sendable {
        private let earlier: [Session]
        private let collected: Collected
        private let done = DispatchSemaphore(value: 0)
        private let flag = NSLock()
        private var stopping = false

        init(_ earlier: [Session], _ collected: Collected) {
            self.earlier = earlier
            self.collected = collected
        }

        func start() {
            Thread { [self] in
                var chunk = [UInt8](repeating: 0, count: 65536)
                while !isStopping {
                    // Only sessions that have joined: `collected` holds whole sessions only.
                    let sessions = earlier + collected.sessions
                    var fds = sessions.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
                    guard poll(&fds, nfds_t(fds.count), 200) > 0 else { continue }
                    for index in fds.indices where fds[index].revents & Int16(POLLIN) != 0 {
                        let got = recv(fds[index].fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
                        guard got > 0 else { continue }
                        sessions[index].buffer.append(contentsOf: chunk[0..<got])
                        answerPings(sessions[index])
                    }
                }
                done.signal()
            }.start()
        }

        private var isStopping: Bool {
            flag.lock()
            defer { flag.unlock() }
            return stopping
        }

        func stop() {
            flag.lock()
            stopping = true
            flag.unlock()
            done.wait()
        }
    }

    /// Answers and removes the pings among the whole frames in the session's buffer.
    static func answerPings(_ session: Session) {
        let buffer = session.buffer
        // Usually none: then the buffer is left as it is (no copy per read of 10,000 sockets).
        var scan = 0
        var hasPing = false
        while let (start, length) = frameBounds(buffer, at: scan) {
            if buffer[scan] & 0x0F == 0x9 {
                hasPing = true
                break
            }
            scan = start + length
        }
        guard hasPing else { return }
        var kept: [UInt8] = []
        var offset = 0
        while let (start, length) = frameBounds(buffer, at: offset) {
            if buffer[offset] & 0x0F == 0x9 {
                sendFrame(session.fd, opcode: 0xA, Array(buffer[start..<(start + length)]))
            } else {
                kept.append(contentsOf: buffer[offset..<(start + length)])
            }
            offset = start + length
        }
        kept.append(contentsOf: buffer[offset...])
        session.buffer = kept
    }

    /// Where the payload of the frame at `offset` starts and how long it is, when it is whole.
    static func frameBounds(_ buffer: [UInt8], at offset: Int) -> (start: Int, length: Int)? {
        WebSocketFrames.frame(in: buffer, at: offset).map { ($0.start, $0.length) }
    }

    /// `JETWAY_LOAD_RCVBUF`: each socket's receive buffer, set before it connects (a small one
    /// makes a client that stops reading stop the server's writes soon: the kernel's window
    /// closes, and what the server has to say waits in its own queue).
    static let receiveBuffer = ProcessInfo.processInfo.environment["JETWAY_LOAD_RCVBUF"].flatMap { Int32($0) }

    static func connectSocket(port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            return nil
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return fd
    }

    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// GET the page, open its websocket and join with its token. `again`: as a browser that
    /// opened a page before (a first GET gives it its device cookie).
    static func open(
        port: Int, path: String, fieldFirst: Bool = false, again: Bool = false, language: String? = nil, zone: String? = nil
    ) -> Session? {
        var sent = language.map { "Accept-Language: \($0)\r\n" } ?? ""
        let zoneCookie = zone.map { "jw_zone=\($0)" }
        var deviceCookie: String?
        if again {
            guard let first = connectSocket(port: port) else { return nil }
            sendAll(first, Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8))
            var head: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            // The head is enough (the cookie is in it); the rest of the page is not read.
            while String(decoding: head, as: UTF8.self).range(of: "\r\n\r\n") == nil {
                let got = recv(first, &chunk, chunk.count, 0)
                if got <= 0 { break }
                head.append(contentsOf: chunk[0..<got])
            }
            close(first)
            guard let cookie = setCookie("jw_device", in: String(decoding: head, as: UTF8.self)) else { return nil }
            sent += "Cookie: \(([cookie] + (zoneCookie.map { [$0] } ?? [])).joined(separator: "; "))\r\n"
            deviceCookie = cookie
        } else if let zoneCookie {
            sent += "Cookie: \(zoneCookie)\r\n"
        }
        guard let http = connectSocket(port: port) else { return nil }
        sendAll(http, Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(sent)Connection: close\r\n\r\n".utf8))
        var page: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = recv(http, &chunk, chunk.count, 0)
            if got <= 0 { break }
            page.append(contentsOf: chunk[0..<got])
            if page.count > 4, let text = String(bytes: page.suffix(16), encoding: .utf8), text.contains("</html>") { break }
        }
        close(http)
        // The token is in the head and the target among the first elements: a long page is
        // not searched whole (Foundation's string search is slow on half a megabyte).
        let html = String(decoding: page.prefix(16384), as: UTF8.self)
        guard let token = value(after: "<meta name=\"jetway-token\" content=\"", in: html),
            let fd = connectSocket(port: port)
        else { return nil }
        let target = fieldFirst ? fieldID(in: html) ?? buttonID(in: html) : buttonID(in: html) ?? fieldID(in: html)
        let cookie =
            again
            ? deviceCookie
            : html.range(of: "\r\n\r\n").flatMap { setCookie("jw_device", in: String(html[..<$0.lowerBound])) }
        let cookies = ((cookie.map { [$0] } ?? []) + (zoneCookie.map { [$0] } ?? [])).joined(separator: "; ")
        guard upgrade(fd, port: port, cookie: cookies, language: language) else {
            close(fd)
            return nil
        }
        let session = Session(fd: fd, target: target)
        session.cookie = cookie ?? ""
        session.widget = PageIDs.id(ofElementContaining: "data-widget=", in: html)
        let version = value(after: "<meta name=\"jetway-version\" content=\"", in: html) ?? "0"
        let build = value(after: "<meta name=\"jetway-build\" content=\"", in: html) ?? "bench"
        // The address's path and its query, as the runtime joins with them.
        let address = path.split(separator: "?", maxSplits: 1).map(String.init)
        session.page = ClientPage(
            path: address[0], token: token, version: UInt64(version) ?? 0, buildID: build, query: address.count > 1 ? address[1] : "")
        sendText(fd, session.join)
        // `sync`: the socket reached another server than the page (behind a balancer), which
        // mounted the page afresh from its token, as the page's runtime accepts. A page that
        // changed since its GET is sent what it missed first, then `joined`.
        let deadline = Date().addingTimeInterval(10)
        while let frame = readFrame(session, timeout: max(0.1, deadline.timeIntervalSinceNow)) {
            let kind = session.note(frame)
            if kind == .joined || kind == .sync { return session }
            guard kind == .patch, Date() < deadline else { break }
        }
        close(fd)
        return nil
    }

    /// The search session `index` types in `type-each {own}`: two letters, different for each of
    /// the first 676 sessions (`ab`, `ac`, …).
    static func ownSearch(_ index: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return String([letters[index % 26], letters[(index / 26 + 1 + index % 26) % 26]])
    }

    /// Upgrades a connected socket to the page runtime's websocket; false when refused.
    static func upgrade(_ fd: Int32, port: Int, cookie: String = "", language: String? = nil) -> Bool {
        var request = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        if !cookie.isEmpty { request += "Cookie: \(cookie)\r\n" }
        if let language { request += "Accept-Language: \(language)\r\n" }
        request += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        request += "Sec-WebSocket-Protocol: \(RuntimeContract.subprotocol)\r\n"
        request += "Origin: http://127.0.0.1:\(port)\r\n\r\n"
        sendAll(fd, Array(request.utf8))
        var header: [UInt8] = []
        var byte: UInt8 = 0
        while !header.suffix(4).elementsEqual([13, 10, 13, 10]), recv(fd, &byte, 1, 0) == 1 { header.append(byte) }
        return String(decoding: header, as: UTF8.self).hasPrefix("HTTP/1.1 101")
    }

    /// Clicks at a steady rate across the sessions, every socket read meanwhile (`paced` above).
    static func paced(_ sessions: [Session], perSecond: Double, seconds: Double, ref: inout Int) -> (
        sent: Int, answered: Int, timeouts: Int, p50: Int, p99: Int
    ) {
        let clickable = sessions.indices.filter { sessions[$0].target != nil }
        guard !clickable.isEmpty else { return (0, 0, 0, -1, -1) }
        let clock = { DispatchTime.now().uptimeNanoseconds }
        let started = clock()
        let interval = UInt64(1e9 / perSecond)
        var slot = 0
        var sent = 0
        var waiting: [Int: (ref: Int, at: UInt64)] = [:]  // session index → the click in flight
        var samples: [Double] = []
        var timeouts = 0
        // The sockets with a click in flight are polled every turn; all of them only every 50 ms
        // (to read what fan-outs send): a poll over 10,000 sockets costs milliseconds, which
        // would count in every round trip.
        var all = sessions.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        var lastFull: UInt64 = 0
        var chunk = [UInt8](repeating: 0, count: 65536)
        let end = started + UInt64(seconds * 1e9)
        while clock() < end || (!waiting.isEmpty && clock() < end + 5_000_000_000) {
            // Every click due by now goes out (skipping a session whose last click is in flight).
            while clock() < end, started + UInt64(slot) * interval <= clock() {
                let index = clickable[slot % clickable.count]
                slot += 1
                if waiting[index] != nil { continue }
                sent += 1
                sendText(
                    sessions[index].fd, ClientMessage.event(ref: ref, id: sessions[index].target!, event: "click", payload: .none).text)
                waiting[index] = (ref, clock())
                ref += 1
            }
            var readable: [Int] = []
            if clock() - lastFull > 50_000_000 {
                lastFull = clock()
                if poll(&all, nfds_t(all.count), 0) > 0 {
                    for index in all.indices where all[index].revents != 0 {
                        all[index].revents = 0
                        readable.append(index)
                    }
                }
            } else {
                let inFlight = Array(waiting.keys)
                var some = inFlight.map { pollfd(fd: sessions[$0].fd, events: Int16(POLLIN), revents: 0) }
                if poll(&some, nfds_t(some.count), 1) > 0 {
                    for slot in some.indices where some[slot].revents != 0 { readable.append(inFlight[slot]) }
                }
            }
            for index in readable {
                let got = recv(sessions[index].fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
                guard got > 0 else { continue }
                let session = sessions[index]
                session.buffer.append(contentsOf: chunk[0..<got])
                answerPings(session)
                while let frame = takeFrame(session) {
                    if let click = waiting[index], frame.hasSuffix(",\(click.ref)]") {
                        samples.append(Double(clock() - click.at) / 1000)
                        waiting[index] = nil
                    }
                }
            }
        }
        timeouts = waiting.count
        samples.sort()
        let percentile = { (p: Double) -> Int in samples.isEmpty ? -1 : Int(samples[min(samples.count - 1, Int(Double(samples.count) * p))])
        }
        return (sent, samples.count, timeouts, percentile(0.5), percentile(0.99))
    }

    /// What `ride` saw.
    struct Ride {
        /// Sessions that lost their socket and are joined again at the end (`joined`, or `sync`
        /// from a new server process), the joins again made (a session may make several), and
        /// from the first socket lost to the last such join.
        var back = 0
        var rejoins = 0
        var milliseconds = -1
        /// The most upgrades the server answered in any 250 ms, and connections tried.
        var busiest = 0
        var attempts = 0
        /// Frames of each kind that came, and the network cuts the client made.
        var patches = 0
        var syncs = 0
        var tokens = 0
        var errors = 0
        var resets = 0
        var stalls = 0
        /// Sessions with a joined socket at the end.
        var live = 0
    }

    /// Network cuts a `ride` makes: every `every` seconds, `share` of the live sessions lose
    /// their connection, half by a reset (an abortive close: the server sees its socket fail
    /// mid-stream; the page reconnects with its backoff and resumes) and half by going silent
    /// for `silence` seconds (nothing read or sent, as a pulled cable: the server's queue for it
    /// fills, then collapses into one resync; it is read again afterwards). None in the last
    /// `calm` seconds, so every session can be back at the end.
    struct Cuts {
        var every: Double
        var share: Double
        var silence: Double
        var calm: Double

        /// Cuts for a ride of `seconds`: silences of 8 s and a calm end of 12 s, shorter in a
        /// short ride (a third of it).
        init(every: Double, share: Double, for seconds: Double) {
            self.every = every
            self.share = share
            calm = min(12, seconds / 3)
            silence = min(8, calm)
        }
    }

    /// Rides out a server that goes away and comes back (`survive` above), and network cuts
    /// (`ride`): every session whose socket ends reconnects as the page's runtime does, after a
    /// random delay of up to 250 ms × 2^attempt (at most 10 s), and joins again with its newest
    /// token and version. Ends after `seconds`, or once every session lost has joined again when
    /// `untilAllBack`.
    static func ride(_ sessions: [Session], port: Int, seconds: Double, untilAllBack: Bool, expectBack: Int = 1, cuts: Cuts? = nil) -> Ride
    {
        enum State {
            case live
            case silent(until: Double)
            case waiting(until: Double, attempt: Int)
            case joining(since: Double, attempt: Int)
            case back
        }
        let clock = { Date().timeIntervalSinceReferenceDate }
        let started = clock()
        var states = [State](repeating: .live, count: sessions.count)
        var ride = Ride()
        var firstLost: Double?
        var lastBack = 0.0
        var upgrades: [Double] = []
        var nextCut = started + (cuts?.every ?? .infinity)
        var chunk = [UInt8](repeating: 0, count: 65536)
        // The page runtime's backoff: full jitter over 250 ms × 2^attempt, capped at 10 s.
        func backoff(_ attempt: Int) -> Double { Double.random(in: 0..<1) * min(10, 0.25 * pow(2, Double(attempt))) }
        func lost(_ index: Int, attempt: Int) {
            if sessions[index].fd >= 0 { close(sessions[index].fd) }
            sessions[index].fd = -1
            sessions[index].buffer = []
            if firstLost == nil { firstLost = clock() }
            states[index] = .waiting(until: clock() + backoff(attempt), attempt: attempt + 1)
        }
        func isConnected(_ state: State) -> Bool {
            switch state {
            case .live, .back: true
            default: false
            }
        }
        while clock() - started < seconds {
            // Done when at least `expectBack` sessions were lost and every session is joined
            // again (those never lost are still live).
            if untilAllBack, firstLost != nil, states.allSatisfy(isConnected),
                states.filter({ if case .back = $0 { true } else { false } }).count >= expectBack
            {
                break
            }
            let now = clock()
            if let cuts, now >= nextCut, now - started < seconds - cuts.calm {
                nextCut = now + cuts.every
                let connected = sessions.indices.filter { isConnected(states[$0]) }.shuffled()
                for (turn, index) in connected.prefix(Int((Double(connected.count) * cuts.share).rounded())).enumerated() {
                    if turn % 2 == 0 {
                        // SO_LINGER 0: close sends a reset, as a broken path does.
                        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                        setsockopt(sessions[index].fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                        ride.resets += 1
                        lost(index, attempt: 0)
                    } else {
                        ride.stalls += 1
                        states[index] = .silent(until: now + cuts.silence)
                    }
                }
            }
            var fds = sessions.indices.map { index in
                if case .silent = states[index] { return pollfd(fd: -1, events: 0, revents: 0) }
                return pollfd(fd: sessions[index].fd, events: Int16(POLLIN), revents: 0)
            }
            _ = poll(&fds, nfds_t(fds.count), 5)
            for index in sessions.indices {
                let session = sessions[index]
                switch states[index] {
                case .silent(let until):
                    if now >= until { states[index] = .live }
                case .waiting(let until, let attempt):
                    guard now >= until else { continue }
                    ride.attempts += 1
                    guard let fd = connectSocket(port: port) else {
                        states[index] = .waiting(until: now + backoff(attempt), attempt: attempt + 1)
                        continue
                    }
                    guard upgrade(fd, port: port, cookie: session.cookie) else {
                        close(fd)
                        states[index] = .waiting(until: now + backoff(attempt), attempt: attempt + 1)
                        continue
                    }
                    upgrades.append(clock())
                    session.fd = fd
                    sendText(fd, session.join)
                    states[index] = .joining(since: clock(), attempt: attempt)
                case .joining(let since, let attempt) where now - since > 10:
                    lost(index, attempt: attempt)
                default:
                    guard fds[index].revents != 0 else { continue }
                    let got = recv(session.fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
                    if got > 0 {
                        session.buffer.append(contentsOf: chunk[0..<got])
                        answerPings(session)
                        while let frame = takeFrame(session) {
                            let kind = session.note(frame)
                            switch kind {
                            case .patch:
                                ride.patches += 1
                                session.patchesSeen += 1
                            case .token:
                                ride.tokens += 1
                                session.tokensSeen += 1
                            case .sync: ride.syncs += 1
                            case .error: ride.errors += 1
                            case .joined, .other: break
                            }
                            // `joined` when the server still has the session; `sync` (the whole
                            // page, re-mounted) when it is a new process (docs/protocol.md).
                            if case .joining = states[index], kind == .joined || kind == .sync {
                                states[index] = .back
                                ride.rejoins += 1
                                lastBack = clock()
                            }
                        }
                    } else if got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
                        if case .joining(_, let attempt) = states[index] { lost(index, attempt: attempt) } else { lost(index, attempt: 0) }
                    }
                }
            }
        }
        var windowStart = 0
        for (index, time) in upgrades.enumerated() {
            while time - upgrades[windowStart] > 0.25 { windowStart += 1 }
            ride.busiest = max(ride.busiest, index - windowStart + 1)
        }
        if ProcessInfo.processInfo.environment["JETWAY_SURVIVE_DEBUG"] != nil, let firstLost, let first = upgrades.first {
            FileHandle.standardError.write(
                Data(
                    "survive: first upgrade \(Int((first - firstLost) * 1000)) ms, last \(Int(((upgrades.last ?? first) - firstLost) * 1000)) ms, last join \(Int((lastBack - firstLost) * 1000)) ms\n"
                        .utf8))
        }
        ride.back = states.filter { if case .back = $0 { true } else { false } }.count
        ride.milliseconds = firstLost.map { Int((lastBack - $0) * 1000) } ?? -1
        ride.live = states.filter(isConnected).count
        return ride
    }

    static func value(after marker: String, in text: String) -> String? {
        guard let range = text.range(of: marker) else { return nil }
        return String(text[range.upperBound...].prefix { $0 != "\"" })
    }

    static func buttonID(in html: String) -> String? {
        PageIDs.id(ofElementContaining: "class=\"\(StyleClass.button)\"", in: html)
    }

    static func fieldID(in html: String) -> String? {
        PageIDs.id(ofElementContaining: "<input", in: html)
    }

    /// `name=value` of the `Set-Cookie` for `name` among an answer's headers, as a browser
    /// would send it back; nil when there is none.
    static func setCookie(_ name: String, in head: String) -> String? {
        head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie: \(name)=") }
            .map { String($0.dropFirst("set-cookie: ".count).prefix { $0 != ";" }) }
    }

    static func sendText(_ fd: Int32, _ text: String) {
        sendFrame(fd, opcode: 0x1, Array(text.utf8))
    }

    /// One masked, final client frame.
    static func sendFrame(_ fd: Int32, opcode: UInt8, _ payload: [UInt8]) {
        sendAll(fd, WebSocketFrames.clientFrame(opcode: opcode, payload, mask: [1, 2, 3, 4]))
    }

    /// The next whole frame, waiting for its bytes until `timeout`; nil when none came.
    static func readFrame(_ session: Session, timeout: TimeInterval) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let frame = takeFrame(session) { return frame }
            if Date() > deadline { return nil }
            let got = recv(session.fd, &chunk, chunk.count, 0)
            if got <= 0 { return nil }
            session.buffer.append(contentsOf: chunk[0..<got])
        }
    }

    /// A frame that has already arrived, without waiting for one.
    static func waitingFrame(_ session: Session) -> String? {
        if let frame = takeFrame(session) { return frame }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let got = recv(session.fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
        guard got > 0 else { return nil }
        session.buffer.append(contentsOf: chunk[0..<got])
        return takeFrame(session)
    }

    /// A whole frame already in the session's buffer (server frames are unmasked), or nil.
    static func takeFrame(_ session: Session) -> String? {
        guard let (offset, length) = frameBounds(session.buffer, at: 0) else { return nil }
        let payload = Array(session.buffer[offset..<(offset + length)])
        let isPing = session.buffer[0] & 0x0F == 0x9
        // In place: no copy of what is left (a fan-out puts a frame in 10,000 buffers).
        session.buffer.removeFirst(offset + length)
        // A ping is answered as a browser answers it (lws hangs up on a socket that has not
        // proved alive for five minutes), and is not a frame of the page.
        if isPing {
            sendFrame(session.fd, opcode: 0xA, payload)
            return takeFrame(session)
        }
        let text = String(decoding: payload, as: UTF8.self)
        // As the runtime does: a page sent whole is answered with its serial once it has it.
        if text.hasPrefix("[\"sync\""), case .message(.sync(_, _, _, _, let page))? = try? ServerFrame(decoding: text), page > 0 {
            sendText(session.fd, ClientMessage.synced(UInt64(page)).text)
        }
        return text
    }
}
