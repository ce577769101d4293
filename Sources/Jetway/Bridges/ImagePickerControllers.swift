import Foundation
import JetwayWire

// The photo pickers SwiftUI apps wrap in a `UIViewControllerRepresentable` (or present from a
// view controller): UIKit's `UIImagePickerController` and PhotosUI's `PHPickerViewController`.
// Each shows a panel with a button that opens the browser's file picker for photos (on a
// phone, its photo library or, for `.camera`, its camera) — and opens it at once where the
// browser still counts the click that showed the panel — and a Cancel button. A picked PNG or
// JPEG streams to the server as `fileImporter`'s uploads do; the delegate hears it as UIKit
// tells it, and `picker.dismiss(animated:)` closes the sheet the picker is in.

/// What a `UIImagePickerController` tells its delegate (each has a default, as UIKit's:
/// without an implementation the picker dismisses itself).
@MainActor @preconcurrency
public protocol UIImagePickerControllerDelegate: AnyObject {
    /// Called when the visitor's photo has reached the server, with it in `info` (`originalImage`, `imageURL`,
    /// `mediaType`, and `editedImage` when `allowsEditing`); it should dismiss the picker, as the default does.
    func imagePickerController(
        _ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any])
    /// Called when the visitor taps the panel's Cancel button; it should dismiss the picker, as the default does.
    func imagePickerControllerDidCancel(_ picker: UIImagePickerController)
}

extension UIImagePickerControllerDelegate {
    /// Dismisses the picker: what a delegate that does not implement it gets.
    public func imagePickerController(
        _ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]
    ) {
        picker.dismiss(animated: true)
    }
    /// Dismisses the picker: what a delegate that does not implement it gets.
    public func imagePickerControllerDidCancel(_ picker: UIImagePickerController) { picker.dismiss(animated: true) }
}

/// A navigation controller's delegate: the image picker's delegate is one too, as in UIKit
/// (it is told nothing here: the picker has no screens of its own to push).
@MainActor @preconcurrency
public protocol UINavigationControllerDelegate: AnyObject {}

/// UIKit's image picker: the browser's photo picker (or camera) in a panel.
@MainActor @preconcurrency
open class UIImagePickerController: UIViewController {
    /// Where the photo comes from: a browser offers the device's photos and, on a phone, its
    /// camera (`capture`); a desk browser offers files for every source.
    public enum SourceType: Int, Sendable {
        /// The photo library and the saved photos album both open the browser's file picker for photos;
        /// `camera` asks a phone's browser for its camera (the input's `capture`).
        case photoLibrary, camera, savedPhotosAlbum
    }
    /// Which camera a `.camera` picker asks the phone for.
    public enum CameraDevice: Int, Sendable {
        /// The rear camera (the file input's `capture="environment"`, the default) or the front one (`capture="user"`).
        case rear, front
    }
    /// Photo or video; kept and not read: the picker takes photos only.
    public enum CameraCaptureMode: Int, Sendable {
        /// Still photos or video; ignored, as the picker takes photos only.
        case photo, video
    }
    /// Off, automatic or on; kept and not read: the phone's camera sets its own flash.
    public enum CameraFlashMode: Int, Sendable {
        /// Flash off, automatic or on; ignored, as the phone's camera sets its own flash.
        case off = -1, auto = 0, on = 1
    }

