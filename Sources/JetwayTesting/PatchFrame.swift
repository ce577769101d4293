import Foundation
import Jetway

/// What is wrong with a frame that is not a patch Jetway's encoder writes.
public struct PatchFrameError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Turns a patch frame as it crosses the websocket (`[version,[ops…],ref]`, written by
/// `PatchEncoder`) back into the ops it carries, so that a test driving the real wire can
/// apply them to a `ModelDOM` as the browser's runtime applies them to the page.
///
/// ```swift
/// try dom.apply(try PatchFrame.ops(#"[3,[["t","2s","Boarding"]],0]"#))
/// ```
public enum PatchFrame {
    public static func ops(_ frame: String) throws -> [PatchOp] {
        guard let array = try JSONSerialization.jsonObject(with: Data(frame.utf8)) as? [Any], array.count >= 2,
            let ops = array[1] as? [[Any]]
        else { throw PatchFrameError("not a patch: \(frame.prefix(80))") }
        return try ops.map(op)
    }

    private static func op(_ op: [Any]) throws -> PatchOp {
        func id(_ index: Int) throws -> NodeID {
            guard index < op.count, let text = op[index] as? String, let id = NodeID(text) else { throw PatchFrameError("bad id in \(op)") }
            return id
        }
        func ids(_ index: Int) throws -> [NodeID] {
            guard index < op.count, let text = op[index] as? String else { throw PatchFrameError("bad ids in \(op)") }
            return try text.split(separator: " ").map {
                guard let id = NodeID(String($0)) else { throw PatchFrameError("bad id \($0)") }; return id
            }
        }
        func int(_ index: Int) throws -> Int {
            guard index < op.count, let number = op[index] as? NSNumber else { throw PatchFrameError("bad index in \(op)") }
            return number.intValue
        }
        func string(_ index: Int) throws -> String {
            guard index < op.count, let text = op[index] as? String else { throw PatchFrameError("bad text in \(op)") }
            return text
        }
        switch op.first as? String {
        case "t": return .setText(try id(1), try string(2))
        case "a" where op.count == 4: return .setAttribute(try id(1), name: try string(2), value: op[3] as? String)
        case "i": return .insert(parent: try id(1), index: try int(2), html: try string(3))
        case "r": return .remove(try ids(1))
        case "d": return .detach(try ids(1))
        case "m": return .move(try ids(3), parent: try id(1), index: try int(2))
        case "x": return .replace(try id(1), html: try string(2))
        case "c": return .command(try id(1), name: try string(2), payload: try string(3))
        default: throw PatchFrameError("unknown op \(op)")
        }
    }
}
