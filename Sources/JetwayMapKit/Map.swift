import Foundation
import Jetway
import JetwayWire

/// A map of the world in the page: tiles from a web map server (`MapTileSource`), the
/// content's markers, annotations and overlays at their coordinates, moved and zoomed by the
/// visitor's mouse, finger, wheel or keys in the browser. Where it looks is the app's
/// (`position:` or `coordinateRegion:` bindings, set when a move settles) or the map's own.
///
/// ```swift
/// @State private var position: MapCameraPosition = .automatic
/// var body: some View {
///     Map(position: $position) {
///         ForEach(airports) { airport in
///             Marker(airport.code, systemImage: "airplane", coordinate: airport.coordinate)
///         }
///     }
///     .mapStyle(.standard(emphasis: .muted))
///     .onMapCameraChange { context in visibleRegion = context.region }
/// }
/// ```
public struct Map<Content: MapContent>: View {
    let camera: MapCameraBinding
    let selection: MapSelection?
    let interactionModes: MapInteractionModes
    let showsUserLocation: Bool
    let content: Content
    /// Where the visitor moved a map that holds its own position (`initialPosition:`).
    @State private var moved: MapCameraPosition?

    init(
        camera: MapCameraBinding, selection: MapSelection?, interactionModes: MapInteractionModes, showsUserLocation: Bool = false,
        content: Content
    ) {
        self.camera = camera
        self.selection = selection
        self.interactionModes = interactionModes
        self.showsUserLocation = showsUserLocation
        self.content = content
    }

    /// The map's element, with its position read from the app's binding, its region binding, or the map's own state.
    public var body: some View {
        let position: Binding<MapCameraPosition> =
            switch camera {
            case .position(let binding): binding
            case .region(let region):
                Binding(get: { .region(region.wrappedValue) }, set: { if let new = $0.region { region.wrappedValue = new } })
            case .initial(let initial):
                Binding(get: { moved ?? initial }, set: { moved = $0 })
            }
        return MapSurface(
            position: position, selection: selection, interactionModes: interactionModes, showsUserLocation: showsUserLocation,
            content: content)
    }
}

/// Where a map's position lives.
enum MapCameraBinding {
    case position(Binding<MapCameraPosition>)
    case region(Binding<MKCoordinateRegion>)
    case initial(MapCameraPosition)
}

/// A map's selection binding, of any hashable value.
struct MapSelection {
    let get: () -> AnyHashable?
    let set: (AnyHashable?) -> Void

    init<Value: Hashable>(_ binding: Binding<Value?>) {
        get = { Self.tag(binding.wrappedValue) }
        set = { new in binding.wrappedValue = Self.value(new) }
    }

    private nonisolated static func tag<Value: Hashable>(_ value: Value?) -> AnyHashable? { value.map { AnyHashable($0) } }

    /// The tag as the binding's type (a tag of another type picks nothing, as in SwiftUI).
    private nonisolated static func value<Value>(_ tag: AnyHashable?) -> Value? { tag?.base as? Value }
}

// MARK: - iOS 17's initialisers

extension Map {
    /// A map that starts at `initialPosition` and then goes where the visitor takes it.
    public init(
        initialPosition: MapCameraPosition = .automatic, interactionModes: MapInteractionModes = .all, scope: Namespace.ID? = nil,
        @MapContentBuilder content: () -> Content
    ) {
        self.init(camera: .initial(initialPosition), selection: nil, interactionModes: interactionModes, content: content())
    }

    /// A map whose position is the app's: the visitor's moves set it, and setting it moves the map.
    public init(
        position: Binding<MapCameraPosition>, interactionModes: MapInteractionModes = .all, scope: Namespace.ID? = nil,
        @MapContentBuilder content: () -> Content
    ) {
        self.init(camera: .position(position), selection: nil, interactionModes: interactionModes, content: content())
    }

    /// A map whose items with a `.tag` are picked by a tap, which sets `selection`.
    public init<SelectionValue: Hashable>(
        initialPosition: MapCameraPosition = .automatic, interactionModes: MapInteractionModes = .all,
        selection: Binding<SelectionValue?>, scope: Namespace.ID? = nil, @MapContentBuilder content: () -> Content
    ) {
        self.init(
            camera: .initial(initialPosition), selection: MapSelection(selection), interactionModes: interactionModes, content: content())
    }

