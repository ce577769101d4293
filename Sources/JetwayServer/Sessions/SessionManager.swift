import Foundation
import Jetway
import Synchronization

/// The live sessions of one server, on the main actor: renders pages, keeps the renderings
/// sessions share and gives a session its own before it diverges, flushes changed renderings in
/// batches, and drops sessions whose browser is gone. What a page's websocket says (joins,
/// events, pings) is handled in SessionMessages.swift.
@MainActor
final class SessionManager {
    unowned let server: JetwayServer
    /// What carries the pages' sockets: the server's libwebsockets thread, or an
    /// `InMemoryTransport` in tests. Sessions only queue bytes on a `Connection` and wake it.
    weak var transport: (any SessionTransport)?
    /// Pages whose queue overflowed (a client that reads slower than its page changes) and that
    /// were sent one full page instead, since start (`/_jetway/stats`).
    private(set) var queueOverflows = 0
    var sessions: [String: LiveSession] = [:]
    var sessionsByAddress: [String: Int] = [:]
    var byConnection: [Int: LiveSession] = [:]
    var connections: [Int: ConnectionState] = [:]
    /// Uploads under way, by session and importer (one at a time each).
    var activeUploads: [String: PendingUpload] = [:]
    var lastUploadCleanup = Date.distantPast
    /// The pages' memory: estimates by address, the heap in use, trims (PageMemory.swift).
    lazy var memory = PageMemory(
        perAddress: server.configuration.maxPageMemoryPerAddress, total: server.configuration.maxPageMemory ?? PageMemory.defaultTotal())
    /// Each address's and session's recent use of the main actor (SessionMessages.swift's
    /// drains and page renders are charged to it).
    lazy var shares = MainActorShares(
        policy: .init(perAddress: server.configuration.mainActorSharePerAddress, perSession: server.configuration.mainActorSharePerSession))
    /// Drains waiting for their share, and events answered without being applied (replaced by
    /// a later value), since start (`/_jetway/stats`).
    var parkedDrains = 0
    var coalescedEvents = 0
    /// Events for elements a patch had just taken off the page (`departed_events`).
    var departedEvents = 0
    /// Sessions that went back to sharing a rendering (`shared_again`, `shareAgain(now:)`).
    var sharedAgain = 0
    /// Of those, sessions that joined another's rendering in a state of their own.
    var sharedInSameState = 0
    /// Whether connections take turns and wait for their share: an `InMemoryTransport` (tests,
    /// which expect what they deliver to be handled at once) turns it off.
    var takesTurns = true
    private var sweepTask: Task<Void, Never>?
    /// Under `jetway dev`: the development loop's report, shown over every page (nil otherwise).
    var development: DevelopmentReports?

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

    func renderPage(path: String, query: String, address: String = "local", identity: BrowserIdentity = BrowserIdentity()) -> HTTPResponse {
        if let development, development.holdsPages { return .heldForDevelopment(development.showing) }
        guard let (route, match) = server.app.match(path: path, query: query) else {
            return HTTPResponse.notFoundPage(title: server.app.title)
        }
        guard sessionsByAddress[address, default: 0] < server.configuration.maxSessionsPerAddress else {
            Log.warn("too_many_sessions", ["address": address])
            return HTTPResponse.tooManyPages()
        }
        if let refusal = memory.refusal(for: address) { return refusal }
        // Another page of a browser whose first page shares the new browsers' rendering: that
        // page gets its own first (the two pages of one browser follow each other).
        if !identity.deviceIsNew, let device = identity.device { deviceWasSeen(device) }
        let session = newSession(id: SessionToken.newSessionID(), route, match, at: path, query, identity: identity)
        session.address = address
        sessionsByAddress[address, default: 0] += 1
        session.memoryCharge = PageMemory.estimate(session)
        memory.charge(session.memoryCharge, to: address)
        sessions[session.id] = session
        let token = SessionToken.sign(
            SessionToken(sessionID: session.id, issuedAt: session.tokenIssuedAt, path: path), secret: server.secret)
        return HTTPResponse.html(
            200,
            PageTemplate.page(
                app: server.app, body: session.group.pageHTML, token: token, path: path, buildID: server.configuration.buildID,
                version: session.graph.version, screenTitle: session.graph.navigationTitle, clock: server.configuration.clock,
                availableOffline: route.availableOffline, language: session.context.language, direction: session.context.direction))
    }

