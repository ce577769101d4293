import Foundation
import JetwayStore

/// Moves the day along, as an airport's systems would: flights board half an hour before
/// they leave and depart when due, arrivals land, and now and then a flight is delayed, moved
/// to another gate or cancelled. Each step is one transaction, so every page sees it at once.
/// `make run` starts it; `--no-simulate` leaves the day as it is.
@MainActor
public final class AirportSimulator {
    public let model: FlightBoardModel
    private var random: DayGenerator
    private var timer: Task<Void, Never>?
    /// What the last step changed, for logs and tests.
    public private(set) var lastChanges = 0

    public init(model: FlightBoardModel, seed: UInt64 = 1) {
        self.model = model
        random = DayGenerator(seed: seed)
    }

    /// Steps every `interval` on the wall clock until `stop()`.
    public func start(every interval: Duration = .seconds(5)) {
        timer?.cancel()
        timer = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                guard self != nil else { return }
                self?.stepLogged(now: nil)
                try? await Task.sleep(for: interval)
            }
        }
    }

    public func stop() {
        timer?.cancel()
        timer = nil
    }

    /// A step at `now`, or at the airport clock's time now.
    private func stepLogged(now: Date?) {
        do {
            try step(now: now ?? model.clock.now)
        } catch {
            FileHandle.standardError.write(Data("level=error event=simulator_step_failed error=\"\(error)\"\n".utf8))
        }
    }

    /// One step at `now`: statuses the clock has reached, and a few surprises among the next
    /// three hours' flights.
    public func step(now: Date) throws {
        let store = model.store
        let changed = try store.transaction { transaction -> Int in
            let window = NSPredicate(
                format: "scheduledTime < %@ AND NOT (status IN %@)", now.addingTimeInterval(3 * 3600),
                [
                    FlightInformation.Status.departed.rawValue, FlightInformation.Status.landed.rawValue,
                    FlightInformation.Status.cancelled.rawValue,
                ])
            var changes = 0
            for var flight in try transaction.fetch(FlightInformation.self, where: window, sortedBy: FlightBoardModel.byTime) {
                let before = flight
                advance(&flight, now: now)
                if flight != before {
                    try transaction.update(flight)
                    let what = flight.changes(from: before, timeZone: model.timeZone)
                    if !what.isEmpty {
                        try transaction.insert(FlightHistoryEntry(flightID: flight.id, at: now, who: "simulator", what: what))
                    }
                    changes += 1
                }
            }
            return changes + (try rollOver(transaction, now: now))
        }
        lastChanges = changed
        model.moveWindows(to: now)
    }

    /// When the day's last flights are near, the next day's are added (its flights numbered on
    /// from the last id) and the ones more than a day old removed: a kiosk that runs for days
    /// always has flights to show, and the table stays about two days long.
    private func rollOver(_ transaction: Transaction, now: Date) throws -> Int {
        let ahead = try transaction.fetch(
            FlightInformation.self, where: NSPredicate(format: "scheduledTime > %@", now.addingTimeInterval(2 * 3600)), limit: 1)
        guard ahead.isEmpty else { return 0 }
        let last = try transaction.fetch(
            FlightInformation.self, sortedBy: [NSSortDescriptor(keyPath: \FlightInformation.id, ascending: false)], limit: 1)
        let lastID = last.first?.id ?? 0
        let lastDay = last.first?.scheduledTime ?? now
        // The day after the last flight's, or today if the store has fallen behind the clock.
        let next = max(lastDay.addingTimeInterval(24 * 3600), now)
        var added = 0
        for flight in FlightInformation.generatedDay(count: AirportSimulator.flightsPerDay, day: next, timeZone: model.timeZone) {
            try transaction.insert(flight.renumbered(lastID + flight.id))
            added += 1
        }
        let placeholder = model.store.dialect == .sqlite ? "?" : "$1"
        try transaction.execute(
            "DELETE FROM flights WHERE \"scheduledTime\" < \(placeholder)", [.real(now.timeIntervalSince1970 - 24 * 3600)],
            changing: ["flights"])
        // What belonged to the flights that went: their history and the stars on them.
        try transaction.execute(
            "DELETE FROM flight_history WHERE \"flightID\" NOT IN (SELECT id FROM flights)", changing: ["flight_history"])
        try transaction.execute(
            "DELETE FROM starred_flights WHERE \"flightID\" NOT IN (SELECT id FROM flights)", changing: ["starred_flights"])
        return added
    }

    /// How many flights a generated day has.
    public static var flightsPerDay = 1200

    private func chance(_ probability: Double) -> Bool {
        Double(random.next() % 1_000_000) / 1_000_000 < probability
    }

    private func advance(_ flight: inout FlightInformation, now: Date) {
        let expected = flight.expectedTime
        switch flight.direction {
        case .departure:
            if expected <= now {
                flight.status = .departed
                return
            }
            if expected.timeIntervalSince(now) <= 30 * 60 {
                flight.status = .boarding
                return
            }
        case .arrival:
            if expected <= now {
                flight.status = .landed
                return
            }
        }
        // Still to come: a small chance each step of a delay, a gate change or (rarely) a
        // cancellation.
        if chance(0.004) {
            let minutes = Double(10 + Int(random.next() % 6) * 10)
            flight.currentTime = expected.addingTimeInterval(minutes * 60)
            flight.status = .delayed
        } else if chance(0.002), flight.direction == .departure {
            let terminal = flight.terminal.isEmpty ? "A" : flight.terminal
            let gate = terminal + String(1 + Int(random.next() % 20))
            if gate != flight.gate {
                flight.previousGate = flight.gate
                flight.gate = gate
            }
        } else if chance(0.0004) {
            flight.status = .cancelled
        }
    }
}
