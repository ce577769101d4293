import Foundation
import Jetway

extension SessionManager {
    /// The browser reported its time zone (features/locale.js) and the page was rendered in
    /// another (a first visit, before the `jw_zone` cookie): the page moves to the rendering of
    /// its page in that zone — joining one other pages in the zone share, or a new one — and the
    /// browser gets the whole page; unless no view on it has read the zone, when it only keeps
    /// it. False for a name Foundation does not know.
    func changeTimeZone(_ session: LiveSession, to zone: String) -> Bool {
        guard zone.utf8.count <= 64, let timeZone = TimeZone(identifier: zone) else { return false }
        // The zone the page was rendered in: its own, else the app's, else UTC.
        let renderedName = session.group.context._timeZoneIdentifier ?? server.app.timeZone?.identifier ?? "UTC"
        let rendered = TimeZone(identifier: renderedName) ?? timeZone
        guard !Self.sameZone(rendered, timeZone) else { return true }
        guard let (route, match) = server.app.match(path: session.context.path, query: session.context.queryString) else { return true }
        if session.group.graph.needsUpdate { transport?.wake(session.group.flush(ref: 0, for: nil)) }
        var context = session.context
        context.setVisitor(language: context.language, timeZone: visitorZone(zone), direction: context.direction)
        session.context = context
        // Nothing on the page has read the zone: the page stays in the rendering it shares
        // (the first view that reads it separates the pages of other zones).
        guard session.group.context._zoneWasRead else { return true }
        let previous = session.group
        let target = group(showing: route, match, at: context.path, context.queryString, context: context)
        guard target !== previous else { return true }
        move(session, to: target)
        session.stateCheckedAt = nil
        if previous.members.isEmpty { retire(previous) }
        Log.debug("time_zone", ["session": session.shortID, "zone": zone])
        return true
    }

    /// The browser's zone as a page's: nil when it is the one a page without one is shown in
    /// (the app's, else UTC), so that a browser that said its zone shares with one that has not.
    func visitorZone(_ name: String?) -> String? {
        guard let name, let zone = TimeZone(identifier: name) else { return nil }
        return Self.sameZone(zone, server.app.timeZone ?? TimeZone(identifier: "UTC")!) ? nil : name
    }

    /// Two names of one zone as far as a page shows it: the same name, or UTC by any name
    /// (`UTC`, `Etc/UTC`, `GMT`).
    static func sameZone(_ a: TimeZone, _ b: TimeZone) -> Bool {
        a.identifier == b.identifier || (utcNames.contains(a.identifier) && utcNames.contains(b.identifier))
    }

    static let utcNames: Set<String> = [
        "UTC", "Etc/UTC", "GMT", "Etc/GMT", "Etc/Universal", "Universal", "Etc/Zulu", "Zulu", "Etc/UCT", "UCT", "Etc/Greenwich",
        "Greenwich", "GMT0", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0",
    ]
}
