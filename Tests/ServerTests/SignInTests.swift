import Foundation
import Jetway
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
    /// 401s, a right password signs in with a signed cookie, and after six failures (five free)
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
                    if case .wait(let seconds) = throttle.check(user: form.name, address: request.remoteAddress) {
                        throw HTTPError(429, "too many attempts; try again in \(seconds) s")
                    }
                    guard let user = users[form.name] else {
                        await Passwords.verifyUnknownUser(cost: .weakForTests)
                        throttle.failed(user: form.name, address: request.remoteAddress)
                        throw HTTPError(401, "wrong name or password")
                    }
                    guard await Passwords.verify(form.password, against: user.passwordHash) else {
                        throttle.failed(user: form.name, address: request.remoteAddress)
                        throw HTTPError(401, "wrong name or password")
                    }
                    throttle.succeeded(user: form.name)
                    var response = Response.redirect(to: "/ops")
                    response.setCookie(Cookie(name: "user", value: user.id))
                    return response
                }
            ])
        let server = try TestServer(app: app)
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
        for _ in 0..<6 { #expect(await signIn("ana", "wrong").status == 401) }
        let held = await signIn("ana", "tower")
        #expect(held.status == 429 && held.body.contains("try again in 60 s"), "\(held.body)")
        #expect(await signIn("bob", "x").status == 401, "another name is not held up")
    }

    final class Clock: @unchecked Sendable {
        var time = Date(timeIntervalSince1970: 1_800_000_000)
    }

    @Test func failuresPastTheFreeOnesWaitLongerEachTime() {
        let clock = Clock()
        let throttle = SignInThrottle(now: { clock.time })
        for _ in 0..<5 {
            #expect(throttle.check(user: "ana", address: "10.0.0.1") == .allowed)
            throttle.failed(user: "ana", address: "10.0.0.1")
        }
        #expect(throttle.check(user: "ana", address: "10.0.0.1") == .allowed, "five free failures")
        throttle.failed(user: "ana", address: "10.0.0.1")
        #expect(throttle.check(user: "ana", address: "10.0.0.1") == .wait(seconds: 1))
        // The name waits from any address, and however it is written.
        #expect(throttle.check(user: " ANA ", address: "10.0.0.2") == .wait(seconds: 1))
        clock.time += 1
        throttle.failed(user: "ana", address: "10.0.0.1")
        #expect(throttle.check(user: "ana", address: "10.0.0.1") == .wait(seconds: 2))
        clock.time += 2
        throttle.failed(user: "ana", address: "10.0.0.1")
        #expect(throttle.check(user: "ana", address: "10.0.0.1") == .wait(seconds: 4))
        // Other names from another address are not held up.
        #expect(throttle.check(user: "ben", address: "10.0.0.2") == .allowed)
        // A success clears the name.
        clock.time += 4
        throttle.succeeded(user: "ana")
        throttle.failed(user: "ana", address: "10.0.0.3")
        #expect(throttle.check(user: "ana", address: "10.0.0.3") == .allowed)
    }

    @Test func oneAddressTryingManyNamesWaitsAndIsForgottenAfterTheWindow() {
        let clock = Clock()
        var policy = SignInThrottle.Policy()
        policy.window = 60
        let throttle = SignInThrottle(policy: policy, now: { clock.time })
        for index in 0..<21 { throttle.failed(user: "user\(index)", address: "203.0.113.9") }
        #expect(throttle.check(user: "someone-new", address: "203.0.113.9") == .wait(seconds: 1))
        #expect(throttle.check(user: "someone-new", address: "203.0.113.10") == .allowed)
        // A success of its own does not clear the address.
        throttle.succeeded(user: "user0")
        #expect(throttle.check(user: "user0", address: "203.0.113.9") == .wait(seconds: 1))
        clock.time += 61
        #expect(throttle.check(user: "someone-new", address: "203.0.113.9") == .allowed)
        throttle.failed(user: "someone-new", address: "203.0.113.9")
        #expect(throttle.check(user: "someone-new", address: "203.0.113.9") == .allowed, "the count started over")
    }

    @Test func theThrottleKeepsBoundedMemory() {
        let clock = Clock()
        var policy = SignInThrottle.Policy()
        policy.maximumEntries = 1000
        let throttle = SignInThrottle(policy: policy, now: { clock.time })
        for index in 0..<10_000 {
            throttle.failed(user: "name\(index)", address: "198.51.100.\(index % 250)-\(index)")
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
