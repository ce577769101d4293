// Seed 002, "Mixing UIKit and SwiftUI": the settings screen with custom dividers, more than ten
// children, button actions sent to a controller, and an avatar shared through an observable
// object. `Image(uiImage:)` becomes an image URL (UIKit does not exist in a browser) and the
// PassthroughSubject a closure; everything else is as published.
import Jetway
import JetwayTesting
import Testing

enum SettingsDetailViewControllerType: Equatable {
    case avatar, share, support, advanced, subscriptions, iap
}

final class SOUserManager: ObservableObject {
    @Published public private(set) var currentUserProfileImage: URL = URL(string: "/assets/images/default-avatar.png")!

    func save(_ profileImage: URL) {
        self.currentUserProfileImage = profileImage
    }
}

struct RowDivider: View {  // MARK: Internal (properties)
    var body: some View {
        Rectangle()
            .fill(Color.white)
            .frame(height: 1)
            .padding(.leading, SettingsUIView.offset)
            .padding(.trailing, SettingsUIView.offset)
    }
}

struct SettingsInfoView: View {
    let title: String
    let subtitle: String
    var body: some View {
        VStack(alignment: .leading) {
            Text(title).bold()
            Text(subtitle).font(.footnote)
        }
    }
}

struct SettingsButtonStackView: View {
    let title: String
    let action: () -> Void
    var body: some View {
        HStack {
            Spacer()
            Button(title, action: action)
                .padding(8)
                .border(Color.white, width: 1)
                .cornerRadius(4)
        }
    }
}

struct SettingsAvatarView: View {
    // MARK: Internal (properties)
    @ObservedObject var userManager: SOUserManager
    var action: (() -> Void) = {}

    var body: some View {
        HStack {
            Text("Upload Avatar").foregroundColor(.white).font(.custom("Avenir-Heavy", size: 15.0))
            Spacer()
            Image(url: self.userManager.currentUserProfileImage, label: "Avatar")
                .resizable().frame(width: 40.0, height: 40.0)
                .aspectRatio(contentMode: .fill)
                .clipShape(Circle())
                .shadow(radius: 10)
                .foregroundColor(.white)
        }
        .padding(SettingsUIView.offset)
        .onTapGesture {
            self.action()
        }
    }
}

struct SettingsUIView: View {
    static let offset: CGFloat = 16
    @ObservedObject var userManager: SOUserManager
    let send: (SettingsDetailViewControllerType) -> Void

    var body: some View {
        ScrollView {
            VStack {
                Group {
                    SettingsAvatarView(
                        userManager: userManager,
                        action: {
                            self.send(.avatar)
                        })
                }
                Group {
                    RowDivider()
                    SettingsInfoView(
                        title: "Share",
                        subtitle: "Tell others about SO")
                    Spacer()
                    SettingsButtonStackView(
                        title: "Share",
                        action: {
                            self.send(.share)
                        })
                    Spacer()
                }
                RowDivider()
                SettingsInfoView(title: "Support", subtitle: "Email the developer")
                SettingsButtonStackView(title: "Email", action: { self.send(.support) })
                RowDivider()
                SettingsInfoView(title: "Advanced", subtitle: "Sync and storage")
                SettingsButtonStackView(title: "Open Advanced", action: { self.send(.advanced) })
                RowDivider()
                SettingsInfoView(title: "Subscriptions", subtitle: "Manage your plan")
                SettingsButtonStackView(title: "Manage", action: { self.send(.subscriptions) })
                RowDivider()
                SettingsInfoView(title: "Tip Jar", subtitle: "Support development")
                SettingsButtonStackView(title: "Tip", action: { self.send(.iap) })
            }
        }
    }
}

/// The "SettingsViewController" side: receives the actions, owns the user manager.
@MainActor final class SettingsController {
    let userManager = SOUserManager()
    var received: [SettingsDetailViewControllerType] = []
    func handle(_ value: SettingsDetailViewControllerType) {
        received.append(value)
        if value == .avatar { userManager.save(URL(string: "/assets/images/avatar-\(received.count).png")!) }
    }
}

struct AvatarBadge: View {
    @ObservedObject var userManager: SOUserManager
    var body: some View {
        Image(url: userManager.currentUserProfileImage, label: "Small avatar").frame(width: 16, height: 16)
    }
}

@MainActor
struct SettingsTests {
    @Test func moreThanTenChildrenRenderInOrder() throws {
        let controller = SettingsController()
        let host = ViewHost(SettingsUIView(userManager: controller.userManager, send: controller.handle))
        let stack = try #require(host.dom.root.descendants.first { $0.attribute("class")?.hasPrefix("jw-vstack") == true })
        // 1 avatar + 5 from the second group + 4 × (divider, info, buttons) = 18 children.
        #expect(stack.children.count == 18)
        let titles = host.dom.root.descendants.filter { $0.attribute("class") == "jw-text jw-bold" }.map(\.textContent)
        #expect(titles == ["Share", "Support", "Advanced", "Subscriptions", "Tip Jar"])
    }

    @Test func buttonsReachTheController() throws {
        let controller = SettingsController()
        let host = ViewHost(SettingsUIView(userManager: controller.userManager, send: controller.handle))
        try host.tap("Share")
        try host.tap("Email")
        try host.tap("Manage")
        #expect(controller.received == [.share, .support, .subscriptions])
        #expect(host.lastPatches.isEmpty || host.history.isEmpty)
    }

    @Test func avatarChangeReachesEveryViewObservingTheManager() throws {
        let controller = SettingsController()
        let host = ViewHost(
            VStack {
                SettingsUIView(userManager: controller.userManager, send: controller.handle)
                AvatarBadge(userManager: controller.userManager)
            })
        #expect(host.html.contains("default-avatar.png"))
        try host.send(.click) { $0.attribute("role") == "button" && $0.textContent.contains("Upload Avatar") }
        #expect(controller.received == [.avatar])
        #expect(!host.html.contains("default-avatar.png"))
        #expect(host.html.components(separatedBy: "avatar-1.png").count == 3)
        // Only the two image sources change.
        #expect(host.lastPatches.count == 2)
        #expect(host.lastPatches.allSatisfy { if case .setAttribute(_, "src", _) = $0 { true } else { false } })
    }

    @Test func dividersAndAvatarStyling() throws {
        let controller = SettingsController()
        let host = ViewHost(SettingsUIView(userManager: controller.userManager, send: controller.handle))
        #expect(host.html.contains("font-family:&#39;Avenir-Heavy&#39;,system-ui,sans-serif;font-size:15px"))
        #expect(host.html.contains("border-radius:50%;overflow:hidden"))
        #expect(host.html.contains("box-shadow:0px 0px 10px"))
        let dividers = host.dom.root.descendants.filter { $0.attribute("class")?.hasPrefix("jw-shape") == true }
        #expect(dividers.count == 5)
        #expect(dividers.allSatisfy { $0.attribute("style") == "background:#fff" })
    }
}
