import Foundation
import JetwayRoutes
import Testing

@testable import MountainAirportViews

/// The API's JSON body (`PATCH /api/flights/:id`) under seeded fuzzing: every body is a change
/// or a 400 that says what is wrong, never another error and never a crash. See
/// Tests/ServerTests/FuzzTests.swift for the generator's rules.
@Suite struct FlightChangeFuzzTests {
    @Test func everyBodyIsAChangeOrAClearRefusal() throws {
        let seeds = [
            #"{"status":"Delayed","currentTime":"2026-12-02T10:40:00Z","gate":"B7"}"#, #"{"currentTime":null}"#, #"{"gate":"A1"}"#,
            #"{"status":"On Time"}"#, "{}",
        ].map { Array($0.utf8) }
        let fragments = [
            "{", "}", "[", "]", "\"", ":", ",", "null", "true", "1e999", "\"status\"", "\"gate\"", "\"currentTime\"", "\\u0000", "\u{FEFF}",
        ].map {
            Array($0.utf8)
        }
        var random = DayGenerator(seed: UInt64(ProcessInfo.processInfo.environment["JETWAY_FUZZ_SEED"] ?? "") ?? 0x4A65_7477_6179)
        func next() -> Int { Int(truncatingIfNeeded: random.next() >> 1) }
        let inputs = Int(ProcessInfo.processInfo.environment["JETWAY_FUZZ_INPUTS"] ?? "") ?? 20_000
        var accepted = 0
        var refused = 0
        for _ in 0..<inputs {
            var body = seeds[next() % seeds.count]
            for _ in 0..<next() % 3 {
                let at = next() % (body.count + 1)
                switch next() % 4 {
                case 0 where at < body.count: body[at] = UInt8(truncatingIfNeeded: next())
                case 1: body.insert(contentsOf: fragments[next() % fragments.count], at: at)
                case 2 where at < body.count: body.removeSubrange(at..<min(body.count, at + 1 + next() % 6))
                default: body.removeSubrange(at...)
                }
            }
            let request = Request(method: .patch, path: "/api/flights/1", headers: ["content-type": "application/json"], body: body)
            do {
                _ = try request.decode(FlightChange.self)
                accepted += 1
            } catch let error as HTTPError {
                #expect(error.status == 400, "\(String(decoding: body, as: UTF8.self)): \(error)")
                refused += 1
            }
        }
        #expect(accepted > inputs / 50 && refused > inputs / 4, "accepted \(accepted), refused \(refused)")
    }
}
