import Foundation
import JetwayTesting
import Testing

@testable import Jetway
@testable import JetwayWire

// Names counted across 173 public SwiftUI apps that Jetway lacked, each as those apps write
// it: iOS 18's tabs, iOS 26's glass, a search field's placement and presentation, form styles,
// a tinted navigation bar, Dynamic Type, blend modes, a transition of a modifier, deep links,
// an adjustable rating, section spacing, the display scale and haptics.

private enum Screen: Hashable { case flights, awards, search }

private struct TabbedApp: View {
    @State private var screen = Screen.flights
    var body: some View {
        TabView(selection: $screen) {
            Tab("Flights", systemImage: "airplane", value: Screen.flights) { Text("Departures") }
            Tab("Awards", systemImage: "star", value: Screen.awards) { Text("Gold member") }
            Tab(value: Screen.search, role: .search) { Text("Find a flight") }
        }
        .tabViewStyle(.sidebarAdaptable)
    }
}

/// A rating of the app's own that VoiceOver (and the keyboard) can adjust.
private struct StarRating: View {
    @State private var rating = 3
    var body: some View {
        HStack { ForEach(1..<6) { Image(systemName: $0 <= rating ? "star.fill" : "star") } }
            .accessibilityElement()
            .accessibilityLabel("Rating")
            .accessibilityValue("\(rating) of 5")
            .accessibilityAdjustableAction { direction in
                switch direction {
                case .increment: if rating < 5 { rating += 1 }
                case .decrement: if rating > 1 { rating -= 1 }
                }
            }
    }
}

private struct DeepLinkedDeck: View {
    @State private var opened = "none"
    @Environment(\.openURL) private var openURL
    var body: some View {
        VStack {
            Text("Opened \(opened)")
            Button("Open deck 3") { openURL(URL(string: "flashzilla://deck/3")!) }
        }
        .onOpenURL { url in opened = url.host() ?? "?" + url.path() }
    }
}

private struct CornerRotate: ViewModifier {
    let amount: Double
    func body(content: Content) -> some View {
        content.rotationEffect(.degrees(amount), anchor: .topLeading).clipped()
    }
}

extension AnyTransition {
    fileprivate static var pivot: AnyTransition {
        .modifier(active: CornerRotate(amount: -90), identity: CornerRotate(amount: 0))
    }
}

@MainActor
struct AppVocabularyTests {
    @Test func iOS18TabsAreTabItemsChosenByTheirValue() throws {
        let host = ViewHost(TabbedApp())
        try host.update()
        #expect(host.text.contains("Departures") && !host.text.contains("Gold member"))
        #expect(host.text.contains("Flights") && host.text.contains("Awards") && host.text.contains("Search"))
        try host.tap("Awards")
        #expect(host.text.contains("Gold member") && !host.text.contains("Departures"), "\(host.text)")
        try host.tap("Search")
        #expect(host.text.contains("Find a flight"))
    }

    @Test func searchFieldsTakeAPlacementAndTheirPresentationFollowsTheFocus() throws {
        @MainActor struct Searching: View {
            @State var text = ""
            @State var presented = false
            var body: some View {
                NavigationStack {
                    List { Text(presented ? "Searching" : "Browsing") }
                        .navigationTitle("Flights")
                        .searchable(
                            text: $text, isPresented: $presented, placement: .navigationBarDrawer(displayMode: .always),
                            prompt: "Flight or city")
                }
            }
        }
        let host = ViewHost(Searching())
        try host.update()
        let field = try #require(host.elements(withClass: StyleClass.search).first)
        #expect(field.attribute(RuntimeContract.Attribute.focus) == "0 0")
        try host.send(.focus) { $0.attribute("role") == "searchbox" }
        #expect(host.text.contains("Searching"))
        try host.send(.blur) { $0.attribute("role") == "searchbox" }
        #expect(host.text.contains("Browsing"))
        // Placements are accepted in every form.
        _ = List { Text("a") }.searchable(text: .constant(""), placement: .toolbar, prompt: Text("Find"))
        _ = List { Text("a") }.searchable(text: .constant(""), placement: .sidebar)
    }

