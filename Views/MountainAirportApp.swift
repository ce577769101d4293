import Jetway
import JetwayRoutes

/// MountainAirport's routes.
public enum MountainAirportApp {
    @MainActor
    public static func make(model: FlightBoardModel, feed: FlightFeedStatus? = nil) -> JetwayApp {
        return JetwayApp(
            title: "Mountain Airport",
            stylesheets: ["widgets/timeline-table.css", "widgets/controls.css"],
            scripts: [
                "widgets/timeline-table.js", "widgets/jetway-timeline.js", "widgets/picker-view.js", "widgets/refresh-scroll-view.js",
                "widgets/jetway-controls.js",
            ],
            // An airport shows its times in its own zone, as its departure screens do, whoever
            // is looking and from where.
            routes: [
                Route("/") { _ in FlightBoard(model: model).environment(\.timeZone, model.timeZone) },
                Route("/flights/:id") { match in
                    FlightPage(model: model, id: match.parameters["id"] ?? "").environment(\.timeZone, model.timeZone)
                },
                Route("/awards") { _ in AirportAwards() },
                Route("/timeline") { _ in TimelineScreen(model: model).environment(\.timeZone, model.timeZone) },
                Route("/embed/flights") { _ in EmbeddedFlights(model: model).environment(\.timeZone, model.timeZone) },
                Route("/settings") { _ in AirportSettings(model: model).environment(\.timeZone, model.timeZone) },
                Route("/ops") { _ in OperationsConsole(model: model, feed: feed).environment(\.timeZone, model.timeZone) },
                Route("/gate/:gate", availableOffline: true) { match in
                    GateKiosk(
                        model: model, gate: match.parameters["gate"] ?? "",
                        languages: (match.query["languages"] ?? "").split(separator: ",").prefix(8).map(String.init)
                    )
                    .environment(\.timeZone, model.timeZone)
                },
            ],
            handlers: FlightAPI.handlers(model: model) + AirportStaff.handlers(store: model.store)
                + [FlightBoardModel.avatarHandler(store: model.store)],
            timeZone: model.timeZone,
            library: { [AirportLibrary()] })
    }
}

/// MountainAirport's own components in the catalogue (`/_jetway/library`, development mode).
struct AirportLibrary: LibraryContentProvider {
    var views: [LibraryItem] {
        let flight = FlightInformation.sampleDay(count: 1)[0]
        return [
            LibraryItem(FlightRow(flight: flight), title: "FlightRow", category: .other),
            LibraryItem(
                GridView(columns: 3, items: Array(AwardInformation.all.prefix(3))) { width, award in
                    Text(award.title).frame(width: width, height: 40)
                }
                .frame(height: 60),
                title: "GridView", category: .layout),
        ]
    }
}
