import Foundation
import Jetway
import JetwayMapKit
import JetwayTesting
import Testing

// Maps as apps write them: iOS 17's `Map(position:)` with markers and a selection, iOS 14's
// `Map(coordinateRegion:annotationItems:)` with pins and annotations, overlays, the camera the
// visitor's moves set, and the controls.

struct Landmark: Identifiable, Hashable {
    let id: String
    let name: String
    let latitude: Double
    let longitude: Double
    var coordinate: CLLocationCoordinate2D { CLLocationCoordinate2D(latitude: latitude, longitude: longitude) }
}

let landmarks = [
    Landmark(id: "gg", name: "Golden Gate", latitude: 37.8199, longitude: -122.4783),
    Landmark(id: "ft", name: "Ferry Building", latitude: 37.7955, longitude: -122.3937),
]

struct LandmarkMap: View {
    @State var position: MapCameraPosition = .automatic
    @State var selected: String?
    @State var lastRegion: MKCoordinateRegion?

    var body: some View {
        VStack {
            Map(position: $position, selection: $selected) {
                ForEach(landmarks) { landmark in
                    Marker(landmark.name, systemImage: "star.fill", coordinate: landmark.coordinate)
                        .tint(.orange)
                        .tag(landmark.id)
                }
                MapPolyline(coordinates: landmarks.map(\.coordinate)).stroke(.blue, lineWidth: 4)
                MapCircle(center: landmarks[0].coordinate, radius: 500).foregroundStyle(.green.opacity(0.3))
                UserAnnotation()
            }
            .mapStyle(.standard(emphasis: .muted))
            .mapControls {
                MapUserLocationButton()
                MapScaleView()
                MapCompass()
            }
            .onMapCameraChange { context in lastRegion = context.region }
            Text(selected.map { "Selected \($0)" } ?? "Nothing selected")
            Text(lastRegion.map { "Moved to \(String(format: "%.2f", $0.center.latitude))" } ?? "Not moved")
            Text(position.positionedByUser ? "By user" : "By app")
            Button("Ferry") {
                position = .region(MKCoordinateRegion(center: landmarks[1].coordinate, latitudinalMeters: 2_000, longitudinalMeters: 2_000))
            }
        }
    }
}

struct Place: Identifiable {
    let id = UUID()
    let name: String
    let coordinate: CLLocationCoordinate2D
}

struct ClassicMap: View {
    @State private var region = MKCoordinateRegion(
        center: CLLocationCoordinate2D(latitude: 51.5074, longitude: -0.1278),
        span: MKCoordinateSpan(latitudeDelta: 0.2, longitudeDelta: 0.2))
    let places = [
        Place(name: "Tower", coordinate: CLLocationCoordinate2D(latitude: 51.5081, longitude: -0.0759)),
        Place(name: "Eye", coordinate: CLLocationCoordinate2D(latitude: 51.5033, longitude: -0.1196)),
    ]

    var body: some View {
        VStack {
            Map(coordinateRegion: $region, showsUserLocation: true, annotationItems: places) { place in
                MapAnnotation(coordinate: place.coordinate) {
                    Circle().fill(.red).frame(width: 12, height: 12)
                    Text(place.name)
                }
            }
            .frame(height: 300)
            Text("Centre \(String(format: "%.3f", region.center.latitude)), \(String(format: "%.3f", region.center.longitude))")
        }
    }
}

extension ViewHost {
    var map: DOMNode? { elements(withClass: "jw-map").first }
    var mapItems: [DOMNode] { elements(withClass: "jw-map-item") }
}

@MainActor
@Suite struct MapViewTests {
    @Test func anAutomaticPositionFitsTheMarkersAndTheMapSaysWhatItMayDo() throws {
        let host = ViewHost(LandmarkMap())
        let map = try #require(host.map)
        let region = try #require(map.attribute("data-jw-map")).split(separator: " ").compactMap { Double($0) }
        #expect(region.count == 4)
        // Spanning both landmarks and the circle of 500 m around one, with a margin.
        for landmark in landmarks {
            #expect(abs(landmark.latitude - region[0]) < region[2] / 2 * 0.9, "\(region)")
            #expect(abs(landmark.longitude - region[1]) < region[3] / 2 * 0.9, "\(region)")
        }
        let circleNorth = 37.8199 + 500 / 111_320.0
        #expect(abs(circleNorth - region[0]) < region[2] / 2, "\(region)")
        #expect(map.attribute("data-jw-map-options") == "pan zoom user muted")
        #expect(map.attribute("data-jw-map-tiles")?.hasPrefix("https://tile.openstreetmap.org/{z}/{x}/{y}.png\n©") == true)
        #expect(map.attribute("data-on")?.split(separator: " ").contains("camera") == true)
    }

