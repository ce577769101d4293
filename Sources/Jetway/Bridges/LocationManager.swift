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
    open weak var delegate: CLLocationManagerDelegate?
    open var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
    open var distanceFilter: CLLocationDistance = kCLDistanceFilterNone
    open var activityType: CLActivityType = .other
    open var allowsBackgroundLocationUpdates = false
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

    open func requestWhenInUseAuthorization() {
        guard authorizationStatus == .notDetermined, let page = currentPage() else { return }
        askingAuthorization = true
        page.wantLocation(self, continuous: false)
    }

    open func requestAlwaysAuthorization() { requestWhenInUseAuthorization() }

    open func startUpdatingLocation() {
        guard let page = currentPage() else { return }
        updating = true
        page.wantLocation(self, continuous: true)
    }

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
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error)
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
}

extension CLLocationManagerDelegate {
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {}
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {}
}

public enum CLAuthorizationStatus: Int32, Sendable {
    case notDetermined, restricted, denied, authorizedAlways, authorizedWhenInUse
}

public enum CLActivityType: Int, Sendable {
    case other = 1, automotiveNavigation, fitness, otherNavigation, airborne
}

/// Why a location manager has no position: the visitor refused, or the browser has none.
public struct CLError: Error, Equatable, Sendable {
    public enum Code: Int, Sendable {
        case locationUnknown = 0, denied = 1, network = 2, headingFailure = 3, regionMonitoringDenied = 4
        case regionMonitoringFailure = 5, regionMonitoringSetupDelayed = 6, regionMonitoringResponseDelayed = 7
        case geocodeFoundNoResult = 8, geocodeFoundPartialResult = 9, geocodeCanceled = 10, deferredFailed = 11
        case deferredNotUpdatingLocation = 12, deferredAccuracyTooLow = 13, deferredDistanceFiltered = 14, deferredCanceled = 15
        case rangingUnavailable = 16, rangingFailure = 17, promptDeclined = 18, historicalLocationError = 19
    }
    public let code: Code
    public init(_ code: Code) { self.code = code }
}

public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
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
    public let location: CLLocation?
    public let name: String?
    public let locality: String?
    public let subLocality: String?
    public let administrativeArea: String?
    public let country: String?
    public let isoCountryCode: String?
    public let postalCode: String?

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
    public override init() { super.init() }

    open func reverseGeocodeLocation(_ location: CLLocation, completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void)
    {
        DispatchQueue.main.async { completionHandler(nil, CLError(.network)) }
    }

    open func geocodeAddressString(_ addressString: String, completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void) {
        DispatchQueue.main.async { completionHandler(nil, CLError(.network)) }
    }

    open func reverseGeocodeLocation(_ location: CLLocation) async throws -> [CLPlacemark] { throw CLError(.network) }
    open func geocodeAddressString(_ addressString: String) async throws -> [CLPlacemark] { throw CLError(.network) }
    open func cancelGeocode() {}
}
