import Dispatch
import Foundation
import JetwayServer
import MountainAirportViews

// Serves MountainAirport on http://127.0.0.1:8080 (JETWAY_PORT, JETWAY_HOST, JETWAY_ASSETS and
// JETWAY_DATA override), until SIGINT or SIGTERM.
MainActor.assumeIsolated {
    let environment = ProcessInfo.processInfo.environment
    var configuration = ServerConfiguration()
    configuration.port = environment["JETWAY_PORT"].flatMap(Int.init) ?? 8080
    configuration.host = environment["JETWAY_HOST"] ?? "127.0.0.1"
    configuration.assetsDirectory = environment["JETWAY_ASSETS"] ?? "Assets"
    configuration.dataDirectory = environment["JETWAY_DATA"] ?? "data"
    do {
        let server = try JetwayServer(app: MountainAirportApp.make(model: FlightBoardModel()), configuration: configuration)
        try server.start()
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler {
                MainActor.assumeIsolated { server.stop() }
                exit(0)
            }
            source.resume()
            KeepAlive.sources.append(source)
        }
        print("MountainAirport on http://\(configuration.host):\(server.port)")
    } catch {
        FileHandle.standardError.write("MountainAirport could not start: \(error)\n".data(using: .utf8)!)
        exit(1)
    }
}
dispatchMain()

@MainActor enum KeepAlive {
    static var sources: [DispatchSourceSignal] = []
}
