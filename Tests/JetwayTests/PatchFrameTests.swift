import Jetway
import JetwayTesting
import Testing

/// A test that drives the real wire reads patches back with `PatchFrame`: every op the encoder
/// writes must come back as it was (a widget's command once could not).
struct PatchFrameTests {
    @Test func everyEncodedOpDecodesAsItWas() throws {
        let id = NodeID(71)
        let ops: [PatchOp] = [
            .setText(id, "Gate \"B12\""), .setAttribute(id, name: "class", value: nil), .setAttribute(id, name: "title", value: "a"),
            .insert(parent: id, index: 3, html: "<p>x</p>"), .remove([id]), .detach([id, NodeID(72)]),
            .move([id, NodeID(73)], parent: NodeID(1), index: 2), .replace(id, html: "<i></i>"),
            .command(id, name: "scroll", payload: #"{"row":4}"#),
        ]
        #expect(Set(ops.map(\.code)) == Set(PatchOp.codes))
        let frame = String(decoding: PatchEncoder.encode(version: 9, ops, ref: 3), as: UTF8.self)
        #expect(try PatchFrame.ops(frame) == ops)
    }
}
