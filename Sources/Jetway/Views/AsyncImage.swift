import Foundation

/// An image loaded from a URL, as SwiftUI's `AsyncImage`: what its content shows while loading,
/// once loaded and when it failed. The browser loads the image itself (the server never
/// fetches it): the page holds the content of each phase and shows the one the browser's load
/// has reached (features/images.js).
///
/// ```swift
/// AsyncImage(url: flight.photo) { phase in
///     if let image = phase.image { image.resizable().scaledToFill() }
///     else if phase.error != nil { Image(systemName: "photo") }
///     else { ProgressView() }
/// }
/// ```
public struct AsyncImage<Content: View>: _PrimitiveView {
    let url: URL?
    let content: (AsyncImagePhase) -> Content
    /// Told whether the browser's load succeeded (image libraries' `onSuccess`/`onFailure`).
    var loaded: ((Bool) -> Void)?
    /// The loaded image fades in over this many seconds.
    var fade: Double?

    /// An image library's image (Kingfisher's `KFImage`): told how the browser's load ended, and
    /// fading the image in when it arrives.
    package init(
        url: URL?, fade: Double?, loaded: ((Bool) -> Void)?, @ViewBuilder content: @escaping (AsyncImagePhase) -> Content
    ) {
        self.url = url
        self.content = content
        self.fade = fade
        self.loaded = loaded
    }

    /// An image loaded from `url`, shown through `content` for each phase of its load. `scale` and
    /// `transaction` are accepted so SwiftUI code compiles and are ignored: the browser sizes and shows
    /// the image itself.
    ///
    /// The page holds all three phases' content; the browser watches the `img` in the success content,
    /// so a `content` that shows no `phase.image` once loaded ends in the failure phase.
    public init(
        url: URL?, scale: CGFloat = 1, transaction: Transaction = Transaction(),
        @ViewBuilder content: @escaping (AsyncImagePhase) -> Content
    ) {
        self.url = url
        self.content = content
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("div", RuntimeContract.Class.asyncImage)
        let inside = context.insideElement()
        guard let url = view.url, URLPolicy.sanitize(url.absoluteString, attribute: "src") != nil else {
            // No address (or one a page may not load): the failure, at once.
            node.setAttribute(RuntimeContract.Attribute.imagePhase, "failure")
            inside.structural(2).renderChildren(view.content(.failure(AsyncImageError.noAddress)), into: node)
            out.append(node)
            return
        }
        node.setAttribute(RuntimeContract.Attribute.imagePhase, "empty")
        if let fade = view.fade, fade > 0 { node.setAttribute(RuntimeContract.Attribute.imageFade, String(Int((fade * 1000).rounded()))) }
        if let loaded = view.loaded {
            node.on(.change) { payload in
                switch payload {
                case .text("success"): loaded(true)
                case .text("failure"): loaded(false)
                default: throw JetwayError.wrongPayload(expected: "text \"success\" or \"failure\"", got: payload.kindName)
                }
            }
        }
        var parts: [Node] = []
        for (index, (name, phase)) in [
            ("empty", AsyncImagePhase.empty), ("success", .success(Image(url: url))),
            ("failure", .failure(AsyncImageError.notLoaded)),
        ].enumerated() {
            let part = inside.structural(index).element("div", RuntimeContract.Class.asyncImagePhase)
            part.setAttribute(RuntimeContract.Attribute.imagePart, name)
            inside.structural(index).renderChildren(view.content(phase), into: part)
            parts.append(part)
        }
        node.children = parts
        out.append(node)
    }
}

extension AsyncImage where Content == _AsyncImageDefault {
    /// The image as it is once loaded, nothing while loading or when it fails.
    public init(url: URL?, scale: CGFloat = 1) {
        self.init(url: url, scale: scale) { _AsyncImageDefault(phase: $0) }
    }
}

extension AsyncImage {
    /// The loaded image through `content`, `placeholder` until then (and when it fails).
    public init<I: View, P: View>(
        url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I, @ViewBuilder placeholder: @escaping () -> P
    ) where Content == _ConditionalContent<I, P> {
        self.init(url: url, scale: scale) { phase in
            if let image = phase.image { content(image) } else { placeholder() }
        }
    }
}

/// `AsyncImage(url:)`'s content: the image once loaded.
public struct _AsyncImageDefault: View {
    let phase: AsyncImagePhase
    /// The phase's image, or nothing.
    public var body: some View {
        if let image = phase.image { image } else { EmptyView() }
    }
}

/// Where an `AsyncImage`'s load is.
public enum AsyncImagePhase: Sendable {
    /// The load has not finished (or not started).
    case empty
    /// The browser loaded the image.
    case success(Image)
    /// The load failed or there was nothing to load: the error is an `AsyncImageError`.
    case failure(any Error)

    /// The loaded image in the success phase, otherwise nil.
    public var image: Image? {
        if case .success(let image) = self { return image }
        return nil
    }

    /// The error in the failure phase, otherwise nil.
    public var error: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Why an `AsyncImage` shows its failure.
public enum AsyncImageError: Error, Sendable {
    /// The browser could not load the image.
    case notLoaded
    /// No address, or one a page may not load.
    case noAddress
}
