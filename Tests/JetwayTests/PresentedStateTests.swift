import Jetway
import JetwayTesting
import Testing

/// A screen with state of its own, shown every way SwiftUI shows one: its `@State` must change
/// when tapped and survive the renders around it, however it was pushed or presented.
private struct Counter: View {
    let name: String
    @State private var count = 0
    var body: some View {
        VStack {
            Text("\(name) counted \(count)")
            Button("Increment \(name)") { count += 1 }
        }
    }
}

private struct Room: Hashable, Identifiable {
    let id: Int
}

private struct ByValue: View {
    var body: some View {
        NavigationStack {
            NavigationLink("Open", value: Room(id: 1))
                .navigationDestination(for: Room.self) { room in Counter(name: "room \(room.id)") }
        }
    }
}

private struct ByView: View {
    var body: some View {
        NavigationStack {
            NavigationLink("Open") { Counter(name: "room 1") }
        }
    }
}

private struct ByPath: View {
    @State private var path: [Room] = []
    var body: some View {
        NavigationStack(path: $path) {
            Button("Open") { path.append(Room(id: 1)) }
                .navigationDestination(for: Room.self) { room in Counter(name: "room \(room.id)") }
        }
    }
}

private struct ByNavigationPath: View {
    @State private var path = NavigationPath()
    var body: some View {
        NavigationStack(path: $path) {
            NavigationLink("Open", value: Room(id: 1))
                .navigationDestination(for: Room.self) { room in Counter(name: "room \(room.id)") }
        }
    }
}

private struct ByFlag: View {
    @State private var shown = false
    var body: some View {
        NavigationStack {
            Button("Open") { shown = true }
                .navigationDestination(isPresented: $shown) { Counter(name: "room 1") }
        }
    }
}

private struct BySheet: View {
    @State private var shown = false
    var body: some View {
        Button("Open") { shown = true }
            .sheet(isPresented: $shown) { Counter(name: "room 1") }
    }
}

private struct BySheetItem: View {
    @State private var room: Room?
    var body: some View {
        Button("Open") { room = Room(id: 1) }
            .sheet(item: $room) { room in Counter(name: "room \(room.id)") }
    }
}

private struct ByCover: View {
    @State private var shown = false
    var body: some View {
        Button("Open") { shown = true }
            .fullScreenCover(isPresented: $shown) { Counter(name: "room 1") }
    }
}

private struct ByCoverItem: View {
    @State private var room: Room?
    var body: some View {
        Button("Open") { room = Room(id: 1) }
            .fullScreenCover(item: $room) { room in Counter(name: "room \(room.id)") }
    }
}

private struct ByTab: View {
    var body: some View {
        TabView {
            Text("Home").tabItem { Text("Home") }
            Counter(name: "room 1").tabItem { Text("Open") }
        }
    }
}

/// A root with state of its own, under which screens are pushed.
private struct RootCounter: View {
    @State private var shown = false
    @State private var room: Room?
    var body: some View {
        NavigationStack {
            VStack {
                Counter(name: "root")
                Text(shown ? "flag is set" : "flag is clear")
                NavigationLink("Push", value: Room(id: 1))
                Button("Present") { shown = true }
                Button("Present item") { room = Room(id: 7) }
            }
            .navigationDestination(for: Room.self) { room in Nested(room: room) }
            .navigationDestination(isPresented: $shown) { Dismisser() }
            .navigationDestination(item: $room) { room in Counter(name: "item \(room.id)") }
        }
    }
}

private struct Nested: View {
    let room: Room
    var body: some View {
        VStack {
            Counter(name: "room \(room.id)")
            NavigationLink("Deeper", value: Room(id: room.id + 1))
        }
    }
}

private struct Dismisser: View {
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        Button("Done") { dismiss() }
    }
}

/// Counts its appearances and its task's runs, for the root's lifecycle under a push.
@MainActor final class Appearances {
    var log: [String] = []
}

private struct WatchedRoot: View {
    let appearances: Appearances
    var body: some View {
        NavigationStack {
            NavigationLink("Push") { Text("Pushed") }
                .onAppear { appearances.log.append("appear") }
                .onDisappear { appearances.log.append("disappear") }
        }
    }
}

