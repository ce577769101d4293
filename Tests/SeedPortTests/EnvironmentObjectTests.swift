// Seed 001, "Accessing UIHostingController from a SwiftUI view" and "UIKit navigation with
// SwiftUI views": views that reach an object put in the environment with
// `.environmentObject(_:)`. The FlowCoordinator presents and closes a detail view, as the
// UIKit navigation in the article does, and its views use `.background(.green)` and
// `.frame(maxWidth: .infinity, maxHeight: .infinity)`.
import Jetway
import JetwayTesting
import Testing

final class ViewControllerProvider: ObservableObject {
    fileprivate(set) weak var viewController: AnyObject?
}

final class HostingControllerStandIn {}

struct DetailView: View {
    @EnvironmentObject var hostingProvider: ViewControllerProvider
    @State private var message = ""
    var body: some View {
        VStack {
            Text("Detail")
            Button("Access View Controller") {
                let viewController = hostingProvider.viewController
                message = viewController == nil ? "none" : "found"
            }
            Text(message)
        }
    }
}

final class FlowCoordinator: ObservableObject {
    @Published var showingDetail = false
    func showDetailView() { showingDetail = true }
    func closeDetailView() { showingDetail = false }
}

struct FlowContentView: View {
    @EnvironmentObject var flowController: FlowCoordinator
    var body: some View {
        VStack(spacing: 8) {
            Text("Root view")
            Button("Present Sheet", action: flowController.showDetailView)
        }.frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(.green)
    }
}

struct FlowDetailView: View {
    @EnvironmentObject var flowController: FlowCoordinator
    var body: some View {
        VStack(spacing: 8) {
            Text("Detail view content")
            Button("Dismiss", action: flowController.closeDetailView)
        }.frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(.orange)
    }
}

/// The window: shows the detail over the root while the coordinator says so.
struct FlowWindow: View {
    @ObservedObject var coordinator: FlowCoordinator
    var body: some View {
        FlowContentView()
            .sheet(isPresented: $coordinator.showingDetail) { FlowDetailView() }
            .environmentObject(coordinator)
    }
}

@MainActor
struct EnvironmentObjectTests {
    @Test func environmentObjectReachesDescendants() throws {
        let provider = ViewControllerProvider()
        let controller = HostingControllerStandIn()
        provider.viewController = controller
        let host = ViewHost(DetailView().environmentObject(provider))
        try host.tap("Access View Controller")
        #expect(host.elements(withText: "found").count == 1)
        withExtendedLifetime(controller) {}
    }

    @Test func coordinatorPresentsAndClosesTheDetail() throws {
        let coordinator = FlowCoordinator()
        let host = ViewHost(FlowWindow(coordinator: coordinator))
        #expect(host.html.contains("background:var(--jw-green)"))
        #expect(host.html.contains("jw-fill-w jw-fill-h"))
        try host.tap("Present Sheet")
        #expect(coordinator.showingDetail)
        #expect(host.text.contains("Detail view content"))
        try host.tap("Dismiss")
        #expect(!coordinator.showingDetail)
        #expect(!host.text.contains("Detail view content"))
    }
}
