import Jetway
import JetwayRoutes

/// MountainAirport's routes.
public enum MountainAirportApp {
    @MainActor
    public static func make(model: FlightBoardModel) -> JetwayApp {
        return JetwayApp(
            title: "Mountain Airport",
            routes: [
                Route("/") { _ in FlightBoard(model: model) },
                Route("/flights/:id") { match in FlightPage(model: model, id: match.parameters["id"] ?? "") },
                Route("/awards") { _ in AirportAwards() },
                Route("/settings") { _ in AirportSettings() },
                Route("/gate/:gate") { match in GateKiosk(model: model, gate: match.parameters["gate"] ?? "") },
            ])
    }
}
