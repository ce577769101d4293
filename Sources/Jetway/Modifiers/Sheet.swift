/// A class attribute written once, not at each render.
private let sheetAlertClasses = "\(RuntimeContract.Class.sheet) \(StyleClass.alert)"
/// A class attribute written once, not at each render.
private let sheetConfirmationClasses = "\(RuntimeContract.Class.sheet) \(StyleClass.confirmation)"
/// A class attribute written once, not at each render.
private let sheetFullScreenClasses = "\(RuntimeContract.Class.sheet) \(StyleClass.fullScreen)"

extension View {
    /// Presents `content` in a modal `<dialog>` while `isPresented` is true: the page behind is
    /// inert and focus moves into the sheet (and back to what had it when it closes). Escape, a
    /// click on the backdrop and `dismiss()` inside the sheet set the binding back to false;
    /// `onDismiss` runs once for each dismissal, whichever way it came.
    ///
    /// ```swift
    /// .sheet(isPresented: $showingSettings) { SettingsView() }
    /// ```
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (@MainActor () -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        modifier(
            SheetModifier(
                style: .sheet,
                presented: { isPresented.wrappedValue ? AnyHashable(true) : nil },
                dismiss: { isPresented.wrappedValue = false },
                onDismiss: onDismiss,
                content: { content() }))
    }

    /// Presents a sheet for `item` while it is non-nil; a different item is a new sheet.
    ///
    /// ```swift
    /// .sheet(item: $sheet, content: makeSheet)
    /// ```
    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (@MainActor () -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        modifier(
            SheetModifier(
                style: .sheet,
                presented: { item.wrappedValue.map { AnyHashable($0.id) } },
                dismiss: { item.wrappedValue = nil },
                onDismiss: onDismiss,
                content: { item.wrappedValue.map { content($0) } }))
    }

    /// A popover: on a phone SwiftUI shows a popover as a sheet, and so does Jetway in every
    /// window (a sheet that Escape, the backdrop and `dismiss()` close, `onDismiss`-free as the
    /// popover is); the anchor and arrow edge are accepted and not used.
    public func popover<Content: View>(
        isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge? = nil,
        @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        sheet(isPresented: isPresented, onDismiss: nil, content: content)
    }

