import Foundation

// Effects that change how a view is drawn, not where it is laid out, as SwiftUI's: rotations,
// scales, 3D rotations and the colour filters, each a CSS transform or filter on the view's
// element. Effects on one view add up as SwiftUI's do: each transform is applied after the
// ones before it, each filter on the result of the last.

/// An angle: `.degrees(45)`, `.radians(.pi / 4)`.
public struct Angle: Hashable, Sendable, Comparable {
    /// The angle in radians.
    public var radians: Double
    /// The angle in degrees (stored as radians).
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    /// A zero angle.
    public init() { radians = 0 }
    /// An angle of `radians` radians.
    public init(radians: Double) { self.radians = radians }
    /// An angle of `degrees` degrees.
    public init(degrees: Double) { self.radians = degrees * .pi / 180 }

    /// An angle of `radians` radians.
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    /// An angle of `degrees` degrees.
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    /// No turn at all.
    public static let zero = Angle()

    /// Whether `lhs` is a smaller angle than `rhs`.
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
    /// The sum of two angles.
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }
    /// The difference of two angles.
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }
    /// The angle turned the other way.
    public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }
    /// The angle multiplied by `rhs`.
    public static func * (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians * rhs) }

    /// In CSS: degrees, to three decimals.
    var css: String { "\(Color.format(degrees))deg" }
}

extension View {
    /// Turns the view by `angle` around `anchor` (its centre unless said).
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        modifier(StyleModifier { node in Effects.transform(node, "rotate(\(angle.css))", anchor: anchor) })
    }

    /// Scales the view by `scale` around `anchor`.
    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: scale, y: scale, anchor: anchor)
    }

    /// Scales the view by `scale.width` across and `scale.height` down, around `anchor`.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: scale.width, y: scale.height, anchor: anchor)
    }

    /// Scales the view by `x` across and `y` down, around `anchor`, without changing its layout.
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        modifier(
            StyleModifier { node in
                Effects.transform(node, "scale(\(Color.format(Double(x))),\(Color.format(Double(y))))", anchor: anchor)
            })
    }

    /// Turns the view in 3D around `axis`, seen from `perspective` (1: SwiftUI's default depth).
    public func rotation3DEffect(
        _ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center, anchorZ: CGFloat = 0,
        perspective: CGFloat = 1
    ) -> some View {
        let depth = perspective > 0 ? "perspective(\(Color.format(Double(1000 / perspective)))px) " : ""
        let rotation =
            "\(depth)rotate3d(\(Color.format(Double(axis.x))),\(Color.format(Double(axis.y))),\(Color.format(Double(axis.z))),\(angle.css))"
        return modifier(StyleModifier { node in Effects.transform(node, rotation, anchor: anchor) })
    }

    /// Blurs the view by `radius` points.
    public func blur(radius: CGFloat, opaque: Bool = false) -> some View {
        modifier(StyleModifier { node in Effects.filter(node, "blur(\(px(radius)))") })
    }

    /// Shifts the view's hues by `angle`.
    public func hueRotation(_ angle: Angle) -> some View {
        modifier(StyleModifier { node in Effects.filter(node, "hue-rotate(\(angle.css))") })
    }

    /// Multiplies each colour of the view by `color`'s (white keeps it, black blacks it out):
    /// an SVG colour matrix the page defines beside the view.
    public func colorMultiply(_ color: Color) -> some View {
        modifier(ColorMultiplyModifier(color: color))
    }

    /// 0: grey, 1: as it is, more: more vivid.
    public func saturation(_ amount: Double) -> some View {
        modifier(StyleModifier { node in Effects.filter(node, "saturate(\(Color.format(max(amount, 0))))") })
    }

    /// 0: as it is, 1: grey.
    public func grayscale(_ amount: Double) -> some View {
        modifier(StyleModifier { node in Effects.filter(node, "grayscale(\(Color.format(min(max(amount, 0), 1))))") })
    }

    /// Adds `amount` of brightness (0: as it is, 1: white).
    public func brightness(_ amount: Double) -> some View {
        modifier(StyleModifier { node in Effects.filter(node, "brightness(\(Color.format(max(1 + amount, 0))))") })
    }

    /// 0: grey, 1: as it is, more: more contrast.
    public func contrast(_ amount: Double) -> some View {
        modifier(StyleModifier { node in Effects.filter(node, "contrast(\(Color.format(max(amount, 0))))") })
    }

    /// Inverts the view's colours.
    public func colorInvert() -> some View {
        modifier(StyleModifier { node in Effects.filter(node, "invert(1)") })
    }

    /// Draws the view as one layer before its opacity and blend apply (the browser does).
    public func compositingGroup() -> some View {
        modifier(StyleModifier { node in node.addStyle("isolation:isolate") })
    }

    /// Draws the view as one flattened image (the browser composites it as a layer).
    public func drawingGroup(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear) -> some View {
        modifier(StyleModifier { node in node.addStyle("isolation:isolate;will-change:transform") })
    }
}

extension View {
    /// How the view's colours mix with what is behind it (CSS `mix-blend-mode`; the view's
    /// container, as SwiftUI's, is where they mix).
    public func blendMode(_ blendMode: BlendMode) -> some View {
        modifier(
            StyleModifier { node in
                node.addStyle("mix-blend-mode:\(blendMode.css)")
                if blendMode == .destinationOver { node.addStyle("z-index:-1") }
            })
    }
}

