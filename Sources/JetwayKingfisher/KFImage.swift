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
    /// An image at a web address.
    case network(URL)

    /// The image's address.
    public var url: URL? {
        switch self {
        case .network(let url): url
        }
    }
}

/// Where a loaded image was found (the browser's cache is its own: reported as `.none`).
public enum CacheType: Sendable {
    /// Not cached, or cached in memory or on disk; Jetway reports every load as `.none` (the browser's cache is its own).
    case none, memory, disk
    /// Whether this is `.memory` or `.disk` (false for every load Jetway reports, which are `.none`).
    public var cached: Bool { self != .none }
}

/// A finished load: where it came from (the image's pixels stay in the browser).
public struct RetrieveImageResult: Sendable {
    /// An image of the address (its bytes are the browser's: `Image(uiImage:)` shows it from there).
    public let image: KFCrossPlatformImage
    /// Where the image was found: always `.none` (the browser's cache is not seen).
    public let cacheType: CacheType
    /// The image's source: its address.
    public let source: Source
    /// The source the load started from: the same address (no redirects are seen).
    public let originalSource: Source
    /// The image's bytes: always nil, as they stay in the browser.
    public let data: @Sendable () -> Data? = { nil }
}

/// Why a load failed.
public enum KingfisherError: Error, Sendable, CustomStringConvertible {
    /// The browser could not load or decode the image at `url`.
    case imageNotLoaded(url: URL?)
    /// The failure in words, with the image's address.
    public var description: String {
        switch self {
        case .imageNotLoaded(let url): "the browser could not load the image at \(url?.absoluteString ?? "no address")"
        }
    }
    /// The same as `description`.
    public var localizedDescription: String { description }
}

/// What an image goes through before it is shown (Kingfisher's processors): drawn by the
/// browser at the view's size, with the corners, blur or tint the processor asks.
public protocol ImageProcessor: Sendable {
    /// The processor's effect on the view: corners, blur.
    func _effects(_ effects: inout ImageEffects)
}

extension ImageProcessor {
    /// Jetway's hook for a processor's effect on the view; by default none (a downsampling, a resizing).
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
    /// The size asked for.
    public let size: CGSize
    /// Accepted so Kingfisher code compiles; the browser decodes the image itself, so this changes nothing.
    public init(size: CGSize) { self.size = size }
}

/// Resizes the image: the view's frame sizes it here.
public struct ResizingImageProcessor: ImageProcessor {
    /// The size asked for.
    public let referenceSize: CGSize
    /// Accepted so Kingfisher code compiles; the view's frame sizes the image, so this (and `mode`) changes nothing.
    public init(referenceSize: CGSize, mode: ContentMode = .fit) { self.referenceSize = referenceSize }
}

/// Rounds the image's corners.
public struct RoundCornerImageProcessor: ImageProcessor {
    /// The corner radius, in points.
    public let cornerRadius: CGFloat
    /// Rounds the corners by `cornerRadius` points; `targetSize` and `backgroundColor` are ignored.
    public init(cornerRadius: CGFloat, targetSize: CGSize? = nil, backgroundColor: UIColor? = nil) { self.cornerRadius = cornerRadius }
    /// Rounds the corners by `radius`; `targetSize` and `backgroundColor` are ignored.
    ///
    /// A fraction of the width or height is not measured against the image: it becomes `fraction × 100` points.
    public init(radius: Radius, targetSize: CGSize? = nil, backgroundColor: UIColor? = nil) {
        switch radius {
        case .point(let value): cornerRadius = value
        case .widthFraction(let fraction), .heightFraction(let fraction): cornerRadius = fraction * 100
        }
    }
    /// A corner radius in points, or as a fraction of the image's width or height.
    public enum Radius: Sendable {
        /// In points (`point`), or as a fraction of the width or height (taken as `fraction × 100` points here).
        case point(CGFloat), widthFraction(CGFloat), heightFraction(CGFloat)
    }
    /// Jetway's hook for the processor's effect: the view clipped to a rounded rectangle of the radius.
    public func _effects(_ effects: inout ImageEffects) { effects.cornerRadius = cornerRadius }
}

/// Blurs the image.
public struct BlurImageProcessor: ImageProcessor {
    /// The blur's radius, in points.
    public let blurRadius: CGFloat
    /// Blurs by `blurRadius` points.
    public init(blurRadius: CGFloat) { self.blurRadius = blurRadius }
    /// Jetway's hook for the processor's effect: the view blurred (`.blur(radius:)`).
    public func _effects(_ effects: inout ImageEffects) { effects.blur = blurRadius }
}

/// Draws the image in grey.
public struct BlackWhiteProcessor: ImageProcessor {
    /// A processor that draws the image in grey.
    public init() {}
    /// Jetway's hook for the processor's effect: the view drawn in grey (`.grayscale(1)`).
    public func _effects(_ effects: inout ImageEffects) { effects.grayscale = true }
}

