import Foundation
import Jetway
import JetwayStore

/// One change to a flight, as the airport keeps them: who made it, when, and what changed
/// ("Status: On Time → Delayed"). Every change through `FlightBoardModel.change` (the operations
/// console, the API, the feed) and every step of the simulator writes one, in the same
/// transaction as the change itself.
public struct FlightHistoryEntry: Record, Identifiable, Hashable, Sendable {
    public static let table = "flight_history"
    public let id: String
    public let flightID: Int
    public let at: Date
    /// A staff member's name, or "api", "feed", "simulator".
    public let who: String
    public let what: String

    public init(flightID: Int, at: Date, who: String, what: String) {
        self.id = "\(flightID)-\(Int64(at.timeIntervalSince1970 * 1000))-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        self.flightID = flightID
        self.at = at
        self.who = who
        self.what = what
    }
}

extension FlightInformation {
    /// What changed from `old` to this, in words (times in `timeZone`); empty when nothing did.
    public func changes(from old: FlightInformation, timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "HH:mm"
        var parts: [String] = []
        if status != old.status { parts.append("Status: \(old.status.rawValue) → \(status.rawValue)") }
        if expectedTime != old.expectedTime {
            parts.append("Time: \(formatter.string(from: old.expectedTime)) → \(formatter.string(from: expectedTime))")
        }
        if gate != old.gate { parts.append("Gate: \(old.gate) → \(gate)") }
        return parts.joined(separator: "; ")
    }
}

extension FlightBoardModel {
    /// Changes one flight and records who did it, in one transaction: every page showing the
    /// flight follows within a frame, and its history gains a line (nothing when nothing
    /// changed). A gate change keeps the gate it left, for the kiosks at both.
    @discardableResult
    public func change(_ id: Int, by who: String, _ change: (inout FlightInformation) throws -> Void) throws -> FlightInformation {
        try store.transaction { transaction in
            guard var flight = try transaction.find(FlightInformation.self, id: id) else {
                throw StoreError.notFound(table: FlightInformation.table, id: String(id))
            }
            let old = flight
            try change(&flight)
            if flight.gate != old.gate {
                flight.previousGate = old.gate
                flight.terminal = String(flight.gate.prefix(1))
            }
            let what = flight.changes(from: old, timeZone: timeZone)
            guard !what.isEmpty || flight != old else { return flight }
            try transaction.update(flight)
            if !what.isEmpty {
                try transaction.insert(FlightHistoryEntry(flightID: id, at: clock.now, who: who, what: what))
            }
            return flight
        }
    }

    /// A flight's latest changes, newest first: a live list shared by every page that shows it.
    public func history(of id: Int) -> FetchedResultList<FlightHistoryEntry> {
        cached(&historyLists, id, limit: 256) {
            FetchedResultList<FlightHistoryEntry>(
                store: store, filter: NSPredicate(format: "flightID == %d", id),
                sortDescriptors: [NSSortDescriptor(keyPath: \FlightHistoryEntry.at, ascending: false)], fetchLimit: 20)
        }
    }
}

/// A flight's history on its page: who changed what, when.
struct FlightHistoryList: View {
    let list: FetchedResultList<FlightHistoryEntry>

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("History").font(.headline)
            if list.items.isEmpty {
                Text("No changes yet").foregroundColor(.secondary).accessibilityIdentifier("history-empty")
            }
            ForEach(list.items) { entry in
                VStack(alignment: .leading, spacing: 2) {
                    Text(entry.what)
                    HStack(spacing: 6) {
                        Text(entry.at, style: .time)
                        Text("by \(entry.who)")
                    }
                    .font(.footnote)
                    .foregroundColor(.secondary)
                }
                .accessibilityIdentifier("history-entry")
            }
        }
    }
}