    /// A session of this page for a browser (`identity`): its context, and a rendering it
    /// shares where it may.
    func newSession(id: String, _ route: Route, _ match: RouteMatch, at path: String, _ query: String, identity: BrowserIdentity)
        -> LiveSession
    {
        var context = RequestContext(
            path: path, queryString: query, query: match.query, user: identity.user, device: identity.device, sizes: identity.sizes,
            reducesMotion: identity.reducesMotion, userInterfaceIdiom: identity.idiom, sizeClasses: identity.sizeClasses)
        context.setVisitor(
            language: AcceptLanguage.choose(identity.languages, available: server.strings?.languages ?? []),
            timeZone: visitorZone(identity.timeZone), direction: AcceptLanguage.direction(identity.languages, strings: server.strings))
        return LiveSession(
            id: id, match: match, context: context, signInID: identity.signInID,
            group: group(showing: route, match, at: path, query, context: context, newDevice: identity.deviceIsNew), manager: self)
    }

    // MARK: Shared rendering

    /// The joinable rendering of each page (path and query) and user, while it is pristine.
    private var joinable: [String: RenderGroup] = [:]
    /// The newest rendering of each page and user, whatever its device or sizes.
    private var lastRendering: [String: WeakRenderGroup] = [:]
    var groupCount: Int { Set(sessions.values.map { ObjectIdentifier($0.group) }).count }
    /// Renderings new pages may still join (tests: a retired one is not among them).
    var joinableCount: Int { joinable.count }

    /// The rendering a new session of this page joins: the page's pristine one when its root
    /// view is the same, else a new one, rendered now.
    func group(
        showing route: Route, _ match: RouteMatch, at path: String, _ query: String, context: RequestContext, newDevice: Bool = false
    ) -> RenderGroup {
        // Pages that ask for reduced motion render apart (their views may read it), as pages of
        // different kinds of device do (`UIDevice.current.userInterfaceIdiom`).
        let page =
            (query.isEmpty ? path : path + "?" + query) + (context.reducesMotion ? "\u{3}reduce" : "")
            + (context.userInterfaceIdiom == .phone ? "" : "\u{3}\(context.userInterfaceIdiom)")
            + (context.sizeClassesText == "cr" ? "" : "\u{3}" + context.sizeClassesText)
            // Pages of another language never share a rendering; pages of another time zone
            // only until a view reads it (`RenderGroup.joinKey`).
            + (context.language.map { "\u{3}lang " + $0 } ?? "")
        let makeRoot: @MainActor () -> RootView = { route.makeView(match) }
        // A page whose first render read the device or the window's sizes is kept by browser,
        // or by sizes (`RenderGroup.joinKey`).
        let device = context._device ?? "", sizes = context._sizes ?? "", zone = context._timeZoneIdentifier ?? ""
        let keys = [nil, zone].flatMap { zone in
            [
                RenderGroup.joinKey(page: page, user: context.user, zone: zone),
                RenderGroup.joinKey(page: page, user: context.user, device: device, zone: zone),
                RenderGroup.joinKey(page: page, user: context.user, sizes: sizes, zone: zone),
                RenderGroup.joinKey(page: page, user: context.user, device: device, sizes: sizes, zone: zone),
            ]
        }
        for key in keys {
            guard let group = joinable[key] else { continue }
            // A rendering every page left is not rendered while nobody shows it: brought up to
            // date first (what it renders may read the device), then asked.
            if group.members.isEmpty { group.catchUp() }
            if group.canJoin(makeRoot(), context: context) { return group }
        }
        let group = RenderGroup(page: page, context: context, makeRoot: makeRoot, manager: self)
        // Only a page that could be shared at all (no lifecycle hooks, no state objects): the
        // shared one is rendered for a device no browser has, and no app code may run for it.
        if newDevice, let device = context._device, group.context._deviceWasRead, group.graph.isPristine,
            let shared = newBrowsersRendering(like: group, makeRoot: makeRoot)
        {
            group.graph.tearDown()
            newDeviceSessions.withLock { _ = $0.insert(device) }
            return shared
        }
        // Another browser's rendering of the page, when this one renders for its own: it keeps
        // the nodes the two pages have in common (a board of a new browser, whose stars and
        // picture are the same as the last new browser's, shares all but its handlers).
        let pageKey = RenderGroup.joinKey(page: page, user: context.user)
        if group.joinKey != pageKey, let other = lastRendering[pageKey]?.group { group.shareCommonNodes(with: other) }
        lastRendering[pageKey] = WeakRenderGroup(group: group)
        if lastRendering.count >= 64 && lastRendering.count.isMultiple(of: 64) {
            lastRendering = lastRendering.filter { $0.value.group != nil }
        }
        makeJoinable(group)
        return group
    }

