import Foundation
import Jetway
import JetwayStore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the outside feed last did, for the operations console: live (when it last answered and
/// how many flights it changed) or unavailable (since when, and why).
@MainActor @Observable
public final class FlightFeedStatus {
    public enum State: Equatable, Sendable {
        case waiting
        case live(updated: Date, changed: Int)
        case unavailable(since: Date, reason: String)
    }
    public internal(set) var state: State = .waiting
    /// Flights the feed has changed since the server started.
    public internal(set) var changedInAll = 0
    /// The feed's address (shown on the console).
    public let url: URL

    public init(url: URL) {
        self.url = url
    }
}

/// The console's line about the feed.
struct FeedStatusLine: View {
    let status: FlightFeedStatus

    var body: some View {
        Group {
            switch status.state {
            case .waiting:
                Label("Flight feed: waiting for its first answer", systemImage: "clock").foregroundColor(.secondary)
            case .live(let updated, let changed):
                HStack(spacing: 4) {
                    Label("Flight feed: live, updated", systemImage: "checkmark")
                    Text(updated, style: .time)
                    Text("· \(changed) changed now, \(status.changedInAll) since the start")
                }
                .foregroundColor(.green)
            case .unavailable(let since, let reason):
                HStack(spacing: 4) {
                    Label("Flight feed unavailable since", systemImage: "exclamationmark.triangle")
                    Text(since, style: .time)
                    Text("— \(reason)")
                }
                .foregroundColor(.red)
            }
        }
        .padding(.horizontal, 16)
        .accessibilityIdentifier("feed-status")
    }
}

/// An outside flight-status feed, polled over HTTP (`MountainAirport --feed URL`): each answer
/// is a JSON list of flights by number with what the airline's systems know now, and what
/// differs from the store is changed (by "feed", in the flight's history). A failure — no
/// answer in time, an error status, a body that is not a flight list — is shown on the
/// operations console as "feed unavailable" with its reason, and the next poll tries again.
///
/// ```json
/// {"flights": [{"number": "MA 1234", "status": "Delayed", "estimatedTime": "2026-12-02T17:40:00Z", "gate": "B12"}]}
/// ```
///
/// `status`, `estimatedTime` (null: on time) and `gate` are each optional; a flight is the one
/// of that number nearest the clock's time; numbers the store does not know are skipped.
@MainActor
public final class FlightFeed {
    public let status: FlightFeedStatus
    let model: FlightBoardModel
    let session: URLSession
    let interval: Duration
    let timeout: Duration
    private var task: Task<Void, Never>?
    /// Polls made, and flights changed in all (for logs and tests).
    public private(set) var polls = 0

    public init(
        url: URL, model: FlightBoardModel, session: URLSession = .shared, interval: Duration = .seconds(30),
        timeout: Duration = .seconds(10)
    ) {
        self.status = FlightFeedStatus(url: url)
        self.model = model
        self.session = session
        self.interval = interval
        self.timeout = timeout
    }

    /// Polls now and then every `interval`, until `stop()`.
    public func start() {
        task?.cancel()
        task = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                await self.poll()
                let interval = self.interval
                try? await Task.sleep(for: interval)
            }
        }
    }

    public func stop() {
        task?.cancel()
        task = nil
    }

    /// One poll: fetches the feed (within `timeout`) and applies it.
    public func poll() async {
        polls += 1
        let now = model.clock.now
        do {
            let data = try await fetch()
            let changed = try apply(data)
            status.changedInAll += changed
            status.state = .live(updated: now, changed: changed)
        } catch let problem as Problem {
            becameUnavailable(problem.description, at: now)
        } catch {
            becameUnavailable("\(error)", at: now)
        }
    }

    private func becameUnavailable(_ reason: String, at now: Date) {
        // "Since": the first failure of a run of them.
        if case .unavailable(let since, _) = status.state {
            status.state = .unavailable(since: since, reason: reason)
        } else {
            status.state = .unavailable(since: now, reason: reason)
        }
        FileHandle.standardError.write(Data("level=warn event=feed_unavailable reason=\"\(reason)\"\n".utf8))
    }

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    private func fetch() async throws -> Data {
        let request = URLRequest(url: status.url, cachePolicy: .reloadIgnoringLocalAndRemoteCacheData)
        let session = session, timeout = timeout
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let (data, response) = try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
            group.addTask { try await session.data(for: request) }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let answer = first else {
                let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
                throw Problem(description: "no answer within \(shown) s")
            }
            return answer
        }
        guard let http = response as? HTTPURLResponse else { throw Problem(description: "the answer is not HTTP") }
        guard http.statusCode == 200 else { throw Problem(description: "the feed answered \(http.statusCode)") }
        guard data.count <= 8 * 1024 * 1024 else { throw Problem(description: "the answer is over 8 MB") }
        return data
    }

    struct Answer: Decodable {
        struct Entry: Decodable {
            let number: String
            let status: String?
            let estimatedTime: Date??
            let gate: String?

            enum CodingKeys: String, CodingKey { case number, status, estimatedTime, gate }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                number = try container.decode(String.self, forKey: .number)
                status = try container.decodeIfPresent(String.self, forKey: .status)
                gate = try container.decodeIfPresent(String.self, forKey: .gate)
                if container.contains(.estimatedTime) {
                    estimatedTime =
                        try container.decodeNil(forKey: .estimatedTime)
                        ? .some(nil) : .some(try container.decode(Date.self, forKey: .estimatedTime))
                } else {
                    estimatedTime = nil
                }
            }
        }
        let flights: [Entry]
    }

    /// Applies an answer; returns how many flights it changed.
    func apply(_ data: Data) throws -> Int {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let answer: Answer
        do {
            answer = try decoder.decode(Answer.self, from: data)
        } catch let error as DecodingError {
            throw Problem(description: "the answer is not a flight list (\(AirportStore.describe(error)))")
        }
        let now = model.clock.now
        var byNumber: [String: FlightInformation] = [:]
        for flight in model.flights {
            if let known = byNumber[flight.number],
                abs(known.scheduledTime.timeIntervalSince(now)) <= abs(flight.scheduledTime.timeIntervalSince(now))
            {
                continue
            }
            byNumber[flight.number] = flight
        }
        var changed = 0
        for entry in answer.flights.prefix(10_000) {
            guard let flight = byNumber[entry.number] else { continue }
            let status = entry.status.flatMap(FlightInformation.Status.init(rawValue:))
            let gate = entry.gate.map { $0.uppercased() }.flatMap { FlightChange.problem(gate: $0) == nil ? $0 : nil }
            var original: FlightInformation?
            let updated = try model.change(flight.id, by: "feed") { flight in
                original = flight
                if let status { flight.status = status }
                if let gate { flight.gate = gate }
                if let estimated = entry.estimatedTime {
                    flight.currentTime = estimated.flatMap { $0 == flight.scheduledTime ? nil : $0 }
                }
            }
            if updated != original { changed += 1 }
        }
        return changed
    }
}

