import JetwayTesting
import JetwayWire
import Testing

@testable import Jetway

/// Lazy containers render a window of a `ForEach`'s rows between two gaps, and the window
/// follows what the browser reports it shows.
private struct Numbers: View {
    var count = 1000
    @State private var search = ""
    var body: some View {
        NavigationStack {
            List((0..<count).filter { search.isEmpty || String($0).contains(search) }, id: \.self) { number in
                Text("Row \(number)")
            }
            .searchable(text: $search, prompt: "Number")
        }
    }
}

/// A row that counts its own taps in `@State`.
private struct CountingRow: View {
    let number: Int
    @State private var taps = 0
    var body: some View {
        Button("Row \(number) tapped \(taps)") { taps += 1 }
    }
}

private struct Counters: View {
    var body: some View {
        List(0..<1000, id: \.self) { CountingRow(number: $0) }
    }
}

@MainActor @Observable private final class Suffix {
    var text = ""
}

/// Rows with buttons, a search, and a row (5) whose label can change while it is away.
private struct Tappable: View {
    var suffix = Suffix()
    @State private var search = ""
    @State private var tapped = -1
    var body: some View {
        NavigationStack {
            Text("Tapped \(tapped)")
            List((0..<200).filter { search.isEmpty || String($0).hasPrefix(search) }, id: \.self) { number in
                Button("Row \(number)\(number == 5 ? suffix.text : "")") { tapped = number }
            }
            .searchable(text: $search, prompt: "Number")
        }
    }
}

private struct RowThemeKey: EnvironmentKey { static let defaultValue = "plain" }
extension EnvironmentValues {
    fileprivate var rowTheme: String {
        get { self[RowThemeKey.self] }
        set { self[RowThemeKey.self] = newValue }
    }
}

/// Reads the theme inside a row's first element, where rows share one environment.
private struct ThemedRowLabel: View {
    let name: String
    @Environment(\.rowTheme) private var theme
    @State private var taps = 0
    var body: some View {
        Button("\(name) \(theme) \(taps)") { taps += 1 }
    }
}

/// Two lists in different themes, each row an `HStack` holding a view that reads the theme.
private struct ThemedLists: View {
    @State private var dark = false
    var body: some View {
        VStack {
            Button("Switch") { dark.toggle() }
            List(0..<3, id: \.self) { number in
                HStack { ThemedRowLabel(name: "A\(number)") }
            }
            .environment(\.rowTheme, dark ? "dark" : "light")
            List(0..<3, id: \.self) { number in
                HStack { ThemedRowLabel(name: "B\(number)") }
            }
            .environment(\.rowTheme, "fixed")
        }
    }
}

private struct Deletable: View {
    @State private var numbers = Array(0..<1000)
    var body: some View {
        List {
            ForEach(numbers, id: \.self) { Text("Row \($0)") }
                .onDelete { numbers.remove(atOffsets: $0) }
        }
    }
}

private struct Grouped: View {
    var body: some View {
        List {
            ForEach(["Short", "Long"], id: \.self) { group in
                Section(group) {
                    ForEach(0..<(group == "Short" ? 3 : 500), id: \.self) { Text("\(group) \($0)") }
                }
            }
        }
    }
}

private struct Stacks: View {
    var body: some View {
        VStack {
            ScrollView {
                LazyVStack(spacing: 4) {
                    ForEach(0..<1000, id: \.self) { row in
                        HStack { ForEach(0..<40, id: \.self) { Text("Cell \(row).\($0)") } }
                    }
                }
            }
            ScrollView(.horizontal) {
                LazyHStack { ForEach(0..<1000, id: \.self) { Text("Column \($0)") } }
            }
            LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible()), GridItem(.flexible())]) {
                ForEach(0..<1000, id: \.self) { Text("Tile \($0)") }
            }
        }
    }
}

