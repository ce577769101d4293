import Jetway

/// The flight board: every flight of the day, filterable by number, city or airline.
public struct FlightBoard: View {
    let model: FlightBoardModel
    @State private var searchText = ""
    @State private var showArrivals = true

    public init(model: FlightBoardModel) {
        self.model = model
    }

    var visibleFlights: [FlightInformation] {
        model.flights.filter { flight in
            (showArrivals || flight.direction == .departure)
                && (searchText.isEmpty
                    || [flight.number, flight.otherAirport, flight.airline].contains { $0.localizedCaseInsensitiveContains(searchText) })
        }
    }

    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading) {
                Toggle("Show arrivals", isOn: $showArrivals)
                    .padding(.horizontal, 16)
                Text("\(visibleFlights.count) flights")
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
            .searchable(text: $searchText, prompt: "Search flights")
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
            Label(flight.status.rawValue, systemImage: "clock")
            Link("Link to this flight", destination: URL(string: "/flights/\(flight.id)")!)
        }
        .padding()
        .navigationTitle("\(flight.airline) \(flight.number)")
    }
}

/// `/flights/:id`: one flight's page, live as the board is.
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
