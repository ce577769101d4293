import Foundation
import JetwayBrowser
import Testing

/// What docs/swiftui.md says is not supported yet does not compile with `import Jetway`, and
/// what it says is supported does: the list under the SwiftUI table cannot drift from the code.
/// Each snippet is type-checked on its own against the built `Jetway` module; so is the
/// README's whole app.
@Suite(.serialized)
struct SupportedAPITests {
    /// A snippet: declarations at file scope (may be empty) and an expression of a view.
    struct Snippet: Sendable {
        let name: String
        let declarations: String
        let view: String
        init(_ name: String, _ view: String, declarations: String = "") {
            self.name = name
            self.view = view
            self.declarations = declarations
        }
    }

    static let notYet: [Snippet] = [
        Snippet(".alignmentGuide", "Text(\"a\").alignmentGuide(.leading) { _ in 0 }"),
        // MapKit's SwiftUI `Map` is JetwayMapKit's; UIKit's map view is not.
        Snippet("MKMapView", "EmptyView()", declarations: "let map: MKMapView? = nil"),
        Snippet(
            "Layout", "Flow { Text(\"a\") }",
            declarations: """
                struct Flow: Layout {
                    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { .zero }
                    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
                }
                """),
        Snippet(
            "DocumentGroup", "EmptyView()",
            declarations: "struct D: Scene { var body: some Scene { DocumentGroup(newDocument: 0) { _ in Text(\"a\") } } }"),
    ]

