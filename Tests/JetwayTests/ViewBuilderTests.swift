import Jetway
import JetwayTesting
import Testing

/// Forty children in one body: no ten-view limit (compile-time check of parameter packs).
private struct FortyChildren: View {
    var body: some View {
        VStack {
            Text("1"); Text("2"); Text("3"); Text("4"); Text("5"); Text("6"); Text("7"); Text("8"); Text("9"); Text("10")
            Text("11"); Text("12"); Text("13"); Text("14"); Text("15"); Text("16"); Text("17"); Text("18"); Text("19"); Text("20")
            Text("21"); Text("22"); Text("23"); Text("24"); Text("25"); Text("26"); Text("27"); Text("28"); Text("29"); Text("30")
            Text("31"); Text("32"); Text("33"); Text("34"); Text("35"); Text("36"); Text("37"); Text("38"); Text("39"); Text("40")
        }
    }
}

/// Deeply nested modifiers compile and apply in order.
private struct DeeplyModified: View {
    var body: some View {
        Text("deep")
            .font(.headline).bold().italic().foregroundColor(.red).padding(4).background(.yellow)
            .cornerRadius(4).border(.black, width: 2).opacity(0.5).shadow(radius: 2).padding(8)
            .frame(maxWidth: .infinity, alignment: .leading).accessibilityLabel("Deep").onTapGesture {}
    }
}

private enum Status { case onTime, delayed(Int), cancelled }

private struct Control: View {
    let status: Status
    let gate: String?
    let flag: Bool
    var body: some View {
        VStack {
            switch status {
            case .onTime: Text("On time")
            case .delayed(let minutes): Text("Delayed \(minutes) min")
            case .cancelled: Text("Cancelled")
            }
            if let gate { Text("Gate \(gate)") }
            if flag { Text("flag") } else { EmptyView() }
            Group {
                Text("g1")
                Text("g2")
            }
            .foregroundColor(.blue)
            AnyView(Text("erased"))
            optionalText
        }
    }
    var optionalText: Text? { gate == nil ? nil : Text("optional") }
}

private struct Card: ViewModifier {
    @State private var taps = 0
    func body(content: Content) -> some View {
        VStack {
            content
            Button("Card taps \(taps)") { taps += 1 }
        }
        .padding(12)
    }
}

@MainActor
struct ViewBuilderTests {
    @Test func fortyChildrenRenderInOrder() {
        let html = inner(FortyChildren())
        let texts = html.components(separatedBy: "<span class=\"jw-text\">").dropFirst().map { $0.components(separatedBy: "<").first ?? "" }
        #expect(texts == (1...40).map(String.init))
    }

    @Test func controlFlowBuildsTheRightViews() {
        let a = inner(Control(status: .delayed(15), gate: "B2", flag: true))
        #expect(a.contains(">Delayed 15 min<") && a.contains(">Gate B2<") && a.contains(">flag<") && a.contains(">optional<"))
        let b = inner(Control(status: .cancelled, gate: nil, flag: false))
        #expect(b.contains(">Cancelled<") && !b.contains("Gate") && !b.contains("flag") && !b.contains("optional"))
        #expect(
            b.contains(
                "<span class=\"jw-text\" style=\"color:var(--jw-blue)\">g1</span><span class=\"jw-text\" style=\"color:var(--jw-blue)\">g2</span>"
            ))
        #expect(b.contains(">erased<"))
    }

    @Test func deepModifiersApplyInOrder() {
        let html = inner(DeeplyModified())
        #expect(
            html
                == "<div class=\"jw-frame jw-fill-w\" style=\"justify-content:start;align-items:center\" aria-label=\"Deep\" data-on=\"click\" role=\"button\" tabindex=\"0\"><div class=\"jw-box\" style=\"padding:8px\"><span class=\"jw-text jw-font-headline jw-bold jw-italic\" style=\"color:var(--jw-red);padding:4px;background:var(--jw-yellow);border-radius:4px;overflow:hidden;border:2px solid #000;opacity:0.5;box-shadow:0px 0px 2px rgb(0 0 0 / 0.33)\">deep</span></div></div>"
        )
    }

    @Test func customModifiersHaveTheirOwnState() throws {
        let host = ViewHost(
            VStack {
                Text("A").modifier(Card()); Text("B").modifier(Card())
            })
        let buttons = host.dom.root.descendants.filter { $0.tag == "button" }
        try host.send(.click) { $0 === buttons[1] }
        #expect(host.dom.root.descendants.filter { $0.tag == "button" }.map(\.textContent) == ["Card taps 0", "Card taps 1"])
        #expect(host.html.contains("padding:12px"))
    }

    @Test func emptyAndTupleViews() {
        #expect(inner(EmptyView()) == "")
        #expect(inner(TupleView(Text("a"), Text("b"))) == "<span class=\"jw-text\">a</span><span class=\"jw-text\">b</span>")
    }
}
