/// Entries in the order they were added, oldest first: what a cache of removed things evicts
/// first (the live tree's kept elements, an instance's departed children).
///
/// An array and the index of its oldest entry still in the queue. The taken prefix is dropped
/// once it is as long as what is left, so the array holds at most about twice the entries
/// still queued: a cache that keeps a hundred rows all week holds a queue of a few hundred,
/// not the thousands it has seen go. (Dropping the prefix only after 4,096 taken entries made
/// every board's two queues 8,192 entries long by the middle of a simulated week: 30 MB over
/// a hundred boards.)
struct EvictionQueue<Entry> {
    private var entries: [Entry] = []
    private var start = 0

    /// The entries still queued.
    var count: Int { entries.count - start }
    var isEmpty: Bool { start == entries.count }
    /// How many entries the backing array has room for (for tests of the bound).
    var capacity: Int { entries.capacity }

    mutating func append(_ entry: Entry) {
        entries.append(entry)
    }

    /// Takes the oldest entry.
    mutating func popFirst() -> Entry? {
        guard start < entries.count else { return nil }
        let entry = entries[start]
        start += 1
        if start == entries.count {
            entries.removeAll(keepingCapacity: entries.capacity <= 64)
            start = 0
        } else if start >= 32 && start * 2 >= entries.count {
            entries = Array(entries[start...])
            start = 0
        }
        return entry
    }

    /// Keeps, in order, only the entries `isCurrent` accepts, when more than `current * 2 + 64`
    /// are queued: entries whose thing came back are left behind, and a list a search hides
    /// and restores all day must not grow the queue forever.
    mutating func dropStale(whenMoreThanTwice current: Int, isCurrent: (Entry) -> Bool) {
        guard count > 2 * current + 64 else { return }
        entries = entries[start...].filter(isCurrent)
        start = 0
    }

    mutating func removeAll() {
        entries = []
        start = 0
    }
}
