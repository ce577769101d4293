import Jetway
import JetwayServer
import MountainAirportViews

/// What the controls gallery's controls are bound to; the browser suite reads it to check that
/// each click or keystroke reached the server with the right type.
@Observable @MainActor
final class ControlsModel {
    var taps = 0
    var name = ""
    var password = ""
    var notes = ""
    var email = ""
    var search = ""
    var searchesSubmitted = 0
    var notifications = false
    var bags = 0
    var volume = 5.0
    var seat = "Window"
    var meal = "Vegetarian"
    var cabin = "Economy"
    var lounge = "North"
    var durationValue = 1
    var durationUnit = "days"
    /// 2026-12-01 10:00 in Denver (17:00 UTC).
    var departure = Date(timeIntervalSince1970: 1_796_144_400)
    var reminder = Date(timeIntervalSince1970: 1_796_144_400)
    var showingSheet = false
    var sheetDismissals = 0
    var askingToCancel = false
    var rulesShown = false
    var sort = "time"
    var gates = ["A1", "B12", "C3"]
    var pinned = "none"
    var cancelled = 0
    var submissions = 0
    var styledTaps = 0
    var fare = 12.5
    var starred = false
    var essay = ""
    var highlight = Color.blue

    static let seats = ["Window", "Middle", "Aisle"]
    static let meals = ["Vegetarian", "Fish", "Chicken"]
    static let cabins = ["Economy", "Premium", "Business", "First"]
    static let lounges = ["North", "South", "East"]
    static let units = ["days", "weeks", "months"]
    static let denver = TimeZone(identifier: "America/Denver")!

    /// A date as Denver's wall clock reads it: `2026-12-01 10:00`.
    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = denver
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
    }
}

/// Every built-in control on one page, in the usual SwiftUI shape (NavigationStack, Form,
/// `.searchable`, a sheet): the page the three-engine suite drives. New controls join it.
struct ControlsGallery: View {
    @Bindable var model: ControlsModel