    /// The keys of what the delegate is given: the photo (`originalImage`, and `editedImage`
    /// when `allowsEditing`: the photo as picked, as there is no cropping step), its stored
    /// file (`imageURL`) and its type (`mediaType`, `public.image`).
    public struct InfoKey: Hashable, RawRepresentable, Sendable {
        /// The key's name, as UIKit spells it.
        public let rawValue: String
        /// The key named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The photo picked, a `UIImage`.
        public static let originalImage = InfoKey(rawValue: "UIImagePickerControllerOriginalImage")
        /// The photo as picked (there is no cropping step), when `allowsEditing`.
        public static let editedImage = InfoKey(rawValue: "UIImagePickerControllerEditedImage")
        /// The cropping rectangle; never given here.
        public static let cropRect = InfoKey(rawValue: "UIImagePickerControllerCropRect")
        /// The photo's stored file on the server, a file `URL`.
        public static let imageURL = InfoKey(rawValue: "UIImagePickerControllerImageURL")
        /// The picked item's type: always `public.image`.
        public static let mediaType = InfoKey(rawValue: "UIImagePickerControllerMediaType")
        /// A movie's file; never given (the picker takes photos only).
        public static let mediaURL = InfoKey(rawValue: "UIImagePickerControllerMediaURL")
        /// The camera's metadata; never given here.
        public static let mediaMetadata = InfoKey(rawValue: "UIImagePickerControllerMediaMetadata")
        /// The photo library's address of the photo; never given here.
        public static let referenceURL = InfoKey(rawValue: "UIImagePickerControllerReferenceURL")
        /// The photo library's asset; never given here.
        public static let phAsset = InfoKey(rawValue: "UIImagePickerControllerPHAsset")
        /// A live photo; never given here.
        public static let livePhoto = InfoKey(rawValue: "UIImagePickerControllerLivePhoto")
    }

    /// Where the photo comes from: `.camera` asks a phone's browser for its camera; the panel's title
    /// and icon follow it.
    open var sourceType = SourceType.photoLibrary { didSet { changed() } }
    /// The photo's types the picker offers: images (PNG and JPEG) are what it keeps.
    open var mediaTypes = ["public.image"]
    /// On iOS a square-cropping step; here the photo is given as picked, as `editedImage` too.
    open var allowsEditing = false
    /// Which camera a `.camera` picker asks for: the rear (`environment`) or front (`user`) one.
    open var cameraDevice = CameraDevice.rear { didSet { changed() } }
    /// Photo or video; kept and not read: the picker takes photos only.
    open var cameraCaptureMode = CameraCaptureMode.photo
    /// The flash; kept and not read: the phone's camera sets its own.
    open var cameraFlashMode = CameraFlashMode.auto
    /// The phone's camera shows its own controls.
    open var showsCameraControls = true
    /// Told the photo picked or the cancel; held weakly. Without one the picker dismisses itself.
    open weak var delegate: (any UIImagePickerControllerDelegate & UINavigationControllerDelegate)?

    /// Every source is there: a browser's file picker offers photos (and a phone's, its camera).
    open class func isSourceTypeAvailable(_ sourceType: SourceType) -> Bool { true }
    /// Images only (`public.image`), for every source.
    open class func availableMediaTypes(for sourceType: SourceType) -> [String]? { ["public.image"] }
    /// True for both cameras: a phone's browser picks which it opens.
    open class func isCameraDeviceAvailable(_ cameraDevice: CameraDevice) -> Bool { true }

    /// A picker of the photo library with no delegate.
    public override init() { super.init() }
    /// Not decodable from an archive: always nil.
    public required init?(coder: NSCoder) { nil }

    /// The picker opens at once only when first shown.
    private var shown = false
    /// Why the last file was not taken.
    private var failure: String?

    private func failed(_ error: any Error) {
        failure = error.localizedDescription
        changed()
    }

    override func makeNode(_ context: _RenderContext) -> Node {
        let openAtOnce = !shown
        shown = true
        let camera = sourceType == .camera
        let panel = PhotoPickerPanel(
            title: camera ? "Take a photo" : "Choose a photo", systemImage: camera ? "camera" : "photo.on.rectangle",
            capture: camera ? (cameraDevice == .front ? "user" : "environment") : nil, openAtOnce: openAtOnce, failure: failure,
            picked: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let (path, image)): self.picked(path, image)
                case .failure(let error): self.failed(error)
                }
            },
            cancelled: { [weak self] in self?.cancelled() })
        let node = context.element("div", StyleClass.frame)
        context.renderChildren(panel, into: node)
        return node
    }

    private func picked(_ path: String, _ image: UIImage) {
        failure = nil
        var info: [InfoKey: Any] = [.originalImage: image, .imageURL: URL(fileURLWithPath: path), .mediaType: "public.image"]
        if allowsEditing { info[.editedImage] = image }
        if let delegate {
            delegate.imagePickerController(self, didFinishPickingMediaWithInfo: info)
        } else {
            dismiss(animated: true)
        }
    }

    private func cancelled() {
        if let delegate { delegate.imagePickerControllerDidCancel(self) } else { dismiss(animated: true) }
    }
}

