import Foundation
import JetwayWire
import Testing

/// Each message's bytes, as the runtime (Assets/jetway.js) reads them.
struct MessageEncodingTests {
    func text(_ message: ServerMessage) -> String { String(decoding: message.encoded, as: UTF8.self) }

    @Test func everyServerMessageHasItsOneShape() {
        #expect(text(.joined(version: 7, lastRef: 0)) == #"["joined",7]"#)
        #expect(text(.joined(version: 7, lastRef: 12)) == #"["joined",7,12]"#)
        #expect(text(.sync(version: 3, remounted: true, html: "<p>\"a\"</p>", lastRef: 0)) == #"["sync",3,true,"<p>\"a\"</p>"]"#)
        #expect(text(.sync(version: 3, remounted: false, html: "", lastRef: 4)) == #"["sync",3,false,"",4]"#)
        #expect(text(.sync(version: 3, remounted: false, html: "", lastRef: 0, page: 2)) == #"["sync",3,false,"",0,2]"#)
        #expect(text(.pong(stamp: 99, serverTime: 1_795_000_000_000)) == #"["pong",99,1795000000000]"#)
        #expect(text(.token("a.b")) == #"["token","a.b"]"#)
        #expect(text(.answer(ref: 5, json: #"{"rows":[]}"#)) == #"["ans",5,"{\"rows\":[]}"]"#)
        #expect(text(.error(ref: 0, message: "bad\ntoken")) == #"["err",0,"bad\ntoken"]"#)
        #expect(text(.error(ref: -1, message: "")) == #"["err",-1,""]"#)
        #expect(text(.reload) == #"["reload"]"#)
        #expect(text(.signedOut) == #"["signedout"]"#)
        #expect(text(.development(DevelopmentReport(state: .running))) == #"["dev","running","",[]]"#)
        let failed = DevelopmentReport(
            state: .failed, summary: "Build failed: 1 error",
            problems: [.init(file: "Sources/A/V.swift", line: 12, column: 5, message: "cannot find 'x' in scope", excerpt: "\tText(x)")])
        #expect(
            text(.development(failed))
                == #"["dev","failed","Build failed: 1 error",[["Sources/A/V.swift",12,5,"cannot find 'x' in scope","\tText(x)"]]]"#)
    }

    @Test func everyServerMessageIsJSONAndStartsWithItsName() throws {
        let all: [ServerMessage] = [
            .joined(version: 1, lastRef: 2), .sync(version: 1, remounted: false, html: "<b>\u{1}</b>", lastRef: 0),
            .pong(stamp: 1, serverTime: 2), .token("t"), .answer(ref: 1, json: "null"), .error(ref: 1, message: "é"), .reload, .signedOut,
            .development(
                DevelopmentReport(state: .crashed, summary: "Trapped", problems: [.init(file: "a", line: 1, column: 2, message: "m")])),
        ]
        #expect(Set(all.map(\.name)) == Set(ServerMessage.names))
        for message in all {
            let parsed = try #require(try JSONSerialization.jsonObject(with: Data(message.encoded)) as? [Any])
            #expect(parsed.first as? String == message.name)
        }
    }

    @Test func clientMessagesDecodeToWhatWasEncoded() throws {
        let all: [ClientMessage] = [
            .join(token: "t\"1", path: "/gate/B12", version: 42, buildID: "b", query: "nav=1a"),
            .event(ref: 3, id: "2s", event: "click", payload: .none),
            .event(ref: 4, id: "2s", event: "input", payload: .text("ber\\n")),
            .event(ref: 5, id: "z", event: "change", payload: .bool(true)),
            .event(ref: 6, id: "z", event: "change", payload: .number(2.5)),
            .event(ref: 7, id: "z", event: "change", payload: .number(-3)),
            .event(ref: 8, id: "a1", event: "resize", payload: .size(width: 390, height: 844.5)),
            .event(ref: 9, id: "a1", event: "request", payload: .message(name: "rows", json: #"{"from":0}"#)),
            .ping(123_456_789), .resync, .synced(42),
            .sizes(ref: 10, [SizeReport(id: "a1", numbers: [390, 844.5]), SizeReport(id: "b", numbers: [1, 2, -3, 4.25])]),
        ]
        for message in all {
            #expect(try ClientMessage.decode(message.encoded) == message, "\(message.text)")
        }
        #expect(Set(all.map { $0.text.dropFirst(2).prefix { $0 != "\"" } }.map(String.init)) == Set(ClientMessage.kinds))
    }

    @Test func everyOpStartsWithItsCode() throws {
        let id = NodeID(71)
        let all: [PatchOp] = [
            .setText(id, "a"), .setAttribute(id, name: "class", value: nil), .insert(parent: id, index: 0, html: "<p></p>"),
            .remove([id]), .detach([id, NodeID(72)]), .move([id], parent: NodeID(1), index: 2), .replace(id, html: "<i></i>"),
            .command(id, name: "scroll", payload: "{}"),
        ]
        #expect(all.map(\.code) == PatchOp.codes)
        for op in all {
            var bytes: [UInt8] = []
            PatchEncoder.encode(op, to: &bytes)
            let parsed = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [Any])
            #expect(parsed.first as? String == op.code)
        }
    }

    @Test func aHostedViewsEnvelopeRoundTrips() throws {
        let inner = ServerMessage.joined(version: 2, lastRef: 0).encoded
        let wrapped = ChannelEnvelope.wrap(inner, channel: 16)
        #expect(String(decoding: wrapped, as: UTF8.self) == #"["v",16,["joined",2]]"#)
        let opened = try #require(ChannelEnvelope.unwrap(wrapped))
        #expect(opened.channel == 16 && Array(opened.message) == inner)
        #expect(ChannelEnvelope.unwrap(Array(#"["v",1234,[]]"#.utf8)) == nil)
        #expect(ChannelEnvelope.unwrap(Array(#"["e",1,"2s","click",null]"#.utf8)) == nil)
    }
}

/// The implicit-id rule, as the writer and the readers use it.
struct ImplicitIDsTests {
    @Test func aReaderNumbersWhatAWriterLeftOut() {
        // Elements 1, 2, 5 (written: it does not follow 2), none (data-j=""), 6.
        var writer = ImplicitIDs()
        var written: [String?] = []
        for id in [NodeID(1), NodeID(2), NodeID(5), nil, NodeID(6)] {
            guard let id else {
                written.append("")
                continue
            }
            written.append(writer.mayOmit(id) ? nil : id.description)
            writer.wrote(id)
        }
        #expect(written == [nil, nil, "5", "", nil])
        var reader = ImplicitIDs()
        #expect(written.map { reader.next(written: $0)?.rawValue } == [1, 2, 5, nil, 6])
        // A value that is not an id leaves the numbering where it was.
        #expect(reader.next(written: "not an id!") == nil && reader.next(written: nil)?.rawValue == 7)
    }
}
