import Jetway
import JetwayStore

/// The unattended screen at a gate: the next flight there, its status and time, from a live
/// query of the gate's flights that have not yet left or landed.
public struct GateKiosk: View {
    let gate: String
    @State private var showDetails = false
    @State private var next: FetchedResultList<FlightInformation>

    public init(model: FlightBoardModel, gate: String) {
        self.gate = gate
        let done = [FlightInformation.Status.departed, .landed].map(\.rawValue)
        _next = State(
            initialValue: FetchedResultList(
                store: model.store, filter: NSPredicate(format: "gate ==[c] %@ AND NOT (status IN %@)", gate, done),
                sortDescriptors: FlightBoardModel.byTime, fetchLimit: 1))
    }

    public var body: some View {
        VStack(spacing: 16) {
            Text("Gate \(gate)").font(.largeTitle)
            if let flight = next.items.first {
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
