/// `ForEach($flights) { $flight in Toggle(flight.number, isOn: $flight.isWatched) }`: a binding
/// to a collection is a collection of bindings to its elements, as in SwiftUI.
///
/// An element's binding follows its element: an `Identifiable` one by its id when the
/// collection moves under it (rows deleted or reordered before a late event arrives), and any
/// element keeps its last value once its place is gone, so a stale binding never traps.
extension Binding: Sequence where Value: MutableCollection & RandomAccessCollection {
    /// A binding to one element.
    public typealias Element = Binding<Value.Element>
    /// Iterates the bindings to the elements by index.
    public typealias Iterator = IndexingIterator<Binding<Value>>
}

extension Binding: Collection where Value: MutableCollection & RandomAccessCollection {
    /// The bound collection's index.
    public typealias Index = Value.Index
    /// The bound collection's indices.
    public typealias Indices = Value.Indices
    /// A slice of the element bindings.
    public typealias SubSequence = Slice<Binding<Value>>

    /// The bound collection's first index, read now.
    public var startIndex: Index { wrappedValue.startIndex }
    /// The bound collection's end index, read now.
    public var endIndex: Index { wrappedValue.endIndex }
    /// The bound collection's indices, read now.
    public var indices: Indices { wrappedValue.indices }
    /// The index after `i` in the bound collection.
    public func index(after i: Index) -> Index { wrappedValue.index(after: i) }

    /// A binding to the element at `position`, which follows an `Identifiable` element by its id when the collection
    /// changes and keeps its last value once the element is gone (writes to a gone element are dropped).
    public subscript(position: Index) -> Binding<Value.Element> {
        let base = self
        let last = LastElement(base.wrappedValue[position])
        let id = elementID(last.value)
        /// Where the element is now: at `position` when it is still there, else found by id.
        func place(in collection: Value) -> Index? {
            if collection.indices.contains(position), id == nil || elementID(collection[position]) == id { return position }
            guard let id else { return nil }
            return collection.indices.first { elementID(collection[$0]) == id }
        }
        return Binding<Value.Element>(
            get: {
                let collection = base.wrappedValue
                if let index = place(in: collection) { last.value = collection[index] }
                return last.value
            },
            set: { newValue in
                last.value = newValue
                var collection = base.wrappedValue
                guard let index = place(in: collection) else { return }
                collection[index] = newValue
                base.wrappedValue = collection
            })
    }
}

extension Binding: BidirectionalCollection where Value: MutableCollection & RandomAccessCollection {
    /// The index before `i` in the bound collection.
    public func index(before i: Index) -> Index { wrappedValue.index(before: i) }
}

extension Binding: RandomAccessCollection where Value: MutableCollection & RandomAccessCollection {}

extension Binding: Identifiable where Value: Identifiable {
    /// The bound element's id, so `ForEach($items)` identifies rows by their elements.
    public var id: Value.ID { wrappedValue.id }
}

private final class LastElement<Element> {
    var value: Element
    init(_ value: Element) { self.value = value }
}

/// An element's id when it is `Identifiable`.
private func elementID<Element>(_ element: Element) -> AnyHashable? {
    guard let identifiable = element as? any Identifiable else { return nil }
    return identity(of: identifiable)
}

private func identity<T: Identifiable>(of element: T) -> AnyHashable { AnyHashable(element.id) }
