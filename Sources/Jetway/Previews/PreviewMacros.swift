/// A preview of a view, as Xcode's canvas shows it; in development mode the server lists every
/// one at `/_jetway/previews` and shows each live.
///
/// ```swift
/// #Preview("Departures") {
///     BoardView(model: .sample)
/// }
///
/// #Preview(traits: .sizeThatFitsLayout) {
///     @Previewable @State var on = true
///     Toggle("Boarding", isOn: $on)
/// }
/// ```
///
/// The macro's plugin is built by `make macros` (part of `make run` and `make test`) against the
/// toolchain's own SwiftSyntax and put where the compiler finds plugins by itself
/// (docs/previews.md says why, and what to do without it).
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "JetwayMacros", type: "PreviewMacro")

/// A preview with traits: its layout (`.sizeThatFitsLayout`, `.fixedLayout(width:height:)`) or
/// its orientation (`.landscapeLeft`).
@freestanding(declaration)
public macro Preview(
    _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>, _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
    @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "JetwayMacros", type: "PreviewMacro")

/// Marks a `#Preview`'s state (`@Previewable @State var on = true`): the preview keeps it as
/// its view's own state, so a binding to it works in the preview.
@attached(peer)
public macro Previewable() = #externalMacro(module: "JetwayMacros", type: "PreviewableMacro")

/// What `#Preview` declares: where it is written, its name and traits, and its view. The
/// previews page finds every type that conforms (`PreviewCatalogue`); an app does not conform
/// its own types.
@MainActor @preconcurrency
public protocol PreviewRegistry {
    /// The type of the view `makeContent()` makes: the macro's closure as a view's `body`, with its `@Previewable`
    /// state as the view's own.
    associatedtype JetwayPreviewContent: View
    /// The `#fileID` of the file the `#Preview` is written in; the previews page sorts by it and shows its last part.
    nonisolated static var fileID: String { get }
    /// The line the `#Preview` is on: with the file's name, the preview's key in its link (`?preview=File.swift:12`).
    nonisolated static var line: Int { get }
    /// The name given to `#Preview`, shown as the preview's title; nil shows `File.swift:12` instead.
    nonisolated static var name: String? { get }
    /// The traits given to `#Preview`: the last layout and the last orientation are the ones the page applies.
    static var traits: [PreviewTrait<Preview.ViewTraits>] { get }
    /// A new preview view; the previews page makes one each time it renders the preview.
    static func makeContent() -> JetwayPreviewContent
}

/// The namespace of `#Preview`'s traits (`PreviewTrait<Preview.ViewTraits>`).
public enum Preview {
    /// Traits of a view's preview.
    public enum ViewTraits {}
}

/// A trait of a preview: its layout or orientation.
public struct PreviewTrait<T>: Sendable {
    enum Kind: Sendable, Hashable {
        case layout(PreviewLayout?)
        case orientation(InterfaceOrientation)
    }

    let kind: Kind
}

extension PreviewTrait where T == Preview.ViewTraits {
    /// As big as the view needs.
    public static var sizeThatFitsLayout: PreviewTrait { PreviewTrait(kind: .layout(.sizeThatFits)) }
    /// A fixed size in points.
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait {
        PreviewTrait(kind: .layout(.fixed(width: width, height: height)))
    }
    /// A phone's screen, as the canvas shows a preview that says nothing.
    public static var defaultLayout: PreviewTrait { PreviewTrait(kind: .layout(nil)) }
    /// Upright (the default).
    public static var portrait: PreviewTrait { PreviewTrait(kind: .orientation(.portrait)) }
    /// A device's screen upside down: shown upright, as portrait.
    public static var portraitUpsideDown: PreviewTrait { PreviewTrait(kind: .orientation(.portraitUpsideDown)) }
    /// A device's screen on its side: shown landscape (width and height swapped).
    public static var landscapeLeft: PreviewTrait { PreviewTrait(kind: .orientation(.landscapeLeft)) }
    /// A device's screen on its other side: shown landscape (width and height swapped).
    public static var landscapeRight: PreviewTrait { PreviewTrait(kind: .orientation(.landscapeRight)) }
}
