import Foundation
import JetwayWire

/// `UIViewRepresentable` with the UIKit views a browser has an element for: a `UITextView` is a
/// text area, a `UILabel` a text, a `UIVisualEffectView` a material, a
/// `UIActivityIndicatorView` a spinner. Jetway makes the coordinator and the view once, calls
/// `updateUIView` whenever the view is rendered, and renders the view's properties as its
/// element; what the visitor does there reaches the view and its delegate (`textViewDidChange`,
/// begin and end editing), and a change the delegate makes to the view shows on the page.
///
/// ```swift
/// struct NotesField: UIViewRepresentable {
///     @Binding var text: String
///     func makeUIView(context: Context) -> UITextView {
///         let view = UITextView()
///         view.delegate = context.coordinator
///         return view
///     }
///     func updateUIView(_ view: UITextView, context: Context) { view.text = text }
///     func makeCoordinator() -> Coordinator { Coordinator(text: $text) }
///     final class Coordinator: NSObject, UITextViewDelegate {
///         var text: Binding<String>
///         init(text: Binding<String>) { self.text = text }
///         func textViewDidChange(_ view: UITextView) { text.wrappedValue = view.text }
///     }
/// }
/// ```
///
/// Other UIKit views (a `UIPickerView`, a `WKWebView`, an `MKMapView`) are not here: wrap a
/// browser widget instead (`HTMLElementRepresentable`, docs/integration.md).
@MainActor @preconcurrency
public protocol UIViewRepresentable: View where Body == Never {
    /// The UIKit view this representable shows: `UIView` or one of the subclasses drawn here.
    associatedtype UIViewType: UIView
    /// The object `makeCoordinator()` makes, handed to each call in `context.coordinator`; `Void` when there is none.
    associatedtype Coordinator = Void
    /// What `makeUIView` and `updateUIView` are given.
    typealias Context = UIViewRepresentableContext<Self>

    /// Made once, when the view first appears.
    func makeUIView(context: Context) -> UIViewType
    /// Called after `makeUIView` and each time the view is rendered again.
    func updateUIView(_ uiView: UIViewType, context: Context)
    /// Made once, before `makeUIView`: the view's delegate, typically.
    func makeCoordinator() -> Coordinator
    /// The view left the page (or the page closed).
    static func dismantleUIView(_ uiView: UIViewType, coordinator: Coordinator)
}

extension UIViewRepresentable where Coordinator == Void {
    /// Makes no coordinator, for a representable that needs none.
    public func makeCoordinator() {}
}

extension UIViewRepresentable {
    /// Does nothing by default.
    public static func dismantleUIView(_ uiView: UIViewType, coordinator: Coordinator) {}

    /// Never called: the representable is shown by its `UIView`, and calling this stops the app.
    public var body: Never {
        preconditionFailure("\(Self.self) is shown by its UIView and has no body")
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        context.graph.renderComposite(RepresentableHost(view) { view, context, out in renderView(view, context, &out) }, context, &out)
    }

    private static func renderView(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let storage = context.graph.persistentState(UIKitRepresentableStorage<Coordinator, UIViewType>.self, context) {
            UIKitRepresentableStorage(coordinator: view.makeCoordinator()) { uiView, coordinator in
                uiView.onChange = nil
                dismantleUIView(uiView, coordinator: coordinator)
            }
        }
        storage.owner = context.owner
        let representableContext = UIViewRepresentableContext<Self>(
            coordinator: storage.coordinator, environment: context.environment, transaction: Transaction())
        let uiView = storage.update(
            make: { view.makeUIView(context: representableContext) }, hook: { $0.onChange = $1 },
            update: { view.updateUIView($0, context: representableContext) })
        out.append(uiView.makeNode(context))
    }
}

/// What `makeUIView` and `updateUIView` are given: the coordinator, the environment the view is
/// rendered in, and a transaction (always an empty one here).
@MainActor
public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {
    /// The object `makeCoordinator()` made for this view, the same on every call.
    public let coordinator: Representable.Coordinator
    /// The environment the view is rendered in (colour scheme, whether it is enabled...).
    public let environment: EnvironmentValues
    /// An empty transaction: the change's animation is not passed to UIKit views here.
    public var transaction: Transaction
}

