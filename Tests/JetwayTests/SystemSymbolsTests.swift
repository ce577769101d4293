import Foundation
import Jetway
import JetwayTesting
import Testing

@testable import Jetway

/// `Image(systemName:)`: the SF Symbol names apps use, drawn with Debian's Bootstrap Icons.
@MainActor
struct SystemSymbolsTests {
    static let folder = "/usr/share/bootstrap-icons/svg"

    /// Every name maps to a file the package has (make test installs `bootstrap-icons`).
    @Test func everyNameHasItsFile() throws {
        try #require(
            FileManager.default.fileExists(atPath: Self.folder), "\(Self.folder) is missing: install bootstrap-icons (make test does)")
        let names = SystemSymbols.names
        #expect(names.count >= 500, "\(names.count) names")
        for name in names {
            let file = try #require(SystemSymbols.file(for: name))
            #expect(FileManager.default.fileExists(atPath: "\(Self.folder)/\(file).svg"), "\(name) → \(file).svg is not in the package")
        }
        // The variants apps write.
        for name in [
            "person.3.fill", "building.2", "checkmark.circle.fill", "door.left.hand.open", "star.fill", "heart.fill", "bell.slash",
        ] {
            #expect(SystemSymbols.file(for: name) != nil, "\(name)")
        }
    }

    @Test func aKnownNameIsTheSymbolInTheTextsColour() throws {
        let host = ViewHost(Image(systemName: "person.3.fill").foregroundColor(.orange))
        let symbol = try #require(host.elements(withClass: "jw-symbol").first)
        #expect(symbol.attribute("style")?.contains("--jw-symbol:url(/_jetway/symbols/people-fill.svg)") == true, "\(host.html)")
        #expect(symbol.attribute("aria-label") == "person 3")
        #expect(symbol.attribute("role") == "img")
    }

    /// Symbols that point along the reading direction are drawn mirrored on a right-to-left page,
    /// as SF Symbols are; those that name a side, and the media controls, keep it. An app's own
    /// arrow mirrors with `.flipsForRightToLeftLayoutDirection(true)`.
    @Test func directionalSymbolsMirrorRightToLeft() throws {
        let host = ViewHost(
            HStack {
                Image(systemName: "chevron.forward"); Image(systemName: "arrow.uturn.backward")
                Image(systemName: "star.leadinghalf.filled")
                Image(systemName: "list.bullet"); Image(systemName: "chevron.right"); Image(systemName: "forward.end.fill")
                Image(systemName: "arrow.left"); Image(systemName: "chevron.left.forwardslash.chevron.right")
                Image("runway-arrow").flipsForRightToLeftLayoutDirection(true); Image("map").flipsForRightToLeftLayoutDirection(false)
            }
            .environment(\.layoutDirection, .rightToLeft))
        #expect(host.html.contains(#"dir="rtl""#))
        let mirrored = host.elements(withClass: StyleClass.flipsRightToLeft)
        #expect(mirrored.count == 5, "\(host.html)")
        #expect(mirrored.last?.attribute("src")?.contains("runway-arrow") == true)
        let directional = [
            "chevron.forward", "chevron.backward", "arrow.forward.circle.fill", "arrow.up.forward", "arrowshape.turn.up.backward",
        ]
        for name in directional {
            #expect(SystemSymbols.file(for: name) != nil && SystemIcons.mirrorsRightToLeft(name), "\(name)")
        }
        for name in ["chevron.right", "arrow.left", "forward.end", "backward.fill", "chevron.left.forwardslash.chevron.right", "airplane"] {
            #expect(!SystemIcons.mirrorsRightToLeft(name), "\(name)")
        }
    }

    /// What the set lacks is drawn here; an unknown name is a labelled placeholder, said once.
    @Test func drawnAndUnknownNames() throws {
        #expect(ViewHost(Image(systemName: "airplane.departure")).html.contains("<path"))
        final class Said: @unchecked Sendable { var names: [String] = [] }
        let said = Said()
        Image.unknownSystemNameReporter = { said.names.append($0) }
        defer { Image.unknownSystemNameReporter = nil }
        let host = ViewHost(
            VStack {
                Image(systemName: "no.such.symbol.anywhere"); Image(systemName: "no.such.symbol.anywhere")
            })
        #expect(host.elements(withClass: "jw-icon-missing").count == 2)
        #expect(host.html.contains(">no.such.symbol.anywhere</title>"))
        #expect(said.names == ["no.such.symbol.anywhere"])
    }

    /// docs/icons.md lists every name the table knows, so it cannot drift.
    @Test func theDocsListEveryName() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/icons.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let listed = Set(text.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { String($0.dropFirst(3).prefix { $0 != "`" }) })
        #expect(
            listed == Set(SystemSymbols.names), "docs/icons.md: \(listed.symmetricDifference(Set(SystemSymbols.names)).sorted().prefix(10))"
        )
    }
}
