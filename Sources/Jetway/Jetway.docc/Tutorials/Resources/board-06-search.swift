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
                FlightRow(flight: flight)
            }
            .navigationTitle("Departures")
            .searchable(text: $search, prompt: "Flight or city")
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
