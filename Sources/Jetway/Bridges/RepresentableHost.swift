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

/// What a UIKit representable keeps between renders: its coordinator, the view or controller it
/// made, and the instance to render again when that changes on its own (a delegate set a
/// text, a photo arrived).
@MainActor
final class UIKitRepresentableStorage<Coordinator, Made: AnyObject>: UnmountObserving {
    let coordinator: Coordinator
    private(set) var made: Made?
    weak var owner: ViewInstance?
    private var isUpdating = false
    /// Unhooks the made object (its change callback) and hands it to the representable's dismantle.
    private let dismantle: @MainActor (Made, Coordinator) -> Void

    init(coordinator: Coordinator, dismantle: @escaping @MainActor (Made, Coordinator) -> Void) {
        self.coordinator = coordinator
        self.dismantle = dismantle
    }

    /// The object, made the first time (`hook` gives it the callback for its own changes), then
    /// updated; its changes while updating render nothing again.
    func update(make: () -> Made, hook: (Made, @escaping @MainActor () -> Void) -> Void, update: (Made) -> Void) -> Made {
        isUpdating = true
        defer { isUpdating = false }
        let object: Made
        if let made {
            object = made
        } else {
            object = make()
            made = object
            hook(object) { [weak self] in self?.changed() }
        }
        update(object)
        return object
    }

    private func changed() {
        guard !isUpdating else { return }
        owner?.invalidate()
    }

    func didUnmount() {
        guard let made else { return }
        self.made = nil
        dismantle(made, coordinator)
    }
}
