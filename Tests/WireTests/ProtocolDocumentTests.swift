import Foundation
import JetwayWire
import Testing

/// docs/protocol.md describes the wire the `JetwayWire` module defines: its tables name exactly
/// the messages each way, the ops and the close codes, so the document cannot drift from the
/// code.
struct ProtocolDocumentTests {
    static let document: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/protocol.md").standardized
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The rows of the table under `heading` (up to the next heading): each row's cells.
    static func table(after heading: String, header: String) throws -> [[String]] {
        let section = try #require(document.range(of: heading).map { document[$0.upperBound...] }, "no \(heading) in docs/protocol.md")
        let start = try #require(section.range(of: header), "no table \(header) under \(heading)")
        var rows: [[String]] = []
        for line in section[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) {
            guard line.hasPrefix("|") else { break }
            rows.append(line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return rows
    }

    /// The first quoted name in a cell like `` `["join", token, …]` ``.
    static func messageName(_ cell: String) -> String? {
        guard let open = cell.range(of: "[\"") else { return nil }
        return String(cell[open.upperBound...].prefix { $0 != "\"" })
    }

    @Test func theClientMessagesAreExactlyTheWiresOnes() throws {
        let rows = try Self.table(after: "## Client → server", header: "| message | JSON | when |")
        #expect(rows.compactMap { Self.messageName($0[1]) } == ClientMessage.kinds)
    }

    @Test func theServerMessagesAreExactlyTheWiresOnes() throws {
        let rows = try Self.table(after: "## Server → client", header: "| message | JSON | meaning |")
        #expect(rows.first?.first == "patch", "the patch comes first: the one message without a name")
        #expect(Set(rows.dropFirst().compactMap { Self.messageName($0[1]) }) == Set(ServerMessage.names))
        #expect(rows.count == ServerMessage.names.count + 1)
    }

    @Test func theOpsAreExactlyTheWiresOnes() throws {
        let rows = try Self.table(after: "## Ops", header: "| op | JSON | meaning |")
        #expect(rows.compactMap { Self.messageName($0[1]) } == PatchOp.codes)
    }

    @Test func theCloseCodesAreExactlyTheWiresOnes() throws {
        let rows = try Self.table(after: "## Server → client", header: "| close code | meaning | what the runtime does |")
        #expect(rows.compactMap { UInt16($0[0]) } == CloseCode.allCases.map(\.rawValue))
    }
}
