import Foundation
import Jetway
import JetwayBrowser
import MountainAirportViews
import Testing

@testable import JetwayServer

/// The sign-in building blocks: scrypt password hashes and the throttle of failed attempts.
/// Serialized: scrypt runs one per core for the whole process. The socket test gives each
/// answer 20 s: its handler hops off the main actor and back, which a loaded CI machine (the
/// thousand-page test beside it) can hold up for seconds.
@Suite(.serialized)
struct SignInTests {
    @Test func aPasswordVerifiesAgainstItsHashAndNoOtherDoes() async throws {
        let stored = try await Passwords.hash("correct horse battery staple", cost: .weakForTests)
        #expect(stored.hasPrefix("$scrypt$ln=4,r=1,p=1$"))
        #expect(await Passwords.verify("correct horse battery staple", against: stored))
        #expect(!(await Passwords.verify("correct horse battery stapl", against: stored)))
        #expect(!(await Passwords.verify("", against: stored)))
        // A salt of its own each time: the same password never gives the same hash.
        let again = try await Passwords.hash("correct horse battery staple", cost: .weakForTests)
        #expect(again != stored)
        #expect(await Passwords.verify("correct horse battery staple", against: again))
    }

    @Test func scryptIsTheOneOfRFC7914() async {
        // RFC 7914, section 12, the third vector: P = "pleaseletmein", S = "SodiumChloride",
        // N = 16384, r = 8, p = 1, 64 bytes.
        let key: [UInt8] = Array(
            "7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887"
                .utf8
        ).chunked2().map { UInt8($0, radix: 16)! }
        let stored = "$scrypt$ln=14,r=8,p=1$\(Data("SodiumChloride".utf8).base64EncodedString())$\(Data(key).base64EncodedString())"
        #expect(await Passwords.verify("pleaseletmein", against: stored))
        #expect(!(await Passwords.verify("pleaseletmeout", against: stored)))
    }

    @Test func theStandardCostIsWhatNewHashesGet() async throws {
        let started = Date()
        let stored = try await Passwords.hash("pilot")
        #expect(stored.hasPrefix("$scrypt$ln=14,r=8,p=1$"))
        #expect(await Passwords.verify("pilot", against: stored))
        // Slow on purpose: two scrypt runs of ~16 MB each.
        #expect(Date().timeIntervalSince(started) > 0.01)
    }

    @Test func aMalformedOrOverpricedHashVerifiesAsFalse() async throws {
        let good = try await Passwords.hash("gate", cost: .weakForTests)
        let parts = good.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        let bad = [
            "", "$", "plain text", "$scrypt$$$", "$bcrypt$ln=4,r=1,p=1$\(parts[3])$\(parts[4])",
            "$scrypt$ln=4,r=1$\(parts[3])$\(parts[4])",
            "$scrypt$ln=40,r=1,p=1$\(parts[3])$\(parts[4])",  // 2^40 iterations: refused, not run
            "$scrypt$ln=4,r=99,p=1$\(parts[3])$\(parts[4])",
            "$scrypt$ln=4,r=1,p=1$not base64!$\(parts[4])",
            "$scrypt$ln=4,r=1,p=1$\(parts[3])$",
            "$scrypt$ln=4,r=1,p=1$\(parts[3])$\(parts[4])$extra",
            "$scrypt$ln=-4,r=1,p=1$\(parts[3])$\(parts[4])",
        ]
        for stored in bad {
            #expect(!(await Passwords.verify("gate", against: stored)), "\(stored)")
        }
        #expect(await Passwords.verify("gate", against: good))
    }

    @Test func anOverlongPasswordIsRefusedNotHashed() async throws {
        let long = String(repeating: "x", count: Passwords.maximumPasswordBytes + 1)
        await #expect(throws: Passwords.Failure.passwordTooLong) { try await Passwords.hash(long, cost: .weakForTests) }
        let stored = try await Passwords.hash("short", cost: .weakForTests)
        #expect(!(await Passwords.verify(long, against: stored)))
    }