// MARK: - The views

/// A UIKit view: its colours, visibility and whether it takes input. A subclass is drawn as its
/// element (`UITextView`, `UILabel`, `UIVisualEffectView`, `UIActivityIndicatorView`); a plain
/// `UIView` is an empty box in its background colour.
@MainActor @preconcurrency
open class UIView: UIResponder {
    /// Makes a view with a zero frame.
    public override init() { super.init() }
    /// Makes a view with `frame`; the page gives the view the frame SwiftUI lays it out in, whatever this says.
    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }
    /// A view archived in a storyboard or nib: there are none here, so it is never made.
    public required init?(coder: NSCoder) { nil }

    /// The frame the app gave the view: stored, and used by `bounds` and `contentSize`; the element takes the size it
    /// is laid out in instead.
    open var frame: CGRect = .zero
    /// The view's own rectangle: `frame`'s size at the origin.
    open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    /// The view's background colour: its element's CSS `background`.
    open var backgroundColor: UIColor? { didSet { changed() } }
    /// The view's accent colour: its element's `--jw-accent` (a spinner's ring is drawn in it).
    open var tintColor: UIColor? { didSet { changed() } }
    /// Whether the view is hidden: its element keeps its place but is not drawn (`visibility: hidden`).
    open var isHidden = false { didSet { changed() } }
    /// The view's opacity, from 0 to 1: its element's CSS `opacity`.
    open var alpha: CGFloat = 1 { didSet { changed() } }
    /// Whether the view takes clicks and taps: when false, its element has `pointer-events: none`.
    open var isUserInteractionEnabled = true { didSet { changed() } }
    /// What a screen reader says for the view: its element's `aria-label`.
    open var accessibilityLabel: String? { didSet { changed() } }
    /// The insets the device's notch and home bar take: the page lays itself out inside the
    /// browser's safe area already, so they are none.
    open var safeAreaInsets: UIEdgeInsets { .zero }

    /// Ends the editing in the view (the keyboard-hiding idiom
    /// `UIApplication.shared.windows.first?.endEditing(true)`): the field the acting page is
    /// typing in loses the focus. Returns whether there was a page to tell.
    @discardableResult
    open func endEditing(_ force: Bool) -> Bool {
        guard let page = PageHost.acting else { return false }
        page.endEditing()
        return true
    }

    /// Set by the representable that shows the view: renders it again.
    var onChange: (() -> Void)?
    func changed() { onChange?() }

    /// The view's element.
    func makeNode(_ context: _RenderContext) -> Node {
        let node = context.element("div", StyleClass.frame)
        applyViewStyle(to: node)
        return node
    }

    /// What every view's element takes of it.
    func applyViewStyle(to node: Node) {
        if let backgroundColor { node.addStyle("background:\(backgroundColor.css)") }
        if let tintColor { node.addStyle("\(StyleVariable.accent):\(tintColor.css)") }
        if isHidden { node.addStyle("visibility:hidden") }
        if alpha < 1 { node.addStyle("opacity:\(Color.format(max(alpha, 0)))") }
        if !isUserInteractionEnabled { node.addStyle("pointer-events:none") }
        if let accessibilityLabel { node.setAttribute("aria-label", accessibilityLabel) }
    }
}

/// How text lines up in a UIKit text view or label.
public enum NSTextAlignment: Int, Sendable {
    /// Apple's alignments: left, center, right, justified, natural. `.natural` sets no `text-align`, so the text aligns
    /// as the page's does.
    case left, center, right, justified, natural

    var css: String? {
        switch self {
        case .left: "left"
        case .center: "center"
        case .right: "right"
        case .justified: "justify"
        case .natural: nil
        }
    }
}

