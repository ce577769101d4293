import JetwayTesting
import Testing

@testable import Jetway

/// The alerts older SwiftUI apps build (`Alert`, `ActionSheet`, `.alert(item:)`) behave as
/// Jetway's alert does: shown while bound, each button dismissing after its action.
private struct Trip: Identifiable {
    let id: Int
    let name: String
}

private struct Trips: View {
    @State private var confirming = false
    @State private var failed: Trip?
    @State private var choosing = false
    @State private var log = "none"

    var body: some View {
        VStack {
            Button("Cancel trip") { confirming = true }
            Button("Fail") { failed = Trip(id: 7, name: "Denver") }
            Button("Choose seat") { choosing = true }
            Text("log: \(log)")
        }
        .alert(isPresented: $confirming) {
            Alert(
                title: Text("Cancel the trip?"), message: Text("Seat 12A is given up."),
                primaryButton: .destructive(Text("Cancel it")) { log = "cancelled" }, secondaryButton: .cancel())
        }
        .alert(item: $failed) { trip in
            Alert(title: Text("Could not book \(trip.name)"), dismissButton: .default(Text("OK")) { log = "ok \(trip.id)" })
        }
        .actionSheet(isPresented: $choosing) {
            ActionSheet(title: Text("Seat"), buttons: [.default(Text("Window")) { log = "window" }, .cancel()])
        }
    }
}

@MainActor
struct OlderAlertTests {
    @Test func anOlderAlertShowsItsButtonsAndEachActsThenDismisses() throws {
        let host = ViewHost(Trips())
        #expect(!host.text.contains("Cancel the trip?"))
        try host.tap("Cancel trip")
        #expect(host.text.contains("Cancel the trip?") && host.text.contains("Seat 12A is given up."))
        try host.tap("Cancel it")
        #expect(host.text.contains("log: cancelled") && !host.text.contains("Cancel the trip?"))
    }

    @Test func anAlertForAnItemIsShownWhileTheItemIsSet() throws {
        let host = ViewHost(Trips())
        try host.tap("Fail")
        #expect(host.text.contains("Could not book Denver"))
        try host.tap("OK")
        #expect(host.text.contains("log: ok 7") && !host.text.contains("Could not book"), "dismissing sets the item to nil")
    }

    @Test func anActionSheetOffersItsChoices() throws {
        let host = ViewHost(Trips())
        try host.tap("Choose seat")
        try host.tap("Window")
        #expect(host.text.contains("log: window"))
    }
}
