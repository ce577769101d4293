import Foundation
import Jetway
import JetwayRoutes
import JetwayServer
import Testing

@testable import MountainAirportViews

/// Seeded fuzzing of what reads untrusted bytes: the client-message decoder, cookie and query
/// parsing, and the HTML escaper (checked against Python's own HTML parser). The same seed gives
/// the same inputs, so a failure names its seed and input number. `make test` runs a short
/// pass; `make fuzz` runs 1,000,000 inputs per target under the address sanitizer
/// (`JETWAY_FUZZ_INPUTS`, `JETWAY_FUZZ_SEED`).
@Suite struct FuzzTests {
    static let inputs = Int(ProcessInfo.processInfo.environment["JETWAY_FUZZ_INPUTS"] ?? "") ?? 20_000
    static let seed = UInt64(ProcessInfo.processInfo.environment["JETWAY_FUZZ_SEED"] ?? "") ?? 0x4A65_7477_6179

    /// Valid messages of every kind, which the mutations start from.
    static let clientSeeds = [
        #"["join","tok.en","/board",3,"b1","q=1"]"#, #"["join","t","/",0,"b"]"#, #"["e",1,"2s","click",null]"#,
        #"["e",2,"2s","input","héllo ✈︎"]"#, #"["e",3,"a","size",[320,480.5]]"#, #"["e",4,"w","message",["name","{\"a\":[1,2]}"]]"#,
        #"["e",5,"b","toggle",true]"#, #"["ping",5]"#, #"["resync"]"#,
    ].map { Array($0.utf8) }
    static let fragments = [
        "[", "]", "{", "}", ",", ":", "\"", "\\", "\\u0000", "\\ud800", "\\udc00\\ud800", "\\uZZZZ", "null", "true", "false", "-0", "1e308",
        "1e999", "-", "0.5", "9223372036854775808", "-9223372036854775809", "\"join\"", "\"e\"", "\"ping\"", "\u{FEFF}", " ", "\n", "\u{0}",
        "\"\u{1F6EB}\"", "[[[[[[[[", "]]]]]]]]", String(repeating: "9", count: 400),
    ].map { Array($0.utf8) }

