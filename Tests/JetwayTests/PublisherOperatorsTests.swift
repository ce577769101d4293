import Foundation
import JetwayTesting
import Testing

@testable import Jetway

// The Combine operators view models chain over time and values, written as published apps
// write them: a search model that debounces its text and drops repeats, a price feed that
// throttles, a download that retries and subscribes on a background queue, a splash that
// waits with `delay`.

private final class SearchModel: ObservableObject {
    @Published var searchText = ""
    @Published var searched: [String] = []
    private var bag = Set<AnyCancellable>()

    init() {
        $searchText
            .dropFirst()
            .debounce(for: .milliseconds(40), scheduler: RunLoop.main)
            .removeDuplicates()
            .sink { [weak self] text in self?.searched.append(text) }
            .store(in: &bag)
    }
}

/// Fails its first `failures` subscriptions, then delivers its value.
private final class Flaky: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = URLError
    var attempts = 0
    let failures: Int
    init(failures: Int) { self.failures = failures }

    func subscribe(_ receive: @escaping (Int) -> Void) -> AnyCancellable { subscribe(receive) { _ in } }

    func subscribe(_ receive: @escaping (Int) -> Void, completion complete: @escaping (Subscribers.Completion<URLError>) -> Void)
        -> AnyCancellable
    {
        attempts += 1
        if attempts <= failures {
            complete(.failure(URLError(.timedOut)))
        } else {
            receive(attempts)
            complete(.finished)
        }
        return AnyCancellable {}
    }
}

/// A stream the test drives: values, then its end.
private final class Driven: Publisher, @unchecked Sendable {
    typealias Output = Int
    private var receive: ((Int) -> Void)?
    private var complete: ((Subscribers.Completion<Never>) -> Void)?

    func subscribe(_ receive: @escaping (Int) -> Void) -> AnyCancellable { subscribe(receive) { _ in } }

    func subscribe(_ receive: @escaping (Int) -> Void, completion complete: @escaping (Subscribers.Completion<Never>) -> Void)
        -> AnyCancellable
    {
        self.receive = receive
        self.complete = complete
        return AnyCancellable {}
    }

    func send(_ value: Int) { receive?(value) }
    func finish() { complete?(.finished) }
}

private func settle(_ milliseconds: Int = 150) async throws {
    try await Task.sleep(for: .milliseconds(milliseconds))
}

@MainActor
struct PublisherOperatorsTests {
    @Test func typingIsDebouncedAndARepeatIsDropped() async throws {
        let model = SearchModel()
        model.searchText = "d"
        model.searchText = "de"
        model.searchText = "den"
        #expect(model.searched.isEmpty, "nothing before the typing pauses")
        try await settle()
        #expect(model.searched == ["den"])
        model.searchText = "denv"
        model.searchText = "den"
        try await settle()
        #expect(model.searched == ["den"], "the same text again is not searched again")
        model.searchText = "denver"
        try await settle()
        #expect(model.searched == ["den", "denver"])
    }

    @Test func aCancelledDebounceDeliversNothing() async throws {
        let subject = PassthroughSubject<Int, Never>()
        var got: [Int] = []
        let subscription = subject.debounce(for: 0.03, scheduler: DispatchQueue.main).sink { got.append($0) }
        subject.send(1)
        subscription.cancel()
        try await settle(100)
        #expect(got.isEmpty)
    }

    @Test func throttlePassesTheFirstThenTheLatestOrFirstOfEachInterval() async throws {
        let prices = PassthroughSubject<Int, Never>()
        var latest: [Int] = [], first: [Int] = []
        let a = prices.throttle(for: .milliseconds(40), scheduler: RunLoop.main, latest: true).sink { latest.append($0) }
        let b = prices.throttle(for: .milliseconds(40), scheduler: RunLoop.main, latest: false).sink { first.append($0) }
        prices.send(1)
        prices.send(2)
        prices.send(3)
        #expect(latest == [1] && first == [1])
        try await settle()
        #expect(latest == [1, 3])
        #expect(first == [1, 2])
        withExtendedLifetime((a, b)) {}
    }

    @Test func delayHoldsValuesAndTheEnd() async throws {
        var got: [String] = []
        var finished = false
        let subscription = Just("ready").delay(for: .seconds(0.03), scheduler: DispatchQueue.main)
            .sink(receiveCompletion: { _ in finished = true }, receiveValue: { got.append($0) })
        #expect(got.isEmpty && !finished)
        try await settle()
        #expect(got == ["ready"] && finished)
        withExtendedLifetime(subscription) {}
    }