/// Saves a photo to the device's photo library: the visitor's browser downloads it (as
/// `image.png` or `image.jpg`); the completion target is not called.
@MainActor
public func UIImageWriteToSavedPhotosAlbum(
    _ image: UIImage, _ completionTarget: Any?, _ completionSelector: Selector?, _ contextInfo: UnsafeMutableRawPointer?
) {
    image.saveOnVisitorsDevice()
}

// MARK: - PhotosUI's picker

/// What a `PHPickerViewController` is asked for: which photos and how many.
public struct PHPickerConfiguration: Sendable {
    /// How a picked photo is handed over (the browser gives the file as it is).
    public enum AssetRepresentationMode: Int, Sendable {
        /// Let the system choose, keep the photo's current encoding, or convert it to a compatible one; ignored:
        /// every pick is the file as the visitor's browser uploaded it.
        case automatic, current, compatible
    }
    /// How several picks are ordered; kept and not read: the browser picks one photo at a time.
    public enum Selection: Int, Sendable {
        /// Apple's ways of picking several photos (numbered in order, reported as the visitor picks, or both);
        /// ignored, as the browser's picker gives one photo a pick.
        case `default`, ordered, continuous, continuousAndOrdered
    }

    /// The photos offered (nil: images; videos are not offered).
    public var filter: PHPickerFilter?
    /// How many photos a pick may hold (0: any number). A browser's picker gives one photo a
    /// pick: the delegate hears each pick as a list of one.
    public var selectionLimit = 1
    /// How the photo is handed over; kept and not read (the file comes as the browser gives it).
    public var preferredAssetRepresentationMode = AssetRepresentationMode.automatic
    /// How several picks are ordered; kept and not read.
    public var selection = Selection.default
    /// Photos to show as picked already; kept and not read.
    public var preselectedAssetIdentifiers: [String] = []

    /// A configuration for one photo, of any image type.
    public init() {}
    /// A configuration of `photoLibrary`; the library is not read (the visitor's browser picks).
    public init(photoLibrary: PHPhotoLibrary) {}
}

/// A photo the visitor picked: its item provider loads it as a `UIImage` or as bytes.
public struct PHPickerResult: Equatable, Hashable, @unchecked Sendable {
    /// Loads the photo: as a `UIImage`, its bytes, its file, or a `Transferable`.
    public let itemProvider: NSItemProvider
    /// The photo's stored file on the server, which identifies the pick.
    public let assetIdentifier: String?
}

/// What a `PHPickerViewController` tells its delegate: the photos picked, or none when the
/// visitor cancelled (as iOS does).
@MainActor @preconcurrency
public protocol PHPickerViewControllerDelegate: AnyObject {
    /// Called with the photo picked (a list of one, each pick its own call) once it has reached the server, or with
    /// an empty list when the visitor taps Cancel; the delegate dismisses the picker (nothing else does).
    func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult])
}

/// PhotosUI's picker: the browser's photo picker in a panel.
@MainActor @preconcurrency
open class PHPickerViewController: UIViewController {
    /// What the picker was made with; its `selectionLimit` only names the panel (one photo or
    /// several), as the browser gives one photo a pick.
    public let configuration: PHPickerConfiguration
    /// Told each pick, or an empty list when the visitor cancels; held weakly. Without one the
    /// picker dismisses itself.
    open weak var delegate: (any PHPickerViewControllerDelegate)?
    private var shown = false
    private var failure: String?

    /// A picker of `configuration`'s photos, shown in a panel.
    public init(configuration: PHPickerConfiguration) {
        self.configuration = configuration
        super.init()
    }

