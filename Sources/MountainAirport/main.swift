import Foundation
import JetwayServer
import MountainAirportViews

// Serves MountainAirport on http://127.0.0.1:8080 (JETWAY_HOST, JETWAY_PORT, JETWAY_DATA and
// JETWAY_ASSETS override) until SIGINT or SIGTERM.
MainActor.assumeIsolated {
    do {
        let server = try JetwayServer(app: MountainAirportApp.make(model: FlightBoardModel()), configuration: .fromEnvironment())
        try server.run()
    } catch {
        FileHandle.standardError.write(Data("MountainAirport could not start: \(error)\n".utf8))
        exit(1)
    }
}