/// Insets of a UIKit view's content.
public struct UIEdgeInsets: Hashable, Sendable {
    /// The inset at each edge, in points.
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    /// Makes insets of `top`, `left`, `bottom` and `right` points.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    /// No inset at any edge.
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// The text container of a `UITextView`: the padding at each end of a line.
@MainActor
public final class NSTextContainer {
    /// The padding at each end of a line, in points (5 by default): added to the text area's left and right padding.
    public var lineFragmentPadding: CGFloat = 5 { didSet { onChange?() } }
    var onChange: (() -> Void)?
}

/// What a `UITextView` tells its delegate (each has a default: implement the ones you need).
@MainActor @preconcurrency
public protocol UITextViewDelegate: AnyObject {
    /// Asked when the text view gets the focus; returning `false` keeps `textViewDidBeginEditing` from being called,
    /// but the browser has focused the field already.
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    /// Called when the text view gets the focus (after `textViewShouldBeginEditing` returns `true`).
    func textViewDidBeginEditing(_ textView: UITextView)
    /// Called when the text view loses the focus.
    func textViewDidEndEditing(_ textView: UITextView)
    /// Asked before the visitor's change takes effect: the UTF-16 `range` of the old text it replaces and the `text`
    /// that replaces it. Returning `false` puts the old text back on the page.
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// Called after the visitor's change became the view's `text`.
    func textViewDidChange(_ textView: UITextView)
}

extension UITextViewDelegate {
    /// Returns `true`.
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    /// Does nothing by default.
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    /// Does nothing by default.
    public func textViewDidEndEditing(_ textView: UITextView) {}
    /// Returns `true`: every change is allowed.
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    /// Does nothing by default.
    public func textViewDidChange(_ textView: UITextView) {}
}

/// A text view: a text area. What the visitor types is its `text`, and its delegate hears
/// the change, the focus and its end; a delegate that refuses a change
/// (`shouldChangeTextIn`) puts the text back. Not scrollable (`isScrollEnabled = false`), it
/// grows with its text where the browser can (`field-sizing`).
open class UITextView: UIView {
    /// The text in the text area: set it to change the page, read it for what the visitor typed.
    open var text: String! = "" { didSet { changed() } }
    /// The text's font: its size and weight (the family is not used here).
    open var font: UIFont? { didSet { changed() } }
    /// The text's colour.
    open var textColor: UIColor? { didSet { changed() } }
    /// How the text lines up.
    open var textAlignment: NSTextAlignment = .natural { didSet { changed() } }
    /// Whether the visitor can change the text: when false, the text area is `readonly` and the delegate hears no focus.
    open var isEditable = true { didSet { changed() } }
    /// Whether the visitor can select the text: stored, with no effect (a browser's text area is always selectable).
    open var isSelectable = true
    /// When false, the text area does not scroll: it grows with its text (`field-sizing: content`) and cannot be resized.
    open var isScrollEnabled = true { didSet { changed() } }
    /// The space around the text, in points: the text area's padding (8 points at the top and bottom by default).
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) { didSet { changed() } }
    /// The text container, whose `lineFragmentPadding` adds to the left and right padding.
    public let textContainer = NSTextContainer()
    /// The keyboard a phone shows: the text area's `inputmode`.
    open var keyboardType: UIKeyboardType = .default { didSet { changed() } }
    /// Which letters a phone's keyboard capitalises: the text area's `autocapitalize`.
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences { didSet { changed() } }
    /// What hears the visitor's changes and the focus; held weakly, as in UIKit.
    open weak var delegate: UITextViewDelegate?

    /// Makes an empty, editable text view.
    public override init() {
        super.init()
        textContainer.onChange = { [weak self] in self?.changed() }
    }

    /// Never makes a view: there are no storyboards or nibs here.
    public required init?(coder: NSCoder) { nil }

