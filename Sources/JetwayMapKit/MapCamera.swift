import Foundation
import Jetway

/// Where a map looks: chosen by the map to fit its content (`.automatic`), a region, a camera,
/// a place, or the visitor's position (with a fallback until the browser knows it). A map the
/// visitor moved holds a region they chose (`positionedByUser`).
public struct MapCameraPosition: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case automatic
        case region(MKCoordinateRegion)
        case camera(MapCamera)
        case item(MKMapItem)
        case userLocation(fallback: Box)
    }
    /// A position inside a position (`.userLocation(fallback:)`).
    final class Box: Equatable, @unchecked Sendable {
        let position: MapCameraPosition
        init(_ position: MapCameraPosition) { self.position = position }
        static func == (a: Box, b: Box) -> Bool { a.position == b.position }
    }

    let kind: Kind
    public private(set) var positionedByUser = false

    init(_ kind: Kind, positionedByUser: Bool = false) {
        self.kind = kind
        self.positionedByUser = positionedByUser
    }

    public static var automatic: MapCameraPosition { MapCameraPosition(.automatic) }
    public static func region(_ region: MKCoordinateRegion) -> MapCameraPosition { MapCameraPosition(.region(region)) }
    public static func camera(_ camera: MapCamera) -> MapCameraPosition { MapCameraPosition(.camera(camera)) }
    public static func item(_ item: MKMapItem, allowsAutomaticPitch: Bool = false) -> MapCameraPosition {
        MapCameraPosition(.item(item))
    }
    /// The visitor's position once the browser knows it (they allowed the page to ask), and
    /// `fallback` until then.
    public static func userLocation(followsHeading: Bool = false, fallback: MapCameraPosition) -> MapCameraPosition {
        MapCameraPosition(.userLocation(fallback: Box(fallback)))
    }

    /// The region asked for, if it was one (a visitor's move is one).
    public var region: MKCoordinateRegion? {
        if case .region(let region) = kind { return region }
        return nil
    }
    public var camera: MapCamera? {
        if case .camera(let camera) = kind { return camera }
        return nil
    }
    public var item: MKMapItem? {
        if case .item(let item) = kind { return item }
        return nil
    }
    public var followsUserLocation: Bool {
        if case .userLocation = kind { return true }
        return false
    }
    public var fallbackPosition: MapCameraPosition? {
        if case .userLocation(let fallback) = kind { return fallback.position }
        return nil
    }

    /// The region to show for content at `coordinates`.
    func resolved(fitting coordinates: [CLLocationCoordinate2D]) -> MKCoordinateRegion {
        switch kind {
        case .automatic: MKCoordinateRegion.fitting(coordinates) ?? MapCameraPosition.world
        case .region(let region): region
        case .camera(let camera): camera.region
        case .item(let item): MKCoordinateRegion(center: item.placemark.coordinate, latitudinalMeters: 1_000, longitudinalMeters: 1_000)
        case .userLocation(let fallback): fallback.position.resolved(fitting: coordinates)
        }
    }

    static let world = MKCoordinateRegion(
        center: CLLocationCoordinate2D(latitude: 30, longitude: 0), span: MKCoordinateSpan(latitudeDelta: 120, longitudeDelta: 360))
}

/// A camera over the map: where it looks, and from how high (metres). The page's map looks
/// straight down with north up, so heading and pitch are kept, not drawn.
public struct MapCamera: Equatable, Sendable {
    public var centerCoordinate: CLLocationCoordinate2D
    public var distance: Double
    public var heading: CLLocationDirection
    public var pitch: Double

    public init(centerCoordinate: CLLocationCoordinate2D, distance: Double, heading: CLLocationDirection = 0, pitch: Double = 0) {
        self.centerCoordinate = centerCoordinate
        self.distance = distance
        self.heading = heading
        self.pitch = pitch
    }

    /// The ground seen from `distance` up with MapKit's 30° field of view.
    var region: MKCoordinateRegion {
        let metres = max(distance, 50) * 2 * tan(15 * Double.pi / 180)
        return MKCoordinateRegion(center: centerCoordinate, latitudinalMeters: metres, longitudinalMeters: metres)
    }

    init(region: MKCoordinateRegion) {
        centerCoordinate = region.center
        distance = region.span.latitudeDelta * MapProjection.metresPerDegreeOfLatitude / (2 * tan(15 * Double.pi / 180))
        heading = 0
        pitch = 0
    }

    public static func == (a: MapCamera, b: MapCamera) -> Bool {
        a.centerCoordinate.latitude == b.centerCoordinate.latitude && a.centerCoordinate.longitude == b.centerCoordinate.longitude
            && a.distance == b.distance && a.heading == b.heading && a.pitch == b.pitch
    }
}

/// What `onMapCameraChange` hands its action: where the map looks now.
public struct MapCameraUpdateContext: Sendable {
    public let region: MKCoordinateRegion
    public let camera: MapCamera
    public var rect: MKMapRect { MKMapRect(region: region) }
}

/// How often `onMapCameraChange` hears of a move: when it ends (the default), or also as it
/// goes (`.continuous`: the page reports the camera about ten times a second while the visitor
/// drags, pinches or zooms, then once more when the move ends).
public enum MapCameraUpdateFrequency: Sendable {
    case onEnd, continuous
}

