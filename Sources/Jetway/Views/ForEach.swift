/// Views for each element of a collection, identified by the element's id: rows keep their
/// state and their place in the page as the data is filtered, sorted or edited.
///
/// ```swift
/// ForEach(flights) { flight in FlightRow(flight: flight) }
/// ForEach(names, id: \.self) { Text($0) }
/// ForEach(0..<columns) { column in Text("\(column)") }
/// ```
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    /// The collection whose elements make the views.
    public var data: Data
    /// Each element's identity: the key path's value (a direct `id` read for `Identifiable`
    /// elements, which spares a key-path application per row and render).
    package let identify: (Data.Element) -> ID
    /// Makes the view (or content) for one element.
    public var content: (Data.Element) -> Content
    /// iOS 16's `editActions:`: the rows deletable and movable, edited in the bound collection.
    var edits: [OnDeleteModifier.Edit] = []

    /// Views for each element of `data`, identified by the element's `id` key path (`\.self` for
    /// hashable values).
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
    where Content: View {
        self.init(data, identify: { $0[keyPath: id] }, content: content)
    }

    /// Content of another kind for each element (Swift Charts' marks, `JetwayCharts`): the
    /// module that defines the kind offers the initialisers with its builder.
    public init(_ data: Data, identify: @escaping (Data.Element) -> ID, content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.identify = identify
        self.content = content
    }
}

extension ForEach: View, _PrimitiveView where Content: View {

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        if !view.edits.isEmpty {
            // As `.onDelete { }.onMove { }` around it.
            var plain = view
            plain.edits = []
            let inner = ModifiedContent(content: plain, modifier: OnDeleteModifier(edit: view.edits[0]))
            if view.edits.count > 1 {
                let outer = ModifiedContent(content: inner, modifier: OnDeleteModifier(edit: view.edits[1]))
                ModifiedContent<ModifiedContent<Self, OnDeleteModifier>, OnDeleteModifier>._render(outer, context, &out)
            } else {
                ModifiedContent<Self, OnDeleteModifier>._render(inner, context, &out)
            }
            return
        }
        // The closures taken out first: read inside the loop, each access to a field of this
        // generic struct would look its metadata up again, once per row.
        let identify = view.identify
        let content = view.content
        let data = view.data
        let builder = RowBuilder(content, plainElements: context.graph.isPlainValue(Data.Element.self))
        // In a lazy container, only a window of the rows (`LazyRows`).
        if let stack = context.environment.lazyStack {
            renderWindow(data, identify, builder, stack, context, &out)
            return
        }
        // The elements and their ids are read inside the owner's tracking scope (a collection
        // may be computed from observed state); each row's builder and views then run outside
        // it, tracked by the row's own instance (`ViewGraph.renderRow`).
        let (elements, ids) = context.track { elementsAndIDs(data, data.startIndex..<data.endIndex, identify) }
        let offsets = context.environment.rowOffsets.flatMap { $0.claim(total: ids.count, rendered: ids.count) ? $0 : nil }
        renderRows(elements, ids, 0, offsets, builder, context, &out)
    }

    /// The elements of `data` in `indices`, and their ids.
    private static func elementsAndIDs(_ data: Data, _ indices: Range<Data.Index>, _ identify: (Data.Element) -> ID) -> (
        [Data.Element], [ID]
    ) {
        let elements = Array(data[indices])
        // Read in place (a buffer's element is borrowed): an element handed on by value would
        // be copied, a retain for each of its references, per row and render.
        let ids = elements.withUnsafeBufferPointer { buffer in
            var ids: [ID] = []
            ids.reserveCapacity(buffer.count)
            for index in buffer.indices { ids.append(identify(buffer[index])) }
            return ids
        }
        return (elements, ids)
    }

    /// A lazy container's rows: the window's elements only are read and rendered (a list of
    /// 100,000 costs a keystroke what its window costs, beside the app's own filtering), between
    /// the gaps that stand for the rest. The ids of all rows are read only to find a
    /// `scrollTo`'s row and to keep rows with state.
    @MainActor
    private static func renderWindow(
        _ data: Data, _ identify: @escaping (Data.Element) -> ID, _ builder: RowBuilder<Data.Element, Content>, _ stack: LazyStack,
        _ context: _RenderContext, _ out: inout [Node]
    ) {
        let window = context.persistent(LazyWindow.self) {
            // A request made before this list was there is not for it.
            LazyWindow(screen: context.environment.request.reportedViewport, scrollSerial: context.environment.scrollRequest?.serial ?? 0)
        }

        window.owner = context.owner
        if !context.owner.ownsLazyWindow { context.owner.ownsLazyWindow = true }
        let total = context.track { data.count }
        let id = { (offset: Int) in identify(data[data.index(data.startIndex, offsetBy: offset)]) }
        // A page opened at the address of a link in a row far down finds the row (its key is in
        // the address) and moves the window to it (`ViewGraph.openNavigation`).
        if let rowKey = context.graph.revealing, window.revealed != rowKey {
            window.revealed = rowKey
            var rows = context
            rows.writeEnvironment {
                $0.lazyStack = nil
                $0.rowOffsets = nil
            }
            if let index = context.track({ (0..<total).first { rows.explicit(id($0)).pathKey == rowKey } }) { window.reveal(index) }
        }
        if let request = context.environment.scrollRequest, request.serial != window.scrollSerial {
            window.scrollSerial = request.serial
            if let index = context.track({ (0..<total).first { ScrollTargets.name(of: id($0)) == request.target } }) {
                window.reveal(index)
            }
        }
        let range = window.window(total: total)
        let indices = data.index(data.startIndex, offsetBy: range.lowerBound)..<data.index(data.startIndex, offsetBy: range.upperBound)
        let (elements, ids) = context.track { elementsAndIDs(data, indices, identify) }
        // A row's own views are not the container's rows (a `ForEach` of tags in a row is whole).
        var rows = context
        rows.writeEnvironment {
            $0.lazyStack = nil
            $0.rowOffsets = nil
        }
        let offsets = context.environment.rowOffsets.flatMap { $0.claim(total: total, rendered: range.count) ? $0 : nil }
        out.append(window.gap(before: true, stack, context))
        renderRows(elements, ids, range.lowerBound, offsets, builder, rows, &out, lazy: true)
        out.append(window.gap(before: false, stack, context))
        let typeKey = UInt64(UInt(bitPattern: builder.typeID))
        let key = { (id: ID) in IdentityHash.mix(rows.explicit(id).identityKey, typeKey) }
        context.graph.keepStatefulRows(
            of: window, owner: context.owner, renderedKeys: ids.map(key), outside: [0..<range.lowerBound, range.upperBound..<total],
            rowKey: { key(id($0)) })
    }

    @MainActor
    /// Renders `elements` (with `ids`), the rows from data offset `offset`, noting each row's
    /// nodes in `offsets`.
    private static func renderRows(
        _ elements: [Data.Element], _ ids: [ID], _ offset: Int, _ offsets: RowOffsets?, _ builder: RowBuilder<Data.Element, Content>,
        _ context: _RenderContext, _ out: inout [Node], lazy: Bool = false
    ) {
        out.reserveCapacity(out.count + elements.count)
        elements.withUnsafeBufferPointer { elements in
            for index in elements.indices {
                let identity = ids[index]
                let first = out.count
                defer { offsets?.record(offset + index, nodes: out[first...]) }
                var rowContext = context.explicit(identity).rebuilt()
                // A link in a lazy list's row says which row it is in (`NavigationState.hints`).
                rowContext.rowKey = lazy ? rowContext.pathKey : nil
                context.graph.renderRow(elements[index], builder, rowContext, &out) { row, context, out in
                    let start = out.count
                    Content._render(row, context, &out)
                    if context.environment.marksScrollTargets { ScrollTargets.mark(&out, from: start, id: identity, context) }
                    if context.environment.collectsTags {
                        for index in start..<out.count where out[index].tagValue == nil {
                            let node = out[index].isFrozen ? out[index].copy() : out[index]
                            node.tagValue = AnyHashable(identity)
                            out[index] = node
                        }
                    }
                }
            }
        }
    }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable, Content: View {
    /// Views for each element of `data`, identified by its `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, identify: { $0.id }, content: content)
    }
}

