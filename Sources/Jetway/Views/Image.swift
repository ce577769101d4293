/// A picture: an app image by name (served from `images/` in the app's assets folder), or one of the bundled system icons
/// (`Image(systemName: "airplane")`), drawn inline as SVG in the current text color. A system
/// name outside the bundled set shows a neutral placeholder that still reads its name to
/// assistive technology.
///
/// ```swift
/// Image("runway").resizable().aspectRatio(contentMode: .fill)
/// Image(systemName: "star.fill").foregroundColor(.yellow)
/// ```
public struct Image: _PrimitiveView, Equatable {
    enum Source: Equatable {
        case asset(String)
        case system(String)
        case url(String)
    }
    var source: Source
    /// What assistive technology reads (an `<img>`'s `alt`).
    var label: String?
    /// `Image(_:label:)`'s label, read in the page's language when the image is drawn (`label`
    /// holds its words as written until then); boxed, as most images have none.
    private var labelBox: LabelBox?
    var labelText: Text? { labelBox?.text }
    final class LabelBox: Equatable, @unchecked Sendable {
        let text: Text
        init(_ text: Text) { self.text = text }
        static func == (lhs: LabelBox, rhs: LabelBox) -> Bool { lhs.text == rhs.text }
    }
    var isResizable = false
    /// `resizable(resizingMode: .tile)`: the picture repeated over the frame.
    var tiles = false
    /// `.interpolation(.none)`.
    var isPixelated = false
    var contentMode: ContentMode?

    /// The app's image named `name`: an `<img>` from `/assets/images/` (`.png` added when the name has
    /// no extension), its `alt` text the name.
    nonisolated public init(_ name: String) {
        source = .asset(name)
        label = name
    }

    /// An image of a bundle's catalog: the app's catalogs are served together, so the name is
    /// looked up there, whichever bundle is given.
    nonisolated public init(_ name: String, bundle: Bundle?) {
        self.init(name)
    }

    /// The app's image named `name`, its `alt` text the words of `label`.
    nonisolated public init(_ name: String, label: Text) {
        source = .asset(name)
        self.label = label.string
        self.labelBox = LabelBox(label)
    }

    /// The app's image named `name`, hidden from assistive technology (an empty `alt`).
    nonisolated public init(decorative name: String) {
        source = .asset(name)
        label = nil
    }

    /// A system symbol drawn inline in the current text colour, read to assistive technology by a
    /// spoken form of its name.
    nonisolated public init(systemName: String) {
        source = .system(systemName)
        label = SystemIcons.spokenName(systemName)
    }

    /// An image from bytes the server holds (`Image(uiImage:)`): a `data:` address.
    nonisolated init(dataURL: String) {
        source = .url(dataURL)
        label = nil
    }

    /// An image at a URL (http, https or relative; anything else is refused).
    nonisolated public init(url: URL, label: String? = nil) {
        source = .url(url.absoluteString)
        self.label = label
    }

    /// Told each `systemName` that neither the symbol set nor the drawn icons know, once per
    /// process (the server logs it in development mode). Set before pages render.
    nonisolated(unsafe) public static var unknownSystemNameReporter: (@Sendable (String) -> Void)?

    /// An image that fills the frame it is given (stretched to it) rather than keeping its own size.
    public func resizable() -> Image {
        var copy = self
        copy.isResizable = true
        return copy
    }

    /// Resizable, stretched or tiled (`resizingMode: .tile`). `capInsets` is accepted so SwiftUI code
    /// compiles and ignored: the whole picture stretches.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var copy = resizable()
        copy.tiles = resizingMode == .tile
        return copy
    }

    /// How a scaled image's pixels are blended: `.none` draws them as squares (pixel art), the
    /// others smooth them (the browser's smoothing).
    public func interpolation(_ interpolation: Interpolation) -> Image {
        var copy = self
        copy.isPixelated = interpolation == .none
        return copy
    }

    /// Smooths a scaled image's pixels (`true`) or draws them as squares (`false`).
    public func antialiased(_ isAntialiased: Bool) -> Image { interpolation(isAntialiased ? .high : .none) }

    /// How a scaled image's pixels are blended, for `interpolation(_:)`.
    public enum Interpolation: Hashable, Sendable {
        /// `none` draws a scaled image's pixels as squares; `low`, `medium` and `high` all leave it
        /// to the browser's smoothing.
        case none, low, medium, high
    }

    /// How a resizable image fills its frame: stretched (the default) or repeated.
    public enum ResizingMode: Hashable, Sendable {
        /// `stretch` scales the picture to the frame; `tile` repeats it over the frame at its own size.
        case stretch, tile
    }

    /// Accepted so SwiftUI code compiles and does nothing: a symbol always takes the text colour and an
    /// app image always shows its own colours.
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image { self }

    /// Whether an image is drawn in the foreground colour, for `renderingMode(_:)`, which ignores it.
    public enum TemplateRenderingMode: Hashable, Sendable {
        /// `template` draws the image in the foreground colour, `original` in its own (in SwiftUI;
        /// Jetway reads neither).
        case template, original
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Image, _ context: _RenderContext, _ out: inout [Node]) {
        var image = view.resolved(in: context.environment)
        // `.symbolVariant(.fill)` around a symbol: its variant, where there is one.
        if case .system(let name) = view.source, let variants = context.environment.symbolVariants {
            image.source = .system(variants.applied(to: name))
        }
        out.append(image.makeNode(key: context.elementKey))
    }

    /// The image as the page `environment` is of reads it: its label in the page's language.
    func resolved(in environment: EnvironmentValues) -> Image {
        guard let labelText else { return self }
        var image = self
        image.label = labelText.string(in: environment)
        return image
    }

    /// The image's element (also inside a text: `Text("Tap \(Image(systemName: "plus"))")`).
    func makeNode(key: UInt64) -> Node {
        let node: Node
        switch source {
        case .asset(let name):
            node = Node("img", key: key)
            node.setAttribute("class", StyleClass.image)
            node.setAttribute("src", "/assets/images/" + Self.assetPath(name))
            node.setAttribute("alt", label ?? "")
        case .url(let url):
            node = Node("img", key: key)
            node.setAttribute("class", StyleClass.image)
            node.setAttribute("src", url)
            node.setAttribute("alt", label ?? "")
        case .system(let name):
            node = SystemIcons.node(name, key: key)
            if let label { node.setAttribute("aria-label", label) }
        }
        if isResizable { node.addClass(StyleClass.resizable) }
        if isPixelated { node.addStyle("image-rendering:pixelated") }
        if tiles, let src = node.attribute("src") {
            // An <img> cannot repeat its picture: a box with it as a repeated background.
            let box = Node("div", key: key)
            box.setAttribute("class", "\(StyleClass.image) \(StyleClass.resizable)")
            box.setAttribute("role", "img")
            box.setAttribute("aria-label", label ?? "")
            box.addStyle("background-image:url(\"\(src.replacingOccurrences(of: "\"", with: "%22"))\");background-repeat:repeat")
            return box
        }
        if let contentMode { node.addStyle("object-fit:\(contentMode == .fill ? "cover" : "contain")") }
        return node
    }

    /// An asset name as a path below `/assets/images/`: each segment percent-encoded, no `..`,
    /// `.png` when the name has no extension.
    static func assetPath(_ name: String) -> String {
        let segments = name.split(separator: "/").filter { $0 != ".." && $0 != "." }
        var path = segments.map {
            String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? ""
        }
        .joined(separator: "/")
        if !(segments.last?.contains(".") ?? false) { path += ".png" }
        return path
    }
}

