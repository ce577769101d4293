import Jetway
import Testing

@testable import JetwayServer

/// The exact bytes `jetway.js` sends (`JSON.stringify` of its arrays), one per event kind.
struct ClientMessageTests {
    func decode(_ text: String) throws -> ClientMessage {
        try ClientMessage.decode(Array(text.utf8))
    }

    @Test func everyEventKindTheRuntimeSendsDecodesWithItsType() throws {
        let cases: [(String, ClientMessage)] = [
            (#"["e",1,"9","click",null]"#, .event(ref: 1, id: "9", event: "click", payload: .none)),
            (#"["e",2,"2s","input","denver"]"#, .event(ref: 2, id: "2s", event: "input", payload: .text("denver"))),
            // A Toggle: `el.checked`, a JSON boolean, never a number.
            (#"["e",3,"9","change",true]"#, .event(ref: 3, id: "9", event: "change", payload: .bool(true))),
            (#"["e",4,"9","change",false]"#, .event(ref: 4, id: "9", event: "change", payload: .bool(false))),
            // A Picker: the option index as a string.
            (#"["e",5,"a1","change","2"]"#, .event(ref: 5, id: "a1", event: "change", payload: .text("2"))),
            // A Slider: `el.value`, a string.
            (#"["e",6,"b","input","42.5"]"#, .event(ref: 6, id: "b", event: "input", payload: .text("42.5"))),
            (#"["e",7,"c","submit",null]"#, .event(ref: 7, id: "c", event: "submit", payload: .none)),
            (#"["e",8,"c","focus",null]"#, .event(ref: 8, id: "c", event: "focus", payload: .none)),
            (#"["e",9,"c","blur",null]"#, .event(ref: 9, id: "c", event: "blur", payload: .none)),
            (#"["e",10,"d","resize",[320,200]]"#, .event(ref: 10, id: "d", event: "resize", payload: .size(width: 320, height: 200))),
            (#"["e",11,"zz","dismiss",null]"#, .event(ref: 11, id: "zz", event: "dismiss", payload: .none)),
            (#"["join","tok.sig","/gate/B12",0,"1x2y"]"#, .join(token: "tok.sig", path: "/gate/B12", version: 0, buildID: "1x2y")),
            (
                #"["join","tok.sig","/",3,"1x2y","search=MA1&sort=time"]"#,
                .join(token: "tok.sig", path: "/", version: 3, buildID: "1x2y", query: "search=MA1&sort=time")
            ),
            (#"["ping",123456789]"#, .ping(123_456_789)),
            (#"["resync"]"#, .resync),
            (#"["synced",7]"#, .synced(7)),
            // A frame's sizes: a reader's room, and an anchored view's box with its place.
            (
                #"["sizes",12,["d",320,200],["e",300.5,100,8,-40]]"#,
                .sizes(ref: 12, [SizeReport(id: "d", numbers: [320, 200]), SizeReport(id: "e", numbers: [300.5, 100, 8, -40])])
            ),
        ]
        for (bytes, expected) in cases {
            #expect(try decode(bytes) == expected, "\(bytes)")
        }
    }

    @Test func stringsKeepEveryCharacter() throws {
        // JSON.stringify writes non-ASCII as UTF-8, escapes quotes, backslashes and controls,
        // and a lone surrogate as \udXXX.
        let cases: [(String, String)] = [
            (#""Zürich ✈︎ 東京""#, "Zürich ✈︎ 東京"),
            (#""say \"hi\" \\ done""#, #"say "hi" \ done"#),
            (#""tab\tnew\nline\r\u0001""#, "tab\tnew\nline\r\u{01}"),
            (#""\ud83d\ude00 and 😀""#, "😀 and 😀"),
            (#""lone \ud800 high""#, "lone \u{FFFD} high"),
            (#""lone \udc00 low""#, "lone \u{FFFD} low"),
            (#""\u00e9\/""#, "é/"),
            (#""""#, ""),
        ]
        for (json, text) in cases {
            #expect(
                try decode(#"["e",1,"9","input",\#(json)]"#) == .event(ref: 1, id: "9", event: "input", payload: .text(text)), "\(json)")
        }
    }

    @Test func numbersAreNumbers() throws {
        // Not sent by today's runtime, but part of the protocol: a number is never a boolean.
        #expect(try decode(#"["e",12,"e","key",1.5]"#) == .event(ref: 12, id: "e", event: "key", payload: .number(1.5)))
        #expect(try decode(#"["e",13,"e","key",-2e3]"#) == .event(ref: 13, id: "e", event: "key", payload: .number(-2000)))
        #expect(try decode(#"["e",14,"e","key",1]"#) == .event(ref: 14, id: "e", event: "key", payload: .number(1)))
        #expect(try decode(#"["e",15,"e","key",0]"#) != .event(ref: 15, id: "e", event: "key", payload: .bool(false)))
    }

    @Test func whitespaceIsAllowedWhereJSONAllowsIt() throws {
        #expect(
            try decode(" [ \"e\" , 1 ,\n\"9\",\t\"change\" , true ] \r\n") == .event(ref: 1, id: "9", event: "change", payload: .bool(true))
        )
    }

    @Test func malformedAndOutOfShapeMessagesAreRefusedWithAReason() throws {
        let bad = [
            "", "not json", "{}", "[]", "[1]", #"["e","x"]"#, #"["e",1,"9","click",{"a":1}]"#, #"["e",1,"9","click",nul]"#,
            #"["e",1,"9","click",truex]"#, #"["e",1,"9","click",null] x"#, #"["e",1,"9","click",null"#, #"["e",1.5,"9","click",null]"#,
            #"["e",1e2,"9","click",null]"#, #"["e",01,"9","click",null]"#, #"["e",-,"9","click",null]"#, #"["e",1,"9","click",1.]"#,
            #"["e",1,"9","click",[[1,2]]]"#, #"["e",1,"9","click",[1,"a"]]"#, #"["e",1,"9","click",[1]]"#,
            #"["e",1,"123456789","click",null]"#, #"["e",1,"9","averyveryverylongevent",null]"#, #"["e",1,"9","input","a\u12"]"#,
            #"["e",1,"9","input","a\q"]"#, "[\"e\",1,\"9\",\"input\",\"a\u{01}\"]", #"["e",1,"9","input","open]"#,
            #"["e",1,"9","click",1e999]"#, #"["join","t","relative",0,"b"]"#, #"["join","t","/",-1,"b"]"#,
            #"["join","t","/",0,"b","?q=1"]"#,
            #"["join","t","/",0,"b",7]"#, "[\"join\",\"t\",\"/\",0,\"b\",\"" + String(repeating: "q", count: 2049) + "\"]", #"["ping"]"#,
            #"["resync",1]"#, #"["synced"]"#, #"["synced",-1]"#, #"["synced","7"]"#, #"["other"]"#, #"[1,2,3,4,5,6,7,8,9]"#,
            #"["e",1,"9","click",null,]"#, "[\"e\",1,\"9\",\"click\",[[[]]]]",
            #"["ping",99999999999999999999]"#,
            #"["sizes",1]"#, #"["sizes",1,[]]"#, #"["sizes",1,["d",1]]"#, #"["sizes",1,["d",1,2,3]]"#, #"["sizes",1,[1,2,3]]"#,
            #"["sizes",1,["d","1",2]]"#, #"["sizes",1,["123456789",1,2]]"#, #"["sizes","1",["d",1,2]]"#, #"["sizes",1,["d",1,2],7]"#,
            #"["sizes",1,["d",1,2,3,4,5]]"#, #"["sizes",1,["d",[1],2]]"#,
            // More than 64 sizes in one message.
            "[\"sizes\",1" + String(repeating: ",[\"d\",1,2]", count: ClientMessage.mostSizes + 1) + "]",
        ]
        for message in bad {
            #expect(throws: ClientMessageError.self, "\(message)") { try decode(message) }
        }
        #expect(
            try decode("[\"sizes\",1" + String(repeating: ",[\"d\",1,2]", count: ClientMessage.mostSizes) + "]")
                == .sizes(ref: 1, Array(repeating: SizeReport(id: "d", numbers: [1, 2]), count: ClientMessage.mostSizes)))
        // Only a `sizes` message may be longer than 8 values: the reader stops any other at its 9th.
        #expect(throws: ClientMessageError("too many elements at byte 30")) { try decode(#"["join","t","/",0,"b","q",1,2,3]"#) }
        #expect(throws: ClientMessageError("unexpected bytes after the message at byte 25")) {
            try decode(#"["e",1,"9","click",null] x"#)
        }
    }

    @Test func deepNestingIsRefusedWithoutRecursingFurther() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: ClientMessageError.self) { try decode(deep) }
    }
}
