import Jetway
import JetwayTesting
import Testing

@MainActor
struct HTMLWriterTests {
    @Test func textIsEscaped() {
        #expect(
            inner(Text("<script>alert('x')</script> & more"))
                == "<span class=\"jw-text\">&lt;script&gt;alert('x')&lt;/script&gt; &amp; more</span>")
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

    @Test func everyElementGetsACompactID() {
        let html = render(
            VStack {
                Text("a"); Text("b")
            })
        #expect(
            html
                == "<div data-j=\"1\" class=\"jw-root\"><div data-j=\"2\" class=\"jw-vstack\"><span data-j=\"3\" class=\"jw-text\">a</span><span data-j=\"4\" class=\"jw-text\">b</span></div></div>"
        )
        #expect(NodeID(36).description == "10")
        #expect(NodeID("10") == NodeID(36))
        #expect(NodeID("") == nil)
        #expect(NodeID("zzzzzzzz") == nil)
        #expect(NodeID("0") == nil)
        #expect(NodeID("x!") == nil)
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
