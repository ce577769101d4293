// The alerts and action sheets of SwiftUI's first years (`Alert`, `ActionSheet`,
// `.alert(isPresented:content:)`, `.alert(item:content:)`), and the newer forms that present
// data: each is shown as Jetway's alert (`AlertModifier`), so it behaves as `.alert(_:isPresented:)`
// does: modal, each button dismissing after its action, Escape without acting.

/// An alert as older SwiftUI code builds it: a title, a message and one or two buttons.
public struct Alert {
    let title: Text
    let message: Text?
    let buttons: [Button]

    /// An alert with one button, `dismissButton` (an OK button when nil).
    public init(title: Text, message: Text? = nil, dismissButton: Button? = nil) {
        self.title = title
        self.message = message
        self.buttons = [dismissButton ?? .default(Text("OK"))]
    }

    /// An alert with two buttons, `primaryButton` first.
    public init(title: Text, message: Text? = nil, primaryButton: Button, secondaryButton: Button) {
        self.title = title
        self.message = message
        self.buttons = [primaryButton, secondaryButton]
    }

    /// A button of an alert or action sheet.
    public struct Button {
        let label: Text
        let role: ButtonRole?
        let action: (() -> Void)?

        /// A plain button labelled `label`; it runs `action`, then dismisses the alert.
        public static func `default`(_ label: Text, action: (() -> Void)? = {}) -> Button {
            Button(label: label, role: nil, action: action)
        }

        /// A cancel button labelled `label`; it runs `action`, then dismisses the alert.
        public static func cancel(_ label: Text, action: (() -> Void)? = {}) -> Button {
            Button(label: label, role: .cancel, action: action)
        }

        /// A cancel button labelled "Cancel"; it runs `action`, then dismisses the alert.
        public static func cancel(_ action: (() -> Void)? = {}) -> Button {
            Button(label: Text("Cancel"), role: .cancel, action: action)
        }

        /// A destructive (red) button labelled `label`; it runs `action`, then dismisses the alert.
        public static func destructive(_ label: Text, action: (() -> Void)? = {}) -> Button {
            Button(label: label, role: .destructive, action: action)
        }
    }
}

/// A choice of actions sliding up from the bottom, as older SwiftUI code builds it.
public struct ActionSheet {
    let title: Text
    let message: Text?
    let buttons: [Alert.Button]

    /// An action sheet with `title`, an optional `message` and `buttons` (by default a Cancel button).
    public init(title: Text, message: Text? = nil, buttons: [Alert.Button] = [.cancel()]) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}

/// An older alert's buttons, each a Jetway button with its role.
struct OlderAlertButtons: View {
    let buttons: [Alert.Button]
    var body: some View {
        ForEach(0..<buttons.count, id: \.self) { index in
            let button = buttons[index]
            Jetway.Button(role: button.role) {
                button.action?()
            } label: {
                button.label
            }
        }
    }
}

extension View {
    /// Shows `content()`'s alert while `isPresented` is true.
    public func alert(isPresented: Binding<Bool>, content: () -> Alert) -> some View {
        let alert = content()
        return modifier(
            AlertModifier(
                kind: .alert, title: alert.title, showsTitle: true, isPresented: isPresented,
                actions: { OlderAlertButtons(buttons: alert.buttons) }, message: { alert.message }))
    }

