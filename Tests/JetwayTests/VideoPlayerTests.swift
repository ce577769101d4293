import Foundation
import JetwayTesting
import Testing

@testable import Jetway

// Videos as apps play them: a trailer in a `VideoPlayer` with an overlay and buttons of the
// app's, reels in `AVPlayerViewController`s without controls that start over at their end.

@MainActor
private final class Trailer: ObservableObject {
    let player = AVPlayer(url: URL(string: "https://example.com/trailer.mp4")!)
    @Published var ends = 0
    private var observer: NSObjectProtocol?

    init() {
        observer = NotificationCenter.default.addObserver(forName: .AVPlayerItemDidPlayToEndTime, object: nil, queue: nil) {
            [weak self] _ in
            MainActor.assumeIsolated { self?.ends += 1 }
        }
    }
}

private struct TrailerView: View {
    @StateObject private var trailer = Trailer()
    var body: some View {
        VStack {
            VideoPlayer(player: trailer.player) { Text("Trailer").font(.caption) }
                .frame(height: 200)
            Button("Play") { trailer.player.play() }
            Button("Pause") { trailer.player.pause() }
            Button("Start over") { trailer.player.seek(to: .zero) }
            Text("Ended \(trailer.ends)")
        }
    }
}

private struct Reel: UIViewControllerRepresentable {
    let player: AVPlayer
    func makeUIViewController(context: Context) -> AVPlayerViewController {
        let controller = AVPlayerViewController()
        controller.player = player
        controller.showsPlaybackControls = false
        controller.videoGravity = .resizeAspectFill
        return controller
    }
    func updateUIViewController(_ controller: AVPlayerViewController, context: Context) {}
}

@MainActor
@Suite struct VideoPlayerTests {
    private func video(_ host: ViewHost) -> DOMNode? { host.dom.root.descendants.first { $0.tag == "video" } }

    @Test func aPlayersCommandsReachItsVideoAndItsEndReachesTheApp() throws {
        let host = ViewHost(TrailerView())
        let first = try #require(video(host))
        #expect(first.attribute("src") == "https://example.com/trailer.mp4" && first.attribute("controls") != nil)
        #expect(first.attribute("data-jw-video") == "0 pause 0 1 0")
        #expect(!host.elements(withText: "Trailer").isEmpty, "the overlay")
        try host.tap("Play")
        #expect(video(host)?.attribute("data-jw-video")?.hasPrefix("1 play 0 ") == true, "\(video(host)?.attribute("data-jw-video") ?? "")")
        try host.tap("Pause")
        let paused = try #require(video(host)?.attribute("data-jw-video")).split(separator: " ")
        #expect(paused[0] == "2" && paused[1] == "pause")
        try host.tap("Start over")
        #expect(video(host)?.attribute("data-jw-video") == "3 pause 0 1 0")
        // The page played it to its end.
        try host.send(.change, .text("ended")) { $0.tag == "video" }
        #expect(!host.elements(withText: "Ended 1").isEmpty)
        #expect(throws: JetwayError.self) { try host.send(.change, .text("rewound")) { $0.tag == "video" } }
    }

    @Test func aPlayerViewControllerShowsItsVideoFillingWithoutControls() throws {
        let player = AVPlayer(url: URL(fileURLWithPath: "/app/Resources/reel_1.mp4"))
        let host = ViewHost(Reel(player: player).frame(height: 300))
        let element = try #require(video(host))
        #expect(element.attribute("src") == "/assets/reel_1.mp4", "a bundle's video from the app's assets folder")
        #expect(element.attribute("controls") == nil && element.attribute("style")?.contains("object-fit:cover") == true)
        player.play()
        try host.update()
        #expect(video(host)?.attribute("data-jw-video")?.hasPrefix("1 play") == true)
        #expect(player.timeControlStatus == .playing && player.rate == 1)
        player.seek(to: CMTime(seconds: 12.5, preferredTimescale: 600))
        #expect(abs(player.currentTime().seconds - 12.5) < 0.5)
    }
}
