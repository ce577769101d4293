import Foundation

/// UIKit's share sheet, wrapped in a `UIViewControllerRepresentable` or presented from a view
/// controller: a panel showing what is shared (texts, links, images) with a Share button that
/// opens the browser's share sheet (the Web Share API, or the items copied to the clipboard
/// where a browser has none, as `ShareLink` does) and Done. The texts and links are shared;
/// an image is shown, and saved by the browser from the panel's Save image button.
///
/// ```swift
/// let share = UIActivityViewController(activityItems: [flight.url, "My flight"], applicationActivities: nil)
/// UIApplication.shared.windows.first?.rootViewController?.present(share, animated: true)
/// ```
@MainActor @preconcurrency
open class UIActivityViewController: UIViewController {
    public typealias CompletionWithItemsHandler = (UIActivity.ActivityType?, Bool, [Any]?, (any Error)?) -> Void

    public let activityItems: [Any]
    /// Activities of the app's own: a browser's share sheet has the device's, so they are not offered.
    public let applicationActivities: [UIActivity]?
    /// Activities not to offer: the browser's share sheet is the device's and takes no list.
    open var excludedActivityTypes: [UIActivity.ActivityType]?
    /// Told when the panel closes (Done): the browser does not say which activity the visitor
    /// chose, so `completed` is false and the type nil.
    open var completionWithItemsHandler: CompletionWithItemsHandler?
    /// Where an iPad's popover points: a page shows the panel in a sheet.
    open var popoverPresentationController: UIPopoverPresentationController? = UIPopoverPresentationController()

    public init(activityItems: [Any], applicationActivities: [UIActivity]?) {
        self.activityItems = activityItems
        self.applicationActivities = applicationActivities
        super.init()
    }

    public required init?(coder: NSCoder) { nil }

    override func makeNode(_ context: _RenderContext) -> Node {
        var texts: [String] = []
        var links: [URL] = []
        var images: [UIImage] = []
        for item in activityItems {
            switch item {
            case let url as URL: links.append(url)
            case let image as UIImage: images.append(image)
            case let text as String: texts.append(text)
            case let text as any StringProtocol: texts.append(String(text))
            case let text as NSAttributedString: texts.append(text.string)
            default: texts.append(String(describing: item))
            }
        }
        let panel = SharePanel(
            texts: texts, links: links, images: images,
            done: { [weak self] in
                guard let self else { return }
                self.completionWithItemsHandler?(nil, false, nil, nil)
                self.dismiss(animated: true)
            })
        let node = context.element("div", StyleClass.frame)
        context.renderChildren(panel, into: node)
        return node
    }
}

/// An activity a share sheet offers (`UIActivity.ActivityType.message`); an app's own
/// subclass is not offered by a browser's share sheet.
@MainActor @preconcurrency
open class UIActivity: NSObject {
    public struct ActivityType: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let postToFacebook = ActivityType("com.apple.UIKit.activity.PostToFacebook")
        public static let postToTwitter = ActivityType("com.apple.UIKit.activity.PostToTwitter")
        public static let message = ActivityType("com.apple.UIKit.activity.Message")
        public static let mail = ActivityType("com.apple.UIKit.activity.Mail")
        public static let print = ActivityType("com.apple.UIKit.activity.Print")
        public static let copyToPasteboard = ActivityType("com.apple.UIKit.activity.CopyToPasteboard")
        public static let assignToContact = ActivityType("com.apple.UIKit.activity.AssignToContact")
        public static let saveToCameraRoll = ActivityType("com.apple.UIKit.activity.SaveToCameraRoll")
        public static let addToReadingList = ActivityType("com.apple.UIKit.activity.AddToReadingList")
        public static let airDrop = ActivityType("com.apple.UIKit.activity.AirDrop")
        public static let openInIBooks = ActivityType("com.apple.UIKit.activity.OpenInIBooks")
        public static let markupAsPDF = ActivityType("com.apple.UIKit.activity.MarkupAsPDF")
    }

    open var activityType: ActivityType? { nil }
    open var activityTitle: String? { nil }
    public override init() { super.init() }
}

/// Where an iPad shows a popover from (a page shows the panel in a sheet: kept, not read).
@MainActor @preconcurrency
open class UIPopoverPresentationController: NSObject {
    open var sourceView: UIView?
    open var sourceRect = CGRect.zero
    open var permittedArrowDirections = UIPopoverArrowDirection.any
    public override init() { super.init() }
}

/// The sides a popover's arrow may point from.
public struct UIPopoverArrowDirection: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let up = UIPopoverArrowDirection(rawValue: 1)
    public static let down = UIPopoverArrowDirection(rawValue: 2)
    public static let left = UIPopoverArrowDirection(rawValue: 4)
    public static let right = UIPopoverArrowDirection(rawValue: 8)
    public static let any: UIPopoverArrowDirection = [.up, .down, .left, .right]
    public static let unknown = UIPopoverArrowDirection(rawValue: UInt.max)
}

/// The share panel: the items, Share (the browser's share sheet), Save image, Done.
struct SharePanel: View {
    let texts: [String]
    let links: [URL]
    let images: [UIImage]
    let done: @MainActor () -> Void

    var body: some View {
        VStack(spacing: 16) {
            ForEach(images.indices, id: \.self) { index in
                Image(uiImage: images[index]).resizable().scaledToFit().frame(maxHeight: 200)
            }
            ForEach(texts.indices, id: \.self) { index in Text(verbatim: texts[index]) }
            ForEach(links.indices, id: \.self) { index in Text(verbatim: links[index].absoluteString).foregroundStyle(.secondary) }
            HStack(spacing: 12) {
                if let link = links.first, links.count == 1 {
                    ShareLink("Share…", item: link, message: texts.isEmpty ? nil : Text(verbatim: texts.joined(separator: "\n")))
                        .buttonStyle(.borderedProminent)
                } else if !(texts.isEmpty && links.isEmpty) {
                    ShareLink("Share…", item: (texts + links.map(\.absoluteString)).joined(separator: "\n"))
                        .buttonStyle(.borderedProminent)
                }
                ForEach(images.indices, id: \.self) { index in
                    Button("Save image") { images[index].saveOnVisitorsDevice() }.buttonStyle(.bordered)
                }
                Button("Done") { done() }
            }
        }
        .padding(24)
        .frame(maxWidth: .infinity)
    }
}

extension UIImage {
    /// The visitor's browser saves the image as a file (`image.png` or `image.jpg`).
    @MainActor func saveOnVisitorsDevice() {
        let png = pngData() != nil
        PageHost.current?.download(data, named: png ? "image.png" : "image.jpg", type: png ? "image/png" : "image/jpeg")
    }
}
