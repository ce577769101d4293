/// Horizontal alignment of children in a `VStack`.
public enum HorizontalAlignment: Hashable, Sendable {
    case leading, center, trailing
    var cssName: String {
        switch self {
        case .leading: "start"
        case .center: "center"
        case .trailing: "end"
        }
    }
}

/// Vertical alignment of children in an `HStack`.
public enum VerticalAlignment: Hashable, Sendable {
    case top, center, bottom, firstTextBaseline, lastTextBaseline
    var cssName: String {
        switch self {
        case .top: "start"
        case .center: "center"
        case .bottom: "end"
        case .firstTextBaseline: "baseline"
        case .lastTextBaseline: "last-baseline"
        }
    }
}

/// Alignment in both axes (`ZStack`, `frame`).
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// CSS for a box that places its content with this alignment.
    var css: String { "justify-content:\(horizontal.cssName);align-items:\(vertical.cssName)" }
}

/// Edges, for `padding(_:_:)`.
public enum Edge: Int8, Hashable, Sendable, CaseIterable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: Edge) { self.rawValue = 1 << edge.rawValue }
        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// Edge insets, for `padding(_:)`.
public struct EdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat
    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// Axes, for scroll views and `gridCellUnsizedAxes(_:)`.
/// The leading or trailing edge (`.swipeActions(edge:)`, `.safeAreaInset(edge: .leading)`).
public enum HorizontalEdge: Hashable, Sendable {
    case leading, trailing
}

/// The top or bottom edge (`.safeAreaInset(edge: .bottom)`); a set of them says which edges
/// of a list row a separator modifier applies to (a row's separator is drawn below it, so
/// both mean that one).
public enum VerticalEdge: Int8, Hashable, Sendable, CaseIterable {
    case top, bottom

    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let bottom = Set(rawValue: 2)
        public static let all: Set = [.top, .bottom]
    }
}

public enum Axis: Int8, Hashable, Sendable, CaseIterable {
    case horizontal, vertical

    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// Text alignment for `multilineTextAlignment(_:)`.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    case leading, center, trailing
}

/// How an image fills its frame.
public enum ContentMode: Hashable, Sendable, CaseIterable {
    case fit, fill
}

/// CSS length of a point value: `12px`.
func px(_ value: CGFloat) -> String {
    "\(Color.format(Double(value)))px"
}
