import Foundation

// PhotosUI's picker (`import PhotosUI`, which `jetway port` writes as Jetway's when a file uses
// only these names): the browser's file picker for photos from the device — on a phone its
// photo library or camera, on a desk a file — streamed to the server as `fileImporter` does
// (PNG and JPEG, their type decided by their content), and handed to the app as a
// `PhotosPickerItem` whose `loadTransferable(type:)` reads it.
//
// ```swift
// @State private var item: PhotosPickerItem?
// @State private var photo: Image?
//
// PhotosPicker("Choose a photo", selection: $item, matching: .images)
//     .onChange(of: item) {
//         Task {
//             if let data = try? await item?.loadTransferable(type: Data.self), let image = UIImage(data: data) {
//                 photo = Image(uiImage: image)
//             }
//         }
//     }
// ```

/// A photo the user picked: a stored upload, read with `loadTransferable(type:)`.
public struct PhotosPickerItem: Equatable, Hashable, Sendable {
    /// The stored file's path on the server, which identifies the pick.
    public let itemIdentifier: String?
    /// The photo's type, as its content showed (`.png` or `.jpeg`).
    public let supportedContentTypes: [UTType]

    /// An item for a file already stored on the server (`itemIdentifier` is its path).
    public init(itemIdentifier: String) {
        self.itemIdentifier = itemIdentifier
        let lower = itemIdentifier.lowercased()
        supportedContentTypes = lower.hasSuffix(".png") ? [.png] : lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") ? [.jpeg] : [.image]
    }

    init(path: String, type: UTType) {
        itemIdentifier = path
        supportedContentTypes = [type]
    }

    /// How a photo with several encodings is given (a browser's pick has one: accepted as said).
    public enum EncodingDisambiguationPolicy: Sendable, Equatable {
        /// Let the system choose, keep the photo's current encoding, or convert it to a compatible one; ignored:
        /// the item is the file as the visitor's browser uploaded it.
        case automatic, current, compatible
    }

    /// The photo as `type` (`Data`, `Image`, or an app's own `Transferable`): the stored
    /// file's bytes, converted by the type's representations; nil when the type cannot be
    /// made from a photo. Throws when the file can no longer be read.
    public func loadTransferable<T: Transferable>(type: T.Type) async throws -> T? {
        try load(type)
    }

    /// The form with a completion handler (called on the main actor).
    @discardableResult @MainActor
    public func loadTransferable<T: Transferable>(
        type: T.Type, completionHandler: @escaping @MainActor (Result<T?, any Error>) -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        completionHandler(Result { try load(type) })
        progress.completedUnitCount = 1
        return progress
    }

    private func load<T: Transferable>(_ type: T.Type) throws -> T? {
        guard let path = itemIdentifier else { return nil }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let mime = supportedContentTypes.first?.mimeTypes.first ?? "application/octet-stream"
        return T._import(.data(data, type: mime))
    }
}

/// Which photos the picker offers. A browser's picker is given the MIME types; the server
/// keeps PNG and JPEG images (videos are not offered: see docs/swiftui.md).
public struct PHPickerFilter: Equatable, Sendable {
    let mimeTypes: [String]
    /// PNG and JPEG images (the types the server keeps).
    public static let images = PHPickerFilter(mimeTypes: ["image/png", "image/jpeg"])
    /// Live Photos and screenshots are images to a browser.
    public static let livePhotos = images
    /// Screenshots are images to a browser: the same as `images`.
    public static let screenshots = images
    /// Panoramas are images to a browser: the same as `images`.
    public static let panoramas = images
    /// Depth-effect photos are images to a browser: the same as `images`.
    public static let depthEffectPhotos = images
    /// The photos any of `filters` offers.
    public static func any(of filters: [PHPickerFilter]) -> PHPickerFilter { PHPickerFilter(mimeTypes: Self.union(filters)) }
    /// The photos every one of `filters` offers.
    public static func all(of filters: [PHPickerFilter]) -> PHPickerFilter {
        PHPickerFilter(mimeTypes: Self.union(filters).filter { mime in filters.allSatisfy { $0.mimeTypes.contains(mime) } })
    }
    /// Everything but `filter`'s photos (of the images a browser's pick may be).
    public static func not(_ filter: PHPickerFilter) -> PHPickerFilter {
        PHPickerFilter(mimeTypes: images.mimeTypes.filter { !filter.mimeTypes.contains($0) })
    }

    static func union(_ filters: [PHPickerFilter]) -> [String] {
        var out: [String] = []
        for mime in filters.flatMap(\.mimeTypes) where !out.contains(mime) { out.append(mime) }
        return out
    }

    var types: [UTType] {
        [UTType.png, .jpeg].filter { type in type.mimeTypes.allSatisfy(mimeTypes.contains) }
    }
}

/// The photo library (a browser's pick comes from the device; there is one library).
public final class PHPhotoLibrary: Sendable {
    private static let library = PHPhotoLibrary()
    /// The one library.
    public static func shared() -> PHPhotoLibrary { library }
}

/// How a multiple-selection picker orders what was picked (a browser's picker gives one
/// photo at a time: each pick is added in turn).
public struct PhotosPickerSelectionBehavior: Equatable, Sendable {
    /// Each pick added after the others.
    public static let `default` = PhotosPickerSelectionBehavior()
    /// Each pick added after the others (as `default`).
    public static let ordered = PhotosPickerSelectionBehavior()
    /// Each pick added after the others (as `default`).
    public static let continuous = PhotosPickerSelectionBehavior()
    /// Each pick added after the others (as `default`).
    public static let continuousAndOrdered = PhotosPickerSelectionBehavior()
}

