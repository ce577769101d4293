import Foundation
import Jetway

/// What a page's websocket says and how it is answered, on the main actor: the connection's
/// queued messages handled in order, joins (resume, re-mount, token renewal), events, pings and
/// resyncs, and the violations that close a socket. The sessions themselves are
/// `SessionManager`'s (SessionManager.swift).
extension SessionManager {
    /// Handles what a connection queued, in the order it happened, a turn at a time: at most
    /// `drainSlice` of work per main-actor job, then a new job for the rest at the back of the
    /// line, so the connections take turns. A connection whose address or session has used
    /// more than its share of the main actor (`MainActorShares`) waits first; meanwhile its
    /// messages queue, and a value a later one replaces is answered without being applied
    /// (`InboundCoalescing`): a search typed at 55 keys a second renders the latest text.
    func drain(_ connection: Connection) {
        let keys = shareKeys(of: connection)
        if takesTurns, let wait = shares.wait(for: keys, at: .now).map({ min($0, Self.longestWait) }) {
            parkedDrains += 1
            Task { @MainActor in
                try? await Task.sleep(for: wait)
                self.parkedDrains -= 1
                self.drain(connection)
            }
            return
        }
        let started = ContinuousClock.now
        let (items, more) = connection.takeInbound(max: 64)
        // Each message decoded once, here: the coalescing looks ahead at the next.
        let decoded = items.map { item -> Result<ClientMessage, any Error>? in
            guard case .message(let bytes, false, _) = item else { return nil }
            return Result { try ClientMessage.decode(bytes) }
        }
        let messages = decoded.map { try? $0?.get() }
        let superseded = InboundCoalescing.superseded(messages)
        var held: HeldValue?
        var handled = 0
        for (index, item) in items.enumerated() {
            if takesTurns, index > 0, held == nil, ContinuousClock.now - started > Self.drainSlice {
                connection.putBack(Array(items[index...]))
                break
            }
            handled += 1
            switch item {
            case .opened: connected(connection)
            case .closed: closed(connection)
            case .message(_, _, let arrived):
                if let message = messages[index], case .event(let ref, let id, let event, let payload) = message,
                    superseded[index] || held != nil, byConnection[connection.id] != nil
                {
                    let value = HeldValue(ref: ref, id: id, event: event, payload: payload, arrived: arrived)
                    held = coalesce(connection, value, held: held, last: !superseded[index])
                } else {
                    received(connection, decoded[index], arrived: arrived)
                }
            }
        }
        shares.charge(ContinuousClock.now - started, to: keys, at: .now)
        if more || handled < items.count { Task { @MainActor in self.drain(connection) } }
    }

    /// The longest a connection's turn runs before the next connection's.
    static let drainSlice: Duration = .milliseconds(5)
    /// The longest one wait for a share: a second, then the key is served again (and waits
    /// again if it is still over).
    static let longestWait: Duration = .seconds(1)

    /// The shares a connection's work counts against: its address's and, once joined, its
    /// session's.
    func shareKeys(of connection: Connection) -> [String] {
        let address = connections[connection.id]?.addressShareKey ?? MainActorShares.addressKey(connection.address)
        guard let session = byConnection[connection.id] else { return [address] }
        return [address, session.shareKey]
    }

    /// A value event of a run that replace one another: the last one the rate limit lets
    /// through is applied; the others are answered with an empty patch (the browser counts
    /// its events as answered up to the highest ref).
    struct HeldValue {
        let ref: Int
        let id: String
        let event: String
        let payload: EventValue
        let arrived: ContinuousClock.Instant
    }

