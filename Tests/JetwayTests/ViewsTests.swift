import Jetway
import JetwayTesting
import Testing

@MainActor
struct ViewsTests {
    @Test func text() {
        #expect(inner(Text("Hi")) == "<span class=\"jw-text\">Hi</span>")
        #expect(
            inner(Text("On time ") + Text("12:40").bold())
                == "<span class=\"jw-text\"><span class=\"jw-text\">On time </span><span class=\"jw-text jw-bold\">12:40</span></span>")
        #expect(
            inner(Text("x").fontWeight(.semibold).underline().strikethrough()).contains(
                "text-decoration:underline line-through;font-weight:600"), "both lines, not the second over the first")
        #expect(
            inner(Text(Date(timeIntervalSince1970: 3600 * 13 + 60 * 5), style: .time).environment(\.timeZone, TimeZone(identifier: "UTC")!))
                == "<span class=\"jw-text\">1:05 PM</span>")
    }

    @Test func buttonWithTitleAndWithLabel() {
        #expect(
            inner(Button("Go") {})
                == "<button class=\"jw-button\" type=\"button\" data-on=\"click\"><span class=\"jw-text\">Go</span></button>")
        #expect(inner(Button(role: .destructive, action: {}) { Label("Delete", systemImage: "trash") }).contains("jw-destructive"))
        #expect(inner(Button("Go") {}.buttonStyle(.borderedProminent)).contains("class=\"jw-button jw-prominent\""))
    }

    @Test func images() {
        #expect(inner(Image("runway")) == "<img class=\"jw-image\" src=\"/assets/images/runway.png\" alt=\"runway\">")
        #expect(inner(Image(decorative: "bg.jpg")) == "<img class=\"jw-image\" src=\"/assets/images/bg.jpg\" alt=\"\">")
        // A name of the symbol set is its file, painted in the text's colour; one it lacks is drawn.
        #expect(
            inner(Image(systemName: "airplane"))
                == "<span class=\"jw-symbol\" role=\"img\" style=\"--jw-symbol:url(/_jetway/symbols/airplane.svg)\" aria-label=\"airplane\"></span>"
        )
        #expect(inner(Image(systemName: "star.fill")).contains("/_jetway/symbols/star-fill.svg"))
        let drawn = inner(Image(systemName: "airplane.departure"))
        #expect(drawn.hasPrefix("<svg class=\"jw-icon\" viewBox=\"0 0 24 24\" role=\"img\" aria-label=\"airplane departure\"><path d=\""))
        #expect(inner(Image("a").resizable()).contains("jw-image jw-resizable"))
    }

    @Test func stacks() {
        #expect(
            inner(VStack(alignment: .leading, spacing: 4) { Text("a") })
                == "<div class=\"jw-vstack jw-h-start\" style=\"gap:4px\"><span class=\"jw-text\">a</span></div>")
        #expect(
            inner(HStack(alignment: .top) { Spacer(minLength: 10) })
                == "<div class=\"jw-hstack jw-v-start jw-fill-w\"><div class=\"jw-spacer\" style=\"min-width:10px;min-height:10px\"></div></div>"
        )
        #expect(
            inner(ZStack(alignment: .bottomTrailing) { EmptyView() })
                == "<div class=\"jw-zstack\" style=\"justify-items:end;align-items:end\"></div>")
        #expect(
            inner(ScrollView(.horizontal, showsIndicators: false) { EmptyView() })
                == "<div class=\"jw-scroll jw-scroll-h jw-no-indicators jw-fill-w\"></div>")
    }

    @Test func labelLinkProgress() throws {
        #expect(
            inner(Label("Gate", systemImage: "nonexistent")).contains("<span class=\"jw-label\"><svg class=\"jw-icon jw-icon-missing\""))
        let url = try #require(URL(string: "https://example.com/x"))
        #expect(
            inner(Link("Site", destination: url))
                == "<a class=\"jw-link\" href=\"https://example.com/x\" rel=\"noopener noreferrer\"><span class=\"jw-text\">Site</span></a>"
        )
        #expect(inner(ProgressView()) == "<div class=\"jw-progress\"><progress></progress></div>")
        #expect(
            inner(ProgressView("Boarding", value: 30.0, total: 120.0))
                == "<div class=\"jw-progress\"><progress value=\"30\" max=\"120\" aria-label=\"Boarding\"></progress><span class=\"jw-text\">Boarding</span></div>"
        )
        #expect(inner(ProgressView(value: 500.0, total: 100.0)).contains("value=\"100\""))
    }

    @Test func colorsAndShapes() {
        #expect(
            inner(Color.red) == "<div class=\"jw-color jw-fill-w jw-fill-h\" style=\"background:var(--jw-red)\" aria-hidden=\"true\"></div>"
        )
        #expect(Color(red: 1, green: 0.5, blue: 0, opacity: 0.25).css == "rgb(255 128 0 / 0.25)")
        #expect(Color.blue.opacity(0.5).css == "color-mix(in srgb, var(--jw-blue) 50%, transparent)")
        #expect(Color("Runway;x").css == "var(--jw-color-Runwayx)")
        #expect(Color("magenta", bundle: .main).css == "var(--jw-color-magenta)", "a package's catalog colour, by name")
        let note = ViewHost(TextField("Enter Text", text: .constant(""), axis: .vertical).lineLimit(2...5)).html
        #expect(note.contains("rows=\"2\"") && note.contains("max-height:calc(5 * 1.3em + 16px)"), "\(note)")
        let reserved = ViewHost(Text("Gate").lineLimit(3, reservesSpace: true)).html
        #expect(reserved.contains("-webkit-line-clamp:3") && reserved.contains("min-height:calc(3 * 1.3em)"))
        #expect(
            ViewHost(Image("sun").resizable().aspectRatio(CGSize(width: 4, height: 2), contentMode: .fit)).html.contains("aspect-ratio:2"))
        #expect(
            inner(Circle().fill(.green))
                == "<div class=\"jw-shape jw-fill-w jw-fill-h\" aria-hidden=\"true\" style=\"border-radius:50%;background:var(--jw-green)\"></div>"
        )
        #expect(
            inner(RoundedRectangle(cornerRadius: 6).stroke(.gray, lineWidth: 2)).contains(
                "border-radius:6px;border:2px solid var(--jw-gray)"))
        #expect(inner(Rectangle()).contains("background:currentColor"), "a shape is filled with the foreground style")
        #expect(inner(Capsule().fill(.blue)).contains("border-radius:9999px"))
    }

    @Test func forEachOverRangesKeyPathsAndIdentifiables() {
        struct Gate: Identifiable { let id: String }
        #expect(inner(ForEach(0..<3) { Text("\($0)") }).components(separatedBy: "jw-text").count == 4)
        #expect(inner(ForEach(1...2, id: \.self) { Text("\($0)") }).contains(">2<"))
        #expect(inner(ForEach([Gate(id: "A"), Gate(id: "B")]) { Text($0.id) }).contains(">B<"))
    }

    @Test func controls() throws {
        var text = "hi"
        var isOn = true
        var count = 3
        var level = 0.25
        let field = inner(TextField("Flight", text: Binding(get: { text }, set: { text = $0 }), prompt: Text("e.g. MA100")))
        #expect(
            field
                == "<input class=\"jw-textfield\" type=\"text\" value=\"hi\" placeholder=\"e.g. MA100\" aria-label=\"Flight\" data-on=\"input\">"
        )
        #expect(inner(SecureField("Password", text: .constant(""))).contains("type=\"password\""))
        let toggle = inner(Toggle("Alerts", isOn: Binding(get: { isOn }, set: { isOn = $0 })))
        #expect(
            toggle
                == "<label class=\"jw-toggle\"><span class=\"jw-text\">Alerts</span><input type=\"checkbox\" role=\"switch\" checked=\"\" data-on=\"change\"></label>"
        )
        let host = ViewHost(
            VStack {
                Stepper("Bags \(count)", value: Binding(get: { count }, set: { count = $0 }), in: 0...3)
                Slider(value: Binding(get: { level }, set: { level = $0 }), in: 0...1, step: 0.25) { Text("Level") }
            })
        try host.tap("Increment")
        #expect(count == 3)
        try host.tap("Decrement")
        #expect(count == 2)
        try host.send(.input, .text("0.75")) { $0.attribute("type") == "range" }
        #expect(level == 0.75)
        try host.send(.input, .number(7)) { $0.attribute("type") == "range" }
        #expect(level == 1)
        #expect(throws: JetwayError.self) { try host.send(.input, .text("NaN")) { $0.attribute("type") == "range" } }
        #expect(throws: JetwayError.self) { try host.send(.input, .bool(true)) { $0.attribute("type") == "range" } }
        #expect(host.html.contains("aria-label=\"Level\""))
    }

    @Test func aListOfAConstantRange() {
        // A search screen's placeholder rows, as a clone app writes them.
        let host = ViewHost(List(0..<3) { item in Text("Suggestion \(item)") })
        #expect(host.elements(withClass: StyleClass.listRow).map(\.textContent) == ["Suggestion 0", "Suggestion 1", "Suggestion 2"])
    }

    @Test func aSlidersEndLabelsAndTextByAFormatter() throws {
        // A budget form: the limits at the track's ends, written by a currency formatter.
        let currency = NumberFormatter()
        currency.numberStyle = .currency
        currency.currencyCode = "USD"
        currency.locale = Locale(identifier: "en_US")
        var total = 250.0
        let host = ViewHost(
            VStack {
                Slider(value: Binding(get: { total }, set: { total = $0 }), in: 0...500, step: 50) {
                    Text("Total")
                } minimumValueLabel: {
                    Text(0 as NSNumber, formatter: currency)
                } maximumValueLabel: {
                    Text(500 as NSNumber, formatter: currency)
                }
                Text(total as NSNumber, formatter: currency)
            })
        let slider = try #require(host.elements(withClass: StyleClass.slider).first)
        #expect(slider.children.map(\.textContent) == ["Total", "$0.00", "", "$500.00"], "label, minimum, track, maximum")
        #expect(host.html.contains("aria-label=\"Total\"") && host.html.contains("$250.00"))
        try host.send(.input, .number(300)) { $0.attribute("type") == "range" }
        #expect(total == 300)
    }

    @Test func listFormSection() {
        let list = inner(
            List {
                Text("a"); Section("More") { Text("b") }
            }.listStyle(.plain))
        #expect(
            list.hasPrefix(
                "<ul class=\"jw-list jw-fill-w jw-fill-h jw-list-plain\"><li class=\"jw-list-row\"><span class=\"jw-text\">a</span></li><li class=\"jw-list-section\"><section class=\"jw-section\"><header class=\"jw-section-header\">"
            ))
        let form = inner(Form { Section(header: Text("H"), footer: Text("F")) { Text("c") } })
        #expect(
            form
                == "<form class=\"jw-form jw-fill-w jw-fill-h\" novalidate=\"\"><section class=\"jw-section\"><header class=\"jw-section-header\"><span class=\"jw-text\">H</span></header><div class=\"jw-section-content\"><span class=\"jw-text\">c</span></div><footer class=\"jw-section-footer\"><span class=\"jw-text\">F</span></footer></section></form>"
        )
    }

    @Test func pickerTagsAndSelection() throws {
        enum Unit: String, CaseIterable { case days, weeks }
        var unit = Unit.days
        let host = ViewHost(
            Picker("Unit", selection: Binding(get: { unit }, set: { unit = $0 })) {
                Text("Days").tag(Unit.days)
                Text("Weeks").tag(Unit.weeks)
                Text("Untagged")
            })
        #expect(host.html.contains("<option data-j=") && host.html.contains("selected=\"\""))
        try host.select("Weeks", in: "Unit")
        #expect(unit == .weeks)
        #expect(throws: JetwayError.self) { try host.select("Untagged", in: "Unit") }
        #expect(unit == .weeks)
    }

    @Test func pickerRefusesATagOfAnotherType() throws {
        var value = 1
        let host = ViewHost(
            Picker("N", selection: Binding(get: { value }, set: { value = $0 })) {
                Text("one").tag(1)
                Text("text").tag("two")
            })
        #expect(throws: JetwayError.self) { try host.select("text", in: "N") }
        #expect(value == 1)
    }

    @Test func navigationTitleSearchableAndSheet() throws {
        var query = ""
        var shown = true
        let html = inner(
            Text("body").navigationTitle("Board").searchable(text: Binding(get: { query }, set: { query = $0 }), prompt: "Find a flight"))
        #expect(
            html.hasPrefix(
                "<div class=\"jw-searchable\"><h1 class=\"jw-nav-title\">Board</h1><input class=\"jw-search\" type=\"search\" value=\"\" placeholder=\"Find a flight\" aria-label=\"Find a flight\" data-on=\"input\" role=\"searchbox\">"
            ))
        let sheet = inner(Text("x").sheet(isPresented: Binding(get: { shown }, set: { shown = $0 })) { Text("In sheet") })
        #expect(
            sheet.contains(
                "<dialog class=\"jw-sheet\" aria-modal=\"true\" data-on=\"dismiss\"><span class=\"jw-text\">In sheet</span></dialog>"
            ))
    }

    @Test func geometryReaderRefusesNonsenseSizes() throws {
        // Sizes no browser's JSON can carry (infinity), handed to the graph as values.
        let host = ViewHost(GeometryReader { proxy in Text("\(Int(proxy.size.width))") }, wire: .direct)
        #expect(host.text == "390")
        #expect(throws: JetwayError.self) { try host.resize(width: .infinity, height: 1) }
        #expect(throws: JetwayError.self) { try host.resize(width: -1, height: 1) }
        try host.resize(width: 1024, height: 768)
        #expect(host.text == "1024")
    }
}

