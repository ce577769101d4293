import Foundation
import Jetway
import JetwayTesting
import Testing

// The system services models and settings screens reach for, as apps write them: a network
// monitor behind an offline banner, a store that reloads its widgets after saving, a "Rate us"
// row.

@MainActor
final class NetworkMonitor: ObservableObject {
    private let monitor = NWPathMonitor()
    private let queue = DispatchQueue(label: "NetworkMonitor")
    @Published var isConnected = false
    @Published var isOnWiFi = false

    init(heard: @escaping @Sendable () -> Void) {
        monitor.pathUpdateHandler = { [weak self] path in
            let connected = path.status == .satisfied, onWiFi = path.usesInterfaceType(.wifi)
            Task { @MainActor in
                self?.isConnected = connected
                self?.isOnWiFi = onWiFi
                heard()
            }
        }
        monitor.start(queue: queue)
    }

    func stop() { monitor.cancel() }
}

final class NotesStore: ObservableObject {
    @Published var notes: [String] = []
    func add(_ note: String) {
        notes.append(note)
        WidgetCenter.shared.reloadAllTimelines()
        WidgetCenter.shared.reloadTimelines(ofKind: "NotesWidget")
    }
}

struct RateRow: View {
    @Environment(\.requestReview) private var requestReview
    @State private var asked = 0
    var body: some View {
        Button("Rate us (\(asked))") {
            asked += 1
            requestReview()
        }
    }
}

@MainActor
@Suite struct SystemServicesTests {
    @Test func theNetworkMonitorHearsASatisfiedPathOnTheServersWire() async {
        let heard = AsyncStream<Void>.makeStream()
        let monitor = NetworkMonitor { heard.continuation.yield() }
        var iterator = heard.stream.makeAsyncIterator()
        _ = await iterator.next()
        #expect(monitor.isConnected && !monitor.isOnWiFi)
        #expect(NWPathMonitor(requiredInterfaceType: .cellular).currentPath.status == .unsatisfied)
        #expect(NWPathMonitor().currentPath.status == .satisfied && !NWPathMonitor().currentPath.isExpensive)
    }

    @Test func savingReloadsNoWidgetsAndKeepsTheNote() async throws {
        let store = NotesStore()
        store.add("Gate change")
        #expect(store.notes == ["Gate change"])
        #expect(try await WidgetCenter.shared.currentConfigurations().isEmpty)
    }

    @Test func aRateUsButtonWorksAndShowsNoPrompt() throws {
        let host = ViewHost(RateRow())
        try host.tap("Rate us (0)")
        #expect(!host.elements(withText: "Rate us (1)").isEmpty)
        #expect(host.dom.root.descendants.allSatisfy { $0.tag != "dialog" })
    }
}