    /// A map whose position is the app's and whose items with a `.tag` are picked by a tap, which sets `selection`
    /// (a tap on the map elsewhere clears it); `scope` is accepted and not used.
    public init<SelectionValue: Hashable>(
        position: Binding<MapCameraPosition>, interactionModes: MapInteractionModes = .all, selection: Binding<SelectionValue?>,
        scope: Namespace.ID? = nil, @MapContentBuilder content: () -> Content
    ) {
        self.init(camera: .position(position), selection: MapSelection(selection), interactionModes: interactionModes, content: content())
    }
}

extension Map where Content == EmptyMapContent {
    /// A map with no content that starts at `initialPosition` and then goes where the visitor takes it (the whole
    /// world when it is `.automatic`); `scope` is accepted and not used.
    public init(initialPosition: MapCameraPosition = .automatic, interactionModes: MapInteractionModes = .all, scope: Namespace.ID? = nil) {
        self.init(camera: .initial(initialPosition), selection: nil, interactionModes: interactionModes, content: EmptyMapContent())
    }

    /// A map with no content whose position is the app's: the visitor's moves set it, and setting it moves the map.
    public init(position: Binding<MapCameraPosition>, interactionModes: MapInteractionModes = .all, scope: Namespace.ID? = nil) {
        self.init(camera: .position(position), selection: nil, interactionModes: interactionModes, content: EmptyMapContent())
    }

    // MARK: iOS 14's

    /// iOS 14's map of a region the app holds: the visitor's moves set it.
    public init(
        coordinateRegion: Binding<MKCoordinateRegion>, interactionModes: MapInteractionModes = .all, showsUserLocation: Bool = false,
        userTrackingMode: Binding<MapUserTrackingMode>? = nil
    ) {
        self.init(
            camera: .region(coordinateRegion), selection: nil, interactionModes: interactionModes,
            showsUserLocation: showsUserLocation || userTrackingMode.map { $0.wrappedValue != .none } == true, content: EmptyMapContent())
    }
}

extension Map where Content == _MapAnnotationItems {
    /// iOS 14's map of a region with an annotation for each item.
    public init<Items: RandomAccessCollection, Annotation: MapAnnotationProtocol>(
        coordinateRegion: Binding<MKCoordinateRegion>, interactionModes: MapInteractionModes = .all, showsUserLocation: Bool = false,
        userTrackingMode: Binding<MapUserTrackingMode>? = nil, annotationItems: Items,
        annotationContent: @escaping (Items.Element) -> Annotation
    ) where Items.Element: Identifiable {
        let items = _MapAnnotationItems { style in
            annotationItems.map { element in
                var inner = style
                inner.identity.append(AnyHashable(element.id))
                return annotationContent(element)._item(inner)
            }
        }
        self.init(
            camera: .region(coordinateRegion), selection: nil, interactionModes: interactionModes,
            showsUserLocation: showsUserLocation || userTrackingMode.map { $0.wrappedValue != .none } == true, content: items)
    }
}

// MARK: - Modifiers

/// What the map modifiers said, handed down through the environment as MapKit does, so they
/// work on a map's container too.
struct MapConfiguration {
    var style = MapStyle.standard
    var tiles: MapTileSource?
    var controls: AnyView?
    var cameraChange: ((MapCameraUpdateContext) -> Void)?
    /// An `onMapCameraChange(frequency: .continuous)` inside: the page reports the camera as
    /// the visitor moves the map, not only when the move ends.
    var continuous = false
    /// What `mapControlVisibility` said for the controls inside.
    var controlVisibility = Visibility.automatic
}

private struct MapConfigurationKey: EnvironmentKey {
    nonisolated(unsafe) static let defaultValue = MapConfiguration()
}

extension EnvironmentValues {
    var mapConfiguration: MapConfiguration {
        get { self[MapConfigurationKey.self] }
        set { self[MapConfigurationKey.self] = newValue }
    }
}

extension View {
    /// How the maps inside draw the world.
    public func mapStyle(_ style: MapStyle) -> some View {
        transformEnvironment(\.mapConfiguration) { $0.style = style }
    }

    /// The tiles the maps inside draw, whatever their style (Jetway's: a tile server of the
    /// app's for these maps only; `MapTileSource.standard` and `.imagery` set every map's).
    public func mapTileSource(_ source: MapTileSource) -> some View {
        transformEnvironment(\.mapConfiguration) { $0.tiles = source }
    }

    /// The controls the maps inside show (`MapUserLocationButton()`, `MapScaleView()`, …).
    public func mapControls<C: View>(@ViewBuilder _ content: () -> C) -> some View {
        let controls = AnyView(content())
        return transformEnvironment(\.mapConfiguration) { $0.controls = controls }
    }

