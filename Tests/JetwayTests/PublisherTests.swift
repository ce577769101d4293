import Foundation
import JetwayTesting
import Testing

@testable import Jetway

/// The part of Combine views use: a timer, subjects, notifications and `@Published` values
/// heard with `.onReceive` while the view is on the page.
@MainActor
private final class Tannoy {
    static let shared = Tannoy()
    let announcements = PassthroughSubject<String, Never>()
    let gate = CurrentValueSubject<String, Never>("A1")
}

private struct TickerScreen: View {
    let timer = Timer.publish(every: 0.02, on: .main, in: .common).autoconnect()
    @State private var ticks = 0
    @State private var heard = "nothing"
    @State private var gate = ""
    @State private var notes = 0

    var body: some View {
        VStack {
            Text("ticks \(ticks > 2 ? "many" : "few")")
            Text("heard \(heard) gate \(gate) notes \(notes)")
        }
        .onReceive(timer) { _ in ticks += 1 }
        .onReceive(Tannoy.shared.announcements.map { $0.uppercased() }) { heard = $0 }
        .onReceive(Tannoy.shared.gate) { gate = $0 }
        .onReceive(NotificationCenter.default.publisher(for: .init("jetway.test.board"))) { _ in notes += 1 }
    }
}

@MainActor
struct PublisherTests {
    @Test func aViewHearsItsPublishersWhileItIsOnThePage() async throws {
        let host = ViewHost(TickerScreen())
        try host.update()
        #expect(await host.settle { $0.text.contains("ticks many") }, "the timer ticks")
        #expect(host.text.contains("gate A1"), "a current value arrives at once")
        Tannoy.shared.announcements.send("boarding")
        Tannoy.shared.gate.send("B12")
        NotificationCenter.default.post(name: .init("jetway.test.board"), object: nil)
        #expect(await host.settle { $0.text.contains("heard BOARDING gate B12 notes 1") }, "\(host.text)")
    }

    @Test func sinkAndJustDeliverAndCancellingStops() {
        var seen: [Int] = []
        let subject = PassthroughSubject<Int, Never>()
        let subscription = subject.filter { $0 > 1 }.sink { seen.append($0) }
        subject.send(1)
        subject.send(2)
        _ = Just(5).sink { seen.append($0) }
        subscription.cancel()
        subject.send(3)
        #expect(seen == [2, 5])
    }
}