    @Test func markersAreAtTheirCoordinatesWithTheirTitlesTintAndGlyph() throws {
        let host = ViewHost(LandmarkMap())
        let items = host.mapItems
        #expect(items.count == 2)
        let golden = try #require(items.first { $0.attribute("aria-label") == "Golden Gate" })
        #expect(golden.attribute("data-jw-map-at") == "37.8199 -122.4783 0.5 1")
        #expect(golden.attribute("style")?.contains("--jw-map-tint:\(Color.orange.css)") == true)
        #expect(golden.attribute("role") == "button" && golden.attribute("aria-pressed") == "false")
        #expect(!host.elements(withText: "Golden Gate").isEmpty)
        #expect(golden.descendants.contains { $0.attribute("class")?.contains("jw-map-balloon") == true })
        // The overlays: a line through both and a circle of 500 m.
        let shapes = host.elements(withClass: "jw-map-shape")
        #expect(shapes.map { $0.attribute("data-jw-map-shape") ?? "" } == ["line", "circle 500"])
        #expect(shapes[0].attribute("data-jw-map-at") == "37.8199 -122.4783 37.7955 -122.3937")
        #expect(shapes[0].attribute("style")?.contains("--jw-map-stroke:\(Color.blue.css)") == true)
        #expect(shapes[0].attribute("style")?.contains("--jw-map-width:4px") == true)
        #expect(shapes[1].attribute("style")?.contains("--jw-map-fill:") == true)
    }

    @Test func tappingAMarkerSelectsItsTagAndTappingTheMapClearsIt() throws {
        let host = ViewHost(LandmarkMap())
        try host.send(.click, where: { $0.attribute("aria-label") == "Ferry Building" })
        #expect(!host.elements(withText: "Selected ft").isEmpty)
        let ferry = try #require(host.mapItems.first { $0.attribute("aria-label") == "Ferry Building" })
        #expect(ferry.attribute("aria-pressed") == "true" && ferry.attribute("class")?.contains("jw-map-selected") == true)
        try host.send(.click, where: { $0.attribute("class")?.contains("jw-map ") == true })
        #expect(!host.elements(withText: "Nothing selected").isEmpty)
    }

    @Test func theVisitorsMoveSetsThePositionAndTellsOnMapCameraChange() throws {
        let host = ViewHost(LandmarkMap())
        try host.send(.camera, .numbers([37.77, -122.42, 0.05, 0.08]), where: { $0.attribute("data-jw-map") != nil })
        #expect(!host.elements(withText: "Moved to 37.77").isEmpty)
        #expect(!host.elements(withText: "By user").isEmpty)
        #expect(host.map?.attribute("data-jw-map") == "37.77 -122.42 0.05 0.08")
        // The app moves it: a region of 2 km around the ferry building.
        try host.tap("Ferry")
        let region = try #require(host.map?.attribute("data-jw-map")).split(separator: " ").compactMap { Double($0) }
        #expect(abs(region[0] - 37.7955) < 1e-6 && abs(region[2] - 2_000 / 111_320) < 1e-5, "\(region)")
        #expect(!host.elements(withText: "By app").isEmpty)
    }

