/// Jetway's own browser files, compiled into the library (`Package.swift` embeds this folder's
/// files with `.embedInCode`), so an app serves them wherever it runs, with no folder to ship.
/// `StaticFiles` in JetwayServer serves them.
package enum BundledAssets {
    /// The bytes of each file, by its name under `/assets/`.
    package static let files: [String: [UInt8]] = [
        // The runtime of Jetway's own pages, and the whole runtime for a page Jetway did not
        // render that hosts live views (docs/integration.md): with `host.js`.
        "jetway-page.js": served(runtimeParts),
        "jetway.js": served(runtimeParts + [hostPart]),
        // The service worker of the pages that are available offline (Route(availableOffline:)).
        "jetway-sw.js": Minified.script(PackageResources.jetway_sw_js),
        "jetway.css": Minified.stylesheet(PackageResources.jetway_css),
        "favicon.svg": PackageResources.favicon_svg,
        // A page Jetway does not render, hosting two live views (docs/integration.md).
        "legacy.html": PackageResources.legacy_html,
        "widgets/timeline-table.js": Minified.script(PackageResources.timeline_table_js),
        "widgets/timeline-table.css": Minified.stylesheet(PackageResources.timeline_table_css),
        "widgets/jetway-timeline.js": Minified.script(PackageResources.jetway_timeline_js),
        "widgets/picker-view.js": Minified.script(PackageResources.picker_view_js),
        "widgets/refresh-scroll-view.js": Minified.script(PackageResources.refresh_scroll_view_js),
        "widgets/controls.css": Minified.stylesheet(PackageResources.controls_css),
        "widgets/jetway-controls.js": Minified.script(PackageResources.jetway_controls_js),
    ]
}

extension BundledAssets {
    /// The runtime's parts (Assets/runtime) in the order they run, joined into the one script a
    /// page loads, in one function scope so that nothing of them becomes a global: the wire
    /// contract generated from JetwayWire (`wire`), the clock, ids, patches and morphing, the
    /// connection, the view, then each feature (they register with `feature`, in this order:
    /// the order their hooks run in), then the page's views.
    package static let runtimeParts: [(name: String, bytes: [UInt8])] = [
        ("runtime/wire.js", PackageResources.wire_js),
        ("runtime/clock.js", PackageResources.clock_js),
        ("runtime/wake-lock.js", PackageResources.wake_lock_js),
        ("runtime/ids.js", PackageResources.ids_js),
        ("runtime/patch.js", PackageResources.patch_js),
        ("runtime/morph.js", PackageResources.morph_js),
        ("runtime/connection.js", PackageResources.connection_js),
        ("runtime/view.js", PackageResources.view_js),
        ("runtime/copies.js", PackageResources.copies_js),
        ("runtime/features/lazy.js", PackageResources.lazy_js),
        ("runtime/features/offline.js", PackageResources.offline_js),
        ("runtime/features/widgets.js", PackageResources.widgets_js),
        ("runtime/features/navigation.js", PackageResources.navigation_js),
        ("runtime/features/dialogs.js", PackageResources.dialogs_js),
        ("runtime/features/uploads.js", PackageResources.uploads_js),
        ("runtime/features/pickers.js", PackageResources.pickers_js),
        ("runtime/features/scroll.js", PackageResources.scroll_js),
        ("runtime/features/sizes.js", PackageResources.sizes_js),
        ("runtime/features/locale.js", PackageResources.locale_js),
        ("runtime/features/fields.js", PackageResources.fields_js),
        ("runtime/features/focus.js", PackageResources.focus_js),
        ("runtime/features/keys.js", PackageResources.keys_js),
        ("runtime/features/images.js", PackageResources.images_js),
        ("runtime/features/fitting.js", PackageResources.fitting_js),
        ("runtime/features/share.js", PackageResources.share_js),
        ("runtime/features/motion.js", PackageResources.motion_js),
        ("runtime/features/canvas.js", PackageResources.canvas_js),
        ("runtime/features/gestures.js", PackageResources.gestures_js),
        ("runtime/features/dragdrop.js", PackageResources.dragdrop_js),
        ("runtime/features/swipes.js", PackageResources.swipes_js),
        ("runtime/features/reorder.js", PackageResources.reorder_js),
        ("runtime/features/location.js", PackageResources.location_js),
        ("runtime/features/maps.js", PackageResources.maps_js),
        ("runtime/features/media.js", PackageResources.media_js),
        ("runtime/features/notifications.js", PackageResources.notifications_js),
        ("runtime/features/refresh.js", PackageResources.refresh_js),
        ("runtime/features/pacing.js", PackageResources.pacing_js),
        ("runtime/features/menus.js", PackageResources.menus_js),
        ("runtime/features/development.js", PackageResources.development_js),
        ("runtime/page.js", PackageResources.page_js),
    ]

    /// What a page Jetway did not render needs to host live views in it (`hostViews`): never run
    /// on Jetway's own pages, which load the runtime without it (`jetway-page.js`).
    package static let hostPart = (name: "runtime/host.js", bytes: PackageResources.host_js)