    /// Not decodable from an archive: always nil.
    public required init?(coder: NSCoder) { nil }

    override func makeNode(_ context: _RenderContext) -> Node {
        let openAtOnce = !shown
        shown = true
        let several = configuration.selectionLimit != 1
        let panel = PhotoPickerPanel(
            title: several ? "Choose photos" : "Choose a photo", systemImage: "photo.on.rectangle", capture: nil,
            openAtOnce: openAtOnce, failure: failure,
            picked: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let (path, _)):
                    self.failure = nil
                    self.finish([PHPickerResult(itemProvider: NSItemProvider(photoAt: path), assetIdentifier: path)])
                case .failure(let error):
                    self.failure = error.localizedDescription
                    self.changed()
                }
            },
            cancelled: { [weak self] in self?.finish([]) })
        let node = context.element("div", StyleClass.frame)
        context.renderChildren(panel, into: node)
        return node
    }

    private func finish(_ results: [PHPickerResult]) {
        if let delegate { delegate.picker(self, didFinishPicking: results) } else { dismiss(animated: true) }
    }
}

/// What an item provider can load an object of: `UIImage`.
public protocol NSItemProviderReading: AnyObject {}
extension UIImage: NSItemProviderReading {}

/// A picked photo, loaded as an object (`UIImage`), as bytes, or as a file. Each completion
/// handler is called before the load call returns.
open class NSItemProvider: NSObject, @unchecked Sendable {
    let path: String?
    let type: UTType?

    /// A provider that holds nothing: every load fails with `ItemProviderError.empty`.
    public override init() {
        path = nil
        type = nil
        super.init()
    }

    init(photoAt path: String) {
        self.path = path
        type = PhotosPicker<EmptyView>.type(of: URL(fileURLWithPath: path))
        super.init()
    }

    /// The photo's type identifiers (`public.png` or `public.jpeg`, and `public.image`).
    open var registeredTypeIdentifiers: [String] {
        guard let type else { return [] }
        return type == .image ? [type.identifier] : [type.identifier, UTType.image.identifier]
    }
    /// The stored file's name (a name the server gave it, not the visitor's).
    open var suggestedName: String? { path.map { URL(fileURLWithPath: $0).lastPathComponent } }

    /// Whether the photo is of `typeIdentifier` (its own type, `public.image`, or `public.data`).
    open func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
        registeredTypeIdentifiers.contains(typeIdentifier) || (typeIdentifier == UTType.data.identifier && path != nil)
    }

    /// Whether the provider holds an object of `aClass`: a photo can be a `UIImage`.
    open func canLoadObject(ofClass aClass: any NSItemProviderReading.Type) -> Bool {
        path != nil && aClass is UIImage.Type
    }

    /// Loads the photo as a `UIImage` when `aClass` is `UIImage`; other classes fail with
    /// `ItemProviderError.cannotLoad`. The handler is called before this returns.
    @discardableResult @MainActor
    open func loadObject(
        ofClass aClass: any NSItemProviderReading.Type,
        completionHandler: @escaping @MainActor ((any NSItemProviderReading)?, (any Error)?) -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        do {
            guard aClass is UIImage.Type else { throw ItemProviderError.cannotLoad("\(aClass)") }
            guard let image = UIImage(data: try bytes()) else { throw ItemProviderError.cannotLoad("an image") }
            completionHandler(image, nil)
        } catch {
            completionHandler(nil, error)
        }
        progress.completedUnitCount = 1
        return progress
    }

    /// Loads the photo's bytes, as stored, whatever `typeIdentifier` asks for. The handler is
    /// called before this returns.
    @discardableResult @MainActor
    open func loadDataRepresentation(
        forTypeIdentifier typeIdentifier: String, completionHandler: @escaping @MainActor (Data?, (any Error)?) -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        do { completionHandler(try bytes(), nil) } catch { completionHandler(nil, error) }
        progress.completedUnitCount = 1
        return progress
    }

    /// The photo's stored file (UIKit's is a copy to take before the handler returns; this
    /// one stays).
    @discardableResult @MainActor
    open func loadFileRepresentation(
        forTypeIdentifier typeIdentifier: String, completionHandler: @escaping @MainActor (URL?, (any Error)?) -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        if let path { completionHandler(URL(fileURLWithPath: path), nil) } else { completionHandler(nil, ItemProviderError.empty) }
        progress.completedUnitCount = 1
        return progress
    }

    /// The photo as `type` (`Data`, `Image`, an app's `Transferable`).
    public func loadTransferable<T: Transferable>(type: T.Type) async throws -> T {
        let mime = self.type?.mimeTypes.first ?? "application/octet-stream"
        guard let value = T._import(.data(try bytes(), type: mime)) else { throw ItemProviderError.cannotLoad("\(type)") }
        return value
    }

    private func bytes() throws -> Data {
        guard let path else { throw ItemProviderError.empty }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }
}

