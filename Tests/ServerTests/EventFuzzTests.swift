import Foundation
import Jetway
import JetwayTesting
import Testing

@testable import JetwayServer

/// Fuzzing of what acts on untrusted input past the decoder: random events with random payloads
/// on every element of the controls gallery (the dispatcher and every control's handler), and
/// the upload's image sniffer on mangled PNG and JPEG headers. See FuzzTests.swift.
@MainActor
@Suite struct EventFuzzTests {
    @Test func randomEventsOnEveryControlAreHandledOrRefused() async throws {
        var random = FuzzRandom(FuzzTests.seed &+ 10)
        let model = ControlsModel()
        let host = ViewHost(ControlsGallery(model: model))
        let kinds = EventKind.allCases.filter(\.isSentByBrowsers)
        var handled = 0
        var refused = 0
        var pacer = MainActorPacer()
        for _ in 0..<max(200, FuzzTests.inputs / 20) {
            await pacer.pace()
            let elements = host.dom.root.descendants.compactMap { $0.attribute("data-j").flatMap(NodeID.init) }
            // Now and then an id that is not on the page.
            let id =
                random.below(20) == 0
                ? NodeID(String(random.next() % 1_000_000, radix: 36)) ?? elements[0] : elements[random.below(elements.count)]
            let event = kinds[random.below(kinds.count)]
            do {
                try host.graph.dispatch(id, event, Self.payload(&random))
                handled += 1
            } catch {
                refused += 1
            }
            // Whatever the event did, the page must still be a correct render of the views:
            // ViewHost checks each patch against a fresh render and throws when they differ.
            try host.update()
        }
        #expect(handled > 0 && refused > 0, "handled \(handled), refused \(refused)")
    }

    @Test func theImageSnifferNeverTrustsAHeader() {
        var random = FuzzRandom(FuzzTests.seed &+ 11)
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 1, 0, 0, 0, 0, 200, 8, 6, 0, 0, 0]
        let jpeg: [UInt8] =
            [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [
                0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xFF, 0xC0, 0, 17, 8, 0, 200, 1, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
            ]
        var found = 0
        for _ in 0..<FuzzTests.inputs {
            var bytes = random.below(2) == 0 ? png : jpeg
            for _ in 0..<1 + random.below(4) {
                let at = random.below(bytes.count)
                switch random.below(4) {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.removeSubrange(at...)
                case 2: bytes.insert(contentsOf: (0..<random.below(16)).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: at)
                default:
                    bytes.insert(contentsOf: [0xFF, [0xC0, 0xD9, 0xDA, 0xE1, 0x01][random.below(5)], 0, UInt8(random.below(4))], at: at)
                }
                if bytes.isEmpty { break }
            }
            if let image = ImageSniffer.identify(bytes) {
                found += 1
                #expect(image.width > 0 && image.height > 0, "\(bytes) read as \(image)")
            }
            #expect(!ImageSniffer.describe(bytes).isEmpty)
        }
        #expect(found > 0, "no mangled header was still an image: the mutations are too coarse")
    }

    static func payload(_ random: inout FuzzRandom) -> EventPayload {
        let numbers = [0, -0.0, 1, -1, 0.5, 1e308, -1e308, .infinity, -.infinity, .nan, 1e-320, 86_400, 2_000_000_000_000]
        switch random.below(7) {
        case 0: return .none
        case 1: return .bool(random.below(2) == 0)
        case 2: return .number(numbers[random.below(numbers.count)])
        case 3: return .size(width: numbers[random.below(numbers.count)], height: numbers[random.below(numbers.count)])
        case 4:
            return .message(
                name: ["", "x", "select", "rows"][random.below(4)],
                json: ["", "{", "null", "[1,2]", "{\"a\":1}", "\"\\ud800\""][random.below(6)])
        default:
            let texts = [
                "", "Business", "12", "-3", "2026-12-01", "2026-12-01T10:00", "13:61", "abc", String(repeating: "é", count: 5000), "\u{0}",
                "1e999", "nav.1.2",
            ]
            return .text(random.below(3) == 0 ? FuzzTests.randomText(&random, maxLength: 30) : texts[random.below(texts.count)])
        }
    }
}