    @Test func aCameraThatIsNotOnTheGlobeIsRefusedWithAClearError() throws {
        let host = ViewHost(LandmarkMap())
        for bad: EventPayload in [.numbers([95, 0, 1, 1]), .numbers([0, 0, -1, 1]), .numbers([0, 0, 1]), .text("north")] {
            #expect(throws: JetwayError.self) {
                try host.send(.camera, bad, where: { $0.attribute("data-jw-map") != nil })
            }
        }
        #expect(!host.elements(withText: "Not moved").isEmpty)
    }

    @Test func theControlsTheAppListsAreThere() throws {
        let host = ViewHost(LandmarkMap())
        let controls = host.dom.root.descendants.compactMap { $0.attribute("data-jw-map-control") }
        // The compass shows only on a turned map: the page's map is always north up.
        #expect(controls == ["user", "scale"])
        #expect(host.elements(withClass: "jw-map-chrome").count == 1 && host.elements(withClass: "jw-map-tiles").count == 1)
    }

    @Test func hiddenControlsAreLeftOutAndAContinuousListenerAsksForMovesAsTheyGo() throws {
        struct Quiet: View {
            @State var heard = 0
            var body: some View {
                VStack {
                    Map(
                        initialPosition: .region(
                            MKCoordinateRegion(
                                center: .init(latitude: 48.85, longitude: 2.35), latitudinalMeters: 900, longitudinalMeters: 900))
                    )
                    .mapControls {
                        MapUserLocationButton()
                        MapScaleView()
                    }
                    .mapControlVisibility(.hidden)
                    .onMapCameraChange(frequency: .continuous) { heard += 1 }
                    Text("Heard \(heard)")
                }
            }
        }
        let host = ViewHost(Quiet())
        #expect(host.dom.root.descendants.allSatisfy { $0.attribute("data-jw-map-control") == nil })
        #expect(host.map?.attribute("data-jw-map-options") == "pan zoom continuous")
        try host.send(.camera, .numbers([48.86, 2.34, 0.01, 0.01]), where: { $0.attribute("data-jw-map") != nil })
        #expect(!host.elements(withText: "Heard 1").isEmpty)
        // Visible (or automatic) controls show.
        let shown = ViewHost(Map().mapControls { MapScaleView() }.mapControlVisibility(.visible))
        #expect(shown.dom.root.descendants.compactMap { $0.attribute("data-jw-map-control") } == ["scale"])
    }

    @Test func iOS14sMapOfARegionWithAnnotationsFollowsTheRegionBinding() throws {
        let host = ViewHost(ClassicMap())
        let map = try #require(host.map)
        #expect(map.attribute("data-jw-map") == "51.5074 -0.1278 0.2 0.2")
        #expect(map.attribute("data-jw-map-options") == "pan zoom user")
        #expect(host.mapItems.map { $0.attribute("data-jw-map-at") ?? "" } == ["51.5081 -0.0759 0.5 0.5", "51.5033 -0.1196 0.5 0.5"])
        #expect(!host.elements(withText: "Tower").isEmpty)
        try host.send(.camera, .numbers([51.5, -0.12, 0.05, 0.1]), where: { $0.attribute("data-jw-map") != nil })
        #expect(!host.elements(withText: "Centre 51.500, -0.120").isEmpty)
    }

    @Test func anInitialPositionMapKeepsWhereTheVisitorTookIt() throws {
        struct Start: View {
            @State var count = 0
            var body: some View {
                VStack {
                    Map(
                        initialPosition: .region(
                            MKCoordinateRegion(
                                center: .init(latitude: 48.85, longitude: 2.35), latitudinalMeters: 5_000, longitudinalMeters: 5_000))
                    ) {
                        Annotation("Louvre", coordinate: .init(latitude: 48.8606, longitude: 2.3376), anchor: .center) {
                            Image(systemName: "building.columns")
                        }
                        Marker("Notre-Dame", monogram: Text("ND"), coordinate: .init(latitude: 48.853, longitude: 2.3499))
                    }
                    Button("Count \(count)") { count += 1 }
                }
            }
        }
        let host = ViewHost(Start())
        try host.send(.camera, .numbers([48.87, 2.3, 0.02, 0.03]), where: { $0.attribute("data-jw-map") != nil })
        try host.tap("Count 0")
        #expect(host.map?.attribute("data-jw-map") == "48.87 2.3 0.02 0.03")
        #expect(host.mapItems.first?.attribute("data-jw-map-at") == "48.8606 2.3376 0.5 0.5")
        #expect(!host.elements(withText: "ND").isEmpty && !host.elements(withText: "Louvre").isEmpty)
    }

    @Test func regionsFromMetresAndMapPointsAsMapKitHasThem() {
        let region = MKCoordinateRegion(
            center: CLLocationCoordinate2D(latitude: 60, longitude: 10), latitudinalMeters: 11_132, longitudinalMeters: 11_132)
        #expect(abs(region.span.latitudeDelta - 0.1) < 1e-9)
        #expect(abs(region.span.longitudeDelta - 0.2) < 1e-6)
        let point = MKMapPoint(CLLocationCoordinate2D(latitude: 0, longitude: 0))
        #expect(point.x == MKMapRect.world.size.width / 2 && abs(point.y - MKMapRect.world.size.height / 2) < 1e-6)
        let back = MKMapPoint(CLLocationCoordinate2D(latitude: 51.5, longitude: -0.12)).coordinate
        #expect(abs(back.latitude - 51.5) < 1e-9 && abs(back.longitude + 0.12) < 1e-9)
        let item = MKMapItem(placemark: MKPlacemark(coordinate: CLLocationCoordinate2D(latitude: 51.5, longitude: -0.12)))
        #expect(item.openStreetMapURL().absoluteString == "https://www.openstreetmap.org/?mlat=51.5&mlon=-0.12#map=16/51.5/-0.12")
        #expect(
            item.openStreetMapURL(launchOptions: [MKLaunchOptionsDirectionsModeKey: MKLaunchOptionsDirectionsModeWalking]).absoluteString
                .contains("engine=fossgis_osrm_foot"))
    }

    @Test func aLocalSearchEndsWithAnErrorThatSaysWhy() async {
        let search = MKLocalSearch(request: MKLocalSearch.Request(naturalLanguageQuery: "coffee"))
        await #expect(throws: MKError(.serverFailure)) { try await search.start() }
    }
}