/// A button that opens the browser's photo picker (`PhotosUI`'s `PhotosPicker`).
public struct PhotosPicker<Label: View>: View {
    let label: Label
    let filter: PHPickerFilter
    let picked: @MainActor (PhotosPickerItem) -> Void
    @State private var presented = false

    /// One photo, into `selection`.
    public init(
        selection: Binding<PhotosPickerItem?>, matching filter: PHPickerFilter? = nil,
        preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic,
        photoLibrary: PHPhotoLibrary = .shared(), @ViewBuilder label: () -> Label
    ) {
        self.label = label()
        self.filter = filter ?? .images
        picked = { selection.wrappedValue = $0 }
    }

    /// Photos added to `selection` (up to `maxSelectionCount`; the browser gives one per pick).
    public init(
        selection: Binding<[PhotosPickerItem]>, maxSelectionCount: Int? = nil,
        selectionBehavior: PhotosPickerSelectionBehavior = .default, matching filter: PHPickerFilter? = nil,
        preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic,
        photoLibrary: PHPhotoLibrary = .shared(), @ViewBuilder label: () -> Label
    ) {
        self.label = label()
        self.filter = filter ?? .images
        picked = { item in
            var items = selection.wrappedValue
            if let maxSelectionCount, maxSelectionCount > 0, items.count >= maxSelectionCount { items.removeFirst() }
            items.append(item)
            selection.wrappedValue = items
        }
    }

    /// A button that opens the browser's file picker for the filter's types (a `fileImporter`); the
    /// upload becomes the picked item.
    public var body: some View {
        let picked = self.picked
        Button {
            presented = true
        } label: {
            label
        }
        .fileImporter(isPresented: $presented, allowedContentTypes: filter.types) { result in
            if case .success(let url) = result {
                picked(PhotosPickerItem(path: url.path, type: PhotosPicker.type(of: url)))
            }
        }
    }

    nonisolated static func type(of url: URL) -> UTType {
        switch url.pathExtension.lowercased() {
        case "png": .png
        case "jpg", "jpeg": .jpeg
        default: .image
        }
    }
}

extension PhotosPicker where Label == Text {
    /// A picker of one photo titled with a localized string key.
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<PhotosPickerItem?>, matching filter: PHPickerFilter? = nil,
        preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic, photoLibrary: PHPhotoLibrary = .shared()
    ) {
        self.init(selection: selection, matching: filter, preferredItemEncoding: preferredItemEncoding, photoLibrary: photoLibrary) {
            Text(titleKey)
        }
    }

    /// A picker of several photos (one per pick) titled with a localized string key.
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<[PhotosPickerItem]>, maxSelectionCount: Int? = nil,
        selectionBehavior: PhotosPickerSelectionBehavior = .default, matching filter: PHPickerFilter? = nil,
        preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic, photoLibrary: PHPhotoLibrary = .shared()
    ) {
        self.init(
            selection: selection, maxSelectionCount: maxSelectionCount, selectionBehavior: selectionBehavior, matching: filter,
            preferredItemEncoding: preferredItemEncoding, photoLibrary: photoLibrary
        ) { Text(titleKey) }
    }
}

extension View {
    /// Opens the photo picker while `isPresented` is true; the photo goes into `selection`.
    public func photosPicker(
        isPresented: Binding<Bool>, selection: Binding<PhotosPickerItem?>, matching filter: PHPickerFilter? = nil,
        preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic, photoLibrary: PHPhotoLibrary = .shared()
    ) -> some View {
        fileImporter(isPresented: isPresented, allowedContentTypes: (filter ?? .images).types) { result in
            if case .success(let url) = result {
                selection.wrappedValue = PhotosPickerItem(path: url.path, type: PhotosPicker<EmptyView>.type(of: url))
            }
        }
    }

    /// The form for several photos (one per pick, added to `selection`).
    public func photosPicker(
        isPresented: Binding<Bool>, selection: Binding<[PhotosPickerItem]>, maxSelectionCount: Int? = nil,
        selectionBehavior: PhotosPickerSelectionBehavior = .default, matching filter: PHPickerFilter? = nil,
        preferredItemEncoding: PhotosPickerItem.EncodingDisambiguationPolicy = .automatic, photoLibrary: PHPhotoLibrary = .shared()
    ) -> some View {
        fileImporter(isPresented: isPresented, allowedContentTypes: (filter ?? .images).types) { result in
            if case .success(let url) = result {
                var items = selection.wrappedValue
                if let maxSelectionCount, maxSelectionCount > 0, items.count >= maxSelectionCount { items.removeFirst() }
                items.append(PhotosPickerItem(path: url.path, type: PhotosPicker<EmptyView>.type(of: url)))
                selection.wrappedValue = items
            }
        }
    }
}

extension Image: @MainActor Transferable {
    /// A photo's or a dropped image's bytes (PNG, JPEG, GIF or WebP), as `Image(uiImage:)` shows them.
    public static var transferRepresentation: _TransferRepresentations<Image> {
        _TransferRepresentations(_conversions: [
            _TransferConversion(
                importing: { item in
                    guard case .data(let data, _) = item, let image = UIImage(data: data) else { return nil }
                    return Image(uiImage: image)
                }, exporting: nil)
        ])
    }
}
