import Foundation
import Jetway
import JetwayTesting
import Testing

@testable import JetwayServer

/// Pushed screens have URLs: links are `<a href="?nav=…">`, a copied URL opens the screen
/// server-rendered (and pages of one URL share a rendering), Back pops, a bad path opens the root.
@MainActor
struct NavigationURLTests {
    struct Gates: View {
        let gates = ["A1", "B12", "C3"]
        var body: some View {
            NavigationStack {
                List(gates, id: \.self) { gate in
                    NavigationLink("Gate \(gate)") { GateScreen(gate: gate) }
                }
                .navigationTitle("Gates")
            }
        }
    }

    struct GateScreen: View {
        let gate: String
        var body: some View {
            VStack {
                Text("Departures from \(gate)")
                NavigationLink("Lounge near \(gate)") { Text("The lounge by \(gate)").navigationTitle("Lounge") }
            }
            .navigationTitle("Gate \(gate)")
        }
    }

    /// The `nav` value of the link labelled `label` in `html`.
    func nav(of label: String, in html: String) throws -> String {
        let end = try #require(html.range(of: ">\(label)<"))
        let before = html[..<end.lowerBound]
        let open = try #require(before.range(of: "<a ", options: .backwards))
        let tag = String(html[open.lowerBound..<end.lowerBound])
        let href = try #require(tag.range(of: "href=\"?nav=").map { tag[$0.upperBound...].prefix { $0 != "\"" } })
        return String(href)
    }

    @Test func aLinksURLOpensItsScreenOnTheServerAndSharesItsRendering() async throws {
        let server = try TestServer(app: JetwayApp(title: "Airport", routes: [Route("/") { _ in Gates() }]), transport: .memory)
        defer { server.stop() }
        let root = try await server.get("/").body
        #expect(root.contains("<title>Gates – Airport</title>"))
        let b12 = try nav(of: "Gate B12", in: root)
        let screen = try await server.get("/?nav=\(b12)").body
        #expect(screen.contains("Departures from B12") && !screen.contains("Departures from A1"))
        #expect(screen.contains("<title>Gate B12 – Airport</title>"))
        #expect(screen.contains("data-nav=\"\(b12)\""))
        // Two levels deep, and the in-page Back's address is the level above.
        let lounge = try nav(of: "Lounge near B12", in: screen)
        #expect(lounge.hasPrefix(b12 + "."))
        let deeper = try await server.get("/?nav=\(lounge)").body
        #expect(deeper.contains("The lounge by B12") && deeper.contains("href=\"?nav=\(b12)\""))
        #expect(server.server.sessions.groupCount == 3)
        _ = try await server.get("/?nav=\(b12)")
        #expect(server.server.sessions.groupCount == 3, "pages of one URL share its rendering")
        // A path that names no link on the way opens as far as it can: here, the root.
        let bad = try await server.get("/?nav=zzzz.1").body
        #expect(bad.contains("Gate A1") && bad.contains("data-nav=\"\""))
        let garbage = try await server.get("/?nav=%3Cscript%3E").body
        #expect(garbage.contains("Gate A1") && !garbage.contains("<script>"))
    }

    /// The airport board's row: a link beside a button in a stack, in every row of a list.
    struct GatesWithStars: View {
        let gates = ["A1", "B12", "C3"]
        var body: some View {
            NavigationStack {
                List(gates, id: \.self) { gate in
                    HStack {
                        NavigationLink("Gate \(gate)") { GateScreen(gate: gate) }
                        Button("Star \(gate)") {}
                    }
                }
            }
        }
    }

    @Test func everyRowsLinkHasAnAddressOfItsOwn() async throws {
        let server = try TestServer(app: JetwayApp(title: "Airport", routes: [Route("/") { _ in GatesWithStars() }]), transport: .memory)
        defer { server.stop() }
        let root = try await server.get("/").body
        let addresses = try ["A1", "B12", "C3"].map { try nav(of: "Gate \($0)", in: root) }
        #expect(Set(addresses).count == 3, "\(addresses)")
        for (gate, address) in zip(["A1", "B12", "C3"], addresses) {
            let screen = try await server.get("/?nav=\(address)").body
            #expect(screen.contains("Departures from \(gate)"), "\(gate) opened another screen")
        }
    }

    /// A long list: its rows below the first window have links too.
    struct ManyGates: View {
        var body: some View {
            NavigationStack {
                List((1...500).map { "G\($0)" }, id: \.self) { gate in
                    NavigationLink("Gate \(gate)") { GateScreen(gate: gate) }
                }
            }
        }
    }