    @Test func retrySubscribesAgainAfterAFailure() {
        var values: [Int] = []
        var failure: URLError?
        let flaky = Flaky(failures: 2)
        _ = flaky.retry(3).sink(
            receiveCompletion: { if case .failure(let error) = $0 { failure = error } }, receiveValue: { values.append($0) })
        #expect(values == [3] && failure == nil && flaky.attempts == 3)

        let hopeless = Flaky(failures: 5)
        _ = hopeless.retry(1).sink(
            receiveCompletion: { if case .failure(let error) = $0 { failure = error } }, receiveValue: { values.append($0) })
        #expect(failure?.code == .timedOut && hopeless.attempts == 2, "one try and one retry, then the failure")
    }

    @Test func aDownloadChainAsNetworkCodeWritesIt() {
        // NetworkingManager-style: subscribe on a background queue, check the response, retry,
        // deliver on the main queue.
        let download = Just(Data("[1,2]".utf8))
            .subscribe(on: DispatchQueue.global(qos: .default))
            .tryMap { data -> Data in
                guard !data.isEmpty else { throw URLError(.badServerResponse) }
                return data
            }
            .retry(3)
            .decode(type: [Int].self, decoder: JSONDecoder())
            .receive(on: DispatchQueue.main)
            .eraseToAnyPublisher()
        var numbers: [Int] = []
        _ = download.sink(receiveCompletion: { _ in }, receiveValue: { numbers = $0 })
        #expect(numbers == [1, 2])
    }

    @Test func valuesShapedByScanPrependFirstAndFlatMap() {
        let taps = PassthroughSubject<Int, Never>()
        var totals: [Int] = [], firsts: [Int] = [], seen: [Int] = []
        var ends = 0
        let a = taps.scan(0, +).prepend(0).sink { totals.append($0) }
        let b = taps.first(where: { $0 > 1 }).sink(receiveCompletion: { _ in ends += 1 }, receiveValue: { firsts.append($0) })
        let c = taps.flatMap { n in Just(n * 10).setFailureType(to: Never.self) }
            .handleEvents(receiveOutput: { seen.append($0) })
            .sink { _ in }
        taps.send(1)
        taps.send(2)
        taps.send(3)
        #expect(totals == [0, 1, 3, 6])
        #expect(firsts == [2] && ends == 1, "the first match, then the end, once")
        #expect(seen == [10, 20, 30])
        withExtendedLifetime((a, b, c)) {}
    }

    @Test func publishersJoinedThenDebounced() async throws {
        // CombineLatest3 of a model's published values, debounced as a sort-and-filter is.
        final class Coins: ObservableObject {
            @Published var text = ""
            @Published var all = [3, 1, 2]
            @Published var descending = false
            @Published var shown: [Int] = []
            var bag = Set<AnyCancellable>()
            init() {
                $text.combineLatest($all, $descending)
                    .debounce(for: .seconds(0.02), scheduler: DispatchQueue.main)
                    .map { text, all, descending in all.filter { text.isEmpty || "\($0)" == text }.sorted { descending ? $0 > $1 : $0 < $1 }
                    }
                    .sink { [weak self] in self?.shown = $0 }
                    .store(in: &bag)
            }
        }
        let coins = Coins()
        try await settle(80)
        #expect(coins.shown == [1, 2, 3])
        coins.descending = true
        coins.text = "2"
        try await settle(80)
        #expect(coins.shown == [2])
    }

    @Test func aPublishedValueInAClassThatIsNotObservable() {
        // A data service whose `@Published` list a view model subscribes to (`$coins.sink`).
        final class CoinService {
            @Published var coins: [String] = []
        }
        let service = CoinService()
        var got: [[String]] = []
        let subscription = service.$coins.sink { got.append($0) }
        service.coins = ["BTC"]
        #expect(got == [[], ["BTC"]] && service.coins == ["BTC"])
        withExtendedLifetime(subscription) {}
    }

    @Test func aDebouncedValueStillWaitingIsDeliveredBeforeTheEnd() {
        let subject = Driven()
        var got: [Int] = []
        var finished = false
        let subscription = subject.debounce(for: .seconds(10), scheduler: RunLoop.main)
            .sink(receiveCompletion: { _ in finished = true }, receiveValue: { got.append($0) })
        subject.send(1)
        subject.send(2)
        subject.finish()
        #expect(got == [2] && finished)
        withExtendedLifetime(subscription) {}
    }

    @Test func nothingIsThrottledThroughAfterTheEnd() async throws {
        let subject = Driven()
        var got: [Int] = []
        let subscription = subject.throttle(for: .milliseconds(30), scheduler: RunLoop.main, latest: true).sink { got.append($0) }
        subject.send(1)
        subject.send(2)
        subject.finish()
        try await settle(120)
        #expect(got == [1])
        withExtendedLifetime(subscription) {}
    }
}
