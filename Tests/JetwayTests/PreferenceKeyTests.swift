import Foundation
import JetwayTesting
import Testing

@testable import Jetway
@testable import JetwayWire

// Preferences as UI kits use them: a custom tab bar that learns its tabs from the screens
// inside it (SwiftfulUI's TabBarViewBuilder), a badge count a child changes by itself, the
// widest label read as an overlay, and a transform on the way up.

private struct TabItemsKey: PreferenceKey {
    static let defaultValue: [String] = []
    static func reduce(value: inout [String], nextValue: () -> [String]) { value += nextValue() }
}

private struct BadgeKey: PreferenceKey {
    static let defaultValue = 0
    static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() }
}

private struct Inbox: View {
    @State private var unread = 2
    var body: some View {
        Button("Read one") { unread -= 1 }
            .preference(key: BadgeKey.self, value: unread)
    }
}

private struct CustomTabBar: View {
    @State private var tabs: [String] = []
    @State private var badges = 0
    @State private var showsMore = false

    var body: some View {
        VStack {
            ZStack {
                Text("Home").preference(key: TabItemsKey.self, value: ["Home"])
                Inbox().preference(key: TabItemsKey.self, value: ["Inbox"])
                if showsMore { Text("More").preference(key: TabItemsKey.self, value: ["More"]) }
            }
            .onPreferenceChange(TabItemsKey.self) { tabs = $0 }
            .onPreferenceChange(BadgeKey.self) { badges = $0 }
            Text("Tabs: \(tabs.joined(separator: ", ")) · badges \(badges)")
            Button("More tabs") { showsMore = true }
        }
    }
}

private struct Labels: View {
    var body: some View {
        VStack {
            Text("Gate").preference(key: TabItemsKey.self, value: ["Gate"])
            Text("Terminal").preference(key: TabItemsKey.self, value: ["Terminal"])
                .transformPreference(TabItemsKey.self) { $0 = $0.map { $0.uppercased() } }
        }
        .overlayPreferenceValue(TabItemsKey.self, alignment: .topLeading) { names in
            Text("Longest: \(names.max(by: { $0.count < $1.count }) ?? "none")")
        }
        .backgroundPreferenceValue(BadgeKey.self) { count in Text("Badges \(count)") }
    }
}

private struct Presenter: View {
    @State private var editing = true
    @State private var title = "none"
    var body: some View {
        VStack {
            Text("Title: \(title)")
            Text("List").preference(key: TabItemsKey.self, value: ["List"])
        }
        .sheet(isPresented: $editing) {
            Text("Editor").preference(key: TabItemsKey.self, value: ["Editor"])
        }
        .onPreferenceChange(TabItemsKey.self) { title = $0.joined(separator: "+") }
    }
}

@MainActor
struct PreferenceKeyTests {
    @Test func aSheetKeepsItsPreferencesToItself() throws {
        let host = ViewHost(Presenter())
        try host.update()
        try host.update()
        #expect(host.text.contains("Editor") && host.text.contains("Title: List"), "\(host.text)")
    }

    @Test func transformsComposeAndAValueReplacesWhatCameUp() {
        let node = Node("span")
        let id = ObjectIdentifier(BadgeKey.self)
        node.setPreference(id, 1)
        let add: (inout Int) -> Void = { $0 += 1 }
        let double: (inout Int) -> Void = { $0 *= 2 }
        for transform in [add, double] {
            node.setPreferenceTransform(id, transform) { earlier in
                let earlier = earlier as! (inout Int) -> Void
                let both: (inout Int) -> Void = { value in
                    earlier(&value)
                    transform(&value)
                }
                return both
            }
        }
        #expect(Preferences.value(BadgeKey.self, in: [node]) == 4, "(1 + 1) × 2: the inner change first")
        node.setPreference(id, 7)
        #expect(Preferences.value(BadgeKey.self, in: [node]) == 7, "an outer value replaces the changes below it")
        #expect(node.subtreeHasHandlers, "a node holding a page's preferences is not shared with another page")
    }

