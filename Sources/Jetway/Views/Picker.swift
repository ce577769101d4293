/// A class attribute written once, not at each render.
private let buttonInlineOptionClasses = "\(StyleClass.button) \(StyleClass.inlineOption)"
/// A class attribute written once, not at each render.
private let buttonSegmentClasses = "\(StyleClass.button) \(StyleClass.segment)"

/// Chooses one value from options tagged with `.tag(_:)` (or a `ForEach`'s ids): a `<select>`
/// by default (`.menu`), a row of segments with `.pickerStyle(.segmented)`, a column of rows
/// with a check mark with `.inline`, and with `.wheel` a scrolling column that snaps to its
/// options (two side by side make a two-component picker, as seed 001's duration picker).
///
/// ```swift
/// Picker("Unit", selection: $unit) {
///     ForEach(DateDuration.Unit.allCases, id: \.self) { Text($0.rawValue) }
/// }
/// ```
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: _PrimitiveView {
    let selection: Binding<SelectionValue>
    let label: Label
    let content: Content

    /// A picker bound to `selection`, its options the views of `content` (each tagged with a value of
    /// the selection's type), titled by `label`.
    ///
    /// Each option shows only its words (an image or styling in it is dropped). The label's text is
    /// the control's `aria-label`, and is shown beside it unless `.labelsHidden()` (never for a
    /// segmented picker). Disabled in a disabled environment.
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }

    /// A picker bound to `selection`, titled by the `label` view, its options the views of `content`.
    public init(selection: Binding<SelectionValue>, label: Label, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
        self.label = label
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let style = context.environment.pickerStyle
        if style == .navigationLink {
            renderNavigationLink(view, context, &out)
            return
        }
        let node = context.element(style == .menu || style == .automatic ? "label" : "div", StyleClass.picker)
        let inside = context.insideElement()
        let (title, options) = titleAndOptions(view, inside)
        let selected = AnyHashable(context.track { view.selection.wrappedValue })
        let tags = options.map(\.tagValue)
        let binding = view.selection
        let enabled = context.environment.isEnabled
        func choose(_ index: Int) throws {
            guard tags.indices.contains(index), let tag = tags[index] else {
                throw JetwayError.wrongPayload(expected: "an option index below \(tags.count)", got: "\(index)")
            }
            guard let value = tag.base as? SelectionValue else {
                throw JetwayError.wrongPayload(expected: "a \(SelectionValue.self) tag", got: "a \(type(of: tag.base)) tag")
            }
            binding.wrappedValue = value
        }
        let caption = inside.structural(0).element("span", StyleClass.pickerLabel)
        caption.text = title
        let showsCaption = !title.isEmpty && !context.environment.labelsHidden
        switch style {
        case .segmented, .inline:
            // Radio buttons: a row of segments, or (inline, as in a Form) a column of rows with
            // a check mark on the chosen one.
            node.setAttribute("role", "radiogroup")
            if !title.isEmpty { node.setAttribute("aria-label", title) }
            if style == .inline { node.addClass(StyleClass.pickerInline) }
            let buttons = options.enumerated().map { index, option in
                let button = Node("button", key: option.key)
                button.setAttribute("type", "button")
                button.setAttribute("class", style == .segmented ? buttonSegmentClasses : buttonInlineOptionClasses)
                button.setAttribute("role", "radio")
                button.setAttribute("aria-checked", tags[index] == selected ? "true" : "false")
                button.text = option.textContent
                if enabled {
                    button.addHandler(EventBinding(event: .click) { _ in try choose(index) })
                } else {
                    button.setAttribute("disabled", "")
                }
                return button
            }
            node.children = style == .inline && showsCaption ? [caption] + buttons : buttons
        case .wheel:
            // A column that scrolls and snaps to its options, the chosen one in the middle:
            // spun by the mouse wheel or a finger, or by the arrow keys when focused. The
            // runtime centres the chosen option and reports the one the column settles on.
            let wheel = inside.structural(2).element("div", RuntimeContract.Class.wheel)
            wheel.setAttribute("role", "listbox")
            if !title.isEmpty { wheel.setAttribute("aria-label", title) }
            wheel.setAttribute("tabindex", enabled ? "0" : "-1")
            if !enabled { wheel.setAttribute("aria-disabled", "true") }
            wheel.children = options.enumerated().map { index, option in
                let item = Node("div", key: option.key)
                item.setAttribute("class", RuntimeContract.Class.wheelItem)
                item.setAttribute("role", "option")
                item.setAttribute("data-index", String(index))
                item.setAttribute("aria-selected", tags[index] == selected ? "true" : "false")
                item.text = option.textContent
                return item
            }
            if enabled { wheel.addHandler(Self.changeHandler(choose)) }
            node.addClass(StyleClass.pickerWheel)
            node.children = showsCaption ? [caption, wheel] : [wheel]
        case .automatic, .menu, .navigationLink:
            let select = inside.structural(2).element("select")
            if !title.isEmpty { select.setAttribute("aria-label", title) }
            select.children = options.enumerated().map { index, option in
                let item = Node("option", key: option.key)
                item.setAttribute("value", String(index))
                if tags[index] == selected { item.setAttribute("selected", "") }
                item.text = option.textContent
                return item
            }
            if enabled {
                select.addHandler(Self.changeHandler(choose))
            } else {
                select.setAttribute("disabled", "")
            }
            node.children = showsCaption ? [caption, select] : [select]
        }
        out.append(node)
    }
}