/// Canned feed answers from a folder, for tests and demonstrations without a network
/// (`MountainAirport --feed-fixtures DIR`): a `URLProtocol` that answers every request of the
/// feed's session with the fixture the folder's `scenario` file names (`success` when it has
/// none). A fixture `NAME.http` is a canned HTTP answer — its status line, headers, an empty
/// line and the body; `X-Fixture-Body: FILE` takes the body from another file of the folder,
/// `X-Fixture-Delay: SECONDS` answers that late — and a bare `NAME.json` is answered with 200.
/// Tests/Fixtures/feed has `success`, `slow`, `failing` and `malformed`; a test rewrites
/// `scenario` to change what the feed does.
public final class FeedFixtureProtocol: URLProtocol {
    nonisolated(unsafe) private static var folder = ""
    private static let lock = NSLock()
    private var pending: DispatchWorkItem?

    /// A session whose requests the fixtures in `folder` answer (one folder per process, as
    /// the app has one feed).
    public static func session(folder: String) -> URLSession {
        lock.lock()
        Self.folder = folder
        lock.unlock()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [FeedFixtureProtocol.self]
        return URLSession(configuration: configuration)
    }

    public override class func canInit(with request: URLRequest) -> Bool { true }
    public override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    /// A canned answer: status, headers, body and how late it comes.
    struct Fixture: Equatable {
        var status = 200
        var headers: [String: String] = ["Content-Type": "application/json"]
        var body = Data()
        var delay: TimeInterval = 0
    }

