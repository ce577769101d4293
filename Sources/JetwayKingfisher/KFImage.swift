import Foundation
import Jetway

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Kingfisher's SwiftUI image for ported apps (`import Kingfisher` becomes `import
// JetwayKingfisher`; the Kingfisher package itself needs UIKit or AppKit): `KFImage` is an
// image the browser loads, caches and decodes itself — the server never fetches it — with the
// app's placeholder until it arrives, its failure image if it cannot, a fade when it does, and
// the app's `onSuccess`/`onFailure` told how the page's load ended. Kingfisher's cache and
// loader options tune the native cache; a browser's cache does that work here, so they are
// accepted and change nothing visible (each says so).

/// The platform image type Kingfisher names.
public typealias KFCrossPlatformImage = UIImage

/// Where an image comes from.
public enum Source: Sendable {
    case network(URL)

    public var url: URL? {
        switch self {
        case .network(let url): url
        }
    }
}

/// Where a loaded image was found (the browser's cache is its own: reported as `.none`).
public enum CacheType: Sendable {
    case none, memory, disk
    public var cached: Bool { self != .none }
}

/// A finished load: where it came from (the image's pixels stay in the browser).
public struct RetrieveImageResult: Sendable {
    /// An image of the address (its bytes are the browser's: `Image(uiImage:)` shows it from there).
    public let image: KFCrossPlatformImage
    public let cacheType: CacheType
    public let source: Source
    public let originalSource: Source
    public let data: @Sendable () -> Data? = { nil }
}

/// Why a load failed.
public enum KingfisherError: Error, Sendable, CustomStringConvertible {
    /// The browser could not load or decode the image at `url`.
    case imageNotLoaded(url: URL?)
    public var description: String {
        switch self {
        case .imageNotLoaded(let url): "the browser could not load the image at \(url?.absoluteString ?? "no address")"
        }
    }
    public var localizedDescription: String { description }
}

/// What an image goes through before it is shown (Kingfisher's processors): drawn by the
/// browser at the view's size, with the corners, blur or tint the processor asks.
public protocol ImageProcessor: Sendable {
    /// The processor's effect on the view: corners, blur.
    func _effects(_ effects: inout ImageEffects)
}

extension ImageProcessor {
    public func _effects(_ effects: inout ImageEffects) {}
}

/// What processors asked of the image.
public struct ImageEffects: Sendable {
    var cornerRadius: CGFloat?
    var blur: CGFloat?
    var grayscale = false
}

/// Decodes the image at a smaller size: the browser draws it at the view's size.
public struct DownsamplingImageProcessor: ImageProcessor {
    public let size: CGSize
    public init(size: CGSize) { self.size = size }
}

/// Resizes the image: the view's frame sizes it here.
public struct ResizingImageProcessor: ImageProcessor {
    public let referenceSize: CGSize
    public init(referenceSize: CGSize, mode: ContentMode = .fit) { self.referenceSize = referenceSize }
}

/// Rounds the image's corners.
public struct RoundCornerImageProcessor: ImageProcessor {
    public let cornerRadius: CGFloat
    public init(cornerRadius: CGFloat, targetSize: CGSize? = nil, backgroundColor: UIColor? = nil) { self.cornerRadius = cornerRadius }
    public init(radius: Radius, targetSize: CGSize? = nil, backgroundColor: UIColor? = nil) {
        switch radius {
        case .point(let value): cornerRadius = value
        case .widthFraction(let fraction), .heightFraction(let fraction): cornerRadius = fraction * 100
        }
    }
    public enum Radius: Sendable {
        case point(CGFloat), widthFraction(CGFloat), heightFraction(CGFloat)
    }
    public func _effects(_ effects: inout ImageEffects) { effects.cornerRadius = cornerRadius }
}

/// Blurs the image.
public struct BlurImageProcessor: ImageProcessor {
    public let blurRadius: CGFloat
    public init(blurRadius: CGFloat) { self.blurRadius = blurRadius }
    public func _effects(_ effects: inout ImageEffects) { effects.blur = blurRadius }
}

/// Draws the image in grey.
public struct BlackWhiteProcessor: ImageProcessor {
    public init() {}
    public func _effects(_ effects: inout ImageEffects) { effects.grayscale = true }
}

/// Two processors, one after the other (`a |> b`, `a.append(another: b)`).
public struct GeneralProcessor: ImageProcessor {
    let parts: [any ImageProcessor]
    public func _effects(_ effects: inout ImageEffects) { for part in parts { part._effects(&effects) } }
}

extension ImageProcessor {
    public func append(another: any ImageProcessor) -> GeneralProcessor { GeneralProcessor(parts: [self, another]) }
}

public func |> (left: any ImageProcessor, right: any ImageProcessor) -> GeneralProcessor { GeneralProcessor(parts: [left, right]) }
infix operator |> : AdditionPrecedence

