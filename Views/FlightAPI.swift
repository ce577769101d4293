import Foundation
import JetwayRoutes
import JetwayStore

/// The airport's systems drive every screen through these (docs/integration.md):
///
/// - `GET /api/flights?search=&direction=&status=&gate=&limit=`: the board's filters, as JSON.
/// - `GET /api/flights/:id`: one flight.
/// - `PATCH /api/flights/:id` (bearer token): `{"status": "Delayed", "currentTime":
///   "2026-12-02T10:40:00Z", "gate": "B7"}`, any of them; `"currentTime": null` clears a delay.
///
/// A change through them is a store write like any other: it reaches open pages within a frame.
public enum FlightAPI {
    public static let maxLimit = 1000

    @MainActor
    public static func handlers(model: FlightBoardModel) -> [Handler] {
        let store = model.store
        return [
            Handler(.get, "/api/flights") { request in
                let (predicate, limit) = try filter(request.query)
                return try .json(try store.fetch(FlightInformation.self, where: predicate, sortedBy: FlightBoardModel.byTime, limit: limit))
            },
            Handler(.get, "/api/flights/:id") { request in
                return try .json(try flight(request.parameters["id"], in: store))
            },
            Handler(.patch, "/api/flights/:id", maxBodyBytes: 4096, auth: .bearer) { request in
                let id = try flight(request.parameters["id"], in: store).id
                let change = try request.decode(FlightChange.self)
                do {
                    return try .json(try model.change(id, by: "api") { change.apply(to: &$0) })
                } catch StoreError.notFound {
                    // Removed since it was read (the day rolled over).
                    throw HTTPError(404, "no flight \(id)")
                }
            },
        ]
    }

    static func flight(_ text: String?, in store: Store) throws -> FlightInformation {
        guard let text, let id = Int(text), id >= 0 else { throw HTTPError(404, "no flight \(text ?? "")") }
        guard let flight = try store.find(FlightInformation.self, id: id) else { throw HTTPError(404, "no flight \(id)") }
        return flight
    }

    /// The board's filters from a query string.
    static func filter(_ query: [String: String]) throws -> (StorePredicate?, Int) {
        var parts: [StorePredicate] = []
        if let search = query["search"], !search.isEmpty { parts.append(FlightInformation.matching(search)) }
        if let direction = query["direction"], !direction.isEmpty {
            guard let value = FlightInformation.Direction(rawValue: direction) else {
                throw HTTPError(400, "direction is arrival or departure", field: "direction")
            }
            parts.append(NSPredicate(format: "direction == %@", value.rawValue))
        }
        if let status = query["status"], !status.isEmpty {
            guard let value = FlightInformation.Status(rawValue: status) else {
                throw HTTPError(
                    400, "status is one of \(FlightInformation.Status.allCases.map(\.rawValue).joined(separator: ", "))", field: "status")
            }
            parts.append(NSPredicate(format: "status == %@", value.rawValue))
        }
        if let gate = query["gate"], !gate.isEmpty { parts.append(NSPredicate(format: "gate ==[c] %@", gate)) }
        var limit = 100
        if let text = query["limit"] {
            guard let value = Int(text), (1...maxLimit).contains(value) else {
                throw HTTPError(400, "limit is a number from 1 to \(maxLimit)", field: "limit")
            }
            limit = value
        }
        return (parts.isEmpty ? nil : .and(parts), limit)
    }
}

extension FlightInformation {
    /// Flights whose number, airport or airline contains `text`, ignoring case and accents.
    public static func matching(_ text: String) -> StorePredicate {
        NSPredicate(format: "number contains[cd] %@ OR otherAirport contains[cd] %@ OR airline contains[cd] %@", text, text, text)
    }
}

/// A `PATCH /api/flights/:id` body: the fields to change.
struct FlightChange: Decodable {
    var status: FlightInformation.Status?
    var gate: String?
    /// Absent: unchanged; null: no delay; a time: the new expected time.
    var currentTime: Date??

    enum CodingKeys: String, CodingKey { case status, gate, currentTime }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try container.decodeIfPresent(String.self, forKey: .status) {
            guard let status = FlightInformation.Status(rawValue: text) else {
                throw HTTPError(
                    400, "status is one of \(FlightInformation.Status.allCases.map(\.rawValue).joined(separator: ", "))", field: "status")
            }
            self.status = status
        }
        if let gate = try container.decodeIfPresent(String.self, forKey: .gate) {
            if let problem = Self.problem(gate: gate) { throw HTTPError(400, problem, field: "gate") }
            self.gate = gate
        }
        if container.contains(.currentTime) {
            if try container.decodeNil(forKey: .currentTime) {
                currentTime = .some(nil)
            } else {
                let text = try container.decode(String.self, forKey: .currentTime)
                guard let time = ISO8601DateFormatter().date(from: text) else {
                    throw HTTPError(400, "currentTime is an ISO 8601 time (2026-12-02T10:40:00Z) or null", field: "currentTime")
                }
                currentTime = .some(time)
            }
        }
        let unknown = Set(try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)).subtracting([
            "status", "gate", "currentTime",
        ])
        if let field = unknown.sorted().first { throw HTTPError(400, "a flight has no field \(field) to change", field: field) }
        if status == nil && gate == nil && currentTime == nil { throw HTTPError(400, "nothing to change (status, gate, currentTime)") }
    }

    /// Why a gate name is not one (letters and digits, at most 8).
    static func problem(gate: String) -> String? {
        let valid =
            !gate.isEmpty && gate.count <= 8 && gate.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII }
        return valid ? nil : "gate is 1 to 8 letters and digits"
    }

    func apply(to flight: inout FlightInformation) {
        if let status { flight.status = status }
        if let gate {
            flight.gate = gate
            flight.terminal = String(gate.prefix(1))
        }
        if let currentTime { flight.currentTime = currentTime }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
