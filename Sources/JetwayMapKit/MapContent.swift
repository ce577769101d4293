import Foundation
import Jetway

/// What goes in a `Map` (MapKit's `MapContent`): markers, annotations with views of their own,
/// lines, polygons and circles, the visitor's location, and content made of them.
///
/// ```swift
/// Map(position: $position, selection: $selectedGate) {
///     ForEach(gates) { gate in
///         Marker(gate.name, systemImage: "airplane", coordinate: gate.coordinate)
///             .tint(.orange)
///             .tag(gate.id)
///     }
///     MapPolyline(coordinates: taxiRoute).stroke(.blue, lineWidth: 4)
///     UserAnnotation()
/// }
/// ```
@MainActor @preconcurrency
public protocol MapContent {
    /// The type of map content this content is made of; `Never` for Jetway's markers, annotations and overlays.
    associatedtype Body: MapContent
    /// The markers, overlays and content this content is made of; the default `_collect` reads it when the map is
    /// drawn, with the modifiers around this content applied to each item.
    @MapContentBuilder var body: Body { get }

    /// Adds this content's items to `items`, with `style` as what the content around said.
    /// Content made of other content keeps the default, which reads `body`.
    func _collect(_ items: inout [MapItem], _ style: MapItemStyle)
}

extension MapContent {
    /// Collects the items of `body`: the default for content made of other content.
    public func _collect(_ items: inout [MapItem], _ style: MapItemStyle) {
        body._collect(&items, style)
    }
}

extension Never: MapContent {
    /// `Never` stands for content that has no body.
    public typealias Body = Never
    /// Adds no items (Jetway's map item collection; not for apps).
    public func _collect(_ items: inout [MapItem], _ style: MapItemStyle) {}
}

/// Map content that is an item or a container of items and has no `body`.
public protocol _PrimitiveMapContent: MapContent where Body == Never {}

extension _PrimitiveMapContent {
    /// Never called: an item is drawn by the map and has no `body` (reading it stops the program).
    public var body: Never { preconditionFailure("\(Self.self) is drawn by the map and has no body") }
}

/// One thing a map shows, as its content resolved it.
public struct MapItem {
    enum Kind {
        /// A balloon with a glyph, and its title below.
        case marker(title: String?, glyph: MarkerGlyph)
        /// The app's own view at a coordinate.
        case annotation(title: String?, label: AnyView?, anchor: UnitPoint, content: AnyView)
        /// iOS 13's pin (`MapPin`).
        case pin
        case polyline([CLLocationCoordinate2D])
        case polygon([CLLocationCoordinate2D])
        case circle(center: CLLocationCoordinate2D, radius: CLLocationDistance)
        /// The visitor's position, drawn by the browser.
        case user(title: String?)
    }
    var kind: Kind
    var coordinate: CLLocationCoordinate2D?
    var style: MapItemStyle
    /// Its identity among the map's items (a `ForEach` row's id and its place in the row).
    var identity: [AnyHashable]

    /// The coordinates the item covers, for a camera that fits the content.
    var coordinates: [CLLocationCoordinate2D] {
        switch kind {
        case .polyline(let points), .polygon(let points): points
        case .circle(let center, let radius):
            circleBounds(center, radius)
        case .user: []
        default: coordinate.map { [$0] } ?? []
        }
    }
}

/// The corners of the square around a circle.
private func circleBounds(_ center: CLLocationCoordinate2D, _ radius: CLLocationDistance) -> [CLLocationCoordinate2D] {
    let corners = MKCoordinateRegion(center: center, latitudinalMeters: radius * 2, longitudinalMeters: radius * 2).corners
    return [corners.northWest, corners.southEast]
}

/// What a marker's balloon shows.
enum MarkerGlyph {
    case pin
    case system(String)
    case monogram(String)
    case image(String)
}