    /// One event of a run of values for the same element; `last`: the run ends with it. The
    /// value still held (to apply if the next one is refused), or nil once applied.
    private func coalesce(_ connection: Connection, _ value: HeldValue, held: HeldValue?, last: Bool) -> HeldValue? {
        guard let state = connections[connection.id], !connection.isClosed, let session = byConnection[connection.id] else {
            return nil
        }
        session.lastRef = max(session.lastRef, value.ref)
        var kept = held
        if state.rate.take(at: value.arrived) {
            if let kept { acknowledge(kept.ref, in: session) }
            kept = value
        } else {
            violation(state, ref: value.ref, "too many events; slow down")
        }
        guard last else { return kept }
        if let kept { apply(state, session, ref: kept.ref, id: kept.id, event: kept.event, payload: kept.payload) }
        return nil
    }

    /// Answers an event that needs no render: an empty patch with its ref.
    private func acknowledge(_ ref: Int, in session: LiveSession, coalesced: Bool = true) {
        if coalesced { coalescedEvents += 1 }
        if session.deliver(PatchEncoder.encode(version: session.group.graph.version, [], ref: ref)), let connection = session.connection {
            transport?.wake(connection)
        }
    }

    func connected(_ connection: Connection) {
        connections[connection.id] = ConnectionState(connection: connection, rate: TokenBucket(rate: server.configuration.eventsPerSecond))
        Log.debug("ws_open", ["connection": connection.id])
    }

    func closed(_ connection: Connection) {
        connections.removeValue(forKey: connection.id)
        if let session = byConnection.removeValue(forKey: connection.id), session.connection === connection {
            session.connection = nil
            session.detachedSince = now()
            Log.info("detach", ["session": session.shortID])
        }
    }

    /// One message, as `drain` decoded it (nil: a binary frame).
    func received(_ connection: Connection, _ decoded: Result<ClientMessage, any Error>?, arrived: ContinuousClock.Instant) {
        // A message queued before its socket closed is dropped: nothing may attach a dead socket.
        guard let state = connections[connection.id], !connection.isClosed else { return }
        guard let decoded else {
            violation(state, ref: 0, "malformed message: binary frames are not accepted")
            return
        }
        let message: ClientMessage
        do {
            message = try decoded.get()
        } catch {
            violation(state, ref: 0, "malformed message (\(error)); expected a JSON array such as [\"e\",1,\"2s\",\"click\",null]")
            return
        }
        switch message {
        case .join(let token, let path, let version, let buildID, let query):
            guard state.fullPages.take(at: arrived) else {
                violation(state, ref: 0, "too many joins; slow down")
                return
            }
            join(state, token: token, path: path, query: query, clientVersion: version, buildID: buildID, arrived: arrived)
        case .event(let ref, let id, let event, let payload):
            guard let session = byConnection[connection.id] else {
                violation(state, ref: ref, "join before sending events")
                return
            }
            // Answered from here on, with a patch or an error.
            session.lastRef = max(session.lastRef, ref)
            guard state.rate.take(at: arrived) else {
                violation(state, ref: ref, "too many events; slow down")
                return
            }
            apply(state, session, ref: ref, id: id, event: event, payload: payload)
        case .ping(let stamp):
            // The server's clock too: the browser's clocks count from it.
            send(connection, .pong(stamp: stamp, serverTime: Int64(WallClock.milliseconds(server.configuration.clock.now))))
        case .resync:
            // A whole page each time: a few a minute.
            guard state.fullPages.take(at: arrived) else {
                violation(state, ref: 0, "too many resyncs; slow down")
                return
            }
            byConnection[connection.id]?.sendFullPage()
        case .synced(let page):
            byConnection[connection.id]?.synced(Int(clamping: page))
        case .sizes(let ref, let reports):
            guard let session = byConnection[connection.id] else {
                violation(state, ref: ref, "join before sending events")
                return
            }
            session.lastRef = max(session.lastRef, ref)
            // Each started `sizesPerEvent` counts as one event (never more than a burst holds).
            let cost = min(
                (reports.count + Self.sizesPerEvent - 1) / Self.sizesPerEvent, max(1, Int(server.configuration.eventsPerSecond * 2)))
            guard state.rate.take(at: arrived, count: cost) else {
                violation(state, ref: ref, "too many events; slow down")
                return
            }
            applySizes(state, session, ref: ref, reports: reports)
        }
    }