/// Sections in a lazy stack and a lazy grid, as a timeline or a photo grid groups its rows.
private struct SectionedStacks: View {
    var body: some View {
        VStack {
            ScrollView {
                LazyVStack(alignment: .leading, spacing: 4, pinnedViews: [.sectionHeaders]) {
                    ForEach(["Morning", "Evening"], id: \.self) { part in
                        Section {
                            ForEach(0..<500, id: \.self) { Text("\(part) \($0)") }
                        } header: {
                            Text("Header \(part)")
                        }
                    }
                }
            }
            LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())]) {
                Section("Tiles") {
                    ForEach(0..<1000, id: \.self) { Text("Tile \($0)") }
                }
            }
        }
    }
}

@MainActor
struct LazyRowsTests {
    private func rows(_ host: ViewHost, _ prefix: String = "Row ") -> [Int] {
        host.dom.root.descendants.compactMap { node in
            guard node.attribute("class") == "jw-text", node.textContent.hasPrefix(prefix) else { return nil }
            return Int(node.textContent.dropFirst(prefix.count).prefix { $0.isNumber })
        }
    }

    private func gaps(_ host: ViewHost) -> [(rows: Int, window: Int?, style: String)] {
        host.dom.root.descendants.filter { $0.attribute("class")?.hasPrefix(RuntimeContract.Class.lazyGap) == true }.map {
            (
                Int($0.attribute(RuntimeContract.Attribute.lazyRows) ?? "") ?? -1,
                $0.attribute(RuntimeContract.Attribute.lazyWindow).flatMap { Int($0) },
                $0.attribute("style") ?? ""
            )
        }
    }