@MainActor
struct SearchTests {
    struct Airports: View {
        @State private var search = ""
        @State private var submitted = ""
        let codes = ["DEN", "DFW", "DTW", "LAX"]
        var body: some View {
            NavigationStack {
                List(codes.filter { search.isEmpty || $0.hasPrefix(search) }, id: \.self) { Text($0) }
                    .navigationTitle("Airports")
                    .searchable(text: $search, prompt: "Airport")
                    .searchSuggestions {
                        ForEach(codes.filter { $0.hasPrefix(search) && $0 != search }, id: \.self) { code in
                            Text("Fly to \(code)").searchCompletion(code)
                        }
                    }
                    .onSubmit(of: .search) { submitted = search }
                Text("Submitted: \(submitted)")
            }
        }
    }

    @Test func theSearchFieldSitsUnderTheTitleWithSuggestionsAndSubmit() throws {
        let host = ViewHost(Airports())
        let title = try #require(host.html.range(of: "jw-nav-title"))
        let field = try #require(host.html.range(of: "type=\"search\""))
        #expect(title.lowerBound < field.lowerBound, "the search field is above the title")
        try host.type("D", into: "Airport")
        #expect(host.elements(withText: "Fly to DEN").count == 1 && host.elements(withText: "Fly to LAX").isEmpty)
        try host.tap("Fly to DFW")
        #expect(host.html.contains("value=\"DFW\""))
        #expect(host.elements(withText: "Fly to DFW").isEmpty, "no suggestion for what is typed")
        try host.submit("Airport")
        #expect(host.text.contains("Submitted: DFW"))
    }
}