/// A root and a pushed screen, each presenting by a flag on its body's outermost view.
private struct TwoPresenters: View {
    @State private var rootShown = false
    var body: some View {
        NavigationStack {
            VStack {
                Button("Root presents") { rootShown = true }
            }
            .navigationDestination(isPresented: $rootShown) { InnerPresenter() }
        }
    }
}

private struct InnerPresenter: View {
    @State private var shown = false
    var body: some View {
        VStack {
            Button("Inner presents") { shown = true }
        }
        .navigationDestination(isPresented: $shown) { Counter(name: "deep") }
    }
}

private struct BoundPath: View {
    @State private var path: [Room] = []
    var body: some View {
        NavigationStack(path: $path) {
            VStack {
                Text("depth \(path.count)")
                NavigationLink("Push", value: Room(id: 1))
            }
            .navigationDestination(for: Room.self) { room in
                NavigationLink("Deeper", value: Room(id: room.id + 1))
            }
        }
    }
}

private struct Tabs: View {
    var body: some View {
        TabView {
            Counter(name: "first").tabItem { Text("First") }
            Counter(name: "second").tabItem { Text("Second") }
        }
    }
}

@MainActor
struct PresentedStateTests {
    nonisolated static let names = [
        "NavigationLink(value:) + navigationDestination(for:)", "NavigationLink { destination }", "NavigationStack(path: [Value])",
        "NavigationStack(path: NavigationPath)", "navigationDestination(isPresented:)", "sheet(isPresented:)", "sheet(item:)",
        "fullScreenCover(isPresented:)", "fullScreenCover(item:)", "TabView",
    ]

    static let ways: [(String, @MainActor () -> ViewHost)] = [
        ("NavigationLink(value:) + navigationDestination(for:)", { ViewHost(ByValue()) }),
        ("NavigationLink { destination }", { ViewHost(ByView()) }),
        ("NavigationStack(path: [Value])", { ViewHost(ByPath()) }),
        ("NavigationStack(path: NavigationPath)", { ViewHost(ByNavigationPath()) }),
        ("navigationDestination(isPresented:)", { ViewHost(ByFlag()) }),
        ("sheet(isPresented:)", { ViewHost(BySheet()) }),
        ("sheet(item:)", { ViewHost(BySheetItem()) }),
        ("fullScreenCover(isPresented:)", { ViewHost(ByCover()) }),
        ("fullScreenCover(item:)", { ViewHost(ByCoverItem()) }),
        ("TabView", { ViewHost(ByTab()) }),
    ]

    @Test(arguments: names) func stateChangesInAScreenShownEachWay(_ name: String) throws {
        let (way, make) = try #require(Self.ways.first { $0.0 == name })
        let host = make()
        try host.tap("Open")
        #expect(host.text.contains("room 1 counted 0"), "\(way): \(host.text)")
        try host.tap("Increment room 1")
        try host.tap("Increment room 1")
        #expect(host.text.contains("room 1 counted 2"), "\(way): \(host.text)")
    }

    /// The root keeps its state under a pushed screen, and a pushed screen under a deeper one,
    /// as SwiftUI keeps every screen of a stack.
    @Test func coveredScreensKeepTheirState() throws {
        let host = ViewHost(RootCounter())
        try host.tap("Increment root")
        try host.tap("Push")
        try host.tap("Increment room 1")
        try host.tap("Deeper")
        try host.tap("Increment room 2")
        #expect(host.text.contains("room 2 counted 1"), "\(host.text)")
        try host.tap("‹ Back")
        #expect(host.text.contains("room 1 counted 1"), "the pushed screen under the deeper one: \(host.text)")
        try host.tap("‹ Back")
        #expect(host.text.contains("root counted 1"), "the root under the pushed screens: \(host.text)")
        // Popped screens are gone, as in SwiftUI: pushed again, they start afresh.
        try host.tap("Push")
        #expect(host.text.contains("room 1 counted 0"), "\(host.text)")
    }

