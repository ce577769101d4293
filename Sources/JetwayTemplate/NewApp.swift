import Foundation

/// A new app's package, as `jetway new <Name>` writes it: `Package.swift` depending on Jetway by
/// address and release, the app's `@main` entry, a view, a test of the view through `ViewHost`
/// and one in Chromium.
///
/// ```swift
/// let app = try NewApp(name: "Departures", jetway: "https://example.org/Jetway.git", from: "0.1.0")
/// try app.write(into: URL(fileURLWithPath: "Departures"))   // Departures/Package.swift, …
/// ```
public struct NewApp: Sendable {
    /// Why the app cannot be written: a name, release or address that is not one, or a file already there.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// What is wrong and how to write it.
        public let description: String
    }

    /// The app's name: its package, executable and module (a Swift identifier, first letter
    /// a capital).
    public let name: String
    /// Jetway's address (`https://…/Jetway.git`, `file:///…/Jetway`) and the release to start from.
    public let jetway: String
    /// The release it starts from (`from:` in its `Package.swift`).
    public let version: String

    /// Checks the name (a Swift type name), the release (`0.1.0`) and the address; throws `Failure` saying what is wrong.
    public init(name: String, jetway: String, from version: String) throws {
        guard let first = name.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first),
            name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) && $0.isASCII })
        else {
            throw Failure(description: "“\(name)” is not an app name: letters and digits, starting with a capital (Departures, GateBoard)")
        }
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else {
            throw Failure(description: "“\(version)” is not a release: write it as 0.1.0")
        }
        guard !jetway.isEmpty, !jetway.contains("\""), !jetway.contains("\\"), !jetway.contains("\n") else {
            throw Failure(description: "“\(jetway)” is not Jetway's address")
        }
        self.name = name
        self.jetway = jetway
        self.version = version
    }

    /// What SwiftPM names the dependency: the address's last part, without `.git`.
    public var packageName: String {
        var last = jetway.split(separator: "/").last.map(String.init) ?? "Jetway"
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last
    }

    /// The files, by path in the package's folder.
    public var files: [String: String] {
        [
            "Package.swift": """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "\(name)",
                platforms: [.macOS(.v15)],
                dependencies: [.package(url: "\(jetway)", from: "\(version)")],
                targets: [
                    .executableTarget(name: "\(name)", dependencies: [.product(name: "Jetway", package: "\(packageName)")]),
                    .testTarget(
                        name: "\(name)Tests",
                        dependencies: [
                            "\(name)", .product(name: "JetwayTesting", package: "\(packageName)"),
                            .product(name: "JetwayBrowser", package: "\(packageName)"),
                        ]),
                ]
            )

            """,
            "Sources/\(name)/\(name)App.swift": """
            import Jetway

            /// `swift run` serves it on http://127.0.0.1:8080 (`JETWAY_PORT` for another port).
            @main
            struct \(name)App: App {
                var body: some Scene {
                    WindowGroup("\(name)") {
                        ContentView()
                    }
                }
            }

            """,
            "Sources/\(name)/ContentView.swift": """
            import Jetway

            struct ContentView: View {
                @State private var items = ["Apples", "Bread", "Coffee"]
                @State private var search = ""
                @State private var newItem = ""

                var shown: [String] {
                    items.filter { search.isEmpty || $0.localizedCaseInsensitiveContains(search) }
                }

                var body: some View {
                    NavigationStack {
                        List {
                            Section {
                                ForEach(shown, id: \\.self) { item in
                                    NavigationLink(item) { Text(item).font(.largeTitle) }
                                }
                                .onDelete { offsets in
                                    let gone = offsets.map { shown[$0] }
                                    items.removeAll { gone.contains($0) }
                                }
                            }
                            Section {
                                TextField("New item", text: $newItem)
                                    .onSubmit(add)
                                Button("Add", action: add)
                                    .disabled(newItem.isEmpty)
                            }
                        }
                        .navigationTitle("\(name)")
                        .searchable(text: $search)
                    }
                }

                func add() {
                    guard !newItem.isEmpty else { return }
                    items.append(newItem)
                    newItem = ""
                }
            }

            """,
            "Tests/\(name)Tests/ContentViewTests.swift": """
            import JetwayTesting
            import Testing

            @testable import \(name)

            /// The view driven as a visitor would, without a browser (`ViewHost`).
            @MainActor
            struct ContentViewTests {
                @Test func anItemIsAddedAndFound() throws {
                    let host = ViewHost(ContentView())
                    try host.type("Dates", into: "New item")
                    try host.tap("Add")
                    #expect(host.elements(withText: "Dates").count == 1)
                    try host.type("dat", into: "Search")
                    #expect(host.elements(withText: "Apples").isEmpty)
                    #expect(host.elements(withText: "Dates").count == 1)
                }
            }

            """,
            "Tests/\(name)Tests/ContentViewInChromium.swift": """
            import Foundation
            import Jetway
            import JetwayBrowser
            import JetwayServer
            import Testing

            @testable import \(name)

            /// The view served on a free port and used in Chromium through the real wire: what a
            /// visitor's browser does (the Debian packages chromium and chromium-driver; without
            /// them the test says so and is skipped).
            @MainActor
            struct ContentViewInChromium {
                @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium and chromium-driver"))
                func anItemIsAddedInABrowser() async throws {
                    var configuration = ServerConfiguration()
                    configuration.port = 0
                    configuration.dataDirectory = NSTemporaryDirectory() + "\(name)Tests-" + UUID().uuidString
                    let app = JetwayApp(title: "\(name)", routes: [Route("/") { _ in ContentView() }])
                    let server = try JetwayServer(app: app, configuration: configuration)
                    try server.start()
                    defer { server.stop() }
                    try await withBrowsers(1) { browsers in
                        let browser = browsers[0]
                        #expect(try await browser.openLive(server.url + "/"))
                        try await browser.type("Dates", into: "input[placeholder='New item']")
                        try await browser.click("button", labelled: "Add")
                        #expect(await browser.wait(for: "return document.body.textContent.includes('Dates')"))
                        #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
                    }
                }
            }

            """,
            ".gitignore": """
            .build/
            data/

            """,
        ]
    }

    /// Writes the files into `folder` (made if missing; an existing file is never overwritten).
    public func write(into folder: URL) throws {
        let manager = FileManager.default
        for path in files.keys where manager.fileExists(atPath: folder.appendingPathComponent(path).path) {
            throw Failure(description: "\(folder.appendingPathComponent(path).path) is already there: choose another folder")
        }
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    }
}