/// What the content around an item said of it (`.tint`, `.tag`, `.stroke`, …).
public struct MapItemStyle {
    var tint: Color?
    var tag: AnyHashable?
    var titlesHidden = false
    var stroke: String?
    var strokeStyle = StrokeStyle(lineWidth: 1)
    var fill: String?
    var identity: [AnyHashable] = []
    /// An empty style: items drawn with the map's defaults.
    public init() {}
}

/// Builds map content from a block of statements, as `@ViewBuilder` builds views.
@resultBuilder
@MainActor
public enum MapContentBuilder {
    /// Passes one piece of content through unchanged.
    public static func buildExpression<C: MapContent>(_ content: C) -> C { content }
    /// An empty block: no items.
    public static func buildBlock() -> EmptyMapContent { EmptyMapContent() }
    /// A block of one piece of content, unchanged.
    public static func buildBlock<C: MapContent>(_ content: C) -> C { content }
    /// A block of several pieces of content, whose items are collected in order.
    public static func buildBlock<each C: MapContent>(_ content: repeat each C) -> _MapContentTuple {
        var parts: [any MapContent] = []
        for part in repeat each content { parts.append(part) }
        return _MapContentTuple(parts)
    }
    /// An `if` without `else`: the content, or nil (no items) when the condition is false.
    public static func buildOptional<C: MapContent>(_ content: C?) -> C? { content }
    /// The first branch of an `if`/`else` or a `switch`.
    public static func buildEither<T: MapContent, F: MapContent>(first: T) -> _MapConditionalContent<T, F> {
        _MapConditionalContent(storage: .first(first))
    }
    /// The second branch of an `if`/`else` or a `switch`.
    public static func buildEither<T: MapContent, F: MapContent>(second: F) -> _MapConditionalContent<T, F> {
        _MapConditionalContent(storage: .second(second))
    }
    /// The content of a `for` loop: each iteration's items, in order.
    public static func buildArray<C: MapContent>(_ content: [C]) -> _MapContentTuple { _MapContentTuple(content) }
    /// Content under `if #available`, kept as a block of one.
    public static func buildLimitedAvailability<C: MapContent>(_ content: C) -> _MapContentTuple { _MapContentTuple([content]) }
}

/// No content: a map of tiles only.
public struct EmptyMapContent: _PrimitiveMapContent {
    /// No content.
    public init() {}
    /// Adds no items (Jetway's map item collection; not for apps).
    public func _collect(_ items: inout [MapItem], _ style: MapItemStyle) {}
}

/// Several pieces of content in a block.
public struct _MapContentTuple: _PrimitiveMapContent {
    let parts: [any MapContent]
    init(_ parts: [any MapContent]) { self.parts = parts }
    /// Collects each part's items in order, each known by its place in the block (Jetway's map item collection; not for
    /// apps).
    public func _collect(_ items: inout [MapItem], _ style: MapItemStyle) {
        for (index, part) in parts.enumerated() {
            var inner = style
            inner.identity.append(index)
            part._collect(&items, inner)
        }
    }
}

/// One of two pieces of content, as an `if`/`else` chose.
public struct _MapConditionalContent<First: MapContent, Second: MapContent>: _PrimitiveMapContent {
    enum Storage {
        case first(First)
        case second(Second)
    }
    let storage: Storage
    /// Collects the chosen branch's items (Jetway's map item collection; not for apps).
    public func _collect(_ items: inout [MapItem], _ style: MapItemStyle) {
        var inner = style
        switch storage {
        case .first(let content):
            inner.identity.append("if")
            content._collect(&items, inner)
        case .second(let content):
            inner.identity.append("else")
            content._collect(&items, inner)
        }
    }
}

extension Optional: MapContent where Wrapped: MapContent {
    /// Optional content has no body of its own.
    public typealias Body = Never
    /// Never called: optional content is collected, not built (reading it stops the program).
    public var body: Never { preconditionFailure("Optional has no body") }
    /// Collects the wrapped content's items, or none when it is nil (Jetway's map item collection; not for apps).
    public func _collect(_ items: inout [MapItem], _ style: MapItemStyle) {
        if let self { self._collect(&items, style) }
    }
}

