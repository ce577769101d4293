import Foundation
import JetwayTesting
import Testing

@testable import Jetway

// The Combine that view models of published apps chain: a service that decodes a response
// (`tryMap`, `decode`, `eraseToAnyPublisher`), a model that sinks it with its completion, stores
// cancellables in an array, assigns to its own properties, and a timer stopped through
// `upstream`. Written as those apps write them (a nonisolated model in a plain class).

private struct Forecast: Codable, Equatable {
    let city: String
    let celsius: Double
}

private enum ForecastService {
    static func forecast(from json: String) -> AnyPublisher<Forecast, Error> {
        Just(Data(json.utf8))
            .tryMap { data -> Data in
                guard !data.isEmpty else { throw URLError(.badServerResponse) }
                return data
            }
            .decode(type: Forecast.self, decoder: JSONDecoder())
            .eraseToAnyPublisher()
    }
}

private final class ForecastModel: ObservableObject {
    @Published var forecast: Forecast?
    @Published var failure: String?
    @Published var seconds = 0
    @Published var isLastTen = false
    @Published var mirrored = 0
    private var bag: [AnyCancellable] = []

    init() {
        $seconds.map { $0 >= 50 }.assign(to: \.isLastTen, on: self).store(in: &bag)
        $seconds.map { $0 * 2 }.assign(to: &$mirrored)
    }

    func load(_ json: String) {
        ForecastService.forecast(from: json)
            .sink { completion in
                switch completion {
                case .failure(let error): self.failure = "\(type(of: error))"
                case .finished: break
                }
            } receiveValue: { [weak self] forecast in
                withAnimation { self?.forecast = forecast }
            }
            .store(in: &bag)
    }
}

@MainActor
struct CombineChainTests {
    @Test func aDecodedResponseArrivesAndAFailureEndsTheStream() {
        let model = ForecastModel()
        model.load(#"{"city":"Denver","celsius":21.5}"#)
        #expect(model.forecast == Forecast(city: "Denver", celsius: 21.5))
        #expect(model.failure == nil)
        model.load(#"{"city":"Denver"}"#)
        #expect(model.failure == "DecodingError", "a decoding failure ends the stream with its error")
        let recovered = ForecastService.forecast(from: "{}").map(\.city).replaceError(with: "unknown")
        var seen: [String] = []
        _ = recovered.sink { seen.append($0) }
        #expect(seen == ["unknown"])
        var caught: [String] = []
        _ = Fail<String, URLError>(error: URLError(.timedOut)).catch { _ in Just("cached") }.sink { caught.append($0) }
        #expect(caught == ["cached"])
    }

    @Test func joinedStreamsCombineTheLatestAndMergeAll() {
        // A workout's settings joined into one summary (an interval timer's view model).
        let rounds = CurrentValueSubject<Int, Never>(3)
        let work = CurrentValueSubject<Int, Never>(30)
        let rest = PassthroughSubject<Int, Never>()
        let sound = CurrentValueSubject<Bool, Never>(true)
        var summaries: [String] = []
        var cancellables: [AnyCancellable] = []
        Publishers.CombineLatest4(rounds, work, rest, sound)
            .map { "\($0) × \($1)s/\($2)s\($3 ? " ♪" : "")" }
            .sink { summaries.append($0) }
            .store(in: &cancellables)
        #expect(summaries.isEmpty, "not until each has a value")
        rest.send(10)
        work.send(45)
        #expect(summaries == ["3 × 30s/10s ♪", "3 × 45s/10s ♪"])
        var pairs: [String] = []
        rounds.combineLatest(work).sink { pairs.append("\($0)/\($1)") }.store(in: &cancellables)
        #expect(pairs == ["3/45"])
        // Keyboard-like notifications merged into one stream of heights.
        let shows = PassthroughSubject<Double, Never>(), hides = PassthroughSubject<Double, Never>()
        var heights: [Double] = []
        var ended = false
        let merged = Publishers.MergeMany(shows.eraseToAnyPublisher(), hides.map { _ in 0 }.eraseToAnyPublisher())
            .sink(receiveCompletion: { _ in ended = true }, receiveValue: { heights.append($0) })
        shows.send(300)
        hides.send(1)
        #expect(heights == [300, 0] && !ended)
        merged.cancel()
        shows.send(200)
        #expect(heights == [300, 0], "cancelled: nothing more")
        var both: [Int] = []
        let a = PassthroughSubject<Int, Never>(), b = PassthroughSubject<Int, Never>()
        a.merge(with: b).sink { both.append($0) }.store(in: &cancellables)
        a.send(1)
        b.send(2)
        #expect(both == [1, 2])
        var finished = false
        Publishers.Merge(Just(1), Just(2)).sink(receiveCompletion: { _ in finished = true }, receiveValue: { both.append($0) })
            .store(in: &cancellables)
        #expect(both == [1, 2, 1, 2])
        #expect(finished, "both finished: the merge finishes")
    }

    @Test func assignKeepsAPropertyInStep() {
        let model = ForecastModel()
        model.seconds = 49
        #expect(!model.isLastTen && model.mirrored == 98)
        model.seconds = 55
        #expect(model.isLastTen && model.mirrored == 110)
    }

    struct Countdown: View {
        let timer = Timer.publish(every: 0.01, on: .main, in: .common).autoconnect()
        @State private var ticks = 0
        var body: some View {
            Text("ticks \(ticks)")
                .onReceive(timer) { _ in
                    ticks += 1
                    if ticks == 3 { timer.upstream.connect().cancel() }
                }
        }
    }

    @Test func cancellingTheUpstreamStopsTheTimer() async throws {
        let host = ViewHost(Countdown())
        try host.update()
        #expect(await host.settle { $0.text == "ticks 3" })
        try await Task.sleep(for: .milliseconds(80))
        try host.update()
        #expect(host.text == "ticks 3", "no tick after the timer's connection was cancelled")
    }

    final class Arrivals: ObservableObject, @unchecked Sendable {
        @Published var latest = "none"
    }

    struct ArrivalsLine: View {
        @ObservedObject var arrivals: Arrivals
        @State private var heard: [String] = []
        var body: some View {
            Text("latest \(arrivals.latest), heard \(heard.joined(separator: ","))")
                .onReceive(arrivals.$latest) { heard.append($0) }
        }
    }

    /// A model published from a background task (a feed's thread) reaches the views on the main
    /// actor after it, as in SwiftUI (which warns); it used to trap, stopping the server.
    @Test func aValuePublishedOffTheMainThreadReachesTheView() async throws {
        let arrivals = Arrivals()
        let host = ViewHost(ArrivalsLine(arrivals: arrivals))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                arrivals.latest = "A1"
                done.resume()
            }
        }
        final class Heard: @unchecked Sendable {
            var values: [Int] = []
            var subscription: AnyCancellable?
        }
        let heard = Heard()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                heard.subscription = Just(7).sink { value in MainActor.assumeIsolated { heard.values.append(value) } }
                done.resume()
            }
        }
        #expect(await host.settle { $0.text == "latest A1, heard none,A1" }, "\(host.text)")
        // Delivered on the main queue: it runs when the main actor next waits (on a loaded
        // machine, after a while).
        let deadline = Date().addingTimeInterval(30)
        while await MainActor.run(body: { heard.values.isEmpty }), Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await MainActor.run { heard.values } == [7], "a Just subscribed off the main thread delivers on the main actor")
    }
}
