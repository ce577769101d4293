// Writes each ported screen as a standalone HTML page when JETWAY_SNAPSHOT_DIR is set, so
// `make snapshots` can render them in headless Chromium and we can look at them.
import Jetway
import JetwayTesting
import Testing

@MainActor
@Test(
    .enabled(if: ProcessInfo.processInfo.environment["JETWAY_SNAPSHOT_DIR"] != nil, "writes files only under `make snapshots`"))
func writeSnapshotsWhenAsked() throws {
    let directory = try #require(ProcessInfo.processInfo.environment["JETWAY_SNAPSHOT_DIR"])
    let css = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/jetway.css").standardized
        .path
    func save(_ name: String, _ host: ViewHost) throws {
        let html = host.document(title: name, stylesheet: "file://" + css)
        try html.write(toFile: directory + "/" + name + ".html", atomically: true, encoding: .utf8)
        #expect(!html.isEmpty)
    }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let fruits = ViewHost(FruitList())
    try save("fruits", fruits)
    try fruits.type("ap", into: "Search")
    try save("fruits-search", fruits)
    try save("grid", ViewHost(GridContentView()))
    try save("awards", ViewHost(AirportAwards()))
    let controller = SettingsController()
    try save("settings", ViewHost(SettingsUIView(userManager: controller.userManager, send: controller.handle).background(.indigo)))
    let sheets = ViewHost(SheetsContentView())
    try sheets.tap("Settings")
    try save("sheet", sheets)
    try save("form", ViewHost(DurationContentView()))
}