extension ForEach: MapContent where Content: MapContent {
    /// `ForEach` in a map has no body of its own.
    public typealias Body = Never
    /// Never called: a `ForEach` of map content is collected, not built (reading it stops the program).
    public var body: Never { preconditionFailure("ForEach has no body") }
    /// Collects the items `content` makes for each element of `data`, each known by its element's id (Jetway's map
    /// item collection; not for apps).
    public func _collect(_ items: inout [MapItem], _ style: MapItemStyle) {
        for element in data {
            var inner = style
            inner.identity.append(AnyHashable(identify(element)))
            content(element)._collect(&items, inner)
        }
    }
}

extension ForEach where Content: MapContent {
    /// Map content for each element of `data`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @MapContentBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, identify: { $0[keyPath: id] }, content: content)
    }
}

extension ForEach where Content: MapContent, ID == Data.Element.ID, Data.Element: Identifiable {
    /// Map content for each element of `data`, identified by its `id`.
    public init(_ data: Data, @MapContentBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, identify: { $0.id }, content: content)
    }
}

extension ForEach where Content: MapContent, Data == Range<Int>, ID == Int {
    /// Map content for each integer in `data`.
    public init(_ data: Range<Int>, @MapContentBuilder content: @escaping (Int) -> Content) {
        self.init(data, identify: { $0 }, content: content)
    }
}

// MARK: - Items

/// A balloon at a coordinate, with a glyph (a pin, a symbol, up to three letters or an image)
/// and its title below, in the tint colour (red by default).
public struct Marker: _PrimitiveMapContent {
    let title: String?
    let glyph: MarkerGlyph
    let coordinate: CLLocationCoordinate2D

    /// A balloon with a pin at `coordinate`, without a title.
    public init(coordinate: CLLocationCoordinate2D) {
        self.init(nil, glyph: .pin, coordinate)
    }

    /// A balloon with a pin at `coordinate`, with `title` below it (and as its accessible name).
    public init(_ title: String, coordinate: CLLocationCoordinate2D) {
        self.init(title, glyph: .pin, coordinate)
    }

    /// A balloon with a pin at `coordinate`, with the localized `title` below it.
    public init(_ title: LocalizedStringKey, coordinate: CLLocationCoordinate2D) {
        self.init(title.string, glyph: .pin, coordinate)
    }

    /// A balloon with the SF Symbol `systemImage` at `coordinate`, with `title` below it.
    public init(_ title: String, systemImage: String, coordinate: CLLocationCoordinate2D) {
        self.init(title, glyph: .system(systemImage), coordinate)
    }

    /// A balloon with the SF Symbol `systemImage` at `coordinate`, with the localized `title` below it.
    public init(_ title: LocalizedStringKey, systemImage: String, coordinate: CLLocationCoordinate2D) {
        self.init(title.string, glyph: .system(systemImage), coordinate)
    }

    /// A balloon with the app's image named `image` (fitted in the balloon) at `coordinate`, with `title` below it.
    public init(_ title: String, image: String, coordinate: CLLocationCoordinate2D) {
        self.init(title, glyph: .image(image), coordinate)
    }

    /// Up to three letters in the balloon (`monogram: Text("JFK")`).
    public init(_ title: String, monogram: Text, coordinate: CLLocationCoordinate2D) {
        self.init(title, glyph: .monogram(monogram.string), coordinate)
    }

    /// Up to three letters in the balloon, with the localized `title` below it.
    public init(_ title: LocalizedStringKey, monogram: Text, coordinate: CLLocationCoordinate2D) {
        self.init(title.string, glyph: .monogram(monogram.string), coordinate)
    }

