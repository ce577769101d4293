import Foundation
import Jetway

/// A place with a coordinate (MapKit's placemark): a `CLPlacemark` at a coordinate.
open class MKPlacemark: CLPlacemark, @unchecked Sendable {
    /// Where the place is.
    public let coordinate: CLLocationCoordinate2D

    /// A placemark at `coordinate`, with no name or address.
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
    /// The place: its coordinate and address.
    public let placemark: MKPlacemark
    /// The place's name (the placemark's name at first), as `Marker(item:)` shows it.
    open var name: String?
    /// The place's phone number, if the app sets one.
    open var phoneNumber: String?
    /// The place's web address, if the app sets one.
    open var url: URL?
    /// The kind of place, if the app sets one.
    open var pointOfInterestCategory: MKPointOfInterestCategory?
    /// Whether this is the visitor's own place (`forCurrentLocation()`); false for every other item.
    open var isCurrentLocation: Bool { false }

    /// An item for `placemark`, named as it is.
    public init(placemark: MKPlacemark) {
        self.placemark = placemark
        self.name = placemark.name
        super.init()
    }

    /// An item at 0°, 0° with no name.
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

    /// Opens the last of `mapItems` that is not the visitor's own place, as `openInMaps(launchOptions:)` does (directions
    /// to it when `launchOptions` ask for them); false when there is none, or outside an event's handler.
    @MainActor @discardableResult
    public static func openMaps(with mapItems: [MKMapItem], launchOptions: [String: Any]? = nil) -> Bool {
        guard let last = mapItems.last(where: { !$0.isCurrentLocation }) else { return false }
        return last.openInMaps(launchOptions: launchOptions)
    }
}

private final class CurrentLocationItem: MKMapItem, @unchecked Sendable {
    override var isCurrentLocation: Bool { true }
}

/// The launch option that asks for directions; its value is one of the modes below.
public let MKLaunchOptionsDirectionsModeKey = "MKLaunchOptionsDirectionsMode"
/// Directions by car (OpenStreetMap's car routing).
public let MKLaunchOptionsDirectionsModeDriving = "MKLaunchOptionsDirectionsModeDriving"
/// Directions on foot (OpenStreetMap's foot routing).
public let MKLaunchOptionsDirectionsModeWalking = "MKLaunchOptionsDirectionsModeWalking"
/// Directions by public transport: OpenStreetMap has none, so these are directions by car.
public let MKLaunchOptionsDirectionsModeTransit = "MKLaunchOptionsDirectionsModeTransit"
/// Directions by bicycle (OpenStreetMap's bicycle routing).
public let MKLaunchOptionsDirectionsModeCycling = "MKLaunchOptionsDirectionsModeCycling"
/// The default mode: directions by car.
public let MKLaunchOptionsDirectionsModeDefault = "MKLaunchOptionsDirectionsModeDefault"
/// MapKit's option for the map's centre (accepted; the place's own address is opened).
public let MKLaunchOptionsMapCenterKey = "MKLaunchOptionsMapCenter"
/// MapKit's option for the map's span (accepted; the place's own address is opened).
public let MKLaunchOptionsMapSpanKey = "MKLaunchOptionsMapSpan"

/// A kind of place (`.airport`, `.restaurant`, …).
public struct MKPointOfInterestCategory: RawRepresentable, Hashable, Sendable {
    /// MapKit's name for the category (`"MKPOICategoryAirport"`).
    public let rawValue: String
    /// The category named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// An airport.
    public static let airport = Self(rawValue: "MKPOICategoryAirport")
    /// A restaurant.
    public static let restaurant = Self(rawValue: "MKPOICategoryRestaurant")
    /// A café.
    public static let cafe = Self(rawValue: "MKPOICategoryCafe")
    /// A hotel.
    public static let hotel = Self(rawValue: "MKPOICategoryHotel")
    /// A car park.
    public static let parking = Self(rawValue: "MKPOICategoryParking")
    /// A stop or station of public transport.
    public static let publicTransport = Self(rawValue: "MKPOICategoryPublicTransport")
    /// A park.
    public static let park = Self(rawValue: "MKPOICategoryPark")
    /// A museum.
    public static let museum = Self(rawValue: "MKPOICategoryMuseum")
    /// A shop.
    public static let store = Self(rawValue: "MKPOICategoryStore")
    /// A petrol station.
    public static let gasStation = Self(rawValue: "MKPOICategoryGasStation")
    /// A hospital.
    public static let hospital = Self(rawValue: "MKPOICategoryHospital")
}

/// Why a MapKit request failed.
public struct MKError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure it was.
    public enum Code: Int, Sendable {
        /// MapKit's codes; in Jetway a search always ends with `serverFailure` (there is no Apple service to ask).
        case unknown = 1, serverFailure, loadingThrottled, placemarkNotFound, directionsNotFound, decodingFailed
    }
    /// What kind of failure it was.
    public let code: Code
    /// An error of the kind `code`.
    public init(_ code: Code) { self.code = code }
    /// What went wrong, in words (for `serverFailure`: that Jetway has no such service).
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
    /// What to search for.
    public final class Request: @unchecked Sendable {
        /// The words to search for (`"coffee"`).
        public var naturalLanguageQuery: String?
        /// Where to search (kept; no search is made).
        public var region = MKCoordinateRegion()
        /// Which kinds of results to find (kept; no search is made).
        public var resultTypes = ResultType.pointOfInterest
        /// An empty request.
        public init() {}
        /// A request for `naturalLanguageQuery`.
        public init(naturalLanguageQuery: String) { self.naturalLanguageQuery = naturalLanguageQuery }
    }

    /// The kinds of results a search finds: addresses, points of interest, or both.
    public struct ResultType: OptionSet, Sendable {
        /// The kinds' bits.
        public let rawValue: UInt
        /// The kinds whose bits are `rawValue`.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Addresses.
        public static let address = Self(rawValue: 1)
        /// Points of interest (the default).
        public static let pointOfInterest = Self(rawValue: 2)
    }

    /// What a search found (never made in Jetway: every search fails).
    public final class Response: @unchecked Sendable {
        /// The places found.
        public let mapItems: [MKMapItem]
        /// The region that holds them.
        public let boundingRegion: MKCoordinateRegion
        init(mapItems: [MKMapItem], boundingRegion: MKCoordinateRegion) {
            self.mapItems = mapItems
            self.boundingRegion = boundingRegion
        }
    }

    /// What this search looks for.
    public let request: Request
    /// Whether the search is under way: always false, as a search fails at once.
    public private(set) var isSearching = false

    /// A search for `request`.
    public init(request: Request) { self.request = request }

    /// Calls `completionHandler` on the main queue with no response and `MKError(.serverFailure)`: Jetway has no place
    /// search.
    public func start(completionHandler: @escaping @Sendable (Response?, (any Error)?) -> Void) {
        DispatchQueue.main.async { completionHandler(nil, MKError(.serverFailure)) }
    }

    /// Throws `MKError(.serverFailure)`: Jetway has no place search.
    public func start() async throws -> Response { throw MKError(.serverFailure) }

    /// Does nothing: there is no search under way to cancel.
    public func cancel() {}
}