    /// A popover for `item` while it is non-nil, shown as a sheet (see `popover(isPresented:)`).
    public func popover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        sheet(item: item, onDismiss: nil, content: content)
    }

    /// A sheet that covers the whole window.
    public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (@MainActor () -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        modifier(
            SheetModifier(
                style: .fullScreen,
                presented: { isPresented.wrappedValue ? AnyHashable(true) : nil },
                dismiss: { isPresented.wrappedValue = false },
                onDismiss: onDismiss,
                content: { content() }))
    }

    /// A full-screen cover for `item` while it is non-nil.
    public func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (@MainActor () -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        modifier(
            SheetModifier(
                style: .fullScreen,
                presented: { item.wrappedValue.map { AnyHashable($0.id) } },
                dismiss: { item.wrappedValue = nil },
                onDismiss: onDismiss,
                content: { item.wrappedValue.map { content($0) } }))
    }

    /// The heights the sheet around this view may take (the largest is used: a browser sheet
    /// does not snap between detents; with a selection, the selected one).
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View {
        modifier(PresentationDetentsModifier(detents: detents, selection: nil))
    }

    /// The heights the sheet may take, and the one it has: the sheet takes the selected detent's
    /// height, and follows the binding when the app changes it.
    public func presentationDetents(_ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>) -> some View {
        modifier(PresentationDetentsModifier(detents: detents, selection: selection))
    }

    /// A grabber at the top of the sheet around this view (`.visible`); `.automatic` shows one
    /// on a sheet with more than one detent, as iOS does.
    public func presentationDragIndicator(_ visibility: Visibility) -> some View {
        modifier(PresentationModifier { $0.grabber = visibility })
    }

    /// The corner radius of the sheet around this view.
    public func presentationCornerRadius(_ radius: CGFloat?) -> some View {
        modifier(
            PresentationModifier { state in if let radius { state.declarations.append("border-radius:\(px(radius)) \(px(radius)) 0 0") } })
    }

    /// What the sheet around this view is painted with (a colour, a gradient, a material).
    public func presentationBackground<S: ShapeStyle>(_ style: S) -> some View {
        let css = style.css
        let blur = (style as? Material).map { ";backdrop-filter:blur(\($0.blur)px);-webkit-backdrop-filter:blur(\($0.blur)px)" } ?? ""
        return modifier(PresentationModifier { $0.declarations.append("background:\(css)" + blur) })
    }

    /// Keeps the sheet around this view open when the user presses Escape or clicks outside it
    /// (its own buttons and `dismiss()` still close it).
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
        modifier(PresentationModifier { state in if isDisabled { state.dismissDisabled = true } })
    }

    /// An alert while `isPresented` is true: a title, an optional message, and the actions
    /// (buttons; each one dismisses the alert after its action). With no actions, an OK button.
    ///
    /// ```swift
    /// .alert("Gate changed", isPresented: $showingAlert) {
    ///     Button("OK", role: .cancel) {}
    /// } message: { Text("MA100 now leaves from B12.") }
    /// ```
    @_disfavoredOverload
    public func alert<S: StringProtocol, Actions: View, Message: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions,
        @ViewBuilder message: @escaping () -> Message
    ) -> some View {
        modifier(
            AlertModifier(
                kind: .alert, title: Text(title), showsTitle: true, isPresented: isPresented, actions: { actions() },
                message: { message() }))
    }

    /// An alert with a title and `actions` and no message (an OK button when there are no actions).
    @_disfavoredOverload
    public func alert<S: StringProtocol, Actions: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions
    )
        -> some View
    {
        modifier(
            AlertModifier(
                kind: .alert, title: Text(title), showsTitle: true, isPresented: isPresented, actions: { actions() },
                message: { EmptyView() }))
    }

    /// A set of choices about the view it is on, while `isPresented` is true (a sheet of
    /// buttons at the bottom of the window; each dismisses it after its action).
    @_disfavoredOverload
    public func confirmationDialog<S: StringProtocol, Actions: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> Actions
    ) -> some View {
        modifier(
            AlertModifier(
                kind: .confirmation, title: Text(title), showsTitle: titleVisibility == .visible, isPresented: isPresented,
                actions: { actions() }, message: { EmptyView() }))
    }

    /// A confirmation dialog with a `message` under its title. The title is shown only when
    /// `titleVisibility` is `.visible`; it is always the dialog's accessible name.
    @_disfavoredOverload
    public func confirmationDialog<S: StringProtocol, Actions: View, Message: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> Actions, @ViewBuilder message: @escaping () -> Message
    ) -> some View {
        modifier(
            AlertModifier(
                kind: .confirmation, title: Text(title), showsTitle: titleVisibility == .visible, isPresented: isPresented,
                actions: { actions() }, message: { message() }))
    }
}

/// Whether a title or other part is shown (SwiftUI's `Visibility`).
public enum Visibility: Hashable, Sendable {
    /// `automatic`: the view decides (a confirmation dialog hides its title); `visible`: shown;
    /// `hidden`: not shown.
    case automatic, visible, hidden
}

/// A height a sheet may take.
public struct PresentationDetent: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case fraction(Double)
        case height(Double)
    }
    let kind: Kind

    /// Half the window's height.
    public static let medium = PresentationDetent(kind: .fraction(0.5))
    /// Nearly the whole window: 92% of its height.
    public static let large = PresentationDetent(kind: .fraction(0.92))
    /// A share of the window's height, from 0.1 to 1 (clamped).
    public static func fraction(_ fraction: Double) -> PresentationDetent { PresentationDetent(kind: .fraction(fraction)) }
    /// A height in points, at most 92% of the window's.
    public static func height(_ height: Double) -> PresentationDetent { PresentationDetent(kind: .height(height)) }

    /// The CSS height of the sheet.
    var css: String {
        switch kind {
        case .fraction(let fraction): "\(Int((min(1, max(0.1, fraction)) * 100).rounded()))vh"
        // An infinite or absurd height is the window's 92% (`Int` of it would trap).
        case .height(let height): height.isFinite && height < 100_000 ? "min(\(Int(max(0, height)))px, 92vh)" : "92vh"
        }
    }

    /// For choosing the largest: a height in points on a 900-point-high window.
    var order: Double {
        switch kind {
        case .fraction(let fraction): fraction * 900
        case .height(let height): height
        }
    }
}

