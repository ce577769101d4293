import Jetway

struct BoardView: View {
    let flights: [Flight]
    @State private var search = ""

    var shown: [Flight] {
        flights.filter { search.isEmpty || $0.destination.localizedCaseInsensitiveContains(search) || $0.id.contains(search.uppercased()) }
    }

    var body: some View {
        NavigationStack {
            List(shown) { flight in
                NavigationLink(value: flight) {
                    FlightRow(flight: flight)
                }
            }
            .navigationTitle("Departures")
            .searchable(text: $search, prompt: "Flight or city")
            .navigationDestination(for: Flight.self) { flight in
                FlightDetail(flight: flight)
            }
        }
    }
}

struct FlightDetail: View {
    let flight: Flight

    var body: some View {
        Form {
            LabeledContent("To", value: flight.destination)
            LabeledContent("Departs") { Text(flight.departure, style: .time) }
            LabeledContent("Status", value: flight.status.rawValue)
        }
        .navigationTitle(flight.id)
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
