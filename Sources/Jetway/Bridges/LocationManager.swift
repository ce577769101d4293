import Foundation

/// CoreLocation's manager, answered by the visitor's browser (`navigator.geolocation`): the
/// manager belongs to the page whose view made it, or the page acting when it is started, and
/// that page's browser asks the visitor, then reports positions to the manager's delegate. A
/// manager made per page (by a `@StateObject`) hears only its visitor; one a model shares with
/// every page (a singleton) answers to the last page that started it, and what its delegate
/// keeps is shared as the model is.
///
/// ```swift
/// final class LocationModel: NSObject, ObservableObject, CLLocationManagerDelegate {
///     @Published var location: CLLocation?
///     private let manager = CLLocationManager()
///     override init() {
///         super.init()
///         manager.delegate = self
///         manager.requestWhenInUseAuthorization()
///         manager.startUpdatingLocation()
///     }
///     func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
///         location = locations.last
///     }
/// }
/// ```
///
/// The browser asks the visitor when the position is first wanted, so
/// `requestWhenInUseAuthorization()` asks for one position and reports the answer through
/// `locationManagerDidChangeAuthorization`. Accuracy and distance filters are the browser's.
/// (Main-actor isolated with `@preconcurrency`: a model that is not, as apps write them in Swift
/// 5 mode, uses it as it uses Apple's, which has no isolation of its own.)
@MainActor @preconcurrency
open class CLLocationManager: NSObject {
    /// Told positions, failures and the authorization, on the main actor; held weakly.
    open weak var delegate: CLLocationManagerDelegate?
    /// Kept and not read: the browser chooses the accuracy.
    open var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
    /// Kept and not read: every position the browser reports is passed on.
    open var distanceFilter: CLLocationDistance = kCLDistanceFilterNone
    /// Kept and not read: the browser has no activity types.
    open var activityType: CLActivityType = .other
    /// Kept and not read: a page's positions stop when the page closes.
    open var allowsBackgroundLocationUpdates = false
    /// Kept and not read: the browser decides when to pause.
    open var pausesLocationUpdatesAutomatically = true
    /// The last position the browser reported.
    open private(set) var location: CLLocation?
    /// `.notDetermined` until the visitor answered the browser.
    open private(set) var authorizationStatus: CLAuthorizationStatus = .notDetermined

    /// The page of the view that made it (or started it).
    private weak var page: PageHost?
    private var updating = false
    /// Asked only for the authorization: the answer's position is kept, not reported.
    private var askingAuthorization = false