/// Where a popover points (accepted; a popover is a sheet here).
public enum PopoverAttachmentAnchor: Sendable {
    /// A rectangle of the view (accepted and not used).
    case rect(Anchor)
    /// A point of the view (accepted and not used).
    case point(UnitPoint)

    /// A rectangle a popover points at (accepted and not used).
    public enum Anchor: Sendable {
        /// The view's bounds.
        case bounds
        /// A given rectangle.
        case rect(CGRect)
    }
}

enum SheetStyle {
    case sheet, fullScreen
}

struct SheetModifier<Content: View>: _PrimitiveModifier {
    let style: SheetStyle
    let presented: () -> AnyHashable?
    let dismiss: @MainActor () -> Void
    let onDismiss: (@MainActor () -> Void)?
    let content: () -> Content?

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        content(context.structural(0), &out)
        let state = context.persistent(SheetState.self) { SheetState() }
        let presentedID = context.track { modifier.presented() }
        if state.presentedID != nil && presentedID != state.presentedID, let onDismiss = state.onDismiss {
            context.graph.afterCommit(onDismiss)
        }
        state.presentedID = presentedID
        state.onDismiss = modifier.onDismiss
        guard let presentedID, let sheetContent = context.track({ modifier.content() }) else { return }
        let sheetContext = context.explicit(presentedID)
        // Not `open`: the runtime opens it with showModal(), which makes the page behind inert
        // and moves focus in (an `open` dialog is not modal).
        let dialog = sheetContext.element("dialog", modifier.style == .fullScreen ? sheetFullScreenClasses : RuntimeContract.Class.sheet)
        dialog.setAttribute("aria-modal", "true")
        let dismiss = modifier.dismiss
        var inside = sheetContext.insideElement()
        // Through the state: a view inside that was skipped keeps an older DismissAction, which
        // must still dismiss with this render's binding.
        state.dismiss = dismiss
        state.detents = []
        state.selectedDetent = nil
        state.grabber = .automatic
        state.declarations = []
        state.dismissDisabled = false
        inside.writeEnvironment {
            $0.dismiss = DismissAction(owner: state) { state.dismiss?() }
            $0.sheetState = state
            $0.sectionsAreListRows = false
            $0.lazyStack = nil
            $0.lazySections = nil
        }
        var children: [Node] = []
        Content._render(sheetContent, inside.structural(1).rebuilt(), &children)
        dialog.children = children
        if modifier.style == .sheet, let detent = state.selectedDetent ?? state.detents.max(by: { $0.order < $1.order }) {
            dialog.addStyle("height:\(detent.css)")
        }
        // What the content asked of its sheet (`.presentation…`, `.interactiveDismissDisabled`).
        if !state.dismissDisabled { dialog.addHandler(EventBinding(event: .dismiss) { _ in dismiss() }) }
        if modifier.style == .sheet && (state.grabber == .visible || (state.grabber == .automatic && state.detents.count > 1)) {
            dialog.addClass(StyleClass.sheetGrabber)
        }
        for declaration in state.declarations { dialog.addStyle(declaration) }
        out.append(dialog)
    }
}

/// Which item a sheet shows, to notice dismissal.
@MainActor
final class SheetState {
    var presentedID: AnyHashable?
    var onDismiss: (@MainActor () -> Void)?
    var dismiss: (@MainActor () -> Void)?
    /// What `.presentationDetents` inside asked for in this render.
    var detents: Set<PresentationDetent> = []
    /// `.presentationDetents(_:selection:)`: the detent the app chose, whose height it takes.
    var selectedDetent: PresentationDetent?
    /// What the other `.presentation…` modifiers inside asked for in this render.
    var grabber = Visibility.automatic
    var declarations: [String] = []
    var dismissDisabled = false
}

/// `.presentationDragIndicator`, `.presentationCornerRadius`, `.presentationBackground`,
/// `.interactiveDismissDisabled`: what the content asks of the sheet it is in.
struct PresentationModifier: _PrimitiveModifier {
    let change: @MainActor (SheetState) -> Void

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        if let state = context.environment.sheetState { modifier.change(state) }
        content(context, &out)
    }
}