    var body: some View {
        NavigationStack {
            Form {
                Section("Buttons") {
                    Button("Tap me") { model.taps += 1 }
                    Text("Taps: \(model.taps)")
                    NavigationLink("Boarding details") { BoardingDetails() }
                    Button("Show boarding pass") { model.showingSheet = true }
                    Button("Cancel the trip") { model.askingToCancel = true }
                        .alert("Cancel the trip?", isPresented: $model.askingToCancel) {
                            Button("Cancel trip", role: .destructive) { model.cancelled += 1 }
                            Button("Keep it", role: .cancel) {}
                        } message: {
                            Text("Your seat 12A is given up.")
                        }
                    Text("Trips cancelled: \(model.cancelled)")
                }
                Section("Containers") {
                    DisclosureGroup("Baggage rules", isExpanded: $model.rulesShown) { Text("One cabin bag of 8 kg.") }
                    Menu("Sort") {
                        Button("By time") { model.sort = "time" }
                        Button("By gate") { model.sort = "gate" }
                    }
                    Text("Sorted by \(model.sort)")
                }
                Section("Row actions") {
                    List {
                        ForEach(model.gates, id: \.self) { gate in
                            Text("Gate \(gate)").swipeActions(edge: .leading) { Button("Pin \(gate)") { model.pinned = gate } }
                        }
                        .onDelete { model.gates.remove(atOffsets: $0) }
                    }
                    Text("Pinned \(model.pinned)")
                        .contextMenu { Button("Unpin") { model.pinned = "none" } }
                }
                Section("Rows") {
                    List {
                        Text("Row with a line")
                        Text("Row without a line").listRowSeparator(.hidden)
                        Text("Row with a red line").listRowSeparatorTint(.red)
                    }
                }
                Section("Text") {
                    TextField("Name", text: $model.name)
                        .onSubmit { model.submissions += 1 }
                    SecureField("Password", text: $model.password)
                    TextField("Notes", text: $model.notes, axis: .vertical)
                    TextField("Email", text: $model.email)
                        .keyboardType(.emailAddress)
                        .textContentType(.emailAddress)
                    Text("Hello, \(model.name)")
                    Text("Search: \(model.search)")
                    Text("Submitted: \(model.submissions)")
                }
                Section("Focus and styles") {
                    PassengerNameForm()
                    Button("Styled") { model.styledTaps += 1 }.buttonStyle(PillStyle())
                    Text("Styled taps: \(model.styledTaps)")
                    Toggle("Starred", isOn: $model.starred).toggleStyle(.button)
                    Text(model.starred ? "Starred yes" : "Starred no")
                    TextField("Fare", value: $model.fare, format: .number)
                    Text("Fare: \(model.fare, specifier: "%.2f")")
                    TextEditor(text: $model.essay)
                    AsyncImage(url: URL(string: "/assets/favicon.svg")) { phase in
                        if let image = phase.image {
                            image.resizable().frame(width: 32, height: 32)
                        } else if phase.error != nil {
                            Text("Logo failed")
                        } else {
                            ProgressView()
                        }
                    }
                    AsyncImage(url: URL(string: "/assets/no-such-picture.png")) { phase in
                        if phase.error != nil { Text("Picture failed") } else { ProgressView() }
                    }
                }
                Section("Fitting and sharing") {
                    // Too wide for 200 px: the second candidate is the one shown.
                    ViewThatFits(in: .horizontal) {
                        HStack {
                            Text("Check in now"); Text("Change your seat"); Text("Add checked bags")
                        }
                        Text("Manage booking")
                    }
                    .frame(width: 200)
                    ViewThatFits(in: .horizontal) {
                        Text("Gate B7")
                        Text("B7")
                    }
                    Text("/Users/gate/Documents/boarding-pass-US1204.pdf")
                        .lineLimit(1)
                        .truncationMode(.middle)
                        .frame(width: 160)
                    ShareLink(item: URL(string: "https://mountain.example/flights/US1204")!, subject: Text("US 1204"))
                    ColorPicker("Highlight", selection: $model.highlight)
                    Text("Highlight \(model.highlight.css)")
                    Gauge(value: 42, in: 0...120) {
                        Text("Cabin load")
                    } currentValueLabel: {
                        Text("42")
                    } minimumValueLabel: {
                        Text("0")
                    } maximumValueLabel: {
                        Text("120")
                    }
                    Gauge(value: 0.7) {
                        Text("Fuel")
                    } currentValueLabel: {
                        Text("70%")
                    }
                    .gaugeStyle(.accessoryCircular)
                    .tint(.orange)
                }
                Section("Layout") {
                    GeometryReader { proxy in
                        Text("Panel width: \(Int(proxy.size.width))")
                    }
                    .frame(height: 40)
                }
                Section("Values") {
                    Toggle("Notifications", isOn: $model.notifications)
                    Text(model.notifications ? "Notifications on" : "Notifications off")
                    Stepper("Bags: \(model.bags)", value: $model.bags, in: 0...3)
                    Slider(value: $model.volume, in: 0...10, step: 1) { Text("Volume") }
                    Text("Volume: \(Int(model.volume))")
                }
                Section("Pickers") {
                    Picker("Seat", selection: $model.seat) {
                        ForEach(ControlsModel.seats, id: \.self) { Text($0) }
                    }
                    Picker("Meal", selection: $model.meal) {
                        ForEach(ControlsModel.meals, id: \.self) { Text($0) }
                    }
                    .pickerStyle(.segmented)
                    Picker("Cabin", selection: $model.cabin) {
                        ForEach(ControlsModel.cabins, id: \.self) { Text($0) }
                    }
                    .pickerStyle(.wheel)
                    Picker("Lounge", selection: $model.lounge) {
                        ForEach(ControlsModel.lounges, id: \.self) { Text($0) }
                    }
                    .pickerStyle(.inline)
                    Text("Choices: \(model.seat), \(model.meal), \(model.cabin), \(model.lounge)")
                    // Seed 001's two-component duration picker: two wheels side by side.
                    HStack {
                        Picker("Remind every", selection: $model.durationValue) {
                            ForEach(1..<100) { Text("\($0)") }
                        }
                        Picker("Unit", selection: $model.durationUnit) {
                            ForEach(ControlsModel.units, id: \.self) { Text($0) }
                        }
                    }
                    .pickerStyle(.wheel)
                    .labelsHidden()
                    Text("Every \(model.durationValue) \(model.durationUnit)")
                }
                Section("Dates") {
                    DatePicker("Departure", selection: $model.departure)
                    DatePicker("Remind me at", selection: $model.reminder, displayedComponents: .hourAndMinute)
                    Text("Departs \(ControlsModel.stamp(model.departure)), reminder \(ControlsModel.stamp(model.reminder))")
                }
                .environment(\.timeZone, ControlsModel.denver)
            }
            .navigationTitle("Controls")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) { Button("Reset taps") { model.taps = 0 } }
            }
            .searchable(text: $model.search, prompt: "Search controls")
            .searchSuggestions {
                if "gates".hasPrefix(model.search) && model.search != "gates" {
                    Text("Search for gates").searchCompletion("gates")
                }
            }
            .onSubmit(of: .search) { model.searchesSubmitted += 1 }
            .sheet(isPresented: $model.showingSheet, onDismiss: { model.sheetDismissals += 1 }) {
                BoardingPass()
            }
        }
    }
}

struct BoardingDetails: View {
    var body: some View {
        Text("Boarding starts at gate B12").navigationTitle("Boarding")
    }
}

struct BoardingPass: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack {
            Text("Boarding pass for seat 12A")
            Button("Done") { dismiss() }
        }
    }
}

extension ControlsModel {
    /// The gallery at `/controls` beside MountainAirport's routes (its board at `/`).
    func app(flights: FlightBoardModel) -> JetwayApp {
        JetwayApp(
            title: "Controls",
            routes: [Route("/controls") { _ in ControlsGallery(model: self) }] + MountainAirportApp.make(model: flights).routes)
    }
}

/// A form that moves the focus itself, as SwiftUI forms do with `@FocusState`.
struct PassengerNameForm: View {
    enum Field: Hashable { case given, family }
    @FocusState private var focus: Field?
    @State private var given = ""
    @State private var family = ""

    var body: some View {
        VStack(alignment: .leading) {
            TextField("Given name", text: $given)
                .focused($focus, equals: .given)
                .submitLabel(.next)
                .onSubmit { focus = .family }
            TextField("Family name", text: $family)
                .focused($focus, equals: .family)
                .submitLabel(.done)
                .onSubmit { focus = nil }
            Button("Next field") { focus = .family }
            Text("Focus: \(focus.map { "\($0)" } ?? "none")")
        }
    }
}

/// An app's own button style.
struct PillStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(8)
            .foregroundColor(.white)
            .background(Capsule().fill(Color.blue))
    }
}
