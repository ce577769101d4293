import Foundation
import JetwayTesting
import Testing

@testable import Jetway
@testable import JetwayWire

// The view controllers SwiftUI apps wrap, as the apps and their courses write them: an image
// picker in a sheet that sets a binding and dismisses itself through `presentationMode`, PhotosUI's
// picker loading a `UIImage` from its item provider on the main queue, a camera picker, and a
// share sheet presented from the scene's root view controller.

/// The image picker of many a course app.
struct ImagePicker: UIViewControllerRepresentable {
    @Binding var image: UIImage?
    var sourceType: UIImagePickerController.SourceType = .photoLibrary
    @Environment(\.presentationMode) private var presentationMode

    func makeUIViewController(context: UIViewControllerRepresentableContext<ImagePicker>) -> UIImagePickerController {
        let picker = UIImagePickerController()
        picker.allowsEditing = false
        picker.sourceType = sourceType
        picker.delegate = context.coordinator
        return picker
    }

    func updateUIViewController(_ uiViewController: UIImagePickerController, context: UIViewControllerRepresentableContext<ImagePicker>) {}

    func makeCoordinator() -> Coordinator { Coordinator(self) }

    final class Coordinator: NSObject, UIImagePickerControllerDelegate, UINavigationControllerDelegate {
        var parent: ImagePicker
        init(_ parent: ImagePicker) { self.parent = parent }

        func imagePickerController(
            _ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]
        ) {
            if let uiImage = info[.originalImage] as? UIImage { parent.image = uiImage }
            parent.presentationMode.wrappedValue.dismiss()
        }
    }
}

private struct ProfileEditor: View {
    @State private var showingPicker = false
    @State private var inputImage: UIImage?
    var body: some View {
        VStack {
            if let inputImage {
                Image(uiImage: inputImage).resizable().scaledToFit()
                Text("Photo \(Int(inputImage.size.width))×\(Int(inputImage.size.height))")
            } else {
                Text("No photo")
            }
            Button("Select photo") { showingPicker = true }
        }
        .sheet(isPresented: $showingPicker) { ImagePicker(image: $inputImage) }
    }
}

/// Instafilter's PhotosUI picker: the photo is loaded from the item provider, then set on the
/// main queue.
struct PhotoLibraryPicker: UIViewControllerRepresentable {
    @Binding var image: UIImage?

    func makeUIViewController(context: Context) -> PHPickerViewController {
        var config = PHPickerConfiguration()
        config.filter = .images
        let picker = PHPickerViewController(configuration: config)
        picker.delegate = context.coordinator
        return picker
    }

    func updateUIViewController(_ uiViewController: PHPickerViewController, context: Context) {}

    func makeCoordinator() -> Coordinator { Coordinator(self) }

    class Coordinator: NSObject, PHPickerViewControllerDelegate {
        let parent: PhotoLibraryPicker
        init(_ parent: PhotoLibraryPicker) { self.parent = parent }

        func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult]) {
            picker.dismiss(animated: true)
            guard let provider = results.first?.itemProvider else { return }
            if provider.canLoadObject(ofClass: UIImage.self) {
                provider.loadObject(ofClass: UIImage.self) { image, _ in
                    DispatchQueue.main.async { self.parent.image = image as? UIImage }
                }
            }
        }
    }
}

private struct FilterScreen: View {
    @State private var image: UIImage?
    @State private var showingPicker = false
    var body: some View {
        VStack {
            Text(image == nil ? "Tap to select a picture" : "Picture loaded")
            Button("Select") { showingPicker = true }
        }
        .sheet(isPresented: $showingPicker) { PhotoLibraryPicker(image: $image) }
    }
}

/// A share button that presents UIKit's share sheet from the root view controller.
private struct ShareScreen: View {
    var body: some View {
        Button("Share flight") {
            let share = UIActivityViewController(
                activityItems: [URL(string: "https://mountain.example/flights/US1204")!, "Boarding at gate 12"], applicationActivities: nil)
            share.excludedActivityTypes = [.airDrop]
            UIApplication.shared.windows.first?.rootViewController?.present(share, animated: true)
        }
    }
}

@MainActor
struct UIViewControllerRepresentableTests {
    /// A temporary file holding `bytes` (what an upload leaves on the server).
    func storedFile(_ bytes: [UInt8], _ ext: String) throws -> String {
        let path = NSTemporaryDirectory() + "jetway-picked-\(UUID().uuidString).\(ext)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func pick(_ host: ViewHost, _ path: String, _ type: UTType = .png) throws {
        try host.send(.upload, .upload(.finished(path: path, type: type))) {
            $0.attribute("class")?.contains(RuntimeContract.Class.fileImporter) == true
        }
    }