    /// Makes an empty, editable text view with `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        textContainer.onChange = { [weak self] in self?.changed() }
    }

    /// The size its text takes: its lines at the font's line height, and its insets.
    open var contentSize: CGSize {
        let lines = CGFloat(max(1, (text ?? "").split(separator: "\n", omittingEmptySubsequences: false).count))
        let lineHeight = (font ?? UIFont.systemFont(ofSize: 17)).lineHeight
        return CGSize(
            width: frame.width, height: (lines * lineHeight + textContainerInset.top + textContainerInset.bottom).rounded(.up))
    }

    override func makeNode(_ context: _RenderContext) -> Node {
        let binding = Binding<String>(
            get: { [weak self] in self?.text ?? "" },
            set: { [weak self] typed in self?.visitorTyped(typed) })
        let node = TextInput.node(
            context, type: "text", title: "", prompt: nil, text: binding, className: StyleClass.textfield, multiline: true)
        node.removeAttribute("placeholder")
        node.removeAttribute("aria-label")
        node.addClass(StyleClass.textEditor)
        // A UIKit view takes the frame it is given, as a representable does in SwiftUI.
        node.addClass(StyleClass.fillW)
        node.addClass(StyleClass.fillH)
        // Borderless, as UIKit draws it: its height is its content's (`contentSize`) exactly.
        node.addStyle("min-height:0;height:100%;border:0;border-radius:0;box-shadow:none")
        applyViewStyle(to: node)
        if let font {
            node.addStyle("font-size:\(px(font.pointSize));font-weight:\(font.weight.css)")
        }
        if let textColor { node.addStyle("color:\(textColor.css)") }
        if let align = textAlignment.css { node.addStyle("text-align:\(align)") }
        let padding = textContainer.lineFragmentPadding
        node.addStyle(
            "padding:\(px(textContainerInset.top)) \(px(textContainerInset.right + padding)) \(px(textContainerInset.bottom)) \(px(textContainerInset.left + padding))"
        )
        if !isScrollEnabled { node.addStyle("overflow:hidden;field-sizing:content;resize:none") }
        if !isEditable { node.setAttribute("readonly", "") }
        node.setAttribute("autocapitalize", autocapitalizationType.modern.attribute)
        if let mode = keyboardType.inputMode { node.setAttribute("inputmode", mode) }
        if context.environment.isEnabled && isEditable {
            node.addHandler(
                EventBinding(event: .focus) { [weak self] _ in
                    guard let self, let delegate = self.delegate else { return }
                    // (A refusal keeps the delegate from hearing the editing begin; the browser
                    // has focused the field already.)
                    if delegate.textViewShouldBeginEditing(self) { delegate.textViewDidBeginEditing(self) }
                })
            node.addHandler(
                EventBinding(event: .blur) { [weak self] _ in
                    guard let self else { return }
                    self.delegate?.textViewDidEndEditing(self)
                })
        }
        return node
    }

    /// The visitor changed the text: the delegate may refuse it; if not, it becomes the text
    /// (the page shows it already) and the delegate hears of it.
    private func visitorTyped(_ typed: String) {
        let old = text ?? ""
        guard typed != old else { return }
        if let delegate {
            let (range, replacement) = Self.change(from: old, to: typed)
            guard delegate.textView(self, shouldChangeTextIn: range, replacementText: replacement) else {
                // Refused: the page is told the text it still has.
                changed()
                return
            }
        }
        let onChange = self.onChange
        self.onChange = nil
        text = typed
        self.onChange = onChange
        delegate?.textViewDidChange(self)
    }

    /// The range of `old` (UTF-16) a change replaced, and what replaced it.
    static func change(from old: String, to new: String) -> (NSRange, String) {
        let a = Array(old.utf16), b = Array(new.utf16)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        // Never between the two halves of a character outside the basic plane.
        if prefix > 0, UTF16.isLeadSurrogate(a[prefix - 1]) { prefix -= 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        if suffix > 0, UTF16.isTrailSurrogate(a[a.count - suffix]) { suffix -= 1 }
        let replaced = String(decoding: b[prefix..<(b.count - suffix)], as: UTF16.self)
        return (NSRange(location: prefix, length: a.count - prefix - suffix), replaced)
    }
}