/// Two processors, one after the other (`a |> b`, `a.append(another: b)`).
public struct GeneralProcessor: ImageProcessor {
    let parts: [any ImageProcessor]
    /// Jetway's hook: each part's effect in turn (a later radius or blur replaces an earlier one).
    public func _effects(_ effects: inout ImageEffects) { for part in parts { part._effects(&effects) } }
}

extension ImageProcessor {
    /// This processor, then `another`.
    public func append(another: any ImageProcessor) -> GeneralProcessor { GeneralProcessor(parts: [self, another]) }
}

/// `left`, then `right`: Kingfisher's processor chaining.
public func |> (left: any ImageProcessor, right: any ImageProcessor) -> GeneralProcessor { GeneralProcessor(parts: [left, right]) }
infix operator |> : AdditionPrecedence

/// How an image is stored once decoded (the browser's choice here).
public protocol CacheSerializer: Sendable {}
/// Kingfisher's default serializer: accepted so Kingfisher code compiles; the browser stores images itself.
public struct DefaultCacheSerializer: CacheSerializer {
    /// The one default serializer.
    public static let `default` = DefaultCacheSerializer()
    /// A default serializer.
    public init() {}
}
/// A serializer for one format: accepted so Kingfisher code compiles; the browser stores images itself.
public struct FormatIndicatedCacheSerializer: CacheSerializer {
    /// PNG.
    public static let png = FormatIndicatedCacheSerializer()
    /// JPEG.
    public static let jpeg = FormatIndicatedCacheSerializer()
    /// GIF.
    public static let gif = FormatIndicatedCacheSerializer()
}

/// How long a cached image is kept (the browser's cache headers decide here).
public enum StorageExpiration: Sendable {
    /// Never, after a time, a number of days or a date, or already expired: accepted, and ignored.
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

    /// An image loaded by the browser from `url` (nil: the placeholder, then the failure view); `options` is ignored.
    public init(_ url: URL?, options: [Any]? = nil) { self.url = url }
    /// An image loaded by the browser from `source`; `options` is ignored.
    public init(source: Source?, options: [Any]? = nil) { self.url = source?.url }

    /// The same as `init(_:)`; `cacheKey` is ignored (the browser caches by address).
    public static func url(_ url: URL?, cacheKey: String? = nil) -> KFImage { KFImage(url) }
    /// The same as `init(source:)`.
    public static func source(_ source: Source?) -> KFImage { KFImage(source: source) }

    /// An `AsyncImage` of the address, showing the placeholder, the styled image or the failure view by the load's phase.
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

