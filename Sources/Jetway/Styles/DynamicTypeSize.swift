/// The size of text a person asked their device for (Dynamic Type). A browser's default is
/// `.large`; its own text zoom scales the whole page. `.dynamicTypeSize(_:)` sets the size of
/// the text styles inside (`.body`, `.title`, …: a `Font.system(size:)` stays as it is).
///
/// ```swift
/// Text("Gate 12").font(.title).dynamicTypeSize(.xxxLarge)
/// VStack { … }.dynamicTypeSize(...DynamicTypeSize.xLarge)   // at most xLarge
/// ```
public enum DynamicTypeSize: Int, Hashable, Comparable, CaseIterable, Sendable {
    /// The standard sizes, smallest to largest: body text of 14, 15, 16, 17 (`large`, the default),
    /// 19, 21 and 23 pixels.
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    /// The accessibility sizes, larger again: body text of 28, 33, 40, 47 and 53 pixels.
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// Whether this is one of the accessibility sizes (`accessibility1` or larger).
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    /// Whether `lhs` is a smaller size than `rhs`.
    public static func < (lhs: DynamicTypeSize, rhs: DynamicTypeSize) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The body text's size at this setting, in points (iOS's table).
    var bodySize: Double {
        switch self {
        case .xSmall: 14
        case .small: 15
        case .medium: 16
        case .large: 17
        case .xLarge: 19
        case .xxLarge: 21
        case .xxxLarge: 23
        case .accessibility1: 28
        case .accessibility2: 33
        case .accessibility3: 40
        case .accessibility4: 47
        case .accessibility5: 53
        }
    }
}

/// The older name of the same setting (`@Environment(\.sizeCategory)`).
public enum ContentSizeCategory: Hashable, Sendable, CaseIterable {
    /// The standard categories, smallest to largest; `large` is the default.
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    /// The first four accessibility categories, larger again.
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    /// The largest accessibility category.
    case accessibilityExtraExtraExtraLarge

    /// Whether this is one of the accessibility categories (`accessibilityMedium` or larger).
    public var isAccessibilityCategory: Bool { DynamicTypeSize(self) >= .accessibility1 }
}

extension DynamicTypeSize {
    /// The `DynamicTypeSize` of the same rank as `category` (`.extraLarge` is `.xLarge`).
    public init(_ category: ContentSizeCategory) {
        self = DynamicTypeSize(rawValue: ContentSizeCategory.allCases.firstIndex(of: category) ?? 3) ?? .large
    }
}

private struct DynamicTypeSizeKey: EnvironmentKey { static let defaultValue = DynamicTypeSize.large }

extension EnvironmentValues {
    /// The text size of the views here: `.large` (a browser's default) unless a
    /// `.dynamicTypeSize(_:)` outside sets it.
    public var dynamicTypeSize: DynamicTypeSize {
        get { self[DynamicTypeSizeKey.self] }
        set { self[DynamicTypeSizeKey.self] = newValue }
    }

    /// The text size of the views here under its older name; setting it sets `dynamicTypeSize`.
    public var sizeCategory: ContentSizeCategory {
        get { ContentSizeCategory.allCases[dynamicTypeSize.rawValue] }
        set { dynamicTypeSize = DynamicTypeSize(newValue) }
    }
}

extension View {
    /// The text styles inside at `size`.
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View {
        modifier(DynamicTypeSizeModifier(clamp: { _ in size }))
    }

    /// The text size inside kept within `range` (the size outside, brought into it).
    public func dynamicTypeSize<T: RangeExpression<DynamicTypeSize>>(_ range: T) -> some View {
        modifier(
            DynamicTypeSizeModifier { size in
                if range.contains(size) { return size }
                let all = DynamicTypeSize.allCases.filter(range.contains)
                guard let low = all.first, let high = all.last else { return size }
                return size < low ? low : high
            })
    }
}

struct DynamicTypeSizeModifier: _PrimitiveModifier {
    let clamp: @MainActor (DynamicTypeSize) -> DynamicTypeSize

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let outer = context.environment.dynamicTypeSize
        let size = modifier.clamp(outer)
        var inner = context
        if size != outer { inner.writeEnvironment { $0.dynamicTypeSize = size } }
        let start = out.count
        content(inner, &out)
        guard size != outer else { return }
        let scale = Color.format(size.bodySize / DynamicTypeSize.large.bodySize)
        for index in start..<out.count {
            let node = out[index].isFrozen ? out[index].copy() : out[index]
            node.addStyle("\(StyleVariable.typeScale):\(scale)")
            // Text in no style of its own is body text: it scales as well.
            let styled =
                (node.attribute("class") ?? "").contains(StyleClass.fontPrefix) || (node.attribute("style") ?? "").contains("font-size")
            if !styled { node.addStyle("font-size:calc(17px * \(scale))") }
            out[index] = node
        }
    }
}
