import JetwayWire

/// Lazy containers (`List`, `LazyVStack`, `LazyHStack`, `LazyVGrid`, `LazyHGrid`) render only
/// the `ForEach` rows in and near what the browser shows, as SwiftUI builds only what is on
/// screen. A `ForEach` directly in one renders a window of its rows between two gaps: elements
/// that take the place of the rows before and after the window (the runtime makes each as
/// long as its rows, by the rows it measured), so the scroll bar and the scroll position stay
/// right. The first gap handles `visible`: the runtime reports which rows it shows when they
/// come near the edge of the window, and the window moves, further ahead in the direction of
/// travel (`LazyWindow.report`). The first render covers a screen and a quarter of the window
/// height the browser last reported, else of a default screen (`LazyWindow.firstCount`), on the
/// server, so a page with scripts off has its first rows too.
struct LazyStack: Equatable {
    enum Kind: Equatable { case list, vertical, horizontal, verticalGrid, horizontalGrid }
    let kind: Kind
    /// The container element's classes and style (a stack's alignment and spacing, a grid's
    /// tracks): a `Section` in it lays its rows out the same way, in a window of their own.
    var classes: String? = nil
    var style: String? = nil

    var isHorizontal: Bool { kind == .horizontal || kind == .horizontalGrid }
    /// A gap is a row of the container: an `<li>` in a list.
    var gapTag: String { kind == .list ? "li" : "div" }

    /// A lazy stack's or grid's rows tell screen readers their place in the whole data while
    /// the window holds only some of them, as a `List`'s items do: the element is a list
    /// (`role`), each row that is one element an item with `aria-posinset` and `aria-setsize`
    /// (a frozen node is copied). A row of several elements says nothing (two places for one
    /// row would be wrong).
    @MainActor
    static func tellPlaces(of rows: inout [Node], _ positions: [RowPosition?]?, in node: Node) {
        guard let positions, positions.contains(where: { $0 != nil }) else { return }
        node.setAttribute("role", "list")
        var elements: [Int: Int] = [:]
        for position in positions { if let position { elements[position.index, default: 0] += 1 } }
        for index in rows.indices {
            guard let position = positions[index], elements[position.index] == 1 else { continue }
            let row = rows[index].isFrozen ? rows[index].copy() : rows[index]
            row.setAttribute("role", "listitem")
            row.setAttribute("aria-posinset", String(position.index + 1))
            row.setAttribute("aria-setsize", String(position.total))
            rows[index] = row
        }
    }

    /// Marks a lazy stack's or grid's element: its gaps take back the spacing between rows
    /// (`spacing`, or the stack's default when nil), so a gap is exactly as long as its rows;
    /// its sections' headers or footers stay in view while their rows scroll by (`pins`).
    @MainActor
    static func mark(_ node: Node, spacing: CGFloat?, pins: PinnedScrollableViews = []) {
        node.keepsRemovedByDigest = true
        node.addClass(StyleClass.lazyStack)
        if pins.contains(.sectionHeaders) { node.addClass(StyleClass.pinsHeaders) }
        if pins.contains(.sectionFooters) { node.addClass(StyleClass.pinsFooters) }
        if let spacing { node.addStyle("\(StyleVariable.lazySpacing):\(px(spacing))") }
    }
}

/// A `ScrollViewReader`'s last request, seen by the lazy rows below it: a row outside the
/// window that is asked for moves the window to it.
struct ScrollRequest: Equatable {
    let serial: Int
    let target: String
}

private struct LazyStackKey: EnvironmentKey { static let defaultValue: LazyStack? = nil }
private struct LazySectionsKey: EnvironmentKey { static let defaultValue: LazyStack? = nil }
private struct ScrollRequestKey: EnvironmentKey { static let defaultValue: ScrollRequest? = nil }

extension EnvironmentValues {
    /// The lazy container the `ForEach` at this position is directly in (nil inside a row).
    var lazyStack: LazyStack? {
        get { self[LazyStackKey.self] }
        set { self[LazyStackKey.self] = newValue }
    }

    /// The lazy stack or grid a `Section` at this position is a group of, whose rows it lays
    /// out in a window of their own: directly in the container, or as a row of its `ForEach`
    /// (nil inside an element of its own, as `lazyStack`; a `List`'s sections are told by
    /// `sectionsAreListRows`).
    var lazySections: LazyStack? {
        get { self[LazySectionsKey.self] }
        set { self[LazySectionsKey.self] = newValue }
    }

    /// What the `ScrollViewReader` above was last asked to show.
    var scrollRequest: ScrollRequest? {
        get { self[ScrollRequestKey.self] }
        set { self[ScrollRequestKey.self] = newValue }
    }
}