/// A label: a text in its font, colour and alignment, on as many lines as `numberOfLines`
/// allows (0: any number).
open class UILabel: UIView {
    /// The label's text.
    open var text: String? { didSet { changed() } }
    /// The text's font: its size and weight (the family is not used here).
    open var font: UIFont? { didSet { changed() } }
    /// The text's colour.
    open var textColor: UIColor? { didSet { changed() } }
    /// How the text lines up.
    open var textAlignment: NSTextAlignment = .natural { didSet { changed() } }
    /// The most lines the label shows (1 by default; 0 for any number): more are cut off.
    open var numberOfLines = 1 { didSet { changed() } }
    /// How a line too long for the label ends: cut with an ellipsis (the default, `.byTruncatingTail`),
    /// wrapped at words or anywhere, or clipped.
    open var lineBreakMode = NSLineBreakMode.byTruncatingTail { didSet { changed() } }
    /// The text with its runs' attributes (colour, font, background, stroke, letter spacing),
    /// shown instead of `text` while set; setting `text` clears it.
    open var attributedText: NSAttributedString? {
        get {
            if let attributed, attributed.string == text { return attributed }
            return text.map { NSAttributedString(string: $0) }
        }
        set {
            attributed = newValue
            text = newValue?.string
        }
    }
    private var attributed: NSAttributedString?

    override func makeNode(_ context: _RenderContext) -> Node {
        let node = context.element("span", StyleClass.text)
        applyViewStyle(to: node)
        if let attributed, attributed.length > 0, attributed.string == text {
            attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length)) { attributes, range, _ in
                let run = context.element("span")
                run.text = (attributed.string as NSString).substring(with: range)
                Self.style(run, with: attributes)
                node.children.append(run)
            }
        } else {
            node.text = text ?? ""
        }
        if let font { node.addStyle("font-size:\(px(font.pointSize));font-weight:\(font.weight.css)") }
        if let textColor { node.addStyle("color:\(textColor.css)") }
        if let align = textAlignment.css { node.addStyle("text-align:\(align)") }
        switch lineBreakMode {
        case .byClipping: node.addStyle("overflow:hidden;text-overflow:clip")
        case .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle: node.addStyle("overflow:hidden;text-overflow:ellipsis")
        case .byWordWrapping, .byCharWrapping: if lineBreakMode == .byCharWrapping { node.addStyle("word-break:break-all") }
        }
        if numberOfLines == 1 && lineBreakMode != .byWordWrapping && lineBreakMode != .byCharWrapping {
            node.addStyle("white-space:nowrap")
        } else if numberOfLines > 0 {
            node.addStyle("display:-webkit-box;-webkit-box-orient:vertical;overflow:hidden;-webkit-line-clamp:\(numberOfLines)")
        }
        return node
    }

    /// A run's attributes as CSS.
    static func style(_ run: Node, with attributes: [NSAttributedString.Key: Any]) {
        if let color = attributes[.foregroundColor] as? UIColor { run.addStyle("color:\(color.css)") }
        if let background = attributes[.backgroundColor] as? UIColor { run.addStyle("background:\(background.css)") }
        if let font = attributes[.font] as? UIFont { run.addStyle("font-size:\(px(font.pointSize));font-weight:\(font.weight.css)") }
        if let kern = (attributes[.kern] as? NSNumber)?.doubleValue ?? (attributes[.kern] as? Double) {
            run.addStyle("letter-spacing:\(px(kern))")
        }
        // UIKit's stroke width is a percentage of the font size; negative also fills the text.
        let width = (attributes[.strokeWidth] as? NSNumber)?.doubleValue ?? (attributes[.strokeWidth] as? Double) ?? 0
        if width != 0 {
            let stroke = (attributes[.strokeColor] as? UIColor) ?? (attributes[.foregroundColor] as? UIColor)
            run.addStyle("-webkit-text-stroke:\(Color.format(abs(width) / 100))em \(stroke?.css ?? "currentColor")")
            if width > 0 { run.addStyle("color:transparent") }
        }
    }
}