/// How an image is stored once decoded (the browser's choice here).
public protocol CacheSerializer: Sendable {}
public struct DefaultCacheSerializer: CacheSerializer {
    public static let `default` = DefaultCacheSerializer()
    public init() {}
}
public struct FormatIndicatedCacheSerializer: CacheSerializer {
    public static let png = FormatIndicatedCacheSerializer()
    public static let jpeg = FormatIndicatedCacheSerializer()
    public static let gif = FormatIndicatedCacheSerializer()
}

/// How long a cached image is kept (the browser's cache headers decide here).
public enum StorageExpiration: Sendable {
    case never, seconds(TimeInterval), days(Int), date(Date), expired
}

/// A web image: the placeholder while the browser loads it, the image (resizable and
/// processed as asked) when it has, and the failure image when it cannot.
///
/// ```swift
/// KFImage(movie.posterURL)
///     .placeholder { ProgressView() }
///     .resizable()
///     .fade(duration: 0.25)
///     .onSuccess { _ in loaded = true }
///     .aspectRatio(contentMode: .fill)
/// ```
public struct KFImage: View {
    var url: URL?
    var isResizable = false
    var renderingMode: Image.TemplateRenderingMode?
    var interpolation: Image.Interpolation = .high
    var placeholder: AnyView?
    var failureImage: KFCrossPlatformImage?
    var failureView: AnyView?
    var fadeDuration: Double?
    var effects = ImageEffects()
    var successHandlers: [(RetrieveImageResult) -> Void] = []
    var failureHandlers: [(KingfisherError) -> Void] = []

    public init(_ url: URL?, options: [Any]? = nil) { self.url = url }
    public init(source: Source?, options: [Any]? = nil) { self.url = source?.url }

    public static func url(_ url: URL?, cacheKey: String? = nil) -> KFImage { KFImage(url) }
    public static func source(_ source: Source?) -> KFImage { KFImage(source: source) }

    public var body: some View {
        let url = url, successes = successHandlers, failures = failureHandlers
        let loaded: ((Bool) -> Void)? =
            successes.isEmpty && failures.isEmpty
            ? nil
            : { success in
                if success {
                    let source = Source.network(url ?? URL(string: "about:blank")!)
                    let result = RetrieveImageResult(
                        image: UIImage(webAddress: url ?? URL(string: "about:blank")!), cacheType: .none, source: source,
                        originalSource: source)
                    for handler in successes { handler(result) }
                } else {
                    for handler in failures { handler(.imageNotLoaded(url: url)) }
                }
            }
        return AsyncImage(url: url, fade: fadeDuration, loaded: loaded) { phase in
            switch phase {
            case .success(let image): styled(image)
            case .failure:
                if let failureView {
                    failureView
                } else if let failureImage {
                    styled(Image(uiImage: failureImage))
                } else {
                    placeholderView
                }
            default: placeholderView
            }
        }
    }

    @ViewBuilder private var placeholderView: some View {
        if let placeholder { placeholder } else { Color.clear }
    }

    private func styled(_ image: Image) -> AnyView {
        var picture = image.renderingMode(renderingMode).interpolation(interpolation)
        if isResizable { picture = picture.resizable() }
        var view = AnyView(picture)
        if effects.grayscale { view = AnyView(view.grayscale(1)) }
        if let blur = effects.blur, blur > 0 { view = AnyView(view.blur(radius: blur)) }
        if let radius = effects.cornerRadius, radius > 0 { view = AnyView(view.clipShape(RoundedRectangle(cornerRadius: radius))) }
        return view
    }

    private func with(_ change: (inout KFImage) -> Void) -> KFImage {
        var copy = self
        change(&copy)
        return copy
    }

    // MARK: The image

    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> KFImage {
        with { $0.isResizable = true }
    }
    public func renderingMode(_ mode: Image.TemplateRenderingMode?) -> KFImage { with { $0.renderingMode = mode } }
    public func interpolation(_ interpolation: Image.Interpolation) -> KFImage { with { $0.interpolation = interpolation } }
    public func antialiased(_ isAntialiased: Bool) -> KFImage { interpolation(isAntialiased ? .high : .none) }

    /// Shown while the image loads (and, with no failure image, when it cannot).
    public func placeholder<P: View>(@ViewBuilder _ content: () -> P) -> KFImage {
        let view = AnyView(content())
        return with { $0.placeholder = view }
    }

    /// Kingfisher 7's placeholder with the load's progress (the browser does not report it: 0).
    public func placeholder<P: View>(@ViewBuilder _ content: @escaping (Progress) -> P) -> KFImage {
        let view = AnyView(content(Progress(totalUnitCount: 0)))
        return with { $0.placeholder = view }
    }

    /// Shown when the image cannot load.
    public func onFailureImage(_ image: KFCrossPlatformImage?) -> KFImage { with { $0.failureImage = image } }
    public func onFailureView<F: View>(@ViewBuilder _ content: () -> F) -> KFImage {
        let view = AnyView(content())
        return with { $0.failureView = view }
    }

