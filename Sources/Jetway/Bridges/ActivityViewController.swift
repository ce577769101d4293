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
    /// What `completionWithItemsHandler` is told: the activity, whether it completed, the items it
    /// returned, and an error.
    public typealias CompletionWithItemsHandler = (UIActivity.ActivityType?, Bool, [Any]?, (any Error)?) -> Void

    /// What is shared: strings and attributed strings as text, `URL`s as links, `UIImage`s as images;
    /// anything else as its description.
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

    /// A share panel for `activityItems`; `applicationActivities` is kept and not offered.
    public init(activityItems: [Any], applicationActivities: [UIActivity]?) {
        self.activityItems = activityItems
        self.applicationActivities = applicationActivities
        super.init()
    }

    /// Not decodable from an archive: always nil.
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
    /// An activity's identifier; a browser's share sheet takes none, so these are kept and not read.
    public struct ActivityType: Hashable, RawRepresentable, Sendable {
        /// The identifier (`com.apple.UIKit.activity.Mail`).
        public let rawValue: String
        /// The activity type named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The activity type named `rawValue`.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// Posting to Facebook.
        public static let postToFacebook = ActivityType("com.apple.UIKit.activity.PostToFacebook")
        /// Posting to X (Twitter).
        public static let postToTwitter = ActivityType("com.apple.UIKit.activity.PostToTwitter")
        /// Sending in Messages.
        public static let message = ActivityType("com.apple.UIKit.activity.Message")
        /// Sending by mail.
        public static let mail = ActivityType("com.apple.UIKit.activity.Mail")
        /// Printing.
        public static let print = ActivityType("com.apple.UIKit.activity.Print")
        /// Copying to the pasteboard.
        public static let copyToPasteboard = ActivityType("com.apple.UIKit.activity.CopyToPasteboard")
        /// Setting a contact's photo.
        public static let assignToContact = ActivityType("com.apple.UIKit.activity.AssignToContact")
        /// Saving to the photo library.
        public static let saveToCameraRoll = ActivityType("com.apple.UIKit.activity.SaveToCameraRoll")
        /// Adding to Safari's reading list.
        public static let addToReadingList = ActivityType("com.apple.UIKit.activity.AddToReadingList")
        /// Sending by AirDrop.
        public static let airDrop = ActivityType("com.apple.UIKit.activity.AirDrop")
        /// Opening in Books.
        public static let openInIBooks = ActivityType("com.apple.UIKit.activity.OpenInIBooks")
        /// Making a PDF to mark up.
        public static let markupAsPDF = ActivityType("com.apple.UIKit.activity.MarkupAsPDF")
    }

    /// The activity's type: nil unless a subclass says (an app's activity is not offered anyway).
    open var activityType: ActivityType? { nil }
    /// The activity's title: nil unless a subclass says.
    open var activityTitle: String? { nil }
    /// An activity; a browser's share sheet does not offer it.
    public override init() { super.init() }
}

/// Where an iPad shows a popover from (a page shows the panel in a sheet: kept, not read).
@MainActor @preconcurrency
open class UIPopoverPresentationController: NSObject {
    /// The view the popover points at; kept, not read.
    open var sourceView: UIView?
    /// The rectangle in `sourceView` the popover points at; kept, not read.
    open var sourceRect = CGRect.zero
    /// The sides the arrow may point from; kept, not read.
    open var permittedArrowDirections = UIPopoverArrowDirection.any
    /// A popover controller whose settings are kept and not read.
    public override init() { super.init() }
}

/// The sides a popover's arrow may point from.
public struct UIPopoverArrowDirection: OptionSet, Sendable {
    /// The directions' bits.
    public let rawValue: UInt
    /// Directions of `rawValue`'s bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The arrow points up.
    public static let up = UIPopoverArrowDirection(rawValue: 1)
    /// The arrow points down.
    public static let down = UIPopoverArrowDirection(rawValue: 2)
    /// The arrow points left.
    public static let left = UIPopoverArrowDirection(rawValue: 4)
    /// The arrow points right.
    public static let right = UIPopoverArrowDirection(rawValue: 8)
    /// Any side.
    public static let any: UIPopoverArrowDirection = [.up, .down, .left, .right]
    /// The arrow's side is not known.
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