    @Test func aLinkFarDownALazyListOpensItsScreenByItsAddress() throws {
        let host = ViewHost(ManyGates())
        try host.scrollLazyRows(toRow: 300, rows: 20)
        let address = try nav(of: "Gate G310", in: host.graph.tree.root!.html)
        #expect(address.contains("_"), "the address says which row the link is in: \(address)")
        // A page opened at the address: its first window holds rows 1 to 24 only.
        let opened = ViewGraph(ManyGates())
        opened.render()
        #expect(opened.openNavigation(address) == 1)
        #expect(opened.navigationTitle == "Gate G310" && opened.navigationPath == address)
        // Back from it, the list shows the rows around it.
        try opened.dispatch(try #require(Self.node(in: opened.tree.root) { $0.attribute("data-nav") != nil }).id, .navigate, .text(""))
        _ = opened.update()
        #expect(opened.tree.root!.html.contains("Gate G310"))
        // An address whose row is not in the data opens as far as it can.
        let gone = ViewGraph(ManyGates())
        gone.render()
        #expect(gone.openNavigation(address.prefix { $0 != "_" } + "_" + String(20, radix: 36)) == 0)
    }

    @Test func backAndForwardPopAndPushByTheURLsPath() throws {
        let graph = ViewGraph(Gates())
        graph.render()
        let html = graph.tree.root!.html
        let a1 = try nav(of: "Gate A1", in: html)
        #expect(graph.openNavigation(a1) == 1)
        #expect(graph.navigationPath == a1 && graph.navigationTitle == "Gate A1")
        let stack = try #require(Self.node(in: graph.tree.root) { $0.attribute("data-nav") != nil })
        // Back: the browser's URL has no path.
        try graph.dispatch(stack.id, .navigate, .text(""))
        _ = graph.update()
        #expect(graph.navigationPath == "" && graph.navigationTitle == "Gates")
        // Forward: one link deeper than the screen shown.
        let root = try #require(Self.node(in: graph.tree.root) { $0.attribute("data-nav") != nil })
        try graph.dispatch(root.id, .navigate, .text(a1))
        _ = graph.update()
        #expect(graph.navigationPath == a1)
        // A jump the screen shown cannot make is refused (the runtime loads the URL instead).
        let top = try #require(Self.node(in: graph.tree.root) { $0.attribute("data-nav") != nil })
        #expect(throws: JetwayError.self) { try graph.dispatch(top.id, .navigate, .text(a1 + ".zz")) }
    }

    static func node(in node: Node?, where predicate: (Node) -> Bool) -> Node? {
        guard let node else { return nil }
        if predicate(node) { return node }
        for child in node.children {
            if let found = Self.node(in: child, where: predicate) { return found }
        }
        return nil
    }

    struct FlightsByValue: View {
        @State private var path: [String] = []
        var body: some View {
            NavigationStack(path: $path) {
                VStack {
                    ForEach(["MA100", "MA200"], id: \.self) { number in NavigationLink(number, value: number) }
                    Button("Open MA200") { path.append("MA200") }
                    Text("Depth \(path.count)")
                }
                .navigationDestination(for: String.self) { number in
                    VStack {
                        Text("Flight \(number)")
                        Button("Back to the board") { path.removeAll() }
                    }
                    .navigationTitle(number)
                }
                .navigationTitle("Flights")
            }
        }
    }

    struct PathOfAnything: View {
        @State private var path = NavigationPath()
        var body: some View {
            NavigationStack(path: $path) {
                NavigationLink("Gate 7", value: 7)
                    .navigationDestination(for: Int.self) { gate in Text("Gate number \(gate)") }
            }
        }
    }

    @Test func valueLinksPushThroughThePathAndItsDestination() throws {
        let host = ViewHost(FlightsByValue())
        #expect(host.text.contains("Depth 0"))
        try host.tap("MA100")
        #expect(host.text.contains("Flight MA100") && !host.text.contains("Depth"))
        try host.tap("Back to the board")
        #expect(host.text.contains("Depth 0"))
        // The app's own push: shown, but its URL is its parent's.
        try host.tap("Open MA200")
        #expect(host.text.contains("Flight MA200"))
        #expect(host.html.contains("data-nav=\"\""))
        try host.tap("Back")
        #expect(host.text.contains("Depth 0"))
        let paths = ViewHost(PathOfAnything())
        try paths.tap("Gate 7")
        #expect(paths.text.contains("Gate number 7"))
    }

    @Test func aValueLinksURLOpensItsScreen() throws {
        let graph = ViewGraph(FlightsByValue())
        graph.render()
        let key = try nav(of: "MA200", in: graph.tree.root!.html)
        #expect(graph.openNavigation(key) == 1)
        #expect(graph.navigationTitle == "MA200" && graph.navigationPath == key)
    }

    struct BoardWithToolbar: View {
        @State private var adding = 0
        var body: some View {
            NavigationStack {
                Text("Added \(adding)")
                    .navigationTitle("Board")
                    .toolbar {
                        ToolbarItem(placement: .topBarTrailing) { Button("Add") { adding += 1 } }
                        ToolbarItem(placement: .topBarLeading) { Text("MTN") }
                        Button("Plain") { adding += 10 }
                    }
            }
        }
    }

    @Test func toolbarItemsSitInTheScreensBarByPlacement() throws {
        let host = ViewHost(BoardWithToolbar())
        #expect(host.html.contains("role=\"toolbar\""))
        #expect(host.html.contains("data-placement=\"trailing\"") && host.html.contains("data-placement=\"leading\""))
        try host.tap("Add")
        try host.tap("Plain")
        #expect(host.text.contains("Added 11"))
    }
}
