import Foundation
import Jetway

/// The HTML document around a rendered view: the stylesheet, the runtime, and the session's
/// token in a `<meta>`, so the page reads fine before (or without) any script.
enum PageTemplate {
    static func page(
        app: JetwayApp, body: String, token: String, path: String, buildID: String, version: UInt64 = 0, screenTitle: String? = nil,
        clock: WallClock = .system, availableOffline: Bool = false
    ) -> String {
        // The server's time and the clock's rate: the browser's clocks count from them.
        let clockMeta = "\(WallClock.milliseconds(clock.now)) \(clock.rate)"
        let offlineMeta = availableOffline ? "<meta name=\"jetway-offline\" content=\"last-page\">" : ""
        // The screen's title, then the app's (once, when they are the same).
        let title = screenTitle.map { $0 == app.title ? $0 : $0 + " – " + app.title } ?? app.title
        let styles = ([versioned("jetway.css")] + app.stylesheets.map(versioned)).map {
            "<link rel=\"stylesheet\" href=\"/assets/\(HTTPResponse.escape($0))\">"
        }.joined()
        let scripts = ([versioned("jetway.js")] + app.scripts.map(versioned)).map {
            "<script src=\"/assets/\(HTTPResponse.escape($0))\" defer></script>"
        }.joined()
        return """
            <!doctype html><html lang="en" class="jw-connecting"><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1">\
            <title>\(HTTPResponse.escape(title))</title>\(styles)\
            <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">\
            <meta name="jetway-token" content="\(HTTPResponse.escape(token))">\
            <meta name="jetway-path" content="\(HTTPResponse.escape(path))">\
            <meta name="jetway-build" content="\(HTTPResponse.escape(buildID))">\
            <meta name="jetway-app-title" content="\(HTTPResponse.escape(app.title))">\
            <meta name="jetway-version" content="\(version)">\
            <meta name="jetway-clock" content="\(clockMeta)">\
            <meta name="jetway-time-zone" content="\(HTTPResponse.escape((app.timeZone ?? TimeZone(identifier: "UTC")!).identifier))">\
            \(offlineMeta)\
            \(scripts)</head>\
            <body>\(body)<div class="jw-banner" role="status" aria-live="polite">Reconnecting…</div></body></html>
            """
    }

    /// A bundled file's URL with its fingerprint, so a new build's runtime is never served from
    /// an old cache.
    private static func versioned(_ name: String) -> String {
        StaticFiles.version(of: name).map { "\(name)?v=\($0)" } ?? name
    }
}