/// A rectangle in map points (Web Mercator, the world 2²⁸ points wide as MapKit's).
public struct MKMapRect: Equatable, Sendable {
    public var origin: MKMapPoint
    public var size: MKMapSize
    public init(origin: MKMapPoint, size: MKMapSize) {
        self.origin = origin
        self.size = size
    }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: MKMapPoint(x: x, y: y), size: MKMapSize(width: width, height: height))
    }
    init(region: MKCoordinateRegion) {
        let corners = region.corners
        let a = MKMapPoint(corners.northWest), b = MKMapPoint(corners.southEast)
        self.init(origin: a, size: MKMapSize(width: b.x - a.x, height: b.y - a.y))
    }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public static let world = MKMapRect(x: 0, y: 0, width: MKMapPoint.worldWidth, height: MKMapPoint.worldWidth)
}

/// A point of the Web Mercator plane.
public struct MKMapPoint: Equatable, Sendable {
    public var x: Double
    public var y: Double
    static let worldWidth = 268_435_456.0
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public init(_ coordinate: CLLocationCoordinate2D) {
        let latitude = min(max(coordinate.latitude, -MapProjection.maximumLatitude), MapProjection.maximumLatitude) * .pi / 180
        x = (coordinate.longitude + 180) / 360 * Self.worldWidth
        y = (1 - log(tan(latitude) + 1 / cos(latitude)) / .pi) / 2 * Self.worldWidth
    }
    public var coordinate: CLLocationCoordinate2D {
        let longitude = x / Self.worldWidth * 360 - 180
        let latitude = atan(sinh(.pi * (1 - 2 * y / Self.worldWidth))) * 180 / .pi
        return CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    }
    /// Metres to another point along the globe.
    public func distance(to other: MKMapPoint) -> CLLocationDistance {
        let a = coordinate, b = other.coordinate
        return CLLocation(latitude: a.latitude, longitude: a.longitude).distance(
            from: CLLocation(latitude: b.latitude, longitude: b.longitude))
    }
}

public struct MKMapSize: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// What the visitor may do to a map: move it, zoom it (rotating and tilting are not drawn).
public struct MapInteractionModes: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let pan = Self(rawValue: 1)
    public static let zoom = Self(rawValue: 2)
    public static let rotate = Self(rawValue: 4)
    public static let pitch = Self(rawValue: 8)
    public static let all: Self = [.pan, .zoom, .rotate, .pitch]
}

/// iOS 14's following of the visitor's position (`Map(…userTrackingMode:)`).
public enum MapUserTrackingMode: Sendable {
    case none, follow
    /// Follows the position; the page's map does not turn with the heading.
    case followWithHeading
}

/// How a map draws the world: the standard map (OpenStreetMap's tiles by default; `.muted`
/// emphasis draws them paler), or aerial imagery (`MapTileSource.imagery`, Esri's World
/// Imagery by default). Elevation is flat, and traffic and points of interest are what the
/// tiles show.
public struct MapStyle: Equatable, Sendable {
    enum Kind: Equatable, Sendable { case standard, imagery, hybrid }
    let kind: Kind
    let muted: Bool

    public enum Elevation: Sendable { case automatic, flat, realistic }
    public enum StandardEmphasis: Sendable { case automatic, muted }

    public static var standard: MapStyle { MapStyle(kind: .standard, muted: false) }
    public static var imagery: MapStyle { MapStyle(kind: .imagery, muted: false) }
    public static var hybrid: MapStyle { MapStyle(kind: .hybrid, muted: false) }

    public static func standard(
        elevation: Elevation = .automatic, emphasis: StandardEmphasis = .automatic, pointsOfInterest: PointOfInterestCategories = .all,
        showsTraffic: Bool = false
    ) -> MapStyle {
        MapStyle(kind: .standard, muted: emphasis == .muted)
    }

    public static func imagery(elevation: Elevation = .automatic) -> MapStyle { .imagery }

    public static func hybrid(
        elevation: Elevation = .automatic, pointsOfInterest: PointOfInterestCategories = .all, showsTraffic: Bool = false
    ) -> MapStyle { .hybrid }
}

/// The kinds of places a map labels (the tiles' own choice here).
public struct PointOfInterestCategories: Sendable {
    public static let all = PointOfInterestCategories()
    public static let excludingAll = PointOfInterestCategories()
    public static func including(_ categories: [MKPointOfInterestCategory]) -> PointOfInterestCategories { PointOfInterestCategories() }
    public static func excluding(_ categories: [MKPointOfInterestCategory]) -> PointOfInterestCategories { PointOfInterestCategories() }
}

/// Where a map's pictures come from: an address template with `{z}`, `{x}` and `{y}` (a tile
/// server's, as every web map takes) and the credit its licence asks to show. Set them once,
/// before serving (`MapTileSource.standard = MapTileSource(template: …, attribution: …)`), to
/// use a tile server of your own or a provider's with a key; OpenStreetMap's own servers are
/// for light use (https://operations.osmfoundation.org/policies/tiles/).
public struct MapTileSource: Equatable, Sendable {
    public var template: String
    public var attribution: String

    public init(template: String, attribution: String) {
        self.template = template
        self.attribution = attribution
    }

    public static let openStreetMap = MapTileSource(
        template: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors")
    public static let esriWorldImagery = MapTileSource(
        template: "https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}",
        attribution: "Imagery © Esri")

    nonisolated(unsafe) private static var chosenStandard = openStreetMap
    nonisolated(unsafe) private static var chosenImagery = esriWorldImagery
    private static let lock = NSLock()

    /// The tiles of `.standard` maps.
    public static var standard: MapTileSource {
        get { lock.withLock { chosenStandard } }
        set { lock.withLock { chosenStandard = newValue } }
    }

    /// The tiles of `.imagery` and `.hybrid` maps.
    public static var imagery: MapTileSource {
        get { lock.withLock { chosenImagery } }
        set { lock.withLock { chosenImagery = newValue } }
    }
}
