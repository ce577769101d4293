import Foundation
import Jetway
import JetwayStore

/// The unattended screen at a gate (`/gate/B12`), for a wall nobody touches: the gate and the
/// local time, the next departure there in type readable from five metres, its status, a
/// countdown to boarding or to the gate closing, gate changes (to this gate and away from
/// it), and the departures after it. It updates from the store (every kiosk at a gate shares
/// one live list and one render) and on the clock, which ticks in the browser: a thousand
/// kiosks' clocks cost the server nothing. It keeps the screen awake, hides the pointer, has
/// nothing to click, and its route is available offline (the last board stays up, marked).
public struct GateKiosk: View {
    let model: FlightBoardModel
    let gate: String
    /// Languages the screen shows in turn, eight seconds each (`/gate/A1?languages=en,es,de,ar`),
    /// as airport screens do; none: the visitor's.
    let languages: [String]

    public init(model: FlightBoardModel, gate: String, languages: [String] = []) {
        self.model = model
        self.gate = gate.uppercased()
        self.languages = languages
    }

    public var body: some View {
        LanguageCycle(languages, every: .seconds(8)) {
            KioskBoard(gate: gate, list: model.gateList(gate), clock: model.clock)
        }
        .keepsScreenAwake()
        .pointerVisibility(.hidden)
    }
}

/// The kiosk's board: holding its live list keeps it (and its updates) alive while shown. It
/// is the screen, never more: on a landscape wall (1920×1080) the next flight's time and status
/// share its destination's line and the airport's name joins the header, so a gate change, a
/// flight moved away and three later departures fit without scrolling; what a crowded board
/// still has past the bottom is clipped, never a scroll bar.
struct KioskBoard: View {
    let gate: String
    let list: FetchedResultList<FlightInformation>
    let clock: WallClock

