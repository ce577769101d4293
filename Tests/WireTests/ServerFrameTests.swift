import JetwayWire
import Testing

/// Frames read back by the one decoder every Swift client uses (`ServerFrame`): everything the
/// server's encoders write comes back as it was, and what they never write is refused.
struct ServerFrameTests {
    func decoded(_ frame: ServerFrame) throws -> ServerFrame {
        try ServerFrame(decoding: String(decoding: frame.encoded, as: UTF8.self))
    }

    @Test func everyOpComesBackAsItWas() throws {
        let id = NodeID(71)
        let ops: [PatchOp] = [
            .setText(id, "Gate \"B12\" \u{1F6EB}\n"), .setAttribute(id, name: "class", value: nil),
            .setAttribute(id, name: "title", value: "a"),
            .insert(parent: id, index: 3, html: "<p>x</p>"), .remove([id]), .detach([id, NodeID(72)]),
            .move([id, NodeID(73)], parent: NodeID(1), index: 2), .replace(id, html: "<i></i>"),
            .command(id, name: "scroll", payload: #"{"row":4}"#),
        ]
        #expect(Set(ops.map(\.code)) == Set(PatchOp.codes))
        for ref in [nil, 0, 3] {
            let frame = ServerFrame.patch(version: 9, ops: ops, ref: ref)
            #expect(try decoded(frame) == frame)
        }
        #expect(try decoded(.patch(version: 0, ops: [], ref: nil)) == .patch(version: 0, ops: [], ref: nil))
    }

    @Test func everyMessageComesBackAsItWas() throws {
        let all: [ServerMessage] = [
            .joined(version: 7, lastRef: 0), .joined(version: 7, lastRef: 12),
            .sync(version: 3, remounted: true, html: "<p>\"a\"</p>", lastRef: 0), .sync(version: 3, remounted: false, html: "", lastRef: 4),
            .sync(version: 3, remounted: false, html: "", lastRef: 4, page: 7),
            .pong(stamp: 99, serverTime: 1_795_000_000_000), .token("a.b"), .answer(ref: 5, json: #"{"rows":[1,{"a":null}]}"#),
            .error(ref: 0, message: "bad\ntoken"), .error(ref: -1, message: ""), .reload, .signedOut,
            .development(DevelopmentReport(state: .building, summary: "Building…")),
            .development(
                DevelopmentReport(
                    state: .failed, summary: "Build failed: 2 errors",
                    problems: [
                        .init(file: "Sources/A/V.swift", line: 3, column: 9, message: "expected '}'", excerpt: "  Text(\"a\")"),
                        .init(file: "", line: 0, column: 0, message: "link command failed"),
                    ])),
        ]
        #expect(Set(all.map(\.name)) == Set(ServerMessage.names))
        for message in all {
            #expect(try decoded(.message(message)) == .message(message), "\(message)")
        }
    }

    @Test func whatNoEncoderWritesIsRefusedWithAReason() {
        for bad in [
            "", "[]", "{}", "[1]", "[1,[],2,3]", "[-1,[]]", #"[1,[["q","2"]]]"#, #"[1,[["t","2"]]]"#, #"[1,[["t","!!","x"]]]"#,
            #"[1,[["i","2",-1,"<p>"]]]"#, #"[1,[["m","2",0,"3 !"]]]"#, #"["joined"]"#, #"["sync",1,"yes",""]"#,
            #"["dev","sleeping","",[]]"#, #"["dev","failed","",[["a",1,2,"m"]]]"#, #"["pong",1]"#,
            #"["token",1]"#, #"["nope"]"#, #"["reload",1]"#, "[1,[]] x", #"[1,[["t","2","x"]],"ref"]"#,
        ] {
            #expect(throws: WireDecodingError.self, "\(bad)") { try ServerFrame(decoding: bad) }
        }
    }
}