    /// A few of the supported APIs, as a baseline: the harness compiles what exists.
    static let supported: [Snippet] = [
        // A helper file of UIKit-era code reads UIKit from plain functions (Swift 5 mode: UIKit's
        // main-actor classes are imported so that this compiles, as Jetway's are).
        Snippet(
            "UIKit from a nonisolated function", "Text(OS_VERSION())",
            declarations: """
                func OS_VERSION() -> String { UIDevice.current.systemVersion }
                func SAFEAREA_BOTTOM() -> CGFloat {
                    (UIApplication.shared.connectedScenes.first as? UIWindowScene)?.windows.first?.safeAreaInsets.bottom ?? 0
                }
                func STATUSBAR() -> CGFloat {
                    (UIApplication.shared.connectedScenes.first as? UIWindowScene)?.statusBarManager?.statusBarFrame.height ?? 20
                }
                """),
        Snippet(
            ".anchorPreference", "Text(\"a\").anchorPreference(key: K.self, value: .bounds) { _ in 1 }",
            declarations:
                "struct K: PreferenceKey { static let defaultValue = 0; static func reduce(value: inout Int, nextValue: () -> Int) {} }"),
        Snippet(".tabViewStyle(.page)", "TabView { Text(\"a\") }.tabViewStyle(.page)"),
        Snippet(".onLongPressGesture", "Text(\"a\").onLongPressGesture { }"),
        Snippet("Path", "Path { path in path.move(to: .zero) }"),
        Snippet(
            "Animatable", "S()",
            declarations:
                "struct S: Shape, Animatable { var animatableData: Double = 0; func path(in rect: CGRect) -> Path { Path(rect) } }"),
        Snippet(".draggable", "Text(\"a\").draggable(\"a\")"),
        Snippet(".redacted", "Text(\"a\").redacted(reason: .placeholder)"),
        Snippet(".colorMultiply", "Text(\"a\").colorMultiply(.red)"),
        Snippet(
            "UIViewRepresentable", "S()",
            declarations:
                "struct S: UIViewRepresentable { func makeUIView(context: Context) -> UILabel { UILabel() }; func updateUIView(_ v: UILabel, context: Context) {} }"
        ),
        Snippet(
            "AnimatableModifier", "Text(\"a\").modifier(M())",
            declarations:
                "struct M: AnimatableModifier { var animatableData: Double = 0; func body(content: Content) -> some View { content } }"),
        Snippet(
            "PreferenceKey", "Text(\"a\").preference(key: K.self, value: 1).onPreferenceChange(K.self) { _ in }",
            declarations:
                "struct K: PreferenceKey { static let defaultValue = 0; static func reduce(value: inout Int, nextValue: () -> Int) {} }"),
        Snippet(".background(_:in:)", "Text(\"a\").background(.thinMaterial, in: .rect(cornerRadius: 8))"),
        Snippet("withAnimation", "Button(\"a\") { withAnimation { } }"),
        Snippet(".animation(_:value:)", "Text(\"a\").animation(.default, value: 1)"),
        Snippet(".transition", "Text(\"a\").transition(.opacity)"),
        Snippet(".textFieldStyle", "TextField(\"a\", text: .constant(\"\")).textFieldStyle(.roundedBorder)"),
        Snippet("Gauge", "Gauge(value: 0.5) { Text(\"a\") }"),
        Snippet("ShareLink", "ShareLink(item: \"a\")"),
        Snippet("ColorPicker", "ColorPicker(\"a\", selection: .constant(Color.red))"),
        Snippet(".popover", "Text(\"a\").popover(isPresented: .constant(false)) { Text(\"b\") }"),
        Snippet(".truncationMode", "Text(\"a\").truncationMode(.middle)"),
        Snippet("ViewThatFits", "ViewThatFits { Text(\"a\") }"),
        Snippet("navigationDestination(isPresented:)", "Text(\"a\").navigationDestination(isPresented: .constant(false)) { Text(\"b\") }"),
        Snippet(
            "navigationDestination(item:)", "Text(\"a\").navigationDestination(item: .constant(Optional<Int>.none)) { Text(\"\\($0)\") }"),
        Snippet("Section footer", "List { Section { Text(\"a\") } footer: { Text(\"b\") } }.listStyle(.insetGrouped)"),
        Snippet(".layoutPriority", "HStack { Text(\"a\").layoutPriority(1) }"),
        Snippet("Image(systemName:)", "Image(systemName: \"person.3.fill\")"),
        Snippet(".task", "Text(\"a\").task { }"),
        Snippet(".swipeActions", "Text(\"a\").swipeActions { Button(\"b\") { } }"),
        Snippet(".confirmationDialog", "Text(\"a\").confirmationDialog(\"b\", isPresented: .constant(false)) { Button(\"c\") { } }"),
        Snippet("Slider, Stepper", "VStack { Slider(value: .constant(0.5)); Stepper(\"a\", value: .constant(1)) }"),
        Snippet(
            "PreviewProvider", "Text(\"a\")",
            declarations:
                "struct P: PreviewProvider { static var previews: some View { Text(\"a\").previewLayout(.sizeThatFits).previewDisplayName(\"b\").previewDevice(\"iPhone 15\") } }"
        ),
        Snippet(
            "App, WindowGroup, Settings", "Text(\"a\")",
            declarations:
                "struct A: App { var body: some Scene { WindowGroup(\"Board\") { Text(\"a\") }; Settings { Text(\"b\") } } }; @MainActor func start() { A.main() }"
        ),
        Snippet(".navigationBarTitle", "NavigationView { Text(\"a\").navigationBarTitle(\"b\", displayMode: .inline) }"),
        Snippet("onChange(of:)", "Text(\"a\").onChange(of: 1) { }"),
        Snippet("#Preview", "Text(\"a\")", declarations: "#Preview { Text(\"a\") }"),
        Snippet(".labelStyle", "Label(\"a\", systemImage: \"star\").labelStyle(.iconOnly)"),
        Snippet(".toggleStyle", "Toggle(\"a\", isOn: .constant(true)).toggleStyle(.switch)"),
        Snippet("Text(_:format:)", "Text(1.5, format: .number)"),
        Snippet("TextEditor", "TextEditor(text: .constant(\"\"))"),
        Snippet(".submitLabel", "TextField(\"a\", text: .constant(\"\")).submitLabel(.done)"),
        Snippet(".textInputAutocapitalization", "TextField(\"a\", text: .constant(\"\")).textInputAutocapitalization(.never)"),
        Snippet(
            "@FocusState", "F()",
            declarations:
                "struct F: View { @FocusState var on: Bool; var body: some View { TextField(\"a\", text: .constant(\"\")).focused($on) } }"),
        Snippet("EditButton", "EditButton()"),
        Snippet(".onMove", "List { ForEach([1], id: \\.self) { Text(\"\\($0)\") }.onMove { _, _ in } }"),
        Snippet("ContentUnavailableView", "ContentUnavailableView(\"a\", systemImage: \"tray\")"),
        Snippet("LabeledContent", "LabeledContent(\"a\", value: \"b\")"),
        Snippet(".badge", "Text(\"a\").badge(3)"),
        Snippet(".accessibilityElement(children:)", "Text(\"a\").accessibilityElement(children: .combine)"),
        Snippet(".ignoresSafeArea", "Text(\"a\").ignoresSafeArea()"),
        Snippet(".listRowInsets", "Text(\"a\").listRowInsets(nil)"),
        Snippet(".scrollContentBackground", "List { Text(\"a\") }.scrollContentBackground(.hidden)"),
        Snippet(".lineSpacing", "Text(\"a\").lineSpacing(4)"),
        Snippet(".minimumScaleFactor", "Text(\"a\").minimumScaleFactor(0.5)"),
        Snippet(".imageScale", "Image(systemName: \"star\").imageScale(.large)"),
        Snippet(".contentShape", "Text(\"a\").contentShape(Rectangle())"),
        Snippet("NavigationSplitView", "NavigationSplitView { Text(\"a\") } detail: { Text(\"b\") }"),
        Snippet(
            ".onReceive", "Text(\"a\").onReceive(NotificationCenter.default.publisher(for: .init(\"x\"))) { _ in }",
            declarations: "import Foundation"),
        Snippet(
            "@AppStorage", "S()", declarations: "struct S: View { @AppStorage(\"k\") var k = 1; var body: some View { Text(\"\\(k)\") } }"),
        Snippet("LinearGradient", "LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)"),
        Snippet(".rotationEffect", "Text(\"a\").rotationEffect(.degrees(45))"),
        Snippet(".scaleEffect", "Text(\"a\").scaleEffect(2)"),
        Snippet("AsyncImage", "AsyncImage(url: nil)"),
    ]

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Whether `snippet` type-checks with `import Jetway`; the compiler's first error otherwise.
    static func typeChecks(_ snippet: Snippet, in folder: URL) throws -> (Bool, String) {
        let file = folder.appendingPathComponent(snippet.name.filter { $0.isLetter || $0.isNumber } + ".swift")
        try """
        import Jetway
        \(snippet.declarations)
        @MainActor func snippet() -> some View {
            \(snippet.view)
        }
        """.write(to: file, atomically: true, encoding: .utf8)
        let (compiles, text) = try typeCheck(file)
        return (compiles, text.split(separator: "\n").first { $0.contains("error:") }.map(String.init) ?? "")
    }

