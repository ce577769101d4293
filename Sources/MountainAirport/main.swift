import Foundation
import JetwayServer
import JetwayStore
import MountainAirportViews

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Serves MountainAirport on http://127.0.0.1:8080 until SIGINT or SIGTERM.
//
//   MountainAirport [--import flights.json] [--no-simulate | --simulate-every 5] [--time-zone America/Denver]
//
// JETWAY_HOST, JETWAY_PORT, JETWAY_DATA, JETWAY_ASSETS, JETWAY_API_TOKENS, JETWAY_CLOCK (a
// clock that starts elsewhere or runs fast: 2026-12-02T08:00:00Z*60) and JETWAY_STORE
// (default sqlite:<data>/airport.sqlite; postgresql://… for several servers) override;
// AIRPORT_TIME_ZONE is the airport's time zone (America/Denver unless set).
/// A log line on stderr, as the server's own (`level=info event=…`).
func log(_ line: String) {
    FileHandle.standardError.write(Data("level=info \(line)\n".utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("MountainAirport could not start: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var importPath: String?
var addStaff: String?
var feedURL: URL?
var feedFixtures: String?
var feedInterval = 30.0
var feedTimeout = 10.0

/// The value after an option, or a clear failure.
@MainActor func value(after option: String, _ what: String) -> String {
    guard let value = arguments.first else { fail("\(option) needs \(what)") }
    arguments.removeFirst()
    return value
}

@MainActor func seconds(after option: String) -> Double {
    let text = value(after: option, "a number of seconds")
    guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86400 else {
        fail("\(option) \(text) is not a number of seconds (more than 0, at most 86400)")
    }
    return seconds
}
var simulate = true
var simulateEvery = 5.0
var timeZoneName = ProcessInfo.processInfo.environment["AIRPORT_TIME_ZONE"] ?? ""
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--import":
        guard let path = arguments.first else { fail("--import needs a file (a JSON list of flights)") }
        arguments.removeFirst()
        importPath = path
    case "--no-simulate": simulate = false
    case "--simulate-every":
        simulateEvery = seconds(after: "--simulate-every")
        if simulateEvery < 0.01 { fail("--simulate-every \(simulateEvery) is too often (at least 0.01 seconds)") }
    case "--add-staff":
        guard let name = arguments.first else { fail("--add-staff needs a name (the password comes on standard input)") }
        arguments.removeFirst()
        addStaff = name
    case "--feed":
        let text = value(after: "--feed", "the feed's URL (http or https)")
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            fail("--feed \(text) is not an http or https URL")
        }
        feedURL = url
    case "--feed-fixtures": feedFixtures = value(after: "--feed-fixtures", "a folder of canned answers")
    case "--feed-interval": feedInterval = seconds(after: "--feed-interval")
    case "--feed-timeout": feedTimeout = seconds(after: "--feed-timeout")
    case "--time-zone":
        guard let name = arguments.first else { fail("--time-zone needs a time zone (such as America/Denver)") }
        arguments.removeFirst()
        timeZoneName = name
    case "--help", "-h":
        print(
            """
            usage: MountainAirport [--import flights.json] [--no-simulate | --simulate-every 5] [--time-zone America/Denver]
                                   [--feed URL [--feed-interval 30] [--feed-timeout 10] [--feed-fixtures DIR]]
                                   [--add-staff NAME < password]
            """)
        exit(0)
    default: fail("unknown option \(argument) (try --help)")
    }
}

let timeZone: TimeZone
if timeZoneName.isEmpty {
    timeZone = FlightBoardModel.airportTimeZone
} else if let zone = TimeZone(identifier: timeZoneName),
    TimeZone.knownTimeZoneIdentifiers.contains(zone.identifier) || zone.identifier == "GMT"
{
    // An IANA name (browsers know those; not Foundation's own "GMT+0100").
    timeZone = zone
} else {
    fail("\(timeZoneName) is not a time zone (try America/Denver or Europe/Zurich)")
}

MainActor.assumeIsolated {
    do {
        let configuration = try ServerConfiguration.fromEnvironment()
        let url = configuration.storeURL ?? "sqlite:\(configuration.dataDirectory)/airport.sqlite"
        let store = try AirportStore.open(url)
        if let importPath {
            let count = try AirportStore.importFlights(from: importPath, into: store)
            log("event=imported flights=\(count) from=\(importPath)")
        } else {
            let added = try AirportStore.seedIfEmpty(store, day: configuration.clock.now, timeZone: timeZone)
            if added > 0 { log("event=seeded flights=\(added)") }
        }
        if let addStaff {
            // The password on standard input (a line) or in AIRPORT_STAFF_PASSWORD (scripts),
            // never on the command line.
            let given = ProcessInfo.processInfo.environment["AIRPORT_STAFF_PASSWORD"] ?? readLine(strippingNewline: true)
            guard let password = given else { fail("--add-staff \(addStaff): no password on standard input") }
            try blocking { try await AirportStaff.add(name: addStaff, password: password, to: store) }
            log("event=staff_added name=\(addStaff)")
            exit(0)
        }
        if try store.count(StaffMember.self) == 0 {
            // A first start: one account, so the console can be tried; add real ones. Its
            // password is the operator's (AIRPORT_STAFF_PASSWORD), or made now and shown once on
            // the terminal that started the server — never in the log, which others may read.
            let given = ProcessInfo.processInfo.environment["AIRPORT_STAFF_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
            let terminal = given == nil ? open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC) : -1
            if let password = given ?? (terminal >= 0 ? AirportStaff.newPassword() : nil) {
                try blocking { try await AirportStaff.add(name: "ops", displayName: "Operations", password: password, to: store) }
                if terminal >= 0 {
                    let notice =
                        "\nMountainAirport: the first staff account is ops, password \(password)\n"
                        + "  (shown once, here only: sign in at /ops/signin; add your own with --add-staff NAME)\n\n"
                    _ = notice.withCString { write(terminal, $0, strlen($0)) }
                    close(terminal)
                }
                log("event=first_staff name=ops password_from=\(given == nil ? "terminal" : "AIRPORT_STAFF_PASSWORD")")
            } else {
                log(
                    "event=no_staff hint=\"no terminal to show a first password on: start once with AIRPORT_STAFF_PASSWORD set, or add an account with --add-staff NAME\""
                )
            }
        }
        let model = FlightBoardModel(store: store, timeZone: timeZone, clock: configuration.clock)
        // Boards and kiosks move on with the clock, with or without the simulator.
        model.followClock()
        // Pictures of devices not seen for a month go (within the pictures' budget meanwhile).
        model.startAvatarCleanup()
        let simulator = AirportSimulator(model: model, seed: UInt64(Date().timeIntervalSince1970))
        if simulate {
            simulator.start(every: .milliseconds(Int(simulateEvery * 1000)))
            log("event=simulating store=\(store.location)")
        }
        var feed: FlightFeed?
        if let feedURL {
            let session = feedFixtures.map { FeedFixtureProtocol.session(folder: $0) } ?? URLSession(configuration: .ephemeral)
            let started = FlightFeed(
                url: feedURL, model: model, session: session, interval: .milliseconds(Int(feedInterval * 1000)),
                timeout: .milliseconds(Int(feedTimeout * 1000)))
            started.start()
            feed = started
            log("event=feed url=\(feedURL.absoluteString)\(feedFixtures.map { " fixtures=\($0)" } ?? "")")
        }
        // Staff sign-ins in the airport's store: on PostgreSQL every server honours them.
        let server = try JetwayServer(
            app: MountainAirportApp.make(model: model, feed: feed?.status), configuration: configuration,
            signInStore: StoredSignIns(store: store))
        try server.run()
    } catch {
        fail("\(error)")
    }
}

/// Runs async work to its end from start-up code on the main thread (before the server runs).
@MainActor
func blocking(_ work: @escaping @MainActor () async throws -> Void) throws {
    var outcome: Result<Void, any Error>?
    Task { @MainActor in
        do { try await work(); outcome = .success(()) } catch { outcome = .failure(error) }
    }
    while outcome == nil { _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.01)) }
    try outcome!.get()
}
