/// Gives a representable (`UIViewRepresentable`, `UIViewControllerRepresentable`) an instance of
/// its own, as a composite view has: its `@Environment`, `@Binding` and `@State` properties are
/// connected before its coordinator is made and before each update, so a coordinator holding
/// the representable (`parent.presentationMode.wrappedValue.dismiss()`, `parent.dismiss()`)
/// reads the environment it is shown in.
struct RepresentableHost<Represented: View>: View {
    let represented: ConnectedRepresentable<Represented>
    let render: @MainActor (Represented, _RenderContext, inout [Node]) -> Void

    init(_ view: Represented, render: @escaping @MainActor (Represented, _RenderContext, inout [Node]) -> Void) {
        represented = ConnectedRepresentable(view: view)
        self.render = render
    }

    var body: RepresentableBody {
        let view = represented.view
        let render = self.render
        return RepresentableBody { context, out in render(view, context, &out) }
    }
}

/// The representable, as a property whose own properties are installed with the host's.
struct ConnectedRepresentable<Represented>: HostedPropertyContainer {
    let view: Represented
    var contents: Any { view }
}

/// What the host's body renders: the representable's element.
struct RepresentableBody: _PrimitiveView {
    let render: @MainActor (_RenderContext, inout [Node]) -> Void

    static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        view.render(context, &out)
    }
}