    /// `navigationDestination(isPresented:)` and `(item:)`: Back and `dismiss()` set the
    /// binding, and the app setting it pushes and pops.
    @Test func presentationsFollowTheirBindings() throws {
        let host = ViewHost(RootCounter())
        try host.tap("Present")
        #expect(host.elements(withText: "Done").count == 1, "\(host.text)")
        try host.tap("Done")
        #expect(host.text.contains("flag is clear"), "dismiss() sets the binding: \(host.text)")
        try host.tap("Present")
        try host.tap("‹ Back")
        #expect(host.text.contains("flag is clear"), "Back sets the binding: \(host.text)")
        try host.tap("Present item")
        try host.tap("Increment item 7")
        #expect(host.text.contains("item 7 counted 1"), "\(host.text)")
        try host.tap("‹ Back")
        #expect(host.text.contains("root counted 0") && !host.text.contains("item 7"), "\(host.text)")
    }

    /// A covered root disappears (its `onDisappear` runs, its tasks stop) and appears again
    /// when it is uncovered, keeping its state meanwhile.
    @Test func aCoveredScreenDisappearsAndAppearsAgain() throws {
        let appearances = Appearances()
        let host = ViewHost(WatchedRoot(appearances: appearances))
        try host.update()
        #expect(appearances.log == ["appear"])
        try host.tap("Push")
        try host.update()
        #expect(appearances.log == ["appear", "disappear"])
        try host.tap("‹ Back")
        try host.update()
        #expect(appearances.log == ["appear", "disappear", "appear"])
    }

    /// Each tab keeps its state while another is shown.
    @Test func tabsKeepTheirStateWhileAnotherIsShown() throws {
        let host = ViewHost(Tabs())
        try host.tap("Increment first")
        try host.tap("Second")
        try host.tap("Increment second")
        try host.tap("First")
        #expect(host.text.contains("first counted 1"), "\(host.text)")
        try host.tap("Second")
        #expect(host.text.contains("second counted 1"), "\(host.text)")
    }

    /// Two screens' presentations are two: the root's own, re-rendered, does not take the
    /// pushed screen's away.
    @Test func presentationsOnTwoScreensAreApart() throws {
        let host = ViewHost(TwoPresenters())
        try host.tap("Root presents")
        try host.tap("Inner presents")
        try host.tap("Increment deep")
        #expect(host.text.contains("deep counted 1"), "\(host.text)")
    }

    /// The browser's Back on a stack whose path is the app's: the binding is set once, and the
    /// page goes back (it looped for ever).
    @Test func browserBackOnABoundPath() throws {
        let host = ViewHost(BoundPath())
        try host.tap("Push")
        try host.tap("Deeper")
        #expect(host.text.contains("Deeper"))
        try host.send(.navigate, .text(""), where: { $0.attribute("data-nav") != nil })
        #expect(host.text.contains("depth 0"), "\(host.text)")
    }
}

/// A value link whose value is nil is disabled, as in SwiftUI: no address and no click handler
/// (its click used to reach the `fatalError` standing in for a value link's destination).
private struct OptionalValueLinks: View {
    @State private var chosen: Int? = nil
    var body: some View {
        NavigationStack {
            VStack {
                NavigationLink("Nothing chosen", value: chosen)
                Button("Choose 7") { chosen = 7 }
            }
            .navigationDestination(for: Int.self) { Text("Room \($0)") }
        }
    }
}

@MainActor struct OptionalValueLinkTests {
    @Test func aNilValueLinkIsDisabledAndAValueEnablesIt() throws {
        let host = ViewHost(OptionalValueLinks())
        let text = try #require(host.elements(withText: "Nothing chosen").first)
        let link = try #require(text.tag == "a" ? text : text.ancestors.first { $0.tag == "a" })
        #expect(link.attribute("aria-disabled") == "true" && link.attribute("href") == nil)
        #expect(throws: ViewHost.HostError.self) { try host.tap("Nothing chosen") }
        try host.tap("Choose 7")
        try host.tap("Nothing chosen")
        #expect(host.text.contains("Room 7"))
    }
}
