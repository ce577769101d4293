import Foundation
import JetwayTesting
import Testing

@testable import Jetway

// What apps of the iOS 17 era write beside their views: a `Logger` per subsystem with
// privacy-marked values, a customizable toolbar, and Combine written against `Scheduler`
// (a dependency container's property wrapper, as packages write one).

private let network = Logger(subsystem: "com.example.notes", category: "network")

private struct NotesToolbar: View {
    @State private var saved = 0
    var body: some View {
        NavigationStack {
            Text("Saved \(saved)")
                .toolbar(id: "notes") {
                    ToolbarItem(id: "save", placement: .topBarTrailing) {
                        Button("Save") {
                            saved += 1
                            network.info("saved \(saved) notes for \("ada@example.com") as \("ada", privacy: .public)")
                        }
                    }
                    ToolbarItem(id: "share", placement: .topBarTrailing, showsByDefault: false) { Button("Share") {} }
                }
        }
    }
}

private final class Feed: ObservableObject {
    @Published var items: [String] = []
}

/// A property wrapper of a package's own, generic over the scheduler it delivers on.
@propertyWrapper
private struct Stored<Object: ObservableObject>: DynamicProperty {
    @ObservedObject private var object: Object
    var wrappedValue: Object { object }

    init<S: Scheduler>(wrappedValue: Object, on scheduler: S, options: S.SchedulerOptions? = nil) {
        self.object = wrappedValue
        _ = Just(1).receive(on: scheduler, options: options)
        self.object = wrappedValue
    }
}

@MainActor
@Suite(.serialized)
struct LoggingAndCustomizingTests {
    @Test func aLoggersEntriesKeepPrivateValuesPrivate() throws {
        let host = ViewHost(NotesToolbar())
        try host.tap("Save")
        let entry = try #require(AppLog.recent.last)
        #expect(entry.subsystem == "com.example.notes" && entry.category == "network" && entry.type == .info)
        #expect(entry.message == "saved 1 notes for <private> as ada", "numbers and .public shown, a string private")
        Logger().error("failed: \(42, format: .hex) \(3.14159, format: .fixed(precision: 2))")
        #expect(AppLog.recent.last?.message == "failed: 2a 3.14" && AppLog.recent.last?.type == .error)
        os_log("queued %d for %{public}@", log: OSLog(subsystem: "s", category: "c"), type: .debug, 3, "gate")
        #expect(AppLog.recent.last?.message == "queued 3 for gate" && AppLog.recent.last?.category == "c")
        os_log("%{private}@ signed in as %@ at 100%% (%.1f s)", "ada@example.com", "ada", 2.25)
        #expect(AppLog.recent.last?.message == "<private> signed in as <private> at 100% (2.2 s)", "\(AppLog.recent.last!.message)")
    }

    @Test func aCustomizableToolbarShowsItsItemsWhereTheyArePlaced() throws {
        let host = ViewHost(NotesToolbar())
        #expect(host.elements(withClass: StyleClass.toolbarItem).count == 1, "an item not shown by default is not shown")
        try host.tap("Save")
        #expect(host.text.contains("Saved 1") && !host.text.contains("Share"))
    }

    @Test func combineWrittenAgainstSchedulers() {
        var finished = false
        var got: [Int] = []
        let empty = Empty<Int, Never>().sink(receiveCompletion: { _ in finished = true }, receiveValue: { got.append($0) })
        #expect(finished && got.isEmpty)
        finished = false
        let open = Empty<Int, Never>(completeImmediately: false).sink(receiveCompletion: { _ in finished = true }, receiveValue: { _ in })
        #expect(!finished, "a stream that never completes")
        let queued = Just(7).receive(on: DispatchQueue.main, options: .init(qos: .userInitiated)).sink { got.append($0) }
        #expect(got == [7])
        @Stored(on: RunLoop.main) var feed = Feed()
        feed.items = ["BTC"]
        #expect(feed.items == ["BTC"])
        _ = Stored(wrappedValue: Feed(), on: ImmediateScheduler.shared)
        withExtendedLifetime((empty, open, queued)) {}
    }
}
