import CMalloc
import Foundation
import Jetway

/// `GET /_jetway/stats` with an API bearer token (`JETWAY_API_TOKENS`): what a server that runs
/// for days holds, as JSON, for a monitor or a soak test to watch for growth:
///
/// ```json
/// {"sessions":612,"connected":600,"connections":601,"observations":48120,"overflows":3,
///  "sockets":640,"sockets_refused":0,"sockets_evicted":0,"requests_too_slow":0,"uptime_s":3600}
/// ```
///
/// `connections`: the connections in memory (sockets, hosted views over them, HTTP requests
/// being answered); it must follow what is open, not what has been served.
/// `overflows`: how many times a page's queue passed `maxQueuedBytes` (a client reading slower
/// than its page changes) and its patches were replaced by one full page, since start.
/// `sockets`: sockets open (websockets included); `sockets_refused`, `sockets_evicted` and
/// `requests_too_slow`: since start, sockets refused at their address's cap or the server's
/// budget, unfinished requests closed to make room, and requests closed at their deadline
/// (docs/security.md, "Descriptors and slow clients").
/// `coalesced_events`: events answered without being applied since start (a later value for
/// the same field was already queued); `waiting_for_share`: connections whose messages wait now
/// because their address or page used more than its share of the main actor.
/// `heap_bytes`: what the allocator has handed out and not had back (the RSS may be larger
/// until freed memory is given back, `PageMemory`).
/// `observations` (the views' live Observation registrations) is null unless counted
/// (`JETWAY_COUNT_OBSERVATIONS=1`). Without a valid token the answer is the not-found page
/// (404), with nothing of the server's in it.
extension JetwayServer {
    static let statsPath = "/_jetway/stats"

    /// The stats, read on the main actor (routing has checked the token).
    @MainActor func statsResponse() -> HTTPResponse {
        let observations = configuration.countsObservations ? String(ObservationRegistrations.live) : "null"
        let uptime = Int(Date().timeIntervalSince(startedAt))
        // The sockets' counts (all zero for a server in memory).
        let counts = sockets?.socketCounts
        let open = counts?.open.load(ordering: .relaxed) ?? 0
        let refused = counts?.refused.load(ordering: .relaxed) ?? 0
        let evicted = counts?.evicted.load(ordering: .relaxed) ?? 0
        let expired = counts?.expired.load(ordering: .relaxed) ?? 0
        let malformed = sockets?.requestHeads.refused.load(ordering: .relaxed) ?? 0
        let body =
            "{\"sessions\":\(sessions.sessionCount),\"connected\":\(sessions.attachedConnections.count),"
            + "\"connections\":\(Connection.live),"
            + "\"observations\":\(observations),\"overflows\":\(sessions.queueOverflows),"
            + "\"sockets\":\(open),\"sockets_refused\":\(refused),"
            + "\"sockets_evicted\":\(evicted),\"requests_too_slow\":\(expired),"
            + "\"requests_malformed\":\(malformed),"
            + "\"coalesced_events\":\(sessions.coalescedEvents),\"departed_events\":\(sessions.departedEvents),\"shared_again\":\(sessions.sharedAgain),\"waiting_for_share\":\(sessions.parkedDrains),"
            + "\"heap_bytes\":\(jw_heap_in_use()),\"uptime_s\":\(uptime)}"
        return HTTPResponse(
            status: 200, contentType: "application/json", headers: [("cache-control", "no-store")], body: Array(body.utf8))
    }
}