extension View {
    /// Scales an image to fit or fill its frame.
    public func aspectRatio(_ ratio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        modifier(
            StyleModifier { node in
                node.addStyle("object-fit:\(contentMode == .fill ? "cover" : "contain")")
                if let ratio { node.addStyle("aspect-ratio:\(Color.format(Double(ratio)))") }
            })
    }

    /// Scales an image to fit or fill a frame of `aspectRatio`'s proportions (an image's `size`).
    public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View {
        self.aspectRatio(aspectRatio.height > 0 ? aspectRatio.width / aspectRatio.height : nil, contentMode: contentMode)
    }

    /// Scales the view to fit its frame, keeping its proportions (CSS `object-fit: contain`).
    public func scaledToFit() -> some View { aspectRatio(contentMode: .fit) }
    /// Scales the view to fill its frame, keeping its proportions and cropping (CSS
    /// `object-fit: cover`).
    public func scaledToFill() -> some View { aspectRatio(contentMode: .fill) }
}

/// A symbol's variants (`.fill`, `.circle`, `.circle.fill`, `.slash`, …), as
/// `.symbolVariant(_:)` asks for them for the symbols inside.
public struct SymbolVariants: Hashable, Sendable {
    let shape: String?
    let fills: Bool
    let slashes: Bool
    /// No variant: the symbols as named, a `.fill` in their names taken off.
    public static let none = SymbolVariants(shape: nil, fills: false, slashes: false)
    /// The filled variant (`star.fill`).
    public static let fill = SymbolVariants(shape: nil, fills: true, slashes: false)
    /// The variant in a circle (`plus.circle`).
    public static let circle = SymbolVariants(shape: "circle", fills: false, slashes: false)
    /// The variant in a square (`plus.square`).
    public static let square = SymbolVariants(shape: "square", fills: false, slashes: false)
    /// The variant in a rectangle.
    public static let rectangle = SymbolVariants(shape: "rectangle", fills: false, slashes: false)
    /// The slashed variant (`bell.slash`).
    public static let slash = SymbolVariants(shape: nil, fills: false, slashes: true)
    /// These variants, filled as well.
    public var fill: SymbolVariants { SymbolVariants(shape: shape, fills: true, slashes: slashes) }
    /// These variants, in a circle.
    public var circle: SymbolVariants { SymbolVariants(shape: "circle", fills: fills, slashes: slashes) }
    /// These variants, in a square.
    public var square: SymbolVariants { SymbolVariants(shape: "square", fills: fills, slashes: slashes) }
    /// These variants, slashed as well.
    public var slash: SymbolVariants { SymbolVariants(shape: shape, fills: fills, slashes: true) }

    /// `name` with these variants, where the symbol has that variant (else as it is).
    func applied(to name: String) -> String {
        if self == .none {
            return name.replacingOccurrences(of: ".fill", with: "")
        }
        var variant = name
        if slashes, !variant.contains(".slash") { variant += ".slash" }
        if let shape, !variant.contains(".\(shape)") { variant += ".\(shape)" }
        if fills, !variant.hasSuffix(".fill") { variant += ".fill" }
        return SystemSymbols.file(for: variant) != nil || SystemIcons.paths[variant] != nil ? variant : name
    }
}

private struct SymbolVariantsKey: EnvironmentKey { static let defaultValue: SymbolVariants? = nil }

extension EnvironmentValues {
    /// The variants `.symbolVariant(_:)` asked for (nil: the symbols as named).
    public var symbolVariants: SymbolVariants? {
        get { self[SymbolVariantsKey.self] }
        set { self[SymbolVariantsKey.self] = newValue }
    }
}

extension View {
    /// Draws the symbols inside in `variant` (`.fill`, `.circle.fill`), where they have it.
    public func symbolVariant(_ variant: SymbolVariants) -> some View {
        environment(\.symbolVariants, variant)
    }
}