    static let png: [UInt8] = [UInt8](
        Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!)

    @Test func anImagePickerInASheetOpensTheBrowsersPickerAndHandsThePhotoToItsDelegate() throws {
        let host = ViewHost(ProfileEditor())
        try host.update()
        try host.tap("Select photo")
        let input = try #require(host.elements(withClass: RuntimeContract.Class.fileImporter).first)
        #expect(input.attribute("accept") == "image/png,image/jpeg")
        #expect(input.attribute(RuntimeContract.Attribute.open) != nil, "the browser's picker opens at once")
        #expect(input.attribute("capture") == nil, "a library picker asks for no camera")
        #expect(host.text.contains("Choose a photo") && host.text.contains("Cancel"))
        try pick(host, try storedFile(Self.png, "png"))
        #expect(host.text.contains("Photo 1×1"), "\(host.text)")
        #expect(host.elements(withClass: RuntimeContract.Class.fileImporter).isEmpty, "the delegate dismissed the sheet")
        #expect(host.html.contains("data:image/png;base64"))
    }

    @Test func cancellingClosesThePickerAsUIKitDoesWhenTheDelegateHasNoWord() throws {
        let host = ViewHost(ProfileEditor())
        try host.update()
        try host.tap("Select photo")
        #expect(!host.elements(withClass: RuntimeContract.Class.fileImporter).isEmpty)
        try host.tap("Cancel")
        #expect(host.elements(withClass: RuntimeContract.Class.fileImporter).isEmpty && host.text.contains("No photo"))
    }

    @Test func aFileThatIsNotAPhotoIsRefusedInThePanelAndTheDelegateHearsNothing() throws {
        let host = ViewHost(ProfileEditor())
        try host.update()
        try host.tap("Select photo")
        try pick(host, try storedFile(Array("%PDF-1.4".utf8), "pdf"), UTType.pdf)
        #expect(host.text.contains("not an image"), "\(host.text)")
        #expect(host.text.contains("No photo") && !host.elements(withClass: RuntimeContract.Class.fileImporter).isEmpty)
    }

    @Test func aCameraPickerAsksThePhoneForItsCamera() throws {
        @MainActor struct Camera: View {
            @State var image: UIImage?
            var body: some View { ImagePicker(image: $image, sourceType: .camera) }
        }
        let host = ViewHost(Camera())
        try host.update()
        #expect(host.elements(withClass: RuntimeContract.Class.fileImporter).first?.attribute("capture") == "environment")
        #expect(host.text.contains("Take a photo"))
        #expect(UIImagePickerController.isSourceTypeAvailable(.camera))
    }

    @Test func photosUIsPickerLoadsAUIImageFromItsItemProvider() async throws {
        let host = ViewHost(FilterScreen())
        try host.update()
        try host.tap("Select")
        try pick(host, try storedFile(Self.png, "png"))
        #expect(await host.settle(until: { $0.text.contains("Picture loaded") }, timeout: .seconds(10)), "\(host.text)")
        #expect(host.elements(withClass: RuntimeContract.Class.fileImporter).isEmpty)
    }

    @Test func anItemProviderSaysWhatItHoldsAndLoadsItsBytes() throws {
        let provider = NSItemProvider(photoAt: try storedFile(Self.png, "png"))
        #expect(provider.registeredTypeIdentifiers == ["public.png", "public.image"])
        #expect(provider.hasItemConformingToTypeIdentifier("public.image"))
        var loaded: Data?
        provider.loadDataRepresentation(forTypeIdentifier: "public.png") { data, _ in loaded = data }
        #expect(loaded == Data(Self.png))
        var failure: (any Error)?
        NSItemProvider().loadObject(ofClass: UIImage.self) { _, error in failure = error }
        #expect((failure as? ItemProviderError) == .empty)
    }

    @Test func aShareSheetPresentedFromTheRootControllerOffersTheBrowsersShareSheet() throws {
        let host = ViewHost(ShareScreen())
        try host.update()
        try host.tap("Share flight")
        #expect(host.html.contains(#"data-jw-share-url="https://mountain.example/flights/US1204""#), "\(host.html)")
        #expect(host.html.contains(#"data-jw-share-text="Boarding at gate 12""#))
        #expect(host.text.contains("Boarding at gate 12"))
        try host.tap("Done")
        #expect(!host.text.contains("Boarding at gate 12"), "Done closed the sheet: \(host.text)")
    }
}
