import Jetway

struct BoardView: View {
    let flights: [Flight]

    var body: some View {
        NavigationStack {
            List(flights) { flight in
                FlightRow(flight: flight)
            }
            .navigationTitle("Departures")
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
