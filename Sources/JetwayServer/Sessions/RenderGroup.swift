import Jetway

/// The rendering behind one or more sessions: one `ViewGraph`, the patches it produced, and
/// its first-paint HTML.
///
/// Sessions that open the same page (same path and query, the same root view value, the same
/// signed-in user; see `canJoin`) share one
/// group while its graph is pristine (`ViewGraph.isPristine`: no event, no `@State` written, no
/// `@StateObject`, no lifecycle hooks): a change to shared data renders and encodes the page
/// once and the same bytes go to every member. A member gets a group of its own before
/// anything of its own can happen (its first event, a resync): a fresh graph of the same root
/// view renders the same page and takes over its element ids (`ViewGraph.adoptPage(of:)`), so
/// the browser goes on without noticing. See docs/architecture.md, "Shared rendering".
@MainActor
final class RenderGroup {
    /// The path and query the page was opened at.
    let page: String
    /// The request context its views see (`\.request`): the first member's. Members share
    /// its user; they share its device too once anything has read it.
    let context: RequestContext
    /// The `nav` path of the page's URL: the screen it opened at.
    let navigation: String
    let root: RootView
    /// Builds the page's root view again, as the route does for a request. A graph of its own
    /// needs a value of its own: a view's `@State` cells point at the storage of the graph that
    /// installed them last, so two graphs must never render the same value.
    let makeRoot: @MainActor () -> RootView
    let graph: ViewGraph
    private(set) var members: [ObjectIdentifier: LiveSession] = [:]
    /// Weak: a rendering can outlive its server's sessions for a moment (a model change
    /// still reaching a graph of a server that was replaced, as a restart in a test does).
    weak var manager: SessionManager?

    /// Whether this is the rendering new browsers share (`SessionManager.newBrowsersRendering`):
    /// made for a device no browser has; its members are browsers whose own page was the same.
    let forNewDevices: Bool

    init(
        page: String, context: RequestContext, makeRoot: @escaping @MainActor () -> RootView, manager: SessionManager,
        forNewDevices: Bool = false
    ) {
        self.page = page
        self.navigation = context.query["nav"] ?? ""
        self.context = context.withOwnReadMark()
        self.forNewDevices = forNewDevices
        self.makeRoot = makeRoot
        self.root = makeRoot()
        var environment = EnvironmentValues()
        environment.request = self.context
        environment.wallClock = manager.server.configuration.clock
        // The visitor's time zone, else the app's, else UTC (its reads noted: pages of other
        // zones share the rendering until a view reads it); the visitor's language and its
        // direction.
        let timeZone =
            context._timeZoneIdentifier.flatMap(TimeZone.init(identifier:)) ?? manager.server.app.timeZone
            ?? TimeZone(identifier: "UTC")!
        environment.setVisitorTimeZone(timeZone, note: self.context.zoneReadNote)
        if let locale = context.locale { environment.locale = locale }
        environment.layoutDirection = context.direction
        self.graph = ViewGraph(root.view, environment: environment)
        graph.render()
        // A URL of a tab opens that tab, and one of a pushed screen that screen (the links it
        // names, followed in turn, in the tab shown).
        if let tab = context.query["tab"], !tab.isEmpty { graph.openTab(tab) }
        if !navigation.isEmpty { graph.openNavigation(navigation) }
        joinKey =
            forNewDevices
            ? Self.newDevicesKey(page: page, user: context.user, sizes: context._sizes)
            : Self.joinKey(
                page: page, user: context.user, device: self.context._deviceWasRead ? context._device ?? "" : nil,
                sizes: self.context._sizesWereRead ? context._sizes ?? "" : nil,
                zone: self.context._zoneWasRead ? context._timeZoneIdentifier ?? "" : nil)
        self.manager = manager
        graph.onNeedsUpdate = { [weak self] in
            guard let self else { return }
            self.manager?.scheduleFlush(self)
        }
    }

    /// Whether another session opening the same page may join: only while a fresh graph would
    /// render exactly this one, for the same user and, once a view has read it, the same device
    /// (or, for the rendering of new browsers, a new browser whose page was the same).
    func canJoin(_ otherRoot: RootView, context other: RequestContext) -> Bool {
        graph.isPristine && context.user == other.user && context.reducesMotion == other.reducesMotion
            && context.userInterfaceIdiom == other.userInterfaceIdiom && context.sizeClassesText == other.sizeClassesText
            && context.language == other.language && sharesZone(with: other) && sharesDevice(with: other)
            && sharesSizes(with: other) && root.isSame(as: otherRoot)
    }

    /// Whether a session of `other`'s page, in the state this rendering is in, may share it:
    /// the same user, device and sizes where they were read, and the same root view.
    func canShare(_ otherRoot: RootView, context other: RequestContext) -> Bool {
        !forNewDevices && context.user == other.user && context.reducesMotion == other.reducesMotion
            && context.userInterfaceIdiom == other.userInterfaceIdiom && context.sizeClassesText == other.sizeClassesText
            && context.language == other.language && sharesZone(with: other) && sharesDevice(with: other)
            && sharesSizes(with: other) && root.isSame(as: otherRoot)
    }