    /// A manager of the page acting now (none when made outside a page). Its delegate is told the
    /// authorization (`.notDetermined`) on the main queue's next turn.
    public override init() {
        page = PageHost.acting
        super.init()
        // CoreLocation tells the delegate the authorization soon after the manager is made
        // (apps start from there); the delegate is set by then.
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.delegate?.locationManagerDidChangeAuthorization(self)
            }
        }
    }

    /// Whether the browser can report positions at all (it asks the visitor).
    nonisolated open class func locationServicesEnabled() -> Bool { true }

    /// Asks the browser for one position, so that it asks the visitor; the answer changes
    /// `authorizationStatus` (the position is kept in `location`, not reported unless updating).
    /// Does nothing once the visitor has answered.
    open func requestWhenInUseAuthorization() {
        guard authorizationStatus == .notDetermined, let page = currentPage() else { return }
        askingAuthorization = true
        page.wantLocation(self, continuous: false)
    }

    /// The same as `requestWhenInUseAuthorization()`: a browser has no "always", so the status
    /// becomes `.authorizedWhenInUse`.
    open func requestAlwaysAuthorization() { requestWhenInUseAuthorization() }

    /// Watches the position: the browser reports each change to the delegate until
    /// `stopUpdatingLocation()`, or until the visitor refuses.
    open func startUpdatingLocation() {
        guard let page = currentPage() else { return }
        updating = true
        page.wantLocation(self, continuous: true)
    }

    /// Stops watching the position.
    open func stopUpdatingLocation() {
        updating = false
        page?.stopLocation(self)
    }

    /// One position, reported once.
    open func requestLocation() {
        guard let page = currentPage() else { return }
        askingAuthorization = false
        page.wantLocation(self, continuous: false)
    }

    /// The page acting now (a shared manager asked from another visitor's page answers to
    /// that page), else the page of the view that made it. With neither (a model made outside
    /// any page) there is no browser to ask: the delegate hears `CLError(.locationUnknown)`.
    private func currentPage() -> PageHost? {
        if let acting = PageHost.acting {
            if let page, page !== acting { page.stopLocation(self) }
            page = acting
        }
        if page == nil {
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.delegate?.locationManager(self, didFailWithError: CLError(.locationUnknown))
                }
            }
        }
        return page
    }

    func arrived(_ location: CLLocation) {
        self.location = location
        let wasAsking = askingAuthorization
        askingAuthorization = false
        changeAuthorization(to: .authorizedWhenInUse)
        guard !wasAsking || updating else { return }
        delegate?.locationManager(self, didUpdateLocations: [location])
    }

    func failed(_ reason: String) {
        askingAuthorization = false
        if reason == "denied" {
            updating = false
            changeAuthorization(to: .denied)
        }
        delegate?.locationManager(self, didFailWithError: CLError(reason == "denied" ? .denied : .locationUnknown))
    }

    private func changeAuthorization(to status: CLAuthorizationStatus) {
        guard authorizationStatus != status else { return }
        authorizationStatus = status
        delegate?.locationManagerDidChangeAuthorization(self)
        delegate?.locationManager(self, didChangeAuthorization: status)
    }
}

/// What a location manager tells its delegate (each has a default: implement the ones you need).
@MainActor @preconcurrency
public protocol CLLocationManagerDelegate: AnyObject {
    /// Called with each position the browser reports while updating, and with the one `requestLocation()` asked
    /// for (always a list of one).
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    /// Called when the browser has no position (`CLError(.locationUnknown)`, also when no page is there to ask) or
    /// the visitor refused (`CLError(.denied)`, which stops updating).
    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error)
    /// Called soon after the manager is made (`.notDetermined`) and whenever the visitor's answer changes
    /// `authorizationStatus`.
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    /// The older form, called with the new `status` right after `locationManagerDidChangeAuthorization(_:)` when the
    /// status changes (not for the first `.notDetermined`).
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
}

extension CLLocationManagerDelegate {
    /// Does nothing by default.
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    /// Does nothing by default.
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {}
    /// Does nothing by default.
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    /// Does nothing by default.
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {}
}

/// Whether the app may have the visitor's position.
public enum CLAuthorizationStatus: Int32, Sendable {
    /// Not asked yet; restricted (never reported here); refused; always (never reported here); while
    /// the app is in use (what a browser's yes becomes).
    case notDetermined, restricted, denied, authorizedAlways, authorizedWhenInUse
}

/// What the app's positions are for; kept and not read.
public enum CLActivityType: Int, Sendable {
    /// Other; driving; fitness; other navigation; flying.
    case other = 1, automotiveNavigation, fitness, otherNavigation, airborne
}

/// Why a location manager has no position: the visitor refused, or the browser has none.
public struct CLError: Error, Equatable, Sendable {
    /// The reasons CoreLocation names, with Apple's raw values; a browser's failure becomes
    /// `locationUnknown` or `denied`, and the geocoder's `network`.
    public enum Code: Int, Sendable {
        /// No position now; the visitor refused; the network failed (the geocoder's answer here); no
        /// heading; region monitoring denied.
        case locationUnknown = 0, denied = 1, network = 2, headingFailure = 3, regionMonitoringDenied = 4
        /// Region monitoring failed, or was delayed.
        case regionMonitoringFailure = 5, regionMonitoringSetupDelayed = 6, regionMonitoringResponseDelayed = 7
        /// Geocoding found nothing, found part, or was cancelled; deferred updates failed.
        case geocodeFoundNoResult = 8, geocodeFoundPartialResult = 9, geocodeCanceled = 10, deferredFailed = 11
        /// Deferred updates: not updating, accuracy too low, filtered by distance, or cancelled.
        case deferredNotUpdatingLocation = 12, deferredAccuracyTooLow = 13, deferredDistanceFiltered = 14, deferredCanceled = 15
        /// Ranging unavailable or failed; the prompt declined; a historical location failed.
        case rangingUnavailable = 16, rangingFailure = 17, promptDeclined = 18, historicalLocationError = 19
    }
    /// Why there is no position.
    public let code: Code
    /// An error of `code`.
    public init(_ code: Code) { self.code = code }
}