    /// iOS 17's `Marker(item:)`: the place's name and coordinate.
    public init(item: MKMapItem) {
        self.init(item.name, glyph: .pin, item.placemark.coordinate)
    }

    init(_ title: String?, glyph: MarkerGlyph, _ coordinate: CLLocationCoordinate2D) {
        self.title = title
        self.glyph = glyph
        self.coordinate = coordinate
    }

    /// Adds the marker at its coordinate (Jetway's map item collection; not for apps).
    public func _collect(_ items: inout [MapItem], _ style: MapItemStyle) {
        items.append(MapItem(kind: .marker(title: title, glyph: glyph), coordinate: coordinate, style: style, identity: style.identity))
    }
}

/// The app's own view at a coordinate, its `anchor` there (the bottom by default), with its
/// title below.
public struct Annotation<Label: View, Content: View>: _PrimitiveMapContent {
    let title: String?
    let label: AnyView?
    let coordinate: CLLocationCoordinate2D
    let anchor: UnitPoint
    let content: Content

    /// The view `content` with its `anchor` at `coordinate`, and `title` below it (and as its accessible name).
    public init(
        _ title: String, coordinate: CLLocationCoordinate2D, anchor: UnitPoint = .bottom, @ViewBuilder content: () -> Content
    ) where Label == Text {
        self.title = title
        self.label = nil
        self.coordinate = coordinate
        self.anchor = anchor
        self.content = content()
    }

    /// The view `content` with its `anchor` at `coordinate`, and the localized `title` below it.
    public init(
        _ title: LocalizedStringKey, coordinate: CLLocationCoordinate2D, anchor: UnitPoint = .bottom,
        @ViewBuilder content: () -> Content
    ) where Label == Text {
        self.init(title.string, coordinate: coordinate, anchor: anchor, content: content)
    }

    /// The view `content` with its `anchor` at `coordinate`, and `label` below it: a `Text` label is the title (and the
    /// accessible name); any other view is drawn as it is, and the annotation has no accessible name.
    public init(
        coordinate: CLLocationCoordinate2D, anchor: UnitPoint = .bottom, @ViewBuilder content: () -> Content,
        @ViewBuilder label: () -> Label
    ) {
        let label = label()
        self.title = (label as? Text)?.string
        self.label = label is Text ? nil : AnyView(label)
        self.coordinate = coordinate
        self.anchor = anchor
        self.content = content()
    }

    /// Adds the annotation at its coordinate (Jetway's map item collection; not for apps).
    public func _collect(_ items: inout [MapItem], _ style: MapItemStyle) {
        items.append(
            MapItem(
                kind: .annotation(title: title, label: label, anchor: anchor, content: AnyView(content)), coordinate: coordinate,
                style: style, identity: style.identity))
    }
}

/// A line through coordinates, in the stroke given (`.stroke(.blue, lineWidth: 4)`).
public struct MapPolyline: _PrimitiveMapContent {
    let coordinates: [CLLocationCoordinate2D]
    /// A line through `coordinates`, in order (drawn when there are two or more).
    public init(coordinates: [CLLocationCoordinate2D]) { self.coordinates = coordinates }
    /// A line through `points`, in order (drawn when there are two or more).
    public init(points: [CLLocationCoordinate2D]) { self.coordinates = points }
    /// Adds the line (Jetway's map item collection; not for apps).
    public func _collect(_ items: inout [MapItem], _ style: MapItemStyle) {
        items.append(MapItem(kind: .polyline(coordinates), coordinate: nil, style: style, identity: style.identity))
    }
}

