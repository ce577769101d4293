import Jetway

/// The settings screen (`/settings`): seed 001's reminder form with its two-wheel duration
/// picker and its enum-driven "Add Item" and "Settings" sheets, and seed 002's profile screen of
/// more than ten rows with custom dividers.
public struct AirportSettings: View {
    let model: FlightBoardModel?
    @Environment(\.request) private var request
    @Environment(\.chooseLanguage) private var chooseLanguage
    @StateObject private var viewModel = ViewModel()
    @State private var sheet: Sheet?
    @State private var lastAction = "none"
    @State private var refreshes = 0
    @State private var scrolled = false

    /// Settings; with a model, the device's picture too.
    public init(model: FlightBoardModel? = nil) {
        self.model = model
    }

    /// The languages MountainAirport has strings in, each named in itself.
    static let languages = [
        (tag: "en", name: "English"), (tag: "es", name: "Español"), (tag: "de", name: "Deutsch"), (tag: "ar", name: "العربية"),
    ]

    enum Sheet: String, Identifiable {
        case addItem, settings
        var id: String { rawValue }
    }

    /// Seed 001's picker state: a number and a unit.
    struct DateDuration: Equatable {
        var value: Int
        var unit: Unit
        enum Unit: String, CaseIterable { case days, weeks, months }
    }

    final class ViewModel: ObservableObject {
        @Published var selection = DateDuration(value: 1, unit: .days)
        @Published var remindersOn = true
    }

    public var body: some View {
        NavigationStack {
            Form {
                if let model, let device = request.device {
                    Section("Your picture") {
                        AvatarSettings(model: model, device: device)
                    }
                }
                Section {
                    Toggle("Remind me", isOn: $viewModel.remindersOn)
                    // Seed 001's DateDurationPicker, as two wheels side by side.
                    HStack {
                        Picker("Every", selection: $viewModel.selection.value) {
                            ForEach(1..<100, id: \.self) { Text("\($0)") }
                        }
                        Picker("Unit", selection: $viewModel.selection.unit) {
                            ForEach(DateDuration.Unit.allCases, id: \.self) { Text($0.rawValue) }
                        }
                    }
                    .pickerStyle(.wheel)
                    .labelsHidden()
                    .disabled(!viewModel.remindersOn)
                    Text("Remind every \(viewModel.selection.value) \(viewModel.selection.unit.rawValue)")
                } header: {
                    Text("Reminders")
                }
                Section("Reminders, as UIKit would pick them") {
                    // The same binding through seed 001's UIPickerView wrapper.
                    DateDurationPicker(selection: $viewModel.selection, values: Array(1..<100), units: DateDuration.Unit.allCases)
                }
                Section("Announcements") {
                    // Seed 003's label and refreshable scroll view.
                    MyUILabel(
                        text: refreshes == 0
                            ? "Pull down or press Refresh for the latest"
                            : refreshes == 1 ? "Refreshed once" : "Refreshed \(refreshes) times")
                    MyScrollView(
                        text: Self.announcements(refreshes), onRefresh: { refreshes += 1 }, onScroll: { _ in scrolled = true })
                    if scrolled { Text("You have scrolled the announcements") }
                }
                // The visitor's language on this device (each name in its own language).
                Section("Language") {
                    ForEach(Self.languages, id: \.tag) { language in
                        Button(language.name) { chooseLanguage(language.tag) }
                    }
                    Button("The browser's language") { chooseLanguage(nil) }
                }
                Section("More") {
                    Button("Add Item") { sheet = .addItem }
                    Button("Settings") { sheet = .settings }
                    NavigationLink("Profile and sharing") {
                        ProfileSettings(send: { lastAction = "\($0)" })
                    }
                    Text("Last profile action: \(lastAction)")
                }
            }
            .navigationTitle("Settings")
            .sheet(item: $sheet, content: makeSheet)
        }
    }

    /// How many updates the panel keeps: the newest, on top. A page refreshed without end (its
    /// `refresh` message sent again and again) keeps an answer of the same size.
    static let keptUpdates = 20