/// Which of a lazy `ForEach`'s rows are rendered. Kept per `ForEach` (its persistent storage),
/// so each session's page scrolls on its own. The server thinks in rows; the browser, which
/// alone knows how long a row is, turns pixels into rows (features/lazy.js) and sizes the gaps.
@MainActor
package final class LazyWindow {
    weak var owner: ViewInstance?
    /// The first row of the window (a multiple of `columns`) and how many rows it holds.
    private(set) var first = 0
    private(set) var count: Int
    /// Rows to a line, as the browser last reported (a grid's columns).
    private(set) var columns = 1
    /// The rows rendered last, and how many the data had.
    private(set) var rendered = 0..<0
    private(set) var total = 0
    /// The first row shown at the last report: the direction of travel.
    private var lastShown: Int?
    /// The last `ScrollViewReader` request this window answered.
    var scrollSerial = 0
    /// The row an address's link was last looked for in (`ViewGraph.revealing`).
    var revealed: UInt64?
    /// The rows that left the window holding state (`@State`, an object): kept, not rendered,
    /// while their ids are in the data, as SwiftUI keeps a lazy row's state off screen.
    var keptRows: Set<UInt64> = []
    /// The instance keys of the rows rendered last.
    var windowKeys: [UInt64] = []
    /// The most rows with state kept off screen; past it, a row that leaves loses its state.
    static let mostKeptRows = 256

    /// A row's length until the browser measures one (a list row's `contain-intrinsic-size`):
    /// the gaps of a page with scripts off, or before the runtime runs.
    package static let estimatedExtent = 44.0
    /// The first window covers a screen and a quarter of rows of the estimated length: of the
    /// window's height as the browser last reported it (`RequestContext.reportedViewport`),
    /// else of the default size's. A page whose rows are that long or longer shows no blank
    /// row and asks for none before it scrolls.
    package static func firstCount(screen: CGSize?) -> Int {
        let height = min(max(screen?.height ?? GeometryProxy.defaultSize.height, 256), 4096)
        return Int((height * 1.25 / estimatedExtent).rounded(.up))
    }
    /// With no report: 24 rows.
    package static let firstCount = firstCount(screen: nil)

    init(screen: CGSize?, scrollSerial: Int = 0) {
        count = Self.firstCount(screen: screen)
        self.scrollSerial = scrollSerial
    }
    /// No report makes a window larger: a browser a thousand rows tall gets them in parts.
    package static let mostRows = 600

    /// The rows to render of `total`: the window, moved back inside the data when the data
    /// shrank (a search), so a page scrolled down shows the end of a shorter list at once.
    func window(total: Int) -> Range<Int> {
        self.total = total
        let atEnd = first >= max(0, total - count)
        var lower = min(first, max(0, total - count))
        lower -= lower % columns
        first = lower
        // At the end, to the end: a line's start is at or before the clamped start.
        rendered = lower..<(atEnd ? total : min(total, lower + count))
        return rendered
    }

    /// Moves the window where `other`'s is (`ViewGraph.takeState(of:)`).
    func take(_ other: LazyWindow) {
        (first, count, columns, lastShown) = (other.first, other.count, other.columns, other.lastShown)
    }

    /// Centres the window on row `index` (a `scrollTo` target).
    func reveal(_ index: Int) {
        var lower = max(0, index - count / 2)
        lower -= lower % columns
        first = lower
    }

    /// The browser shows rows `shown` (`columns` to a line). Moves the window there: a
    /// screen behind, two ahead in the direction of travel (the runtime asks again when what
    /// it shows comes within half a screen of the window's edge). True when it moved.
    func report(shown: Range<Int>, columns reported: Int) -> Bool {
        let previous = (first, count)
        columns = reported
        let screen = max(shown.count, columns)
        let travel = lastShown.map { shown.lowerBound - $0 } ?? 0
        lastShown = shown.lowerBound
        var (behind, ahead) = travel > 0 ? (screen, 2 * screen) : travel < 0 ? (2 * screen, screen) : (3 * screen / 2, 3 * screen / 2)
        // Within `mostRows`, the rows shown first, then what is ahead and behind in proportion.
        let room = max(0, Self.mostRows - shown.count)
        if behind + ahead > room {
            behind = room * behind / (behind + ahead)
            ahead = room - behind
        }
        var lower = max(0, shown.lowerBound - behind)
        lower -= lower % columns
        let upper = max(min(shown.upperBound + ahead, lower + Self.mostRows), lower + columns)
        first = lower
        count = upper - lower
        return (first, count) != previous
    }

    /// The `visible` report's numbers, checked: `[first, end, columns, window]`, the rows shown
    /// (the first, and one past the last), the rows to a line, and where the window the browser
    /// had began. A report made before the browser had the current window (a `scrollTo`'s jump
    /// on its way while the page scrolled) is stale: it is answered and changes nothing, and the
    /// browser reports again from the window it now has.
    func report(_ payload: EventPayload) throws -> Bool {
        guard case .numbers(let values) = payload, values.count == 4 else {
            throw JetwayError.wrongPayload(expected: "[first, end, columns, window]", got: payload.kindName)
        }
        guard values.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1_000_000_000 && $0.rounded() == $0 }), values[0] <= values[1],
            values[2] >= 1, values[2] <= 1000
        else {
            throw JetwayError.wrongPayload(
                expected: "whole rows from 0 to 1,000,000,000, the first not past the end, and 1 to 1,000 columns", got: "\(values)")
        }
        guard Int(values[3]) == rendered.lowerBound else { return false }
        return report(shown: Int(values[0])..<Int(values[1]), columns: Int(values[2]))
    }
}

