import Jetway

/// `/embed/flights`: a compact, searchable list of the day's flights, made to be hosted in
/// other pages (`<div data-jetway-view="/embed/flights">`, Assets/legacy.html): no navigation
/// of its own, live from the shared model.
public struct EmbeddedFlights: View {
    let model: FlightBoardModel
    @State private var search = ""

    public init(model: FlightBoardModel) {
        self.model = model
    }

    var shown: [FlightInformation] {
        model.flights.filter {
            search.isEmpty || $0.number.localizedCaseInsensitiveContains(search) || $0.otherAirport.localizedCaseInsensitiveContains(search)
        }
    }

    public var body: some View {
        VStack(alignment: .leading) {
            TextField("Find a flight", text: $search)
            Text("\(shown.count) flights").font(.footnote).foregroundColor(.secondary)
            List(shown.prefix(8)) { flight in
                FlightRow(flight: flight)
            }
        }
    }
}