/// How a UIKit label ends a line too long for it.
public enum NSLineBreakMode: Int, Sendable {
    /// Wrap at words, wrap anywhere, clip, or cut with an ellipsis. The three truncating modes all put the ellipsis at
    /// the end of the line, as CSS `text-overflow` does.
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// A blur effect's material (`UIBlurEffect(style: .systemThinMaterial)`).
public class UIVisualEffect: NSObject {}

/// A blur: a view's background drawn as the SwiftUI material its style matches.
public final class UIBlurEffect: UIVisualEffect {
    /// The blur's style, matched to a SwiftUI material.
    public enum Style: Int, Sendable {
        /// The older styles: `extraLight` and `light` are `.thinMaterial`, `prominent` `.thickMaterial`, `dark` and `regular`
        /// `.regularMaterial`.
        case extraLight, light, dark, regular, prominent
        /// The system materials, from ultra thin to thick, and `systemChromeMaterial`, which is `.bar`.
        case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
        /// The light variants: the same materials, which follow the page's colour scheme rather than staying light.
        case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight
        /// The dark variants: the same materials, which follow the page's colour scheme rather than staying dark.
        case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark

        /// The material SwiftUI names for it.
        var material: Material {
            switch self {
            case .systemUltraThinMaterial, .systemUltraThinMaterialLight, .systemUltraThinMaterialDark: .ultraThinMaterial
            case .systemThinMaterial, .systemThinMaterialLight, .systemThinMaterialDark, .extraLight, .light: .thinMaterial
            case .systemThickMaterial, .systemThickMaterialLight, .systemThickMaterialDark, .prominent: .thickMaterial
            case .systemChromeMaterial, .systemChromeMaterialLight, .systemChromeMaterialDark: .bar
            default: .regularMaterial
            }
        }
    }

    /// The blur's style.
    public let style: Style
    /// Makes a blur of `style`.
    public init(style: Style) { self.style = style }
}

/// A view that blurs what is behind it: its effect's material.
open class UIVisualEffectView: UIView {
    /// The effect: a `UIBlurEffect` draws its material as the view's background; nil, or any other effect, draws none.
    open var effect: UIVisualEffect? { didSet { changed() } }
    /// The view for content over the blur. Not drawn here: a `UIView` here has no subviews, so nothing added to it shows.
    public let contentView = UIView()

    /// Makes a view with `effect`.
    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init()
    }

    /// Makes a view with no effect.
    public override init() { super.init() }
    /// Never makes a view: there are no storyboards or nibs here.
    public required init?(coder: NSCoder) { nil }

    override func makeNode(_ context: _RenderContext) -> Node {
        let node = context.element("div", StyleClass.frame)
        node.addClass(StyleClass.fillW)
        node.addClass(StyleClass.fillH)
        applyViewStyle(to: node)
        if let blur = effect as? UIBlurEffect {
            let material = blur.style.material
            node.addStyle("background:\(material.css);" + Material.backdropCSS(blur: material.blur))
        }
        return node
    }
}

/// A spinner, turning while `isAnimating` (hidden when stopped, if `hidesWhenStopped`).
open class UIActivityIndicatorView: UIView {
    /// The spinner's size: `.large` and `.whiteLarge` are drawn 1.6 times larger; the colour of `.white` and `.gray` is not applied
    /// (set `color`).
    public enum Style: Int, Sendable {
        /// The spinner at its normal size (`medium`, the default) or 1.6 times larger (`large`); raw values as UIKit's.
        case medium = 100, large = 101
        /// UIKit's older styles: `whiteLarge` is drawn 1.6 times larger, the others at the normal size; their white
        /// or gray colour is not applied (set `color`).
        case white = 1, whiteLarge = 0, gray = 2
    }
    /// The spinner's style: its size.
    open var style: Style = .medium { didSet { changed() } }
    /// The spinner's colour; nil for the accent colour.
    open var color: UIColor? { didSet { changed() } }
    /// Whether the spinner is hidden while stopped (the default). When false, a stopped spinner stays on the page,
    /// and its ring keeps turning: the pause is set on its wrapper, not on the ring that turns.
    open var hidesWhenStopped = true { didSet { changed() } }
    /// Whether the spinner is turning: `startAnimating()` sets it, `stopAnimating()` clears it.
    public private(set) var isAnimating = false

