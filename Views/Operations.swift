import Foundation
import Jetway
import JetwayCharts
import JetwayRoutes
import JetwayStore

/// A member of the airport's staff, who may sign in to the operations console.
public struct StaffMember: Record, Identifiable, Hashable, Sendable {
    public static let table = "staff"
    /// The sign-in name.
    public let id: String
    public var displayName: String
    /// scrypt (`Passwords`), never the password.
    public var passwordHash: String
}

/// Staff accounts: added from the command line (`MountainAirport --add-staff NAME`, the password
/// on standard input), checked at sign-in with scrypt in constant time, throttled per name and
/// address.
public enum AirportStaff {
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// Why a sign-in name is not one: 1 to 32 lower-case letters, digits, dots, dashes.
    public static func problem(name: String) -> String? {
        let valid =
            !name.isEmpty && name.count <= 32
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" }
        return valid ? nil : "a staff name is 1 to 32 lower-case letters, digits, dots and dashes"
    }

    /// Adds a staff member, or gives one a new password.
    public static func add(name: String, displayName: String? = nil, password: String, to store: Store) async throws {
        if let problem = problem(name: name) { throw Problem(description: problem) }
        guard password.count >= 8 else { throw Problem(description: "a password has at least 8 characters") }
        let hash = try await Passwords.hash(password)
        try await MainActor.run {
            try store.save(StaffMember(id: name, displayName: displayName ?? name, passwordHash: hash))
        }
    }

    /// A password of 16 letters and digits from libcrypto's generator (the first account's).
    public static func newPassword() -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyzACDEFGHJKLMNPQRTUVWXY23456789")
        var password = ""
        while password.count < 16 {
            // Only bytes below a multiple of the alphabet's size: every letter as likely.
            for byte in SecretBytes.random(32) where Int(byte) < 256 / alphabet.count * alphabet.count && password.count < 16 {
                password.append(alphabet[Int(byte) % alphabet.count])
            }
        }
        return password
    }

    /// The staff member with this name and password, or nil (as slow for an unknown name).
    @MainActor
    static func verify(name: String, password: String, in store: Store) async -> StaffMember? {
        guard problem(name: name) == nil, let member = try? store.find(StaffMember.self, id: name) else {
            await Passwords.verifyUnknownUser()
            return nil
        }
        return await Passwords.verify(password, against: member.passwordHash) ? member : nil
    }

    /// `GET /ops/signin` (the form), `POST /ops/signin`, `GET /ops/signout` (a page with one
    /// button) and `POST /ops/signout`. The forms are plain HTML posted by the browser: a sign-in
    /// sets its cookie in an HTTP answer, and signing out takes a post of this site's own (a
    /// link from anywhere cannot sign staff out).
    @MainActor
    static func handlers(store: Store) -> [Handler] {
        let throttle = SignInThrottle()
        return [
            Handler(.get, "/ops/signin") { request in
                var response = Response.html(
                    signInPage(failed: request.query["failed"] != nil, wait: request.query["wait"].flatMap { Int($0) }))
                // A browser that comes straight here gets its device cookie (as a page would give
                // it): the throttle then knows it as a device its user signs in from.
                if request.device == nil {
                    response.setCookie(Cookie(name: Cookie.deviceName, value: UUID().uuidString.lowercased(), maxAge: 365 * 24 * 3600))
                }
                return response
            },
            Handler(.post, "/ops/signin", maxBodyBytes: 4096) { request in
                let form = request.form
                let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces).lowercased()
                let password = form["password"] ?? ""
                // Counted before the password is checked: a burst of tries gets only the
                // allowance checked, and a name is held up per address and device, not for all.
                let attempt: SignInThrottle.Attempt
                switch throttle.begin(user: name, address: request.remoteAddress, device: request.device) {
                case .wait(let seconds): return .redirect(to: "/ops/signin?wait=\(seconds)")
                case .allowed(let allowed): attempt = allowed
                }
                guard await verify(name: name, password: password, in: store) != nil else {
                    return .redirect(to: "/ops/signin?failed=1")
                }
                throttle.succeeded(attempt)
                var response = Response.redirect(to: "/ops")
                response.signIn(user: name)
                return response
            },
            Handler(.get, "/ops/signout") { request in
                guard let user = request.user else { return .redirect(to: "/ops/signin") }
                return .html(
                    page(
                        title: "Sign out",
                        """
                        <p>Signed in as \(Response.escape(user)).</p>\
                        <form method="post" action="/ops/signout"><button type="submit">Sign out</button></form>\
                        <p><a href="/ops">Back to the console</a></p>
                        """))
            },
            Handler(.post, "/ops/signout", maxBodyBytes: 1024) { _ in
                var response = Response.redirect(to: "/ops/signin")
                response.signOut()
                return response
            },
        ]
    }

    static func signInPage(failed: Bool, wait: Int?) -> String {
        let message =
            wait.map { "<p class=\"problem\" role=\"alert\">Too many attempts. Try again in \($0) seconds.</p>" }
            ?? (failed ? "<p class=\"problem\" role=\"alert\">That name and password do not match.</p>" : "")
        return page(
            title: "Staff sign-in",
            """
            <p>Mountain Airport staff only.</p>\(message)\
            <form method="post" action="/ops/signin">\
            <label>Name <input name="name" autocomplete="username" required maxlength="32" autofocus></label>\
            <label>Password <input name="password" type="password" autocomplete="current-password" required maxlength="1024"></label>\
            <button type="submit">Sign in</button></form>
            """)
    }

    /// A plain page of the console's (sign-in, sign-out): `body` is HTML the caller escaped.
    static func page(title: String, _ body: String) -> String {
        """
        <!doctype html><html lang="en"><head><meta charset="utf-8">\
        <meta name="viewport" content="width=device-width, initial-scale=1">\
        <title>\(title) – Mountain Airport</title><link rel="stylesheet" href="/assets/jetway.css">\
        <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">\
        <style>main{max-width:360px;margin:64px auto;padding:0 16px}form{display:flex;flex-direction:column;gap:12px}\
        label{display:flex;flex-direction:column;gap:4px}input{font:inherit;padding:8px;border:1px solid #c6c6c8;border-radius:8px}\
        button{font:inherit;padding:10px;border:0;border-radius:8px;background:#007aff;color:#fff}.problem{color:#d70015}</style></head>\
        <body class="signin"><main><h1>Operations</h1>\(body)</main></body></html>
        """
    }
}