/// A closed area, filled (`.foregroundStyle`) and outlined (`.stroke`).
public struct MapPolygon: _PrimitiveMapContent {
    let coordinates: [CLLocationCoordinate2D]
    /// An area inside `coordinates` (drawn when there are two or more).
    public init(coordinates: [CLLocationCoordinate2D]) { self.coordinates = coordinates }
    /// An area inside `points` (drawn when there are two or more).
    public init(points: [CLLocationCoordinate2D]) { self.coordinates = points }
    /// Adds the area (Jetway's map item collection; not for apps).
    public func _collect(_ items: inout [MapItem], _ style: MapItemStyle) {
        items.append(MapItem(kind: .polygon(coordinates), coordinate: nil, style: style, identity: style.identity))
    }
}

/// A circle of `radius` metres around a coordinate.
public struct MapCircle: _PrimitiveMapContent {
    let center: CLLocationCoordinate2D
    let radius: CLLocationDistance
    /// A circle of `radius` metres around `center` (drawn when the radius is more than zero).
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance) {
        self.center = center
        self.radius = radius
    }
    /// Adds the circle (Jetway's map item collection; not for apps).
    public func _collect(_ items: inout [MapItem], _ style: MapItemStyle) {
        items.append(MapItem(kind: .circle(center: center, radius: radius), coordinate: center, style: style, identity: style.identity))
    }
}

/// The visitor's position, as the browser knows it: shown once they have let the page know
/// where they are (a `CLLocationManager`'s authorization asks them).
public struct UserAnnotation: _PrimitiveMapContent {
    let title: String?
    /// The visitor's position, a blue dot the browser draws.
    public init() { title = nil }
    /// The visitor's position; `title` is kept and not shown.
    public init(_ title: String) { self.title = title }
    /// Adds the visitor's position (Jetway's map item collection; not for apps).
    public func _collect(_ items: inout [MapItem], _ style: MapItemStyle) {
        items.append(MapItem(kind: .user(title: title), coordinate: nil, style: style, identity: style.identity))
    }
}

// MARK: - Modifiers

/// Content with what a modifier said of it.
public struct _MapContentModified<Content: MapContent>: _PrimitiveMapContent {
    let content: Content
    let change: (inout MapItemStyle) -> Void
    /// Collects the content's items with the modifier applied over the style around it (Jetway's map item collection;
    /// not for apps).
    public func _collect(_ items: inout [MapItem], _ style: MapItemStyle) {
        var inner = style
        change(&inner)
        content._collect(&items, inner)
    }
}

extension MapContent {
    func styled(_ change: @escaping (inout MapItemStyle) -> Void) -> _MapContentModified<Self> {
        _MapContentModified(content: self, change: change)
    }

    /// The colour of a marker's balloon or an annotation's title.
    public func tint(_ tint: Color?) -> _MapContentModified<Self> {
        styled { $0.tint = tint }
    }

    /// The value a `Map(selection:)` is set to when the visitor picks this item.
    public func tag<V: Hashable>(_ tag: V) -> _MapContentModified<Self> {
        styled { $0.tag = AnyHashable(tag) }
    }

    /// Whether markers and annotations show their titles.
    public func annotationTitles(_ visibility: Visibility) -> _MapContentModified<Self> {
        styled { $0.titlesHidden = visibility == .hidden }
    }