    @Test func theClientMessageDecoderRefusesOrDecodesEveryInput() throws {
        var random = FuzzRandom(Self.seed)
        var decoded = 0
        var refused = 0
        for number in 0..<Self.inputs {
            let input: [UInt8]
            switch random.below(10) {
            case 0: input = (0..<random.below(64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            case 1: input = Self.clientSeeds[random.below(Self.clientSeeds.count)]
            default: input = Self.mutate(Self.clientSeeds[random.below(Self.clientSeeds.count)], &random)
            }
            let first = Result { () throws(ClientMessageError) in try ClientMessage.decode(input) }
            let second = Result { () throws(ClientMessageError) in try ClientMessage.decode(input) }
            #expect(first == second, "input \(number) (seed \(Self.seed)) decoded two ways: \(Array(input.prefix(200)))")
            switch first {
            case .success: decoded += 1
            case .failure(let error):
                refused += 1
                #expect(!error.description.isEmpty)
            }
        }
        // The generator must reach both sides, or it tested nothing.
        #expect(decoded > Self.inputs / 20, "only \(decoded) of \(Self.inputs) inputs decoded")
        #expect(refused > Self.inputs / 4, "only \(refused) of \(Self.inputs) inputs refused")
    }

    @Test func deepNestingAndHugeInputsAreRefusedWithoutExhaustingTheStack() throws {
        for depth in [64, 1_000, 100_000] {
            let input = Array(String(repeating: "[", count: depth).utf8) + Array(String(repeating: "]", count: depth).utf8)
            #expect(throws: ClientMessageError.self) { try ClientMessage.decode(input) }
        }
        let long = Array(#"["e",1,"2s","input",""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 4_000_000) + Array(#""]"#.utf8)
        // Decoded or refused, but answered: the server bounds a message's size before this.
        _ = Result { () throws(ClientMessageError) in try ClientMessage.decode(long) }
    }

    @Test func cookiesParseBackToThePairsThatWereSent() {
        // Found by this test: a cookie with an empty value was dropped.
        #expect(Request.parseCookies("a=; b=1;c=") == ["a": "", "b": "1", "c": ""])
        var random = FuzzRandom(Self.seed &+ 1)
        let nameCharacters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")
        let valueCharacters = Array("abcXYZ0189_-.:/+!#$%&'()*<>?@[]^`{|}~")
        for _ in 0..<Self.inputs / 4 {
            // A well-formed header: exactly its pairs come back, the first of a name winning.
            var expected: [String: String] = [:]
            var parts: [String] = []
            for _ in 0..<random.below(6) {
                let name = String((0..<1 + random.below(8)).map { _ in nameCharacters[random.below(nameCharacters.count)] })
                let value = String((0..<random.below(12)).map { _ in valueCharacters[random.below(valueCharacters.count)] })
                if expected[name] == nil { expected[name] = value }
                parts.append(random.below(4) == 0 ? "\(name)=\"\(value)\"" : "\(name)=\(value)")
            }
            let header = parts.joined(separator: random.below(2) == 0 ? "; " : ";")
            #expect(Request.parseCookies(header) == expected, "header \(header)")
            // Anything at all: parsed without a crash, names never empty.
            let noise = String(decoding: (0..<random.below(80)).map { _ in Self.noiseByte(&random) }, as: UTF8.self)
            #expect(!Request.parseCookies(noise).keys.contains(""))
        }
    }

    @Test func queriesParseBackToTheValuesThatWereEncoded() {
        // Found by this test: a leading U+FEFF was dropped, and a stray `%` lost the whole value.
        #expect(RouteMatch.parseQuery("a=%EF%BB%BFx&b=100%&c=%zz+1") == ["a": "\u{FEFF}x", "b": "100%", "c": "%zz 1"])
        var random = FuzzRandom(Self.seed &+ 2)
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        for _ in 0..<Self.inputs / 4 {
            var expected: [String: String] = [:]
            var parts: [String] = []
            for _ in 0..<random.below(5) {
                let key = Self.randomText(&random, maxLength: 6)
                let value = Self.randomText(&random, maxLength: 12)
                guard !key.isEmpty, expected[key] == nil else { continue }
                expected[key] = value
                parts.append(
                    key.addingPercentEncoding(withAllowedCharacters: allowed)! + "=" + value.addingPercentEncoding(
                        withAllowedCharacters: allowed)!)
            }
            #expect(RouteMatch.parseQuery(parts.joined(separator: "&")) == expected)
            let noise = String(decoding: (0..<random.below(80)).map { _ in Self.noiseByte(&random) }, as: UTF8.self)
            _ = RouteMatch.parseQuery(noise)
        }
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
            "needs Debian's python3 (its html.parser reads the escaped HTML back)"))
    func escapedTextReadsBackAsItselfInPythonsHTMLParser() throws {
        var random = FuzzRandom(Self.seed &+ 3)
        var remaining = Self.inputs
        var checked = 0
        while remaining > 0 {
            let batch = min(remaining, 20_000)
            remaining -= batch
            let texts = (0..<batch).map { _ in Self.randomText(&random, maxLength: 40) }
            let documents = texts.map {
                #"<p title="\#(HTMLWriter.escape($0, attribute: true))">\#(HTMLWriter.escape($0, attribute: false))</p>"#
            }
            let answers = try Self.parseWithPython(documents)
            #expect(answers.count == documents.count, "python answered \(answers.count) of \(documents.count)")
            for (index, answer) in answers.enumerated() {
                // The page never holds a NUL: the escaper writes U+FFFD, as a browser would show it.
                // (By scalar: a NUL with a combining mark after it is one Character.)
                var shown = ""
                shown.unicodeScalars.append(contentsOf: texts[index].unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 })
                #expect(answer == [shown, shown], "\(Array(texts[index].unicodeScalars.map(\.value))) read back as \(answer)")
                if answer == [shown, shown] { checked += 1 }
            }
        }
        #expect(checked == Self.inputs)
    }

    // MARK: Generators

    static func mutate(_ seed: [UInt8], _ random: inout FuzzRandom, inserting fragments: [[UInt8]] = fragments) -> [UInt8] {
        var bytes = seed
        for _ in 0..<1 + random.below(4) {
            let at = random.below(bytes.count + 1)
            switch random.below(6) {
            case 0 where !bytes.isEmpty: bytes[min(at, bytes.count - 1)] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes.insert(contentsOf: fragments[random.below(fragments.count)], at: at)
            case 2 where at < bytes.count: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(8)))
            case 3 where at < bytes.count:
                let piece = bytes[at..<min(bytes.count, at + 1 + random.below(16))]
                for _ in 0..<1 + random.below(8) { bytes.insert(contentsOf: piece, at: at) }
            case 4: bytes.removeSubrange(at...)
            default: bytes.insert(contentsOf: (0..<1 + random.below(8)).map { _ in noiseByte(&random) }, at: at)
            }
            if bytes.count > 65_536 { bytes.removeSubrange(65_536...) }
        }
        return bytes
    }

    /// Bytes that a parser cares about more often than chance would give them.
    static func noiseByte(_ random: inout FuzzRandom) -> UInt8 {
        let special = Array(";=&%+\"\\ \t\r\n,[]{}:0".utf8) + [0, 0x7F, 0xC3, 0xA9, 0xE2, 0x9C, 0x88, 0xFF]
        return random.below(2) == 0 ? special[random.below(special.count)] : UInt8(truncatingIfNeeded: random.next())
    }

    /// Text with what HTML treats specially, controls, and characters from every plane.
    static func randomText(_ random: inout FuzzRandom, maxLength: Int) -> String {
        let pieces = [
            "&", "<", ">", "\"", "'", "&amp;", "&lt;", "&#39;", "&#x3C;", "<!--", "-->", "</p>", "<script>", "\u{0}", "\r\n", "\t", "=",
            " ",
        ]
        var text = ""
        for _ in 0..<random.below(maxLength + 1) {
            switch random.below(4) {
            case 0: text += pieces[random.below(pieces.count)]
            case 1: text.unicodeScalars.append(Unicode.Scalar(UInt8(32 + random.below(95))))
            case 2:
                let value = UInt32(random.below(0x11_0000))
                // Surrogates are not scalars; C0 controls other than the ones above are left out
                // (a browser reads them as they are, but they are not text a view shows).
                if let scalar = Unicode.Scalar(value), value >= 0x20, !(0x7F...0x9F).contains(value) { text.unicodeScalars.append(scalar) }
            default: text += ["é", "✈︎", "🛫", "日本", "\u{FEFF}", "\u{200D}"][random.below(6)]
            }
        }
        return text
    }

    /// Each document's `title` attribute and text as Python's `html.parser` reads them.
    static func parseWithPython(_ documents: [String]) throws -> [[String]] {
        let script = """
            import json, sys
            from html.parser import HTMLParser
            class Reader(HTMLParser):
                def __init__(self):
                    super().__init__(convert_charrefs=True)
                    self.title, self.text = None, ""
                def handle_starttag(self, tag, attrs):
                    if tag == "p": self.title = dict(attrs).get("title")
                def handle_data(self, data):
                    self.text += data
            answers = []
            for document in json.load(sys.stdin):
                reader = Reader()
                reader.feed(document)
                reader.close()
                answers.append([reader.title, reader.text])
            json.dump(answers, sys.stdout)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let body = try JSONEncoder().encode(documents)
        // Written from another thread: python answers only after reading everything, and the
        // pipe's buffer is far smaller than a batch.
        let writer = Thread {
            input.fileHandleForWriting.write(body)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FuzzFailure("python3 exited with \(process.terminationStatus)") }
        return try JSONDecoder().decode([[String?]].self, from: answer).map { $0.map { $0 ?? "<none>" } }
    }
}

struct FuzzFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The airport's SplitMix64 generator (`DayGenerator`): the same everywhere for a seed.
struct FuzzRandom {
    private var generator: DayGenerator
    init(_ seed: UInt64) { generator = DayGenerator(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    /// A number in 0..<bound (0 when bound is 0).
    mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }
}