    /// The image fades in over `duration` seconds when it arrives.
    public func fade(duration: TimeInterval) -> KFImage { with { $0.fadeDuration = duration } }

    public func setProcessor(_ processor: any ImageProcessor) -> KFImage {
        with {
            $0.effects = ImageEffects()
            processor._effects(&$0.effects)
        }
    }
    public func appendProcessor(_ processor: any ImageProcessor) -> KFImage { with { processor._effects(&$0.effects) } }
    public func downsampling(size: CGSize) -> KFImage { appendProcessor(DownsamplingImageProcessor(size: size)) }
    public func roundCorner(radius: RoundCornerImageProcessor.Radius) -> KFImage {
        appendProcessor(RoundCornerImageProcessor(radius: radius))
    }
    public func blur(radius: CGFloat) -> KFImage { appendProcessor(BlurImageProcessor(blurRadius: radius)) }

    // MARK: The load

    /// Told when the page's browser has loaded the image.
    public func onSuccess(_ action: @escaping (RetrieveImageResult) -> Void) -> KFImage { with { $0.successHandlers.append(action) } }
    /// Told when the page's browser could not load it.
    public func onFailure(_ action: @escaping (KingfisherError) -> Void) -> KFImage { with { $0.failureHandlers.append(action) } }
    /// The browser does not report a load's progress: never called.
    public func onProgress(_ action: @escaping (Int64, Int64) -> Void) -> KFImage { self }

    // The native loader's and cache's options: the browser's own loader and cache do this work
    // (its HTTP cache, its decoder at the drawn size, its cancelling of what leaves the page).
    public func cacheOriginalImage(_ enabled: Bool = true) -> KFImage { self }
    public func cacheMemoryOnly(_ enabled: Bool = true) -> KFImage { self }
    public func loadDiskFileSynchronously(_ enabled: Bool = true) -> KFImage { self }
    public func forceRefresh(_ enabled: Bool = true) -> KFImage { self }
    public func fromMemoryCacheOrRefresh(_ enabled: Bool = true) -> KFImage { self }
    public func cancelOnDisappear(_ flag: Bool) -> KFImage { self }
    public func startLoadingBeforeViewAppear(_ flag: Bool = true) -> KFImage { self }
    public func backgroundDecode(_ enabled: Bool = true) -> KFImage { self }
    public func scaleFactor(_ factor: CGFloat) -> KFImage { self }
    public func serialize(by serializer: any CacheSerializer) -> KFImage { self }
    public func serialize(as format: ImageFormat, jpegCompressionQuality: CGFloat? = nil) -> KFImage { self }
    public func diskCacheExpiration(_ expiration: StorageExpiration) -> KFImage { self }
    public func memoryCacheExpiration(_ expiration: StorageExpiration) -> KFImage { self }
    public func retry(maxCount: Int, interval: TimeInterval = 3) -> KFImage { self }
    public func reducePriorityOnDisappear(_ flag: Bool) -> KFImage { self }
    public func targetCache(_ cache: ImageCache) -> KFImage { self }
    public func requestModifier(_ modifier: @escaping (inout URLRequest) -> Void) -> KFImage { self }
}

/// An animated image (a GIF): the browser animates it as an image.
public typealias KFAnimatedImage = KFImage

/// An image's file format.
public enum ImageFormat: Sendable {
    case unknown, PNG, JPEG, GIF
}

/// Kingfisher's cache: the browser's here. Clearing it clears nothing on the server (it keeps
/// no images) and the visitor's browser keeps its own cache by the images' headers.
public final class ImageCache: @unchecked Sendable {
    public static let `default` = ImageCache()
    public init() {}
    public init(name: String) {}
    public func clearMemoryCache() {}
    public func clearDiskCache(completion handler: (@Sendable () -> Void)? = nil) { handler?() }
    public func cleanExpiredDiskCache(completion handler: (@Sendable () -> Void)? = nil) { handler?() }
    public func cleanExpiredMemoryCache() {}
    /// The server's disk cache of images: none, 0 bytes.
    public func calculateDiskStorageSize(completion handler: @escaping @Sendable (Result<UInt, KingfisherError>) -> Void) {
        handler(.success(0))
    }
    public var diskStorageSize: UInt { 0 }
    public func removeImage(forKey key: String) {}
    public func isCached(forKey key: String) -> Bool { false }
}

/// Kingfisher's manager: its cache (the browser's).
public final class KingfisherManager: @unchecked Sendable {
    public static let shared = KingfisherManager()
    public var cache = ImageCache.default
    public var defaultOptions: [Any] = []
}

/// Kingfisher 7's namespace for the UIKit builders (`KF.url(_:)…set(to:)`), which need a UIKit
/// image view: not here.
public enum KF {}
