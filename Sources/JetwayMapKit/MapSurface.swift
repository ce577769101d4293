import Foundation
import Jetway
import JetwayWire

/// A map's element: where it looks and what it may do as attributes the runtime's map reads
/// (features/maps.js), the tiles' layer and the map's chrome as elements the runtime fills,
/// and the content's items as elements at their coordinates. The runtime draws the tiles,
/// places the items and moves the map under the visitor's hand; a move that settles comes back
/// as a `camera` event that sets the position.
struct MapSurface<Content: MapContent>: _PrimitiveView {
    let position: Binding<MapCameraPosition>
    let selection: MapSelection?
    let interactionModes: MapInteractionModes
    let showsUserLocation: Bool
    let content: Content

    init(
        position: Binding<MapCameraPosition>, selection: MapSelection?, interactionModes: MapInteractionModes, showsUserLocation: Bool,
        content: Content
    ) {
        self.position = position
        self.selection = selection
        self.interactionModes = interactionModes
        self.showsUserLocation = showsUserLocation
        self.content = content
    }

    static func _render(_ view: MapSurface, _ context: _RenderContext, _ out: inout [Node]) {
        var items: [MapItem] = []
        view.content._collect(&items, MapItemStyle())
        let configuration = context.environment.mapConfiguration
        let position = view.position.wrappedValue
        let region = position.resolved(fitting: items.flatMap(\.coordinates))

        let node = context.element("div", "\(StyleClass.map) \(StyleClass.fillW) \(StyleClass.fillH)")
        node.setAttribute("role", "region")
        node.setAttribute("aria-label", "Map")
        node.setAttribute("tabindex", "0")
        node.setAttribute(
            RuntimeContract.Attribute.map,
            [region.center.latitude, region.center.longitude, region.span.latitudeDelta, region.span.longitudeDelta]
                .map(coordinateText).joined(separator: " "))
        var options: [String] = []
        if view.interactionModes.contains(.pan) { options.append("pan") }
        if view.interactionModes.contains(.zoom) { options.append("zoom") }
        if position.followsUserLocation { options.append("follow") }
        if view.showsUserLocation || items.contains(where: { if case .user = $0.kind { true } else { false } }) { options.append("user") }
        if configuration.style.muted { options.append("muted") }
        if configuration.continuous { options.append("continuous") }
        node.setAttribute(RuntimeContract.Attribute.mapOptions, options.joined(separator: " "))
        let tiles = configuration.tiles ?? (configuration.style.kind == .standard ? MapTileSource.standard : MapTileSource.imagery)
        node.setAttribute(RuntimeContract.Attribute.mapTiles, tiles.template + "\n" + tiles.attribution)

        let binding = view.position
        let cameraChange = configuration.cameraChange
        node.on(.camera) { payload in
            guard case .numbers(let values) = payload, values.count == 4,
                MapProjection.isValid(latitude: values[0], longitude: values[1], latitudeDelta: values[2], longitudeDelta: values[3])
            else {
                throw JetwayError.wrongPayload(expected: "a map camera (latitude, longitude and the two spans)", got: payload.kindName)
            }
            let moved = MKCoordinateRegion(
                center: CLLocationCoordinate2D(latitude: min(max(values[0], -90), 90), longitude: MapProjection.wrapped(values[1])),
                span: MKCoordinateSpan(latitudeDelta: values[2], longitudeDelta: values[3]))
            binding.wrappedValue = MapCameraPosition(.region(moved), positionedByUser: true)
            cameraChange?(MapCameraUpdateContext(region: moved, camera: MapCamera(region: moved)))
        }
        if let selection = view.selection {
            node.on(.click) { _ in
                if selection.get() != nil { selection.set(nil) }
            }
        }

        let inside = context.insideElement()
        var children: [Node] = []
        let layer = inside.structural(0).element("div", StyleClass.mapTiles)
        layer.setAttribute("aria-hidden", "true")
        children.append(layer)
        let itemsContext = inside.structural(1)
        for item in items {
            if let itemNode = render(item, itemsContext.explicit(item.identity), selection: view.selection) {
                children.append(itemNode)
            }
        }
        if let controls = configuration.controls {
            let box = inside.structural(2).element("div", StyleClass.mapControls)
            var nodes: [Node] = []
            AnyView._render(controls, inside.structural(2).insideElement().structural(0), &nodes)
            box.children = nodes
            children.append(box)
        }
        let chrome = inside.structural(3).element("div", StyleClass.mapChrome)
        children.append(chrome)
        node.children = children
        out.append(node)
    }

