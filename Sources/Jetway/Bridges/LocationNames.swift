import Foundation

// CoreLocation's value types, which SwiftUI apps' models hold (a landmark's coordinate, the
// distance to a gate): a page has no location manager of the server's (`CLLocationManager` is
// not here; the browser's Geolocation API would be the visitor's, through a widget).

/// Degrees of latitude or longitude.
public typealias CLLocationDegrees = Double
/// A distance, in metres.
public typealias CLLocationDistance = Double
/// An accuracy, in metres.
public typealias CLLocationAccuracy = Double
/// A speed, in metres per second.
public typealias CLLocationSpeed = Double
/// A direction, in degrees from north.
public typealias CLLocationDirection = Double

/// A latitude and longitude in degrees.
public struct CLLocationCoordinate2D: Sendable {
    /// Degrees north of the equator (negative south).
    public var latitude: CLLocationDegrees
    /// Degrees east of Greenwich (negative west).
    public var longitude: CLLocationDegrees

    /// The coordinate 0°, 0°.
    public init() {
        latitude = 0
        longitude = 0
    }

    /// The coordinate at `latitude` and `longitude`.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Whether a coordinate is on the globe (latitude within ±90°, longitude within ±180°).
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    abs(coordinate.latitude) <= 90 && abs(coordinate.longitude) <= 180
}

/// A place: its coordinate, and the distance to another along the globe.
open class CLLocation: NSObject, @unchecked Sendable {
    /// Where the place is.
    public let coordinate: CLLocationCoordinate2D
    /// Metres above sea level.
    public let altitude: CLLocationDistance
    /// Metres; negative when unknown.
    public let horizontalAccuracy: CLLocationAccuracy
    /// Metres of vertical accuracy; negative when unknown.
    public let verticalAccuracy: CLLocationAccuracy
    /// The direction of travel, in degrees from north; negative when unknown.
    public let course: Double
    /// The speed, in metres per second; negative when unknown.
    public let speed: Double
    /// When the place was measured (for `init(latitude:longitude:)`, when the object was made).
    public let timestamp: Date

    /// A place at `latitude` and `longitude`, measured now: altitude 0, horizontal accuracy 0, and
    /// vertical accuracy, course and speed unknown.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
        altitude = 0
        horizontalAccuracy = 0
        verticalAccuracy = -1
        course = -1
        speed = -1
        timestamp = Date()
    }

    /// A place with no course or speed known.
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy,
            course: -1, speed: -1, timestamp: timestamp)
    }

    /// A place with every measurement given.
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, course: Double, speed: Double, timestamp: Date
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.speed = speed
        self.timestamp = timestamp
    }

    /// Metres along the globe to `location` (the haversine formula on a sphere of 6,371 km).
    public func distance(from location: CLLocation) -> CLLocationDistance {
        let radians = Double.pi / 180
        let lat1 = coordinate.latitude * radians, lat2 = location.coordinate.latitude * radians
        let dLat = lat2 - lat1, dLon = (location.coordinate.longitude - coordinate.longitude) * radians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 6_371_000 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}
