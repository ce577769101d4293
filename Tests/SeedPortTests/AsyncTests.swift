// Seed 001, "Wrapping a long-running function with async-await" and "Wrapping delegates for
// @MainActor consumers": a @MainActor view model starts a Task from a button; the slow work
// runs off the main actor; the result comes back and the view re-renders. A delegate called on
// a background queue forwards to the main actor through a closure.
import Jetway
import JetwayTesting
import Testing

struct ImageProcessor {
    func syncProcessData(_ imageData: Data) -> String {
        Thread.sleep(forTimeInterval: 0.02)  // simulates a blocking operation
        return "sun.max"
    }

    func process(_ imageData: Data) async -> String {
        let image = await Task.detached {
            syncProcessData(imageData)
        }.value
        return image
    }
}

@MainActor
final class ImageViewModel: ObservableObject {
    let imageProcessor = ImageProcessor()
    @Published var currentImage: String?

    func applyEffectsToImage() {
        Task {
            let imageData = Data()
            currentImage = await imageProcessor.process(imageData)
        }
    }
}

struct ImageEffectsView: View {
    @StateObject var viewModel = ImageViewModel()
    var body: some View {
        VStack {
            if let name = viewModel.currentImage {
                Image(systemName: name)
                Text("Processed")
            } else {
                Text("No image yet")
            }
            Button("Apply Effects") { viewModel.applyEffectsToImage() }
        }
    }
}

final class ImageBatchLoader: @unchecked Sendable {
    weak var delegate: ImageBatchLoaderDelegate?
    init(delegate: ImageBatchLoaderDelegate) {
        self.delegate = delegate
    }
    func start() {
        DispatchQueue.global().async {
            self.delegate?.imageLoader(self, didLoadBatch: ["a", "b", "c"])
        }
    }
}

protocol ImageBatchLoaderDelegate: AnyObject {
    func imageLoader(_ imageLoader: ImageBatchLoader, didLoadBatch batch: [String])
}

final class ImageBatchLoaderHandler: ImageBatchLoaderDelegate, @unchecked Sendable {
    var didLoadBatch: @MainActor ([String]) -> Void = { _ in }
    func imageLoader(_ imageLoader: ImageBatchLoader, didLoadBatch batch: [String]) {
        let didLoadBatch = didLoadBatch
        Task {
            await didLoadBatch(batch)
        }
    }
}

@MainActor final class BatchViewModel: ObservableObject {
    private let imageLoader: ImageBatchLoader
    private let imageLoaderHandler: ImageBatchLoaderHandler
    @Published var loaded: [String] = []
    init() {
        imageLoaderHandler = ImageBatchLoaderHandler()
        imageLoader = ImageBatchLoader(delegate: imageLoaderHandler)
        imageLoaderHandler.didLoadBatch = handleBatch
        imageLoader.start()
    }
    func handleBatch(_ batch: [String]) {
        loaded += batch
    }
}

struct BatchView: View {
    @StateObject var viewModel = BatchViewModel()
    var body: some View {
        Text("Loaded \(viewModel.loaded.count) images")
    }
}

@MainActor @Observable final class Departures {
    var count = 0
    func refresh() async {
        try? await Task.sleep(for: .milliseconds(5))
        count = 12
    }
}

struct DeparturesView: View {
    @State private var model = Departures()
    var body: some View {
        Text("\(model.count) departures")
            .task { await model.refresh() }
    }
}

@MainActor
struct AsyncTests {
    @Test func taskStartedByAButtonUpdatesTheView() async throws {
        let host = ViewHost(ImageEffectsView())
        try host.tap("Apply Effects")
        #expect(host.text.contains("No image yet"))
        #expect(await host.settle(until: { $0.text.contains("Processed") }))
        #expect(host.html.contains("aria-label=\"sun max\""))
    }

    @Test func delegateOnABackgroundQueueReachesTheMainActor() async throws {
        let host = ViewHost(BatchView())
        #expect(await host.settle(until: { $0.text == "Loaded 3 images" }))
    }

    @Test func taskModifierRunsOnAppearAndObservationUpdates() async throws {
        let host = ViewHost(DeparturesView())
        #expect(host.text == "0 departures")
        await host.settle()
        #expect(host.text == "12 departures")
        #expect(host.backgroundError == nil)
    }
}