    @Test func aListRendersAWindowAndGapsThatStandForTheRest() throws {
        let host = ViewHost(Numbers())
        #expect(rows(host) == Array(0..<LazyWindow.firstCount))
        let gaps = gaps(host)
        #expect(gaps.count == 2)
        #expect(gaps[0].rows == 0 && gaps[0].window == LazyWindow.firstCount && gaps[0].style == "height:0px")
        #expect(gaps[1].rows == 1000 - LazyWindow.firstCount && gaps[1].window == nil)
        #expect(
            gaps[1].style == "height:\((1000 - LazyWindow.firstCount) * 44)px",
            "the rows after are estimated at a list row's length until measured")
        #expect(host.html.contains("aria-hidden=\"true\""), "a gap is not content")
    }

    @Test func theFirstWindowIsAsTallAsTheBrowsersWindowLastReported() throws {
        #expect(LazyWindow.firstCount == 24, "a screen and a quarter of 44 px rows on the default 844 px")
        var environment = EnvironmentValues()
        environment.request = RequestContext(sizes: "63:512:2048")
        let tall = ViewHost(Numbers(), environment: environment)
        #expect(rows(tall) == Array(0..<59))
        environment.request = RequestContext(sizes: "63:512:256")
        #expect(rows(ViewHost(Numbers(), environment: environment)) == Array(0..<8))
        // A reader's size alone says nothing of the window.
        environment.request = RequestContext(sizes: "0:300:2000")
        #expect(rows(ViewHost(Numbers(), environment: environment)).count == LazyWindow.firstCount)
    }

    @Test func theWindowFollowsTheScreenFurtherAheadInTheDirectionOfTravel() throws {
        let host = ViewHost(Numbers())
        try host.scrollLazyRows(toRow: 500, rows: 20)
        // No direction yet: a screen and a half each way.
        #expect(rows(host) == Array(470..<550))
        try host.scrollLazyRows(toRow: 530, rows: 20)
        // Down: one screen behind, two ahead.
        #expect(rows(host) == Array(510..<590))
        #expect(gaps(host).map(\.rows) == [510, 410])
        try host.scrollLazyRows(toRow: 480, rows: 20)
        // Up: two screens ahead (above), one behind.
        #expect(rows(host) == Array(440..<520))
        // A patch says no more than the rows that came and went, and the gaps' counts.
        try host.scrollLazyRows(toRow: 470, rows: 20)
        #expect(host.lastPatchBytes < 1_500, "a step of ten rows sent \(host.lastPatchBytes) bytes")
    }

    @Test func aSearchMovesTheWindowBackInsideTheShorterList() throws {
        let host = ViewHost(Numbers())
        try host.scrollLazyRows(toRow: 900, rows: 20)
        try host.type("99", into: "Number")
        #expect(rows(host) == [99, 199, 299, 399, 499, 599, 699, 799, 899, 990, 991, 992, 993, 994, 995, 996, 997, 998, 999])
        #expect(gaps(host).map(\.rows) == [0, 0])
        try host.type("", into: "Number")
        #expect(rows(host).first == 0, "a cleared search starts at the top of the window it left")
    }

    /// A list's rows share the environment below their first element (one result of leaving
    /// the list's rows per environment): what each row reads is still its own list's, a change
    /// above reaches every row of that list only, and a row's own state stays its own.
    @Test func rowsShareTheEnvironmentBelowTheirFirstElementAndStillReadTheirOwn() throws {
        let host = ViewHost(ThemedLists())
        #expect(host.text.contains("A0 light 0") && host.text.contains("A2 light 0"), "\(host.text)")
        #expect(host.text.contains("B0 fixed 0") && host.text.contains("B2 fixed 0"), "\(host.text)")
        try host.tap("A1 light 0")
        #expect(host.text.contains("A1 light 1") && host.text.contains("A0 light 0"), "\(host.text)")
        try host.tap("Switch")
        #expect(host.text.contains("A0 dark 0") && host.text.contains("A1 dark 1") && host.text.contains("A2 dark 0"), "\(host.text)")
        #expect(host.text.contains("B0 fixed 0") && host.text.contains("B1 fixed 0"), "\(host.text)")
        try host.tap("B2 fixed 0")
        try host.tap("Switch")
        #expect(host.text.contains("A1 light 1") && host.text.contains("B2 fixed 1"), "\(host.text)")
    }

    @Test func rowsThatComeBackAreMovedBackAndTheirButtonsWork() throws {
        let host = ViewHost(Tappable())
        try host.type("1", into: "Number")
        #expect(host.lastPatches.contains { if case .detach = $0 { true } else { false } })
        try host.type("", into: "Number")
        // The rows the browser kept come back by their ids; none is sent again.
        let sent = host.lastPatches.compactMap { if case .insert(_, _, let html) = $0 { html } else { nil } }.joined()
        #expect(!sent.contains("Row "), "\(sent.prefix(200))")
        // What is sent is their ids and the places (`aria-posinset`) of the rows that stayed.
        #expect(host.lastPatchBytes < 1_200, "\(host.lastPatchBytes) bytes to bring 13 rows back: \(host.lastPatches)")
        #expect(host.graph.tree.retainedNodeCount == 0)
        // Rows that left when the whole list fitted its window (their items said no place in
        // the list) come back to a longer list, with their place: moved back all the same.
        try host.type("19", into: "Number")
        try host.type("", into: "Number")
        try host.scrollLazyRows(toRow: 185, rows: 12)
        let again = host.lastPatches.compactMap { if case .insert(_, _, let html) = $0 { html } else { nil } }.joined()
        #expect(host.text.contains("Row 195") && !again.contains("Row 19"), "\(again.prefix(200))")
        try host.scrollLazyRows(toRow: 0, rows: 12)
        // A row that came back answers its own taps.
        try host.tap("Row 5")
        #expect(host.text.contains("Tapped 5"))
        try host.tap("Row 17")
        #expect(host.text.contains("Tapped 17"))
    }

    /// Searches, scrolls, changes while away and taps in a random order: after every step the
    /// page as patched (ids included) is the page as rendered (`ViewHost.update` checks it), and
    /// a tap on any row shown reaches that row's button.
    @Test func keptRowsSurviveRandomSearchesScrollsChangesAndTaps() throws {
        for seed in UInt64(1)...4 {
            var random = SeededGenerator(state: seed)
            let suffix = Suffix()
            let host = ViewHost(Tappable(suffix: suffix))
            for step in 0..<120 {
                switch random.next() % 4 {
                case 0:
                    try host.type(["", "1", "12", "2", "19", "5", "0"][Int(random.next() % 7)], into: "Number")
                case 1:
                    try host.scrollLazyRows(toRow: Int(random.next() % 200), rows: 12)
                case 2:
                    suffix.text = suffix.text.isEmpty ? " changed" : ""
                    try host.update()
                default:
                    let labels = host.elements(withClass: "jw-list-row").map(\.textContent)
                    guard !labels.isEmpty else { continue }
                    let label = labels[Int(random.next() % UInt64(labels.count))]
                    try host.tap(label)
                    let number = label.dropFirst("Row ".count).prefix { $0.isNumber }
                    #expect(host.text.contains("Tapped \(number)"), "seed \(seed) step \(step): tapped \(label)")
                }
            }
        }
    }

    @Test func aRowThatChangedWhileAwayIsSentAgainAndTheKeptOneRemoved() throws {
        let suffix = Suffix()
        let host = ViewHost(Tappable(suffix: suffix))
        try host.type("1", into: "Number")
        suffix.text = " changed"
        try host.update()
        try host.type("", into: "Number")
        let sent = host.lastPatches.compactMap { if case .insert(_, _, let html) = $0 { html } else { nil } }.joined()
        #expect(sent.contains("Row 5 changed") && !sent.contains("Row 6"), "only the changed row is sent: \(sent.prefix(300))")
        #expect(host.lastPatches.contains { if case .remove = $0 { true } else { false } }, "the browser's old row 5 goes")
        try host.tap("Row 5 changed")
        #expect(host.text.contains("Tapped 5"))
    }

    @Test func rowsWithStateKeepItOffScreenAndLoseItWhenTheyLeaveTheData() throws {
        let host = ViewHost(Counters())
        try host.tap("Row 3 tapped 0")
        try host.tap("Row 3 tapped 1")
        try host.scrollLazyRows(toRow: 600, rows: 20)
        #expect(!host.text.contains("Row 3 tapped"))
        try host.scrollLazyRows(toRow: 0, rows: 20)
        #expect(host.text.contains("Row 3 tapped 2"), "a row's state was lost while it was off screen")
    }

    @Test func deletingARowFarDownDeletesThatRow() throws {
        let host = ViewHost(Deletable())
        try host.scrollLazyRows(toRow: 500, rows: 20)
        try host.tap("Delete Row 510")
        #expect(!host.text.contains("Row 510") && host.text.contains("Row 509") && host.text.contains("Row 511"))
    }

    @Test func aSectionsRowsAreLazyToo() throws {
        let host = ViewHost(Grouped())
        #expect(rows(host, "Short ") == [0, 1, 2])
        #expect(rows(host, "Long ") == Array(0..<LazyWindow.firstCount))
        // The sections' gaps, then the long section's, inside the list's.
        #expect(gaps(host).map(\.rows) == [0, 0, 0, 0, 500 - LazyWindow.firstCount, 0])
    }

    @Test func aSectionInALazyStackOrGridIsAWindowLaidOutAsItsContainer() throws {
        let host = ViewHost(SectionedStacks())
        // Each section's rows are a window of their own, with its gaps, under its header.
        #expect(rows(host, "Morning ") == Array(0..<LazyWindow.firstCount))
        #expect(rows(host, "Evening ") == Array(0..<LazyWindow.firstCount))
        #expect(rows(host, "Tile ") == Array(0..<LazyWindow.firstCount))
        #expect(host.text.contains("Header Morning") && host.text.contains("Header Evening") && host.text.contains("Tiles"))
        // The stack's window of two sections (its gaps first and last), each section's window
        // of rows, then the grid's section's.
        let rest = 500 - LazyWindow.firstCount
        #expect(gaps(host).map(\.rows) == [0, 0, rest, 0, rest, 0, 0, 1000 - LazyWindow.firstCount])
        // The rows are laid out as the container's: its stack's alignment and spacing, the
        // grid's columns; and they still tell screen readers their place.
        let bodies = host.dom.root.descendants.filter { $0.attribute("class")?.contains("jw-section-content") == true }
        #expect(bodies.count == 3)
        #expect(
            bodies[0].attribute("class")?.contains("jw-vstack") == true && bodies[0].attribute("style")?.contains("--jw-lazy-s:4px") == true
        )
        #expect(bodies[2].attribute("class")?.contains("jw-lazy-grid") == true)
        // `pinnedViews: [.sectionHeaders]` marks the stack (its sections' headers are sticky).
        #expect(host.dom.root.descendants.filter { $0.attribute("class")?.contains("jw-pins-headers") == true }.count == 1)
        #expect(bodies[2].attribute("style")?.contains("grid-template-columns:") == true)
        let tile = try #require(host.dom.root.descendants.first { $0.textContent == "Tile 3" && $0.attribute("class") == "jw-text" })
        #expect(tile.attribute("aria-posinset") == "4" && tile.attribute("aria-setsize") == "1000")
        // Scrolling the second section moves its window only.
        try host.send(.visible, .numbers([300, 330, 1, 0])) { node in
            node.attribute(RuntimeContract.Attribute.events) == "visible" && node.parent === bodies[1]
        }
        #expect(rows(host, "Evening ").contains(300) && rows(host, "Evening ").contains(329))
        #expect(rows(host, "Morning ") == Array(0..<LazyWindow.firstCount))
    }

    @Test func lazyStacksAndGridsAreWindowsAndAForEachInARowIsWhole() throws {
        let host = ViewHost(Stacks())
        let cells = host.dom.root.descendants.filter { $0.textContent.hasPrefix("Cell ") && $0.attribute("class") == "jw-text" }
        #expect(cells.count == LazyWindow.firstCount * 40, "a row's own ForEach is rendered whole")
        #expect(rows(host, "Column ").count == LazyWindow.firstCount)
        #expect(rows(host, "Tile ").count == LazyWindow.firstCount)
        let across = host.dom.root.descendants.filter { $0.attribute("class")?.contains(RuntimeContract.Class.lazyAcross) == true }
        #expect(across.count == 2 && across[1].attribute("style")?.hasPrefix("width:") == true, "a horizontal stack's gaps are widths")
        #expect(host.html.contains("--jw-lazy-s:4px"), "a stack's gaps take back its spacing")
        // A grid of three columns: the window starts on a line.
        try host.send(.visible, .numbers([100, 130, 3, 0])) { node in
            node.attribute(RuntimeContract.Attribute.events) == "visible"
                && node.parent?.attribute("class")?.contains("jw-lazy-grid") == true
        }
        let tiles = rows(host, "Tile ")
        #expect(tiles.first.map { $0 % 3 == 0 } == true, "the grid's window starts mid-line at \(tiles.first ?? -1)")
        #expect(tiles.contains(100) && tiles.contains(129))
    }

    @Test func aWindowsRowsTellScreenReadersTheirPlaceInTheWholeList() throws {
        let host = ViewHost(Numbers())
        let items = { host.elements(withClass: "jw-list-row") }
        #expect(items().first?.attribute("aria-posinset") == "1" && items().first?.attribute("aria-setsize") == "1000")
        try host.scrollLazyRows(toRow: 500, rows: 20)
        #expect(items().first?.attribute("aria-posinset") == "471" && items().last?.attribute("aria-posinset") == "550")
        #expect(items().allSatisfy { $0.attribute("aria-setsize") == "1000" })
        // A search that leaves every row in the window: they still say it (a row the browser
        // kept comes back with the same attributes).
        try host.type("99", into: "Number")
        #expect(items().count == 19 && items().last?.attribute("aria-posinset") == "19")
        #expect(items().allSatisfy { $0.attribute("aria-setsize") == "19" })
        // Rows with a delete button too.
        let deletable = ViewHost(Deletable())
        try deletable.scrollLazyRows(toRow: 500, rows: 20)
        let first = deletable.elements(withClass: "jw-list-row").first
        #expect(first?.attribute("aria-posinset") == "471" && first?.attribute("aria-setsize") == "1000")
    }

    @Test func aLazyStacksAndAGridsRowsTellScreenReadersTheirPlace() throws {
        let host = ViewHost(Stacks())
        let lists = host.dom.root.descendants.filter { $0.attribute("role") == "list" }
        #expect(lists.count == 3, "each lazy stack and grid is a list")
        let tiles = host.dom.root.descendants.filter { $0.textContent.hasPrefix("Tile ") && $0.attribute("role") == "listitem" }
        #expect(tiles.first?.attribute("aria-posinset") == "1" && tiles.first?.attribute("aria-setsize") == "1000")
        try host.send(.visible, .numbers([300, 330, 3, 0])) { node in
            node.attribute(RuntimeContract.Attribute.events) == "visible"
                && node.parent?.attribute("class")?.contains("jw-lazy-grid") == true
        }
        let moved = host.dom.root.descendants.filter { $0.textContent == "Tile 300" }
        #expect(moved.first?.attribute("aria-posinset") == "301", "\(moved.first?.attributes ?? [])")
    }

    @Test func aPickersOptionsAndAnAlertsButtonsInAListAreWhole() throws {
        struct Country: View {
            @State private var choice = 0
            @State private var asking = false
            var body: some View {
                List {
                    Picker("Country", selection: $choice) { ForEach(0..<100, id: \.self) { Text("Country \($0)").tag($0) } }
                    Button("Ask") { asking = true }
                        .alert("Which?", isPresented: $asking) { ForEach(0..<30, id: \.self) { Button("Answer \($0)") {} } }
                    ForEach(0..<1000, id: \.self) { Text("Row \($0)") }
                }
            }
        }
        let host = ViewHost(Country())
        #expect(host.html.components(separatedBy: "<option").count - 1 == 100, "a picker in a list lost options")
        try host.select("Country 99", in: "Country")
        try host.tap("Ask")
        #expect(host.elements(withText: "Answer 29").count == 1, "an alert's buttons were cut to a window")
        // The list's own rows are still a window, and only they take places.
        #expect(rows(host).count == LazyWindow.firstCount)
        #expect(host.elements(withClass: "jw-list-row").filter { $0.attribute("aria-posinset") != nil }.count == LazyWindow.firstCount)
    }

    @Test func rowsWithOnlyLifecycleHooksAreLetGoOffScreen() throws {
        struct Appearing: View {
            let number: Int
            let log: EvaluationLog
            var body: some View {
                Text("Row \(number)").onAppear { log.hit("appear") }.onDisappear { log.hit("disappear") }
            }
        }
        let log = EvaluationLog()
        let host = ViewHost(List(0..<1000, id: \.self) { Appearing(number: $0, log: log) })
        try host.scrollLazyRows(toRow: 600, rows: 20)
        #expect(log["disappear"] == LazyWindow.firstCount, "rows that left the window did not disappear")
    }

    @Test func aReportThatMakesNoSenseIsRefusedAndChangesNothing() throws {
        let host = ViewHost(Numbers())
        let before = host.html
        let gap = { (node: DOMNode) in node.attribute(RuntimeContract.Attribute.events) == "visible" }
        for payload: EventPayload in [
            .numbers([5, 1, 1, 0]), .numbers([1.5, 3, 1, 0]), .numbers([0, 10, 0, 0]), .numbers([0, 10, 5000, 0]),
            .numbers([-1, 10, 1, 0]), .numbers([0, 2e9, 1, 0]), .size(width: 1, height: 2), .text("down"), .numbers([0, 10, 1]),
            .numbers([0, 10, 1, 0, 0]),
        ] {
            #expect(throws: JetwayError.self, "\(payload) was taken") { try host.send(.visible, payload, where: gap) }
        }
        #expect(host.html == before)
        // A report from a window the page no longer has is stale: answered, and nothing moves.
        try host.send(.visible, .numbers([500, 520, 1, 300]), where: gap)
        #expect(host.html == before)
        // The most a report asks for is bounded.
        try host.scrollLazyRows(toRow: 0, rows: 900)
        #expect(rows(host).count == LazyWindow.mostRows)
    }
}
