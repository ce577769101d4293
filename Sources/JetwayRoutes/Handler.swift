import Foundation
import Jetway

/// The HTTP methods a handler can answer. `HEAD` is answered wherever `GET` is.
public enum HTTPMethod: String, Sendable, CaseIterable {
    /// The methods, each as HTTP spells it.
    case get = "GET", head = "HEAD", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"

    /// Whether a request with this method changes state (and so is refused cross-site).
    package var changesState: Bool { self != .get && self != .head }
}

/// An HTTP endpoint beside the app's pages: a JSON API, a form post, a feed.
///
/// ```swift
/// Handler(.get, "/api/flights/:id") { request in
///     guard let flight = model.flight(request.parameters["id"] ?? "") else { throw HTTPError(404, "no such flight") }
///     return .json(flight)
/// }
/// Handler(.post, "/api/flights/:id/status", auth: .bearer) { request in
///     let change = try request.decode(StatusChange.self)   // 400 naming the field when it fails
///     model.setStatus(change.status, of: request.parameters["id"] ?? "")
///     return .noContent
/// }
/// ```
///
/// Handlers run on the main actor, so they may change the models the views read: the change
/// reaches every open page as one made in a view does. Slow work can hop off it (`await`).
public struct Handler: Sendable {
    /// Who may call a handler.
    public enum Access: Sendable {
        /// Anyone; requests that change state are still refused cross-site.
        case open
        /// Machine clients: `Authorization: Bearer <token>` with one of
        /// `ServerConfiguration.apiTokens` (401 otherwise).
        case bearer
    }

    /// The method it answers.
    public let method: HTTPMethod
    /// The paths it answers (`/api/flights/:id`).
    public let pattern: PathPattern
    /// The largest body it takes; a bigger one is answered 413 unread.
    public let maxBodyBytes: Int
    /// Who may call it.
    public let access: Access
    package let handle: @MainActor @Sendable (Request) async throws -> Response

    /// - Parameter maxBodyBytes: the largest body accepted (1 MiB unless given): a bigger one
    ///   is answered 413 without being read into memory.
    public init(
        _ method: HTTPMethod, _ pattern: String, maxBodyBytes: Int = 1 << 20, auth access: Access = .open,
        _ handle: @escaping @MainActor @Sendable (Request) async throws -> Response
    ) {
        self.method = method
        self.pattern = PathPattern(pattern)
        self.maxBodyBytes = max(0, maxBodyBytes)
        self.access = access
        self.handle = handle
    }
}

/// A request as a handler sees it.
public struct Request: Sendable {
    /// The request's method.
    public let method: HTTPMethod
    /// The path, percent-decoded once.
    public let path: String
    /// The pattern's `:parameters`.
    public let parameters: [String: String]
    /// The query's values by name, percent-decoded.
    public let query: [String: String]
    /// Header values by lower-cased name (the ones a handler may need: see `Request.headerNames`).
    public let headers: [String: String]
    /// Every cookie the browser sent, by name, as sent (a signed one with its MAC; see `signedCookies`).
    public let cookies: [String: String]
    /// The signed cookies (see `Cookie`) whose signature verifies, by name, without the MAC.
    public let signedCookies: [String: String]
    /// The browser's device id (the signed `jw_device` cookie pages set), if it sent one.
    public var device: String? { signedCookies[Cookie.deviceName] }
    /// The signed-in user (see `Response.signIn(user:)`), or nil.
    public package(set) var user: String?
    /// The sign-in the browser's cookie names, while it is live.
    package var signInID: String?
    /// The body's bytes (at most the handler's `maxBodyBytes`).
    public let body: [UInt8]
    /// The client's address.
    public let remoteAddress: String

    /// A request as the server builds it (tests make their own: `Request(method: .post, path: "/api/…", body: …)`).
    public init(
        method: HTTPMethod, path: String, parameters: [String: String] = [:], query: [String: String] = [:],
        headers: [String: String] = [:], signedCookies: [String: String] = [:], body: [UInt8] = [], remoteAddress: String = "127.0.0.1"
    ) {
        self.method = method
        self.path = path
        self.parameters = parameters
        self.query = query
        self.headers = headers
        self.cookies = Self.parseCookies(headers["cookie"] ?? "")
        self.signedCookies = signedCookies
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The request headers a handler can read (others are not copied out of the transport).
    public static let headerNames = [
        "accept", "authorization", "content-type", "content-length", "cookie", "host", "origin", "referer", "user-agent",
        "if-none-match", "sec-fetch-site", "x-request-id",
    ]

    /// The body as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The fields of an HTML form's body (`application/x-www-form-urlencoded`, as a `<form
    /// method="post">` sends it); empty for any other body.
    public var form: [String: String] {
        guard (headers["content-type"] ?? "").lowercased().hasPrefix("application/x-www-form-urlencoded") else { return [:] }
        return RouteMatch.parseQuery(text)
    }

    /// The body decoded as JSON; a malformed body or a value that does not fit `type` throws a
    /// 400 `HTTPError` that names the field (`{"error":"…","field":"status"}`).
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(body))
        } catch let error as DecodingError {
            throw HTTPError(decoding: error)
        }
    }

    package static func parseCookies(_ header: String) -> [String: String] {
        var cookies: [String: String] = [:]
        for pair in header.split(separator: ";") {
            // `name=` is a cookie with an empty value (found by FuzzTests), not a malformed pair.
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, cookies[name] == nil else { continue }
            var value = parts[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            cookies[name] = value
        }
        return cookies
    }
}

