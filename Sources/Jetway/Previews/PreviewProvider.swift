import Foundation

/// Views to look at while writing them, as Xcode's canvas shows them: `previews` is shown live
/// by `PreviewsPage` (a route of the app's own, in any browser). In the running app, as in
/// SwiftUI, the preview modifiers change nothing.
///
/// ```swift
/// struct BoardView_Previews: PreviewProvider {
///     static var previews: some View {
///         BoardView(model: .sample)
///             .previewDisplayName("Board")
///             .previewLayout(.fixed(width: 390, height: 600))
///     }
/// }
///
/// Route("/previews/board") { _ in PreviewsPage(BoardView_Previews.self) }
/// ```
@MainActor @preconcurrency
public protocol PreviewProvider {
    /// The type of view `previews` returns.
    associatedtype Previews: View
    /// The views to preview; `PreviewsPage` and the `/_jetway/previews` page show them live, and the preview
    /// modifiers inside (`previewDisplayName`, `previewLayout`) take effect there only.
    @ViewBuilder static var previews: Previews { get }
    /// The platform Xcode would preview on; the browser is the only one here.
    static var platform: PreviewPlatform? { get }
}

extension PreviewProvider {
    /// None: every preview is shown in the browser.
    public static var platform: PreviewPlatform? { nil }
}

/// A platform Xcode previews on; none is read here, as the browser is the only one.
public enum PreviewPlatform: Sendable, Hashable {
    /// iPhone and iPad; the Mac; Apple TV; Apple Watch; Apple Vision Pro.
    case iOS, macOS, tvOS, watchOS, visionOS
}

/// How a preview is sized: as a device's screen, as its content, or a fixed size.
public enum PreviewLayout: Sendable, Hashable {
    /// The size of the device's screen (`previewDevice(_:)`, else a 390 × 844 phone), turned for
    /// a landscape orientation.
    case device
    /// The size the view's content takes.
    case sizeThatFits
    /// A fixed size in points.
    case fixed(width: CGFloat, height: CGFloat)
}

/// A device a preview is shown as (`"iPhone 15 Pro"`): its screen's size in points where Jetway
/// knows the device, else the size of the default window (`GeometryProxy.defaultSize`).
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Sendable, Hashable {
    /// The device's name, as Xcode names it (`iPhone 15 Pro`).
    public let rawValue: String
    /// The device named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The device named by a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The screen's size in points, portrait.
    public var screenSize: CGSize {
        Self.screens.first { rawValue.localizedCaseInsensitiveContains($0.name) }?.size ?? GeometryProxy.defaultSize
    }

    // Longest names first: "iPhone 15 Pro Max" before "iPhone 15 Pro" before "iPhone 15".
    private static let screens: [(name: String, size: CGSize)] = [
        ("iPhone SE", CGSize(width: 375, height: 667)), ("iPhone 8 Plus", CGSize(width: 414, height: 736)),
        ("iPhone 8", CGSize(width: 375, height: 667)), ("iPhone 11 Pro Max", CGSize(width: 414, height: 896)),
        ("iPhone 11 Pro", CGSize(width: 375, height: 812)), ("iPhone 11", CGSize(width: 414, height: 896)),
        ("iPhone 12 mini", CGSize(width: 375, height: 812)), ("iPhone 13 mini", CGSize(width: 375, height: 812)),
        ("Pro Max", CGSize(width: 430, height: 932)), ("Plus", CGSize(width: 428, height: 926)),
        ("iPhone 15 Pro", CGSize(width: 393, height: 852)), ("iPhone 16 Pro", CGSize(width: 402, height: 874)),
        ("iPhone 14 Pro", CGSize(width: 393, height: 852)), ("iPhone", CGSize(width: 390, height: 844)),
        ("iPad mini", CGSize(width: 744, height: 1133)), ("iPad Pro (12.9", CGSize(width: 1024, height: 1366)),
        ("iPad Pro (13", CGSize(width: 1032, height: 1376)), ("iPad", CGSize(width: 820, height: 1180)),
        ("Mac", CGSize(width: 1280, height: 800)),
    ]
}