    /// Makes a stopped spinner of `style`.
    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// Makes a stopped, medium spinner.
    public override init() { super.init() }
    /// Never makes a view: there are no storyboards or nibs here.
    public required init?(coder: NSCoder) { nil }

    /// Starts the spinner turning (and shows it).
    open func startAnimating() {
        isAnimating = true
        changed()
    }

    /// Marks the spinner stopped: it is hidden when `hidesWhenStopped` (see there).
    open func stopAnimating() {
        isAnimating = false
        changed()
    }

    override func makeNode(_ context: _RenderContext) -> Node {
        var nodes: [Node] = []
        var spinner = context
        spinner.writeEnvironment { $0.progressStyling = .builtIn(circular: true) }
        ProgressView<EmptyView>._render(ProgressView(), spinner, &nodes)
        let node = nodes.first ?? context.element("div", StyleClass.frame)
        applyViewStyle(to: node)
        if let color { node.addStyle("color:\(color.css);\(StyleVariable.accent):\(color.css)") }
        if style == .large || style == .whiteLarge { node.addStyle("transform:scale(1.6)") }
        if !isAnimating && hidesWhenStopped { node.addStyle("visibility:hidden") }
        if !isAnimating { node.addStyle("animation-play-state:paused") }
        return node
    }
}

extension UIFont {
    /// The font of a text style, as Dynamic Type's default sizes give it.
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        systemFont(ofSize: style.size, weight: style == .headline ? .semibold : .regular)
    }

    /// A Dynamic Type text style, by its default size.
    public struct TextStyle: Hashable, Sendable {
        let size: CGFloat
        /// The titles: 34, 28 and 22 points.
        public static let largeTitle = TextStyle(size: 34), title1 = TextStyle(size: 28), title2 = TextStyle(size: 22)
        /// Title 3 (20 points), headline (17, semibold) and body (17).
        public static let title3 = TextStyle(size: 20), headline = TextStyle(size: 17), body = TextStyle(size: 17)
        /// Callout (16 points), subheadline (15) and footnote (13).
        public static let callout = TextStyle(size: 16), subheadline = TextStyle(size: 15), footnote = TextStyle(size: 13)
        /// The captions: 12 and 11 points.
        public static let caption1 = TextStyle(size: 12), caption2 = TextStyle(size: 11)
    }
}

/// What a `UISearchBar` tells its delegate (each has a default: implement the ones you need).
@MainActor @preconcurrency
public protocol UISearchBarDelegate: AnyObject {
    /// Called after the visitor's change became the search bar's `text`, with the new text.
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    /// Asked when the search field gets the focus; returning `false` keeps `searchBarTextDidBeginEditing` from being called,
    /// but the browser has focused the field already.
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
    /// Called when the search field gets the focus (after `searchBarShouldBeginEditing` returns `true`).
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
    /// Called when the search field loses the focus.
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
    /// Called when the visitor presses Return in the search field.
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    /// Called when the visitor clicks Cancel; the search bar does not clear its text or hide the button itself.
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
}

extension UISearchBarDelegate {
    /// Does nothing by default.
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    /// Returns `true`.
    public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
    /// Does nothing by default.
    public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {}
    /// Does nothing by default.
    public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {}
    /// Does nothing by default.
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
    /// Does nothing by default.
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
}

/// A search bar (the search field of apps written before `.searchable`): the page's search
/// field, with a Cancel button when `showsCancelButton`. What the visitor types is its `text`
/// and its delegate hears it (`textDidChange`), Return (`searchBarSearchButtonClicked`), Cancel,
/// and the focus coming and going.
open class UISearchBar: UIView {
    /// The bar's look: `.minimal` draws no `barTintColor`; `.default` and `.prominent` draw it.
    public enum Style: Int, Sendable {
        /// The default, prominent and minimal styles.
        case `default`, prominent, minimal
    }

