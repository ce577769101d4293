import Foundation
import Testing

@testable import JetwayPort

/// The names Xcode generates for a project's asset catalogs, which `jetway port` writes
/// (`Color(.gold)`, `.foregroundStyle(.attention)`, `Image(.logo)` compile unchanged).
struct AssetSymbolsTests {
    static func catalog() throws -> String {
        let root = NSTemporaryDirectory() + "jetway-symbols-\(UUID().uuidString)"
        for path in [
            "App/Assets.xcassets/Colors/GoldColor.colorset", "App/Assets.xcassets/AccentColor.colorset",
            "App/Assets.xcassets/Runway photo.imageset", "App/Assets.xcassets/Flags/Norway.imageset",
            "App/Preview Content/Preview Assets.xcassets",
        ] {
            try FileManager.default.createDirectory(atPath: root + "/" + path, withIntermediateDirectories: true)
        }
        try #"{"properties":{"provides-namespace":true}}"#.write(
            toFile: root + "/App/Assets.xcassets/Flags/Contents.json", atomically: true, encoding: .utf8)
        return root
    }

    @Test func portWritesTheNamesXcodeGenerates() throws {
        let symbols = AssetSymbols(catalogsIn: URL(fileURLWithPath: try Self.catalog()))
        #expect(symbols.colors == ["AccentColor", "GoldColor"] && symbols.images == ["Flags/Norway", "Runway photo"])
        #expect(AssetSymbols.symbol(for: "GoldColor", dropping: "Color") == "gold")
        #expect(AssetSymbols.symbol(for: "Color", dropping: "Color") == "color")
        #expect(AssetSymbols.symbol(for: "pad thai", dropping: "Image") == "padThai")
        #expect(AssetSymbols.symbol(for: "3D logo", dropping: "Image") == "_3DLogo")
        let source = symbols.source
        #expect(source.contains("static let gold = ColorResource(name: \"GoldColor\")"))
        #expect(source.contains("static var gold: Color { Color(ColorResource.gold) }"))
        #expect(source.contains("static let runwayPhoto = ImageResource(name: \"Runway photo\")"))
        #expect(source.contains("static let flagsNorway = ImageResource(name: \"Flags/Norway\")"), "a namespace's name comes first")
    }

    @Test func aNameTheAppDeclaresItselfIsNotDeclaredAgain() throws {
        // `extension Color { static let gold = Color("GoldColor") }` in the app: Xcode leaves
        // `Color.gold` out of what it generates, or the app would not compile.
        var symbols = AssetSymbols(catalogsIn: URL(fileURLWithPath: try Self.catalog()))
        symbols.declaredByApp = AssetSymbols.staticNames(
            in: "extension Color {\n    static let gold = Color(\"GoldColor\")\n    static var `default`: Color { .blue }\n}\n")
        #expect(symbols.declaredByApp == ["gold", "default"])
        #expect(AssetSymbols.staticNames(in: "enum Tier {\n    static let gold = 3\n}\n").isEmpty, "another type's gold is not a colour's")
        let source = symbols.source
        #expect(source.contains("static let gold = ColorResource(name: \"GoldColor\")"), "the resource is still there")
        #expect(!source.contains("static var gold: Color"))
        #expect(source.contains("static var accent: Color { Color(ColorResource.accent) }"))
    }

    @Test func aColourNamedAsTheSystemsKeepsOnlyItsResource() {
        let source = AssetSymbols(colors: ["RedColor", "GrnColor"], images: []).source
        #expect(source.contains("static let red = ColorResource(name: \"RedColor\")"))
        #expect(!source.contains("static var red: Color"), "Color.red stays the system's: \(source)")
        #expect(source.contains("static var grn: Color { Color(ColorResource.grn) }"))
    }
}
