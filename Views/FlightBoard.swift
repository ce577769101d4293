import Jetway
import JetwayStore

/// The flight board: the flights still to come, filterable by number, city or airline. Its
/// list is a live query the model shares between every board with the same filters (so boards
/// nobody has typed into share one render too).
public struct FlightBoard: View {
    let model: FlightBoardModel
    @State private var searchText = ""
    @State private var showArrivals = true
    /// The browser: its starred flights are "My flights" (so each browser's board is its own).
    @Environment(\.request) private var request

    public init(model: FlightBoardModel) {
        self.model = model
    }

    public var body: some View {
        NavigationStack {
            BoardFlights(
                model: model, list: model.boardList(search: searchText, arrivals: showArrivals), search: searchText, device: request.device,
                starred: request.device.map { model.starred(on: $0) }, showArrivals: $showArrivals
            )
            .navigationTitle("Mountain Airport")
            .toolbar {
                ToolbarItemGroup(placement: .topBarTrailing) {
                    Link("Timeline", destination: URL(string: "/timeline")!)
                    Link("Awards", destination: URL(string: "/awards")!)
                    Link("Settings", destination: URL(string: "/settings")!)
                    if let device = request.device {
                        Link(destination: URL(string: "/settings")!) {
                            AvatarCircle(list: model.avatar(of: device), size: 28)
                        }
                        .accessibilityLabel("Your picture")
                    }
                }
                .tint(.orange)
            }
            .searchable(text: $searchText, prompt: "Search flights")
        }
    }
}

/// The board's rows: holding its live list keeps it (and its updates) alive while shown.
struct BoardFlights: View {
    let model: FlightBoardModel
    let list: FetchedResultList<FlightInformation>
    /// What was typed into the search, for the empty state.
    let search: String
    let device: String?
    let starred: FetchedResultList<StarredFlight>?
    @Binding var showArrivals: Bool

    var countLine: LocalizedStringKey {
        let count = list.items.count
        return count == FlightBoardModel.boardLimit ? "Next \(count) flights" : "\(count) flights"
    }

    var body: some View {
        let starredIDs = Set(starred?.items.map(\.flightID) ?? [])
        VStack(alignment: .leading) {
            if let device, let starred {
                MyFlightsSection(model: model, starred: starred, device: device)
            }
            Toggle("Show arrivals", isOn: $showArrivals)
                .padding(.horizontal, 16)
            Text(countLine)
                .font(.footnote)
                .foregroundColor(.secondary)
                .padding(.horizontal, 16)
            if list.items.isEmpty && !search.isEmpty {
                ContentUnavailableView.search(text: search)
            } else {
                List(list.items) { flight in
                    HStack {
                        NavigationLink(destination: FlightDetail(model: model, flight: flight)) {
                            FlightRow(flight: flight)
                        }
                        if let device {
                            StarButton(model: model, flight: flight, device: device, isStarred: starredIDs.contains(flight.id))
                        }
                    }
                }
            }
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
                Text(flight.status.label)
                    .font(.footnote)
                    .foregroundColor(flight.status == .delayed || flight.status == .cancelled ? .red : .green)
            }
        }
    }

    nonisolated static func == (lhs: FlightRow, rhs: FlightRow) -> Bool { lhs.flight == rhs.flight }
}

/// A flight's details, pushed from the board or opened at its own URL (`/flights/:id`).
struct FlightDetail: View {
    let model: FlightBoardModel
    let flight: FlightInformation
    @Environment(\.request) private var request

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("\(flight.airline) \(flight.number)").font(.title)
            Label(
                flight.direction == .departure ? "Departs to \(flight.otherAirport)" : "Arrives from \(flight.otherAirport)",
                systemImage: "airplane")
            HStack(spacing: 6) {
                Image(systemName: "calendar")
                if flight.timeDifference != 0 {
                    Text("Scheduled")
                    Text(flight.scheduledTime, style: .time).strikethrough()
                    Text("now")
                }
                Text(flight.expectedTime, style: .time).bold()
            }
            .accessibilityIdentifier("flight-time")
            Label("Gate \(flight.gate)", systemImage: "map")
            Label("Terminal \(flight.terminal)", systemImage: "house")
            Label(flight.status.label, systemImage: "clock")
            Link("Link to this flight", destination: URL(string: "/flights/\(flight.id)")!)
            if let device = request.device {
                DetailStar(model: model, flight: flight, device: device, starred: model.starred(on: device))
            }
            FlightHistoryList(list: model.history(of: flight.id))
        }
        .padding()
        .navigationTitle("\(flight.airline) \(flight.number)")
    }
}

/// `/flights/:id`: one flight's page, live as the board is (from the day's live query).
public struct FlightPage: View {
    let model: FlightBoardModel
    let id: String

    public init(model: FlightBoardModel, id: String) {
        self.model = model
        self.id = id
    }

    public var body: some View {
        NavigationStack {
            if let flight = Int(id).flatMap({ id in model.flights.first { $0.id == id } }) {
                FlightDetail(model: model, flight: flight)
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
