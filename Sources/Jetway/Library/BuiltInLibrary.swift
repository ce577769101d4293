/// Every built-in component, live, for the catalogue at `/_jetway/library`.
public struct BuiltInLibrary: LibraryContentProvider {
    /// The built-in components' catalogue entries.
    public init() {}

    /// A live example of each built-in component (buttons, pickers, text, shapes, layout), by
    /// category.
    public var views: [LibraryItem] {
        [
            LibraryItem(ButtonDemo(), title: "Button", category: .control),
            LibraryItem(ToggleDemo(), title: "Toggle", category: .control),
            LibraryItem(TextFieldDemo(), title: "TextField and SecureField", category: .control),
            LibraryItem(StepperSliderDemo(), title: "Stepper and Slider", category: .control),
            LibraryItem(PickerDemo(style: .menu), title: "Picker (.menu)", category: .control),
            LibraryItem(PickerDemo(style: .segmented), title: "Picker (.segmented)", category: .control),
            LibraryItem(PickerDemo(style: .inline), title: "Picker (.inline)", category: .control),
            LibraryItem(PickerDemo(style: .wheel), title: "Picker (.wheel)", category: .control),
            LibraryItem(DatePickerDemo(), title: "DatePicker", category: .control),
            LibraryItem(MenuDemo(), title: "Menu", category: .control),
            LibraryItem(Link("Jetway on the web", destination: URL(string: "https://example.com/")!), title: "Link", category: .control),
            LibraryItem(ProgressDemo(), title: "ProgressView", category: .control),
            LibraryItem(SheetDemo(), title: "Sheet and alert", category: .control),
            LibraryItem(
                VStack(alignment: .leading) {
                    Text("Large title").font(.largeTitle)
                    Text("Headline").font(.headline)
                    Text("Footnote, secondary").font(.footnote).foregroundColor(.secondary)
                    Label("Label with a symbol", systemImage: "airplane")
                }, title: "Text and Label", category: .other),
            LibraryItem(
                HStack {
                    Image(systemName: "star")
                    Image(systemName: "airplane.departure")
                    Image(systemName: "bell")
                    Image(systemName: "map")
                }, title: "Image(systemName:)", category: .other),
            LibraryItem(
                HStack {
                    Circle().fill(Color.blue).frame(width: 40, height: 40)
                    RoundedRectangle(cornerRadius: 8).fill(Color.orange).frame(width: 60, height: 40)
                    Capsule().fill(Color.green).frame(width: 80, height: 30)
                }, title: "Shapes", category: .effect),
            LibraryItem(
                Text("Shadow and corner radius").padding(12).background(Color.yellow).cornerRadius(8).shadow(radius: 4),
                title: "Modifiers", category: .effect),
            LibraryItem(
                HStack {
                    Text("Leading")
                    Spacer()
                    Text("Trailing")
                }, title: "HStack and Spacer", category: .layout),
            LibraryItem(
                ZStack {
                    Rectangle().fill(Color.indigo).frame(height: 60)
                    Text("On top").foregroundColor(.white)
                }, title: "ZStack", category: .layout),
            LibraryItem(
                Grid(horizontalSpacing: 12, verticalSpacing: 6) {
                    GridRow {
                        Text("Gate").bold()
                        Text("Flight").bold()
                    }
                    GridRow {
                        Text("B12")
                        Text("MA 107")
                    }
                }, title: "Grid and GridRow", category: .layout),
            LibraryItem(
                LazyVGrid(columns: [GridItem(.adaptive(minimum: 80))]) {
                    ForEach(1..<9, id: \.self) { Text("Cell \($0)").padding(8).background(Color.teal.opacity(0.2)) }
                }, title: "LazyVGrid", category: .layout),
            LibraryItem(
                List {
                    Section("Departures") {
                        Text("MA 107 to Denver")
                        Text("MA 114 to Phoenix")
                    }
                }, title: "List and Section", category: .layout),
            LibraryItem(
                Form {
                    Section("Reminder") { Text("A grouped form") }
                }, title: "Form", category: .layout),
            LibraryItem(
                DisclosureGroup("Baggage rules") { Text("One cabin bag of 8 kg.") }, title: "DisclosureGroup", category: .layout),
            LibraryItem(
                ScrollView(.horizontal) {
                    HStack { ForEach(1..<15, id: \.self) { Text("Item \($0)").padding(6) } }
                }, title: "ScrollView", category: .layout),
        ]
    }
}

private struct ButtonDemo: View {
    @State private var taps = 0
    var body: some View {
        HStack {
            Button("Tap me") { taps += 1 }
            Button("Bordered") { taps += 1 }.buttonStyle(.bordered)
            Button("Delete", role: .destructive) { taps = 0 }
            Text("Taps: \(taps)")
        }
    }
}

private struct ToggleDemo: View {
    @State private var on = true
    var body: some View { Toggle("Notifications", isOn: $on) }
}

private struct TextFieldDemo: View {
    @State private var name = ""
    @State private var password = ""
    var body: some View {
        VStack(alignment: .leading) {
            TextField("Name", text: $name)
            SecureField("Password", text: $password)
            Text("Hello, \(name.isEmpty ? "traveller" : name)")
        }
    }
}

private struct StepperSliderDemo: View {
    @State private var bags = 1
    @State private var volume = 5.0
    var body: some View {
        VStack(alignment: .leading) {
            Stepper("Bags: \(bags)", value: $bags, in: 0...4)
            Slider(value: $volume, in: 0...10, step: 1) { Text("Volume") }
        }
    }
}

private struct PickerDemo: View {
    let style: PickerStyleKind
    @State private var seat = "Window"
    var body: some View {
        Picker("Seat", selection: $seat) {
            ForEach(["Window", "Middle", "Aisle"], id: \.self) { Text($0) }
        }
        .pickerStyle(style)
    }
}

private struct DatePickerDemo: View {
    @State private var date = Date(timeIntervalSince1970: 1_796_144_400)
    var body: some View {
        VStack(alignment: .leading) {
            DatePicker("Departure", selection: $date)
            DatePicker("Time", selection: $date, displayedComponents: .hourAndMinute)
        }
    }
}

private struct MenuDemo: View {
    @State private var sort = "time"
    var body: some View {
        HStack {
            Menu("Sort") {
                Button("By time") { sort = "time" }
                Button("By gate") { sort = "gate" }
            }
            Text("Sorted by \(sort)")
        }
    }
}

private struct ProgressDemo: View {
    var body: some View {
        VStack(alignment: .leading) {
            ProgressView(value: 0.6) { Text("Boarding") }
            ProgressView()
        }
    }
}

private struct SheetDemo: View {
    @State private var sheet = false
    @State private var alert = false
    var body: some View {
        HStack {
            Button("Show sheet") { sheet = true }
            Button("Show alert") { alert = true }
        }
        .sheet(isPresented: $sheet) { SheetDemoContent() }
        .alert("Gate changed", isPresented: $alert) {
            Button("OK", role: .cancel) {}
        } message: {
            Text("Now boarding at B12.")
        }
    }
}

private struct SheetDemoContent: View {
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        VStack(alignment: .leading) {
            Text("A sheet").font(.headline)
            Button("Done") { dismiss() }
        }
    }
}
