import Foundation
import JetwayTesting
import Testing

@testable import Jetway

/// `@AppStorage` as SwiftUI apps write it: kept for the browser (its device), shared by its open
/// pages, apart from other browsers', and written down for the next start.
private enum Units: String { case metric, imperial }

private struct Preferences: View {
    @AppStorage("appStorageTests.units") private var units = Units.metric
    @AppStorage("appStorageTests.showArrivals") private var showArrivals = true
    @AppStorage("appStorageTests.visits") private var visits = 0
    @AppStorage("appStorageTests.lastGate") private var lastGate: String?

    var body: some View {
        VStack {
            Toggle("Show arrivals", isOn: $showArrivals)
            Button("Imperial") { units = .imperial }
            Button("Visit") {
                visits += 1
                lastGate = "B\(visits)"
            }
            Text("units \(units.rawValue) arrivals \(showArrivals ? "on" : "off") visits \(visits) gate \(lastGate ?? "none")")
        }
    }
}

@MainActor
struct AppStorageTests {
    private func page(device: String?) -> ViewHost {
        var environment = EnvironmentValues()
        environment.request = RequestContext(device: device)
        return ViewHost(Preferences(), environment: environment)
    }

    @Test func aBrowsersPagesShareItsValuesAndOtherBrowsersKeepTheirOwn() async throws {
        let device = "device-\(UUID().uuidString)"
        let first = page(device: device)
        let second = page(device: device)
        let other = page(device: "other-\(UUID().uuidString)")
        #expect(first.text.contains("units metric arrivals on visits 0 gate none"))
        try first.tap("Imperial")
        try first.toggle("Show arrivals")
        try first.tap("Visit")
        #expect(first.text.contains("units imperial arrivals off visits 1 gate B1"))
        #expect(
            await second.settle { $0.text.contains("units imperial arrivals off visits 1 gate B1") },
            "the same browser's other page follows")
        try other.update()
        #expect(other.text.contains("units metric arrivals on visits 0 gate none"), "another browser keeps its own")
        let written = DeviceStorage.shared.snapshot[device]
        #expect(written?["appStorageTests.units"] == .string("imperial") && written?["appStorageTests.visits"] == .int(1))
    }

    @Test func aBrowserWithoutCookiesKeepsItsValuesForItsPage() throws {
        let first = page(device: nil)
        let second = page(device: nil)
        try first.tap("Visit")
        try second.update()
        #expect(first.text.contains("visits 1") && second.text.contains("visits 0"))
    }

    @Test func valuesWrittenDownComeBack() {
        let device = "device-\(UUID().uuidString)"
        DeviceStorage.shared.load([device: ["appStorageTests.units": .string("imperial"), "appStorageTests.visits": .int(7)]])
        #expect(page(device: device).text.contains("units imperial arrivals on visits 7"))
    }
}