    @Test func aTabBarLearnsItsTabsAndFollowsAChildsOwnChange() throws {
        let host = ViewHost(CustomTabBar())
        try host.update()
        try host.update()
        #expect(host.text.contains("Tabs: Home, Inbox · badges 2"), "\(host.text)")
        // The child changes its own state: only it renders, and the ancestor still hears it.
        try host.tap("Read one")
        try host.update()
        #expect(host.text.contains("badges 1"), "\(host.text)")
        try host.tap("More tabs")
        try host.update()
        #expect(host.text.contains("Tabs: Home, Inbox, More"), "\(host.text)")
    }

    @Test func overlaysAndTransformsReadTheContentsValue() throws {
        let host = ViewHost(Labels())
        try host.update()
        #expect(host.text.contains("Longest: TERMINAL"), "the transform changed it on the way up: \(host.text)")
        #expect(host.text.contains("Badges 0"), "no view set it: the default")
        #expect(host.elements(withClass: StyleClass.overlay).count == 1 && host.elements(withClass: StyleClass.underlay).count == 1)
    }

    @Test func anOuterValueReplacesTheContentsAndSiblingsCombine() {
        let inner = Node("span")
        inner.setPreference(ObjectIdentifier(BadgeKey.self), 5)
        let outer = Node("div", children: [inner])
        #expect(Preferences.value(BadgeKey.self, in: [outer]) == 5)
        outer.setPreference(ObjectIdentifier(BadgeKey.self), 1)
        #expect(Preferences.value(BadgeKey.self, in: [outer]) == 1, "the outer view's value replaces its content's")
        let sibling = Node("span")
        sibling.setPreference(ObjectIdentifier(BadgeKey.self), 3)
        #expect(Preferences.value(BadgeKey.self, in: [outer, sibling]) == 4)
        // A copy (a frozen node a modifier copies) does not change the original.
        let copy = sibling.copy()
        copy.setPreference(ObjectIdentifier(BadgeKey.self), 9)
        #expect(Preferences.value(BadgeKey.self, in: [sibling]) == 3 && Preferences.value(BadgeKey.self, in: [copy]) == 9)
    }
}

/// A segmented control whose indicator sits under the selected item, as apps build one with an
/// anchor preference and a `GeometryReader` behind the items.
private struct SelectedBoundsKey: PreferenceKey {
    static let defaultValue: Anchor<CGRect>? = nil
    static func reduce(value: inout Anchor<CGRect>?, nextValue: () -> Anchor<CGRect>?) { value = value ?? nextValue() }
}

private struct Segments: View {
    let items = ["Classic", "Walls"]
    @State private var selected = 0
    var body: some View {
        HStack {
            ForEach(items.indices, id: \.self) { index in
                Button(items[index]) { selected = index }
                    .anchorPreference(key: SelectedBoundsKey.self, value: .bounds) { selected == index ? $0 : nil }
            }
        }
        .backgroundPreferenceValue(SelectedBoundsKey.self) { bounds in
            if let bounds {
                GeometryReader { geometry in
                    let frame = geometry[bounds]
                    Color.blue.frame(width: frame.width + 10, height: frame.height).offset(x: frame.minX - 5, y: 0)
                }
            }
        }
    }
}

@MainActor
struct AnchorPreferenceTests {
    @Test func anAnchorIsWhereTheBrowserMeasuredTheViewInTheReadersCoordinates() throws {
        let host = ViewHost(Segments())
        func anchored(_ label: String) -> (DOMNode) -> Bool {
            { $0.attribute("data-on")?.contains("resize") == true && $0.textContent == label && $0.attribute("data-geometry") == nil }
        }
        try host.send(.resize, .numbers([80, 30, 100, 50]), where: anchored("Classic"))
        try host.send(.resize, .numbers([60, 30, 190, 50]), where: anchored("Walls"))
        try host.send(.resize, .numbers([200, 30, 100, 50])) { $0.attribute("data-geometry") != nil }
        #expect(host.html.contains("width:90px;height:30px"), "the first item's width and height: \(host.html)")
        try host.tap("Walls")
        #expect(host.html.contains("width:70px;height:30px"), "the indicator follows the selection")
        let point = Anchor<CGPoint>(frame: CGRect(x: 100, y: 50, width: 80, height: 30), shape: Anchor<CGPoint>.Source.center.shape)
        #expect(GeometryProxy(size: CGSize(width: 200, height: 30), origin: CGPoint(x: 100, y: 50))[point] == CGPoint(x: 40, y: 15))
    }
}
