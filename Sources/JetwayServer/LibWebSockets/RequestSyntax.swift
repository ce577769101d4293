import CLibWebSockets
import Foundation

/// What RFC 9112 requires of a request's head that libwebsockets 4.1 lets through, checked on
/// the fields lws parsed, before anything is routed; a request that breaks it is answered 400
/// (411 for a body without a length) and its connection closed, so no part of it can be read
/// as another request (request smuggling behind a proxy that reads it otherwise).
///
/// - The version is `HTTP/1.1` or `HTTP/1.0` (lws takes a request line without one for 1.0).
/// - `Content-Length` is one run of digits, given once: `+5`, `0x5`, `5, 5` and two headers
///   are refused (lws reads them with `atoll`, the first one winning).
/// - A request with a body says how long it is: POST, PUT and PATCH without `Content-Length`
///   get 411 (lws would take what follows as a body of up to 100 MB), and so does
///   `Transfer-Encoding` (lws 4.1 does not decode chunked request bodies).
/// - `Host` is given once.
///
/// The line syntax (bare LFs, folded lines, whitespace before a colon, names lws misreads) is
/// checked earlier, on the bytes lws receives (`RequestHeadScanner`). docs/security.md,
/// "Parsing".
enum RequestSyntax {
    /// The error to answer for this request's head, or nil when it is well formed.
    static func problem(_ wsi: OpaquePointer, method: HTTPMethod?) -> HTTPError? {
        let version = LibWebSocketsTransport.header(wsi, WSI_TOKEN_HTTP)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return HTTPError(400, "the request line must end in HTTP/1.1 or HTTP/1.0")
        }
        if lws_hdr_fragment_length(wsi, WSI_TOKEN_HOST, 1) > 0 { return HTTPError(400, "Host is given more than once") }
        var fragments: [String] = []
        var index: Int32 = 0
        var buffer = [CChar](repeating: 0, count: 64)
        while index < 8, lws_hdr_fragment_length(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH, index) > 0 {
            guard lws_hdr_copy_fragment(wsi, &buffer, Int32(buffer.count), WSI_TOKEN_HTTP_CONTENT_LENGTH, index) >= 0 else {
                return HTTPError(400, "Content-Length is not a number of bytes (digits only)")
            }
            fragments.append(String(cBuffer: buffer))
            index += 1
        }
        return RequestHead.framingProblem(
            method: method, contentLengths: fragments, chunked: lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_TRANSFER_ENCODING) > 0)
    }
}