@MainActor
struct ListRowTests {
    @Test func rowsHideOrTintTheirSeparatorAndSetTheirBackground() throws {
        let host = ViewHost(
            List {
                Text("Plain row")
                Text("No line under me").listRowSeparator(.hidden)
                Text("Red line under me").listRowSeparatorTint(.red)
                Text("Yellow row").listRowBackground(.yellow)
            })
        let items = host.html.components(separatedBy: "<li ").dropFirst()
        #expect(items.count == 4)
        let rows = Array(items)
        #expect(!rows[0].contains("jw-no-separator") && !rows[0].contains("style="))
        #expect(rows[1].hasPrefix("class=\"jw-list-row jw-no-separator\""), "\(rows[1].prefix(80))")
        #expect(rows[2].contains("style=\"--jw-separator:var(--jw-red)\""), "\(rows[2].prefix(120))")
        #expect(rows[3].contains("background:var(--jw-yellow)"), "\(rows[3].prefix(120))")
    }
}

@MainActor
struct ContainerTests {
    struct Rules: View {
        @State private var open = false
        @State private var sort = "time"
        var body: some View {
            VStack {
                DisclosureGroup("Baggage rules", isExpanded: $open) { Text("One cabin bag of 8 kg.") }
                Text(open ? "Rules shown" : "Rules hidden")
                DisclosureGroup("Pets") { Text("Small pets in the cabin.") }
                Menu("Sort") {
                    Button("By time") { sort = "time" }
                    Button("By gate") { sort = "gate" }
                }
                Text("Sorted by \(sort)")
                LazyVGrid(columns: [GridItem(.adaptive(minimum: 120)), GridItem(.fixed(80))], spacing: 12) {
                    ForEach(["A", "B"], id: \.self) { Text($0) }
                }
            }
        }
    }

