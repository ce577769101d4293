import Foundation

// The resources Xcode's generated asset symbols name (`ColorResource.attention`,
// `ImageResource.logo`; `jetway port` writes them): a colour or image of the app's asset catalog
// by name, which the server reads from the catalog in the assets folder.

/// A colour set of the app's asset catalog.
public struct ColorResource: Hashable, Sendable {
    public let name: String
    public init(name: String, bundle: Bundle = .main) { self.name = name }
}

/// An image set of the app's asset catalog.
public struct ImageResource: Hashable, Sendable {
    public let name: String
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
    public init(resource: ColorResource) { self.init(Color(resource)) }
}