    /// How many of a `sizes` message's reports the rate limit counts as one event: one frame's
    /// measures are one render, however many readers they name.
    static let sizesPerEvent = 16

    /// What the page measured in one frame: each size given to its element as a `resize`
    /// event, then one render answers them all. A size for an element a patch removed is
    /// skipped (counted, as a departed event).
    private func applySizes(_ state: ConnectionState, _ session: LiveSession, ref: Int, reports: [SizeReport]) {
        let connection = state.connection
        session.lastEventAt = now()
        guard isolate(session) else {
            send(connection, .error(ref: ref, message: "the page changed before this event arrived; try again"))
            return
        }
        var applied = false
        for report in reports {
            guard let sentID = NodeID(report.id) else {
                violation(state, ref: ref, "unknown element id or event")
                transport?.wake(session.group.flush(ref: 0, for: session))
                return
            }
            do {
                guard let nodeID = session.currentID(sentID) else { throw JetwayError.departedElement(sentID) }
                try session.graph.dispatch(nodeID, .resize, EventPayload(report.payload))
                applied = true
            } catch JetwayError.departedElement, JetwayError.noHandler {
                // Gone, or no longer reading its size, since the frame was measured.
                departedEvents += 1
            } catch {
                violation(state, ref: ref, String(describing: error))
                transport?.wake(session.group.flush(ref: 0, for: session))
                return
            }
        }
        guard applied else {
            acknowledge(ref, in: session, coalesced: false)
            return
        }
        let group = session.group
        transport?.wake(group.flush(ref: ref, for: session, finishing: false))
        group.finishFlush()
    }

