/// `Image(systemName:)`: the Bootstrap Icons of `SystemSymbols` first; then the few drawn
/// here (24×24 outline paths in `currentColor`) for what that set lacks (a departure, an
/// arrival, a suitcase); a name in neither gets a labelled placeholder, never an error.
enum SystemIcons {
    /// Path data by SF Symbol name. `.fill` variants share the outline and are filled.
    static let paths: [String: [String]] = [
        "airplane": ["M2 13l8-2V5a2 2 0 0 1 4 0v6l8 2v2l-8-1v4l2 2v1l-4-1-4 1v-1l2-2v-4l-8 1z"],
        "airplane.departure": ["M3 20h18", "M4 13l4 3 13-6a2 2 0 0 0-1.8-3.5L14 9 7 5 5 6l4 5-3 1-2-1z"],
        "airplane.arrival": ["M3 20h18", "M5 7l1 5 13 4a2 2 0 0 0 1.3-3.7L15 10 13 3h-2l-1 6-3-1-1-2z"],
        "clock": ["M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18", "M12 7v5l3 2"],
        "calendar": ["M4 6h16v14H4z", "M4 10h16", "M8 3v5", "M16 3v5"],
        "star": ["M12 3l2.8 5.8 6.2.9-4.5 4.4 1 6.2L12 17.4l-5.5 2.9 1-6.2L3 9.7l6.2-.9z"],
        "gear": [
            "M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6", "M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1",
        ],
        "person": ["M12 4a4 4 0 1 0 0 8a4 4 0 1 0 0-8", "M4 21a8 8 0 0 1 16 0"],
        "person.crop.circle": ["M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18", "M12 7a3 3 0 1 0 0 6a3 3 0 1 0 0-6", "M6.5 18a6 6 0 0 1 11 0"],
        "magnifyingglass": ["M10 4a6 6 0 1 0 0 12a6 6 0 1 0 0-12", "M14.5 14.5L20 20"],
        "plus": ["M12 5v14M5 12h14"],
        "minus": ["M5 12h14"],
        "xmark": ["M6 6l12 12M18 6L6 18"],
        "checkmark": ["M5 12l5 5L19 7"],
        "chevron.left": ["M15 5l-7 7 7 7"],
        "chevron.right": ["M9 5l7 7-7 7"],
        "chevron.up": ["M5 15l7-7 7 7"],
        "chevron.down": ["M5 9l7 7 7-7"],
        "info.circle": ["M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18", "M12 11v6", "M12 7.5v.5"],
        "exclamationmark.triangle": ["M12 3L2 20h20z", "M12 9v5", "M12 17v.5"],
        "sun.max": [
            "M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8", "M12 2v2M12 20v2M2 12h2M20 12h2M5 5l1.5 1.5M17.5 17.5L19 19M5 19l1.5-1.5M17.5 6.5L19 5",
        ],
        "cloud": ["M7 18h10a4 4 0 0 0 .5-8A6 6 0 0 0 6 9a4.5 4.5 0 0 0 1 9z"],
        "trash": ["M4 7h16", "M9 7V4h6v3", "M6 7l1 13h10l1-13"],
        "pencil": ["M4 20l4-1L19 8l-3-3L5 16z"],
        "arrow.clockwise": ["M20 12a8 8 0 1 1-2.3-5.7", "M20 4v5h-5"],
        "house": ["M3 11l9-7 9 7", "M5 10v10h14V10"],
        "list.bullet": ["M9 6h11M9 12h11M9 18h11", "M4.5 6h.5M4.5 12h.5M4.5 18h.5"],
        "square.grid.2x2": ["M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z"],
        "bell": ["M6 17V11a6 6 0 0 1 12 0v6l2 2H4z", "M10 21h4"],
        "map": ["M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3z", "M9 3v15M15 6v15"],
        "figure.walk": ["M13 4a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3", "M11 21l2-6 3 3v3M13 15l-1-5-4 2v3M12 10l4 2"],
        "suitcase": ["M4 8h16v12H4z", "M9 8V5h6v3"],
        "ticket": ["M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z"],
        "wifi.slash": ["M3 3l18 18", "M5 9a11 11 0 0 1 4-2M19 9a11 11 0 0 0-6-2.6", "M12 19v.5"],
    ]

    @MainActor private static var reported: Set<String> = []

    @MainActor
    static func node(_ name: String, key: UInt64) -> Node {
        if let file = SystemSymbols.file(for: name) {
            // Drawn by the browser from the served file, in the text's colour (a mask over
            // `currentColor`), at the text's size: a few bytes a use, the file cached.
            let symbol = Node("span", key: key)
            symbol.setAttribute("class", StyleClass.symbol)
            symbol.setAttribute("role", "img")
            symbol.setAttribute("style", "\(StyleVariable.symbol):url(/_jetway/symbols/\(file).svg)")
            if mirrorsRightToLeft(name) { symbol.addClass(StyleClass.flipsRightToLeft) }
            return symbol
        }
        let baseName = name.hasSuffix(".fill") ? String(name.dropLast(5)) : name
        let svg = Node("svg", key: key)
        svg.setAttribute("class", StyleClass.icon)
        svg.setAttribute("viewBox", "0 0 24 24")
        svg.setAttribute("role", "img")
        guard let paths = Self.paths[name] ?? Self.paths[baseName] else {
            if reported.insert(name).inserted { Image.unknownSystemNameReporter?(name) }
            // A dotted ring with the name as its tooltip (and, through the image's label, its
            // spoken name).
            svg.addClass(StyleClass.iconMissing)
            let title = Node("title", key: IdentityHash.mix(IdentityHash.seed, 2))
            title.text = name
            svg.children = [title]
            let circle = Node("circle", key: IdentityHash.mix(IdentityHash.seed, 1))
            circle.setAttribute("cx", "12")
            circle.setAttribute("cy", "12")
            circle.setAttribute("r", "8")
            svg.children.append(circle)
            return svg
        }
        if name.hasSuffix(".fill") { svg.addClass(StyleClass.iconFill) }
        if mirrorsRightToLeft(name) { svg.addClass(StyleClass.flipsRightToLeft) }
        svg.children = paths.enumerated().map { index, data in
            let path = Node("path", key: IdentityHash.mix(IdentityHash.seed, UInt64(index) + 1))
            path.setAttribute("d", data)
            return path
        }
        return svg
    }

    /// Whether a symbol points along the reading direction, so that a right-to-left page shows
    /// it mirrored, as SF Symbols do: `forward`/`backward` after the first part of the name
    /// (`chevron.forward`, `arrow.uturn.backward`; not the media controls `forward.end`, which
    /// keep the tape's direction), `leading`/`trailing` anywhere (`star.leadinghalf.filled`),
    /// and the lists and indents whose bullets stand at the start of a line. Names that say
    /// `left` or `right` keep their side.
    static func mirrorsRightToLeft(_ name: String) -> Bool {
        let parts = name.split(separator: ".")
        if parts.dropFirst().contains(where: { $0 == "forward" || $0 == "backward" }) { return true }
        if parts.contains(where: { $0.contains("leading") || $0.contains("trailing") }) { return true }
        return ["list", "increase", "decrease"].contains(parts.first ?? "")
            && parts.dropFirst().first.map { ["bullet", "number", "dash", "indent"].contains($0) } == true
    }

    /// "airplane.departure" → "airplane departure", for `aria-label`.
    static func spokenName(_ name: String) -> String {
        name.split(separator: ".").filter { $0 != "fill" }.joined(separator: " ")
    }
}
