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

@Observable @MainActor private final class Setting {
    var label = "Gate"
}

private struct Labelled: View {
    let setting: Setting
    let count: Int
    var body: some View { Text("\(setting.label) \(count)") }
}

/// Re-evaluates `Labelled` with a new input on each tap; reads no model itself.
private struct Tapper: View {
    let setting: Setting
    @State private var count = 0
    var body: some View {
        VStack {
            Button("More") { count += 1 }
            Labelled(setting: setting, count: count)
        }
    }
}

/// Re-evaluates itself for its own state on each tap, and reads the model.
private struct Ticking: View {
    let setting: Setting
    @State private var ticks = 0
    var body: some View {
        VStack {
            Button("Tick") { ticks += 1 }
            Text("\(setting.label) \(ticks)")
        }
    }
}

/// Like `Labelled`, with state: it is unmounted when it leaves (a stateless view departs,
/// kept with its tracking for a quick return).
private struct StatefulLabelled: View {
    let setting: Setting
    let count: Int
    @State private var note = ""
    var body: some View { Text("\(setting.label) \(count)\(note)") }
}

/// Shows `StatefulLabelled` (with a new input each time) or nothing, in turn.
private struct Switcher: View {
    let setting: Setting
    @State private var shown = true
    @State private var count = 0
    var body: some View {
        VStack {
            Button("Switch") {
                shown.toggle()
                count += 1
            }
            if shown {
                StatefulLabelled(setting: setting, count: count)
            } else {
                Text("Hidden")
            }
        }
    }
}

@Observable @MainActor private final class Panel {
    var open = false
    var title = "Doors"
}

/// Changes itself on each tap; its parent's kept body is walked again, not evaluated.
private struct TickingChild: View {
    @State private var ticks = 0
    var body: some View { Button("Tick \(ticks)") { ticks += 1 } }
}

/// Controls bound to a model (a toggle, a sheet) beside a child that changes often: a gate
/// console with a ticking clock.
private struct Console: View {
    @Bindable var panel: Panel
    var body: some View {
        VStack {
            Toggle(panel.title, isOn: $panel.open)
            TickingChild()
        }
        .sheet(isPresented: $panel.open) { Text("Doors open") }
    }
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

    /// A view evaluated again because its parent gave it new inputs (not because a model it read
    /// changed) lets its earlier tracking go (`TrackingGeneration`): a model that rarely
    /// changes (a setting, a device's starred flights) used to collect one registration per
    /// evaluation for the life of the page (50 renders, 50 registrations: session 16's known
    /// issue, which kept the soak's boards flat only by accident).
    @Test func aViewEvaluatedForNewInputsLetsItsEarlierRegistrationsGo() throws {
        ObservationRegistrations.isCounting = true
        let base = ObservationRegistrations.live
        let setting = Setting()
        let host = ViewHost(Tapper(setting: setting))
        let before = ObservationRegistrations.live
        #expect(before == base + 1, "one view reads the model")
        for _ in 1...50 { try host.tap("More") }
        #expect(host.text.contains("Gate 50"))
        // The first evaluation's tracking stays until the model changes (it was made before the
        // view was seen to read a model): one more, not one per evaluation.
        #expect(ObservationRegistrations.live <= before + 1, "registrations grew: \(ObservationRegistrations.live - before)")
        // What was let go did not take the dependency with it: a change is still heard.
        setting.label = "Kiosk"
        #expect(host.graph.needsUpdate, "the change was heard")
        try host.update()
        #expect(host.text.contains("Kiosk 50"))
        #expect(ObservationRegistrations.live == before)
        for _ in 1...5 { try host.tap("More") }
        setting.label = "Desk"
        try host.update()
        #expect(host.text.contains("Desk 55"))
        #expect(ObservationRegistrations.live == before)
        // A page that ends lets go of what its views tracked.
        host.graph.tearDown()
        #expect(ObservationRegistrations.live == base, "an ended page left \(ObservationRegistrations.live - base)")
    }

    /// The same for a view evaluated again for its own `@State` (a kiosk's ticking clock beside
    /// a model that changes once a day).
    @Test func aViewEvaluatedForItsOwnStateLetsItsEarlierRegistrationsGo() throws {
        ObservationRegistrations.isCounting = true
        let setting = Setting()
        let host = ViewHost(Ticking(setting: setting))
        let before = ObservationRegistrations.live
        for _ in 1...50 { try host.tap("Tick") }
        #expect(host.text.contains("Gate 50"))
        #expect(ObservationRegistrations.live <= before + 1, "registrations grew: \(ObservationRegistrations.live - before)")
        setting.label = "Kiosk"
        try host.update()
        #expect(host.text.contains("Kiosk 50"))
        host.graph.tearDown()
    }

    /// A view that leaves for good (a sheet closed, a row evicted) lets go of its trackings.
    @Test func aViewThatLeavesLetsItsRegistrationsGo() throws {
        ObservationRegistrations.isCounting = true
        let setting = Setting()
        let host = ViewHost(Switcher(setting: setting))
        let before = ObservationRegistrations.live
        for _ in 1...20 {
            try host.tap("Switch")
            try host.tap("Switch")
        }
        #expect(host.text.contains("Gate 40"))
        try host.tap("Switch")
        #expect(host.text.contains("Hidden"))
        #expect(ObservationRegistrations.live <= before, "the view that left kept \(ObservationRegistrations.live - before + 1)")
        host.graph.tearDown()
    }

    /// A view whose kept body is walked again because a view below it changed (not evaluated)
    /// runs its controls' reads again: each walk's trackings replace the last walk's, so a
    /// console with a ticking clock holds the same few registrations however long it runs.
    @Test func aBodyWalkedAgainReplacesItsControlsRegistrations() throws {
        ObservationRegistrations.isCounting = true
        // The process's first console teaches the graph that the type's walks read models: its
        // first walk's trackings stay until a property they read changes (once per view type).
        let first = Panel()
        ViewHost(Console(panel: first)).graph.tearDown()
        first.open = true
        let base = ObservationRegistrations.live
        let panel = Panel()
        let host = ViewHost(Console(panel: panel))
        let before = ObservationRegistrations.live
        #expect(before > base, "the console's controls read the model")
        for step in 1...50 { try host.tap("Tick \(step - 1)") }
        #expect(host.text.contains("Tick 50"))
        #expect(ObservationRegistrations.live <= before, "registrations grew: \(ObservationRegistrations.live - before)")
        // What was let go did not take the dependency with it: the toggle and the sheet still hear.
        panel.open = true
        #expect(host.graph.needsUpdate, "the change was heard")
        try host.update()
        #expect(host.text.contains("Doors open"))
        for step in 51...60 { try host.tap("Tick \(step - 1)") }
        panel.open = false
        try host.update()
        #expect(!host.text.contains("Doors open"))
        panel.title = "Gates"
        try host.update()
        #expect(host.text.contains("Gates"))
        host.graph.tearDown()
        #expect(ObservationRegistrations.live == base, "an ended page left \(ObservationRegistrations.live - base)")
        // A console that ends before its model ever changed leaves nothing either.
        let quiet = ViewHost(Console(panel: Panel()))
        for step in 1...5 { try quiet.tap("Tick \(step - 1)") }
        quiet.graph.tearDown()
        #expect(ObservationRegistrations.live == base, "an ended page left \(ObservationRegistrations.live - base)")
    }
}