    /// Makes `group` the rendering new pages of its kind join; one it replaces that nobody
    /// shows is retired (pages that left it are not coming back to it).
    private func makeJoinable(_ group: RenderGroup) {
        if let replaced = joinable[group.joinKey], replaced !== group, replaced.members.isEmpty { retire(replaced) }
        joinable[group.joinKey] = group
    }

    /// The rendering new browsers share, when this new browser's page (`own`) is the same as it.
    ///
    /// A browser that sent no device cookie has a device made for this request: nothing in the
    /// app belongs to it yet. A page that reads the device (a board with the browser's starred
    /// flights) is then the same for every new browser, so they share one rendering, made for a
    /// device no browser has (what changes for a real device never reaches it). Each new
    /// browser's page is rendered once with its own device and compared: only the same
    /// document joins (a page that shows the device id itself renders alone). A member gets a
    /// rendering of its own, for its own device, before its first event (`isolate`) and when
    /// another request of its browser comes (`deviceWasSeen`): until then nothing of its device
    /// can have changed.
    private func newBrowsersRendering(like own: RenderGroup, makeRoot: @escaping @MainActor () -> RootView) -> RenderGroup? {
        let context = own.context
        let key = RenderGroup.newDevicesKey(page: own.page, user: context.user, sizes: context._sizes)
        if let shared = joinable[key], !shared.members.isEmpty, shared.canJoin(makeRoot(), context: context) {
            return own.graph.tree.isSameDocument(as: shared.graph.tree) ? shared : nil
        }
        // A new one, kept only when this browser's page is the same (a page that shows the
        // device id never leaves one behind); the session joins it at once.
        let made = RenderGroup(
            page: own.page, context: context.withDevice("new." + SessionToken.newSessionID()), makeRoot: makeRoot, manager: self,
            forNewDevices: true)
        guard made.graph.isPristine, own.graph.tree.isSameDocument(as: made.graph.tree) else {
            made.graph.tearDown()
            return nil
        }
        joinable[key] = made
        return made
    }

    /// Devices with a page in a rendering of new browsers (any thread may ask).
    let newDeviceSessions = Mutex<Set<String>>([])

    /// A request of `device` came (another page, a handler): its pages that share the new
    /// browsers' rendering get renderings of their own, as they would for an event.
    func deviceWasSeen(_ device: String) {
        guard newDeviceSessions.withLock({ $0.remove(device) }) != nil else { return }
        for session in sessions.values where session.group.forNewDevices && session.context._device == device {
            _ = isolate(session)
            // Untouched yet: the browser's next pages may share it.
            if session.group.graph.isPristine { makeJoinable(session.group) }
        }
    }

    struct WeakRenderGroup {
        weak var group: RenderGroup?
    }

