/// CoreLocationUI's location button (`import CoreLocationUI`, which `jetway port` writes as
/// Jetway's): a button with the location arrow whose action asks for the visitor's location
/// (`CLLocationManager.requestLocation()` is answered by the browser's geolocation, which asks
/// the visitor once, as iOS's button does).
///
/// ```swift
/// LocationButton(.shareCurrentLocation) { locationManager.requestLocation() }
///     .labelStyle(.titleAndIcon)
/// ```
public struct LocationButton: View {
    /// What the button's title says.
    public struct Title: Sendable, Equatable {
        let text: String
        /// "Current Location".
        public static let currentLocation = Title(text: "Current Location")
        /// "Send Current Location".
        public static let sendCurrentLocation = Title(text: "Send Current Location")
        /// "Send My Current Location".
        public static let sendMyCurrentLocation = Title(text: "Send My Current Location")
        /// "Share Current Location".
        public static let shareCurrentLocation = Title(text: "Share Current Location")
        /// "Share My Current Location".
        public static let shareMyCurrentLocation = Title(text: "Share My Current Location")
    }

    let title: Title?
    let action: @MainActor () -> Void

    /// With no title: the arrow alone (its accessible name is the current location's).
    public init(_ title: Title? = nil, action: @escaping @MainActor () -> Void) {
        self.title = title
        self.action = action
    }

    /// A prominent bordered button with the filled location arrow, and the title when there is one.
    public var body: some View {
        if let title {
            Button(action: action) { Label(title.text, systemImage: "location.fill") }
                .buttonStyle(.borderedProminent)
        } else {
            Button(action: action) { Image(systemName: "location.fill") }
                .buttonStyle(.borderedProminent)
                .accessibilityLabel(Title.currentLocation.text)
        }
    }
}
