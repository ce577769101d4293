import Foundation
import JetwayWire

/// A page with a search field, opened from a loopback address of its own and joined over its
/// websocket: a bystander whose page loads and searches are timed beside an attack, or one of
/// the attack's typing pages (`TypingPages`).
///
/// ```swift
/// let visitor = try await BoardVisitor.open(from: "127.0.0.3", port: port, field: { searchFieldID(in: $0) })
/// let idle = await visitor.measure()   // medians of its page loads and search round trips
/// ```
public final class BoardVisitor: @unchecked Sendable {
    /// The page's websocket.
    public let client: WebSocketClient
    /// The element id of the page's search field.
    public let field: String
    let address: String
    let port: Int
    /// The page as its runtime keeps it (token, version, its events' refs).
    private var page: ClientPage

    /// What the visit could not do (a page that did not load, a join refused).
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    init(client: WebSocketClient, page: ClientPage, field: String, address: String, port: Int) {
        self.client = client
        self.page = page
        self.field = field
        self.address = address
        self.port = port
    }

    /// GETs `/` from `address`, finds the search field (`field` reads its id from the page),
    /// opens the page's websocket from the same address and joins.
    public static func open(from address: String, port: Int, field: @Sendable (String) -> String?) async throws -> BoardVisitor {
        let body = await offPool { LoopbackClient.get("/", from: address, port: port).answer }
        guard let token = meta("jetway-token", in: body), let search = field(body) else {
            throw Failure(description: "no page with a search field for \(address): \(body.prefix(120))")
        }
        let client = try await WebSocketClient.connect(port: port, origin: "http://127.0.0.1:\(port)", from: address)
        var page = ClientPage(path: "/", token: token, buildID: meta(RuntimeContract.Meta.build, in: body) ?? "")
        await client.sendText(page.join.text)
        guard case .message(let joined)? = await client.nextFrame(timeout: 20, where: { $0.name == "joined" }) else {
            throw Failure(description: "the page of \(address) did not join")
        }
        if case .joined(let version, _) = joined { page.version = version }
        return BoardVisitor(client: client, page: page, field: search, address: address, port: port)
    }

    /// `rounds` page loads (a new GET of `/` each) and search round trips (a text typed into the
    /// field, until the patch that answers it): the median of each, in seconds.
    public func measure(rounds: Int = 7) async -> (load: Double, search: Double) {
        var loads: [Double] = []
        var searches: [Double] = []
        let (address, port) = (address, port)
        for round in 0..<rounds {
            loads.append(await offPool { LoopbackClient.get("/", from: address, port: port).seconds })
            let started = Date()
            let event = page.event(field, "input", .text(["den", "bos", ""][round % 3]))
            await client.sendText(event.text)
            // Until the patch that answers it (read from its ends: the time is the server's).
            while case .text(let reply) = await client.next(timeout: 10) {
                if case .patch(_, let answered)? = try? page.note(reply), answered == page.ref { break }
            }
            searches.append(Date().timeIntervalSince(started))
        }
        return (loads.sorted()[rounds / 2], searches.sorted()[rounds / 2])
    }

    static func meta(_ name: String, in page: String) -> String? {
        guard let range = page.range(of: "<meta name=\"\(name)\" content=\"") else { return nil }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }
}