/// Why an item provider could not load what it was asked for.
public enum ItemProviderError: LocalizedError, Equatable, Sendable {
    /// The provider holds no photo.
    case empty
    /// The photo cannot be loaded as the thing named (a class or a type).
    case cannotLoad(String)

    /// A sentence saying which.
    public var errorDescription: String? {
        switch self {
        case .empty: "The item provider holds no item."
        case .cannotLoad(let what): "The picked photo cannot be loaded as \(what)."
        }
    }
}

// MARK: - The panel

/// A picker's panel: what it picks, the button that opens the browser's picker, and Cancel.
struct PhotoPickerPanel: View {
    let title: String
    let systemImage: String
    let capture: String?
    let openAtOnce: Bool
    /// Why the last file was not taken ("This file is a PDF, not an image."), shown under the button.
    let failure: String?
    let picked: @MainActor (Result<(String, UIImage), any Error>) -> Void
    let cancelled: @MainActor () -> Void

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: systemImage).font(.largeTitle).foregroundStyle(.secondary)
            PhotoFileButton(title: title, capture: capture, openAtOnce: openAtOnce, picked: picked)
            if let failure { Text(failure).foregroundStyle(.red) }
            Button("Cancel", role: .cancel) { cancelled() }
        }
        .padding(24)
        .frame(maxWidth: .infinity)
    }
}

/// The button that opens the browser's file picker for a PNG or JPEG photo: a label holding
/// the file input, so a click on it opens the picker with no script.
struct PhotoFileButton: _PrimitiveView {
    let title: String
    let capture: String?
    let openAtOnce: Bool
    let picked: @MainActor (Result<(String, UIImage), any Error>) -> Void

    static let maximumBytes = 10_000_000

    static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let label = context.element("label", StyleClass.button)
        label.addClass(StyleClass.prominent)
        let input = context.structural(0).element("input", RuntimeContract.Class.fileImporter)
        input.setAttribute("type", "file")
        input.setAttribute("accept", UTType.image.mimeTypes.joined(separator: ","))
        input.setAttribute("data-max", String(maximumBytes))
        if let capture = view.capture { input.setAttribute("capture", capture) }
        if view.openAtOnce { input.setAttribute(RuntimeContract.Attribute.open, "") }
        // The picker closing is no news: the panel stays until a photo or Cancel.
        input.addHandler(EventBinding(event: .dismiss) { _ in })
        let picked = view.picked
        input.addHandler(
            EventBinding(event: .upload) { payload in
                guard case .upload(let event) = payload else {
                    throw JetwayError.wrongPayload(expected: "an upload", got: payload.kindName)
                }
                switch event {
                case .progress:
                    break
                case .finished(let path, let type):
                    guard UTType.image.accepts(type), let image = UIImage(contentsOfFile: path) else {
                        picked(.failure(FileImportError.wrongType(allowed: [.image], found: type.name)))
                        return
                    }
                    picked(.success((path, image)))
                case .failed(let error):
                    picked(.failure(error))
                }
            })
        label.children.append(input)
        let text = context.element("span")
        text.text = view.title
        label.children.append(text)
        out.append(label)
    }
}