    /// Gives `session` a rendering of its own before something of its own happens (an
    /// event): a fresh graph of the same root view renders the page again and takes over its
    /// element ids. Returns false when the fresh render differs (a view that is not a function
    /// of its inputs): the session then has its own graph and the browser gets the whole page.
    func isolate(_ session: LiveSession) -> Bool {
        let shared = session.group
        // New browsers' rendering is made for a device none of them has: even alone in it, a
        // page gets its own before its handlers run. So does the last page of a rendering
        // other pages of it left: kept as it is, it is what they may share again
        // (`shareAgain`), and what new pages join.
        // So does a page in another zone than its rendering's (which it shared, or which was
        // made before its browser said its zone), before a handler can show it a time.
        guard shared.isShared || shared.forNewDevices || isLeftBy(others: session, shared) || !shared.sharesZone(with: session.context)
        else { return true }
        // The browser has the page as of the last patch: render what is pending first.
        if shared.graph.needsUpdate { transport?.wake(shared.flush(ref: 0, for: nil)) }
        // That render may have moved the page to a rendering in its zone (a first read of it).
        guard session.group === shared else { return true }
        let own = RenderGroup(page: shared.page, context: session.context, makeRoot: shared.makeRoot, manager: self)
        // A rendering shared in a state of its own (the same search) is copied: checked
        // possible when the session joined it (`renderingInSameState`).
        let tookState = shared.graph.isPristine || own.graph.takeState(of: shared.graph)
        let adopted = tookState && own.graph.adoptPage(of: shared.graph)
        if adopted { own.takePageLength(of: shared) }
        shared.remove(session)
        session.group = own
        own.add(session)
        recharge(session)
        session.stateCheckedAt = nil
        if !shared.forNewDevices && shared.graph.isPristine { session.left(shared) }
        if !tookState { Log.warn("isolate_state_differs", ["session": session.shortID, "page": shared.page]) }
        if shared.forNewDevices {
            if let device = session.context._device { newDeviceSessions.withLock { _ = $0.remove(device) } }
            if shared.members.isEmpty { retire(shared) }
        }
        if !adopted {
            Log.warn("isolate_mismatch", ["session": session.shortID, "page": shared.page])
            // A page not yet connected gets the whole page when it joins (its version is the
            // shared rendering's, not this one's).
            session.needsResync = true
            session.sendFullPage()
            session.sentPageWithOtherIDs()
        }
        return adopted
    }

    /// Whether `group` is the page's rendering others may join and other sessions left it for
    /// their first event (they may share it again).
    private func isLeftBy(others session: LiveSession, _ group: RenderGroup) -> Bool {
        group.graph.isPristine && joinable[group.joinKey] === group && group.sessionsThatLeft > (session.leftRendering === group ? 1 : 0)
    }

    /// Gives `session` a rendering of its own, rendered afresh with its own context, and sends
    /// it the whole page: for a page of another browser in a rendering that has just read the
    /// device (what it rendered is not this browser's, so nothing of it may be sent).
    /// In development mode, what was said about shared pages that split (`noteDeviceSplit`),
    /// once per page and view.
    private(set) var deviceSplitNotes: [String: String] = [:]

    /// A view read the browser's device after its page had been shown to `browsers` browsers
    /// as one rendering: each now renders on its own. In development mode that is said once per
    /// page and view, with what to do; in production it is what the app asked for.
    func noteDeviceSplit(page: String, reader: String?, browsers: Int) {
        guard server.configuration.developmentMode else { return }
        let view = reader ?? "A view"
        let key = page + "\u{0}" + view
        guard deviceSplitNotes[key] == nil else { return }
        let advice =
            "\(view) read the browser's device (request.device, or an @AppStorage value) after the page \(page) "
            + "had been shown to \(browsers) browsers as one rendering: each now renders on its own, so every change costs "
            + "\(browsers) renders instead of one. If what it shows is the same for every browser, do not read the device there; "
            + "if it is per browser, read it in the page's first render (its pages are then shared only by that browser's)."
        deviceSplitNotes[key] = advice
        Log.warn("shared_page_reads_device", ["page": page, "view": view, "browsers": browsers, "advice": advice])
    }

    func separate(_ session: LiveSession) {
        let shared = session.group
        let own = RenderGroup(page: shared.page, context: session.context, makeRoot: shared.makeRoot, manager: self)
        // Members that share a state of their own keep it.
        if !shared.graph.isPristine && !own.graph.takeState(of: shared.graph) {
            Log.warn("separate_state_differs", ["session": session.shortID, "page": shared.page])
        }
        move(session, to: own)
        if shared.members.isEmpty { retire(shared) }
        Log.debug("separate", ["session": session.shortID, "page": shared.page])
    }

