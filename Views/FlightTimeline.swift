import Foundation
import Jetway

/// The day's flights in a timeline table, as seed 000 wraps `TimelineTableViewCell`: a
/// representable around the browser widget "timeline" (Assets/widgets/timeline-table.js),
/// with a coordinator as its data source and delegate.
struct FlightTimeline: HTMLElementRepresentable {
    var flights: [FlightInformation]
    /// A tapped row.
    var onSelect: @MainActor (FlightInformation) -> Void = { _ in }

    final class Coordinator: WidgetDataSource, WidgetDelegate {
        var flightData: [FlightInformation]
        var timeZone: TimeZone = .current
        var onSelect: @MainActor (FlightInformation) -> Void = { _ in }

        init(flights: [FlightInformation]) {
            self.flightData = flights
        }

        // The table view's data source: the number of rows, and one row's cell.
        func widget(_ widget: Widget, answer request: String, _ payload: JSONValue) throws -> JSONValue {
            switch request {
            case "numberOfRows":
                return .number(Double(flightData.count))
            case "cellForRow":
                guard let row = payload["row"]?.int, flightData.indices.contains(row) else {
                    throw WidgetRequestError("there is no row \(payload["row"] ?? nil) of \(flightData.count)")
                }
                let flight = flightData[row]
                var flightInfo = "\(flight.airline) \(flight.number) "
                flightInfo = flightInfo + "\(flight.direction == .departure ? "to" : "from")"
                flightInfo = flightInfo + " \(flight.otherAirport)"
                flightInfo = flightInfo + " - \(flight.status.rawValue)"
                return [
                    "title": .string(flight.timelineTitle(timeZone: timeZone)), "description": .string(flightInfo),
                    "bubbleColor": .string(flight.timelineColor.css),
                ]
            default:
                throw WidgetRequestError("the timeline asks nothing called \(request)")
            }
        }

        // The table view's delegate: a tapped row.
        func widget(_ widget: Widget, didSend message: String, _ payload: JSONValue) {
            guard message == "didSelectRow", let row = payload["row"]?.int, flightData.indices.contains(row) else { return }
            onSelect(flightData[row])
        }
    }

    func makeCoordinator() -> Coordinator {
        Coordinator(flights: flights)
    }

    func makeElement(context: Context) -> Widget {
        Widget("timeline", properties: ["rowHeight": 72])
    }

    func updateElement(_ widget: Widget, context: Context) {
        widget.dataSource = context.coordinator
        widget.delegate = context.coordinator
        context.coordinator.onSelect = onSelect
        context.coordinator.timeZone = context.environment.timeZone
        if context.coordinator.flightData != flights {
            context.coordinator.flightData = flights
            widget.perform("reloadData")
        }
    }
}

/// `/timeline`: the day's flights on a timeline; a tapped flight opens its detail.
public struct TimelineScreen: View {
    let model: FlightBoardModel
    @State private var path: [Int] = []

    public init(model: FlightBoardModel) {
        self.model = model
    }

    public var body: some View {
        NavigationStack(path: $path) {
            FlightTimeline(flights: model.today) { flight in path.append(flight.id) }
                .navigationTitle("Flight Timeline")
                .navigationDestination(for: Int.self) { id in
                    if let flight = model.flights.first(where: { $0.id == id }) {
                        FlightDetail(model: model, flight: flight)
                    } else {
                        Text("There is no flight \(id) today.")
                    }
                }
        }
    }
}
