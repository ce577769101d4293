import Foundation
import Jetway

// MapKit's value types: a span, a region, and the Web Mercator projection the browser's map
// draws its tiles in (OpenStreetMap's and every web map's), which turns a region into a zoom
// for the map's size on the page.

/// How many degrees of latitude and longitude a region spans.
public struct MKCoordinateSpan: Sendable, Equatable {
    /// Degrees of latitude from the region's south edge to its north edge.
    public var latitudeDelta: CLLocationDegrees
    /// Degrees of longitude from the region's west edge to its east edge.
    public var longitudeDelta: CLLocationDegrees

    /// A span of nothing (0° by 0°).
    public init() {
        latitudeDelta = 0
        longitudeDelta = 0
    }

    /// A span of `latitudeDelta` by `longitudeDelta` degrees.
    public init(latitudeDelta: CLLocationDegrees, longitudeDelta: CLLocationDegrees) {
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }
}

/// A part of the globe: a centre and a span around it.
public struct MKCoordinateRegion: Sendable {
    /// The coordinate in the region's middle.
    public var center: CLLocationCoordinate2D
    /// How far the region reaches, in degrees.
    public var span: MKCoordinateSpan

    /// A region of nothing at 0°, 0°.
    public init() {
        center = CLLocationCoordinate2D()
        span = MKCoordinateSpan()
    }

    /// A region of `span` around `center`.
    public init(center: CLLocationCoordinate2D, span: MKCoordinateSpan) {
        self.center = center
        self.span = span
    }

    /// Its north-west and south-east corners.
    var corners: (northWest: CLLocationCoordinate2D, southEast: CLLocationCoordinate2D) {
        let (height, width) = (span.latitudeDelta / 2, span.longitudeDelta / 2)
        return (
            CLLocationCoordinate2D(latitude: center.latitude + height, longitude: center.longitude - width),
            CLLocationCoordinate2D(latitude: center.latitude - height, longitude: center.longitude + width)
        )
    }

    /// A region `latitudinalMeters` tall and `longitudinalMeters` wide around `center`.
    public init(center: CLLocationCoordinate2D, latitudinalMeters: CLLocationDistance, longitudinalMeters: CLLocationDistance) {
        self.center = center
        let metresPerDegree = MapProjection.metresPerDegreeOfLatitude
        let across = max(cos(center.latitude * .pi / 180), 0.01)
        span = MKCoordinateSpan(
            latitudeDelta: min(latitudinalMeters / metresPerDegree, 180),
            longitudeDelta: min(longitudinalMeters / (metresPerDegree * across), 360))
    }

    /// The smallest region that holds every coordinate, with a margin of a tenth of its span on
    /// each side (and at least `minimumSpan`), as a map fits its content.
    static func fitting(_ coordinates: [CLLocationCoordinate2D], minimumSpan: Double = 0.02) -> MKCoordinateRegion? {
        guard let first = coordinates.first else { return nil }
        var south = first.latitude, north = first.latitude, west = first.longitude, east = first.longitude
        for coordinate in coordinates.dropFirst() {
            south = min(south, coordinate.latitude)
            north = max(north, coordinate.latitude)
            west = min(west, coordinate.longitude)
            east = max(east, coordinate.longitude)
        }
        let center = CLLocationCoordinate2D(latitude: (south + north) / 2, longitude: (west + east) / 2)
        return MKCoordinateRegion(
            center: center,
            span: MKCoordinateSpan(
                latitudeDelta: min(max((north - south) * 1.2, minimumSpan), 170),
                longitudeDelta: min(max((east - west) * 1.2, minimumSpan), 360)))
    }
}

extension MKCoordinateRegion: Equatable {
    /// Whether the two regions have the same centre and span.
    public static func == (a: MKCoordinateRegion, b: MKCoordinateRegion) -> Bool {
        a.center.latitude == b.center.latitude && a.center.longitude == b.center.longitude && a.span == b.span
    }
}

/// The Web Mercator projection of web maps.
enum MapProjection {
    static let metresPerDegreeOfLatitude = 111_320.0
    /// The latitudes a square Mercator world reaches.
    static let maximumLatitude = 85.051_128_78

    /// Whether a camera the browser reports is one the map can show: finite, on the globe, and
    /// with a span of at most the world.
    static func isValid(latitude: Double, longitude: Double, latitudeDelta: Double, longitudeDelta: Double) -> Bool {
        [latitude, longitude, latitudeDelta, longitudeDelta].allSatisfy(\.isFinite)
            && abs(latitude) <= 90 && abs(longitude) <= 540
            && latitudeDelta > 0 && latitudeDelta <= 180 && longitudeDelta > 0 && longitudeDelta <= 360
    }

    /// A longitude brought into -180…180.
    static func wrapped(_ longitude: Double) -> Double {
        var value = longitude.truncatingRemainder(dividingBy: 360)
        if value > 180 { value -= 360 } else if value < -180 { value += 360 }
        return value
    }
}

/// A number as the page's attributes write it: at most six decimals (about 10 cm on the globe),
/// no trailing zeros.
func coordinateText(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    var text = String(format: "%.6f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
}