    @Test func disclosureGroupsMenusAndLazyGrids() throws {
        let host = ViewHost(Rules())
        #expect(host.html.contains("<details class=\"jw-disclosure\" data-j=\"3\" data-on=\"change\"><summary"))
        try host.send(.change, .bool(true)) {
            $0.tag == "details" && $0.attribute("class") == "jw-disclosure" && $0.textContent.contains("Baggage")
        }
        #expect(
            host.text.contains("Rules shown")
                && host.html.contains("<details class=\"jw-disclosure\" data-j=\"3\" data-on=\"change\" open=\"\""))
        try host.tap("By gate")
        #expect(host.text.contains("Sorted by gate"))
        #expect(host.html.contains("grid-template-columns:repeat(auto-fill,minmax(120px,1fr)) 80px"))
        #expect(host.html.contains("role=\"menu\""))
    }
}

@MainActor
struct StatefulChildSkipTests {
    @MainActor final class Counter {
        static var childBodies = 0
    }

    struct Child: View {
        let label: String
        @State private var taps = 0
        @Environment(\.isEnabled) private var isEnabled
        var body: some View {
            Counter.childBodies += 1
            return Button("\(label) tapped \(taps)") { taps += 1 }
        }
    }

    struct Parent: View {
        @State private var count = 0
        var body: some View {
            VStack {
                Text("Count \(count)")
                Button("More") { count += 1 }
                Child(label: "Child")
            }
        }
    }

