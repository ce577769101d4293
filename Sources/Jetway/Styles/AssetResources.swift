import Foundation

// The resources Xcode's generated asset symbols name (`ColorResource.attention`,
// `ImageResource.logo`; `jetway port` writes them): a colour or image of the app's asset catalog
// by name, which the server reads from the catalog in the assets folder.

/// A colour set of the app's asset catalog.
public struct ColorResource: Hashable, Sendable {
    /// The name of the colour set in the catalog, as `Color("name")` would look it up.
    public let name: String
    /// A colour set by its `name`. The `bundle` is ignored: the server serves the app's catalogs as
    /// one set of named colours.
    public init(name: String, bundle: Bundle = .main) { self.name = name }
}

/// An image set of the app's asset catalog.
public struct ImageResource: Hashable, Sendable {
    /// The name of the image set in the catalog, as `Image("name")` would look it up.
    public let name: String
    /// An image set by its `name`. The `bundle` is ignored: the server reads the app's catalogs together.
    public init(name: String, bundle: Bundle = .main) { self.name = name }
}

extension Color {
    /// The catalog's colour (light and dark): `Color(.gold)`.
    nonisolated public init(_ resource: ColorResource) { self.init(resource.name) }
}

extension Image {
    /// The catalog's image: `Image(.logo)`.
    nonisolated public init(_ resource: ImageResource) { self.init(resource.name) }
}

extension UIColor {
    /// The catalog's colour as UIKit's (`UIColor(resource: .gold)`), following light and dark as
    /// `Color(_:)` does.
    public init(resource: ColorResource) { self.init(Color(resource)) }
}
