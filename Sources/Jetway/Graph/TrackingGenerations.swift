import Observation

/// What lets a view's earlier Observation trackings go when it is evaluated again or leaves.
///
/// `withObservationTracking` installs a registration on every model a view read, and only a
/// change to one of them removes it (a fired tracking cancels all of its registrations); the
/// public API has no other way to cancel. A view evaluated again for another reason (new inputs
/// from its parent, its own `@State`) used to leave its earlier registrations on every model it
/// read, one per evaluation on a model that rarely changes, for as long as the process lived
/// (a kiosk's page, for days), and so did a view that left the page.
///
/// So each tracking of a view that reads models also reads that view's slot here, and the graph
/// advances the slot when the view starts another evaluation or is unmounted: the earlier
/// trackings fire, their handlers find an older evaluation and do nothing, and Observation drops
/// their registrations everywhere. One object per graph; a view's slot is a key path into it,
/// made once (forming a key path with an argument costs thousands of instructions), so a view
/// costs nothing here until it has a tracking to let go. A slot is advanced only while the view
/// has trackings that have not fired (`ViewInstance.outstandingTrackings`): a view evaluated
/// again because a model it read changed has none left, and pays nothing.
///
/// A view gets a slot when its type is known to read models (an instance of it installed a
/// registration before) or its own last evaluation did: a view that reads no model reads no slot,
/// so its evaluations still install nothing.
@MainActor
final class TrackingGenerations: Observable {
    private nonisolated let registrar = ObservationRegistrar()
    @exclusivity(unchecked) private var lastSlot: UInt32 = 0
    /// The view types an instance of which installed a registration (in any graph).
    private static var typesThatTrack = Set<ObjectIdentifier>()
    /// The same for the trackings made as their bodies are walked (`WalkTrackings`).
    private static var typesThatTrackInWalks = Set<ObjectIdentifier>()

    /// The key path each slot's trackings read.
    nonisolated subscript(slot: UInt32) -> UInt32 { slot }

    typealias Slot = KeyPath<TrackingGenerations, UInt32>

    /// A new slot, given once per view instance.
    func newSlot() -> Slot {
        lastSlot &+= 1
        let slot = lastSlot
        return \.[slot]
    }

    func readsModels(_ type: ObjectIdentifier) -> Bool { Self.typesThatTrack.contains(type) }
    func noteReadsModels(_ type: ObjectIdentifier) { Self.typesThatTrack.insert(type) }
    func walksReadModels(_ type: ObjectIdentifier) -> Bool { Self.typesThatTrackInWalks.contains(type) }
    func noteWalksReadModels(_ type: ObjectIdentifier) { Self.typesThatTrackInWalks.insert(type) }

    /// Called inside a tracked evaluation: that tracking now ends at the slot's next advance.
    func read(_ slot: Slot) {
        registrar.access(self, keyPath: slot)
    }

    /// Fires, and so cancels, every tracking that read `slot`.
    func advance(_ slot: Slot) {
        registrar.withMutation(of: self, keyPath: slot) {}
    }
}
