import Foundation

/// The Swift names Xcode generates for an app's asset catalogs at build time
/// (`GeneratedAssetSymbols.swift`): `ColorResource.attention` and `Color.attention` for the
/// colour set "AttentionColor", `ImageResource.logo` for the image set "Logo". A SwiftUI project
/// uses them (`Color(.gold)`, `.foregroundStyle(.attention)`) without declaring them, so
/// `jetway port` writes them as Xcode would.
public struct AssetSymbols: Sendable, Equatable {
    /// The file `jetway port` writes beside a project's catalogs.
    public static let fileName = "GeneratedAssetSymbols.swift"

    /// The colour sets' names, sorted.
    public let colors: [String]
    /// The image sets' names, sorted.
    public let images: [String]
    /// Names the app's own code declares as static members (`static let background =
    /// Color("Background")`): Xcode leaves those out of the `Color` extension, and so does this.
    public var declaredByApp: Set<String> = []

    /// The symbols of these colour and image sets.
    public init(colors: [String], images: [String]) {
        self.colors = colors.sorted()
        self.images = images.sorted()
    }

    /// The asset names of every `*.xcassets` below `folder` (a namespace folder's name comes
    /// before its assets': `Flags/Norway`).
    public init(catalogsIn folder: URL) {
        var colors: [String] = [], images: [String] = []
        AssetCatalogs.forEach(in: folder) { asset in
            switch asset.kind {
            case .color: colors.append(asset.name)
            case .image: images.append(asset.name)
            }
        }
        self.init(colors: colors, images: images)
    }

    /// Whether there is nothing to write.
    public var isEmpty: Bool { colors.isEmpty && images.isEmpty }

    /// The names a Swift file declares as static properties of `Color` (`extension Color {
    /// static let gold = … }`, or of `ShapeStyle`): those the generated `Color` extension would
    /// declare again. Another type's (`enum Tier { static let gold }`) do not count.
    public static func staticNames(in source: String) -> Set<String> {
        var names: Set<String> = []
        let text = Array(source.utf8)
        let member = /static\s+(?:let|var)\s+`?([A-Za-z_][A-Za-z0-9_]*)/
        for opening in source.matches(of: /extension\s+(?:SwiftUI\.|Jetway\.)?(?:Color|ShapeStyle)\b[^{]*\{/) {
            // The extension's body: to the brace that closes the one it opened.
            let start = source.utf8.distance(from: source.utf8.startIndex, to: opening.range.upperBound)
            var depth = 1, end = start
            while end < text.count, depth > 0 {
                if text[end] == UInt8(ascii: "{") { depth += 1 } else if text[end] == UInt8(ascii: "}") { depth -= 1 }
                end += 1
            }
            let body = String(decoding: text[start..<end], as: UTF8.self)
            for match in body.matches(of: member) { names.insert(String(match.output.1)) }
        }
        return names
    }

    /// Xcode's name for an asset: lower camel case of its words, without a trailing "Color" on
    /// a colour or "Image" on an image (when something is left), `_` before a leading digit.
    public static func symbol(for asset: String, dropping suffix: String) -> String {
        let words = asset.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        var name = words.enumerated().map { index, word in
            index == 0 ? word.prefix(1).lowercased() + word.dropFirst() : word.prefix(1).uppercased() + word.dropFirst()
        }.joined()
        if name.hasSuffix(suffix), name.count > suffix.count { name.removeLast(suffix.count) }
        if let first = name.first, first.isNumber { name = "_" + name }
        return name
    }

    /// `Color`'s and `ShapeStyle`'s own names: a catalog colour of one of these names
    /// (`RedColor`) gets its `ColorResource` only, as Xcode skips a symbol that would clash
    /// with the system's (`Color(.red)` names the catalog's, `Color.red` stays the system's).
    public static let systemColorNames: Set<String> = [
        "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown", "white",
        "gray", "black", "clear", "primary", "secondary", "accentColor", "tint", "foreground", "background", "separator",
        "selection", "placeholder", "link", "fill", "windowBackground",
    ]

    /// The file's text.
    public var source: String {
        func literal(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        }
        let colorSymbols = Dictionary(colors.map { (Self.symbol(for: $0, dropping: "Color"), $0) }, uniquingKeysWith: { first, _ in first })
            .sorted { $0.key < $1.key }
        let imageSymbols = Dictionary(images.map { (Self.symbol(for: $0, dropping: "Image"), $0) }, uniquingKeysWith: { first, _ in first })
            .sorted { $0.key < $1.key }
        var lines = [
            "// Written by `jetway port` from the project's asset catalogs, as Xcode generates it at build",
            "// time. Write it again (`jetway port`) when the catalogs change.",
            "import Jetway",
            "",
        ]
        if !colorSymbols.isEmpty {
            lines.append("extension ColorResource {")
            lines += colorSymbols.map { "    static let \($0.key) = ColorResource(name: \"\(literal($0.value))\")" }
            let conveniences = colorSymbols.filter { !declaredByApp.contains($0.key) && !Self.systemColorNames.contains($0.key) }
            if !conveniences.isEmpty {
                lines += ["}", "", "extension Color {"]
                lines += conveniences.map { "    static var \($0.key): Color { Color(ColorResource.\($0.key)) }" }
                lines += ["}", "", "extension ShapeStyle where Self == Color {"]
                lines += conveniences.map { "    static var \($0.key): Color { Color(ColorResource.\($0.key)) }" }
            }
            lines += ["}", ""]
        }
        if !imageSymbols.isEmpty {
            lines.append("extension ImageResource {")
            lines += imageSymbols.map { "    static let \($0.key) = ImageResource(name: \"\(literal($0.value))\")" }
            lines += ["}", ""]
        }
        return lines.joined(separator: "\n")
    }
}
