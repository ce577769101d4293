/// Encodes patches as the compact JSON the browser runtime reads: `[version,[op,…]]`, each op a
/// short array:
///
/// | op | JSON |
/// |---|---|
/// | setText | `["t",id,"text"]` |
/// | setAttribute | `["a",id,"name","value"]` or `["a",id,"name",null]` |
/// | insert | `["i",parentId,index,"<html>"]` |
/// | remove | `["r","id id …"]` |
/// | detach | `["d","id id …"]` |
/// | move | `["m",parentId,index,"id id …"]` (each id at the next index) |
/// | replace | `["x",id,"<html>"]` |
/// | command | `["c",id,"name","payload"]` (a widget's command and its JSON payload as text) |
///
/// Ids are the base-36 strings the page carries in `data-j`; a list of them is one string with a
/// space between ids (a filter that hides 700 rows detaches them in one op of ~3 bytes a row).
public enum PatchEncoder {
    /// `[version,[op,…]]`, or `[version,[op,…],ref]` with the ref of the event it answers.
    public static func encode(version: UInt64, _ ops: [PatchOp], ref: Int? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(32 + ops.count * 16)
        out.append(UInt8(ascii: "["))
        appendInteger(version, to: &out)
        out.append(contentsOf: ",[".utf8)
        for (index, op) in ops.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            encode(op, to: &out)
        }
        out.append(UInt8(ascii: "]"))
        if let ref {
            out.append(UInt8(ascii: ","))
            if ref < 0 { out.append(UInt8(ascii: "-")) }
            appendInteger(UInt64(ref.magnitude), to: &out)
        }
        out.append(UInt8(ascii: "]"))
        return out
    }

    /// Appends one op's array (`["t",id,"text"]`, …) to `out`.
    public static func encode(_ op: PatchOp, to out: inout [UInt8]) {
        switch op {
        case .setText(let id, let text):
            out.append(contentsOf: "[\"t\",".utf8)
            appendID(id, to: &out)
            out.append(UInt8(ascii: ","))
            appendString(text, to: &out)
        case .setAttribute(let id, let name, let value):
            out.append(contentsOf: "[\"a\",".utf8)
            appendID(id, to: &out)
            out.append(UInt8(ascii: ","))
            appendString(name, to: &out)
            out.append(UInt8(ascii: ","))
            if let value { appendString(value, to: &out) } else { out.append(contentsOf: "null".utf8) }
        case .insert(let parent, let index, let html):
            out.append(contentsOf: "[\"i\",".utf8)
            appendID(parent, to: &out)
            out.append(UInt8(ascii: ","))
            appendInteger(UInt64(index), to: &out)
            out.append(UInt8(ascii: ","))
            appendString(html, to: &out)
        case .remove(let ids), .detach(let ids):
            out.append(contentsOf: (op.isRemove ? "[\"r\"," : "[\"d\",").utf8)
            appendIDList(ids, to: &out)
        case .move(let ids, let parent, let index):
            out.append(contentsOf: "[\"m\",".utf8)
            appendID(parent, to: &out)
            out.append(UInt8(ascii: ","))
            appendInteger(UInt64(index), to: &out)
            out.append(UInt8(ascii: ","))
            appendIDList(ids, to: &out)
        case .replace(let id, let html):
            out.append(contentsOf: "[\"x\",".utf8)
            appendID(id, to: &out)
            out.append(UInt8(ascii: ","))
            appendString(html, to: &out)
        case .command(let id, let name, let payload):
            out.append(contentsOf: "[\"c\",".utf8)
            appendID(id, to: &out)
            out.append(UInt8(ascii: ","))
            appendString(name, to: &out)
            out.append(UInt8(ascii: ","))
            appendString(payload, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    package static func appendID(_ id: NodeID, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        id.appendBase36(to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// `"id id …"`: ids are base 36, so a space never needs escaping.
    package static func appendIDList(_ ids: [NodeID], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for (index, id) in ids.enumerated() {
            if index > 0 { out.append(UInt8(ascii: " ")) }
            id.appendBase36(to: &out)
        }
        out.append(UInt8(ascii: "\""))
    }

    package static func appendInteger(_ value: UInt64, to out: inout [UInt8]) {
        out.append(contentsOf: String(value).utf8)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    public static func appendString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: "\\n".utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: "\\r".utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension PatchOp {
    package var isRemove: Bool {
        if case .remove = self { return true }
        return false
    }
}
