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
