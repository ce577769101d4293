import Foundation

/// `UIViewControllerRepresentable` with the UIKit view controllers a browser has an
/// equivalent for: `UIImagePickerController` and PhotosUI's `PHPickerViewController` (the
/// browser's file picker for photos, or its camera on a phone), `UIActivityViewController`
/// (the browser's share sheet). Jetway makes the coordinator and the controller once, calls
/// `updateUIViewController` whenever the view is rendered, and shows the controller's element;
/// what the visitor does there reaches the controller's delegate, and the controller's
/// `dismiss(animated:)` closes the sheet or cover it is shown in.
///
/// ```swift
/// struct ImagePicker: UIViewControllerRepresentable {
///     @Binding var image: UIImage?
///     @Environment(\.dismiss) private var dismiss
///
///     func makeUIViewController(context: Context) -> UIImagePickerController {
///         let picker = UIImagePickerController()
///         picker.delegate = context.coordinator
///         return picker
///     }
///     func updateUIViewController(_ picker: UIImagePickerController, context: Context) {}
///     func makeCoordinator() -> Coordinator { Coordinator(self) }
///
///     final class Coordinator: NSObject, UIImagePickerControllerDelegate, UINavigationControllerDelegate {
///         let parent: ImagePicker
///         init(_ parent: ImagePicker) { self.parent = parent }
///         func imagePickerController(
///             _ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]
///         ) {
///             parent.image = info[.originalImage] as? UIImage
///             parent.dismiss()
///         }
///     }
/// }
/// ```
///
/// A controller of the app's own (a subclass of `UIViewController` that lays out UIKit views)
/// shows its `view`; the UIKit views a page can show are `UIViewRepresentable`'s.
@MainActor @preconcurrency
public protocol UIViewControllerRepresentable: View where Body == Never {
    /// The controller this view shows: `UIImagePickerController`, `PHPickerViewController`, `UIActivityViewController`
    /// or a controller of the app's own.
    associatedtype UIViewControllerType: UIViewController
    /// The type of the object `makeCoordinator()` makes, kept as long as the view stays on the page (`Void` when
    /// there is none).
    associatedtype Coordinator = Void
    /// What `makeUIViewController(context:)` and `updateUIViewController(_:context:)` are given: the coordinator and
    /// the environment.
    typealias Context = UIViewControllerRepresentableContext<Self>

    /// Made once, when the view first appears.
    func makeUIViewController(context: Context) -> UIViewControllerType
    /// Called after `makeUIViewController` and each time the view is rendered again.
    func updateUIViewController(_ uiViewController: UIViewControllerType, context: Context)
    /// Made once, before `makeUIViewController`: the controller's delegate, typically.
    func makeCoordinator() -> Coordinator
    /// The view left the page (or the page closed).
    static func dismantleUIViewController(_ uiViewController: UIViewControllerType, coordinator: Coordinator)
}

extension UIViewControllerRepresentable where Coordinator == Void {
    /// No coordinator: the default when `Coordinator` is `Void`.
    public func makeCoordinator() {}
}

extension UIViewControllerRepresentable {
    /// Does nothing by default.
    public static func dismantleUIViewController(_ uiViewController: UIViewControllerType, coordinator: Coordinator) {}

    /// Never called: the view is shown by its controller, and calling this stops the program.
    public var body: Never {
        preconditionFailure("\(Self.self) is shown by its view controller and has no body")
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        context.graph.renderComposite(
            RepresentableHost(view) { view, context, out in renderController(view, context, &out) }, context, &out)
    }

    private static func renderController(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let storage = context.graph.persistentState(UIKitRepresentableStorage<Coordinator, UIViewControllerType>.self, context) {
            UIKitRepresentableStorage(coordinator: view.makeCoordinator()) { controller, coordinator in
                controller.onChange = nil
                controller.hostDismiss = nil
                dismantleUIViewController(controller, coordinator: coordinator)
            }
        }
        storage.owner = context.owner
        let representableContext = UIViewControllerRepresentableContext<Self>(
            coordinator: storage.coordinator, environment: context.environment, transaction: Transaction())
        // What `dismiss(animated:)` closes: the presentation the view is in.
        let dismiss = context.environment.dismiss
        let controller = storage.update(
            make: { view.makeUIViewController(context: representableContext) }, hook: { $0.onChange = $1 },
            update: { controller in
                controller.hostDismiss = { dismiss() }
                view.updateUIViewController(controller, context: representableContext)
            })
        out.append(controller.makeNode(context))
    }
}

/// What `makeUIViewController` and `updateUIViewController` are given: the coordinator, the
/// environment the view is rendered in, and a transaction (always an empty one).
@MainActor
public struct UIViewControllerRepresentableContext<Representable: UIViewControllerRepresentable> {
    /// The coordinator `makeCoordinator()` made, the same for the view's whole life on the page.
    public let coordinator: Representable.Coordinator
    /// The environment the view is rendered in.
    public let environment: EnvironmentValues
    /// Always an empty `Transaction`: the change's own animation is not passed on.
    public var transaction: Transaction
}

/// A controller presented the UIKit way (`root.present(picker, animated: true)`): shown in a
/// sheet over the page, its `dismiss(animated:)` closing that sheet.
struct PresentedController: _PrimitiveView {
    let controller: UIViewController

    static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let dismiss = context.environment.dismiss
        view.controller.hostDismiss = { dismiss() }
        let owner = context.owner
        view.controller.onChange = { [weak owner] in owner?.invalidate() }
        out.append(view.controller.makeNode(context))
    }
}
