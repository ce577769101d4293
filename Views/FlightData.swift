import Foundation
import Jetway
import JetwayStore

/// A flight on the board: one row of the store's `flights` table.
public struct FlightInformation: Record, Identifiable, Hashable, Sendable {
    public static let table = "flights"
    public enum Direction: String, Sendable, Codable, CaseIterable { case arrival, departure }
    public enum Status: String, Sendable, Codable, CaseIterable {
        case onTime = "On Time", delayed = "Delayed", boarding = "Boarding", departed = "Departed", landed = "Landed", cancelled =
            "Cancelled"

        /// The status as a page shows it: its raw value, looked up in the app's String Catalog
        /// (`Text(status.label)`: "Retrasado" on a Spanish page).
        public var label: LocalizedStringKey { LocalizedStringKey(rawValue) }
    }

    public let id: Int
    public let airline: String
    public let number: String
    public let otherAirport: String
    public let direction: Direction
    public let scheduledTime: Date
    public var status: Status
    public var gate: String
    public var terminal: String
    /// When it now leaves or lands, if not when scheduled (a delay).
    public var currentTime: Date?
    /// The gate it was moved from, after a gate change (kiosks at both gates say so).
    public var previousGate: String?

    public init(
        id: Int, airline: String, number: String, otherAirport: String, direction: Direction, scheduledTime: Date, status: Status,
        gate: String, terminal: String? = nil, currentTime: Date? = nil, previousGate: String? = nil
    ) {
        self.id = id
        self.airline = airline
        self.number = number
        self.otherAirport = otherAirport
        self.direction = direction
        self.scheduledTime = scheduledTime
        self.status = status
        self.gate = gate
        self.terminal = terminal ?? String(gate.prefix(1))
        self.currentTime = currentTime
        self.previousGate = previousGate
    }

    /// Boarding starts half an hour before a departure and its gate closes ten minutes before.
    public var boardingTime: Date { expectedTime.addingTimeInterval(-30 * 60) }
    public var gateClosingTime: Date { expectedTime.addingTimeInterval(-10 * 60) }

    /// Whether it was moved to its gate from another.
    public var gateChanged: Bool { previousGate.map { !$0.isEmpty && $0 != gate } ?? false }

    /// When it leaves or lands now: the current time, or the scheduled one.
    public var expectedTime: Date { currentTime ?? scheduledTime }

    /// Minutes between the scheduled and the current time (0 when on time).
    public var timeDifference: Int {
        guard let currentTime else { return 0 }
        return Int((currentTime.timeIntervalSince(scheduledTime) / 60).rounded())
    }

    /// The timeline's bubble: green on time (or early), yellow up to a quarter of an hour
    /// late, red later or cancelled.
    public var timelineColor: Color {
        if status == .cancelled || timeDifference > 15 { return .red }
        if timeDifference > 0 { return .yellow }
        return .green
    }

    /// "On Time for 10:05", "10:05 Now: 10:40", "Cancelled": the timeline cell's title (seed 000).
    public func timelineTitle(timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.timeStyle = .short
        formatter.dateStyle = .none
        formatter.timeZone = timeZone
        formatter.locale = Locale(identifier: "en_US")
        let scheduled = formatter.string(from: scheduledTime)
        let current = formatter.string(from: currentTime ?? scheduledTime)
        if status == .cancelled { return "Cancelled" }
        if timeDifference != 0 { return "\(scheduled) Now: \(current)" }
        return "On Time for \(scheduled)"
    }

    /// The flights of one day at Mountain Airport, the same every run.
    public static func sampleDay(count: Int = 40, start: Date = Date(timeIntervalSince1970: 1_795_000_000)) -> [FlightInformation] {
        let airlines = ["Mountain Air", "Summit Express", "Alpine Jet", "Glacier Airways"]
        let airports = ["Denver", "Boston", "Chicago", "Seattle", "Atlanta", "Calgary", "Phoenix", "Toronto", "Miami", "Portland"]
        return (0..<count).map { index in
            let direction: Direction = index % 2 == 0 ? .departure : .arrival
            let status = Status.allCases[(index * 5) % 4]
            let gate = ["A", "B", "C"][index % 3] + String(index % 12 + 1)
            let time = start.addingTimeInterval(Double(index) * 900)
            // Delayed flights run 10 to 40 minutes late; a few others are late too.
            let late = status == .delayed ? Double(10 * (index % 4 + 1)) : (index % 7 == 3 ? 5 : 0)
            return FlightInformation(
                id: index, airline: airlines[index % airlines.count], number: "MA" + String(100 + index * 7),
                otherAirport: airports[(index * 3) % airports.count], direction: direction,
                scheduledTime: time, status: status, gate: gate, currentTime: late > 0 ? time.addingTimeInterval(late * 60) : nil)
        }
    }
}

