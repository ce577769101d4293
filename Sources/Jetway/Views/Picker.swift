/// Chooses one value from options tagged with `.tag(_:)` (or a `ForEach`'s ids): a `<select>`
/// by default, a row of toggle buttons with `.pickerStyle(.segmented)`.
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

    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }

    public init(selection: Binding<SelectionValue>, label: Label, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
        self.label = label
    }

    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let style = context.environment.pickerStyle
        let node = context.element(style == .segmented ? "div" : "label", "jw-picker")
        let inside = context.insideElement()
        var labelNodes: [Node] = []
        Label._render(view.label, inside.structural(0), &labelNodes)
        let title = labelNodes.map(\.textContent).joined()
        var optionContext = inside.structural(1)
        optionContext.writeEnvironment { $0.collectsTags = true }
        var options: [Node] = []
        Content._render(view.content, optionContext.insideElement(), &options)
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
        if style == .segmented {
            node.setAttribute("role", "radiogroup")
            if !title.isEmpty { node.setAttribute("aria-label", title) }
            node.children = options.enumerated().map { index, option in
                let button = Node("button", key: option.key)
                button.setAttribute("type", "button")
                button.setAttribute("class", "jw-button jw-segment")
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
        } else {
            let select = inside.structural(2).element("select", style == .wheel ? "jw-wheel" : nil)
            if !title.isEmpty { select.setAttribute("aria-label", title) }
            if style == .wheel { select.setAttribute("size", "5") }
            select.children = options.enumerated().map { index, option in
                let item = Node("option", key: option.key)
                item.setAttribute("value", String(index))
                if tags[index] == selected { item.setAttribute("selected", "") }
                item.text = option.textContent
                return item
            }
            if enabled {
                select.addHandler(
                    EventBinding(event: .change) { payload in
                        guard let index = Int(try payload.text()) else {
                            throw JetwayError.wrongPayload(expected: "an option index", got: "text")
                        }
                        try choose(index)
                    })
            } else {
                select.setAttribute("disabled", "")
            }
            let caption = inside.structural(0).element("span", "jw-picker-label")
            caption.text = title
            node.children = title.isEmpty ? [select] : [caption, select]
        }
        out.append(node)
    }
}

extension Picker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, label: Text(titleKey), content: content)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, label: Text(title), content: content)
    }
}

/// How a picker looks: `.pickerStyle(.segmented)`.
public enum PickerStyleKind: Hashable, Sendable {
    case automatic, menu, segmented, wheel, inline

    static var `default`: PickerStyleKind { .menu }
}

extension View {
    public func pickerStyle(_ style: PickerStyleKind) -> some View {
        environment(\.pickerStyle, style)
    }
}