    @Test func formsTakeTheColumnsStyleAndSectionsTheirSpacing() throws {
        let host = ViewHost(
            Form { Section("Display") { Toggle("Dark", isOn: .constant(true)) } }
                .formStyle(.columns)
                .listSectionSpacing(.compact))
        try host.update()
        #expect(host.html.contains(StyleClass.formColumns))
        #expect(host.html.contains("\(StyleVariable.sectionSpacing):8px"))
        let grouped = ViewHost(Form { Text("a") }.formStyle(.grouped))
        try grouped.update()
        #expect(!grouped.html.contains(StyleClass.formColumns))
    }

    @Test func aTintedNavigationBarColoursItsTitleAndToolbar() throws {
        let host = ViewHost(
            NavigationStack {
                Text("Board")
                    .navigationTitle("Departures")
                    .toolbar { Button("Add") {} }
                    .toolbarBackground(Color.blue, for: .navigationBar)
                    .toolbarBackground(.visible, for: .navigationBar)
                    .toolbarColorScheme(.dark, for: .navigationBar)
            })
        try host.update()
        let title = try #require(host.elements(withClass: RuntimeContract.Class.navTitle).first)
        #expect(title.attribute("style")?.contains("background:") == true && title.attribute("style")?.contains("color:#fff") == true)
    }

    @Test func dynamicTypeScalesTheTextStylesInside() throws {
        @MainActor struct Sized: View {
            @Environment(\.dynamicTypeSize) var size
            var body: some View { Text(size.isAccessibilitySize ? "accessibility" : "\(size)") }
        }
        let host = ViewHost(
            VStack {
                Text("Gate 12").font(.title).dynamicTypeSize(.xxxLarge)
                Sized().dynamicTypeSize(.accessibility2)
                Sized().dynamicTypeSize(...DynamicTypeSize.xLarge)
                Sized().dynamicTypeSize(.xxLarge...)
            })
        try host.update()
        #expect(host.html.contains("\(StyleVariable.typeScale):1.353"), "\(host.html)")
        #expect(!host.html.contains("font-size:calc(17px * 1.353)"), "a titled text keeps its style's size")
        #expect(host.text.contains("accessibility") && host.text.contains("large") && host.text.contains("xxLarge"))
    }

    @Test func blendModesAndGlassAreTheirCSS() throws {
        let host = ViewHost(
            VStack {
                Circle().fill(.red).blendMode(.multiply)
                Text("Boarding").padding().glassEffect(.regular.tint(.blue).interactive(), in: .rect(cornerRadius: 16))
                Text("Pane").glassEffect()
                Button("Check in") {}.buttonStyle(.glassProminent)
                GlassEffectContainer(spacing: 8) { Text("Together").glassEffect(.clear) }
            })
        try host.update()
        #expect(host.html.contains("mix-blend-mode:multiply"))
        let layered = ViewHost(
            Text("Gate").overlay(Color.orange.blendMode(.destinationOver)).environment(\.layoutDirection, .rightToLeft))
        try layered.update()
        #expect(layered.html.contains("z-index:-1") && layered.html.contains(#"dir="rtl""#), "\(layered.html)")
        #expect(host.html.contains(StyleClass.glassInteractive) && host.html.contains("border-radius:16px"))
        #expect(host.html.contains(StyleClass.glassProminent))
        #expect(host.elements(withClass: StyleClass.glass).count == 3, "\(host.html)")
    }

    @Test func aTransitionMadeOfAModifierMovesFromItsActiveLook() {
        let pivot = AnyTransition.pivot
        let wire = pivot.resolvedWire

        #expect(wire.contains("rotate(-90deg)") && wire.contains("transform-origin:0% 0%"), "\(wire)")
        #expect(!wire.contains("|"), "in and out alike")
    }

    @Test func aLinkOfTheAppsOwnSchemeReachesOnOpenURL() throws {
        let host = ViewHost(DeepLinkedDeck())
        try host.update()
        try host.tap("Open deck 3")
        #expect(host.text.contains("Opened deck"), "\(host.text)")
    }

