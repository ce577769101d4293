import Foundation
import JetwayTesting
import Testing

@testable import Jetway
@testable import JetwayWire

// Drag and drop as EmojiArt does it: emojis dragged from a palette as strings, a document that
// takes strings, links and data addresses through one `Transferable` enum made by proxy, and
// says where each landed.

private enum Dropped: Transferable, Equatable {
    case string(String)
    case url(URL)
    case data(Data)

    init(string: String) {
        if string.hasPrefix("http"), let url = URL(string: string) { self = .url(url) } else { self = .string(string) }
    }

    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation { Dropped(string: $0) }
        ProxyRepresentation { Dropped.url($0) }
        ProxyRepresentation { Dropped.data($0) }
    }
}

private struct Gate: Codable, Transferable, Equatable {
    let name: String
    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .json)
    }
}

private struct Canvas: View {
    @State private var placed: [String] = []
    @State private var targeted = false
    var body: some View {
        VStack {
            HStack {
                ForEach(["✈️", "🧳"], id: \.self) { emoji in Text(emoji).draggable(emoji) }
                Text("Gate").draggable(Gate(name: "B12"))
            }
            Text(placed.isEmpty ? "empty" : placed.joined(separator: ", "))
                .accessibilityIdentifier("canvas")
                .dropDestination(for: Dropped.self) { items, location in
                    for item in items {
                        switch item {
                        case .string(let text): placed.append("\(text)@\(Int(location.x)),\(Int(location.y))")
                        case .url(let url): placed.append("link \(url.host ?? "")")
                        case .data(let data): placed.append("\(data.count) bytes")
                        }
                    }
                    return !items.isEmpty
                } isTargeted: {
                    targeted = $0
                }
            Text(targeted ? "over" : "idle")
        }
    }
}

@MainActor
struct DragAndDropTests {
    private func drop(_ host: ViewHost, _ json: String) throws {
        try host.send(.drop, .text(json)) { $0.attribute("data-testid") == "canvas" }
    }

    @Test func aDraggedViewCarriesItsItemAsTextOrJSON() throws {
        let host = ViewHost(Canvas())
        try host.update()
        #expect(host.html.contains("draggable=\"true\""))
        #expect(host.html.contains("\(RuntimeContract.Attribute.drag)=\"t ✈️\""))
        #expect(
            host.html.contains("\(RuntimeContract.Attribute.drag)=\"t {&quot;name&quot;:&quot;B12&quot;}\""), "a Codable value goes as JSON"
        )
        #expect(Gate._import(.text(#"{"name":"A1"}"#)) == Gate(name: "A1"))
    }

    @Test func aDropMakesTheAppsValuesAndSaysWhere() throws {
        let host = ViewHost(Canvas())
        try host.update()
        try drop(host, #"["over", true]"#)
        #expect(host.text.contains("over"))
        try drop(host, #"["drop", 12.5, 40, ["t", "🧳"], ["u", "https://example.com/sky.png"], ["t", "data:image/png;base64,AAEC"]]"#)
        #expect(host.text.contains("🧳@12,40, link example.com"), "\(host.text)")
        try drop(host, #"["over", false]"#)
        #expect(host.text.contains("idle"))
        #expect(
            Dropped._import(.text("data:image/png;base64,AAEC")) == .string("data:image/png;base64,AAEC"),
            "the first representation that takes it wins")
        #expect(Data._import(.text("data:image/png;base64,AAEC")) == Data([0, 1, 2]))
    }

    @Test func aBadDropIsRefusedWithAReason() throws {
        let host = ViewHost(Canvas())
        try host.update()
        for bad in ["not json", #"["drop"]"#, #"["drop", "x", 1]"#, #"["teleport"]"#, #"["drop", 1, 2, [1, 2]]"#] {
            #expect(throws: JetwayError.self, "\(bad)") { try drop(host, bad) }
        }
        #expect(host.text.contains("empty"))
    }
}
