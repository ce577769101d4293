import Jetway

struct BoardView: View {
    @Environment(Board.self) private var board
    @State private var search = ""

    var shown: [Flight] {
        board.flights.filter {
            search.isEmpty || $0.destination.localizedCaseInsensitiveContains(search) || $0.id.contains(search.uppercased())
        }
    }

    var body: some View {
        NavigationStack {
            List(shown) { flight in
                NavigationLink(value: flight.id) {
                    FlightRow(flight: flight)
                }
            }
            .navigationTitle("Departures")
            .searchable(text: $search, prompt: "Flight or city")
            .navigationDestination(for: Flight.ID.self) { id in
                FlightDetail(id: id)
            }
        }
    }
}

struct FlightDetail: View {
    @Environment(Board.self) private var board
    let id: Flight.ID

    var body: some View {
        if let flight = board.flights.first(where: { $0.id == id }) {
            Form {
                LabeledContent("To", value: flight.destination)
                LabeledContent("Departs") { Text(flight.departure, style: .time) }
                LabeledContent("Status", value: flight.status.rawValue)
                Button("Delay 15 minutes") { board.delay(id, by: 15) }
            }
            .navigationTitle(flight.id)
        } else {
            ContentUnavailableView("No flight \(id)", systemImage: "airplane")
        }
    }
}

struct FlightRow: View {
    let flight: Flight

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(flight.id).font(.headline)
                Text(flight.destination).foregroundStyle(.secondary)
            }
            Spacer()
            VStack(alignment: .trailing) {
                Text(flight.departure, style: .time)
                Text(flight.status.rawValue)
                    .font(.caption)
                    .foregroundStyle(flight.status == .delayed ? .red : .secondary)
            }
        }
    }
}