    /// An item's element: a marker's balloon and title, an annotation's view, an overlay's
    /// leaf the runtime draws its SVG in.
    private static func render(_ item: MapItem, _ context: _RenderContext, selection: MapSelection?) -> Node? {
        let style = item.style
        switch item.kind {
        case .user:
            return nil
        case .polyline(let points), .polygon(let points):
            guard points.count >= 2 else { return nil }
            let isPolygon = if case .polygon = item.kind { true } else { false }
            return shape(isPolygon ? "polygon" : "line", points, style, context)
        case .circle(let center, let radius):
            guard radius.isFinite, radius > 0 else { return nil }
            return shape("circle \(coordinateText(radius))", [center], style, context)
        case .marker, .pin, .annotation:
            guard let coordinate = item.coordinate, coordinate.latitude.isFinite, coordinate.longitude.isFinite else { return nil }
            let node = context.element("div", StyleClass.mapItem)
            let anchor: UnitPoint =
                switch item.kind {
                case .annotation(_, _, let anchor, _): anchor
                default: .bottom
                }
            node.setAttribute(
                RuntimeContract.Attribute.mapAt,
                [coordinate.latitude, coordinate.longitude, anchor.x, anchor.y].map(coordinateText).joined(separator: " "))
            if let tint = style.tint { node.addStyle("--jw-map-tint:\(tint.css)") }
            let inside = context.insideElement()
            var children: [Node] = []
            var title: String?
            switch item.kind {
            case .marker(let markerTitle, let glyph):
                title = markerTitle
                children.append(balloon(glyph, inside.structural(0)))
            case .pin:
                let pin = inside.structural(0).element("span", StyleClass.mapPin)
                pin.setAttribute("aria-hidden", "true")
                children.append(pin)
            case .annotation(let annotationTitle, let label, _, let content):
                title = annotationTitle
                AnyView._render(content, inside.structural(1), &children)
                if let label, !style.titlesHidden {
                    let box = inside.structural(2).element("span", StyleClass.mapLabel)
                    var nodes: [Node] = []
                    AnyView._render(label, inside.structural(2).insideElement().structural(0), &nodes)
                    box.children = nodes
                    children.append(box)
                }
            default: break
            }
            if let title, !title.isEmpty {
                node.setAttribute("aria-label", title)
                if !style.titlesHidden {
                    let label = inside.structural(3).element("span", StyleClass.mapLabel)
                    label.text = title
                    children.append(label)
                }
            }
            node.children = children
            if let selection, let tag = style.tag {
                node.setAttribute("role", "button")
                node.setAttribute("tabindex", "0")
                let selected = selection.get() == tag
                node.setAttribute("aria-pressed", selected ? "true" : "false")
                if selected { node.addClass(StyleClass.mapSelected) }
                node.on(.click) { _ in selection.set(selected ? nil : tag) }
            }
            return node
        }
    }

    /// A marker's balloon: its glyph on the tint colour.
    private static func balloon(_ glyph: MarkerGlyph, _ context: _RenderContext) -> Node {
        let node = context.element("span", StyleClass.mapBalloon)
        node.setAttribute("aria-hidden", "true")
        var nodes: [Node] = []
        let inside = context.insideElement().structural(0)
        switch glyph {
        case .pin: AnyView._render(AnyView(Image(systemName: "mappin")), inside, &nodes)
        case .system(let name): AnyView._render(AnyView(Image(systemName: name)), inside, &nodes)
        case .image(let name): AnyView._render(AnyView(Image(name).resizable().scaledToFit()), inside, &nodes)
        case .monogram(let letters):
            let text = inside.element("span")
            text.text = String(letters.prefix(3))
            nodes.append(text)
        }
        node.children = nodes
        return node
    }

    /// An overlay's leaf: its kind, coordinates and paint; the runtime draws it.
    private static func shape(_ kind: String, _ points: [CLLocationCoordinate2D], _ style: MapItemStyle, _ context: _RenderContext) -> Node
    {
        let node = context.element("div", StyleClass.mapShape)
        node.setAttribute("aria-hidden", "true")
        node.setAttribute(RuntimeContract.Attribute.mapShape, kind)
        node.setAttribute(
            RuntimeContract.Attribute.mapAt,
            points.filter { $0.latitude.isFinite && $0.longitude.isFinite }
                .map { "\(coordinateText($0.latitude)) \(coordinateText($0.longitude))" }.joined(separator: " "))
        let isLine = kind == "line"
        let stroke = style.stroke ?? (isLine ? style.fill ?? "var(--jw-accent, #007aff)" : nil)
        let fill = isLine ? nil : style.fill ?? (style.stroke == nil ? "rgba(0,122,255,0.3)" : nil)
        var declarations: [String] = []
        if let stroke { declarations.append("--jw-map-stroke:\(stroke)") }
        declarations.append("--jw-map-width:\(coordinateText(max(style.strokeStyle.lineWidth, 0)))px")
        if !style.strokeStyle.dash.isEmpty {
            declarations.append("--jw-map-dash:\(style.strokeStyle.dash.map { coordinateText($0) }.joined(separator: " "))")
        }
        if let fill { declarations.append("--jw-map-fill:\(fill)") }
        node.addStyle(declarations.joined(separator: ";"))
        return node
    }
}