    var body: some View {
        GeometryReader { proxy in
            // Laid out for a wall screen of 1920×1080 (or 1080×1920); a smaller one (a 1280×720
            // display, a phone) scales the board down to fit.
            let size = proxy.size, wide = size.width > size.height
            let fit = wide ? min(size.width / 1920, size.height / 1080) : min(size.width / 1080, size.height / 1920)
            board(wide: wide, scale: min(1, max(0.3, fit)))
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .clipped()
        .foregroundColor(.white)
        .background(Color(red: 0.04, green: 0.09, blue: 0.2))
        .accessibilityIdentifier("kiosk")
    }

    func board(wide: Bool, scale: CGFloat) -> some View {
        let departures = list.items.filter { $0.gate == gate }
        let movedAway = list.items.filter { $0.gate != gate }
        return VStack(alignment: .leading, spacing: wide ? 20 : 24) {
            HStack(alignment: .firstTextBaseline, spacing: 32) {
                Text("Gate \(gate)").font(.system(size: 96 * scale, weight: .heavy)).fixedSize()
                if wide { KioskFooter(scale: scale) }
                Spacer()
                KioskClock(scale: scale)
            }
            if let next = departures.first {
                KioskNextFlight(flight: next, now: clock.now, wide: wide, scale: scale)
            } else {
                Text("No more departures from this gate today")
                    .font(.system(size: 56 * scale, weight: .semibold))
                    .foregroundColor(Color(white: 0.75))
                    .accessibilityIdentifier("kiosk-empty")
            }
            ForEach(movedAway) { flight in
                Text("\(flight.airline) \(flight.number) to \(flight.otherAirport) now departs from gate \(flight.gate)")
                    .font(.system(size: 40 * scale, weight: .bold))
                    .foregroundColor(.black)
                    .padding(16)
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .background(Color.yellow)
                    .cornerRadius(12)
                    .accessibilityIdentifier("kiosk-moved")
            }
            if departures.count > 1 {
                VStack(alignment: .leading, spacing: 12) {
                    Text("Later from this gate").font(.system(size: 36 * scale, weight: .semibold)).foregroundColor(Color(white: 0.75))
                    ForEach(departures.dropFirst().prefix(3)) { flight in
                        KioskLaterRow(scale: scale, flight: flight)
                    }
                }
                .frame(maxWidth: .infinity, alignment: .leading)
            }
            if !wide {
                Spacer()
                KioskFooter(scale: scale)
            }
        }
        .padding(40 * scale)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// The airport's name: at the foot of a portrait screen, in the header of a landscape one.
struct KioskFooter: View {
    /// The screen over a wall screen's 1920×1080 (at most 1).
    var scale: CGFloat = 1
    var body: some View {
        Text("Mountain Airport").font(.system(size: 28 * scale)).foregroundColor(Color(white: 0.6)).fixedSize()
    }
}

/// The local time, ticking in the browser (a board that renders again sends no patch for it:
/// a clock's text is the browser's once sent, see `Differ.sameClock`).
struct KioskClock: View {
    /// The screen over a wall screen's 1920×1080 (at most 1).
    var scale: CGFloat = 1
    var body: some View {
        TimelineView(.everyMinute) { context in
            Text(context.date, style: .time).font(.system(size: 96 * scale, weight: .bold, design: .monospaced)).fixedSize()
        }
        .accessibilityIdentifier("kiosk-clock")
    }
}

/// The next departure, large.
struct KioskNextFlight: View {
    let flight: FlightInformation
    /// When it was rendered (a countdown's start; it counts in the browser from there).
    let now: Date
    /// A landscape screen: the times and the status on the destination's line.
    var wide = false
    /// The screen over a wall screen's 1920×1080 (at most 1).
    var scale: CGFloat = 1

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            HStack(alignment: .firstTextBaseline, spacing: 24) {
                Text(flight.number).font(.system(size: 64 * scale, weight: .bold, design: .monospaced))
                Text(flight.airline).font(.system(size: 44 * scale)).foregroundColor(Color(white: 0.8))
            }
            if wide {
                HStack(alignment: .center, spacing: 32) {
                    destination
                    Spacer()
                    times
                }
            } else {
                destination
                times
            }
            if flight.gateChanged, let previous = flight.previousGate {
                Text("Gate changed: this flight now departs from here, not gate \(previous)")
                    .font(.system(size: 40 * scale, weight: .bold))
                    .foregroundColor(.black)
                    .padding(16)
                    .background(Color.yellow)
                    .cornerRadius(12)
                    .accessibilityIdentifier("kiosk-gate-changed")
            }
            countdown
                .font(.system(size: 56 * scale, weight: .semibold))
                .accessibilityIdentifier("kiosk-countdown")
        }
    }

    var destination: some View {
        Text("to \(flight.otherAirport)").font(.system(size: 112 * scale, weight: .heavy)).accessibilityIdentifier("kiosk-destination")
    }

    var times: some View {
        HStack(alignment: .firstTextBaseline, spacing: 32) {
            if flight.timeDifference != 0 {
                Text(flight.scheduledTime, style: .time).font(.system(size: 64 * scale)).strikethrough().foregroundColor(Color(white: 0.6))
            }
            Text(flight.expectedTime, style: .time).font(.system(size: 72 * scale, weight: .bold, design: .monospaced))
            KioskStatus(scale: scale, status: flight.status)
        }
        .fixedSize()
    }

    @ViewBuilder var countdown: some View {
        switch flight.status {
        case .cancelled:
            Text("Please see the airline's desk").foregroundColor(Color(white: 0.8))
        case .boarding:
            HStack(spacing: 16) {
                Text("Gate closes in")
                Text(timerInterval: flight.gateClosingTime.addingTimeInterval(-24 * 3600)...flight.gateClosingTime).font(
                    .system(size: 56 * scale, weight: .bold, design: .monospaced))
            }
        default:
            if flight.boardingTime.timeIntervalSince(now) > 2 * 3600 {
                HStack(spacing: 16) {
                    Text("Boarding at")
                    Text(flight.boardingTime, style: .time).font(.system(size: 56 * scale, weight: .bold, design: .monospaced))
                }
            } else {
                countdown(to: flight.boardingTime)
            }
        }
    }

    func countdown(to boarding: Date) -> some View {
        HStack(spacing: 16) {
            Text("Boarding in")
            // From a day before: the interval (and so the page) stays the same from render to
            // render; the browser shows the time left.
            Text(timerInterval: boarding.addingTimeInterval(-24 * 3600)...boarding).font(
                .system(size: 56 * scale, weight: .bold, design: .monospaced))
        }
    }
}

/// A status as a kiosk shows it: a coloured word.
struct KioskStatus: View {
    /// The screen over a wall screen's 1920×1080 (at most 1).
    var scale: CGFloat = 1
    let status: FlightInformation.Status

    var body: some View {
        Text(status.label)
            .font(.system(size: 56 * scale, weight: .bold))
            .foregroundColor(status == .boarding ? .black : .white)
            .padding(.horizontal, 24)
            .padding(.vertical, 8)
            .background(color)
            .cornerRadius(12)
            .accessibilityIdentifier("kiosk-status")
    }

    var color: Color {
        switch status {
        case .boarding: .green
        case .delayed: .orange
        case .cancelled: .red
        default: Color(white: 0.3)
        }
    }
}

/// A later departure: time, flight, destination, status.
struct KioskLaterRow: View {
    /// The screen over a wall screen's 1920×1080 (at most 1).
    var scale: CGFloat = 1
    let flight: FlightInformation

    var body: some View {
        HStack(spacing: 32) {
            Text(flight.expectedTime, style: .time).font(.system(size: 44 * scale, weight: .bold, design: .monospaced))
            Text(flight.number).font(.system(size: 44 * scale, design: .monospaced))
            Text(flight.otherAirport).font(.system(size: 44 * scale, weight: .semibold))
            Spacer()
            (flight.gateChanged ? Text(flight.status.label) + Text(verbatim: " · ") + Text("gate changed") : Text(flight.status.label))
                .font(.system(size: 36 * scale))
                .foregroundColor(
                    flight.status == .delayed || flight.status == .cancelled || flight.gateChanged ? .yellow : Color(white: 0.8))
        }
        .accessibilityIdentifier("kiosk-later")
    }
}