    @Test func manyChecksAtOnceAllFinishCorrectly() async throws {
        let stored = try await Passwords.hash("boarding", cost: .weakForTests)
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<40 { group.addTask { await Passwords.verify(index % 2 == 0 ? "boarding" : "wrong", against: stored) } }
            var results: [Bool] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.filter { $0 }.count == 20 && results.count == 40)
    }

    struct SignIn: Decodable {
        let name: String
        let password: String
    }

    /// The handler of docs/http.md, over real sockets: wrong passwords and unknown names are
    /// 401s, a right password signs in with a signed cookie, and after five failures (the free ones)
    /// even the right password waits (429).
    @MainActor @Test func aSignInHandlerBuiltOnThemAnswersAsAUserExpects() async throws {
        let hash = try await Passwords.hash("tower", cost: .weakForTests)
        let users = ["ana": (id: "u1", passwordHash: hash)]
        // A minute's first wait, so a slow machine cannot outwait it between two requests.
        var policy = SignInThrottle.Policy()
        policy.firstDelay = 60
        let throttle = SignInThrottle(policy: policy)
        let app = JetwayApp(
            title: "Sign in", routes: [],
            handlers: [
                Handler(.post, "/signin") { request in
                    let form = try request.decode(SignIn.self)
                    let attempt: SignInThrottle.Attempt
                    switch throttle.begin(user: form.name, address: request.remoteAddress, device: request.device) {
                    case .wait(let seconds): throw HTTPError(429, "too many attempts; try again in \(seconds) s")
                    case .allowed(let allowed): attempt = allowed
                    }
                    guard let user = users[form.name] else {
                        await Passwords.verifyUnknownUser(cost: .weakForTests)
                        throw HTTPError(401, "wrong name or password")
                    }
                    guard await Passwords.verify(form.password, against: user.passwordHash) else {
                        throw HTTPError(401, "wrong name or password")
                    }
                    throttle.succeeded(attempt)
                    var response = Response.redirect(to: "/ops")
                    response.setCookie(Cookie(name: "user", value: user.id))
                    return response
                }
            ])
        let server = try TestServer(app: app, transport: .memory)
        defer { server.stop() }
        func signIn(_ name: String, _ password: String) async -> HTTPReply {
            await server.exchange(
                "POST /signin HTTP/1.1", body: #"{"name":"\#(name)","password":"\#(password)"}"#, type: "application/json",
                timeout: 20)
        }
        #expect(await signIn("bob", "tower").status == 401, "an unknown name")
        let right = await signIn("ana", "tower")
        #expect(right.status == 303 && right.headers["location"] == "/ops")
        #expect(right.headers["set-cookie"]?.hasPrefix("user=u1.") == true && right.headers["set-cookie"]?.contains("HttpOnly") == true)
        for _ in 0..<5 { #expect(await signIn("ana", "wrong").status == 401) }
        let held = await signIn("ana", "tower")
        #expect(held.status == 429 && held.body.contains("try again in 60 s"), "\(held.body)")
        #expect(await signIn("bob", "x").status == 401, "another name is not held up")
    }

    /// The airport's staff sign-in under the attack of the issue: 60 wrong passwords for one
    /// name sent at once get only the allowance checked (the rest are told to wait before any
    /// scrypt runs), and the colleague whose name it was signs in from her own address.
    @MainActor @Test func theConsoleCountsABurstBeforeCheckingAndLocksNoOneOut() async throws {
        let server = try TestServer()
        defer { server.stop() }
        try await AirportStaff.add(name: "alice", password: "correct horse", to: server.model.store)
        let port = server.port
        // A browser that comes straight to the form gets its device cookie there.
        let form = await offPool { LoopbackClient.get("/ops/signin", from: "127.0.0.4", port: port).answer }
        #expect(form.lowercased().contains("set-cookie: jw_device="), "\(form.prefix(400))")
        @Sendable func request(_ password: String) -> String {
            let body = "name=alice&password=\(password)"
            return "POST /ops/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        }
        @Sendable func location(_ answer: String) -> String {
            answer.split(separator: "\r\n").first { $0.lowercased().hasPrefix("location:") }.map(String.init) ?? answer
        }
        // All 60 sent before any answer is read: a burst, as the attack sent it.
        let answers = await offPool { () -> [String] in
            let sockets = (0..<60).map { _ in LoopbackClient.connect(from: "127.0.0.2", port: port) }
            for (index, fd) in sockets.enumerated() { LoopbackClient.send(fd, request("guess\(index)")) }
            defer { for fd in sockets { close(fd) } }
            return sockets.map { location(LoopbackClient.readAll($0, timeout: 60)) }
        }
        let checked = answers.filter { $0.contains("failed=1") }.count
        let toldToWait = answers.filter { $0.contains("wait=") }.count
        #expect(checked <= 5 && checked + toldToWait == 60, "\(checked) checked, \(toldToWait) told to wait: \(Set(answers))")
        let hers = await offPool { location(LoopbackClient.exchange(request("correct%20horse"), from: "127.0.0.3", port: port).answer) }
        #expect(hers.hasSuffix("/ops"), "alice was kept out from her own address: \(hers)")
    }

    final class Clock: @unchecked Sendable {
        var time = Date(timeIntervalSince1970: 1_800_000_000)
    }

    /// Lets a try through and keeps it counted as a failure; false when it had to wait.
    @discardableResult
    func fail(_ throttle: SignInThrottle, _ user: String, _ address: String, device: String? = nil) -> Bool {
        if case .allowed = throttle.begin(user: user, address: address, device: device) { return true }
        return false
    }

    func wait(_ throttle: SignInThrottle, _ user: String, _ address: String, device: String? = nil) -> Int? {
        if case .wait(let seconds) = throttle.begin(user: user, address: address, device: device) { return seconds }
        return nil
    }

    @Test func failuresPastTheFreeOnesWaitLongerEachTime() {
        let clock = Clock()
        let throttle = SignInThrottle(now: { clock.time })
        for _ in 0..<5 { #expect(fail(throttle, "ana", "10.0.0.1"), "five free failures") }
        #expect(wait(throttle, "ana", "10.0.0.1") == 1)
        #expect(wait(throttle, " ANA ", "10.0.0.1") == 1, "however the name is written")
        clock.time += 1
        #expect(fail(throttle, "ana", "10.0.0.1"))
        #expect(wait(throttle, "ana", "10.0.0.1") == 2)
        clock.time += 2
        #expect(fail(throttle, "ana", "10.0.0.1"))
        #expect(wait(throttle, "ana", "10.0.0.1") == 4)
        // Another address is not held up for that name, nor another name.
        #expect(fail(throttle, "ana", "10.0.0.2"))
        #expect(fail(throttle, "ben", "10.0.0.2"))
        // A success clears the name from that address.
        clock.time += 4
        guard case .allowed(let right) = throttle.begin(user: "ana", address: "10.0.0.1") else {
            Issue.record("the wait was over")
            return
        }
        throttle.succeeded(right)
        #expect(fail(throttle, "ana", "10.0.0.1"))
        #expect(wait(throttle, "ana", "10.0.0.1") == nil)
    }

    /// A burst sent at once (before any password is checked) gets only the allowance through:
    /// each try is counted as it is let through, not when its check ends.
    @Test func aBurstIsCountedBeforeItsPasswordsAreChecked() {
        let throttle = SignInThrottle()
        let tried = (0..<60).filter { _ in fail(throttle, "ops", "10.0.0.1") }.count
        #expect(tried == 5, "\(tried) of a burst of 60 were let through")
        // From 600 machines at once, the rest of the name's overall allowance (100).
        let fromMany = (0..<600).filter { fail(throttle, "ops", "10.1.\($0 / 250).\($0 % 250)") }.count
        #expect(fromMany == 100 - 5, "\(fromMany) tries from many addresses")
    }

    /// Someone who knows a colleague's name cannot keep her out: her address and her device
    /// are counted apart from his, and a device she signed in from before is let through even
    /// while the name is held up everywhere else.
    @Test func aNameCannotBeLockedOutByOthers() {
        let throttle = SignInThrottle()
        guard case .allowed(let earlier) = throttle.begin(user: "ana", address: "10.0.0.5", device: "anas-laptop") else {
            Issue.record("a first try waited")
            return
        }
        throttle.succeeded(earlier)
        for _ in 0..<7 { fail(throttle, "ana", "10.9.9.9", device: "attacker") }
        #expect(wait(throttle, "ana", "10.9.9.9", device: "attacker") != nil)
        #expect(wait(throttle, "ana", "10.9.9.9", device: "a-new-cookie") != nil, "a new cookie does not reset the address")
        #expect(fail(throttle, "ana", "10.0.0.6", device: "anas-phone"), "she is held up from another address")
        // Hundreds of machines try her name: new devices wait, hers does not.
        for index in 0..<300 { fail(throttle, "ana", "10.2.\(index / 250).\(index % 250)") }
        #expect(wait(throttle, "ana", "10.3.0.1", device: "new") != nil)
        #expect(fail(throttle, "ana", "10.0.0.7", device: "anas-laptop"), "a device she signed in from is held up")
    }

    @Test func oneAddressTryingManyNamesWaitsAndIsForgottenAfterTheWindow() {
        let clock = Clock()
        var policy = SignInThrottle.Policy()
        policy.window = 60
        let throttle = SignInThrottle(policy: policy, now: { clock.time })
        for index in 0..<21 { fail(throttle, "user\(index)", "203.0.113.9") }
        #expect(wait(throttle, "someone-new", "203.0.113.9") == 1)
        #expect(wait(throttle, "someone-new", "203.0.113.10") == nil)
        clock.time += 61
        #expect(fail(throttle, "someone-new", "203.0.113.9"))
        #expect(fail(throttle, "someone-new", "203.0.113.9"), "the count started over")
    }

    @Test func theThrottleKeepsBoundedMemory() {
        let clock = Clock()
        var policy = SignInThrottle.Policy()
        policy.maximumEntries = 1000
        let throttle = SignInThrottle(policy: policy, now: { clock.time })
        for index in 0..<10_000 {
            fail(throttle, "name\(index)", "198.51.100.\(index % 250)-\(index)")
            clock.time += 0.01
        }
        let counted = throttle.counted
        #expect(counted.users <= 1000 && counted.addresses <= 1000)
        #expect(counted.users >= 900, "the newest names are still counted (\(counted.users))")
    }
}

extension Array where Element == UInt8 {
    /// Hex digits two by two.
    fileprivate func chunked2() -> [String] {
        stride(from: 0, to: count, by: 2).map { String(decoding: self[$0..<Swift.min($0 + 2, count)], as: UTF8.self) }
    }
}