    /// The text in the search field: set it to change the page, read it for what the visitor typed.
    open var text: String? = "" { didSet { changed() } }
    /// The search field's placeholder and accessible label (`"Search"` when this and `prompt` are nil).
    open var placeholder: String? { didSet { changed() } }
    /// Used as the placeholder when `placeholder` is nil; not shown as a line above the bar, as UIKit shows it.
    open var prompt: String? { didSet { changed() } }
    /// The bar's style: whether `barTintColor` is drawn.
    open var searchBarStyle: Style = .default { didSet { changed() } }
    /// Whether a Cancel button follows the search field.
    open var showsCancelButton = false { didSet { changed() } }
    /// The bar's background colour (not drawn in the `.minimal` style).
    open var barTintColor: UIColor? { didSet { changed() } }
    /// The keyboard a phone shows: the search field's `inputmode`.
    open var keyboardType: UIKeyboardType = .default { didSet { changed() } }
    /// Which letters a phone's keyboard capitalises: the search field's `autocapitalize` (none by default).
    open var autocapitalizationType: UITextAutocapitalizationType = .none { didSet { changed() } }
    /// What hears the visitor's typing, Return, Cancel and the focus; held weakly, as in UIKit.
    open weak var delegate: UISearchBarDelegate?

    /// Shows or hides the Cancel button; `animated` is ignored.
    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) { self.showsCancelButton = showsCancelButton }

    override func makeNode(_ context: _RenderContext) -> Node {
        let bar = context.element("div", StyleClass.searchable)
        bar.addStyle("display:flex;flex-direction:row;align-items:center;gap:8px")
        applyViewStyle(to: bar)
        if let barTintColor, searchBarStyle != .minimal { bar.addStyle("background:\(barTintColor.css)") }
        let inside = context.insideElement()
        let binding = Binding<String>(
            get: { [weak self] in self?.text ?? "" },
            set: { [weak self] typed in self?.visitorTyped(typed) })
        let field = TextInput.node(
            inside.structural(0), type: "search", title: placeholder ?? prompt ?? SystemWords.text(.search, in: context.environment),
            prompt: nil, text: binding,
            className: StyleClass.search)
        field.setAttribute("role", "searchbox")
        field.addStyle("flex:1")
        field.setAttribute("autocapitalize", autocapitalizationType.modern.attribute)
        if let mode = keyboardType.inputMode { field.setAttribute("inputmode", mode) }
        if context.environment.isEnabled {
            field.addHandler(
                EventBinding(event: .focus) { [weak self] _ in
                    guard let self, let delegate = self.delegate else { return }
                    if delegate.searchBarShouldBeginEditing(self) { delegate.searchBarTextDidBeginEditing(self) }
                }, afterEarlier: true)
            field.addHandler(
                EventBinding(event: .blur) { [weak self] _ in
                    guard let self else { return }
                    self.delegate?.searchBarTextDidEndEditing(self)
                }, afterEarlier: true)
            field.addHandler(
                EventBinding(event: .submit) { [weak self] _ in
                    guard let self else { return }
                    self.delegate?.searchBarSearchButtonClicked(self)
                }, afterEarlier: true)
        }
        var children = [field]
        if showsCancelButton {
            let cancel = inside.structural(1).element("button", StyleClass.button)
            cancel.setAttribute("type", "button")
            cancel.text = SystemWords.text(.cancel, in: context.environment)
            cancel.on(.click) { [weak self] _ in
                guard let self else { return }
                self.delegate?.searchBarCancelButtonClicked(self)
            }
            children.append(cancel)
        }
        bar.children = children
        return bar
    }

    private func visitorTyped(_ typed: String) {
        guard typed != (text ?? "") else { return }
        let onChange = self.onChange
        self.onChange = nil
        text = typed
        self.onChange = onChange
        delegate?.searchBar(self, textDidChange: typed)
    }
}
