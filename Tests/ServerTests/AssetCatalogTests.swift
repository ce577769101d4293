import Foundation
import Testing

@testable import JetwayServer

/// An app's Xcode asset catalog, as a ported project brings it: its colour sets are the named
/// colours (light and dark, the accent), its image sets the named images (PortTests'
/// AssetSymbolsTests: the names `jetway port` writes for them).
struct AssetCatalogTests {
    /// A catalog as Xcode writes one: a group of colours, an accent, a photo at two scales.
    static func catalog() throws -> String {
        let root = NSTemporaryDirectory() + "jetway-catalog-\(UUID().uuidString)"
        let catalog = root + "/Assets.xcassets"
        func write(_ path: String, _ text: String) throws {
            try FileManager.default.createDirectory(
                atPath: (catalog + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: catalog + "/" + path, atomically: true, encoding: .utf8)
        }
        try write("Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        try write("Colors/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        try write(
            "Colors/GoldColor.colorset/Contents.json",
            #"""
            {"colors":[{"color":{"color-space":"srgb","components":{"alpha":"1.000","blue":"0x00","green":"0xD7","red":"0xFF"}},"idiom":"universal"},
            {"appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"color-space":"srgb","components":{"alpha":"1.000","blue":"0.000","green":"0.500","red":"0.800"}},"idiom":"universal"}],
            "info":{"author":"xcode","version":1}}
            """#)
        try write(
            "AccentColor.colorset/Contents.json",
            #"{"colors":[{"color":{"color-space":"srgb","components":{"alpha":"1","blue":"128","green":"0","red":"255"}},"idiom":"universal"}]}"#
        )
        try write(
            "Runway photo.imageset/Contents.json",
            #"{"images":[{"filename":"runway.png","idiom":"universal","scale":"1x"},{"filename":"runway@2x.png","idiom":"universal","scale":"2x"},{"idiom":"universal","scale":"3x"}]}"#
        )
        try write("Runway photo.imageset/runway.png", "one")
        try write("Runway photo.imageset/runway@2x.png", "two")
        return root
    }

    @Test func colourSetsBecomeTheNamedColoursLightAndDark() throws {
        let files = try StaticFiles(directory: try Self.catalog())
        let response = try #require(files.response(for: AssetCatalog.stylesheetName, ifNoneMatch: nil))
        let css = String(decoding: response.body, as: UTF8.self)
        #expect(css.contains("--jw-color-GoldColor: rgb(255 215 0 / 1.000);"), "\(css)")
        #expect(css.contains("@media (prefers-color-scheme: dark)") && css.contains("--jw-color-GoldColor: rgb(204 128 0 / 1.000);"))
        #expect(css.contains("--jw-accent: rgb(255 0 128 / 1.000);"), "the catalog's AccentColor is the app's accent")
        #expect(css.contains(":root:has(.jw-scheme-dark)"), "`.preferredColorScheme(.dark)` takes the dark colours")
    }

    @Test func imageSetsAreServedByName() throws {
        let files = try StaticFiles(directory: try Self.catalog())
        let image = try #require(files.response(for: "images/Runway photo.png", ifNoneMatch: nil))
        #expect(String(decoding: image.body, as: UTF8.self) == "two", "the 2× file, for today's screens")
        #expect(files.response(for: "images/Taxiway.png", ifNoneMatch: nil) == nil)
        #expect(files.response(for: "images/../Assets.xcassets/Contents.json", ifNoneMatch: nil) == nil)
    }

    @MainActor @Test func theServerLinksTheCatalogsColours() async throws {
        let directory = try Self.catalog()
        let server = try TestServer(transport: .memory) { $0.assetsDirectory = directory }
        defer { server.stop() }
        let page = try await server.get("/")
        #expect(page.body.contains("/assets/\(AssetCatalog.stylesheetName)"))
    }
}