    /// Type-checks one file against the built modules (and, for JetwayServer's C modules, their
    /// module maps, as SwiftPM passes them): whether it compiles, and what the compiler said.
    static func typeCheck(_ file: URL) throws -> (Bool, String) { try typeCheck([file]) }

    /// The same for files that make one module (`-parse-as-library`: one may hold an `@main`).
    static func typeCheck(_ files: [URL], asLibrary: Bool = false) throws -> (Bool, String) {
        let sources = repository.appendingPathComponent("Sources")
        // The system libraries' module maps (a C target of our own has its map made by SwiftPM).
        let maps = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasPrefix("C") }.sorted()
            .map { sources.appendingPathComponent($0).path + "/module.modulemap" }.filter { FileManager.default.fileExists(atPath: $0) }
            .flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["swiftc", "-typecheck", "-I", repository.appendingPathComponent(".build/debug/Modules").path] + maps
            + (asLibrary ? ["-parse-as-library"] : []) + files.map(\.path)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus == 0, text)
    }

    @Test func whatTheGuideSaysIsNotSupportedDoesNotCompileAndTheRestDoes() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("jetway-api-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #require(
            FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent(".build/debug/Modules/Jetway.swiftmodule").path),
            "swift build makes the Jetway module")
        for snippet in Self.supported {
            let (compiles, error) = try Self.typeChecks(snippet, in: folder)
            #expect(compiles, "\(snippet.name) is supported but does not compile: \(error)")
        }
        for snippet in Self.notYet {
            let (compiles, _) = try Self.typeChecks(snippet, in: folder)
            #expect(!compiles, "\(snippet.name) compiles now: take it off docs/swiftui.md's list of what is not supported yet")
        }
        // The guide lists exactly these.
        let guide = try String(contentsOf: Self.repository.appendingPathComponent("docs/swiftui.md"), encoding: .utf8)
        let line = try #require(
            guide.split(separator: "\n").first { $0.hasPrefix("**Not supported yet**") },
            "docs/swiftui.md has no list of what is not supported yet")
        let names = try #require(line.range(of: "): ").map { line[$0.upperBound...] })
        let listed = String(names).components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        #expect(
            Set(listed) == Set(Self.notYet.map(\.name)),
            "docs/swiftui.md: \(Set(listed).symmetricDifference(Set(Self.notYet.map(\.name))).sorted())"
        )
    }

    /// The README's "A whole app" type-checks against the built modules as it is written.
    @Test func theReadmesWholeAppTypeChecks() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## A whole app").map { readme[$0.upperBound...] }, "the README has no whole app")
        let fence = try #require(section.range(of: "```swift\n"), "the README's whole app has no Swift block")
        let end = try #require(section[fence.upperBound...].range(of: "\n```"))
        let code = String(section[fence.upperBound..<end.lowerBound])
        #expect(code.contains("import Jetway") && code.contains("JetwayServer(app:"))
        #expect(code.split(separator: "\n").count <= 30, "the README's app is meant to be read at a glance")
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("jetway-readme-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("main.swift")
        try code.write(to: file, atomically: true, encoding: .utf8)
        let (compiles, text) = try Self.typeCheck(file)
        #expect(compiles, "the README's app does not type-check:\n\(text.prefix(2000))")
    }
}