/// `/ops`: the operations console for signed-in staff. A searchable list of the day's flights;
/// each opens a sheet to change its status, delay or gate. A change is one transaction with its
/// history line (who, when, what), and reaches every board, timeline, detail page and kiosk
/// showing the flight within a frame.
public struct OperationsConsole: View {
    let model: FlightBoardModel
    let feed: FlightFeedStatus?
    @Environment(\.request) private var request
    @State private var searchText = ""
    @State private var editing: FlightInformation?

    public init(model: FlightBoardModel, feed: FlightFeedStatus? = nil) {
        self.model = model
        self.feed = feed
    }

    public var body: some View {
        NavigationStack {
            if let user = request.user {
                VStack(alignment: .leading, spacing: 8) {
                    if let feed { FeedStatusLine(status: feed) }
                    FlightsByHour(model: model)
                    OpsFlights(list: model.boardList(search: searchText, arrivals: true), searching: !searchText.isEmpty, editing: $editing)
                }
                .navigationTitle("Operations")
                .toolbar {
                    ToolbarItemGroup(placement: .topBarTrailing) {
                        Text("Signed in as \(user)").foregroundColor(.secondary)
                        Link("Sign out", destination: URL(string: "/ops/signout")!)
                    }
                }
                .searchable(text: $searchText, prompt: "Search flights")
                .sheet(item: $editing) { flight in
                    // History shows the staff member's display name, not the sign-in name.
                    OpsFlightEditor(
                        model: model, flight: flight, who: (try? model.store.find(StaffMember.self, id: user))?.displayName ?? user)
                }
            } else {
                VStack(alignment: .leading, spacing: 12) {
                    Text("The operations console is for Mountain Airport staff.")
                    Link("Sign in", destination: URL(string: "/ops/signin")!)
                }
                .padding()
                .navigationTitle("Operations")
            }
        }
    }
}

/// The console's flights: each row opens its editor. A list is at most the board's 50; when
/// it is full, it says so, and how to find the others.
struct OpsFlights: View {
    let list: FetchedResultList<FlightInformation>
    let searching: Bool
    @Binding var editing: FlightInformation?

    var body: some View {
        if list.items.count >= FlightBoardModel.boardLimit {
            Text(
                searching
                    ? "The first \(list.items.count) matches: add to the search to find others."
                    : "The next \(list.items.count) flights: search by flight, airline, city or gate for any other."
            )
            .font(.footnote)
            .foregroundColor(.secondary)
            .accessibilityIdentifier("ops-more")
        }
        List(list.items) { flight in
            Button {
                editing = flight
            } label: {
                FlightRow(flight: flight)
            }
            .accessibilityLabel("Change \(flight.airline) \(flight.number)")
        }
    }
}