/// The airport's data: the store, and the day's flights as one live query that every page
/// shares. Pages that need fewer (the board's filters, a gate, one flight) ask the store for
/// their own live lists; a write anywhere (a page, the simulator, the API, another server on
/// PostgreSQL) reaches them all.
@MainActor @Observable
public final class FlightBoardModel {
    @ObservationIgnored public let store: Store
    @ObservationIgnored private let day: FetchedResultList<FlightInformation>
    /// The airport's time zone (its pages show times in it) and clock (the simulator's and the
    /// pages'; the system's unless the server's `JETWAY_CLOCK` says otherwise).
    @ObservationIgnored public let timeZone: TimeZone
    @ObservationIgnored public let clock: WallClock
    /// Boards show flights expected from here on; the simulator moves it along with the clock
    /// (nil: the whole day, as in tests).
    public var boardStart: Date?
    /// Kiosks show departures expected from here on: five minutes ago, in whole minutes (a flight
    /// leaves its gate's screen five minutes after its time even if nothing says it departed).
    public var kioskStart: Date?
    @ObservationIgnored private var clockTask: Task<Void, Never>?

    public init(store: Store, timeZone: TimeZone = TimeZone(identifier: "UTC")!, clock: WallClock = .system) {
        self.store = store
        self.timeZone = timeZone
        self.clock = clock
        day = FetchedResultList(store: store, sortDescriptors: FlightBoardModel.byTime)
    }

    /// Mountain Airport is in the Rockies: the app's time zone unless configured (a model
    /// made without one, as in tests, keeps UTC).
    public static let airportTimeZone = TimeZone(identifier: "America/Denver")!

    /// A model on its own in-memory store holding `flights` (40 sample flights unless given).
    public convenience init(flights: [FlightInformation] = FlightInformation.sampleDay()) {
        // An in-memory store of a fixed schema: opening it fails only if the program is wrong.
        let store = try! AirportStore.open("sqlite::memory:")
        try! store.transaction { transaction in
            for flight in flights { try transaction.insert(flight) }
        }
        self.init(store: store, timeZone: TimeZone(identifier: "UTC")!)
    }

    /// Scheduled time, then id: the board's order.
    public static let byTime = [NSSortDescriptor(keyPath: \FlightInformation.scheduledTime, ascending: true)]

    /// Every flight of the day, in time order.
    public var flights: [FlightInformation] { day.items }

    /// How many flights a board shows.
    public static let boardLimit = 50
    /// How many searches' live lists the model keeps for the next board that types the same.
    public static let keptSearches = 128
    @ObservationIgnored private var windowLists: [String: FetchedResultList<FlightInformation>] = [:]
    @ObservationIgnored private var searchLists: [String: (list: FetchedResultList<FlightInformation>, used: UInt64)] = [:]
    @ObservationIgnored private var searchUses: UInt64 = 0

    /// The live list of a board with these filters, shared by every board that has them. A
    /// search looks through the whole day: the model keeps the `keptSearches` used last. Otherwise
    /// the board starts at `boardStart`: the model keeps the current window's lists only (boards
    /// still showing an earlier one keep theirs alive until they move on).
    public func boardList(search: String, arrivals: Bool) -> FetchedResultList<FlightInformation> {
        guard search.isEmpty else {
            let key = "\(arrivals)|\(search)"
            searchUses &+= 1
            if let kept = searchLists[key] {
                searchLists[key]?.used = searchUses
                return kept.list
            }
            if searchLists.count >= Self.keptSearches, let oldest = searchLists.min(by: { $0.value.used < $1.value.used }) {
                searchLists.removeValue(forKey: oldest.key)
            }
            let list = boardList(FlightInformation.matching(search), arrivals: arrivals)
            searchLists[key] = (list, searchUses)
            return list
        }
        let start = boardStart
        let window = "|\(start?.timeIntervalSince1970 ?? -1)"
        let key = "\(arrivals)\(window)"
        if let list = windowLists[key] { return list }
        let list = boardList(start.map { NSPredicate(format: "scheduledTime >= %@ OR currentTime >= %@", $0, $0) }, arrivals: arrivals)
        windowLists = windowLists.filter { $0.key.hasSuffix(window) }
        windowLists[key] = list
        return list
    }

    private func boardList(_ filter: StorePredicate?, arrivals: Bool) -> FetchedResultList<FlightInformation> {
        var parts = filter.map { [$0] } ?? []
        if !arrivals { parts.append(NSPredicate(format: "direction == %@", FlightInformation.Direction.departure.rawValue)) }
        return FetchedResultList<FlightInformation>(
            store: store, filter: parts.isEmpty ? nil : .and(parts), sortDescriptors: Self.byTime, fetchLimit: Self.boardLimit)
    }

    /// The flights of one day (in the airport's time zone): the day the board's clock is in,
    /// or the first flight's. After the simulator adds the next day, the table holds two.
    public var today: [FlightInformation] {
        let all = flights
        guard let reference = boardStart ?? all.first?.scheduledTime else { return all }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return all.filter { calendar.isDate($0.scheduledTime, inSameDayAs: reference) }
    }