extension Picker {
    /// The label's text and the options' elements (each with its tag), rendered inside the
    /// picker's element.
    static func titleAndOptions(_ view: Self, _ inside: _RenderContext) -> (title: String, options: [Node]) {
        var labelNodes: [Node] = []
        Label._render(view.label, inside.structural(0), &labelNodes)
        var optionContext = inside.structural(1)
        optionContext.writeEnvironment {
            $0.collectsTags = true
            // Options are whole, even in a list's row.
            $0.lazyStack = nil
            $0.rowOffsets = nil
            $0.lazySections = nil
        }
        var options: [Node] = []
        Content._render(view.content, optionContext.insideElement(), &options)
        return (labelNodes.map(\.textContent).joined(), options)
    }

    /// `.pickerStyle(.navigationLink)`: a row with the label and the chosen option that pushes
    /// a screen of the options (an inline picker); choosing one goes back.
    static func renderNavigationLink(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let (title, options) = titleAndOptions(view, context.insideElement())
        let selected = AnyHashable(context.track { view.selection.wrappedValue })
        let chosen = options.first { $0.tagValue == selected }?.textContent ?? ""
        let link = NavigationLink(destination: PickerOptionsScreen(picker: view, title: title)) {
            HStack {
                Text(verbatim: title)
                Spacer()
                Text(verbatim: chosen).foregroundStyle(.secondary)
            }
        }
        var linkContext = context.structural(2)
        linkContext.writeEnvironment { $0.pickerStyle = .inline }
        NavigationLink<HStack<TupleView<(Text, Spacer, Text)>>, PickerOptionsScreen<Label, SelectionValue, Content>>._render(
            link, linkContext, &out)
    }

    /// A change to the option at the index the browser sends.
    static func changeHandler(_ choose: @escaping (Int) throws -> Void) -> EventBinding {
        EventBinding(event: .change) { payload in
            guard let index = Int(try payload.text()) else {
                throw JetwayError.wrongPayload(expected: "an option index", got: "text")
            }
            try choose(index)
        }
    }
}

extension Picker where Label == Text {
    /// A picker titled with a localized string key.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, label: Text(titleKey), content: content)
    }

    /// A picker titled with a string, shown as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, label: Text(title), content: content)
    }
}

/// How a picker looks: `.pickerStyle(.segmented)`.
public enum PickerStyleKind: Hashable, Sendable {
    /// `automatic` and `menu`: a `<select>`. `segmented`: a row of segments (radio buttons). `wheel`: a
    /// column that scrolls and snaps to its options. `inline`: a column of rows with a check mark on
    /// the chosen one. `navigationLink`: a row showing the choice that pushes a screen of the options;
    /// choosing one goes back.
    case automatic, menu, segmented, wheel, inline, navigationLink

    static var `default`: PickerStyleKind { .menu }
}

extension View {
    /// The look of the pickers inside (`.pickerStyle(.segmented)`).
    public func pickerStyle(_ style: PickerStyleKind) -> some View {
        environment(\.pickerStyle, style)
    }
}

/// The options of a `.navigationLink` picker, on a screen of their own: choosing one goes back.
struct PickerOptionsScreen<Label: View, SelectionValue: Hashable, Content: View>: View {
    let picker: Picker<Label, SelectionValue, Content>
    let title: String
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        let selection = picker.selection
        let dismiss = dismiss
        let choosing = Binding<SelectionValue>(
            get: { selection.wrappedValue },
            set: {
                selection.wrappedValue = $0
                dismiss()
            })
        Form {
            Picker(selection: choosing, label: picker.label, content: { picker.content })
                .pickerStyle(.inline)
                .labelsHidden()
        }
        .navigationTitle(title)
    }
}

/// A row that pushes a screen of the options (`.navigationLink`).
public struct NavigationLinkPickerStyle: PickerStyle {
    /// The navigation link style.
    public init() {}
    /// `.navigationLink`; Jetway's hook, not for apps.
    public var _kind: PickerStyleKind { .navigationLink }
}

/// A picker style by its type, as older code writes it: `.pickerStyle(WheelPickerStyle())`.
public protocol PickerStyle {
    /// The look the style names; Jetway's hook, not for apps.
    var _kind: PickerStyleKind { get }
}

/// The default look (`.automatic`): a `<select>`.
public struct DefaultPickerStyle: PickerStyle {
    /// The default style.
    public init() {}
    /// `.automatic`; Jetway's hook, not for apps.
    public var _kind: PickerStyleKind { .automatic }
}
/// A `<select>` (`.menu`).
public struct MenuPickerStyle: PickerStyle {
    /// The menu style.
    public init() {}
    /// `.menu`; Jetway's hook, not for apps.
    public var _kind: PickerStyleKind { .menu }
}
/// A row of segments (`.segmented`).
public struct SegmentedPickerStyle: PickerStyle {
    /// The segmented style.
    public init() {}
    /// `.segmented`; Jetway's hook, not for apps.
    public var _kind: PickerStyleKind { .segmented }
}
/// A scrolling column that snaps to its options (`.wheel`).
public struct WheelPickerStyle: PickerStyle {
    /// The wheel style.
    public init() {}
    /// `.wheel`; Jetway's hook, not for apps.
    public var _kind: PickerStyleKind { .wheel }
}
/// A column of rows with a check mark (`.inline`).
public struct InlinePickerStyle: PickerStyle {
    /// The inline style.
    public init() {}
    /// `.inline`; Jetway's hook, not for apps.
    public var _kind: PickerStyleKind { .inline }
}

extension View {
    /// The look of the pickers inside, by the style's type (`.pickerStyle(WheelPickerStyle())`).
    @_disfavoredOverload
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        environment(\.pickerStyle, style._kind)
    }
}
