import Foundation
import Jetway
import JetwayTesting
import Testing

/// Seed 001's FlowCoordinator, on Jetway: an object that drives the page through its host.
@MainActor
final class FlowCoordinator: ObservableObject {
    let host: PageHost?
    init(host: PageHost?) { self.host = host }
    func showDetailView() { host?.present(FlowDetailView().environmentObject(self)) }
    func closeDetailView() { host?.dismiss() }
}

struct FlowDetailView: View {
    @EnvironmentObject var flowController: FlowCoordinator
    var body: some View {
        VStack(spacing: 8) {
            Text("Detail view content")
            Button("Dismiss", action: flowController.closeDetailView)
        }
    }
}

struct FlowRootView: View {
    @Environment(\.pageHost) private var host
    var body: some View {
        FlowContentView().environmentObject(FlowCoordinator(host: host))
    }
}

struct FlowContentView: View {
    @EnvironmentObject var flowController: FlowCoordinator
    @Environment(\.pageHost) private var host
    var body: some View {
        NavigationStack {
            VStack(spacing: 8) {
                Text("Root view")
                Button("Present Sheet", action: flowController.showDetailView)
                Button("Push") { host?.push(Text("Pushed by the host")) }
                Button("Retitle") { host?.title = "Flow" }
                Button("Open awards") { host?.open(URL(string: "/awards")!) }
                Button("Open script") { _ = host?.open(URL(string: "javascript:alert(1)")!) }
            }
            .navigationTitle("Root")
        }
    }
}

@MainActor
struct PageHostTests {
    @Test func aFlowCoordinatorPresentsAndDismissesThroughTheHost() throws {
        let host = ViewHost(FlowRootView())
        #expect(!host.html.contains("<dialog"))
        try host.tap("Present Sheet")
        #expect(host.html.contains("<dialog") && host.text.contains("Detail view content"))
        try host.tap("Dismiss")
        #expect(!host.html.contains("<dialog"))
        // Escape (the dialog's dismiss event) goes through the host too.
        try host.tap("Present Sheet")
        try host.dismissSheet()
        #expect(!host.html.contains("<dialog"))
        #expect(host.graph.host.presented == nil)
    }

    @Test func theHostPushesRetitlesAndOpensAddresses() throws {
        let host = ViewHost(FlowRootView())
        try host.tap("Push")
        #expect(host.text.contains("Pushed by the host"))
        try host.tap("Back")
        #expect(host.text.contains("Root view"))
        try host.tap("Retitle")
        #expect(host.dom.root.attribute("data-title") == "Flow")
        try host.tap("Open awards")
        #expect(host.dom.root.attribute("data-open") == "1 /awards")
        // A script address is refused: nothing changes.
        try host.tap("Open script")
        #expect(host.dom.root.attribute("data-open") == "1 /awards")
    }
}