    /// A runtime as served: the parts joined and minified, with the contract's names written
    /// in where the code reads them (`InlinedWire`) and the table left out. Should a part read a
    /// name the contract lacks, the table is served and nothing is written in.
    package static func served(_ parts: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        let contract = parts[0]
        precondition(contract.name == "runtime/wire.js", "the contract is the first part")
        let minified = Minified.script(joined(Array(parts.dropFirst())))
        return InlinedWire.apply(to: minified, values: InlinedWire.values(from: contract.bytes)) ?? Minified.script(joined(parts))
    }

    private static func joined(_ parts: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        var joined = Array("(() => {\n\"use strict\";\n".utf8)
        for part in parts {
            joined.append(contentsOf: "// \(part.name)\n".utf8)
            joined.append(contentsOf: part.bytes)
            if part.bytes.last != UInt8(ascii: "\n") { joined.append(UInt8(ascii: "\n")) }
        }
        joined.append(contentsOf: "})();\n".utf8)
        return joined
    }
}

/// The wire contract's names and timings written into the runtime where it reads them:
/// `wire.attribute.id` becomes `"data-j"`, `wire.timing.pingInterval` becomes `10000`. The
/// sources read the generated table (`Assets/runtime/wire.js`, from JetwayWire's
/// `RuntimeContract`: one definition); the browser gets the values, without the table (a
/// sixth of the growth the split cost, gzipped).
package enum InlinedWire {
    /// `section.key` (or `key` at the top) → its JavaScript literal, read from wire.js's lines
    /// (`  key: value,`), as `RuntimeContract.script()` writes them.
    package static func values(from wireJS: [UInt8]) -> [String: String] {
        var values: [String: String] = [:]
        var section: String?
        for raw in String(decoding: wireJS, as: UTF8.self).split(separator: "\n") {
            let line = raw.drop { $0 == " " }
            if line.hasPrefix("//") || line.hasPrefix("const wire") { continue }
            if line.hasSuffix(": Object.freeze({") {
                section = String(line.prefix { $0 != ":" })
                continue
            }
            if line == "})," || line == "});" {
                section = nil
                continue
            }
            guard let colon = line.firstIndex(of: ":"), line.hasSuffix(",") else { continue }
            let key = String(line[..<colon])
            let value = String(line[line.index(after: colon)..<line.index(before: line.endIndex)].drop { $0 == " " })
            values[section.map { "\($0).\(key)" } ?? key] = value
        }
        return values
    }

    /// `script` with every `wire.section.key` and `wire.key` written as its value; nil when one
    /// names nothing in `values` (the table must then be served).
    package static func apply(to script: [UInt8], values: [String: String]) -> [UInt8]? {
        let text = String(decoding: script, as: UTF8.self)
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var rest = text[...]
        while let found = rest.firstRange(of: "wire.") {
            let before = rest[..<found.lowerBound]
            // `wire.` as a name of its own, not the end of another (`rewire.x`).
            if let last = before.last, last.isLetter || last.isNumber || last == "_" || last == "$" || last == "." {
                out += rest[..<found.upperBound]
                rest = rest[found.upperBound...]
                continue
            }
            out += before
            let name = { (from: Substring) in from.prefix { $0.isLetter || $0.isNumber || $0 == "_" } }
            let first = name(rest[found.upperBound...])
            var path = String(first)
            var end = rest.index(found.upperBound, offsetBy: first.count)
            if end < rest.endIndex, rest[end] == ".", values[path] == nil {
                let second = name(rest[rest.index(after: end)...])
                path += "." + second
                end = rest.index(end, offsetBy: 1 + second.count)
            }
            guard let value = values[path] else { return nil }
            // A number before a member access is written in parentheses (`(10000).toFixed()`).
            let numeric = value.first.map { $0.isNumber || $0 == "-" } ?? false
            out += numeric && end < rest.endIndex && (rest[end] == "." || rest[end] == "[") ? "(\(value))" : value
            rest = rest[end...]
        }
        out += rest
        return Array(out.utf8)
    }
}

/// The runtime and the stylesheet as served: the sources in this folder stay commented and
/// indented for the people who read them; the browser gets them without comment lines,
/// comments and indentation (a fifth fewer bytes gzipped: part of every first paint).
/// Deliberately simple, so it cannot change what the code does: a script loses whole-line `//`
/// comments and leading whitespace (the runtime has no multi-line strings), a stylesheet its
/// `/* … */` comments and leading whitespace.
package enum Minified {
    package static func script(_ bytes: [UInt8]) -> [UInt8] {
        var lines: [String] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("//") { continue }
            lines.append(String(trimmed))
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    package static func stylesheet(_ bytes: [UInt8]) -> [UInt8] {
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
                continue
            }
            kept.append(bytes[index])
            index += 1
        }
        let lines = String(decoding: kept, as: UTF8.self).split(separator: "\n").map { $0.drop { $0 == " " || $0 == "\t" } }
            .filter { !$0.isEmpty }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }
}