    /// The live list kept under `key`, made the first time it is asked for; the cache starts
    /// over when it holds `limit` (the pages showing a list keep it alive themselves).
    func cached<Key: Hashable, R: Record>(
        _ lists: inout [Key: FetchedResultList<R>], _ key: Key, limit: Int, _ make: () -> FetchedResultList<R>
    ) -> FetchedResultList<R> {
        if let list = lists[key] { return list }
        if lists.count >= limit { lists.removeAll() }
        let list = make()
        lists[key] = list
        return list
    }

    /// A device's list while a page of it shows the list (held weakly: the lists of devices whose
    /// pages are gone go with them, not when a thousand others have come since — a new browser
    /// each on four thousand pages left their small lists all over the heap, which kept the
    /// freed pages around them from going back to the kernel).
    func shared<R: Record>(
        _ lists: inout [String: WeakList<R>], _ key: String, _ make: () -> FetchedResultList<R>
    ) -> FetchedResultList<R> {
        if let list = lists[key]?.list { return list }
        let list = make()
        lists[key] = WeakList(list: list)
        return list
    }

    @ObservationIgnored var avatarLists: [String: WeakList<Avatar>] = [:]
    /// The bytes all devices' pictures may take in the store together.
    @ObservationIgnored public var avatarBudget = 200_000_000
    /// How long a device may go unseen before its picture is removed.
    @ObservationIgnored public var avatarRetention: TimeInterval = 30 * 86400
    @ObservationIgnored var avatarCleanup: Task<Void, Never>?
    @ObservationIgnored var starredLists: [String: WeakList<StarredFlight>] = [:]
    /// Moves the boards' and kiosks' windows to the clock's `now` (the simulator does it at each
    /// step; `followClock()` without one). Boards move in steps of five minutes and kiosks of one,
    /// so the sessions showing them share one live list meanwhile.
    public func moveWindows(to now: Date) {
        let board = Date(timeIntervalSince1970: ((now.timeIntervalSince1970 - 1800) / 300).rounded(.down) * 300)
        let kiosk = Date(timeIntervalSince1970: ((now.timeIntervalSince1970 - 300) / 60).rounded(.down) * 60)
        if boardStart != board { boardStart = board }
        if kioskStart != kiosk { kioskStart = kiosk }
        dropListsGone()
    }

    /// Forgets the devices' lists whose pages are gone (their keys, left in the dictionaries
    /// after a crowd of new browsers left, kept the heap pages around them resident).
    func dropListsGone() {
        if avatarLists.values.contains(where: { $0.list == nil }) { avatarLists = avatarLists.filter { $0.value.list != nil } }
        if starredLists.values.contains(where: { $0.list == nil }) { starredLists = starredLists.filter { $0.value.list != nil } }
    }

    /// Keeps the windows moving with the clock, every ten seconds, until the model goes.
    public func followClock() {
        clockTask?.cancel()
        clockTask = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                guard let model = self else { return }
                model.moveWindows(to: model.clock.now)
                try? await Task.sleep(for: .seconds(10))
            }
        }
    }

    @ObservationIgnored var historyLists: [Int: FetchedResultList<FlightHistoryEntry>] = [:]
    @ObservationIgnored private var gateLists: [String: FetchedResultList<FlightInformation>] = [:]

    /// The next departures at a gate, and those moved away from it, that have not left: a live
    /// list every kiosk at that gate shares (one render for all of them).
    public func gateList(_ gate: String) -> FetchedResultList<FlightInformation> {
        let start = kioskStart ?? boardStart
        let key = "\(gate)|\(start?.timeIntervalSince1970 ?? -1)"
        if let list = gateLists[key] { return list }
        var parts: [StorePredicate] = [
            NSPredicate(format: "gate == %@ OR previousGate == %@", gate, gate),
            NSPredicate(format: "direction == %@", FlightInformation.Direction.departure.rawValue),
            NSPredicate(format: "status != %@", FlightInformation.Status.departed.rawValue),
        ]
        if let start { parts.append(NSPredicate(format: "scheduledTime >= %@ OR currentTime >= %@", start, start)) }
        let list = FetchedResultList<FlightInformation>(store: store, filter: .and(parts), sortDescriptors: Self.byTime, fetchLimit: 8)
        // Lists of an earlier start are not shown any more (boards move on every five minutes).
        gateLists = gateLists.filter { $0.key.hasSuffix("|\(start?.timeIntervalSince1970 ?? -1)") }
        if gateLists.count >= 512 { gateLists.removeAll() }
        gateLists[key] = list
        return list
    }

    /// The next flight at a gate that has not yet left or landed (from the day's live query).
    public func nextFlight(at gate: String) -> FlightInformation? {
        flights.first { $0.gate.caseInsensitiveCompare(gate) == .orderedSame && $0.status != .departed && $0.status != .landed }
    }

    /// Changes one flight in the store (every page showing it follows within a frame).
    @discardableResult
    public func modify(_ id: Int, _ change: (inout FlightInformation) -> Void) throws -> FlightInformation {
        try store.modify(FlightInformation.self, id: id, change)
    }
}

/// A live list its views hold, kept by the model without keeping it alive.
struct WeakList<R: Record> {
    weak var list: FetchedResultList<R>?
}