    /// Its key among the renderings in a state of their own (`SessionManager.renderingInSameState`).
    var stateKey: String?
    /// The version at which a fresh graph was seen to take over its state (`canCopyState`).
    var stateCopiesAt: UInt64?

    /// The key the manager finds a joinable rendering by: pages of different users never share,
    /// and a page whose first render read the device is found by its browser too.
    let joinKey: String

    static func joinKey(page: String, user: String?, device: String? = nil, sizes: String? = nil, zone: String? = nil) -> String {
        page + "\u{0}" + (user ?? "") + (device.map { "\u{0}" + $0 } ?? "") + (sizes.map { "\u{1}" + $0 } ?? "")
            + (zone.map { "\u{3}zone " + $0 } ?? "")
    }

    /// The key of the rendering new browsers share (no device id has this form). By their
    /// sizes too, whether the page reads them or not: the key is looked up before rendering.
    static func newDevicesKey(page: String, user: String?, sizes: String?) -> String {
        joinKey(page: page, user: user, device: "\u{2}new", sizes: sizes ?? "")
    }

    /// Whether a page of `other`'s browser lays out as this rendering does: always, until a
    /// `GeometryReader` took its first size from the browser's reported sizes.
    func sharesSizes(with other: RequestContext) -> Bool {
        !context._sizesWereRead || context._sizes == other._sizes
    }

    /// Whether a page in `other`'s time zone sees what this rendering shows: always, until a
    /// view has read the visitor's zone (a page that pins its own, as an airport's board in the
    /// airport's time, never does).
    func sharesZone(with other: RequestContext) -> Bool {
        !context._zoneWasRead || context._timeZoneIdentifier == other._timeZoneIdentifier
    }

    /// Whether a page of `other`'s browser sees what this rendering shows: always, until a
    /// view has read the device.
    func sharesDevice(with other: RequestContext) -> Bool {
        forNewDevices || !context._deviceWasRead || context._device == other._device
    }

    var isShared: Bool { members.count > 1 }
    /// Sessions that left this rendering for one of their own and are still open: while there
    /// are some, it is kept pristine for them to share again, even with no member.
    var sessionsThatLeft = 0
    /// Torn down (`SessionManager.retire`): nobody shows it, nobody joins it.
    var isRetired = false

    func add(_ session: LiveSession) {
        // The new browser has none of the elements the others keep detached: they are
        // evicted with the next patch, so no later patch brings one of them back.
        if !members.isEmpty { graph.tree.evictRetained() }
        members[ObjectIdentifier(session)] = session
    }

    func remove(_ session: LiveSession) {
        members.removeValue(forKey: ObjectIdentifier(session))
    }

    // MARK: Patches

    /// Renders what changed and queues the patch for every member, encoded once;
    /// `session`'s copy carries the event's `ref`. Returns the connections that were sent
    /// something (the caller wakes the service thread for them once). Unless `finishing` is
    /// false, it then does what the members need not wait for (`finishFlush`).
    func flush(ref: Int, for session: LiveSession?, finishing: Bool = true) -> [Connection] {
        // The history in order, whoever forgot to finish the last flush.
        if unrecorded != nil { finishFlush() }
        let ops = graph.update()
        // A view read the device for the first time while pages of other browsers share this
        // rendering: they get renderings of their own before this one is sent to anyone.
        if isShared && context._deviceWasRead {
            let others = members.values.filter { !sharesDevice(with: $0.context) }
            for member in others { manager?.separate(member) }
            if !others.isEmpty { manager?.noteDeviceSplit(page: page, reader: context._deviceReader, browsers: others.count + 1) }
        }
        // The same for a read of the visitor's zone: pages in other zones — sharing it, or alone
        // in one rendered before their browser said its zone — get renderings in theirs.
        if context._zoneWasRead, members.values.contains(where: { !sharesZone(with: $0.context) }) {
            for member in members.values.filter({ !sharesZone(with: $0.context) }) { manager?.moveToItsZone(member) }
        }
        var sent: [Connection] = []
        // The event's own page first (its user waits for it), tagged with the event's ref, or
        // an empty answer.
        let answered = session.flatMap { ref != 0 && members[ObjectIdentifier($0)] != nil ? $0 : nil }
        if let answered, answered.deliver(PatchEncoder.encode(version: graph.version, ops, ref: ref)),
            let connection = answered.connection
        {
            sent.append(connection)
        }
        if !ops.isEmpty {
            if members.count == (answered == nil ? 0 : 1) {
                // Sent to no other page: encoded for the history after the wake.
                unrecorded = (graph.version, ops)
            } else {
                let shared = PatchEncoder.encode(version: graph.version, ops, ref: 0)
                record(shared, version: graph.version)
                for member in members.values where member !== answered && member.deliver(shared) {
                    if let connection = member.connection { sent.append(connection) }
                }
            }
        }
        if finishing { finishFlush() }
        return sent
    }