    /// The airport's announcements: a new one on top after each refresh, the last
    /// `keptUpdates` of them.
    static func announcements(_ refreshes: Int) -> String {
        let standing = [
            "Gate B12 reopens at 14:00.", "Free water refills past security.", "Parking level 3 is full.",
            "Lost property: ask at the information desk.", "Quiet room on the upper level.", "Mountain Air lounge renovated.",
            "Please keep your luggage with you.", "Wi-Fi: MountainAirport-Free.",
        ]
        return ((max(0, refreshes - keptUpdates)..<refreshes).reversed().map { "Update \($0 + 1): all flights on schedule." } + standing)
            .joined(separator: "\n")
    }

    @ViewBuilder
    func makeSheet(_ sheet: Sheet) -> some View {
        switch sheet {
        case .addItem:
            AddItemView()
        case .settings:
            SheetSettingsView()
        }
    }
}

/// Seed 001's "Add Item" sheet.
struct AddItemView: View {
    @Environment(\.dismiss) var dismiss
    @State private var name = ""
    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Add a new item").font(.headline)
            TextField("Item name", text: $name)
            Button("Done") { dismiss() }
        }
        .presentationDetents([.medium])
    }
}

/// Seed 001's "Settings" sheet.
struct SheetSettingsView: View {
    @Environment(\.dismiss) var dismiss
    @State private var notifications = true
    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Toggle("Notifications", isOn: $notifications)
            Button("Done") { dismiss() }
        }
        .presentationDetents([.medium])
    }
}

/// Seed 002's settings screen: rows of a title, a subtitle and a button, between custom
/// dividers, the actions sent to whoever shows it (a UIKit controller in the seed).
struct ProfileSettings: View {
    enum Action: String, CustomStringConvertible {
        case share, support, advanced, subscriptions, iap
        var description: String { rawValue }
    }
    static let offset: CGFloat = 16
    let send: @MainActor (Action) -> Void

    var body: some View {
        ScrollView {
            VStack {
                Group {
                    RowDivider()
                    SettingsInfoView(title: "Share", subtitle: "Tell others about Mountain Airport")
                    Spacer()
                    SettingsButtonStackView(title: "Share", action: { self.send(.share) })
                    Spacer()
                }
                RowDivider()
                SettingsInfoView(title: "Support", subtitle: "Email the airport")
                SettingsButtonStackView(title: "Email", action: { self.send(.support) })
                RowDivider()
                SettingsInfoView(title: "Advanced", subtitle: "Sync and storage")
                SettingsButtonStackView(title: "Open Advanced", action: { self.send(.advanced) })
                RowDivider()
                SettingsInfoView(title: "Subscriptions", subtitle: "Lounge access plans")
                SettingsButtonStackView(title: "Manage", action: { self.send(.subscriptions) })
                RowDivider()
                SettingsInfoView(title: "Tip Jar", subtitle: "Support the crew")
                SettingsButtonStackView(title: "Tip", action: { self.send(.iap) })
            }
            .padding(ProfileSettings.offset)
        }
        .background(Color.indigo)
        .foregroundColor(.white)
        .navigationTitle("Profile")
    }
}

struct RowDivider: View {
    var body: some View {
        Rectangle()
            .fill(Color.white)
            .frame(height: 1)
            .padding(.leading, ProfileSettings.offset)
            .padding(.trailing, ProfileSettings.offset)
    }
}

struct SettingsInfoView: View {
    let title: String
    let subtitle: String
    var body: some View {
        VStack(alignment: .leading) {
            Text(title).bold()
            Text(subtitle).font(.footnote)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

struct SettingsButtonStackView: View {
    let title: String
    let action: @MainActor () -> Void
    var body: some View {
        HStack {
            Spacer()
            Button(title, action: action)
                .foregroundColor(.white)
                .padding(8)
                .border(Color.white, width: 1)
                .cornerRadius(4)
        }
    }
}