    /// Moves `session`, whose zone is not its rendering's (a view just read it), to a rendering
    /// of its page in its zone: one that pages of the zone share, or a new one; a page whose
    /// rendering has a state of its own gets its own copy of it (`separate`).
    func moveToItsZone(_ session: LiveSession) {
        let previous = session.group
        guard previous.graph.isPristine,
            let (route, match) = server.app.match(path: session.context.path, query: session.context.queryString)
        else { return separate(session) }
        let target = group(showing: route, match, at: session.context.path, session.context.queryString, context: session.context)
        guard target !== previous else { return separate(session) }
        move(session, to: target)
        session.stateCheckedAt = nil
        if previous.members.isEmpty { retire(previous) }
    }

    /// Moves `session` to the rendering `target` and sends it the whole page, whose element
    /// ids are `target`'s. A page not yet connected gets the whole page when it joins: its
    /// version is the rendering's it left.
    func move(_ session: LiveSession, to target: RenderGroup) {
        session.group.remove(session)
        session.group = target
        target.add(session)
        recharge(session)
        session.needsResync = true
        session.sendFullPage()
        session.sentPageWithOtherIDs()
    }

    /// A session has a rendering of its own now: its address is charged for it.
    private func recharge(_ session: LiveSession) {
        guard let address = session.address else { return }
        let estimate = PageMemory.estimate(session)
        memory.charge(estimate - session.memoryCharge, to: address)
        session.memoryCharge = estimate
    }

    /// A sign-in ended (sign-out, expiry, `signOutEverywhere`): its pages are forgotten, and
    /// open ones reload, so that nothing rendered for the user stays on screen or comes back
    /// with a resume.
    func signInEnded(_ signInID: String) {
        for session in sessions.values where session.signInID == signInID {
            if let connection = session.connection {
                signOut(connection)
                session.connection = nil
            }
            end(session)
        }
    }

    /// Tells a page its sign-in is over and closes its socket (4002): the runtime loads the
    /// page afresh, and the socket can bring nothing of the signed-in page back.
    func signOut(_ connection: Connection) {
        byConnection.removeValue(forKey: connection.id)
        send(connection, .signedOut)
        connection.requestClose(code: .signedOut, reason: "signed out")
        transport?.wake(connection)
    }

    /// `identity` as it stands now: a sign-in that has ended since the cookies were read
    /// counts as none.
    func current(_ identity: BrowserIdentity) -> BrowserIdentity {
        guard let id = identity.signInID, server.signIns.user(for: id) == nil else { return identity }
        return BrowserIdentity(device: identity.device, idiom: identity.idiom, sizeClasses: identity.sizeClasses)
    }

    /// The server stops: every page's views leave (`onDisappear` runs, tasks are cancelled,
    /// observations end), so nothing of this server goes on rendering.
    func endAll() {
        for session in sessions.values { end(session) }
        for group in joinable.values where group.members.isEmpty { retire(group) }
        byConnection.removeAll()
        connections.removeAll()
    }

    /// Forgets a session now: it leaves its rendering and no longer counts for its address.
    private func end(_ session: LiveSession) {
        sessions.removeValue(forKey: session.id)
        if session.group.forNewDevices, let device = session.context._device { newDeviceSessions.withLock { _ = $0.remove(device) } }
        shares.forget(session.shareKey)
        leave(session)
        if let left = session.left(nil), left.members.isEmpty, left.sessionsThatLeft == 0 { retire(left) }
        if let address = session.address {
            memory.charge(-session.memoryCharge, to: address)
            sessionsByAddress[address, default: 1] -= 1
            if sessionsByAddress[address] == 0 { sessionsByAddress.removeValue(forKey: address) }
        }
    }

    /// The whole page again, for a client whose queue overflowed or that lost track.
    func resync(_ session: LiveSession) {
        queueOverflows += 1
        session.sendFullPage()
    }

    func leave(_ session: LiveSession) {
        let group = session.group
        group.remove(session)
        guard group.members.isEmpty else { return }
        retire(group)
    }

