/// The per-identity storage of primitive views (a navigation path, a sheet's state, a link's
/// last node, an environment writer's memo), kept by the view instance whose body holds them.
///
/// Each is one small record in a list of its owner's, in render order, not a view instance of
/// its own: a primitive needs no children, environment or output, and a session's graph holds
/// many (ten in a searchable board's frame, one in each row that is a link). As instances they
/// were 192 bytes each and a slot in their owner's map; as records they are 64. A render
/// finds each where the last one was found (`ViewGraph.storageCursor`), so a long list is not
/// scanned; anything not reached by its owner's render is dropped when the owner is swept.
@MainActor
final class PrimitiveStorage {
    let state: AnyObject
    let key: UInt64
    /// The render pass that last reached it.
    var visitMark: UInt64
    var next: PrimitiveStorage?
    /// Whether `state` is only a `RenderCache` (dropping it changes nothing but speed).
    let isCache: Bool

    init(state: AnyObject, key: UInt64, visitMark: UInt64, next: PrimitiveStorage?) {
        self.state = state
        self.key = key
        self.visitMark = visitMark
        self.next = next
        self.isCache = state is RenderCache
    }
}

extension ViewInstance {
    /// Its primitives' storage records, in render order.
    var storageRecords: UnfoldSequence<PrimitiveStorage, PrimitiveStorage?> {
        sequence(state: storage) { next in
            defer { next = next?.next }
            return next
        }
    }

    /// The record of `key`, searched from the one after `cursor` (where the next one usually
    /// is), then from the start; and the record before it (nil: it is the first).
    func storageRecord(_ key: UInt64, after cursor: PrimitiveStorage?) -> (found: PrimitiveStorage, previous: PrimitiveStorage?)? {
        var previous = cursor
        var record = cursor?.next
        while let current = record {
            if current.key == key { return (current, previous) }
            previous = current
            record = current.next
        }
        previous = nil
        record = storage
        while let current = record, current !== cursor?.next {
            if current.key == key { return (current, previous) }
            previous = current
            record = current.next
        }
        return nil
    }

    /// Adds a record after `previous` (nil: first).
    func insertStorage(_ record: PrimitiveStorage, after previous: PrimitiveStorage?) {
        if let previous {
            record.next = previous.next
            previous.next = record
        } else {
            record.next = storage
            storage = record
        }
    }

    /// Takes out the record after `previous` (nil: the first).
    func removeStorage(after previous: PrimitiveStorage?) {
        if let previous {
            previous.next = previous.next?.next
        } else {
            storage = storage?.next
        }
    }
}