private struct SheetStateKey: EnvironmentKey {
    static var defaultValue: SheetState? { nil }
}

extension EnvironmentValues {
    /// The sheet a view is in (for `.presentationDetents`).
    var sheetState: SheetState? {
        get { self[SheetStateKey.self] }
        set { self[SheetStateKey.self] = newValue }
    }
}

struct PresentationDetentsModifier: _PrimitiveModifier {
    let detents: Set<PresentationDetent>
    let selection: Binding<PresentationDetent>?

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        context.environment.sheetState?.detents.formUnion(modifier.detents)
        if let selection = modifier.selection {
            let current = context.track { selection.wrappedValue }
            if modifier.detents.contains(current) { context.environment.sheetState?.selectedDetent = current }
        }
        content(context, &out)
    }
}

enum AlertKind {
    case alert, confirmation
}

/// An alert or a confirmation dialog: a modal `<dialog role="alertdialog">` with a title, a
/// message and its buttons, each of which dismisses it after its own action.
struct AlertModifier<Actions: View, Message: View>: _PrimitiveModifier {
    let kind: AlertKind
    /// Resolved when rendered: a catalog's key in the page's language.
    let title: Text
    let showsTitle: Bool
    let isPresented: Binding<Bool>
    let actions: () -> Actions
    let message: () -> Message

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        content(context.structural(0), &out)
        guard context.track({ modifier.isPresented.wrappedValue }) else { return }
        let binding = modifier.isPresented
        let dismiss: @MainActor () -> Void = { if binding.wrappedValue { binding.wrappedValue = false } }
        let alertContext = context.structural(1)
        let dialog = alertContext.element("dialog", modifier.kind == .alert ? sheetAlertClasses : sheetConfirmationClasses)
        dialog.setAttribute("role", "alertdialog")
        dialog.setAttribute("aria-modal", "true")
        dialog.addHandler(EventBinding(event: .dismiss) { _ in dismiss() })
        var inside = alertContext.insideElement()
        var children: [Node] = []
        let title = modifier.title.string(in: context.environment)
        if modifier.showsTitle || modifier.kind == .alert {
            let heading = inside.structural(0).element("h2", StyleClass.alertTitle)
            heading.text = title
            children.append(heading)
        }
        dialog.setAttribute("aria-label", title)
        var message: [Node] = []
        Message._render(modifier.message(), inside.structural(1).rebuilt(), &message)
        if !message.isEmpty {
            let holder = inside.structural(2).element("div", StyleClass.alertMessage)
            holder.children = message
            children.append(holder)
        }
        // Every button inside dismisses the alert once its own action has run.
        inside.writeEnvironment {
            $0.buttonDismissesAlert = AlertDismissal(dismiss)
            // An alert's buttons are whole, even when it is attached to a list.
            $0.lazyStack = nil
            $0.rowOffsets = nil
            $0.lazySections = nil
        }
        var buttons: [Node] = []
        Actions._render(modifier.actions(), inside.structural(3).rebuilt(), &buttons)
        if buttons.isEmpty {
            let ok = inside.structural(4).element("button", StyleClass.button)
            ok.setAttribute("type", "button")
            ok.text = SystemWords.text(.ok, in: context.environment)
            ok.addHandler(EventBinding(event: .click) { _ in dismiss() })
            buttons = [ok]
        }
        let row = inside.structural(5).element("div", StyleClass.alertActions)
        row.children = buttons
        children.append(row)
        dialog.children = children
        out.append(dialog)
    }
}

/// Set inside an alert's actions: a button there dismisses the alert after its action.
struct AlertDismissal: Equatable {
    let action: @MainActor () -> Void
    private let id = AlertDismissalID()
    init(_ action: @escaping @MainActor () -> Void) { self.action = action }
    static func == (lhs: AlertDismissal, rhs: AlertDismissal) -> Bool { lhs.id === rhs.id }
}

private final class AlertDismissalID: Sendable {}

private struct AlertDismissalKey: EnvironmentKey {
    static var defaultValue: AlertDismissal? { nil }
}

extension EnvironmentValues {
    var buttonDismissesAlert: AlertDismissal? {
        get { self[AlertDismissalKey.self] }
        set { self[AlertDismissalKey.self] = newValue }
    }
}
