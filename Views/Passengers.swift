import Foundation
import Jetway
import JetwayRoutes
import JetwayStore

/// A flight a passenger starred, on one device (the browser's `jw_device` cookie, which lasts a
/// year): "My flights" at the top of the board.
public struct StarredFlight: Record, Identifiable, Hashable, Sendable {
    public static let table = "starred_flights"
    /// `device:flightID`.
    public let id: String
    public let device: String
    public let flightID: Int

    public init(device: String, flightID: Int) {
        self.id = "\(device):\(flightID)"
        self.device = device
        self.flightID = flightID
    }
}

extension FlightBoardModel {
    /// The flights a device starred: a live list every page of that device shares.
    public func starred(on device: String) -> FetchedResultList<StarredFlight> {
        if let list = starredLists[device] { return list }
        let list = FetchedResultList<StarredFlight>(
            store: store, filter: NSPredicate(format: "device == %@", device),
            sortDescriptors: [NSSortDescriptor(keyPath: \StarredFlight.flightID, ascending: true)], fetchLimit: 100)
        if starredLists.count >= 1024 { starredLists.removeAll() }
        starredLists[device] = list
        return list
    }

    /// Stars or unstars a flight for a device; every page of that device follows.
    public func setStarred(_ starred: Bool, flight: Int, device: String) throws {
        let record = StarredFlight(device: device, flightID: flight)
        if starred {
            try store.save(record)
        } else if try store.find(StarredFlight.self, id: record.id) != nil {
            try store.delete(StarredFlight.self, id: record.id)
        }
    }
}

/// A star that adds a flight to this device's "My flights", or takes it off.
struct StarButton: View {
    let model: FlightBoardModel
    let flight: FlightInformation
    let device: String
    let isStarred: Bool
    var title = false

    var body: some View {
        Button {
            try? model.setStarred(!isStarred, flight: flight.id, device: device)
        } label: {
            if title {
                Label(isStarred ? "Remove from My flights" : "Add to My flights", systemImage: "star")
            } else {
                Image(systemName: "star")
            }
        }
        .foregroundColor(isStarred ? .orange : .secondary)
        .accessibilityLabel(isStarred ? "Unstar \(flight.airline) \(flight.number)" : "Star \(flight.airline) \(flight.number)")
    }
}

/// The board's "My flights": the starred flights of today, in time order, with their stars.
struct MyFlightsSection: View {
    let model: FlightBoardModel
    let starred: FetchedResultList<StarredFlight>
    let device: String

    var body: some View {
        let ids = Set(starred.items.map(\.flightID))
        let flights = model.flights.filter { ids.contains($0.id) }
        if !flights.isEmpty {
            VStack(alignment: .leading, spacing: 8) {
                Text("My flights").font(.headline)
                ForEach(flights) { flight in
                    HStack {
                        NavigationLink(destination: FlightDetail(model: model, flight: flight)) {
                            FlightRow(flight: flight)
                        }
                        StarButton(model: model, flight: flight, device: device, isStarred: true)
                    }
                }
            }
            .padding(.horizontal, 16)
            .accessibilityIdentifier("my-flights")
        }
    }
}

/// The detail page's star, with its title.
struct DetailStar: View {
    let model: FlightBoardModel
    let flight: FlightInformation
    let device: String
    let starred: FetchedResultList<StarredFlight>

    var body: some View {
        StarButton(
            model: model, flight: flight, device: device, isStarred: starred.items.contains { $0.flightID == flight.id }, title: true)
    }
}