    @Test func aChildWithStateIsNotEvaluatedAgainWhenItsInputsDidNotChange() throws {
        let host = ViewHost(Parent())
        try host.tap("Child tapped 0")
        #expect(host.text.contains("Child tapped 1"))
        let before = Counter.childBodies
        try host.tap("More")
        try host.tap("More")
        #expect(host.text.contains("Count 2") && host.text.contains("Child tapped 1"), "its state stays")
        #expect(Counter.childBodies == before, "the child's body ran again \(Counter.childBodies - before) times")
    }
}

@MainActor
struct RowActionTests {
    struct Gates: View {
        @State private var gates = ["A1", "B12", "C3"]
        @State private var pinned = "none"
        @State private var copied = "none"
        var body: some View {
            VStack {
                List {
                    ForEach(gates, id: \.self) { gate in
                        Text("Gate \(gate)")
                            .swipeActions { Button("Pin \(gate)") { pinned = gate } }
                            .contextMenu { Button("Copy \(gate)") { copied = gate } }
                    }
                    .onDelete { gates.remove(atOffsets: $0) }
                }
                Text("Pinned \(pinned), copied \(copied), \(gates.count) gates")
            }
        }
    }

    @Test func rowsCanBeDeletedSwipedAndHaveAContextMenu() throws {
        let host = ViewHost(Gates())
        try host.tap("Delete Gate B12")
        #expect(host.text.contains("2 gates") && !host.text.contains("Gate B12"))
        try host.tap("Pin C3")
        try host.tap("Copy A1")
        #expect(host.text.contains("Pinned C3, copied A1"))
        #expect(host.html.contains("aria-label=\"Delete Gate A1\"") && host.html.contains("aria-label=\"Actions\""))
    }

    @Test func offsetsRemoveAndMoveAsSwiftUIs() {
        var gates = ["A", "B", "C", "D"]
        gates.remove(atOffsets: IndexSet([1, 3]))
        #expect(gates == ["A", "C"])
        var moving = ["A", "B", "C", "D"]
        moving.move(fromOffsets: IndexSet([0]), toOffset: 3)
        #expect(moving == ["B", "C", "A", "D"])
    }

    /// A toolbar's items in a property of their own (`@ToolbarContentBuilder`), as apps factor them.
    private struct Recipes: View {
        @State private var sort = "Name"
        var body: some View {
            NavigationStack {
                Text("Sorted by \(sort)").toolbar { sortOptions }
            }
        }

        @ToolbarContentBuilder
        var sortOptions: some ToolbarContent {
            ToolbarItem(placement: .topBarLeading) { Button("By name") { sort = "Name" } }
            ToolbarItem(placement: .topBarTrailing) { Button("By time") { sort = "Time" } }
        }
    }

    @Test func toolbarContentInAPropertyOfItsOwn() throws {
        let host = ViewHost(Recipes())
        try host.tap("By time")
        #expect(host.text.contains("Sorted by Time"))
        let menu = ViewHost(Menu("Sort", systemImage: "arrow.up.arrow.down") { Button("Name") {} }).html
        #expect(menu.contains("Sort") && menu.contains(StyleClass.symbol), "a menu titled with a symbol: \(menu)")
    }
}
