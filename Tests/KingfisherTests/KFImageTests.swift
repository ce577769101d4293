import Foundation
import Jetway
import JetwayKingfisher
import JetwayTesting
import Testing

// Kingfisher's images as apps write them: a poster with a placeholder, a fade and a rounded
// processor, an avatar that says when it loaded, one whose address fails.

private struct Poster: View {
    let url: URL?
    @State private var loaded = "loading"
    var body: some View {
        VStack {
            KFImage(url)
                .placeholder { ProgressView() }
                .onFailureImage(UIImage(systemName: "photo"))
                .setProcessor(
                    DownsamplingImageProcessor(size: CGSize(width: 200, height: 300)) |> RoundCornerImageProcessor(cornerRadius: 12)
                )
                .resizable()
                .fade(duration: 0.25)
                .cacheOriginalImage()
                .onSuccess { result in loaded = "loaded \(result.source.url?.lastPathComponent ?? "")" }
                .onFailure { error in loaded = "failed: \(error)" }
                .aspectRatio(contentMode: .fill)
                .frame(width: 100, height: 150)
            Text(loaded)
        }
    }
}

@MainActor
@Suite struct KFImageTests {
    private func image(_ host: ViewHost) -> DOMNode? { host.elements(withClass: "jw-async-image").first }

    @Test func aPosterShowsItsPlaceholderUntilThePageLoadedItThenTellsTheApp() throws {
        let host = ViewHost(Poster(url: URL(string: "https://images.example.com/dune.jpg")))
        let container = try #require(image(host))
        #expect(container.attribute("data-jw-phase") == "empty")
        #expect(container.attribute("data-jw-image-fade") == "250")
        let success = try #require(container.descendants.first { $0.attribute("data-jw-part") == "success" })
        let img = try #require(success.descendants.first { $0.tag == "img" })
        #expect(img.attribute("src") == "https://images.example.com/dune.jpg" && img.attribute("class")?.contains("jw-resizable") == true)
        #expect(
            img.attribute("style") == "border-radius:12px;overflow:hidden",
            "only what the processors asked: \(img.attribute("style") ?? "")")
        let empty = try #require(container.descendants.first { $0.attribute("data-jw-part") == "empty" })
        #expect(empty.descendants.contains { $0.tag == "progress" }, "\(host.html)")
        try host.send(.change, .text("success")) { $0.attribute("class")?.contains("jw-async-image") == true }
        #expect(!host.elements(withText: "loaded dune.jpg").isEmpty)
    }

    @Test func aFailedLoadShowsTheFailureImageAndTellsWhy() throws {
        let host = ViewHost(Poster(url: URL(string: "https://images.example.com/missing.jpg")))
        let failure = try #require(image(host)?.descendants.first { $0.attribute("data-jw-part") == "failure" })
        #expect(failure.descendants.contains { $0.attribute("role") == "img" || $0.tag == "svg" || $0.tag == "span" })
        try host.send(.change, .text("failure")) { $0.attribute("class")?.contains("jw-async-image") == true }
        #expect(host.text.contains("failed: the browser could not load the image at https://images.example.com/missing.jpg"))
        #expect(throws: JetwayError.self) {
            try host.send(.change, .text("loaded")) { $0.attribute("class")?.contains("jw-async-image") == true }
        }
    }

    @Test func theCacheIsTheBrowsers() async {
        ImageCache.default.clearMemoryCache()
        KingfisherManager.shared.cache.clearDiskCache()
        let size = await withCheckedContinuation { continuation in
            ImageCache.default.calculateDiskStorageSize { continuation.resume(returning: (try? $0.get()) ?? 1) }
        }
        #expect(size == 0)
    }
}