    /// Whether the map controls inside show: `.hidden` leaves them out; `.visible` and
    /// `.automatic` show them (the page's scale bar and buttons stay on the map).
    public func mapControlVisibility(_ visibility: Visibility) -> some View {
        transformEnvironment(\.mapConfiguration) { $0.controlVisibility = visibility }
    }

    /// Called when the visitor's move of a map inside settles, with where it looks.
    public func onMapCameraChange(
        frequency: MapCameraUpdateFrequency = .onEnd, _ action: @escaping (MapCameraUpdateContext) -> Void
    ) -> some View {
        transformEnvironment(\.mapConfiguration) { configuration in
            if frequency == .continuous { configuration.continuous = true }
            let earlier = configuration.cameraChange
            configuration.cameraChange = { context in
                earlier?(context)
                action(context)
            }
        }
    }

    /// Calls `action` when the visitor's move of a map inside settles (also as it goes, with `.continuous`).
    public func onMapCameraChange(frequency: MapCameraUpdateFrequency = .onEnd, _ action: @escaping () -> Void) -> some View {
        onMapCameraChange(frequency: frequency) { (_: MapCameraUpdateContext) in action() }
    }
}

// MARK: - Controls

/// A button that centres the map on the visitor's position (the browser asks them first).
public struct MapUserLocationButton: View {
    /// The button; `scope` is accepted and not used.
    public init(scope: Namespace.ID? = nil) {}
    /// A button the browser's runtime wires: it asks the visitor's position and centres the map there (nothing when
    /// `mapControlVisibility(.hidden)`).
    public var body: some View {
        MapControlElement(kind: "user", label: "Show my location", symbol: "location")
    }
}

/// The map's scale: a bar with a round distance, kept by the browser as the map zooms.
public struct MapScaleView: View {
    /// The scale bar, in the map's column of controls; `anchorEdge` and `scope` are accepted and not used.
    public init(anchorEdge: HorizontalEdge = .leading, scope: Namespace.ID? = nil) {}
    /// An element the browser's runtime fills with the bar and its distance (nothing when `mapControlVisibility(.hidden)`).
    public var body: some View {
        MapControlElement(kind: "scale", label: "Scale", symbol: nil)
    }
}

/// Zoom in and out buttons.
public struct MapZoomStepper: View {
    /// The zoom buttons; `scope` is accepted and not used.
    public init(scope: Namespace.ID? = nil) {}
    /// An element the browser's runtime fills with zoom in and out buttons (nothing when `mapControlVisibility(.hidden)`).
    public var body: some View {
        MapControlElement(kind: "zoom", label: "Zoom", symbol: nil)
    }
}

/// The compass, which shows only while the map is turned from north: the page's map always
/// has north up, so it never shows.
public struct MapCompass: View {
    /// Accepted so SwiftUI code compiles; the compass never shows.
    public init(scope: Namespace.ID? = nil) {}
    /// Nothing: the page's map is never turned from north.
    public var body: some View { EmptyView() }
}

/// The 2D/3D switch, which shows only where the map can tilt: the page's map is flat, so it
/// never shows.
public struct MapPitchToggle: View {
    /// Accepted so SwiftUI code compiles; the switch never shows.
    public init(scope: Namespace.ID? = nil) {}
    /// Nothing: the page's map never tilts.
    public var body: some View { EmptyView() }
}

/// A control's element, wired by the runtime (features/maps.js).
struct MapControlElement: _PrimitiveView {
    let kind: String
    let label: String
    let symbol: String?

    static func _render(_ view: MapControlElement, _ context: _RenderContext, _ out: inout [Node]) {
        guard context.environment.mapConfiguration.controlVisibility != .hidden else { return }
        let node = context.element(view.symbol == nil ? "div" : "button", "\(StyleClass.mapControl)")
        node.setAttribute(RuntimeContract.Attribute.mapControl, view.kind)
        node.setAttribute("aria-label", view.label)
        node.setAttribute("title", view.label)
        if view.symbol != nil {
            node.setAttribute("type", "button")
            var nodes: [Node] = []
            Image(systemName: view.symbol ?? "location")._renderAsChild(context.insideElement().structural(0), &nodes)
            node.children = nodes
        }
        out.append(node)
    }
}

extension Image {
    func _renderAsChild(_ context: _RenderContext, _ out: inout [Node]) {
        AnyView._render(AnyView(self), context, &out)
    }
}
