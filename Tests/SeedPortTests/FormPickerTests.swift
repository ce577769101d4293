// Seed 001, "Using a multi component picker in a SwiftUI form" (the form around the picker;
// the UIPickerView representable itself arrives with Representables) and "LibraryContentProvider"
// (the SubtitledButton view).
import Jetway
import JetwayTesting
import Testing

struct DateDuration: Equatable {
    let value: Int
    let unit: Unit
    enum Unit: String, CaseIterable {
        case days, weeks, months
    }
}

struct DurationContentView: View {
    @StateObject var viewModel = ViewModel()
    var body: some View {
        NavigationView {
            Form {
                Section {
                    HStack {
                        Picker("Value", selection: $viewModel.value) {
                            ForEach(Array(1..<100), id: \.self) { Text("\($0)") }
                        }
                        Picker("Unit", selection: $viewModel.unit) {
                            ForEach(DateDuration.Unit.allCases, id: \.self) { unit in
                                Text(unit.rawValue)
                            }
                        }
                        .pickerStyle(.segmented)
                    }
                    Text("Remind me every \(viewModel.selection.value) \(viewModel.selection.unit.rawValue)")
                }
            }
            .navigationTitle("Reminders")
        }
    }
}

extension DurationContentView {
    final class ViewModel: ObservableObject {
        @Published var value = 1
        @Published var unit = DateDuration.Unit.days
        var selection: DateDuration { DateDuration(value: value, unit: unit) }
    }
}

struct SubtitledButton: View {
    let title: LocalizedStringKey
    let subtitle: LocalizedStringKey
    let action: () -> Void
    var body: some View {
        Button(
            action: action,
            label: {
                VStack(spacing: 4) {
                    Text(title)
                    Text(subtitle)
                        .font(.footnote)
                }
            })
    }
}

@MainActor
struct FormPickerTests {
    @Test func pickersSetTheSelection() throws {
        let host = ViewHost(DurationContentView())
        #expect(host.elements(withText: "Reminders").first?.tag == "h1")
        #expect(host.text.contains("Remind me every 1 days"))
        try host.select("12", in: "Value")
        try host.select("weeks", in: "Unit")
        #expect(host.text.contains("Remind me every 12 weeks"))
        let selected = host.dom.root.descendants.filter { $0.tag == "option" && $0.attribute("selected") != nil }
        #expect(selected.map(\.textContent) == ["12"])
        let pressed = host.dom.root.descendants.filter { $0.attribute("aria-checked") == "true" }
        #expect(pressed.map(\.textContent) == ["weeks"])
        #expect(host.dom.root.descendants.contains { $0.tag == "form" })
        #expect(host.dom.root.descendants.contains { $0.tag == "section" })
    }

    @Test func aForgedOptionIndexIsRefusedAndChangesNothing() throws {
        let host = ViewHost(DurationContentView())
        #expect(throws: JetwayError.self) {
            try host.send(.change, .text("500")) { $0.tag == "select" }
        }
        #expect(throws: JetwayError.self) {
            try host.send(.change, .text("seven")) { $0.tag == "select" }
        }
        #expect(host.text.contains("Remind me every 1 days"))
    }

    @Test func subtitledButtonIsOneButtonWithBothLines() throws {
        var taps = 0
        let host = ViewHost(SubtitledButton(title: "Title", subtitle: "Subtitle", action: { taps += 1 }))
        try host.tap("Title Subtitle")
        #expect(taps == 1)
        #expect(host.html.contains("jw-font-footnote"))
        #expect(host.html.contains("gap:4px"))
    }
}
