import JetwayWire

/// Lazy containers (`List`, `LazyVStack`, `LazyHStack`, `LazyVGrid`, `LazyHGrid`) render only
/// the `ForEach` rows in and near what the browser shows, as SwiftUI builds only what is on
/// screen. A `ForEach` directly in one renders a window of its rows between two gaps: elements
/// that take the place of the rows before and after the window (their count times the rows'
/// measured extent), so the scroll bar and the scroll position stay right. The first gap
/// handles `visible`: the runtime reports what part of the rows it shows when the viewport
/// nears the edge of the window, and the window moves, further ahead in the direction of travel
/// (`LazyWindow.report`). The first render, with nothing reported, covers one and a half of a
/// default screen (`LazyWindow.firstCount`), on the server, so a page with scripts off has its
/// first rows too.
struct LazyStack: Equatable {
    enum Kind: Equatable { case list, vertical, horizontal, verticalGrid, horizontalGrid }
    let kind: Kind

    var isHorizontal: Bool { kind == .horizontal || kind == .horizontalGrid }
    /// A gap is a row of the container: an `<li>` in a list.
    var gapTag: String { kind == .list ? "li" : "div" }

    /// Marks a lazy stack's or grid's element: its gaps take back the spacing between rows
    /// (`spacing`, or the stack's default when nil), so a gap is exactly as long as its rows.
    @MainActor
    static func mark(_ node: Node, spacing: CGFloat?) {
        node.addClass(StyleClass.lazyStack)
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
private struct ScrollRequestKey: EnvironmentKey { static let defaultValue: ScrollRequest? = nil }

extension EnvironmentValues {
    /// The lazy container the `ForEach` at this position is directly in (nil inside a row).
    var lazyStack: LazyStack? {
        get { self[LazyStackKey.self] }
        set { self[LazyStackKey.self] = newValue }
    }

    /// What the `ScrollViewReader` above was last asked to show.
    var scrollRequest: ScrollRequest? {
        get { self[ScrollRequestKey.self] }
        set { self[ScrollRequestKey.self] = newValue }
    }
}

extension _RenderContext {
    /// Renders `content` as the rows of a lazy container of `kind`.
    @MainActor
    mutating func enterLazyStack(_ kind: LazyStack.Kind) {
        writeEnvironment { $0.lazyStack = LazyStack(kind: kind) }
    }
}

/// Which of a lazy `ForEach`'s rows are rendered, and how far a row reaches along the
/// container's axis, as the browser last measured it. Kept per `ForEach` (its persistent
/// storage), so each session's page scrolls on its own.
@MainActor
package final class LazyWindow {
    weak var owner: ViewInstance?
    /// The first row of the window (a multiple of `columns`) and how many rows it holds.
    private(set) var first = 0
    private(set) var count = LazyWindow.firstCount
    /// The extent of one line of `columns` rows along the axis, in CSS pixels.
    private(set) var lineExtent = LazyWindow.estimatedExtent
    private(set) var columns = 1
    /// The rows rendered last, and how many the data had.
    private(set) var rendered = 0..<0
    private(set) var total = 0
    /// Where the visible part began at the last report: the direction of travel.
    private var lastTop: Double?
    /// The last `ScrollViewReader` request this window answered.
    var scrollSerial = 0
    /// The rows that left the window holding state (`@State`, an object): kept, not rendered,
    /// while their ids are in the data, as SwiftUI keeps a lazy row's state off screen.
    var keptRows: Set<UInt64> = []
    /// The instance keys of the rows rendered last.
    var windowKeys: [UInt64] = []

    /// A row's extent until the browser measures one: a list row's (`contain-intrinsic-size`).
    package static let estimatedExtent = 44.0
    /// The first window covers one and a half screens of the default size.
    package static let firstCount = Int((GeometryProxy.defaultSize.height * 1.5 / estimatedExtent).rounded(.up))
    /// No report makes a window larger: a browser a thousand rows tall gets them in parts.
    package static let mostRows = 600

    /// The rows to render of `total`: the window, moved back inside the data when the data
    /// shrank (a search), so a page scrolled down shows the end of a shorter list at once.
    func window(total: Int) -> Range<Int> {
        self.total = total
        var lower = min(first, max(0, total - count))
        lower -= lower % columns
        first = lower
        rendered = lower..<min(total, lower + count)
        return rendered
    }

    /// Centres the window on row `index` (a `scrollTo` target).
    func reveal(_ index: Int) {
        var lower = max(0, index - count / 2)
        lower -= lower % columns
        first = lower
    }

    /// Lines of `columns` rows that `rows` rows fill.
    private func lines(_ rows: Int) -> Int { (rows + columns - 1) / columns }

    /// The extent of the gap before the window, and of the one after it.
    var extentBefore: Double { Double(lines(rendered.lowerBound)) * lineExtent }
    var extentAfter: Double { Double(lines(total) - lines(rendered.upperBound)) * lineExtent }

    /// The browser shows the rows' part from `top` to `bottom` (CSS pixels along the axis, from
    /// the start of the first gap); the rendered rows reach `span`, `columns` to a line. Moves
    /// the window to what is shown: half a screen behind, two ahead in the direction of
    /// travel. True when the window moved.
    func report(top: Double, bottom: Double, span: Double, columns reported: Int) -> Bool {
        let previousFirst = first, previousCount = count
        let renderedLines = lines(rendered.count)
        let beforeExtent = extentBefore
        if reported != columns {
            columns = reported
        } else if renderedLines > 0, span > 0 {
            lineExtent = min(max(span / Double(renderedLines), 1), 100_000)
        }
        func index(at offset: Double) -> Int {
            if offset < beforeExtent { return Int(max(0, offset) / lineExtent) * columns }
            if offset < beforeExtent + span, !rendered.isEmpty {
                return rendered.lowerBound + Int((offset - beforeExtent) / span * Double(rendered.count))
            }
            let past = offset - beforeExtent - span
            return rendered.upperBound + Int(min(past / lineExtent, Double(total))) * columns
        }
        let shownFirst = min(max(index(at: top), 0), total)
        let shownEnd = min(max(index(at: bottom) + 1, shownFirst), total)
        let screenLines = max(1, (bottom - top) / lineExtent)
        let ahead = Int((screenLines * 2).rounded(.up)) * columns
        let behind = Int((screenLines / 2).rounded(.up)) * columns
        let travel = lastTop.map { top - $0 } ?? 0
        lastTop = top
        var lower: Int, upper: Int
        if travel > 0 {
            lower = shownFirst - behind
            upper = shownEnd + ahead
        } else if travel < 0 {
            lower = shownFirst - ahead
            upper = shownEnd + behind
        } else {
            lower = shownFirst - (ahead + behind) / 2
            upper = shownEnd + (ahead + behind) / 2
        }
        lower = max(0, lower)
        lower -= lower % columns
        upper = min(max(upper, lower + columns), lower + Self.mostRows)
        first = lower
        count = upper - lower
        return first != previousFirst || count != previousCount
    }

    /// The `visible` report's numbers: `[top, bottom, rendered, columns]`, checked.
    func report(_ payload: EventPayload) throws -> Bool {
        guard case .numbers(let values) = payload, values.count == 4 else {
            throw JetwayError.wrongPayload(expected: "[top, bottom, rendered, columns]", got: payload.kindName)
        }
        guard values.allSatisfy({ $0.isFinite && abs($0) <= 100_000_000 }), values[0] <= values[1], values[2] >= 0,
            values[3] >= 1, values[3] <= 1000, values[3].rounded() == values[3]
        else {
            throw JetwayError.wrongPayload(
                expected: "finite offsets within 100,000,000 px, top before bottom, and 1 to 1,000 columns", got: "\(values)")
        }
        return report(top: values[0], bottom: values[1], span: values[2], columns: Int(values[3]))
    }
}

extension LazyWindow {
    /// The gap before the window (`before`) or after it: an element as long as the rows it
    /// stands for. The first carries the window's `visible` handler.
    func gap(before: Bool, _ stack: LazyStack, _ context: _RenderContext) -> Node {
        let node = Node(stack.gapTag, key: context.branch(before ? 0x6761_7062 : 0x6761_7061).elementKey)
        node.setAttribute("class", Self.classes(before: before, horizontal: stack.isHorizontal))
        node.setAttribute("aria-hidden", "true")
        let extent = before ? extentBefore : extentAfter
        if extent == 0 { node.addClass(StyleClass.lazyEmpty) }
        node.addStyle("\(stack.isHorizontal ? "width" : "height"):\(px(CGFloat(extent.rounded())))")
        if before {
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
    /// Keeps the rows that left `window` with state in them mounted (not rendered) while their
    /// ids stay in the data; the rows it rendered this time are `renderedKeys`. A row's key is
    /// `rowKey(index)`, for each row outside the window.
    func keepStatefulRows(
        of window: LazyWindow, owner: ViewInstance, renderedKeys: [UInt64], outside: [Range<Int>], rowKey: (Int) -> UInt64
    ) {
        if !window.windowKeys.isEmpty {
            let now = Set(renderedKeys)
            for key in window.windowKeys where !now.contains(key) {
                if let row = owner.children[key], row.isMounted, !Self.isStateless(row) { window.keptRows.insert(key) }
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
