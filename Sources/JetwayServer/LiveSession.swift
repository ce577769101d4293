import Foundation
import Jetway

/// One page's live UI.
@MainActor
final class LiveSession {
    let id: String
    let match: RouteMatch
    let graph: ViewGraph
    let createdAt = Date()
    var connection: Connection?
    var detachedSince: Date?
    var needsResync = false
    /// The client address that opened the page (for the per-address limit).
    var address: String?
    private(set) var joinCount = 0
    unowned let manager: SessionManager

    var shortID: String { String(id.prefix(8)) }

    init(id: String, match: RouteMatch, view: AnyView, manager: SessionManager) {
        self.id = id
        self.match = match
        self.graph = ViewGraph(view)
        self.manager = manager
        graph.onNeedsUpdate = { [weak self] in
            guard let self else { return }
            self.manager.scheduleFlush(self)
        }
    }

    func attach(_ connection: Connection) {
        self.connection = connection
        detachedSince = nil
        joinCount += 1
    }

    /// Renders what changed and sends the patch (tagged with the event's ref), encoded once.
    /// With `wake` false the caller wakes the service thread once for a whole batch. Returns
    /// whether anything was queued for the connection.
    @discardableResult
    func flush(ref: Int, wake: Bool = true) -> Bool {
        let ops = graph.update()
        var bytes: [UInt8] = []
        if !ops.isEmpty || ref != 0 {
            bytes = PatchEncoder.encode(version: graph.version, ops, ref: ref)
            if !ops.isEmpty { record(bytes, version: graph.version) }
        }
        // No socket, or one the service thread has closed and the drain has not yet reported:
        // the session is detached; the patch is in the history for a resume.
        guard let connection, !connection.isClosed else {
            graph.releaseRetired()
            return false
        }
        if connection.takeOverflow() {
            sendFullPage()
            return false
        }
        guard !bytes.isEmpty else {
            graph.releaseRetired()
            return false
        }
        if !connection.send(bytes) {
            sendFullPage()
            return false
        }
        if wake { manager.server.wake(connection) }
        graph.releaseRetired()
        return true
    }

    // Recent patches, so a client that reconnects gets only what it missed.
    private var history: [(version: UInt64, bytes: [UInt8])] = []
    private var historyBytes = 0
    static let historyLimit = (patches: 16, bytes: 16 * 1024)

    private func record(_ bytes: [UInt8], version: UInt64) {
        history.append((version, bytes))
        historyBytes += bytes.count
        while history.count > Self.historyLimit.patches || historyBytes > Self.historyLimit.bytes {
            historyBytes -= history.removeFirst().bytes.count
        }
    }

    /// The patches after `version`, or nil when they are no longer all kept (or the version is
    /// not one this session produced).
    func patches(since version: UInt64) -> [[UInt8]]? {
        if version == graph.version { return [] }
        guard version < graph.version, let first = history.first, first.version <= version + 1 else { return nil }
        return history.filter { $0.version > version }.map(\.bytes)
    }

    /// The whole page in one message, for a client that missed patches or a re-mounted page.
    func sendFullPage(remounted: Bool = false) {
        guard let connection, let root = graph.tree.root else { return }
        needsResync = false
        history.removeAll()
        historyBytes = 0
        // The client replaces its whole page and forgets the elements it kept.
        graph.tree.forgetRetained()
        _ = connection.takeOverflow()
        var bytes = Array("[\"sync\",\(graph.version),\(remounted ? "true" : "false"),".utf8)
        PatchEncoder.appendString(root.html, to: &bytes)
        bytes.append(UInt8(ascii: "]"))
        connection.replaceQueue(with: bytes)
        manager.server.wake(connection)
    }
}