    /// The line of a polyline, a polygon's or circle's outline.
    public func stroke<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> _MapContentModified<Self> {
        stroke(style, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The line of a polyline, a polygon's or circle's outline, in `style`, `strokeStyle`'s width and dash (its caps and
    /// joins are not used: a polyline's are round).
    public func stroke<S: ShapeStyle>(_ style: S, style strokeStyle: StrokeStyle) -> _MapContentModified<Self> {
        let css = style.css
        return styled {
            $0.stroke = css
            $0.strokeStyle = strokeStyle
        }
    }

    /// The width of the line or outline, in the colour it has (a polygon or circle without a stroke colour has no
    /// outline to widen).
    public func stroke(lineWidth: CGFloat) -> _MapContentModified<Self> {
        styled { $0.strokeStyle.lineWidth = lineWidth }
    }

    /// The fill of a polygon or circle (and a polyline's line when it has no stroke).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> _MapContentModified<Self> {
        let css = style.css
        return styled { $0.fill = css }
    }

    /// Where an overlay sits among the map's layers: above everything here (the tiles carry
    /// their roads and labels as one picture), whichever level is asked.
    public func mapOverlayLevel(level: MKOverlayLevel) -> Self { self }
}

/// Where an overlay sits among the map's layers (see `mapOverlayLevel(level:)`).
public enum MKOverlayLevel: Int, Sendable {
    /// `aboveRoads` and `aboveLabels` both put the overlay over the tiles, roads and labels alike.
    case aboveRoads, aboveLabels
}

// MARK: - iOS 14's annotations

/// iOS 14–16's `Map(…annotationItems:annotationContent:)` items.
@MainActor @preconcurrency
public protocol MapAnnotationProtocol {
    /// The annotation as a map item, in `style` (Jetway's map item collection; not for apps).
    func _item(_ style: MapItemStyle) -> MapItem
}

/// A balloon at a coordinate (iOS 14's marker; `Marker` since iOS 17).
public struct MapMarker: MapAnnotationProtocol {
    let coordinate: CLLocationCoordinate2D
    let tint: Color?
    /// A balloon with a pin at `coordinate`, in `tint` (red by default).
    public init(coordinate: CLLocationCoordinate2D, tint: Color? = nil) {
        self.coordinate = coordinate
        self.tint = tint
    }
    /// The marker as a map item (Jetway's map item collection; not for apps).
    public func _item(_ style: MapItemStyle) -> MapItem {
        var style = style
        style.tint = tint ?? style.tint
        return MapItem(kind: .marker(title: nil, glyph: .pin), coordinate: coordinate, style: style, identity: style.identity)
    }
}

/// A pin stuck in the map (iOS 14's, deprecated there for `MapMarker`).
public struct MapPin: MapAnnotationProtocol {
    let coordinate: CLLocationCoordinate2D
    let tint: Color?
    /// A pin at `coordinate`, in `tint` (red by default).
    public init(coordinate: CLLocationCoordinate2D, tint: Color? = nil) {
        self.coordinate = coordinate
        self.tint = tint
    }
    /// The pin as a map item (Jetway's map item collection; not for apps).
    public func _item(_ style: MapItemStyle) -> MapItem {
        var style = style
        style.tint = tint ?? style.tint
        return MapItem(kind: .pin, coordinate: coordinate, style: style, identity: style.identity)
    }
}

/// The app's own view at a coordinate, centred there by default (iOS 14's `MapAnnotation`).
public struct MapAnnotation<Content: View>: MapAnnotationProtocol {
    let coordinate: CLLocationCoordinate2D
    let anchor: UnitPoint
    let content: Content
    /// The view `content` with the point `anchorPoint` (fractions of its size; the middle by default) at `coordinate`.
    public init(coordinate: CLLocationCoordinate2D, anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5), @ViewBuilder content: () -> Content) {
        self.coordinate = coordinate
        self.anchor = UnitPoint(x: anchorPoint.x, y: anchorPoint.y)
        self.content = content()
    }
    /// The annotation as a map item (Jetway's map item collection; not for apps).
    public func _item(_ style: MapItemStyle) -> MapItem {
        MapItem(
            kind: .annotation(title: nil, label: nil, anchor: anchor, content: AnyView(content)), coordinate: coordinate, style: style,
            identity: style.identity)
    }
}

/// The annotations of iOS 14's `Map(coordinateRegion:…annotationItems:annotationContent:)`.
public struct _MapAnnotationItems: _PrimitiveMapContent {
    let items: (MapItemStyle) -> [MapItem]
    /// Adds an annotation for each item (Jetway's map item collection; not for apps).
    public func _collect(_ items: inout [MapItem], _ style: MapItemStyle) {
        items.append(contentsOf: self.items(style))
    }
}
