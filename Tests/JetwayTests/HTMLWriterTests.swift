import Jetway
import JetwayTesting
import Testing

@MainActor
struct HTMLWriterTests {
    @Test func textIsEscaped() {
        #expect(
            inner(Text("<script>alert('x')</script> & more"))
                == "<span class=\"jw-text jw-wrap\">&lt;script&gt;alert('x')&lt;/script&gt; &amp; more</span>")
    }

    @Test func attributesEscapeQuotes() {
        let html = inner(Text("x").accessibilityLabel("say \"hi\" & 'bye' <now>"))
        #expect(html.contains("aria-label=\"say &quot;hi&quot; &amp; &#39;bye&#39; &lt;now&gt;\""))
    }

    @Test func verbatimAndInterpolatedTextAreEscapedAlike() {
        let name = "<b>Bob</b>"
        #expect(inner(Text(verbatim: name)).contains("&lt;b&gt;Bob&lt;/b&gt;"))
        #expect(inner(Text("Hello \(name)")).contains("Hello &lt;b&gt;Bob&lt;/b&gt;"))
    }

    @Test func nulNeverReachesThePage() {
        #expect(inner(Text(verbatim: "a\u{0}b")) == "<span class=\"jw-text\">a\u{FFFD}b</span>")
    }

    @Test func everyElementGetsACompactID() throws {
        let html = render(
            VStack {
                Text("a"); Text("b")
            })
        // Ids in document order are implicit: the page parses back to 1, 2, 3, 4.
        #expect(
            html
                == "<div class=\"jw-root\"><div class=\"jw-vstack\"><span class=\"jw-text\">a</span><span class=\"jw-text\">b</span></div></div>"
        )
        #expect(
            try HTMLParser.parseElement(html).canonicalHTML
                == "<div class=\"jw-root\" data-j=\"1\"><div class=\"jw-vstack\" data-j=\"2\"><span class=\"jw-text\" data-j=\"3\">a</span><span class=\"jw-text\" data-j=\"4\">b</span></div></div>"
        )
        #expect(NodeID(36).description == "10")
        #expect(NodeID("10") == NodeID(36))
        #expect(NodeID("") == nil)
        #expect(NodeID("zzzzzzzz") == nil)
        #expect(NodeID("0") == nil)
        #expect(NodeID("x!") == nil)
    }

    /// Which elements write their id: out of order, where the browser's parser might not create
    /// elements in the order written, with handlers, or without an id at all.
    @Test func idsAreWrittenWhereTheCountCannotBeTrusted() throws {
        func node(_ tag: String, _ id: UInt32, _ children: [Node] = []) -> Node {
            let node = Node(tag, children: children)
            node.id = NodeID(id)
            return node
        }
        let tree = node(
            "div", 1,
            [
                node("span", 2), node("span", 7), node("a", 8, [node("span", 9), node("span", 10)]), node("span", 11), Node("span"),
                node("span", 12), node("form", 13, [node("span", 14)]), node("span", 15), node("p", 16, [node("span", 17)]),
                node("span", 18), node("a", 19, [node("div", 20, [node("a", 21, [node("span", 22)])])]), node("span", 23),
            ])
        var writer = HTMLWriter()
        writer.write(tree)
        let written = writer.string.split(separator: "<").filter { !$0.hasPrefix("/") }.map { tag in
            tag.firstRange(of: "data-j=\"").map { String(tag[$0.upperBound...].prefix { $0 != "\"" }) } ?? "-"
        }
        // In order: implicit; out of order: written; none: empty. A form and a paragraph write
        // theirs and the next element's after their start and end; inside a paragraph every
        // element does; from a link that holds a link (the parser clones the outer one around what
        // comes before the inner one) every id is written.
        #expect(written == ["-", "-", "7", "-", "-", "-", "-", "", "-", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n"])
        // The model DOM numbers the page as the runtime does: every id back, none for the empty one.
        let parsed = try HTMLParser.parseElement(writer.string)
        #expect(
            parsed.descendants.map { $0.attribute("data-j") ?? "?" } == [
                "1", "2", "7", "8", "9", "a", "b", "", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n",
            ])
        // Tools find an element's id in a served page as the runtime numbers it.
        let page =
            "<html><head><meta name=\"x\"></head><body>"
            + render(
                VStack {
                    Text("a"); Button("b") {}
                }) + "</body></html>"
        #expect(PageIDs.id(ofElementContaining: "<button", in: page) == "4")
        #expect(PageIDs.id(ofElementContaining: "jw-text", in: page) == "3")
        #expect(PageIDs.id(ofElementContaining: "<select", in: page) == nil)
    }

    @Test func voidElementsHaveNoEndTag() {
        #expect(inner(Divider()) == "<hr class=\"jw-divider\">")
        let field = inner(TextField("Name", text: .constant("Ann")))
        #expect(!field.contains("</input>"))
    }

    @Test(arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
        "java\nscript:x", "\u{1}javascript:x", "data:text/html,<script>", "vbscript:msgbox", "file:///etc/passwd",
    ])
    func dangerousURLsAreRefused(_ url: String) throws {
        let node = Node("a")
        node.setAttribute("href", url)
        #expect(node.attribute("href") == nil)
        let link = try #require(URL(string: "https://example.com"))
        _ = link
    }

    @Test(arguments: ["https://example.com/a?b=c", "http://x", "mailto:a@b.c", "tel:+123", "/flights/12", "flights?x=1", "#top", "./a:b"])
    func safeURLsPass(_ url: String) {
        let node = Node("a")
        node.setAttribute("href", url)
        #expect(node.attribute("href") == url)
    }

    @Test func linkWithARefusedSchemeHasNoDestination() throws {
        let url = try #require(URL(string: "javascript:alert(document.cookie)"))
        let html = inner(Link("Click", destination: url))
        #expect(!html.contains("href"))
        #expect(!html.contains("javascript"))
        #expect(html.contains("aria-disabled=\"true\""))
    }

    @Test func replacingAnURLAttributeWithARefusedOneRemovesIt() {
        let node = Node("a")
        node.setAttribute("href", "/ok")
        node.setAttribute("href", "javascript:x")
        #expect(node.attribute("href") == nil)
    }

    @Test func customFontNamesCannotBreakOutOfCSS() {
        let html = inner(Text("x").font(.custom("A;}</style><script>", size: 12)))
        #expect(html.contains("font-family:&#39;Astylescript&#39;,system-ui"))
        #expect(!html.contains("<script>"))
        #expect(!html.contains(";}"))
    }

    @Test func imageAssetNamesCannotLeaveTheImagesFolder() {
        let html = inner(Image("../../etc/passwd"))
        #expect(html.contains("src=\"/assets/images/etc/passwd.png\""))
        #expect(inner(Image("a b?.svg")).contains("src=\"/assets/images/a%20b%3F.svg\""))
    }

    @Test func jsonStringsEscapeControlCharacters() {
        var out: [UInt8] = []
        PatchEncoder.appendString("a\"b\\c\nd\u{1}</script>", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #""a\"b\\c\nd\u0001</script>""#)
    }
}
