import Foundation
import Jetway

/// One open page: its browser connection and the rendering it shows, which it may share with
/// other sessions of the same page (see `RenderGroup`).
@MainActor
final class LiveSession {
    let id: String
    /// Its key in `MainActorShares`, made once.
    private(set) lazy var shareKey = MainActorShares.sessionKey(id)
    let match: RouteMatch
    /// What the page's request said: its URL, device and signed-in user (the views'
    /// `\.request`), and the sign-in it belongs to (a sign-out reloads the page). Its time
    /// zone changes when the browser reports another (`SessionManager.changeTimeZone`).
    var context: RequestContext
    let signInID: String?
    /// The rendering this page shows; replaced by one of its own before its first event.
    var group: RenderGroup {
        didSet { stateHashedAt = nil }
    }
    let createdAt: Date
    /// When the token the page holds was issued: renewed past half its lifetime.
    var tokenIssuedAt: Date
    var connection: Connection?
    var detachedSince: Date?
    var needsResync = false
    /// The client address that opened the page (for the per-address limit).
    var address: String?
    /// The memory this page is counted for against its address's budget (`PageMemory`).
    var memoryCharge = 0
    private(set) var joinCount = 0
    /// The highest event ref this page has had answered (handled, or refused with an error):
    /// said again when it joins (`joined`, `sync`), so that a page whose answers were lost with
    /// its connection knows which of its events arrived, and sends again only the others.
    var lastRef = 0
    /// When its last event came (`SessionManager.shareAgain(now:)` waits for a quiet page).
    var lastEventAt: Date?
    /// The shared rendering it left for a rendering of its own (it may share it again).
    private(set) weak var leftRendering: RenderGroup?

    /// Records that it left `group` (nil: it left none, or came back), keeping the groups'
    /// counts of the sessions that left them. Returns the one it had left before.
    @discardableResult
    func left(_ group: RenderGroup?) -> RenderGroup? {
        let before = leftRendering
        before?.sessionsThatLeft -= 1
        leftRendering = group
        group?.sessionsThatLeft += 1
        return before
    }

    /// How many whole pages (`sync`) it was sent: each carries its serial, and the runtime
    /// answers `synced` with it once it has morphed the page in.
    private(set) var pagesSent = 0

    /// Set when it moved to a rendering whose element ids differ from its page's: each element
    /// id of the page it had, mapped to the id of the element in the same place of the new one,
    /// and the serial of the page sent then. Until the browser says it has that page or a later
    /// one (`synced`), its events name the page it had, so they are read through the map and
    /// reach the elements they were for (an id the map does not hold is an element that had
    /// left). When which page its events name cannot be told (`unsure`: a new connection after
    /// a move, a page rendered afresh with other ids), they are answered as if their elements
    /// had left until it says it has the newest page it was sent.
    private(set) var earlierIDs: (page: Int, ids: [NodeID: NodeID], unsure: Bool)?

    /// Records a move to a rendering whose page names elements otherwise (`ids`: every element
    /// id of the page it had, old → new), just sent whole.
    func movedPage(ids: [NodeID: NodeID]) {
        earlierIDs = (pagesSent, ids, false)
    }

    /// The page just sent whole names its elements otherwise than the one the browser had, in
    /// a way no map says (rendered afresh): its events are not read until it has that page.
    func sentPageWithOtherIDs() {
        earlierIDs = (pagesSent, [:], true)
    }

    /// Whether the browser may still name the elements of a page it had before a move.
    var awaitsSync: Bool { earlierIDs != nil }

    /// The id an event names, as this rendering knows it; nil when it cannot be told (an
    /// element of the page before a move, on a new connection), answered as one a patch
    /// removed.
    func currentID(_ id: NodeID) -> NodeID? {
        guard let earlierIDs else { return id }
        if earlierIDs.unsure { return nil }
        return earlierIDs.ids[id]
    }

    /// The browser has morphed in the `page`th whole page it was sent.
    func synced(_ page: Int) {
        if let earlierIDs, page >= earlierIDs.page { self.earlierIDs = nil }
    }

    /// How many times it went back to sharing a rendering (each time it waits longer).
    var timesSharedAgain = 0
    /// The versions of its rendering and the shared one when `shareAgain` last compared them.
    var stateCheckedAt: (UInt64, UInt64)?
    /// The version of its rendering when `shareAgain` last looked for another in its state
    /// (forgotten when it moves to another rendering).
    var stateHashedAt: UInt64?
    /// Joins of this page, over every connection: each may send the whole page.
    let fullPages = TokenBucket(rate: 0.1, burst: 6)
    unowned let manager: SessionManager

    var graph: ViewGraph { group.graph }
    var shortID: String { String(id.prefix(8)) }

    init(id: String, match: RouteMatch, context: RequestContext, signInID: String?, group: RenderGroup, manager: SessionManager) {
        self.id = id
        self.match = match
        self.context = context
        self.signInID = signInID
        self.group = group
        self.manager = manager
        createdAt = manager.now()
        tokenIssuedAt = createdAt
        group.add(self)
    }

    func attach(_ connection: Connection) {
        self.connection = connection
        // Which page the browser shows is not known until it answers the page its join is sent.
        if let earlierIDs { self.earlierIDs = (earlierIDs.page, [:], true) }
        detachedSince = nil
        joinCount += 1
    }

    /// Queues one encoded patch for the browser. Returns whether the connection was sent
    /// something that needs a wake-up of the service thread.
    func deliver(_ bytes: [UInt8]) -> Bool {
        // No socket, or one the service thread has closed and the drain has not yet reported:
        // the session is detached; the patch is in the history for a resume.
        guard let connection, !connection.isClosed else { return false }
        if connection.takeOverflow() || (!bytes.isEmpty && !connection.send(bytes)) {
            manager.resync(self)
            return false
        }
        return !bytes.isEmpty
    }

    /// The whole page in one message, for a client that missed patches or a re-mounted page.
    /// The client forgets the elements it kept: a graph of its own forgets them too; a shared
    /// one evicts them with its next patch, so that none comes back.
    func sendFullPage(remounted: Bool = false) {
        guard let connection, graph.tree.root != nil else { return }
        needsResync = false
        if group.isShared {
            graph.tree.evictRetained()
        } else {
            group.forgetHistory()
            graph.tree.forgetRetained()
        }
        _ = connection.takeOverflow()
        pagesSent += 1
        // Unsure which page the browser shows: it must say it has this one.
        if let earlierIDs, earlierIDs.unsure { self.earlierIDs = (pagesSent, [:], true) }
        let bytes = ServerMessage.sync(
            version: graph.version, remounted: remounted, html: group.pageHTML, lastRef: lastRef, page: pagesSent
        )
        .encoded
        connection.replaceQueue(with: bytes)
        manager.transport?.wake(connection)
    }
}