    /// A patch sent only to the page whose event made it, not yet in the history.
    private var unrecorded: (version: UInt64, ops: [PatchOp])?

    /// What the members need not wait for, after the service thread was woken for them: the
    /// history's copy of a patch only the event's page was sent, and freeing what the update
    /// replaced (a search's rows).
    func finishFlush() {
        if let (version, ops) = unrecorded {
            unrecorded = nil
            record(PatchEncoder.encode(version: version, ops, ref: 0), version: version)
        }
        graph.releaseRetired()
    }

    /// Renders what changed while no page showed this rendering (nobody is sent anything):
    /// dirty renderings without members are skipped by the batched flush.
    func catchUp() {
        guard members.isEmpty, graph.needsUpdate else { return }
        _ = flush(ref: 0, for: nil)
    }

    // Recent patches, so a client that reconnects gets only what it missed.
    private var history: [(version: UInt64, bytes: [UInt8])] = []
    private var historyBytes = 0
    static let historyLimit = (patches: 16, bytes: 16 * 1024, leastBytes: 2 * 1024)

    /// How many bytes of patches are worth keeping: up to half the page as last written (a
    /// client that missed more is sent the page, which then costs at most twice the patches),
    /// at least 2 KB, at most 16 KB. A board's search that shows a window of other rows is a
    /// patch of half its page: kept, the two letters of a search were 15 kB of each session.
    var historyByteLimit: Int {
        guard let pageBytes = pageLength else { return Self.historyLimit.bytes }
        return min(Self.historyLimit.bytes, max(Self.historyLimit.leastBytes, pageBytes / 2))
    }

    private func record(_ bytes: [UInt8], version: UInt64) {
        let limit = historyByteLimit
        guard bytes.count <= limit else {
            // Larger than what is kept at all: the older patches are of no use without it.
            forgetHistory()
            return
        }
        // A copy of its own length: the encoder's array has room to spare (up to twice the
        // patch), and a session keeps its last patches while it lives.
        history.append((version, bytes.withUnsafeBufferPointer { Array($0) }))
        historyBytes += bytes.count
        while history.count > Self.historyLimit.patches || historyBytes > limit {
            historyBytes -= history.removeFirst().bytes.count
        }
    }

    /// The patches after `version`, or nil when they are no longer all kept (or the version is
    /// not one this page produced).
    func patches(since version: UInt64) -> [[UInt8]]? {
        if version == graph.version { return [] }
        guard version < graph.version, let first = history.first, first.version <= version + 1 else { return nil }
        return history.filter { $0.version > version }.map(\.bytes)
    }

    func forgetHistory() {
        history.removeAll()
        historyBytes = 0
    }

    // MARK: First paint

    private var html: (version: UInt64, text: String)?

    /// Shares `other`'s node objects wherever this rendering's first page is the same (every
    /// subtree without handlers; see `ViewGraph.adoptPage(of:)`), before anything of it is
    /// sent: a page that renders for its browser alone (it read the device) costs what differs
    /// from another browser's. Whether it was the same page.
    @discardableResult
    func shareCommonNodes(with other: RenderGroup) -> Bool {
        guard other !== self, !other.members.isEmpty, other.graph.isPristine, graph.adoptPage(of: other.graph) else { return false }
        html = nil
        return true
    }

    /// The page's HTML at its current version, written once per version for all members.
    /// Kept only while pages of other browsers may still join (~27 kB of the airport's board):
    /// a rendering of one browser's own (it read the device, or had an event) is sent its page
    /// again only on a resync.
    var pageHTML: String {
        if let html, html.version == graph.version { return html.text }
        let text = graph.tree.root?.html ?? ""
        html = graph.isPristine && (forNewDevices || !context._deviceWasRead) ? (graph.version, text) : nil
        htmlBytes = (graph.version, text.utf8.count)
        return text
    }

    private var htmlBytes: (version: UInt64, count: Int)? {
        didSet { if let htmlBytes { pageLength = htmlBytes.count } }
    }
    /// The page's length when it was last written, whatever the version since: what the
    /// history may hold is measured against it (`historyByteLimit`).
    private var pageLength: Int?

    /// Takes `other`'s page length as its own, for a rendering that took over `other`'s page
    /// (`ViewGraph.adoptPage(of:)`).
    func takePageLength(of other: RenderGroup) {
        if pageLength == nil { pageLength = other.pageLength }
    }

    /// The length of `pageHTML`, for the memory estimate of a page that renders alone. Only the
    /// length is kept: a rendering a search took apart from the others is sent patches, not its
    /// page, and keeping its page's text (the whole board, ~0.4 MB) for a count cost more than
    /// the estimate stood for.
    var pageHTMLBytes: Int {
        if let htmlBytes, htmlBytes.version == graph.version { return htmlBytes.count }
        let count = graph.tree.root?.html.utf8.count ?? 0
        htmlBytes = (graph.version, count)
        return count
    }
}
