/// Horizontal alignment of children in a `VStack`.
public enum HorizontalAlignment: Hashable, Sendable {
    /// Children at the leading (CSS `start`) edge, centred, or at the trailing (`end`) edge.
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
    /// Children at the top, centred, at the bottom, or on the first or last line's text baseline.
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
    /// The CSS value (`align-items`, `align-self`): `cssName`, but `last baseline` in two words.
    var cssValue: String { self == .lastTextBaseline ? "last baseline" : cssName }
}

/// Alignment in both axes (`ZStack`, `frame`).
public struct Alignment: Hashable, Sendable {
    /// The alignment across: leading, centre or trailing.
    public var horizontal: HorizontalAlignment
    /// The alignment up and down: top, centre, bottom or a text baseline.
    public var vertical: VerticalAlignment

    /// An alignment of `horizontal` and `vertical`.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Centred both ways.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// At the leading edge, centred vertically.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// At the trailing edge, centred vertically.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// At the top, centred horizontally.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// At the bottom, centred horizontally.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// At the top leading corner.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// At the top trailing corner.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// At the bottom leading corner.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// At the bottom trailing corner.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// CSS for a box that places its content with this alignment.
    var css: String { "justify-content:\(horizontal.cssName);align-items:\(vertical.cssValue)" }
}

/// Edges, for `padding(_:_:)`.
public enum Edge: Int8, Hashable, Sendable, CaseIterable {
    /// The four edges; leading and trailing are left and right on the page.
    case top, leading, bottom, trailing

    /// A set of edges (`.padding(.horizontal, 8)`).
    public struct Set: OptionSet, Hashable, Sendable {
        /// The set's bits, one per edge (`1 << edge.rawValue`).
        public let rawValue: Int8
        /// A set from its `rawValue` bits.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// A set of the one `edge`.
        public init(_ edge: Edge) { self.rawValue = 1 << edge.rawValue }
        /// The top edge.
        public static let top = Set(.top)
        /// The leading edge.
        public static let leading = Set(.leading)
        /// The bottom edge.
        public static let bottom = Set(.bottom)
        /// The trailing edge.
        public static let trailing = Set(.trailing)
        /// The leading and trailing edges.
        public static let horizontal: Set = [.leading, .trailing]
        /// The top and bottom edges.
        public static let vertical: Set = [.top, .bottom]
        /// All four edges.
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// Edge insets, for `padding(_:)`.
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top, in points (CSS pixels).
    public var top: CGFloat
    /// The inset from the leading edge, in points.
    public var leading: CGFloat
    /// The inset from the bottom, in points.
    public var bottom: CGFloat
    /// The inset from the trailing edge, in points.
    public var trailing: CGFloat
    /// Insets of `top`, `leading`, `bottom` and `trailing` points, each 0 unless given.
    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// The leading or trailing edge (`.swipeActions(edge:)`, `.safeAreaInset(edge: .leading)`).
public enum HorizontalEdge: Hashable, Sendable {
    /// The leading edge or the trailing one.
    case leading, trailing
}

/// The top or bottom edge (`.safeAreaInset(edge: .bottom)`); a set of them says which edges
/// of a list row a separator modifier applies to (a row's separator is drawn below it, so
/// both mean that one).
public enum VerticalEdge: Int8, Hashable, Sendable, CaseIterable {
    /// The top edge or the bottom one.
    case top, bottom

    /// A set of vertical edges (`.listRowSeparator(.hidden, edges: .bottom)`).
    public struct Set: OptionSet, Hashable, Sendable {
        /// The set's bits: 1 for top, 2 for bottom.
        public let rawValue: Int
        /// A set from its `rawValue` bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The top edge.
        public static let top = Set(rawValue: 1)
        /// The bottom edge.
        public static let bottom = Set(rawValue: 2)
        /// Both edges.
        public static let all: Set = [.top, .bottom]
    }
}

/// Axes, for scroll views and `gridCellUnsizedAxes(_:)`.
public enum Axis: Int8, Hashable, Sendable, CaseIterable {
    /// Across (left to right) or up and down.
    case horizontal, vertical

    /// A set of axes (`ScrollView([.horizontal, .vertical])`).
    public struct Set: OptionSet, Hashable, Sendable {
        /// The set's bits: 1 for horizontal, 2 for vertical.
        public let rawValue: Int8
        /// A set from its `rawValue` bits.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The horizontal axis.
        public static let horizontal = Set(rawValue: 1)
        /// The vertical axis.
        public static let vertical = Set(rawValue: 2)
    }
}

/// Text alignment for `multilineTextAlignment(_:)`.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    /// Lines at the leading edge, centred, or at the trailing edge (CSS `text-align`).
    case leading, center, trailing
}

/// How an image fills its frame.
public enum ContentMode: Hashable, Sendable, CaseIterable {
    /// Scaled to fit inside the frame, or to fill it, keeping the aspect ratio (CSS
    /// `object-fit: contain` or `cover`).
    case fit, fill
}

/// CSS length of a point value: `12px`.
func px(_ value: CGFloat) -> String {
    "\(Color.format(Double(value)))px"
}
