import Jetway
import JetwayTesting
import Testing

struct Counter: View {
    @State private var count = 0
    var body: some View {
        VStack {
            Text("Count: \(count)")
            Button("Increment") { count += 1 }
        }
    }
}

@MainActor
@Test func counterIncrements() throws {
    let host = ViewHost(Counter())
    #expect(host.text.contains("Count: 0"))
    try host.tap("Increment")
    #expect(host.text.contains("Count: 1"))
    #expect(host.lastPatches.count == 1)
    print(host.html)
    print(host.lastPatches, host.lastPatchBytes)
}
