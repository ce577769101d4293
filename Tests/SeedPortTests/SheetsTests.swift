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
            SheetContent()
        }
    }
}

struct SheetContent: View {
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        Text("Sheet content")
        Button("Done") { dismiss() }
            .presentationDetents([.medium, .height(200)])
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
        // The sheet adds no control of its own, and takes the largest detent.
        #expect(host.elements(withText: "Close").isEmpty && !host.html.contains("<dialog class=\"jw-sheet\" open"))
        #expect(host.html.contains("height:50vh"))
        try host.tap("Done")
        await host.settle()
        #expect(host.text.contains("Dismissed 1 times"))
        try host.tap("Show")
        try host.dismissSheet()
        await host.settle()
        #expect(host.text.contains("Dismissed 2 times"))
        try host.tap("Show")
        #expect(host.text.contains("Sheet content"))
    }

    @Test func anAlertsButtonsActThenDismissIt() async throws {
        let host = ViewHost(AlertPage())
        #expect(!host.html.contains("alertdialog"))
        try host.tap("Delete flight")
        #expect(host.html.contains("role=\"alertdialog\"") && host.text.contains("MA100 leaves the board."))
        try host.tap("Cancel")
        #expect(!host.html.contains("alertdialog") && host.text.contains("Deleted: no"))
        try host.tap("Delete flight")
        try host.tap("Delete")
        #expect(!host.html.contains("alertdialog") && host.text.contains("Deleted: yes"))
        // Escape (the dialog's dismiss) closes it without acting.
        try host.tap("Delete flight")
        try host.dismissSheet()
        #expect(!host.html.contains("alertdialog"))
    }
}

struct AlertPage: View {
    @State private var asking = false
    @State private var deleted = false
    var body: some View {
        VStack {
            Text("Deleted: \(deleted ? "yes" : "no")")
            Button("Delete flight") { asking = true }
        }
        .alert("Delete MA100?", isPresented: $asking) {
            Button("Delete", role: .destructive) { deleted = true }
            Button("Cancel", role: .cancel) {}
        } message: {
            Text("MA100 leaves the board.")
        }
    }
}