/// The ways a view's colours mix with those behind it.
public enum BlendMode: Sendable, Hashable {
    /// Blend modes drawn with the CSS `mix-blend-mode` of the same name (`colorDodge`: `color-dodge`).
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    /// More blend modes with a CSS `mix-blend-mode` of the same name.
    case difference, exclusion, hue, saturation, color, luminosity
    /// Adds the colours (`plusDarker`: drawn as `darken`, its nearest CSS blend).
    case plusDarker, plusLighter
    /// Drawn over what is behind within the view's box (SwiftUI: within its opaque pixels).
    case sourceAtop
    /// Drawn behind what it is over (an overlay under its content).
    case destinationOver

    var css: String {
        switch self {
        case .normal: "normal"
        case .multiply: "multiply"
        case .screen: "screen"
        case .overlay: "overlay"
        case .darken, .plusDarker: "darken"
        case .lighten: "lighten"
        case .colorDodge: "color-dodge"
        case .colorBurn: "color-burn"
        case .softLight: "soft-light"
        case .hardLight: "hard-light"
        case .difference: "difference"
        case .exclusion: "exclusion"
        case .hue: "hue"
        case .saturation: "saturation"
        case .color: "color"
        case .luminosity: "luminosity"
        case .plusLighter: "plus-lighter"
        case .sourceAtop, .destinationOver: "normal"
        }
    }
}

/// The colour space a `drawingGroup` renders in; accepted so SwiftUI code compiles, and not used.
public enum ColorRenderingMode: Sendable, Hashable {
    /// `nonLinear`: sRGB; `linear`: linear sRGB; `extendedLinear`: linear with extended range. Not used.
    case nonLinear, linear, extendedLinear
}

/// How effects are written on an element: transforms and filters as lists that each new
/// effect extends, so that effects on one view add up.
enum Effects {
    /// A CSS transform function taken about the element's top-left corner, as SwiftUI's
    /// `transformEffect` and `GeometryEffect` are, in a list CSS takes about the centre:
    /// `translate(-50%,-50%) f translate(50%,50%)` (percentages: the element's own size).
    static func fromOrigin(_ function: String) -> String {
        "translate(-50%,-50%) \(function) translate(50%,50%)"
    }

    static func transform(_ node: Node, _ function: String, anchor: UnitPoint) {
        append(node, property: "transform", function)
        if anchor != .center, !has(node, property: "transform-origin") {
            node.addStyle("transform-origin:\(Color.format(anchor.x * 100))% \(Color.format(anchor.y * 100))%")
        }
    }

    static func filter(_ node: Node, _ function: String) {
        append(node, property: "filter", function)
    }

    /// `property: a b` becomes `property: a b function` (an effect outside applies after).
    private static func append(_ node: Node, property: String, _ function: String) {
        guard var style = node.attribute("style") else {
            node.addStyle("\(property):\(function)")
            return
        }
        var declarations = style.split(separator: ";", omittingEmptySubsequences: true).map(String.init)
        if let index = declarations.firstIndex(where: { $0.hasPrefix(property + ":") }) {
            // CSS applies a transform list right to left: the outer effect goes first.
            declarations[index] =
                property == "transform"
                ? "\(property):\(function) " + declarations[index].dropFirst(property.count + 1)
                : declarations[index] + " " + function
            style = declarations.joined(separator: ";")
            node.setAttribute("style", style)
        } else {
            node.addStyle("\(property):\(function)")
        }
    }

    private static func has(_ node: Node, property: String) -> Bool {
        node.attribute("style")?.split(separator: ";").contains { $0.hasPrefix(property + ":") } ?? false
    }
}

/// `.colorMultiply`: the view in a stack that is filtered by an SVG `feColorMatrix` scaling each
/// channel by the colour's, the filter defined in a hidden `<svg>` inside the same stack (CSS
/// filters reach a filter of the same document only). A colour without channels of its own (a
/// theme's named colour) multiplies by its light-mode value, or by white when it has none.
struct ColorMultiplyModifier: _PrimitiveModifier {
    let color: Color

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let (red, green, blue, opacity) = modifier.color.components ?? (1, 1, 1, 1)
        let channels = [red, green, blue, opacity].map { Color.format(min(max($0, 0), 1)) }
        // Named by its values: two views multiplied by one colour share a filter.
        let id = StyleClass.filterDefs + "-" + channels.joined(separator: "-").replacingOccurrences(of: ".", with: "_")
        let node = context.element("div", StyleClass.zstack)
        let inside = context.insideElement()
        var children: [Node] = []
        content(inside.structural(0), &children)
        let defs = inside.structural(1).element("svg", StyleClass.filterDefs)
        defs.setAttribute("aria-hidden", "true")
        let filter = Node("filter", key: 1)
        filter.setAttribute("id", id)
        filter.setAttribute("color-interpolation-filters", "sRGB")
        // Lower case, as every node's tag; the HTML parser names it `feColorMatrix` inside `<svg>`.
        let matrix = Node("fecolormatrix", key: 2)
        matrix.setAttribute("type", "matrix")
        matrix.setAttribute(
            "values", "\(channels[0]) 0 0 0 0 0 \(channels[1]) 0 0 0 0 0 \(channels[2]) 0 0 0 0 0 \(channels[3]) 0")
        filter.children = [matrix]
        defs.children = [filter]
        node.addStyle("filter:url(#\(id))")
        node.children = children + [defs]
        node.takeFills(from: children)
        out.append(node)
    }
}