    /// Stretches the image to fill its frame; `capInsets` and `resizingMode` are ignored.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> KFImage {
        with { $0.isResizable = true }
    }
    /// Accepted so Kingfisher code compiles: Jetway's `Image.renderingMode(_:)` does nothing, so neither does this.
    public func renderingMode(_ mode: Image.TemplateRenderingMode?) -> KFImage { with { $0.renderingMode = mode } }
    /// `.none` draws the image's pixels unsmoothed (`image-rendering: pixelated`); any other value smooths them.
    public func interpolation(_ interpolation: Image.Interpolation) -> KFImage { with { $0.interpolation = interpolation } }
    /// False draws the image's pixels unsmoothed, as `interpolation(.none)` does.
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
    /// Shown when the image cannot load (in preference to `onFailureImage(_:)`).
    public func onFailureView<F: View>(@ViewBuilder _ content: () -> F) -> KFImage {
        let view = AnyView(content())
        return with { $0.failureView = view }
    }

    /// The image fades in over `duration` seconds when it arrives.
    public func fade(duration: TimeInterval) -> KFImage { with { $0.fadeDuration = duration } }

    /// Replaces the processors' effects with those of `processor`.
    public func setProcessor(_ processor: any ImageProcessor) -> KFImage {
        with {
            $0.effects = ImageEffects()
            processor._effects(&$0.effects)
        }
    }
    /// Adds the effects of `processor` to those already asked for.
    public func appendProcessor(_ processor: any ImageProcessor) -> KFImage { with { processor._effects(&$0.effects) } }
    /// Accepted so Kingfisher code compiles; the browser decodes the image itself, so this changes nothing.
    public func downsampling(size: CGSize) -> KFImage { appendProcessor(DownsamplingImageProcessor(size: size)) }
    /// Rounds the image's corners (see `RoundCornerImageProcessor`).
    public func roundCorner(radius: RoundCornerImageProcessor.Radius) -> KFImage {
        appendProcessor(RoundCornerImageProcessor(radius: radius))
    }
    /// Blurs the image by `radius` points.
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
    /// Accepted so Kingfisher code compiles; the browser's cache does this work, so it does nothing.
    public func cacheOriginalImage(_ enabled: Bool = true) -> KFImage { self }
    /// Accepted so Kingfisher code compiles; the browser's cache does this work, so it does nothing.
    public func cacheMemoryOnly(_ enabled: Bool = true) -> KFImage { self }
    /// Accepted so Kingfisher code compiles; the browser loads the image, so it does nothing.
    public func loadDiskFileSynchronously(_ enabled: Bool = true) -> KFImage { self }
    /// Accepted so Kingfisher code compiles; the browser's cache decides, so it does nothing (no reload is forced).
    public func forceRefresh(_ enabled: Bool = true) -> KFImage { self }
    /// Accepted so Kingfisher code compiles; the browser's cache decides, so it does nothing.
    public func fromMemoryCacheOrRefresh(_ enabled: Bool = true) -> KFImage { self }
    /// Accepted so Kingfisher code compiles; the browser drops what leaves the page itself, so it does nothing.
    public func cancelOnDisappear(_ flag: Bool) -> KFImage { self }
    /// Accepted so Kingfisher code compiles; the browser starts the load when the element arrives, so it does nothing.
    public func startLoadingBeforeViewAppear(_ flag: Bool = true) -> KFImage { self }
    /// Accepted so Kingfisher code compiles; the browser decodes the image itself, so it does nothing.
    public func backgroundDecode(_ enabled: Bool = true) -> KFImage { self }
    /// Accepted so Kingfisher code compiles; the image is drawn at the view's size, so it does nothing.
    public func scaleFactor(_ factor: CGFloat) -> KFImage { self }
    /// Accepted so Kingfisher code compiles; the browser stores the image itself, so it does nothing.
    public func serialize(by serializer: any CacheSerializer) -> KFImage { self }
    /// Accepted so Kingfisher code compiles; the browser stores the image itself, so it does nothing.
    public func serialize(as format: ImageFormat, jpegCompressionQuality: CGFloat? = nil) -> KFImage { self }
    /// Accepted so Kingfisher code compiles; the image's HTTP cache headers decide, so it does nothing.
    public func diskCacheExpiration(_ expiration: StorageExpiration) -> KFImage { self }
    /// Accepted so Kingfisher code compiles; the browser's memory cache decides, so it does nothing.
    public func memoryCacheExpiration(_ expiration: StorageExpiration) -> KFImage { self }
    /// Accepted so Kingfisher code compiles, but it does nothing: a failed load is not tried again.
    public func retry(maxCount: Int, interval: TimeInterval = 3) -> KFImage { self }
    /// Accepted so Kingfisher code compiles; the browser orders its loads, so it does nothing.
    public func reducePriorityOnDisappear(_ flag: Bool) -> KFImage { self }
    /// Accepted so Kingfisher code compiles; the browser's cache is the only one, so it does nothing.
    public func targetCache(_ cache: ImageCache) -> KFImage { self }
    /// Accepted so Kingfisher code compiles, but it does nothing: the browser sends its own request (no added headers).
    public func requestModifier(_ modifier: @escaping (inout URLRequest) -> Void) -> KFImage { self }
}

/// An animated image (a GIF): the browser animates it as an image.
public typealias KFAnimatedImage = KFImage

/// An image's file format.
public enum ImageFormat: Sendable {
    /// An unknown format, PNG, JPEG or GIF.
    case unknown, PNG, JPEG, GIF
}

/// Kingfisher's cache: the browser's here. Clearing it clears nothing on the server (it keeps
/// no images) and the visitor's browser keeps its own cache by the images' headers.
public final class ImageCache: @unchecked Sendable {
    /// The shared cache.
    public static let `default` = ImageCache()
    /// A cache (the browser's, as every other).
    public init() {}
    /// A cache by name (the browser's, as every other).
    public init(name: String) {}
    /// Does nothing: the server keeps no images, and the browser's cache is its own.
    public func clearMemoryCache() {}
    /// Does nothing (the server keeps no images); calls `handler` at once.
    public func clearDiskCache(completion handler: (@Sendable () -> Void)? = nil) { handler?() }
    /// Does nothing (the server keeps no images); calls `handler` at once.
    public func cleanExpiredDiskCache(completion handler: (@Sendable () -> Void)? = nil) { handler?() }
    /// Does nothing: the server keeps no images.
    public func cleanExpiredMemoryCache() {}
    /// The server's disk cache of images: none, 0 bytes.
    public func calculateDiskStorageSize(completion handler: @escaping @Sendable (Result<UInt, KingfisherError>) -> Void) {
        handler(.success(0))
    }
    /// The server's disk cache of images: 0 bytes, as it keeps none.
    public var diskStorageSize: UInt { 0 }
    /// Does nothing: the server keeps no images.
    public func removeImage(forKey key: String) {}
    /// Always false: the server keeps no images.
    public func isCached(forKey key: String) -> Bool { false }
}

/// Kingfisher's manager: its cache (the browser's).
public final class KingfisherManager: @unchecked Sendable {
    /// The shared manager.
    public static let shared = KingfisherManager()
    /// Its cache (the shared `ImageCache`, which does nothing).
    public var cache = ImageCache.default
    /// Options every load uses: kept, but ignored.
    public var defaultOptions: [Any] = []
}

/// Kingfisher 7's namespace for the UIKit builders (`KF.url(_:)…set(to:)`), which need a UIKit
/// image view: not here.
public enum KF {}