    /// Shows the alert `content` makes for `item` while it is not nil; dismissing sets it to nil.
    public func alert<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> Alert) -> some View {
        let alert = item.wrappedValue.map(content)
        return modifier(
            AlertModifier(
                kind: .alert, title: alert?.title ?? Text(verbatim: ""), showsTitle: true, isPresented: Self.presenting(item),
                actions: { OlderAlertButtons(buttons: alert?.buttons ?? []) }, message: { alert?.message }))
    }

    /// Shows `content()`'s action sheet while `isPresented` is true.
    public func actionSheet(isPresented: Binding<Bool>, content: () -> ActionSheet) -> some View {
        let sheet = content()
        return modifier(
            AlertModifier(
                kind: .confirmation, title: sheet.title, showsTitle: true, isPresented: isPresented,
                actions: { OlderAlertButtons(buttons: sheet.buttons) }, message: { sheet.message }))
    }

    /// Shows the action sheet `content` makes for `item` while it is not nil; dismissing sets it to nil.
    public func actionSheet<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> ActionSheet) -> some View {
        let sheet = item.wrappedValue.map(content)
        return modifier(
            AlertModifier(
                kind: .confirmation, title: sheet?.title ?? Text(verbatim: ""), showsTitle: true, isPresented: Self.presenting(item),
                actions: { OlderAlertButtons(buttons: sheet?.buttons ?? []) }, message: { sheet?.message }))
    }

    /// An alert with a `Text` or localized title.
    public func alert<Actions: View, Message: View>(
        _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions,
        @ViewBuilder message: @escaping () -> Message
    ) -> some View {
        modifier(
            AlertModifier(
                kind: .alert, title: title, showsTitle: true, isPresented: isPresented, actions: { actions() },
                message: { message() }))
    }

    /// An alert with a `Text` title and `actions`, and no message.
    public func alert<Actions: View>(
        _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions
    ) -> some View {
        alert(title, isPresented: isPresented, actions: actions, message: { EmptyView() })
    }

    /// A confirmation dialog with a `Text` title (shown only when `titleVisibility` is
    /// `.visible`; always the dialog's accessible name).
    public func confirmationDialog<Actions: View>(
        _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> Actions
    ) -> some View {
        confirmationDialog(title, isPresented: isPresented, titleVisibility: titleVisibility, actions: actions, message: { EmptyView() })
    }

    /// A confirmation dialog with a `Text` title and a `message`.
    public func confirmationDialog<Actions: View, Message: View>(
        _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> Actions, @ViewBuilder message: @escaping () -> Message
    ) -> some View {
        modifier(
            AlertModifier(
                kind: .confirmation, title: title, showsTitle: titleVisibility == .visible, isPresented: isPresented,
                actions: { actions() }, message: { message() }))
    }

    /// An alert about `data`, shown while `isPresented` is true and `data` is not nil.
    public func alert<T, Actions: View, Message: View>(
        _ title: Text, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: @escaping (T) -> Actions,
        @ViewBuilder message: @escaping (T) -> Message
    ) -> some View {
        modifier(
            AlertModifier(
                kind: .alert, title: title, showsTitle: true, isPresented: Self.presenting(isPresented, data),
                actions: { data.map(actions) }, message: { data.map(message) }))
    }

    /// An alert about `data`, with no message, shown while `isPresented` is true and `data` is not nil.
    public func alert<T, Actions: View>(
        _ title: Text, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: @escaping (T) -> Actions
    ) -> some View {
        modifier(
            AlertModifier(
                kind: .alert, title: title, showsTitle: true, isPresented: Self.presenting(isPresented, data),
                actions: { data.map(actions) }, message: { EmptyView() }))
    }

    /// An alert titled with a string as written (not looked up in a String Catalog) about
    /// `data`, shown while `isPresented` is true and `data` is not nil.
    @_disfavoredOverload
    public func alert<S: StringProtocol, T, Actions: View, Message: View>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: @escaping (T) -> Actions,
        @ViewBuilder message: @escaping (T) -> Message
    ) -> some View {
        alert(Text(title), isPresented: isPresented, presenting: data, actions: actions, message: message)
    }

    /// An alert titled with a string as written about `data`, with no message.
    @_disfavoredOverload
    public func alert<S: StringProtocol, T, Actions: View>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: @escaping (T) -> Actions
    ) -> some View {
        alert(Text(title), isPresented: isPresented, presenting: data, actions: actions)
    }

    private static func presenting<Item>(_ item: Binding<Item?>) -> Binding<Bool> {
        Binding(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })
    }

    private static func presenting<T>(_ isPresented: Binding<Bool>, _ data: T?) -> Binding<Bool> {
        Binding(get: { isPresented.wrappedValue && data != nil }, set: { isPresented.wrappedValue = $0 })
    }
}

// The same alerts and dialogs with a `LocalizedStringKey` title (a view modifier's stored title,
// `titleKey: LocalizedStringKey`, passed on), as SwiftUI offers them.
extension View {
    /// An alert with a localized title, `actions` and a `message`.
    public func alert<Actions: View, Message: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions,
        @ViewBuilder message: @escaping () -> Message
    ) -> some View {
        alert(Text(titleKey), isPresented: isPresented, actions: actions, message: message)
    }

    /// An alert with a localized title and `actions`, and no message.
    public func alert<Actions: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions
    ) -> some View {
        alert(Text(titleKey), isPresented: isPresented, actions: actions)
    }

    /// An alert with a localized title about `data`, shown while `isPresented` is true and `data` is not nil.
    public func alert<T, Actions: View, Message: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: @escaping (T) -> Actions,
        @ViewBuilder message: @escaping (T) -> Message
    ) -> some View {
        alert(Text(titleKey), isPresented: isPresented, presenting: data, actions: actions, message: message)
    }

    /// An alert with a localized title about `data`, with no message.
    public func alert<T, Actions: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: @escaping (T) -> Actions
    ) -> some View {
        alert(Text(titleKey), isPresented: isPresented, presenting: data, actions: actions)
    }

    /// A confirmation dialog with a localized title.
    public func confirmationDialog<Actions: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> Actions
    ) -> some View {
        confirmationDialog(Text(titleKey), isPresented: isPresented, titleVisibility: titleVisibility, actions: actions)
    }

    /// A confirmation dialog with a localized title and a `message`.
    public func confirmationDialog<Actions: View, Message: View>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> Actions, @ViewBuilder message: @escaping () -> Message
    ) -> some View {
        confirmationDialog(Text(titleKey), isPresented: isPresented, titleVisibility: titleVisibility, actions: actions, message: message)
    }
}