    @Test func theArrowKeysAdjustAnAdjustableView() throws {
        let host = ViewHost(StarRating())
        try host.update()
        let slider = { (node: DOMNode) in node.attribute("role") == "slider" }
        #expect(host.dom.root.descendants.first(where: slider)?.attribute("aria-valuetext") == "3 of 5")
        try host.send(.key, .text("1 d 0 ArrowUp"), where: slider)
        #expect(host.dom.root.descendants.first(where: slider)?.attribute("aria-valuetext") == "4 of 5")
        try host.send(.key, .text("2 d 0 ArrowLeft"), where: slider)
        try host.send(.key, .text("3 d 0 ArrowDown"), where: slider)
        #expect(host.dom.root.descendants.first(where: slider)?.attribute("aria-valuetext") == "2 of 5")
    }

    @Test func theDisplayScaleIsTwoAndHapticsLeaveTheViewAsItIs() throws {
        @MainActor struct Scale: View {
            @Environment(\.displayScale) var scale
            @State var saved = 0
            var body: some View {
                Text("Scale \(Int(scale))").sensoryFeedback(.success, trigger: saved)
            }
        }
        let host = ViewHost(Scale())
        try host.update()
        #expect(host.text.contains("Scale 2"))
    }
}

// Older and Foundation names apps still carry: an undo manager in a game's model, a data set
// of the asset catalog, CoreGraphics colours, help tags, the iOS 13 text field, a navigation
// link with a tag and selection, and iOS 16's editable rows of a binding.

/// A Sudoku board's model with its own undo manager.
@MainActor
private final class SudokuBoard: ObservableObject {
    @Published var cells = [0, 0, 0]
    let undoManager = UndoManager()

    func enter(_ value: Int, at cell: Int) {
        let old = cells[cell]
        cells[cell] = value
        undoManager.registerUndo(withTarget: self) { board in board.enter(old, at: cell) }
        undoManager.setActionName("Enter \(value)")
    }
}

private struct Stop: Identifiable, Hashable {
    var id: String { name }
    var name: String
}

private struct EditableStops: View {
    @State private var stops = [Stop(name: "Denver"), Stop(name: "Reno"), Stop(name: "Boise")]
    var body: some View {
        List {
            ForEach($stops, editActions: .all) { $stop in Text(stop.name) }
        }
        Text(stops.map(\.name).joined(separator: ","))
    }
}

private enum Level: Hashable { case easy, hard }

private struct LevelMenu: View {
    @State private var chosen: Level?
    var body: some View {
        NavigationStack {
            VStack {
                NavigationLink(destination: Text("Easy board"), tag: Level.easy, selection: $chosen) { Text("Easy") }
                NavigationLink("Hard", destination: Text("Hard board"), tag: Level.hard, selection: $chosen)
                Button("Pick hard") { chosen = .hard }
            }
        }
    }
}

private struct SearchBox: View {
    @State private var query = ""
    @State private var log: [String] = []
    var body: some View {
        VStack {
            TextField(
                "City", text: $query, onEditingChanged: { log.append($0 ? "began" : "ended") }, onCommit: { log.append("commit \(query)") })
            TextField("Plain", text: $query)
            Text(log.joined(separator: ";"))
            Image(systemName: "info.circle").help("Flights are shown in local time")
        }
    }
}

extension AppVocabularyTests {
    @Test func anUndoManagerUndoesAndRedoesByGroup() async {
        let board = SudokuBoard()
        board.undoManager.groupsByEvent = false
        board.enter(5, at: 0)
        board.enter(7, at: 1)
        #expect(board.undoManager.canUndo && board.undoManager.undoActionName == "Enter 7")
        board.undoManager.undo()
        #expect(board.cells == [5, 0, 0] && board.undoManager.canRedo)
        board.undoManager.redo()
        #expect(board.cells == [5, 7, 0] && !board.undoManager.canRedo)
        board.undoManager.undo()
        board.undoManager.undo()
        #expect(board.cells == [0, 0, 0] && !board.undoManager.canUndo)
        // Grouped: two entries in one group are one undo.
        board.undoManager.beginUndoGrouping()
        board.enter(1, at: 0)
        board.enter(2, at: 2)
        board.undoManager.endUndoGrouping()
        board.undoManager.undo()
        #expect(board.cells == [0, 0, 0])
        // A new entry clears what could be redone.
        board.enter(3, at: 1)
        #expect(!board.undoManager.canRedo)
        // Undoing re-registers (the redo) without renaming what is left to undo.
        board.enter(4, at: 2)
        board.undoManager.undo()
        #expect(board.undoManager.undoActionName == "Enter 3" && board.undoManager.redoActionName == "Enter 4")
    }

