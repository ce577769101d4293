import Foundation
import JetwayTesting
import Testing

@testable import Jetway
@testable import JetwayWire

// A weather app's location model, as such apps write it: a CLLocationManager made by a
// @StateObject, asking for permission and for updates in its init; the page's browser answers.

final class LocationModel: NSObject, ObservableObject, CLLocationManagerDelegate {
    @Published var location: CLLocation?
    @Published var status = "waiting"
    let manager = CLLocationManager()

    override init() {
        super.init()
        manager.delegate = self
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingLocation()
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        location = locations.last
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        status = (error as? CLError)?.code == .denied ? "denied" : "unknown"
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        if manager.authorizationStatus == .authorizedWhenInUse { status = "allowed" }
    }
}

private struct WeatherHeader: View {
    @StateObject private var model = LocationModel()
    var body: some View {
        VStack {
            Text(model.status)
            if let location = model.location {
                Text(
                    String(
                        format: "%.2f, %.2f ±%.0f m", location.coordinate.latitude, location.coordinate.longitude,
                        location.horizontalAccuracy))
            }
        }
    }
}

@MainActor
struct LocationManagerTests {
    @Test func thePagesBrowserAnswersItsManager() throws {
        let host = ViewHost(WeatherHeader())
        let other = ViewHost(WeatherHeader())
        try host.update()
        try other.update()
        let asked = try #require(host.dom.root.descendants.first { $0.attribute(RuntimeContract.Attribute.location) != nil })
        #expect(asked.attribute(RuntimeContract.Attribute.location)?.hasSuffix(" watch") == true, "updates wanted: a watch")
        try host.send(.location, .numbers([39.86, -104.67, 12, 1600, 5, 0, -1, 1_765_000_000_000])) {
            $0.attribute(RuntimeContract.Attribute.location) != nil
        }
        #expect(host.text.contains("allowed") && host.text.contains("39.86, -104.67 ±12 m"), "\(host.text)")
        try other.update()
        #expect(other.text.contains("waiting"), "another page's manager hears nothing")
        // The other visitor says no.
        try other.send(.location, .text("denied")) { $0.attribute(RuntimeContract.Attribute.location) != nil }
        #expect(other.text.contains("denied"))
        #expect(!other.html.contains(RuntimeContract.Attribute.location), "refused: the page stops asking")
    }

    @Test func aSharedManagerAnswersToThePageThatStartedIt() throws {
        // A model every page shares (a singleton): started from the second page, that page's
        // browser is asked, not the first's.
        let shared = LocationModel()
        struct Screen: View {
            let model: LocationModel
            var body: some View { Button("Locate") { model.manager.startUpdatingLocation() } }
        }
        let first = ViewHost(Screen(model: shared)), second = ViewHost(Screen(model: shared))
        try first.update()
        try second.update()
        try second.tap("Locate")
        try first.update()
        #expect(second.html.contains(RuntimeContract.Attribute.location))
        #expect(!first.html.contains(RuntimeContract.Attribute.location), "the first visitor's browser is not asked")
    }

    @Test func aGeocoderSaysItHasNoService() async {
        let geocoder = CLGeocoder()
        await #expect(throws: CLError(.network)) {
            try await geocoder.reverseGeocodeLocation(CLLocation(latitude: 39.86, longitude: -104.67))
        }
    }
}