/// One flight's status, delay and gate, saved together.
struct OpsFlightEditor: View {
    let model: FlightBoardModel
    let flight: FlightInformation
    let who: String
    @Environment(\.dismiss) private var dismiss
    @State private var status: FlightInformation.Status
    @State private var delay: Int
    @State private var gate: String
    @State private var problem: String?

    init(model: FlightBoardModel, flight: FlightInformation, who: String) {
        self.model = model
        self.flight = flight
        self.who = who
        _status = State(initialValue: flight.status)
        _delay = State(initialValue: max(0, flight.timeDifference))
        _gate = State(initialValue: flight.gate)
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("\(flight.airline) \(flight.number)").font(.title2)
            Text(flight.direction == .departure ? "to \(flight.otherAirport)" : "from \(flight.otherAirport)").foregroundColor(.secondary)
            Form {
                Picker("Status", selection: $status) {
                    ForEach(FlightInformation.Status.allCases, id: \.self) { status in
                        Text(status.rawValue).tag(status)
                    }
                }
                Stepper("Delay: \(delay) min", value: $delay, in: 0...720, step: 5)
                TextField("Gate", text: $gate)
            }
            if let problem {
                Text(problem).foregroundColor(.red).accessibilityIdentifier("editor-problem")
            }
            HStack {
                Button("Cancel") { dismiss() }
                Spacer()
                Button("Save") { save() }
            }
        }
        .padding()
    }

    func save() {
        let gate = gate.trimmingCharacters(in: .whitespaces).uppercased()
        if let problem = FlightChange.problem(gate: gate) {
            self.problem = problem.prefix(1).uppercased() + problem.dropFirst() + "."
            return
        }
        // Only what was changed here is written: a change made meanwhile (the feed, the simulator,
        // another desk) to the other fields stands.
        let statusChanged = status != flight.status
        let gateChanged = gate != flight.gate
        let delayChanged = delay != max(0, flight.timeDifference)
        do {
            try model.change(flight.id, by: who) { changed in
                if statusChanged { changed.status = status }
                if gateChanged { changed.gate = gate }
                if delayChanged { changed.currentTime = delay == 0 ? nil : changed.scheduledTime.addingTimeInterval(Double(delay) * 60) }
            }
            dismiss()
        } catch {
            problem = "The change was not saved: \(error)"
        }
    }
}

/// The day at a glance, live: each hour's flights, on time, late and cancelled, as the
/// operations staff and the simulator change them (the bars move to their new heights).
struct FlightsByHour: View {
    let model: FlightBoardModel

    var body: some View {
        let counts = HourCount.counts(of: model.today, timeZone: model.timeZone)
        VStack(alignment: .leading, spacing: 4) {
            Text("Flights by hour").font(.headline)
            Chart(counts) { count in
                BarMark(x: .value("Hour", count.hour), y: .value("Flights", count.flights))
                    .foregroundStyle(by: .value("Status", count.kind.rawValue))
            }
            .chartForegroundStyleScale(domain: HourCount.Kind.allCases.map(\.rawValue), range: [Color.green, Color.orange, Color.red])
            .chartXAxisLabel("Hour")
            .chartYAxisLabel("Flights")
            .frame(height: 150)
            .animation(.easeInOut(duration: 0.4), value: counts)
        }
        .padding(.horizontal)
        .accessibilityIdentifier("flights-by-hour")
    }
}

/// How many flights of one kind are scheduled in one hour of the day.
struct HourCount: Identifiable, Hashable {
    enum Kind: String, CaseIterable { case onTime = "On time", late = "Late", cancelled = "Cancelled" }
    let hour: String
    let kind: Kind
    let flights: Int
    var id: String { hour + kind.rawValue }

    /// A flight is late when it leaves or lands after its time, or is marked delayed.
    static func counts(of flights: [FlightInformation], timeZone: TimeZone) -> [HourCount] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var table: [Int: [Kind: Int]] = [:]
        for flight in flights {
            let hour = calendar.component(.hour, from: flight.scheduledTime)
            let kind: Kind =
                flight.status == .cancelled ? .cancelled : (flight.timeDifference > 0 || flight.status == .delayed) ? .late : .onTime
            table[hour, default: [:]][kind, default: 0] += 1
        }
        // Every hour from the first flight's to the last's, an empty one too: a bar never
        // shifts sideways when a flight moves into an hour that had none.
        guard let first = table.keys.min(), let last = table.keys.max() else { return [] }
        return (first...last).flatMap { hour in
            Kind.allCases.map { kind in
                HourCount(hour: String(format: "%02d", hour), kind: kind, flights: table[hour]?[kind] ?? 0)
            }
        }
    }
}
