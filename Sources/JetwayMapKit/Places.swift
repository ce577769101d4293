import Foundation
import Jetway

/// A place with a coordinate (MapKit's placemark): a `CLPlacemark` at a coordinate.
open class MKPlacemark: CLPlacemark, @unchecked Sendable {
    public let coordinate: CLLocationCoordinate2D

    public init(coordinate: CLLocationCoordinate2D) {
        self.coordinate = coordinate
        super.init(
            location: CLLocation(latitude: coordinate.latitude, longitude: coordinate.longitude), name: nil, locality: nil,
            country: nil)
    }

    /// A placemark with the address parts of `addressDictionary` (`"City"`, `"Country"`,
    /// `"Name"`, as Contacts' keys spell them).
    public init(coordinate: CLLocationCoordinate2D, addressDictionary: [String: Any]?) {
        self.coordinate = coordinate
        super.init(
            location: CLLocation(latitude: coordinate.latitude, longitude: coordinate.longitude),
            name: addressDictionary?["Name"] as? String, locality: addressDictionary?["City"] as? String,
            country: addressDictionary?["Country"] as? String)
    }

    /// The place's name, as a map's callout shows it.
    open var title: String? { name ?? locality }
}

/// A point of interest: a placemark, a name, and where to learn more. `openInMaps` opens the
/// place (or directions to it) on OpenStreetMap in a new tab of the visitor's browser.
open class MKMapItem: NSObject, @unchecked Sendable {
    public let placemark: MKPlacemark
    open var name: String?
    open var phoneNumber: String?
    open var url: URL?
    open var pointOfInterestCategory: MKPointOfInterestCategory?
    open var isCurrentLocation: Bool { false }

    public init(placemark: MKPlacemark) {
        self.placemark = placemark
        self.name = placemark.name
        super.init()
    }

    public convenience override init() {
        self.init(placemark: MKPlacemark(coordinate: CLLocationCoordinate2D()))
    }

    /// The visitor's own place: the server does not know it (a browser tells it to a
    /// `CLLocationManager`), so it is the item at 0°, 0° with `isCurrentLocation` true.
    public static func forCurrentLocation() -> MKMapItem {
        CurrentLocationItem(placemark: MKPlacemark(coordinate: CLLocationCoordinate2D()))
    }

    /// The address of the place on OpenStreetMap, or of directions to it when
    /// `launchOptions` has `MKLaunchOptionsDirectionsModeKey`.
    public func openStreetMapURL(launchOptions: [String: Any]? = nil) -> URL {
        let latitude = coordinateText(placemark.coordinate.latitude), longitude = coordinateText(placemark.coordinate.longitude)
        if let mode = launchOptions?[MKLaunchOptionsDirectionsModeKey] as? String {
            let engine =
                switch mode {
                case MKLaunchOptionsDirectionsModeWalking: "fossgis_osrm_foot"
                case MKLaunchOptionsDirectionsModeCycling: "fossgis_osrm_bike"
                default: "fossgis_osrm_car"
                }
            return URL(string: "https://www.openstreetmap.org/directions?engine=\(engine)&route=%3B\(latitude)%2C\(longitude)")!
        }
        return URL(string: "https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)#map=16/\(latitude)/\(longitude)")!
    }

    /// Opens the place in the visitor's browser (in an event's handler); false outside one.
    @MainActor @discardableResult
    open func openInMaps(launchOptions: [String: Any]? = nil) -> Bool {
        var opened = false
        UIApplication.shared.open(openStreetMapURL(launchOptions: launchOptions)) { opened = $0 }
        return opened
    }

    @MainActor @discardableResult
    public static func openMaps(with mapItems: [MKMapItem], launchOptions: [String: Any]? = nil) -> Bool {
        guard let last = mapItems.last(where: { !$0.isCurrentLocation }) else { return false }
        return last.openInMaps(launchOptions: launchOptions)
    }
}

private final class CurrentLocationItem: MKMapItem, @unchecked Sendable {
    override var isCurrentLocation: Bool { true }
}

public let MKLaunchOptionsDirectionsModeKey = "MKLaunchOptionsDirectionsMode"
public let MKLaunchOptionsDirectionsModeDriving = "MKLaunchOptionsDirectionsModeDriving"
public let MKLaunchOptionsDirectionsModeWalking = "MKLaunchOptionsDirectionsModeWalking"
public let MKLaunchOptionsDirectionsModeTransit = "MKLaunchOptionsDirectionsModeTransit"
public let MKLaunchOptionsDirectionsModeCycling = "MKLaunchOptionsDirectionsModeCycling"
public let MKLaunchOptionsDirectionsModeDefault = "MKLaunchOptionsDirectionsModeDefault"
public let MKLaunchOptionsMapCenterKey = "MKLaunchOptionsMapCenter"
public let MKLaunchOptionsMapSpanKey = "MKLaunchOptionsMapSpan"

/// A kind of place (`.airport`, `.restaurant`, …).
public struct MKPointOfInterestCategory: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let airport = Self(rawValue: "MKPOICategoryAirport")
    public static let restaurant = Self(rawValue: "MKPOICategoryRestaurant")
    public static let cafe = Self(rawValue: "MKPOICategoryCafe")
    public static let hotel = Self(rawValue: "MKPOICategoryHotel")
    public static let parking = Self(rawValue: "MKPOICategoryParking")
    public static let publicTransport = Self(rawValue: "MKPOICategoryPublicTransport")
    public static let park = Self(rawValue: "MKPOICategoryPark")
    public static let museum = Self(rawValue: "MKPOICategoryMuseum")
    public static let store = Self(rawValue: "MKPOICategoryStore")
    public static let gasStation = Self(rawValue: "MKPOICategoryGasStation")
    public static let hospital = Self(rawValue: "MKPOICategoryHospital")
}

/// Why a MapKit request failed.
public struct MKError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: Int, Sendable {
        case unknown = 1, serverFailure, loadingThrottled, placemarkNotFound, directionsNotFound, decodingFailed
    }
    public let code: Code
    public init(_ code: Code) { self.code = code }
    public var description: String {
        switch code {
        case .serverFailure: "MapKit's search and directions come from Apple's servers; Jetway has no such service"
        default: "MKError \(code)"
        }
    }
}

/// A search for places by name. Apple answers it from its own service; Jetway has none, so
/// each search ends with `MKError(.serverFailure)`, which the app's code handles as it handles a
/// device offline (as `CLGeocoder`'s requests do).
public final class MKLocalSearch: @unchecked Sendable {
    public final class Request: @unchecked Sendable {
        public var naturalLanguageQuery: String?
        public var region = MKCoordinateRegion()
        public var resultTypes = ResultType.pointOfInterest
        public init() {}
        public init(naturalLanguageQuery: String) { self.naturalLanguageQuery = naturalLanguageQuery }
    }

    public struct ResultType: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let address = Self(rawValue: 1)
        public static let pointOfInterest = Self(rawValue: 2)
    }

    public final class Response: @unchecked Sendable {
        public let mapItems: [MKMapItem]
        public let boundingRegion: MKCoordinateRegion
        init(mapItems: [MKMapItem], boundingRegion: MKCoordinateRegion) {
            self.mapItems = mapItems
            self.boundingRegion = boundingRegion
        }
    }

    public let request: Request
    public private(set) var isSearching = false

    public init(request: Request) { self.request = request }

    public func start(completionHandler: @escaping @Sendable (Response?, (any Error)?) -> Void) {
        DispatchQueue.main.async { completionHandler(nil, MKError(.serverFailure)) }
    }

    public func start() async throws -> Response { throw MKError(.serverFailure) }

    public func cancel() {}
}
