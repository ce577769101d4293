import Jetway
import JetwayTesting
import Testing

private struct CounterRow: View {
    let label: String
    @State private var count = 0
    var body: some View {
        Button("\(label): \(count)") { count += 1 }
    }
}

private struct Toggleable: View {
    @State var showCounter = true
    var body: some View {
        VStack {
            Button("Toggle") { showCounter.toggle() }
            if showCounter { CounterRow(label: "A") }
        }
    }
}

private struct Parent: View {
    @State private var name = "Ann"
    var body: some View {
        VStack {
            Text("Parent sees \(name)")
            NameEditor(name: $name)
            Button("Reset") { name = "Ann" }
        }
    }
}

private struct NameEditor: View {
    @Binding var name: String
    var body: some View {
        TextField("Name", text: $name)
    }
}

private struct Settings {
    var notifications = true
    var volume = 5
}

private struct SettingsForm: View {
    @State private var settings = Settings()
    var body: some View {
        VStack {
            Toggle("Notifications", isOn: $settings.notifications)
            Stepper("Volume \(settings.volume)", value: $settings.volume, in: 0...10)
        }
    }
}

private struct ThemeKey: EnvironmentKey { static let defaultValue = "light" }
extension EnvironmentValues {
    var theme: String {
        get { self[ThemeKey.self] }
        set { self[ThemeKey.self] = newValue }
    }
}

private struct ThemedLabel: View {
    @Environment(\.theme) var theme
    var body: some View { Text("Theme: \(theme)") }
}

@Observable final class FlightModel {
    var status = "On time"
    var gate = "A1"
}

private struct ObservableHolder: View {
    @State private var model = FlightModel()
    var body: some View {
        VStack {
            Text(model.status)
            GateEditor(model: model)
            Button("Delay") { model.status = "Delayed" }
        }
    }
}

private struct GateEditor: View {
    @Bindable var model: FlightModel
    var body: some View {
        TextField("Gate", text: $model.gate)
    }
}

@MainActor
struct StateTests {
    @Test func stateSurvivesRerenders() throws {
        let host = ViewHost(
            VStack {
                CounterRow(label: "A"); CounterRow(label: "B")
            })
        try host.tap("A: 0")
        try host.tap("A: 1")
        try host.tap("B: 0")
        #expect(host.elements(withText: "A: 2").count == 1)
        #expect(host.elements(withText: "B: 1").count == 1)
    }

    @Test func stateIsDroppedWhenTheViewLeavesTheTree() throws {
        let host = ViewHost(Toggleable())
        try host.tap("A: 0")
        try host.tap("A: 1")
        try host.tap("Toggle")
        #expect(host.elements(withText: "A: 2").isEmpty)
        try host.tap("Toggle")
        #expect(host.elements(withText: "A: 0").count == 1)
    }

    @Test func bindingWritesReachTheOwner() throws {
        let host = ViewHost(Parent())
        try host.type("Bob", into: "Name")
        #expect(host.text.contains("Parent sees Bob"))
        try host.tap("Reset")
        #expect(host.text.contains("Parent sees Ann"))
        #expect(host.html.contains("value=\"Ann\""))
    }

    @Test func memberBindingsProjectIntoStructs() throws {
        let host = ViewHost(SettingsForm())
        try host.toggle("Notifications")
        #expect(!host.html.contains("checked"))
        try host.tap("Increment")
        try host.tap("Increment")
        #expect(host.text.contains("Volume 7"))
        for _ in 0..<10 { try host.tap("Increment") }
        #expect(host.text.contains("Volume 10"))
    }

    @Test func constantBindingIgnoresWrites() throws {
        let binding = Binding.constant(3)
        binding.wrappedValue = 4
        #expect(binding.wrappedValue == 3)
        let host = ViewHost(TextField("Fixed", text: .constant("x")))
        try host.type("y", into: "Fixed")
        #expect(host.html.contains("value=\"x\""))
    }

    @Test func optionalBindingUnwraps() {
        var stored: Int? = 4
        let optional = Binding<Int?>(get: { stored }, set: { stored = $0 })
        let unwrapped = try! #require(Binding(optional))
        unwrapped.wrappedValue = 5
        #expect(stored == 5)
        stored = nil
        #expect(unwrapped.wrappedValue == 5)
        #expect(Binding(optional) == nil)
    }

    @Test func environmentValuesFlowDownAndCanBeOverridden() {
        #expect(inner(ThemedLabel()).contains("Theme: light"))
        #expect(inner(ThemedLabel().environment(\.theme, "dark")).contains("Theme: dark"))
        let nested = inner(
            VStack {
                ThemedLabel(); ThemedLabel().environment(\.theme, "sepia")
            }.environment(\.theme, "dark"))
        #expect(nested.contains("Theme: dark"))
        #expect(nested.contains("Theme: sepia"))
    }

    @Test func observableModelsInStateAndBindable() throws {
        let host = ViewHost(ObservableHolder())
        try host.tap("Delay")
        #expect(host.elements(withText: "Delayed").count == 1)
        try host.type("B7", into: "Gate")
        #expect(host.html.contains("value=\"B7\""))
    }

    @Test func disabledControlsRenderDisabledAndRefuseEvents() throws {
        var taps = 0
        let host = ViewHost(
            VStack {
                Button("Go") { taps += 1 }
                TextField("Name", text: .constant(""))
            }.disabled(true))
        #expect(throws: ViewHost.HostError.self) { try host.tap("Go") }
        #expect(host.html.components(separatedBy: "disabled=\"\"").count == 3)
        #expect(taps == 0)
    }
}