    /// An event the rate limit let through, applied to its session and answered with a patch
    /// (or an error).
    private func apply(_ state: ConnectionState, _ session: LiveSession, ref: Int, id: String, event: String, payload: EventValue) {
        let connection = state.connection
        let started = DispatchTime.now()
        guard let sentID = NodeID(id), let kind = EventKind(rawValue: event), kind.isSentByBrowsers else {
            violation(state, ref: ref, "unknown element id or event")
            return
        }
        // The browser's time zone is not the page's: the page moves to a rendering in it.
        // (A name this server's time zone data does not know is answered and ignored.)
        if kind == .timeZone {
            guard case .text(let zone) = payload else {
                violation(state, ref: ref, "a time zone name, as the browser's Intl gives it")
                return
            }
            if !changeTimeZone(session, to: zone) { Log.debug("unknown_time_zone", ["zone": String(zone.prefix(64))]) }
            acknowledge(ref, in: session, coalesced: false)
            return
        }
        session.lastEventAt = now()
        guard isolate(session) else {
            send(connection, .error(ref: ref, message: "the page changed before this event arrived; try again"))
            return
        }
        do {
            // Sent for the page the browser had before it moved to another rendering: an
            // element it no longer has is one a patch removed.
            guard let nodeID = session.currentID(sentID) else { throw JetwayError.departedElement(sentID) }
            try session.graph.dispatch(nodeID, kind, EventPayload(payload))
        } catch JetwayError.departedElement {
            // A click on what a patch just removed: answered (its ref), counted, not held
            // against the connection. A widget's request is told it failed (its promise
            // waits for an answer).
            departedEvents += 1
            if kind == .request {
                send(connection, .error(ref: ref, message: "the element has left the page"))
                return
            }
            Log.debug("departed_element", ["session": session.shortID, "event": event])
            acknowledge(ref, in: session, coalesced: false)
            return
        } catch {
            if kind == .request, !(error is JetwayError) {
                // The data source could not answer: the widget's request fails with its
                // words; nothing was wrong with the message.
                connection.send(ServerMessage.error(ref: ref, message: String(describing: error)).encoded)
            } else {
                violation(state, ref: ref, String(describing: error))
            }
            transport?.wake(session.group.flush(ref: 0, for: session))
            return
        }
        if kind == .request {
            // The answer goes before the patch of the same event, in the same wake.
            connection.send(ServerMessage.answer(ref: ref, json: session.graph.takeAnswer() ?? "null").encoded)
        }
        // Woken before the history's copy is made and the old rows freed.
        let group = session.group
        transport?.wake(group.flush(ref: ref, for: session, finishing: false))
        group.finishFlush()
        Log.debug(
            "event",
            [
                "session": session.shortID, "event": event,
                "duration_us": (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1000,
            ])
    }

    private func join(
        _ state: ConnectionState, token: String, path: String, query: String, clientVersion: UInt64, buildID: String,
        arrived: ContinuousClock.Instant
    ) {
        let connection = state.connection
        if let development {
            // Always said: a page that comes back from the last process may still show what
            // that one said last ("Building…", which this build ended).
            send(connection, .development(development.showing ?? DevelopmentReport(state: .running)))
            // After a trap the page is not mounted: it shows the report until the next build.
            if development.holdsPages { return }
        }
        if buildID != server.configuration.buildID {
            send(connection, .reload)
            return
        }
        let verified: SessionToken
        let expired: Bool
        do {
            // An expired token that verifies is a page that was offline past its token's life:
            // it resumes or re-mounts from its URL, and gets a new token — within a grace;
            // older tokens are refused as expired.
            (verified, expired) = try SessionToken.verifyAllowingExpiry(
                token, path: path, secret: server.secret, lifetime: server.configuration.tokenLifetime, now: now())
            if expired
                && now().timeIntervalSince(verified.issuedAt) > server.configuration.tokenLifetime + server.configuration.expiredTokenGrace
            {
                throw SessionToken.Failure.expired
            }
        } catch {
            Log.warn("join_refused", ["connection": connection.id, "reason": String(describing: error)])
            send(connection, .error(ref: 0, message: String(describing: error)))
            connection.requestClose(code: .policyViolation, reason: "bad token")
            transport?.wake(connection)
            return
        }
        if let previous = byConnection[connection.id] {
            previous.connection = nil
        }
        let identity = current(connection.identity)
        if let session = sessions[verified.sessionID], let signInID = session.signInID {
            if server.signIns.user(for: signInID) == nil {
                // Its sign-in ended since (the sweep has not yet seen it).
                signInEnded(signInID)
                signOut(connection)
                return
            }
            if identity.signInID != signInID {
                // A signed-in page is its sign-in's alone: a token read off the page is not
                // enough to take it over from another browser (or after another sign-in here).
                Log.warn("join_refused", ["connection": connection.id, "reason": "the page belongs to another sign-in"])
                signOut(connection)
                return
            }
        }
        if let session = sessions[verified.sessionID] {
            if expired, let other = session.connection, other !== connection, !other.isClosed {
                // An expired token may bring a page back, not take a live one over.
                send(connection, .error(ref: 0, message: "this page is open elsewhere; try again later"))
                connection.requestClose(code: .sessionInUse, reason: "session in use")
                transport?.wake(connection)
                return
            }
            guard session.fullPages.take(at: arrived) else {
                violation(state, ref: 0, "too many joins of this page; slow down")
                return
            }
            if let other = session.connection, other !== connection {
                byConnection.removeValue(forKey: other.id)
                other.requestClose(code: .openedElsewhere, reason: "session opened elsewhere")
                transport?.wake(other)
            }
            session.attach(connection)
            byConnection[connection.id] = session
            session.tokenIssuedAt = verified.issuedAt  // what this client holds
            // A page that may not have the page it was last sent whole gets it again.
            if !session.needsResync, !session.awaitsSync, let missed = session.group.patches(since: clientVersion) {
                // Resume: only what changed since the version the client has.
                for patch in missed { connection.send(patch) }
                send(connection, .joined(version: session.graph.version, lastRef: session.lastRef))
                Log.info("join", ["session": session.shortID, "resumed": session.joinCount > 1, "patches": missed.count])
            } else {
                session.sendFullPage()
                Log.info("join", ["session": session.shortID, "resumed": session.joinCount > 1, "sync": true])
            }
            // After the page: a full page replaces what was queued before it.
            renewTokenIfOld(session)
            return
        }
        // The server restarted or the session expired: mount the page again from its URL (the
        // token's path and the page's own query, as a reload would). It counts against its
        // address like a page load.
        guard let (route, match) = server.app.match(path: path, query: query) else {
            send(connection, .reload)
            return
        }
        let address = connection.address
        guard sessionsByAddress[address, default: 0] < server.configuration.maxSessionsPerAddress else {
            Log.warn("too_many_sessions", ["address": address, "remount": true])
            send(connection, .error(ref: 0, message: "too many open pages from your address"))
            connection.requestClose(code: .policyViolation, reason: "too many pages")
            transport?.wake(connection)
            return
        }
        if memory.refusal(for: address) != nil {
            // Not refused for good: the runtime tries again later, as after a lost connection.
            send(connection, .error(ref: 0, message: "the server is full; this page tries again shortly"))
            connection.requestClose(code: .tryAgainLater, reason: "server full")
            transport?.wake(connection)
            return
        }
        // Who the browser is now, by the cookies its websocket upgrade carried: a sign-in that
        // ended while the page was away does not come back with it.
        // A session id of its own, and a token for it: behind a balancer, the process that
        // rendered the page's first GET may still hold a session under the old id, which never
        // saw what was typed here; a later reconnect that reached it would resume that one.
        let session = newSession(id: SessionToken.newSessionID(), route, match, at: path, query, identity: identity)
        session.address = address
        sessionsByAddress[address, default: 0] += 1
        session.memoryCharge = PageMemory.estimate(session)
        memory.charge(session.memoryCharge, to: address)
        sessions[session.id] = session
        session.attach(connection)
        byConnection[connection.id] = session
        session.sendFullPage(remounted: true)
        // Its elements are named afresh: what the browser sends before it has them is not read.
        session.sentPageWithOtherIDs()
        sendNewToken(session)
        Log.info("remount", ["session": session.shortID, "path": path])
    }

    /// Sends a connected page a new token once its own is past half its lifetime, so a page
    /// that stays open for days never holds an expired one.
    func renewTokenIfOld(_ session: LiveSession) {
        guard session.connection != nil else { return }
        let current = now()
        guard current.timeIntervalSince(session.tokenIssuedAt) > server.configuration.tokenLifetime / 2 else { return }
        sendNewToken(session)
        Log.debug("token_renewed", ["session": session.shortID])
    }

    /// Sends the connected page a token for its session issued now.
    func sendNewToken(_ session: LiveSession) {
        guard let connection = session.connection else { return }
        let current = now()
        session.tokenIssuedAt = current
        let token = SessionToken.sign(
            SessionToken(sessionID: session.id, issuedAt: current, path: session.match.path), secret: server.secret)
        send(connection, .token(token))
    }

    private func violation(_ state: ConnectionState, ref: Int, _ message: String) {
        state.violations += 1
        Log.warn("bad_input", ["connection": state.connection.id, "violations": state.violations, "message": message])
        send(state.connection, .error(ref: ref, message: message))
        if state.violations >= server.configuration.maxViolations {
            state.connection.requestClose(code: .policyViolation, reason: "too many protocol errors")
            transport?.wake(state.connection)
        }
    }

    func send(_ connection: Connection, _ message: ServerMessage) {
        connection.send(message.encoded)
        transport?.wake(connection)
    }

    /// Sends the development loop's report to every open page.
    func broadcast(_ report: DevelopmentReport) {
        for state in connections.values { send(state.connection, .development(report)) }
    }

    /// Tells every page to reconnect (close 1001) before shutdown.
    func goingAway() {
        for state in connections.values {
            state.connection.requestClose(code: .goingAway, reason: "server restarting")
            transport?.wake(state.connection)
        }
    }
}
