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
        shared(&starredLists, device) {
            FetchedResultList<StarredFlight>(
                store: store, filter: NSPredicate(format: "device == %@", device),
                // Bounded by the flights in the store (about two days): stars go with their flights.
                sortDescriptors: [NSSortDescriptor(keyPath: \StarredFlight.flightID, ascending: true)])
        }
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

/// A device's picture (Settings): a PNG or JPEG of at most 2 MB, its type checked from its
/// bytes by the upload, kept in the store and served to that browser only (`GET /my/avatar`,
/// by its device cookie; the id never appears in a page). A device has one: a new picture
/// replaces the old. All pictures together stay within `FlightBoardModel.avatarBudget`, and a
/// device not seen for `avatarRetention` loses its picture.
public struct Avatar: Record, Identifiable, Hashable, Sendable {
    public static let table = "avatars"
    /// The device.
    public let id: String
    public var contentType: String
    /// New with each picture (its time in ms): pages show `/my/avatar?v=N`, so a browser fetches
    /// the new one, and a version is never another picture's.
    public var version: Int
    /// The picture's size (nil only for pictures stored before sizes were).
    public var bytes: Int?
    /// When the device last fetched its picture (at most a day off; nil: not since the upload).
    public var lastSeen: Date?

    public static let maximumBytes = 2_000_000
}

/// A picture's bytes, apart from what pages watch (so a live list holds no image).
public struct AvatarPicture: Record, Identifiable, Hashable, Sendable {
    public static let table = "avatar_images"
    public let id: String
    public var image: Data
}

extension FlightBoardModel {
    /// A device's picture as a live list (none or one): every page of that device shares it.
    public func avatar(of device: String) -> FetchedResultList<Avatar> {
        shared(&avatarLists, device) {
            FetchedResultList<Avatar>(
                store: store, filter: NSPredicate(format: "id == %@", device),
                sortDescriptors: [NSSortDescriptor(keyPath: \Avatar.version, ascending: true)], fetchLimit: 1)
        }
    }

    /// Keeps an uploaded picture (the upload already checked that it is a PNG or a JPEG), in
    /// place of the device's old one; refused when all pictures would pass `avatarBudget`.
    public func setAvatar(from file: URL, device: String) throws {
        defer { try? FileManager.default.removeItem(at: file) }
        let data = try Data(contentsOf: file)
        guard data.count <= Avatar.maximumBytes else { throw AvatarProblem(description: "The picture is over 2 MB.") }
        let type = data.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? "image/png" : "image/jpeg"
        let budget = avatarBudget
        try store.transaction { transaction in
            let others = try transaction.query(
                "SELECT CAST(COALESCE(SUM(\"bytes\"), 0) AS BIGINT) AS used FROM avatars WHERE \"id\" <> $1", [.text(device)])
            guard case .integer(let used)? = others.first?["used"], Int(used) + data.count <= budget else {
                throw AvatarProblem(description: "The airport has no room for more pictures now; your picture stays as it was.")
            }
            let last = try transaction.find(Avatar.self, id: device)?.version ?? 0
            let version = max(last + 1, Int(WallClock.milliseconds(Date())))
            try transaction.save(AvatarPicture(id: device, image: data))
            try transaction.save(Avatar(id: device, contentType: type, version: version, bytes: data.count, lastSeen: Date()))
        }
    }

    /// Removes the pictures of devices not seen since `before` (their last fetch of it, or its
    /// upload); how many. `startAvatarCleanup` runs it every hour.
    @discardableResult
    public func removeAvatars(notSeenSince before: Date) throws -> Int {
        try store.transaction { transaction in
            // A picture's version is its upload time in ms: the time it was last seen without a fetch since.
            let stale = try transaction.query(
                "SELECT \"id\" FROM avatars WHERE COALESCE(\"lastSeen\", \"version\" / 1000.0) < $1", [.real(before.timeIntervalSince1970)])
            for case .text(let id)? in stale.map({ $0["id"] }) {
                try transaction.delete(AvatarPicture.self, id: id)
                try transaction.delete(Avatar.self, id: id)
            }
            return stale.count
        }
    }

    /// Every hour, the pictures of devices not seen for `avatarRetention` go.
    public func startAvatarCleanup(every interval: Duration = .seconds(3600)) {
        avatarCleanup?.cancel()
        avatarCleanup = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                guard let model = self else { return }
                do {
                    let removed = try model.removeAvatars(notSeenSince: Date().addingTimeInterval(-model.avatarRetention))
                    if removed > 0 {
                        FileHandle.standardError.write(
                            Data("level=info event=avatars_removed count=\(removed) reason=\"devices not seen\"\n".utf8))
                    }
                } catch {
                    FileHandle.standardError.write(Data("level=warn event=avatars_not_removed reason=\"\(error)\"\n".utf8))
                }
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// `GET /my/avatar`: this browser's picture (404 without one). A fetch marks the device
    /// seen (written at most once a day); the browser keeps it a day, so a device in use
    /// fetches it daily.
    static func avatarHandler(store: Store) -> Handler {
        Handler(.get, "/my/avatar") { request in
            guard let device = request.device, let avatar = try store.find(Avatar.self, id: device),
                let picture = try store.find(AvatarPicture.self, id: device)
            else {
                throw HTTPError(404, "no picture")
            }
            if (avatar.lastSeen ?? .distantPast) < Date().addingTimeInterval(-86400) {
                _ = try? store.modify(Avatar.self, id: device) { $0.lastSeen = Date() }
            }
            // Another device in the same browser (a new cookie) must not get this one from the cache.
            return Response(
                status: 200, contentType: avatar.contentType,
                headers: [("cache-control", "private, max-age=86400"), ("vary", "Cookie"), ("x-content-type-options", "nosniff")],
                body: Array(picture.image))
        }
    }
}

struct AvatarProblem: Error, CustomStringConvertible {
    let description: String
}

/// A device's picture as a circle, or a person's outline without one.
struct AvatarCircle: View {
    let list: FetchedResultList<Avatar>
    var size: CGFloat = 96

    var body: some View {
        if let avatar = list.items.first {
            Image(url: URL(string: "/my/avatar?v=\(avatar.version)")!, label: "Your picture")
                .resizable()
                .frame(width: size, height: size)
                .clipShape(Circle())
                .accessibilityIdentifier("avatar")
        } else {
            Image(systemName: "person.crop.circle")
                .font(.system(size: size * 0.8))
                .foregroundColor(.secondary)
                .accessibilityIdentifier("avatar-none")
        }
    }
}

/// Settings' picture: the circle and a button to choose a new one.
struct AvatarSettings: View {
    let model: FlightBoardModel
    let device: String
    @State private var choosing = false
    @State private var message: String?

    var body: some View {
        HStack(spacing: 16) {
            AvatarCircle(list: model.avatar(of: device))
            VStack(alignment: .leading, spacing: 8) {
                Button("Choose a picture") { choosing = true }
                    .fileImporter(isPresented: $choosing, allowedContentTypes: [.png, .jpeg], maximumBytes: Avatar.maximumBytes) { result in
                        switch result {
                        case .success(let url):
                            do {
                                try model.setAvatar(from: url, device: device)
                                message = nil
                            } catch {
                                message = "\(error)"
                            }
                        case .failure(let error):
                            message = error.localizedDescription
                        }
                    }
                Text(message ?? "A PNG or JPEG of up to 2 MB, shown on this device's pages.")
                    .font(.footnote)
                    .foregroundColor(message == nil ? .secondary : .red)
                    .accessibilityIdentifier("avatar-message")
            }
        }
    }
}
