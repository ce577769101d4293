import Jetway

/// The unattended screen at a gate: the next flight there that has not yet left or landed,
/// its status and time, from the day's live query (shared by every kiosk: one render for all
/// the kiosks at a gate).
public struct GateKiosk: View {
    let model: FlightBoardModel
    let gate: String
    @State private var showDetails = false

    public init(model: FlightBoardModel, gate: String) {
        self.model = model
        self.gate = gate
    }

    public var body: some View {
        VStack(spacing: 16) {
            Text("Gate \(gate)").font(.largeTitle)
            if let flight = model.nextFlight(at: gate) {
                Text("\(flight.airline) \(flight.number)").font(.title)
                Text(flight.direction == .departure ? "to \(flight.otherAirport)" : "from \(flight.otherAirport)").font(.title2)
                Text(flight.expectedTime, style: .time).font(.title)
                Text(flight.status.rawValue)
                    .font(.title2)
                    .foregroundColor(flight.status == .delayed || flight.status == .cancelled ? .red : .green)
                Button(showDetails ? "Hide details" : "Show details") { showDetails.toggle() }
                if showDetails {
                    Text("Boarding closes 15 minutes before departure.").font(.footnote)
                }
            } else {
                Text("No flights at this gate today").foregroundColor(.secondary)
            }
        }
        .padding(32)
    }
}
