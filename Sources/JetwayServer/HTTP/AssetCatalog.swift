import Foundation
import Jetway
import JetwayPort

/// The app's Xcode asset catalogs (`*.xcassets` in its assets folder), read as Xcode builds
/// them into an app: each colour set is a named colour (`Color("Gold")`, `Color(.gold)`) with
/// its dark variant, written as the stylesheet `jetway-catalog.css` the pages link; the colour
/// set `AccentColor` is the app's accent; each image set is a named image (`Image("Logo")`),
/// served at `/assets/images/Logo.png` from its best file for a browser (the 2× PNG or JPEG, an
/// SVG; a PDF only when there is nothing else).
struct AssetCatalog: Sendable {
    static let stylesheetName = "jetway-catalog.css"

    struct NamedColor: Equatable, Sendable {
        let name: String
        let light: String
        let dark: String?
    }

    private(set) var colors: [NamedColor] = []
    /// Image set name → the file to serve.
    private(set) var images: [String: String] = [:]

    init(directory root: String?) {
        guard let root else { return }
        AssetCatalogs.forEach(in: URL(fileURLWithPath: root)) { asset in
            guard let contents = asset.contents else { return }
            switch asset.kind {
            case .color: if let color = Self.color(named: asset.name, contents) { colors.append(color) }
            case .image: if let file = Self.bestImage(contents) { images[asset.name] = asset.folder.appendingPathComponent(file).path }
            }
        }
        colors.sort { $0.name < $1.name }
    }

    init(colors: [NamedColor]) { self.colors = colors }

    /// A colour set's light (or any-appearance) and dark colours as CSS.
    static func color(named name: String, _ contents: [String: Any]) -> NamedColor? {
        var light: String?, dark: String?
        for entry in contents["colors"] as? [[String: Any]] ?? [] {
            guard let color = entry["color"] as? [String: Any], let css = css(color) else { continue }
            let appearances = entry["appearances"] as? [[String: Any]] ?? []
            if appearances.contains(where: { $0["appearance"] as? String == "luminosity" && $0["value"] as? String == "dark" }) {
                dark = dark ?? css
            } else if appearances.isEmpty || light == nil {
                if appearances.isEmpty || !appearances.contains(where: { $0["value"] as? String == "high" }) { light = light ?? css }
            }
        }
        guard let light else { return nil }
        return NamedColor(name: name, light: light, dark: dark)
    }

    /// `components` as `0…1`, `0…255` or `0x…` text; a platform colour by reference.
    static func css(_ color: [String: Any]) -> String? {
        if let reference = color["reference"] as? String {
            typealias V = StyleVariable
            let named = [
                "systemRedColor": V.red, "systemOrangeColor": V.orange, "systemYellowColor": V.yellow, "systemGreenColor": V.green,
                "systemMintColor": V.mint, "systemTealColor": V.teal, "systemCyanColor": V.cyan, "systemBlueColor": V.blue,
                "systemIndigoColor": V.indigo, "systemPurpleColor": V.purple, "systemPinkColor": V.pink, "systemBrownColor": V.brown,
                "systemGrayColor": V.gray, "labelColor": V.primary, "secondaryLabelColor": V.secondary,
                "systemBackgroundColor": V.background,
            ]
            return named[reference].map { "var(\($0))" }
        }
        guard let components = color["components"] as? [String: Any] else { return nil }
        func channel(_ key: String) -> Double? {
            let text = (components[key] as? String) ?? (components[key] as? NSNumber)?.stringValue
            guard let text = text?.trimmingCharacters(in: .whitespaces) else { return nil }
            if text.lowercased().hasPrefix("0x"), let value = Int(text.dropFirst(2), radix: 16) { return Double(value) / 255 }
            guard let value = Double(text) else { return nil }
            return text.contains(".") || value <= 1 ? value : value / 255
        }
        let alpha = min(max(channel("alpha") ?? 1, 0), 1)
        func byte(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        func number(_ value: Double) -> String { String(format: "%.3f", min(max(value, 0), 1)) }
        if let white = channel("white") {
            return "rgb(\(byte(white)) \(byte(white)) \(byte(white)) / \(number(alpha)))"
        }
        guard let red = channel("red"), let green = channel("green"), let blue = channel("blue") else { return nil }
        if (color["color-space"] as? String) == "display-p3" {
            return "color(display-p3 \(number(red)) \(number(green)) \(number(blue)) / \(number(alpha)))"
        }
        return "rgb(\(byte(red)) \(byte(green)) \(byte(blue)) / \(number(alpha)))"
    }

    /// The file a browser shows best: a raster at 2× (else 3×, 1×, any), an SVG, then a PDF.
    static func bestImage(_ contents: [String: Any]) -> String? {
        let images = (contents["images"] as? [[String: Any]] ?? []).filter {
            ($0["appearances"] as? [[String: Any]] ?? []).isEmpty && $0["filename"] is String
        }
        func file(_ scale: String?, raster: Bool) -> String? {
            images.first { image in
                let name = (image["filename"] as? String ?? "").lowercased()
                let isRaster = [".png", ".jpg", ".jpeg", ".gif", ".webp"].contains { name.hasSuffix($0) }
                return isRaster == raster && (scale == nil || image["scale"] as? String == scale)
            }?["filename"] as? String
        }
        return file("2x", raster: true) ?? file("3x", raster: true) ?? file("1x", raster: true) ?? file(nil, raster: true)
            ?? images.first { ($0["filename"] as? String ?? "").lowercased().hasSuffix(".svg") }?["filename"] as? String
            ?? images.first?["filename"] as? String
    }

    var hasColors: Bool { !colors.isEmpty }

    /// The named colours as custom properties, light, dark by the system, and dark or light as
    /// `.preferredColorScheme` asks (the same three places `jetway.css` sets its own).
    var stylesheet: String {
        func variable(_ color: NamedColor, dark: Bool) -> String? {
            let value = dark ? color.dark : color.light
            guard let value else { return nil }
            let safe = String(
                String.UnicodeScalarView(
                    color.name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }))
            var lines = ["\(StyleVariable.colorPrefix)\(safe): \(value);"]
            if color.name == "AccentColor" { lines.append("\(StyleVariable.accent): \(value);") }
            return lines.joined(separator: " ")
        }
        let light = colors.compactMap { variable($0, dark: false) }.joined(separator: "\n  ")
        let dark = colors.compactMap { variable($0, dark: true) }.joined(separator: "\n  ")
        var css = "/* The app's asset catalog colours (AssetCatalog). */\n:root, :root:has(.\(StyleClass.schemeLight)) {\n  \(light)\n}\n"
        if !dark.isEmpty {
            css += "@media (prefers-color-scheme: dark) {\n  :root:not(:has(.\(StyleClass.schemeLight))) {\n  \(dark)\n  }\n}\n"
            css += ":root:has(.\(StyleClass.schemeDark)) {\n  \(dark)\n}\n"
        }
        return css
    }
}