    /// The fixture `scenario` names in `folder`, or why there is none.
    static func fixture(_ scenario: String, in folder: String) -> Result<Fixture, FixtureError> {
        let name = scenario.isEmpty ? "success" : scenario
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            return .failure(FixtureError("the scenario \"\(name)\" is not a fixture's name (letters, digits, - and _)"))
        }
        let read = { (file: String) in FileManager.default.contents(atPath: folder + "/" + file) }
        if let json = read(name + ".json"), read(name + ".http") == nil { return .success(Fixture(body: json)) }
        guard let raw = read(name + ".http") else {
            return .failure(FixtureError("no fixture \(name).http or \(name).json in \(folder)"))
        }
        let bytes = [UInt8](raw)
        // The head ends at the first empty line, however its lines end.
        let separator = [bytes.firstRange(of: Array("\r\n\r\n".utf8)), bytes.firstRange(of: Array("\n\n".utf8))].compactMap { $0 }
            .min { $0.lowerBound < $1.lowerBound }
        let head = String(decoding: separator.map { bytes[..<$0.lowerBound] } ?? bytes[...], as: UTF8.self)
        var fixture = Fixture(headers: [:], body: separator.map { Data(bytes[$0.upperBound...]) } ?? Data())
        var lines = head.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).makeIterator()
        let statusLine = lines.next().map(String.init) ?? ""
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]), (100...599).contains(status) else {
            return .failure(FixtureError("\(name).http does not start with a status line (HTTP/1.1 200 OK): \(statusLine)"))
        }
        fixture.status = status
        while let line = lines.next() {
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(FixtureError("\(name).http: \"\(line)\" is not a header (Name: value)"))
            }
            let field = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch field.lowercased() {
            case "x-fixture-delay":
                guard let seconds = TimeInterval(value), seconds >= 0, seconds <= 3600 else {
                    return .failure(FixtureError("\(name).http: X-Fixture-Delay \(value) is not a number of seconds up to 3600"))
                }
                fixture.delay = seconds
            case "x-fixture-body":
                guard !value.contains("/"), let body = read(value) else {
                    return .failure(FixtureError("\(name).http: X-Fixture-Body names \(value), not a file of the folder"))
                }
                fixture.body = body
            default: fixture.headers[field] = value
            }
        }
        return .success(fixture)
    }

    public override func startLoading() {
        Self.lock.lock()
        let folder = Self.folder
        Self.lock.unlock()
        let scenario = String(decoding: FileManager.default.contents(atPath: folder + "/scenario") ?? Data(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        switch Self.fixture(scenario, in: folder) {
        case .failure(let error):
            client?.urlProtocol(self, didFailWithError: error)
        case .success(let fixture) where fixture.delay > 0:
            let item = DispatchWorkItem { [weak self] in self?.answer(fixture) }
            pending = item
            DispatchQueue.global().asyncAfter(deadline: .now() + fixture.delay, execute: item)
        case .success(let fixture):
            answer(fixture)
        }
    }

    public override func stopLoading() {
        pending?.cancel()
        pending = nil
    }

    private func answer(_ fixture: Fixture) {
        guard let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: fixture.status, httpVersion: "HTTP/1.1", headerFields: fixture.headers)
        else { return }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: fixture.body)
        client?.urlProtocolDidFinishLoading(self)
    }
}

/// Why a feed fixture could not be answered (the feed shows it as its reason).
public struct FixtureError: LocalizedError, CustomStringConvertible {
    public let description: String
    public var errorDescription: String? { description }
    init(_ description: String) { self.description = description }
}
