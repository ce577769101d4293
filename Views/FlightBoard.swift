import Jetway
import JetwayStore

/// What one board shows: a live query of the store built from the board's filters (search,
/// arrivals on or off) and the model's clock, at most `limit` flights in time order. Boards
/// with the same filters share one result.
@MainActor @Observable
final class BoardQuery {
    static let limit = 50
    @ObservationIgnored let model: FlightBoardModel
    @ObservationIgnored let list: FetchedResultList<FlightInformation>
    var searchText = "" { didSet { refilter() } }
    var showArrivals = true { didSet { refilter() } }

    init(model: FlightBoardModel) {
        self.model = model
        list = FetchedResultList(
            store: model.store, filter: Self.filter(search: "", arrivals: true, from: model.boardStart),
            sortDescriptors: FlightBoardModel.byTime,
            fetchLimit: Self.limit)
        followTheClock()
    }

    var flights: [FlightInformation] { list.items }

    static func filter(search: String, arrivals: Bool, from start: Date?) -> StorePredicate? {
        var parts: [StorePredicate] = []
        // A search looks through the whole day; otherwise the board starts at the model's clock.
        if !search.isEmpty {
            parts.append(FlightInformation.matching(search))
        } else if let start {
            parts.append(NSPredicate(format: "scheduledTime >= %@ OR currentTime >= %@", start, start))
        }
        if !arrivals { parts.append(NSPredicate(format: "direction == %@", FlightInformation.Direction.departure.rawValue)) }
        return parts.isEmpty ? nil : .and(parts)
    }

    private func refilter() {
        let next = Self.filter(search: searchText, arrivals: showArrivals, from: model.boardStart)
        if next != list.predicate { list.predicate = next }
    }

    /// Refilters when the model's clock moves.
    private func followTheClock() {
        withObservationTracking {
            _ = model.boardStart
        } onChange: { [weak self] in
            Task { @MainActor in
                self?.refilter()
                self?.followTheClock()
            }
        }
    }
}

/// The flight board: the flights still to come, filterable by number, city or airline.
public struct FlightBoard: View {
    let model: FlightBoardModel
    @State private var board: BoardQuery

    public init(model: FlightBoardModel) {
        self.model = model
        _board = State(initialValue: BoardQuery(model: model))
    }

    var visibleFlights: [FlightInformation] { board.flights }

    var countLine: String {
        let count = visibleFlights.count
        return count == BoardQuery.limit ? "Next \(count) flights" : "\(count) flights"
    }

    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading) {
                Toggle("Show arrivals", isOn: $board.showArrivals)
                    .padding(.horizontal, 16)
                Text(countLine)
                    .font(.footnote)
                    .foregroundColor(.secondary)
                    .padding(.horizontal, 16)
                List(visibleFlights) { flight in
                    NavigationLink(destination: FlightDetail(flight: flight)) {
                        FlightRow(flight: flight)
                    }
                }
            }
            .navigationTitle("Mountain Airport")
            .toolbar {
                ToolbarItemGroup(placement: .topBarTrailing) {
                    Link("Timeline", destination: URL(string: "/timeline")!)
                    Link("Awards", destination: URL(string: "/awards")!)
                    Link("Settings", destination: URL(string: "/settings")!)
                }
                .tint(.orange)
            }
            .searchable(text: $board.searchText, prompt: "Search flights")
        }
    }
}

/// One flight on the board.
struct FlightRow: View, Equatable {
    let flight: FlightInformation

    var body: some View {
        HStack {
            Image(systemName: flight.direction == .departure ? "airplane.departure" : "airplane.arrival")
            VStack(alignment: .leading, spacing: 2) {
                Text("\(flight.airline) \(flight.number)").font(.headline)
                Text(flight.direction == .departure ? "to \(flight.otherAirport)" : "from \(flight.otherAirport)")
                    .foregroundColor(.secondary)
            }
            Spacer()
            VStack(alignment: .trailing, spacing: 2) {
                Text(flight.scheduledTime, style: .time)
                Text(flight.status.rawValue)
                    .font(.footnote)
                    .foregroundColor(flight.status == .delayed || flight.status == .cancelled ? .red : .green)
            }
        }
    }

    nonisolated static func == (lhs: FlightRow, rhs: FlightRow) -> Bool { lhs.flight == rhs.flight }
}

/// A flight's details, pushed from the board or opened at its own URL (`/flights/:id`).
struct FlightDetail: View {
    let flight: FlightInformation

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("\(flight.airline) \(flight.number)").font(.title)
            Label(
                flight.direction == .departure ? "Departs to \(flight.otherAirport)" : "Arrives from \(flight.otherAirport)",
                systemImage: "airplane")
            Label("Gate \(flight.gate)", systemImage: "map")
            Label("Terminal \(flight.terminal)", systemImage: "building.2")
            Label(flight.status.rawValue, systemImage: "clock")
            Link("Link to this flight", destination: URL(string: "/flights/\(flight.id)")!)
        }
        .padding()
        .navigationTitle("\(flight.airline) \(flight.number)")
    }
}

/// `/flights/:id`: one flight's page, live as the board is (its own live query of one row).
public struct FlightPage: View {
    let id: String
    @State private var match: FetchedResultList<FlightInformation>

    public init(model: FlightBoardModel, id: String) {
        self.id = id
        let number = Int(id) ?? -1
        _match = State(initialValue: FetchedResultList(store: model.store, filter: NSPredicate(format: "id == %d", number), fetchLimit: 1))
    }

    public var body: some View {
        NavigationStack {
            if let flight = match.items.first {
                FlightDetail(flight: flight)
            } else {
                VStack(alignment: .leading, spacing: 12) {
                    Text("There is no flight \(id) today.")
                    Link("All flights", destination: URL(string: "/")!)
                }
                .padding()
                .navigationTitle("No such flight")
            }
        }
    }
}
