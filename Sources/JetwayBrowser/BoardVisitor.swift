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
    public let client: WebSocketClient
    /// The element id of the page's search field.
    public let field: String
    let address: String
    let port: Int
    private var ref = 0

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    init(client: WebSocketClient, field: String, address: String, port: Int) {
        self.client = client
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
        await client.sendText(
            ClientMessage.join(token: token, path: "/", version: 0, buildID: meta(RuntimeContract.Meta.build, in: body) ?? "").text)
        guard case .text = await client.next(startingWith: "[\"joined\"", timeout: 20) else {
            throw Failure(description: "the page of \(address) did not join")
        }
        return BoardVisitor(client: client, field: search, address: address, port: port)
    }

    /// `rounds` page loads (a new GET of `/` each) and search round trips (a text typed into the
    /// field, until the patch that answers it): the median of each, in seconds.
    public func measure(rounds: Int = 7) async -> (load: Double, search: Double) {
        var loads: [Double] = []
        var searches: [Double] = []
        let (address, port) = (address, port)
        for round in 0..<rounds {
            loads.append(await offPool { LoopbackClient.get("/", from: address, port: port).seconds })
            ref += 1
            let started = Date()
            await client.sendText(
                ClientMessage.event(ref: ref, id: field, event: "input", payload: .text(["den", "bos", ""][round % 3])).text)
            while case .text(let reply) = await client.next(timeout: 10) {
                if reply.hasSuffix(",\(ref)]") { break }
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
