import Foundation
import JetwayTesting
import Testing

@testable import Jetway

/// `AsyncImage` as SwiftUI apps write it: the page holds each phase's content and the browser's
/// load of the image picks the one shown (checked in the browsers by ControlSuiteTests).
@MainActor
struct AsyncImageTests {
    @Test func eachPhasesContentIsOnThePageWithTheImageToLoad() throws {
        let host = ViewHost(
            AsyncImage(url: URL(string: "https://example.com/gate.png")) { phase in
                if let image = phase.image { image.resizable() } else if phase.error != nil { Text("failed") } else { Text("loading") }
            })
        let container = try #require(host.elements(withClass: RuntimeContract.Class.asyncImage).first)
        #expect(container.attribute(RuntimeContract.Attribute.imagePhase) == "empty")
        #expect(host.text.contains("loading") && host.text.contains("failed"))
        #expect(host.html.contains("src=\"https://example.com/gate.png\""))
        let parts = host.dom.root.descendants.compactMap { $0.attribute(RuntimeContract.Attribute.imagePart) }
        #expect(parts == ["empty", "success", "failure"])
    }

    @Test func noAddressOrAScriptOneIsAFailureAtOnce() {
        for url in [nil, URL(string: "javascript:alert(1)")] {
            let host = ViewHost(AsyncImage(url: url) { phase in if phase.error != nil { Text("failed") } else { Text("loading") } })
            #expect(host.text == "failed")
            #expect(!host.html.contains("javascript"))
        }
        #expect(ViewHost(AsyncImage(url: URL(string: "/a.png"))).html.contains("src=\"/a.png\""))
    }
}