/// Which edits a `ForEach` over a binding lets the visitor make (`ForEach($items, editActions: .all)`).
public struct EditActions<Data>: OptionSet, Sendable {
    /// The option bits.
    public let rawValue: Int
    /// The actions whose bits `rawValue` sets.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Rows may be dragged to another place, as with `.onMove`.
    public static var move: Self { Self(rawValue: 1) }
    /// Rows may be deleted, as with `.onDelete`.
    public static var delete: Self { Self(rawValue: 2) }
    /// Rows may be moved and deleted.
    public static var all: Self { [.move, .delete] }
}

extension ForEach where Content: View {
    /// Rows of the bound collection's elements that the visitor may delete and move (as
    /// `.onDelete` and `.onMove` do), the collection edited in place.
    public init<C: MutableCollection & RandomAccessCollection & RangeReplaceableCollection>(
        _ data: Binding<C>, id: KeyPath<C.Element, ID>, editActions: EditActions<C>,
        @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    ) where Data == Binding<C>, C.Index == Int {
        self.init(data, identify: { $0.wrappedValue[keyPath: id] }, content: content)
        edits = Self.edits(editActions, data)
    }

    /// Rows of the bound collection's `Identifiable` elements that the visitor may delete and move, the
    /// collection edited in place.
    public init<C: MutableCollection & RandomAccessCollection & RangeReplaceableCollection>(
        _ data: Binding<C>, editActions: EditActions<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    ) where Data == Binding<C>, C.Element: Identifiable, ID == C.Element.ID, C.Index == Int {
        self.init(data, identify: { $0.wrappedValue.id }, content: content)
        edits = Self.edits(editActions, data)
    }

    static func edits<C: MutableCollection & RandomAccessCollection & RangeReplaceableCollection>(
        _ actions: EditActions<C>, _ data: Binding<C>
    ) -> [OnDeleteModifier.Edit] where C.Index == Int {
        nonisolated(unsafe) let data = data
        var edits: [OnDeleteModifier.Edit] = []
        if actions.contains(.move) {
            edits.append(.move { source, destination in data.wrappedValue.move(fromOffsets: source, toOffset: destination) })
        }
        if actions.contains(.delete) { edits.append(.delete { offsets in data.wrappedValue.remove(atOffsets: offsets) }) }
        return edits
    }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    /// Views for a range of integers, identified by the integer.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

extension ForEach where Data == ClosedRange<Int>, ID == Int, Content: View {
    /// Views for a closed range of integers, identified by the integer.
    public init(_ data: ClosedRange<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

private struct CollectsTagsKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// Set inside a `Picker`: rows take their `ForEach` id as their tag.
    var collectsTags: Bool {
        get { self[CollectsTagsKey.self] }
        set { self[CollectsTagsKey.self] = newValue }
    }
}