    /// A rendering nobody shows any more: its views leave (onDisappear, tasks cancelled).
    func retire(_ group: RenderGroup) {
        guard !group.isRetired else { return }
        group.isRetired = true
        // Nobody shows this rendering any more: its views leave (onDisappear, tasks cancelled).
        for key in [group.joinKey, RenderGroup.joinKey(page: group.page, user: group.context.user)] where joinable[key] === group {
            joinable.removeValue(forKey: key)
        }
        group.graph.tearDown()
        memory.released()
    }

    // MARK: Batched updates

    private var dirtyGroups: [RenderGroup] = []
    private var flushScheduled = false
    private var slicedFlushes = 0

    /// Whether dirty renderings wait for a flush, or a sliced flush is between two slices.
    var isFlushing: Bool { flushScheduled || slicedFlushes > 0 }

    /// A change that reaches many renderings (a shared model) renders them all in one
    /// main-actor job and wakes the service thread once, instead of one task and one wake-up
    /// per session: with the poll event loop each wake-up costs a pass over every socket.
    func scheduleFlush(_ group: RenderGroup) {
        dirtyGroups.append(group)
        guard !flushScheduled else { return }
        flushScheduled = true
        Task { @MainActor in await self.flushDirtyGroupsInSlices() }
    }

    /// How long one slice of a fan-out may hold the main actor before the events waiting for it
    /// are taken.
    static let flushSlice: Duration = .milliseconds(5)

    /// The dirty renderings rendered in slices of about `flushSlice`: between two slices the
    /// main actor takes what waits for it (a click's round trip is not held behind a change
    /// that reaches thousands of pages: the load run's p99 was the simulator's whole fan-out),
    /// and each slice wakes the service thread once.
    func flushDirtyGroupsInSlices() async {
        slicedFlushes += 1
        defer { slicedFlushes -= 1 }
        var batch = takeDirtyGroups()
        while flush(&batch, for: Self.flushSlice) { await Task.yield() }
    }

    /// Every dirty rendering at once (`InMemoryTransport.flush()`: tests, no events wait).
    func flushDirtyGroups() {
        var batch = takeDirtyGroups()
        _ = flush(&batch, for: nil)
    }

    private func takeDirtyGroups() -> ArraySlice<RenderGroup> {
        flushScheduled = false
        defer { dirtyGroups.removeAll() }
        return dirtyGroups[...]
    }

    /// Renders renderings from the front of `batch` until `slice` has passed (nil: all of
    /// them) and wakes the service thread once for the connections that were sent something.
    /// Whether some are left.
    private func flush(_ batch: inout ArraySlice<RenderGroup>, for slice: Duration?) -> Bool {
        let started = ContinuousClock.now
        var woken: [Connection] = []
        while let group = batch.popFirst() {
            // A rendering an event's own flush rendered meanwhile, or one retired, is skipped.
            guard group.graph.needsUpdate && !group.members.isEmpty else { continue }
            woken += group.flush(ref: 0, for: nil)
            if let slice, ContinuousClock.now - started > slice { break }
        }
        transport?.wake(woken)
        return !batch.isEmpty
    }

    // MARK: Expiry

