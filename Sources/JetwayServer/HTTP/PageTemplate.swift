import Foundation
import Jetway

/// The HTML document around a rendered view: the stylesheet, the runtime, and the session's
/// token in a `<meta>`, so the page reads fine before (or without) any script.
enum PageTemplate {
    static func page(
        app: JetwayApp, body: String, token: String, path: String, buildID: String, version: UInt64 = 0, screenTitle: String? = nil,
        clock: WallClock = .system, availableOffline: Bool = false, language: String? = nil, direction: LayoutDirection = .leftToRight
    ) -> String {
        // The server's time and the clock's rate: the browser's clocks count from them.
        let clockMeta = "\(WallClock.milliseconds(clock.now)) \(clock.rate)"
        typealias Meta = RuntimeContract.Meta
        func meta(_ name: String, _ content: String) -> String {
            "<meta name=\"\(name)\" content=\"\(HTTPResponse.escape(content))\">"
        }
        let offlineMeta = availableOffline ? meta(Meta.offline, "last-page") : ""
        // The screen's title, then the app's (once, when they are the same), in the page's
        // language.
        let appTitle = StringCatalog.appText(app.title, language: language)
        let title = screenTitle.map { $0 == appTitle ? $0 : $0 + " – " + appTitle } ?? appTitle
        // The runtime's own words (its connection banner) in the page's language.
        let runtimeWords = SystemWords.runtimeWords(language: language)
        let words = runtimeWords.map { " \(RuntimeContract.Attribute.words)=\"\(HTTPResponse.escape($0.json))\"" } ?? ""
        let reconnecting = runtimeWords?.reconnecting ?? "Reconnecting…"
        var styles = ([versioned("jetway.css")] + app.stylesheets.map(versioned)).map {
            "<link rel=\"stylesheet\" href=\"/assets/\(HTTPResponse.escape($0))\">"
        }.joined()
        // What the app set through UIKit's appearance proxies (`UINavigationBar.appearance()`).
        let appearance = UIKitAppearance.stylesheet
        if !appearance.isEmpty { styles += "<style>\(appearance)</style>" }
        let scripts = ([versioned("jetway-page.js")] + app.scripts.map(versioned)).map {
            "<script src=\"/assets/\(HTTPResponse.escape($0))\" defer></script>"
        }.joined()
        return """
            <!doctype html><html lang="\(HTTPResponse.escape(language ?? "en"))"\
            \(direction == .rightToLeft ? " dir=\"rtl\"" : "") \
            class="\(RuntimeContract.State.connecting)"><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1">\
            <title>\(HTTPResponse.escape(title))</title>\(styles)\
            <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">\
            \(meta(Meta.token, token))\(meta(Meta.path, path))\(meta(Meta.build, buildID))\(meta(Meta.appTitle, appTitle))\
            \(meta(Meta.version, String(version)))\(meta(Meta.clock, clockMeta))\
            \(meta(Meta.timeZone, (app.timeZone ?? TimeZone(identifier: "UTC")!).identifier))\
            \(offlineMeta)\
            \(scripts)</head>\
            <body>\(body)<div class="\(RuntimeContract.Class.banner)" role="status" aria-live="polite"\(words)>\
            \(HTTPResponse.escape(reconnecting))</div></body></html>
            """
    }

    /// In development, a build of what a page loads rather than of the executable: the
    /// fingerprints of the runtime, the stylesheet and the app's own stylesheets and scripts,
    /// and the app's title. A rebuild that changed only views keeps it, so open pages re-mount
    /// on the new process (keeping what was typed) instead of loading themselves afresh; a
    /// changed stylesheet changes it, and pages load again to get it.
    static func developmentBuildID(app: JetwayApp, assets: StaticFiles) -> String {
        let files = ["jetway.css", "jetway-page.js"] + app.stylesheets + app.scripts
        let loaded = files.map { name in
            name + "=" + (assets.response(for: name, ifNoneMatch: nil)?.headers.first { $0.0 == "etag" }?.1 ?? "")
        }
        return "dev-" + StaticFiles.digest(Array((loaded + [app.title]).joined(separator: "\n").utf8))
    }

    /// A bundled file's URL with its fingerprint, so a new build's runtime is never served from
    /// an old cache.
    private static func versioned(_ name: String) -> String {
        StaticFiles.version(of: name).map { "\(name)?v=\($0)" } ?? name
    }
}
