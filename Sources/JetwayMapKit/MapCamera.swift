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
    /// Whether the visitor chose this position by moving the map (the region the page reported when the move settled).
    public private(set) var positionedByUser = false

    init(_ kind: Kind, positionedByUser: Bool = false) {
        self.kind = kind
        self.positionedByUser = positionedByUser
    }

    /// A position that fits the map's content (a tenth of margin on each side), or the whole world when it has none.
    public static var automatic: MapCameraPosition { MapCameraPosition(.automatic) }
    /// The region `region`.
    public static func region(_ region: MKCoordinateRegion) -> MapCameraPosition { MapCameraPosition(.region(region)) }
    /// What `camera` sees from its distance up (MapKit's 30° field of view); its heading and pitch are not drawn.
    public static func camera(_ camera: MapCamera) -> MapCameraPosition { MapCameraPosition(.camera(camera)) }
    /// About a kilometre around the place `item`; `allowsAutomaticPitch` is accepted and not used.
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
    /// The camera asked for, if the position is one.
    public var camera: MapCamera? {
        if case .camera(let camera) = kind { return camera }
        return nil
    }
    /// The place asked for, if the position is one.
    public var item: MKMapItem? {
        if case .item(let item) = kind { return item }
        return nil
    }
    /// Whether the position is the visitor's own (`userLocation(followsHeading:fallback:)`).
    public var followsUserLocation: Bool {
        if case .userLocation = kind { return true }
        return false
    }
    /// The position shown until the visitor's position is known, if this is `userLocation(followsHeading:fallback:)`.
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
    /// The coordinate the camera looks down at.
    public var centerCoordinate: CLLocationCoordinate2D
    /// How high the camera is over the ground, in metres.
    public var distance: Double
    /// The camera's heading in degrees from north (kept, not drawn: the page's map is north up).
    public var heading: CLLocationDirection
    /// The camera's tilt in degrees (kept, not drawn: the page's map looks straight down).
    public var pitch: Double

    /// A camera `distance` metres over `centerCoordinate`, with the `heading` and `pitch` it keeps (not drawn).
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

    /// Whether the two cameras have the same centre, distance, heading and pitch.
    public static func == (a: MapCamera, b: MapCamera) -> Bool {
        a.centerCoordinate.latitude == b.centerCoordinate.latitude && a.centerCoordinate.longitude == b.centerCoordinate.longitude
            && a.distance == b.distance && a.heading == b.heading && a.pitch == b.pitch
    }
}

/// What `onMapCameraChange` hands its action: where the map looks now.
public struct MapCameraUpdateContext: Sendable {
    /// The region the map shows now.
    public let region: MKCoordinateRegion
    /// A camera over the region: looking straight down, north up, from the height that sees its latitude span.
    public let camera: MapCamera
    /// The region as a rectangle in map points.
    public var rect: MKMapRect { MKMapRect(region: region) }
}

/// How often `onMapCameraChange` hears of a move: when it ends (the default), or also as it
/// goes (`.continuous`: the page reports the camera about ten times a second while the visitor
/// drags, pinches or zooms, then once more when the move ends).
public enum MapCameraUpdateFrequency: Sendable {
    /// `onEnd`: when a move ends; `continuous`: also about ten times a second while it goes.
    case onEnd, continuous
}

/// A rectangle in map points (Web Mercator, the world 2²⁸ points wide as MapKit's).
public struct MKMapRect: Equatable, Sendable {
    /// The rectangle's north-west corner.
    public var origin: MKMapPoint
    /// The rectangle's width and height, in map points.
    public var size: MKMapSize
    /// A rectangle at `origin` of `size`.
    public init(origin: MKMapPoint, size: MKMapSize) {
        self.origin = origin
        self.size = size
    }
    /// A rectangle at `x`, `y` that is `width` by `height` map points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: MKMapPoint(x: x, y: y), size: MKMapSize(width: width, height: height))
    }
    init(region: MKCoordinateRegion) {
        let corners = region.corners
        let a = MKMapPoint(corners.northWest), b = MKMapPoint(corners.southEast)
        self.init(origin: a, size: MKMapSize(width: b.x - a.x, height: b.y - a.y))
    }
    /// The x of the rectangle's middle.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y of the rectangle's middle.
    public var midY: Double { origin.y + size.height / 2 }
    /// The whole world (2²⁸ map points square).
    public static let world = MKMapRect(x: 0, y: 0, width: MKMapPoint.worldWidth, height: MKMapPoint.worldWidth)
}

