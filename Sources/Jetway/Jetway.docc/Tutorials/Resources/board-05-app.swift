import Jetway

@main
struct DeparturesApp: App {
    var body: some Scene {
        WindowGroup("Departures") {
            BoardView(flights: Flight.today)
        }
    }
}