    func startSweeping() {
        sweepTask = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(5))
                guard let self else { return }
                let now = self.now()
                self.sweep(now: now, sharing: false)
                // Pages share again in slices over one list of them: events waiting for the main
                // actor are taken between two (a sweep that moves 256 pages takes ~20 ms).
                var pass = SharingPass(Array(self.sessions.values))
                while !Task.isCancelled && self.shareAgain(now: now, &pass, for: Self.flushSlice) { await Task.yield() }
            }
        }
    }

    func stopSweeping() {
        sweepTask?.cancel()
    }

    func sweep() {
        sweep(now: now())
    }

    /// `sharing`: pages share again in this call too (the periodic sweep does it in slices).
    func sweep(now: Date, sharing: Bool = true) {
        for id in server.signIns.expire(now: now) { signInEnded(id) }
        removeUnclaimedUploads(now: now)
        for session in sessions.values where session.connection != nil { renewTokenIfOld(session) }
        let grace = server.configuration.sessionGrace
        for session in sessions.values
        where session.connection == nil && now.timeIntervalSince(session.detachedSince ?? session.createdAt) > grace {
            end(session)
            Log.debug("expire", ["session": session.shortID])
        }
        shares.forgetIdle(at: .now)
        if sharing { shareAgain(now: now) }
        // A rendering nobody shows and no open page left (its pages ended elsewhere).
        for group in joinable.values where group.members.isEmpty && group.sessionsThatLeft == 0 { retire(group) }
        if server.configuration.returnsFreedMemory { memory.trimAfterSweep() }
    }

    /// How long a session is quiet before it may share a rendering again: doubled each time it
    /// did (up to `shareAgainBackOff` doublings), so a page that comes back to the same state
    /// now and then is not sent the whole page each time.
    static let shareAgainAfter: TimeInterval = 5
    static let shareAgainBackOff = 6
    /// At most this many sessions share again in one sweep (each is sent the whole page).
    nonisolated static let sharedAgainPerSweep = 256

    /// Sessions whose page went its own way and is back in the state of the page's shared
    /// rendering (a search typed and cleared, a screen pushed and popped) join it again once
    /// they have been quiet for a while (`shareAgainAfter`): the same document (an event on
    /// its way is read as meant for the page it had, `LiveSession.earlierIDs`), and the same
    /// state (`ViewGraph.hasSameState(as:)`: equal `@State` values, nothing of their own
    /// running). Sessions quiet in the same state of their own (the same search) share one
    /// rendering in that state (`renderingInSameState`). The browser is sent the page it now
    /// shares (a `sync`, which keeps its focus), its next join gets the whole page too (its
    /// versions were its own rendering's), and the session's own rendering goes: what it cost
    /// is given back.
    func shareAgain(now: Date) {
        var pass = SharingPass(Array(sessions.values))
        _ = shareAgain(now: now, &pass, for: nil)
    }

    /// One sweep's pass over the sessions that may share again: where it is, and how many more
    /// it may move (`sharedAgainPerSweep`).
    struct SharingPass {
        let sessions: [LiveSession]
        var next = 0
        var left = SessionManager.sharedAgainPerSweep
        init(_ sessions: [LiveSession]) { self.sessions = sessions }
    }

    /// Goes on with `pass` until its end, its last move or, given one, the end of `slice`;
    /// true when it stopped for the slice (the caller calls again after other work).
    func shareAgain(now: Date, _ pass: inout SharingPass, for slice: Duration?) -> Bool {
        let started = ContinuousClock.now, first = pass.next
        while pass.next < pass.sessions.count && pass.left > 0 {
            // At least one page a call, so a pass always ends.
            if let slice, pass.next > first, ContinuousClock.now - started > slice { return true }
            let session = pass.sessions[pass.next]
            pass.next += 1
            // Ended meanwhile.
            guard sessions[session.id] === session else { continue }
            let own = session.group
            let quiet = Self.shareAgainAfter * Double(1 << min(session.timesSharedAgain, Self.shareAgainBackOff))
            // Not again before the browser has the page of the last move.
            guard own.members.count == 1, !own.forNewDevices, !own.graph.isPristine, !session.awaitsSync, !hasUpload(session),
                let connection = session.connection, !connection.isClosed,
                now.timeIntervalSince(session.lastEventAt ?? session.createdAt) >= quiet,
                let target = pristineRendering(for: session) ?? renderingInSameState(as: session)
            else { continue }
            // Another rendering's page in the same state may name its elements otherwise: until
            // the browser has the page sent now, its events name the page it had.
            let sameIDs = own.graph.tree.isSamePage(as: target.graph.tree)
            let earlierIDs = sameIDs ? nil : own.graph.tree.ids(mappedTo: target.graph.tree)
            own.remove(session)
            session.group = target
            target.add(session)
            recharge(session)
            session.sendFullPage()
            if let earlierIDs { session.movedPage(ids: earlierIDs) }
            session.needsResync = true
            session.timesSharedAgain += 1
            session.stateCheckedAt = nil
            // Back in the page's shared rendering, it has left none; in another state, it may
            // still come back to it.
            if target.graph.isPristine { _ = session.left(nil) } else { sharedInSameState += 1 }
            retire(own)
            sharedAgain += 1
            pass.left -= 1
            Log.debug("shared_again", ["session": session.shortID, "page": target.page, "pristine": String(target.graph.isPristine)])
        }
        return false
    }

    /// Whether a file is on its way to one of `session`'s importers (its page is not moved:
    /// the upload names an element of the page it has).
    private func hasUpload(_ session: LiveSession) -> Bool {
        !activeUploads.isEmpty && activeUploads.values.contains { $0.sessionID == session.id }
    }

    /// The page's shared rendering, when `session`'s own is back in its state.
    private func pristineRendering(for session: LiveSession) -> RenderGroup? {
        let own = session.group
        guard let shared = joinable[own.joinKey], shared !== own, shared.graph.isPristine else { return nil }
        if shared.members.isEmpty { shared.catchUp() }
        // Checked once per pair of versions: a page that stays apart is not walked again
        // until one of the two renders.
        let versions = (own.graph.version, shared.graph.version)
        if let checked = session.stateCheckedAt, checked == versions { return nil }
        // Remembered only when nothing is about to change without a new version (a render
        // pending, a task running).
        let settled = !own.graph.needsUpdate && !shared.graph.needsUpdate && own.graph.runningTasks == 0
        session.stateCheckedAt = settled ? versions : nil
        guard own.graph.hasSameState(as: shared.graph), shared.canJoin(own.root, context: session.context),
            own.graph.tree.isSameDocument(as: shared.graph.tree)
        else { return nil }
        return shared
    }

    /// Renderings of quiet sessions by page and the hash of their state
    /// (`ViewGraph.stateHash()`), for sessions that reach the same state to share.
    private var renderingsByState: [String: WeakRenderGroup] = [:]

    /// Another session's rendering in the state `session`'s own is in (the same search on the
    /// same page), which it may share: found by the hash of the state, then compared as the
    /// pristine one is. Each member that acts later gets a copy of that state
    /// (`ViewGraph.takeState(of:)`, in `isolate`), so one is made now to see that it can be;
    /// a page whose copy would differ stays on its own. Otherwise `session`'s rendering is the
    /// one of its state that later sessions find.
    private func renderingInSameState(as session: LiveSession) -> RenderGroup? {
        let own = session.group
        // Once per version of its rendering: a session that reaches this state later finds
        // this one.
        guard session.stateHashedAt != own.graph.version, !own.graph.needsUpdate, let hash = own.graph.stateHash() else { return nil }
        session.stateHashedAt = own.graph.version
        let key = own.joinKey + "\u{3}" + String(hash)
        if let other = renderingsByState[key]?.group, other !== own, !other.isRetired, !other.members.isEmpty,
            other.canShare(own.root, context: session.context), own.graph.hasSameState(as: other.graph),
            own.graph.tree.isSameDocument(as: other.graph.tree), canCopyState(of: other, for: session)
        {
            return other
        }
        if let previous = own.stateKey, renderingsByState[previous]?.group === own { renderingsByState.removeValue(forKey: previous) }
        own.stateKey = key
        renderingsByState[key] = WeakRenderGroup(group: own)
        if renderingsByState.count >= 64 && renderingsByState.count.isMultiple(of: 64) {
            renderingsByState = renderingsByState.filter { $0.value.group.map { !$0.isRetired } ?? false }
        }
        return nil
    }

    /// Whether a fresh rendering of `group`'s page for `session` takes over its state and
    /// then shows the same page (what `isolate` will do for it). Tried once per version of
    /// `group`: the sessions that join it pass `canShare`, so they read what its views read.
    private func canCopyState(of group: RenderGroup, for session: LiveSession) -> Bool {
        if group.stateCopiesAt == group.graph.version { return true }
        let copy = RenderGroup(page: group.page, context: session.context, makeRoot: group.makeRoot, manager: self)
        defer { copy.graph.tearDown() }
        let copies = copy.graph.takeState(of: group.graph) && copy.graph.tree.isSameDocument(as: group.graph.tree)
        if copies { group.stateCopiesAt = group.graph.version }
        return copies
    }
}
