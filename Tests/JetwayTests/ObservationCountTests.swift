import JetwayTesting
import Testing

@testable import Jetway

@Observable @MainActor private final class Counter {
    var value = 0
}

private struct CounterView: View {
    let counter: Counter
    var body: some View { Text("Value \(counter.value)") }
}

/// `ObservationRegistrations` counts the registrations Observation holds for the views: one per
/// tracked evaluation that read a property, let go when it fires.
@MainActor
struct ObservationCountTests {
    @Test func aViewThatReadsAModelHoldsOneRegistrationUntilItChanges() throws {
        ObservationRegistrations.isCounting = true
        let before = ObservationRegistrations.live
        do {
            let token = ObservationRegistrations.token()
            #expect(token != nil && ObservationRegistrations.live == before + 1, "a token is counted")
        }
        #expect(ObservationRegistrations.live == before)
        let counter = Counter()
        let host = ViewHost(CounterView(counter: counter))
        counter.value = -1
        #expect(host.graph.needsUpdate, "the change was heard")
        try host.update()
        #expect(ObservationRegistrations.live == before + 1)
        for step in 1...50 {
            counter.value = step
            try host.update()
        }
        #expect(host.text.contains("Value 50"))
        #expect(ObservationRegistrations.live == before + 1, "registrations grew: \(ObservationRegistrations.live - before)")
        host.graph.tearDown()
    }
}
