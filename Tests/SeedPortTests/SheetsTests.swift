// Seed 001, "Presenting multiple sheets in SwiftUI": the enum-driven sheet as published.
import Jetway
import JetwayTesting
import Testing

struct AddItemView: View {
    @Environment(\.dismiss) var dismiss
    var body: some View {
        VStack {
            Text("Add a new item")
            Button("Done") { dismiss() }
        }
    }
}

struct SettingsView: View {
    @State private var notifications = true
    var body: some View {
        Toggle("Notifications", isOn: $notifications)
    }
}

struct SheetsContentView: View {
    enum Sheet: String, Identifiable {
        case addItem, settings
        var id: String { rawValue }
    }
    @State private var sheet: Sheet?
    var body: some View {
        VStack {
            Button("Add Item", action: { sheet = .addItem })
            Button("Settings", action: { sheet = .settings })
        }
        .sheet(item: $sheet, content: makeSheet)
    }
    @ViewBuilder
    func makeSheet(_ sheet: Sheet) -> some View {
        switch sheet {
        case .addItem:
            AddItemView()
        case .settings:
            SettingsView()
        }
    }
}

struct BoolSheet: View {
    @State private var showing = false
    @State private var dismissals = 0
    var body: some View {
        VStack {
            Text("Dismissed \(dismissals) times")
            Button("Show") { showing = true }
        }
        .sheet(isPresented: $showing, onDismiss: { dismissals += 1 }) {
            Text("Sheet content")
        }
    }
}

@MainActor
struct SheetsTests {
    @Test func eachEnumCasePresentsItsSheet() throws {
        let host = ViewHost(SheetsContentView())
        #expect(!host.html.contains("<dialog"))
        try host.tap("Add Item")
        #expect(host.text.contains("Add a new item"))
        try host.tap("Done")
        #expect(!host.html.contains("<dialog"))
        try host.tap("Settings")
        #expect(host.elements(withText: "Notifications").count == 1)
        #expect(!host.text.contains("Add a new item"))
    }

    @Test func sheetStateIsDroppedWhenDismissed() throws {
        let host = ViewHost(SheetsContentView())
        try host.tap("Settings")
        try host.toggle("Notifications")
        #expect(!host.html.contains("checked"))
        try host.dismissSheet()
        try host.tap("Settings")
        #expect(host.html.contains("checked"))
    }

    @Test func onDismissRunsOnceForEachDismissal() async throws {
        let host = ViewHost(BoolSheet())
        try host.tap("Show")
        #expect(host.text.contains("Sheet content"))
        try host.tap("Close")
        await host.settle()
        #expect(host.text.contains("Dismissed 1 times"))
        try host.tap("Show")
        try host.dismissSheet()
        await host.settle()
        #expect(host.text.contains("Dismissed 2 times"))
    }
}