    @Test func anUndoManagerDoesNotKeepItsTargetsAlive() {
        let manager = UndoManager()
        manager.groupsByEvent = false
        weak var gone: SudokuBoard?
        do {
            let board = SudokuBoard()
            gone = board
            manager.registerUndo(withTarget: board) { $0.cells = [] }
        }
        #expect(gone == nil, "the manager holds its targets weakly")
        manager.undo()
    }

    @Test func aDataSetOfTheCatalogIsReadByName() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory() + "jetway-bundle-\(UUID().uuidString)")
        let set = root.appendingPathComponent("Assets.xcassets/Data/workouts.dataset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"data":[{"filename":"workouts.json","idiom":"universal","universal-type-identifier":"public.json"}]}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        try Data(#"[{"name":"Squat"}]"#.utf8).write(to: set.appendingPathComponent("workouts.json"))
        let bundle = try #require(Bundle(path: root.path))
        let asset = try #require(NSDataAsset(name: "workouts", bundle: bundle))
        #expect(String(decoding: asset.data, as: UTF8.self) == #"[{"name":"Squat"}]"# && asset.typeIdentifier == "public.json")
        #expect(NSDataAsset(name: "missing", bundle: bundle) == nil)
    }

    @Test func coreGraphicsColoursGoBetweenUIKitAndSwiftUI() {
        let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor
        #expect(red.components == [1, 0, 0, 1] && red.alpha == 1)
        #expect(Color(cgColor: red) == Color(red: 1, green: 0, blue: 0))
        #expect(CGColor(gray: 0.5, alpha: 0.5).copy(alpha: 1)?.alpha == 1)
    }

    @Test func theIOS13TextFieldHearsEditingAndReturnAndHelpIsATooltip() throws {
        let host = ViewHost(SearchBox())
        try host.update()
        let city = { (node: DOMNode) in node.attribute("placeholder") == "City" || node.attribute("aria-label") == "City" }
        try host.send(.focus, where: city)
        try host.type("Reno", into: "City")
        try host.submit("City")
        try host.send(.blur, where: city)
        #expect(host.text.contains("began;commit Reno;ended"), "\(host.text)")
        let plain = try #require(
            host.dom.root.descendants.first { $0.attribute("placeholder") == "Plain" || $0.attribute("aria-label") == "Plain" })
        #expect(plain.attribute(RuntimeContract.Attribute.events)?.contains("focus") != true, "a plain field listens for no focus")
        #expect(host.html.contains(#"title="Flights are shown in local time""#))
    }

    @Test func aNavigationLinkWithATagPushesWhileTheSelectionIsItsTag() throws {
        let host = ViewHost(LevelMenu())
        try host.update()
        try host.tap("Easy")
        #expect(host.text.contains("Easy board"))
        let menu = ViewHost(LevelMenu())
        try menu.update()
        try menu.tap("Pick hard")
        #expect(menu.text.contains("Hard board") && !menu.text.contains("Easy board"))
    }

    @Test func rowsOfABindingWithEditActionsCanBeDeletedAndMoved() throws {
        let host = ViewHost(EditableStops())
        try host.update()
        try host.tap("Delete Reno")
        #expect(host.text.contains("Denver,Boise"), "\(host.text)")
        // Boise (now second) dragged before Denver.
        try host.send(.move, .number(0)) { $0.attribute("data-jw-reorder") == "1" }
        #expect(host.text.contains("Boise,Denver"), "\(host.text)")
    }
}

extension AppVocabularyTests {
    @Test func aLocationButtonRunsItsAction() throws {
        @MainActor struct Share: View {
            @State var asked = 0
            var body: some View {
                VStack {
                    LocationButton(.shareCurrentLocation) { asked += 1 }
                    LocationButton { asked += 10 }
                    Text("Asked \(asked)")
                }
            }
        }
        let host = ViewHost(Share())
        try host.update()
        try host.tap("Share Current Location")
        try host.tap("Current Location")
        #expect(host.text.contains("Asked 11"), "\(host.text)")
    }
}
