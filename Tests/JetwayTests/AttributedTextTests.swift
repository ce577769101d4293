import Foundation
import JetwayTesting
import Testing

@testable import Jetway

/// Styled text as apps write it: Markdown in a literal, `AttributedString(markdown:)` from an
/// API's answer, attributes set by hand.
@MainActor
struct AttributedTextTests {
    func runs(_ text: String) -> [String] {
        InlineMarkdown.parse(text).map { run in
            var marks = ""
            if run.intent.contains(.stronglyEmphasized) { marks += "B" }
            if run.intent.contains(.emphasized) { marks += "I" }
            if run.intent.contains(.code) { marks += "C" }
            if run.intent.contains(.strikethrough) { marks += "S" }
            if let link = run.link { marks += "→\(link)" }
            return marks.isEmpty ? run.text : "\(marks):\(run.text)"
        }
    }

    @Test func markdownsInlineSyntaxIsRead() {
        #expect(runs("**Gate** B12") == ["B:Gate", " B12"])
        #expect(runs("*on time* and _late_") == ["I:on time", " and ", "I:late"])
        #expect(runs("***both***") == ["BI:both"])
        #expect(runs("use `swift run` now") == ["use ", "C:swift run", " now"])
        #expect(runs("~~cancelled~~ delayed") == ["S:cancelled", " delayed"])
        #expect(runs("see [the board](https://example.com/board)") == ["see ", "→https://example.com/board:the board"])
        #expect(runs("[**bold** link](https://x.y)") == ["B→https://x.y:bold", "→https://x.y: link"])
    }

    @Test func whatIsNotSyntaxStaysAsWritten() {
        #expect(runs("snake_case_name") == ["snake_case_name"])
        #expect(runs("2 * 3 * 4") == ["2 * 3 * 4"])
        #expect(runs("**not closed") == ["**not closed"])
        #expect(runs(#"\*literal\*"#) == ["*literal*"])
        #expect(runs("[no link]") == ["[no link]"])
        #expect(runs("a ~ b") == ["a ~ b"])
    }

    @Test func aLiteralsMarkdownRendersAsSwiftUIsDoes() {
        let html = ViewHost(Text("Board at **Gate B12**, _now_")).html
        #expect(html.contains("Gate B12</span>") && html.contains(StyleClass.bold) && html.contains(StyleClass.italic), "\(html)")
        #expect(!html.contains("**"))
        let verbatim = ViewHost(Text(verbatim: "**as typed**")).html
        #expect(verbatim.contains("**as typed**"), "verbatim text is not read")
        let variable = "**from a variable**"
        #expect(ViewHost(Text(variable)).html.contains("**from a variable**"), "a String is not read, as in SwiftUI")
    }

    @Test func attributedStringsFromMarkdownAndByHand() throws {
        let answer = try AttributedString(markdown: "The *Louvre* is in **Paris**")
        let runs = answer.runs.map { String(answer[$0.range].characters) }
        #expect(runs == ["The ", "Louvre", " is in ", "Paris"])
        #expect(answer.runs.map(\.inlinePresentationIntent) == [nil, .emphasized, nil, .stronglyEmphasized])
        let html = ViewHost(Text(answer)).html
        #expect(html.contains("Louvre") && html.contains(StyleClass.italic) && html.contains(StyleClass.bold))

        var styled = AttributedString("Delayed")
        styled.foregroundColor = .red
        styled.font = .headline
        var link = AttributedString(" details")
        link.link = URL(string: "https://example.com/flight/1")
        link.underlineStyle = .single
        let text = ViewHost(Text(styled + link)).html
        #expect(text.contains("color:var(\(StyleVariable.red))"), "\(text)")
        #expect(text.contains("href=\"https://example.com/flight/1\"") && text.contains("text-decoration:underline"))
    }
}
