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
}
