import Foundation
import Jetway

/// The live sessions of one server, on the main actor: renders pages, keeps the renderings
/// sessions share and gives a session its own before it diverges, flushes changed renderings in
/// batches, and drops sessions whose browser is gone. What a page's websocket says (joins,
/// events, pings) is handled in SessionMessages.swift.
@MainActor
final class SessionManager {
    unowned let server: JetwayServer
    var sessions: [String: LiveSession] = [:]
    var sessionsByAddress: [String: Int] = [:]
    var byConnection: [Int: LiveSession] = [:]
    var connections: [Int: ConnectionState] = [:]
    private var sweepTask: Task<Void, Never>?

    init(server: JetwayServer) {
        self.server = server
    }

    /// The clock for tokens and expiry; tests move it (seven simulated days in seconds).
    var now: @MainActor () -> Date = { Date() }

    var sessionCount: Int { sessions.count }

    /// The connections that have joined a session.
    var attachedConnections: [Connection] { sessions.values.compactMap(\.connection) }

    var hasQueuedBytes: Bool { connections.values.contains { $0.connection.queuedBytes > 0 } }

    // MARK: Pages

    func renderPage(path: String, query: String, address: String = "local") -> HTTPResponse {
        guard let (route, match) = server.app.match(path: path, query: query) else {
            return HTTPResponse.notFoundPage(title: server.app.title)
        }
        guard sessionsByAddress[address, default: 0] < server.configuration.maxSessionsPerAddress else {
            Log.warn("too_many_sessions", ["address": address])
            return HTTPResponse.tooManyPages()
        }
        let session = LiveSession(
            id: SessionToken.newSessionID(), match: match, group: group(showing: route, match, at: path, query), manager: self)
        session.address = address
        sessionsByAddress[address, default: 0] += 1
        sessions[session.id] = session
        let token = SessionToken.sign(
            SessionToken(sessionID: session.id, issuedAt: session.tokenIssuedAt, path: path), secret: server.secret)
        return HTTPResponse.html(
            200,
            PageTemplate.page(
                app: server.app, body: session.group.pageHTML, token: token, path: path, buildID: server.configuration.buildID,
                version: session.graph.version))
    }

    // MARK: Shared rendering

    /// The joinable rendering of each page (path and query), while it is pristine.
    private var joinable: [String: RenderGroup] = [:]
    var groupCount: Int { Set(sessions.values.map { ObjectIdentifier($0.group) }).count }

    /// The rendering a new session of this page joins: the page's pristine one when its root
    /// view is the same, else a new one, rendered now.
    func group(showing route: Route, _ match: RouteMatch, at path: String, _ query: String) -> RenderGroup {
        let page = query.isEmpty ? path : path + "?" + query
        let makeRoot: @MainActor () -> RootView = { route.makeView(match) }
        if let group = joinable[page] {
            if group.canJoin(makeRoot()) { return group }
        }
        let group = RenderGroup(page: page, makeRoot: makeRoot, manager: self)
        joinable[page] = group
        return group
    }

    /// Gives `session` a rendering of its own before something of its own happens (an
    /// event): a fresh graph of the same root view renders the page again and takes over its
    /// element ids. Returns false when the fresh render differs (a view that is not a function
    /// of its inputs): the session then has its own graph and the browser gets the whole page.
    func isolate(_ session: LiveSession) -> Bool {
        let shared = session.group
        guard shared.isShared else { return true }
        // The browser has the page as of the last patch: render what is pending first.
        if shared.graph.needsUpdate { server.wake(shared.flush(ref: 0, for: nil)) }
        let own = RenderGroup(page: shared.page, makeRoot: shared.makeRoot, manager: self)
        let adopted = own.graph.adoptPage(of: shared.graph)
        shared.remove(session)
        session.group = own
        own.add(session)
        if !adopted {
            Log.warn("isolate_mismatch", ["session": session.shortID, "page": shared.page])
            session.sendFullPage()
        }
        return adopted
    }

    /// The whole page again, for a client whose queue overflowed or that lost track.
    func resync(_ session: LiveSession) {
        session.sendFullPage()
    }

    func leave(_ session: LiveSession) {
        let group = session.group
        group.remove(session)
        guard group.members.isEmpty else { return }
        // Nobody shows this rendering any more: its views leave (onDisappear, tasks cancelled).
        if joinable[group.page] === group { joinable.removeValue(forKey: group.page) }
        group.graph.tearDown()
    }

    // MARK: Batched updates

    private var dirtyGroups: [RenderGroup] = []
    private var flushScheduled = false

    /// A change that reaches many renderings (a shared model) renders them all in one
    /// main-actor job and wakes the service thread once, instead of one task and one wake-up
    /// per session: with the poll event loop each wake-up costs a pass over every socket.
    func scheduleFlush(_ group: RenderGroup) {
        dirtyGroups.append(group)
        guard !flushScheduled else { return }
        flushScheduled = true
        Task { @MainActor in self.flushDirtyGroups() }
    }

    private func flushDirtyGroups() {
        flushScheduled = false
        let batch = dirtyGroups
        dirtyGroups.removeAll()
        var woken: [Connection] = []
        // An event's own flush has already rendered its group: those are skipped, and only
        // connections that were sent something are woken.
        for group in batch where group.graph.needsUpdate {
            woken += group.flush(ref: 0, for: nil)
        }
        server.wake(woken)
    }

    // MARK: Expiry

    func startSweeping() {
        sweepTask = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(5))
                self?.sweep()
            }
        }
    }

    func stopSweeping() {
        sweepTask?.cancel()
    }

    func sweep() {
        sweep(now: now())
    }

    func sweep(now: Date) {
        for session in sessions.values where session.connection != nil { renewTokenIfOld(session) }
        let grace = server.configuration.sessionGrace
        for (id, session) in sessions
        where session.connection == nil && now.timeIntervalSince(session.detachedSince ?? session.createdAt) > grace {
            sessions.removeValue(forKey: id)
            leave(session)
            if let address = session.address {
                sessionsByAddress[address, default: 1] -= 1
                if sessionsByAddress[address] == 0 { sessionsByAddress.removeValue(forKey: address) }
            }
            Log.debug("expire", ["session": session.shortID])
        }
    }
}

func jsonString(_ text: String) -> String {
    var bytes: [UInt8] = []
    PatchEncoder.appendString(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}
