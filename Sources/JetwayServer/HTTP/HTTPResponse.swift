import Foundation
import Jetway

/// A complete HTTP response, written by the service thread in one go.
struct HTTPResponse: Sendable {
    var status: UInt32
    var contentType: String
    var headers: [(String, String)] = []
    var body: [UInt8]

    /// Headers every response carries.
    static let securityHeaders = securityHeaders(frameAncestors: [])

    /// The same, letting pages of `frameAncestors` (origins such as `https://intranet.example`)
    /// frame the app; none when empty. Origins with anything but a scheme, host and port are
    /// left out.
    static func securityHeaders(frameAncestors: [String]) -> [(String, String)] {
        let allowed = frameAncestors.filter { origin in
            (origin.hasPrefix("https://") || origin.hasPrefix("http://"))
                && origin.utf8.allSatisfy {
                    $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: "'")
                }
        }
        let ancestors = allowed.isEmpty ? "'none'" : allowed.joined(separator: " ")
        var headers = [
            (
                "content-security-policy",
                "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'self'; frame-ancestors \(ancestors); base-uri 'none'; form-action 'self'; object-src 'none'"
            ),
            ("x-content-type-options", "nosniff"),
            ("referrer-policy", "same-origin"),
        ]
        // X-Frame-Options cannot name origins; browsers that know CSP follow frame-ancestors.
        if allowed.isEmpty { headers.append(("x-frame-options", "DENY")) }
        return headers
    }

    static func html(_ status: UInt32, _ html: String) -> HTTPResponse {
        HTTPResponse(
            status: status, contentType: "text/html; charset=utf-8", headers: [("cache-control", "no-store")], body: Array(html.utf8))
    }

    static func text(_ status: UInt32, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status, contentType: "text/plain; charset=utf-8", headers: [("cache-control", "no-store")], body: Array(text.utf8))
    }

    /// One of Jetway's own small pages (not found, too many pages, the server full, held in
    /// development, the docs index): a title as its heading above `bodyHTML`, in Jetway's
    /// styles. One that asks again after `retryAfter` seconds says so to the browser (it
    /// refreshes by itself) and to other clients (`retry-after`).
    static func simplePage(_ status: UInt32, title: String, bodyHTML: String, retryAfter: Int? = nil) -> HTTPResponse {
        let refresh = retryAfter.map { "<meta http-equiv=\"refresh\" content=\"\($0)\">" } ?? ""
        var response = html(
            status,
            """
            <!doctype html><html lang="en"><head><meta charset="utf-8">\(refresh)<title>\(escape(title))</title>\
            <link rel="stylesheet" href="/assets/jetway.css"></head><body>\
            <main class="\(StyleClass.vstack)" style="padding:48px;align-items:flex-start">\
            <h1 class="\(RuntimeContract.Class.navTitle)">\(escape(title))</h1>\(bodyHTML)</main></body></html>
            """)
        if let retryAfter { response.headers.append(("retry-after", String(retryAfter))) }
        return response
    }

    /// Too many open pages from one address: a page that tries again by itself in a while (a
    /// kiosk that was refused comes back without anyone touching it).
    static func tooManyPages() -> HTTPResponse {
        simplePage(
            429, title: "Too many open pages",
            bodyHTML: "<p>Too many pages are open from your address. Close some; this page tries again in 30 seconds.</p>",
            retryAfter: 30)
    }

    /// The server's pages have taken the memory it may give them: a page that tries again.
    static func serverFull() -> HTTPResponse {
        simplePage(
            503, title: "The server is full",
            bodyHTML: "<p>The server has as many pages open as its memory allows. This page tries again in 30 seconds.</p>",
            retryAfter: 30)
    }

    /// No page at this address in the app called `title`.
    static func notFoundPage(title: String) -> HTTPResponse {
        simplePage(
            404, title: "Page not found",
            bodyHTML: """
                <p>There is no page at this address in \(escape(title)).</p>\
                <a class="\(RuntimeContract.Class.link)" href="/">Go to the start page</a>
                """)
    }

    static func escape(_ text: String) -> String {
        HTMLWriter.escape(text, attribute: true)
    }
}