extension LazyWindow {
    /// The gap before the window (`before`) or after it: an element that stands for its rows
    /// (`data-rows`), as long as they are estimated to be until the runtime sizes it by the
    /// rows it measured. The first also says how many rows the window holds (`data-window`)
    /// and carries the window's `visible` handler.
    func gap(before: Bool, _ stack: LazyStack, _ context: _RenderContext) -> Node {
        let node = Node(stack.gapTag, key: context.branch(before ? 0x6761_7062 : 0x6761_7061).elementKey)
        node.setAttribute("class", Self.classes(before: before, horizontal: stack.isHorizontal))
        node.setAttribute("aria-hidden", "true")
        let rows = before ? rendered.lowerBound : total - rendered.upperBound
        node.setAttribute(RuntimeContract.Attribute.lazyRows, String(rows))
        if rows == 0 { node.addClass(StyleClass.lazyEmpty) }
        let lines = (rows + columns - 1) / columns
        node.addStyle("\(stack.isHorizontal ? "width" : "height"):\(px(CGFloat(Double(lines) * Self.estimatedExtent)))")
        if before {
            node.setAttribute(RuntimeContract.Attribute.lazyWindow, String(rendered.count))
            node.addHandler(
                EventBinding(event: .visible) { [weak self] payload in
                    guard let self else { return }
                    if try self.report(payload) { self.owner?.invalidate() }
                })
        }
        return node
    }
    private static let beforeClasses = RuntimeContract.Class.lazyGap
    private static let afterClasses = "\(RuntimeContract.Class.lazyGap) \(RuntimeContract.Class.lazyEnd)"
    private static let beforeAcrossClasses = "\(RuntimeContract.Class.lazyGap) \(RuntimeContract.Class.lazyAcross)"
    private static let afterAcrossClasses =
        "\(RuntimeContract.Class.lazyGap) \(RuntimeContract.Class.lazyEnd) \(RuntimeContract.Class.lazyAcross)"

    private static func classes(before: Bool, horizontal: Bool) -> String {
        switch (before, horizontal) {
        case (true, false): beforeClasses
        case (false, false): afterClasses
        case (true, true): beforeAcrossClasses
        case (false, true): afterAcrossClasses
        }
    }
}

extension ViewGraph {
    /// Whether `instance` or a view below it holds `@State` (or `@StateObject`): what a row
    /// keeps off screen. A row with only lifecycle hooks (`.onAppear`, `.task`) is let go, so
    /// they end as in SwiftUI, and the window's own bookkeeping is not state.
    static func holdsState(_ instance: ViewInstance) -> Bool {
        if !instance.slots.isEmpty { return true }
        for child in instance.children.allValues where child.isMounted && holdsState(child) { return true }
        return false
    }

    /// Keeps the rows that left `window` with state in them mounted (not rendered) while their
    /// ids stay in the data; the rows it rendered this time are `renderedKeys`. A row's key is
    /// `rowKey(index)`, for each row outside the window.
    func keepStatefulRows(
        of window: LazyWindow, owner: ViewInstance, renderedKeys: [UInt64], outside: [Range<Int>], rowKey: (Int) -> UInt64
    ) {
        if !window.windowKeys.isEmpty {
            let now = Set(renderedKeys)
            for key in window.windowKeys where !now.contains(key) && window.keptRows.count < LazyWindow.mostKeptRows {
                if let row = owner.children[key], row.isMounted, Self.holdsState(row) { window.keptRows.insert(key) }
            }
        }
        window.windowKeys = renderedKeys
        guard !window.keptRows.isEmpty else { return }
        var kept: Set<UInt64> = []
        for range in outside {
            for index in range {
                let key = rowKey(index)
                guard window.keptRows.contains(key), let row = owner.children[key], row.isMounted else { continue }
                if row.visitMark != pass {
                    row.visitMark = pass
                    owner.visitedChildren += 1
                }
                kept.insert(key)
            }
        }
        window.keptRows = kept
    }
}
