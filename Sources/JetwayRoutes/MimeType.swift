import Foundation

/// The `Content-Type` a file is served with, by its name's extension (files the app serves
/// itself; uploads are typed by their content instead).
package enum MimeType {
    package static func of(_ path: String) -> String {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "html": "text/html; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
