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
                Route("/gate/:gate") { match in GateKiosk(model: model, gate: match.parameters["gate"] ?? "") },
            ])
    }
}