/// The orientation a preview is shown in.
public enum InterfaceOrientation: Sendable, Hashable, CaseIterable {
    /// Upright; upside down; on its left side; on its right side. The two landscape ones show a
    /// device's screen turned (width and height swapped).
    case portrait, portraitUpsideDown, landscapeLeft, landscapeRight

    var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

extension View {
    /// In a `PreviewsPage`: the preview's size (a device's screen, its content's, or fixed).
    public func previewLayout(_ value: PreviewLayout) -> some View {
        modifier(PreviewFrameModifier(layout: value, device: nil))
    }

    /// In a `PreviewsPage`: the preview shown as this device's screen.
    public func previewDevice(_ value: PreviewDevice?) -> some View {
        modifier(PreviewFrameModifier(layout: value == nil ? nil : .device, device: value))
    }

    /// In a `PreviewsPage`: the preview's name, shown above it.
    public func previewDisplayName(_ value: String?) -> some View {
        modifier(PreviewNameModifier(name: value))
    }

    /// In a `PreviewsPage`: device previews inside are shown in this orientation.
    public func previewInterfaceOrientation(_ value: InterfaceOrientation) -> some View {
        environment(\.previewOrientation, value)
    }
}

/// Shows every preview of a `PreviewProvider`, live: each named one under its name, each sized
/// as its layout or device asks.
public struct PreviewsPage<Provider: PreviewProvider>: View {
    let title: String

    /// The previews of `provider`, under its type's name.
    public init(_ provider: Provider.Type) {
        title = String(describing: provider)
    }

    /// The type's name, then its previews, each shown as its preview modifiers ask.
    public var body: some View {
        VStack(alignment: .leading, spacing: 24) {
            Text(title).font(.headline)
            Provider.previews
        }
        .padding()
        .environment(\.isPreviewing, true)
    }
}

struct PreviewNameModifier: ViewModifier {
    let name: String?
    @Environment(\.isPreviewing) private var previewing

    func body(content: Content) -> some View {
        if previewing, let name {
            VStack(alignment: .leading, spacing: 6) {
                Text(name).font(.caption).foregroundColor(.secondary)
                content
            }
        } else {
            content
        }
    }
}

struct PreviewFrameModifier: ViewModifier {
    let layout: PreviewLayout?
    let device: PreviewDevice?
    @Environment(\.isPreviewing) private var previewing
    @Environment(\.previewOrientation) private var orientation

    /// The size the preview is shown at; nil for its content's own.
    var size: CGSize? {
        switch layout {
        case .fixed(let width, let height)?: return CGSize(width: width, height: height)
        case .device?:
            let screen = (device ?? PreviewDevice(rawValue: "")).screenSize
            return orientation.isLandscape ? CGSize(width: screen.height, height: screen.width) : screen
        case .sizeThatFits?, nil: return nil
        }
    }

    func body(content: Content) -> some View {
        if previewing, let size {
            content
                // Centred, as the canvas shows a view in its frame or on a device's screen.
                .frame(width: size.width, height: size.height)
                .clipped()
                .border(Color.secondary, width: 1)
        } else {
            content
        }
    }
}

extension EnvironmentValues {
    /// Inside a `PreviewsPage`.
    var isPreviewing: Bool {
        get { self[PreviewingKey.self] }
        set { self[PreviewingKey.self] = newValue }
    }

    var previewOrientation: InterfaceOrientation {
        get { self[PreviewOrientationKey.self] }
        set { self[PreviewOrientationKey.self] = newValue }
    }
}

private struct PreviewingKey: EnvironmentKey { static let defaultValue = false }
private struct PreviewOrientationKey: EnvironmentKey { static let defaultValue = InterfaceOrientation.portrait }