/// The best accuracy the device has (kept; the browser chooses).
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
/// Within ten metres (kept; the browser chooses).
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
/// Within a hundred metres (kept; the browser chooses).
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
/// Within a kilometre (kept; the browser chooses).
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
/// Within three kilometres (kept; the browser chooses).
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
/// Every position, however little it moved.
public let kCLDistanceFilterNone: CLLocationDistance = -1

/// The page's hold on a manager: it does not keep a manager its model let go of.
struct WeakLocationManager {
    weak var value: CLLocationManager?
    init(_ value: CLLocationManager) { self.value = value }
}

extension CLLocation {
    /// A position as the browser reports it (features/location.js): latitude, longitude,
    /// accuracy, altitude, altitude accuracy, speed, course, milliseconds since 1970.
    convenience init(browser values: [Double]) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: values[0], longitude: values[1]), altitude: values[4] < 0 ? 0 : values[3],
            horizontalAccuracy: values[2], verticalAccuracy: values[4], course: values[6], speed: values[5],
            timestamp: Date(timeIntervalSince1970: values[7] / 1000))
    }
}

/// A place's names for a position, as a geocoder gives them.
open class CLPlacemark: NSObject, @unchecked Sendable {
    /// The position the names are for.
    public let location: CLLocation?
    /// The place's name.
    public let name: String?
    /// The city.
    public let locality: String?
    /// The neighbourhood; nil for a placemark made here.
    public let subLocality: String?
    /// The state or province; nil for a placemark made here.
    public let administrativeArea: String?
    /// The country's name.
    public let country: String?
    /// The country's ISO code; nil for a placemark made here.
    public let isoCountryCode: String?
    /// The postal code; nil for a placemark made here.
    public let postalCode: String?

    /// A placemark with a position, a name, a city and a country (the other names nil).
    public init(location: CLLocation?, name: String?, locality: String?, country: String?) {
        self.location = location
        self.name = name
        self.locality = locality
        self.subLocality = nil
        self.administrativeArea = nil
        self.country = country
        self.isoCountryCode = nil
        self.postalCode = nil
    }
}

/// Places from positions and positions from addresses. Apple answers these from its own
/// service; Jetway has none, so each request ends with `CLError(.network)` (on the main queue,
/// as CoreLocation calls back), which the app's code handles as it handles a device offline.
open class CLGeocoder: NSObject, @unchecked Sendable {
    /// A geocoder; every request it gets fails with `CLError(.network)`.
    public override init() { super.init() }

    /// Calls `completionHandler` with `CLError(.network)` on the main queue: there is no geocoding
    /// service.
    open func reverseGeocodeLocation(_ location: CLLocation, completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void)
    {
        DispatchQueue.main.async { completionHandler(nil, CLError(.network)) }
    }

    /// Calls `completionHandler` with `CLError(.network)` on the main queue: there is no geocoding
    /// service.
    open func geocodeAddressString(_ addressString: String, completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void) {
        DispatchQueue.main.async { completionHandler(nil, CLError(.network)) }
    }

    /// Throws `CLError(.network)`: there is no geocoding service.
    open func reverseGeocodeLocation(_ location: CLLocation) async throws -> [CLPlacemark] { throw CLError(.network) }
    /// Throws `CLError(.network)`: there is no geocoding service.
    open func geocodeAddressString(_ addressString: String) async throws -> [CLPlacemark] { throw CLError(.network) }
    /// Does nothing: no request is ever pending.
    open func cancelGeocode() {}
}