/// A point of the Web Mercator plane.
public struct MKMapPoint: Equatable, Sendable {
    /// Map points east of the 180th meridian (0 to 2²⁸).
    public var x: Double
    /// Map points south of the Mercator world's north edge (about 85° north; 0 to 2²⁸).
    public var y: Double
    static let worldWidth = 268_435_456.0
    /// The point at `x`, `y`.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    /// The point where `coordinate` falls (latitudes beyond about 85° are taken as 85°).
    public init(_ coordinate: CLLocationCoordinate2D) {
        let latitude = min(max(coordinate.latitude, -MapProjection.maximumLatitude), MapProjection.maximumLatitude) * .pi / 180
        x = (coordinate.longitude + 180) / 360 * Self.worldWidth
        y = (1 - log(tan(latitude) + 1 / cos(latitude)) / .pi) / 2 * Self.worldWidth
    }
    /// The coordinate at this point.
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

/// A width and a height in map points.
public struct MKMapSize: Equatable, Sendable {
    /// The width, in map points.
    public var width: Double
    /// The height, in map points.
    public var height: Double
    /// A size of `width` by `height` map points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// What the visitor may do to a map: move it, zoom it (rotating and tilting are not drawn).
public struct MapInteractionModes: OptionSet, Sendable {
    /// The modes' bits.
    public let rawValue: Int
    /// The modes whose bits are `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Dragging and the arrow keys move the map.
    public static let pan = Self(rawValue: 1)
    /// The wheel, a pinch, a double click, `+`/`-` and the zoom buttons zoom the map.
    public static let zoom = Self(rawValue: 2)
    /// Accepted so SwiftUI code compiles; the page's map does not rotate, so this adds nothing.
    public static let rotate = Self(rawValue: 4)
    /// Accepted so SwiftUI code compiles; the page's map does not tilt, so this adds nothing.
    public static let pitch = Self(rawValue: 8)
    /// Every mode: moving and zooming.
    public static let all: Self = [.pan, .zoom, .rotate, .pitch]
}

/// iOS 14's following of the visitor's position (`Map(…userTrackingMode:)`).
public enum MapUserTrackingMode: Sendable {
    /// `none`: the visitor's position is not shown (unless `showsUserLocation` is true); `follow`: it is shown, but the
    /// map does not move to it (the region stays the app's binding's).
    case none, follow
    /// As `follow`: the visitor's position is shown; the map neither moves to it nor turns with the heading.
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

    /// How high the ground is drawn (accepted so SwiftUI code compiles; every elevation is drawn flat).
    public enum Elevation: Sendable {
        /// Apple's automatic, flat and realistic (3D) terrain; ignored, as every map is drawn flat.
        case automatic, flat, realistic
    }
    /// How strongly the standard map is drawn: `automatic` as the tiles are, `muted` paler (less saturated).
    public enum StandardEmphasis: Sendable {
        /// The standard tiles as they are.
        case automatic
        /// Paler tiles: a CSS `filter` (`saturate(0.35) brightness(1.05)`) on the tile images.
        case muted
    }

    /// The standard map: the `MapTileSource.standard` tiles (OpenStreetMap's by default).
    public static var standard: MapStyle { MapStyle(kind: .standard, muted: false) }
    /// Aerial imagery: the `MapTileSource.imagery` tiles (Esri's World Imagery by default).
    public static var imagery: MapStyle { MapStyle(kind: .imagery, muted: false) }
    /// Drawn as `imagery`: the imagery tiles, with no roads or labels drawn over them.
    public static var hybrid: MapStyle { MapStyle(kind: .hybrid, muted: false) }

    /// The standard map, paler when `emphasis` is `.muted`; `elevation`, `pointsOfInterest` and `showsTraffic` are
    /// accepted and not used (the tiles draw what they draw).
    public static func standard(
        elevation: Elevation = .automatic, emphasis: StandardEmphasis = .automatic, pointsOfInterest: PointOfInterestCategories = .all,
        showsTraffic: Bool = false
    ) -> MapStyle {
        MapStyle(kind: .standard, muted: emphasis == .muted)
    }

    /// `imagery`; `elevation` is accepted and not used.
    public static func imagery(elevation: Elevation = .automatic) -> MapStyle { .imagery }

    /// Drawn as `imagery`; `elevation`, `pointsOfInterest` and `showsTraffic` are accepted and not used.
    public static func hybrid(
        elevation: Elevation = .automatic, pointsOfInterest: PointOfInterestCategories = .all, showsTraffic: Bool = false
    ) -> MapStyle { .hybrid }
}

/// The kinds of places a map labels (the tiles' own choice here).
public struct PointOfInterestCategories: Sendable {
    /// Accepted so SwiftUI code compiles; the tiles label the places their server labels.
    public static let all = PointOfInterestCategories()
    /// Accepted so SwiftUI code compiles; the tiles label the places their server labels.
    public static let excludingAll = PointOfInterestCategories()
    /// Accepted so SwiftUI code compiles; the tiles label the places their server labels, whatever `categories` says.
    public static func including(_ categories: [MKPointOfInterestCategory]) -> PointOfInterestCategories { PointOfInterestCategories() }
    /// Accepted so SwiftUI code compiles; the tiles label the places their server labels, whatever `categories` says.
    public static func excluding(_ categories: [MKPointOfInterestCategory]) -> PointOfInterestCategories { PointOfInterestCategories() }
}

/// Where a map's pictures come from: an address template with `{z}`, `{x}` and `{y}` (a tile
/// server's, as every web map takes) and the credit its licence asks to show. Set them once,
/// before serving (`MapTileSource.standard = MapTileSource(template: …, attribution: …)`), to
/// use a tile server of your own or a provider's with a key; OpenStreetMap's own servers are
/// for light use (https://operations.osmfoundation.org/policies/tiles/).
public struct MapTileSource: Equatable, Sendable {
    /// The tiles' address, with `{z}`, `{x}` and `{y}` for the zoom level, column and row (and `{s}` for a, b or c).
    public var template: String
    /// The credit the map shows in its corner, as the tiles' licence asks.
    public var attribution: String

    /// Tiles from `template`, credited with `attribution`.
    public init(template: String, attribution: String) {
        self.template = template
        self.attribution = attribution
    }

    /// OpenStreetMap's own tile server (for light use, with its credit).
    public static let openStreetMap = MapTileSource(
        template: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors")
    /// Esri's World Imagery (for light use, with its credit).
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
