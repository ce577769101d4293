extension View {
    /// Presents `content` in a modal `<dialog>` while `isPresented` is true. Escape, the close
    /// button and `dismiss()` inside the sheet set it back to false; `onDismiss` runs then.
    ///
    /// ```swift
    /// .sheet(isPresented: $showingSettings) { SettingsView() }
    /// ```
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (@MainActor () -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        modifier(
            SheetModifier(
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
                presented: { item.wrappedValue.map { AnyHashable($0.id) } },
                dismiss: { item.wrappedValue = nil },
                onDismiss: onDismiss,
                content: { item.wrappedValue.map { content($0) } }))
    }
}

struct SheetModifier<Content: View>: _PrimitiveModifier {
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
        let dialog = sheetContext.element("dialog", "jw-sheet")
        dialog.setAttribute("open", "")
        dialog.setAttribute("aria-modal", "true")
        let dismiss = modifier.dismiss
        dialog.addHandler(EventBinding(event: .dismiss) { _ in dismiss() })
        var inside = sheetContext.insideElement()
        // Through the state: a view inside that was skipped keeps an older DismissAction, which
        // must still dismiss with this render's binding.
        state.dismiss = dismiss
        inside.writeEnvironment { $0.dismiss = DismissAction(owner: state) { state.dismiss?() } }
        let close = inside.structural(0).element("button", "jw-button jw-sheet-close")
        close.setAttribute("type", "button")
        close.setAttribute("aria-label", "Close")
        close.text = "×"
        close.addHandler(EventBinding(event: .click) { _ in dismiss() })
        var children = [close]
        Content._render(sheetContent, inside.structural(1).rebuilt(), &children)
        dialog.children = children
        out.append(dialog)
    }
}

/// Which item a sheet shows, to notice dismissal.
@MainActor
final class SheetState {
    var presentedID: AnyHashable?
    var onDismiss: (@MainActor () -> Void)?
    var dismiss: (@MainActor () -> Void)?
}
