import Foundation
import JetwayWire
import Testing

/// The runtime's constants (`Assets/runtime/wire.js`) are generated from `RuntimeContract`:
/// the checked-in copy must be what the Swift definitions generate now. `make generated`
/// (`JETWAY_WRITE_GENERATED=1`) writes it again.
struct RuntimeContractTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/runtime/wire.js")
        .standardized

    @Test func theRuntimesCopyOfTheContractIsTheGeneratedOne() throws {
        let generated = RuntimeContract.script()
        if ProcessInfo.processInfo.environment["JETWAY_WRITE_GENERATED"] == "1" {
            try generated.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let checkedIn = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(checkedIn == generated, "Assets/runtime/wire.js is not what RuntimeContract generates: run `make generated`")
    }

    @Test func theScriptNamesEveryMessageOpAndCloseCode() {
        let script = RuntimeContract.script()
        for name in ServerMessage.names + ClientMessage.kinds + PatchOp.codes { #expect(script.contains("\"\(name)\"")) }
        for code in CloseCode.allCases { #expect(script.contains(": \(code.rawValue),")) }
    }
}