/// What a handler answers.
public struct Response: Sendable {
    /// The HTTP status (200 unless set).
    public var status: Int
    /// The body's `Content-Type`.
    public var contentType: String
    /// Headers to send besides the server's own (its security headers are always added).
    public var headers: [(String, String)]
    /// The body's bytes.
    public var body: [UInt8]
    /// Cookies to set (`setCookie(_:)`); signed cookies are signed when the answer is sent.
    public var cookies: [Cookie] = []
    /// Set by `signIn(user:)` and `signOut()`; applied by the server as the answer is sent.
    package var signInChange: SignInChange?

    /// An answer of these bytes; `json(_:)`, `html(_:)` and `text(_:)` make the usual ones.
    public init(status: Int = 200, contentType: String = "application/octet-stream", headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    /// `value` as JSON (keys sorted, so equal values give equal bytes).
    public static func json<T: Encodable>(_ value: T, status: Int = 200) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return Response(status: status, contentType: "application/json", body: Array(try encoder.encode(value)))
    }

    /// An HTML page the handler wrote (escape what it did not: `Response.escape`).
    public static func html(_ html: String, status: Int = 200) -> Response {
        Response(status: status, contentType: "text/html; charset=utf-8", body: Array(html.utf8))
    }

    /// Text made safe for HTML, in text and in quoted attributes.
    public static func escape(_ text: String) -> String { HTMLWriter.escape(text, attribute: true) }

    /// Plain UTF-8 text.
    public static func text(_ text: String, status: Int = 200) -> Response {
        Response(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

    /// A redirect to a path on this site or an absolute http(s) URL (303 unless given).
    public static func redirect(to location: String, status: Int = 303) -> Response {
        Response(status: status, contentType: "text/plain; charset=utf-8", headers: [("location", location)], body: [])
    }

    /// 204: done, nothing to say.
    public static let noContent = Response(status: 204, contentType: "text/plain; charset=utf-8")

    /// A file's bytes, its type from the extension unless given; a missing file is a 404.
    public static func file(_ path: String, contentType: String? = nil) throws -> Response {
        guard let data = FileManager.default.contents(atPath: path) else { throw HTTPError(404, "not found") }
        let type = contentType ?? MimeType.of(path)
        return Response(status: 200, contentType: type, body: Array(data))
    }
}

/// An error that knows the answer it stands for, thrown from a handler: the client gets that
/// `HTTPError`'s answer, and the error itself goes to the log (which may say more than the
/// client should read). The store's errors are: a busy database or a full disk answer 503.
public protocol HTTPErrorConvertible: Error {
    /// The answer the client gets for this error; the server logs the error itself, at level error for a 500 and
    /// warn otherwise.
    var httpError: HTTPError { get }
}

/// An error a handler throws to answer with a status: the client gets
/// `{"error": message, "field": field}` (the field only when there is one).
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status the client gets (400, 404, 409, 422…).
    public let status: Int
    /// What is wrong, for the client: `error` in the JSON body.
    public let message: String
    /// The field of the request's body at fault (`seats.2`), if one is: `field` in the JSON body.
    public let field: String?
    /// Extra headers (`Allow`, `WWW-Authenticate`).
    public var headers: [String: String] = [:]

    /// An error answering `status` with `message`, naming `field` when one is at fault.
    public init(_ status: Int, _ message: String, field: String? = nil) {
        self.status = status
        self.message = message
        self.field = field
    }

    init(decoding error: DecodingError) {
        func name(_ path: [CodingKey], _ key: CodingKey? = nil) -> String? {
            let keys = path + (key.map { [$0] } ?? [])
            let names = keys.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return names.isEmpty ? nil : names.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(400, "missing field", field: name(context.codingPath, key))
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            self.init(400, "wrong type", field: name(context.codingPath))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                self.init(400, "malformed JSON")
            } else {
                self.init(400, "invalid value", field: name(context.codingPath))
            }
        @unknown default:
            self.init(400, "malformed JSON")
        }
    }

    /// The status, the message and the field: `422 too many seats (seats)`.
    public var description: String { "\(status) \(message)" + (field.map { " (\($0))" } ?? "") }

    /// The JSON body the client gets.
    package var response: Response {
        var object: [String: String] = ["error": message]
        if let field { object["field"] = field }
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Response(status: status, contentType: "application/json", headers: headers.sorted { $0.key < $1.key }, body: Array(body))
    }
}

/// A path pattern: literal segments and `:name` parameters (`/flights/:id`).
public struct PathPattern: Sendable, Equatable {
    /// The pattern as written.
    public let text: String
    private let segments: [Substring]

    /// A pattern of `/`-separated segments; a segment `:name` matches any one segment and names it.
    public init(_ text: String) {
        self.text = text
        self.segments = text.split(separator: "/")
    }

    /// The parameters when `path` (already percent-decoded) matches, else nil.
    public func match(_ path: String) -> [String: String]? {
        let parts = path.split(separator: "/")
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            if segment.hasPrefix(":") {
                parameters[String(segment.dropFirst())] = String(part)
            } else if segment != part {
                return nil
            }
        }
        return parameters
    }
}
