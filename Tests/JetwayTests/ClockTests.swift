import Foundation
import Jetway
import JetwayTesting
import Testing

/// Dates in texts: formatted in the environment's time zone against its clock, and the styles
/// that change with time marked for the browser to count (no server render).
@MainActor
struct ClockTests {
    static let noon = Date(timeIntervalSince1970: 1_796_058_000)  // 2026-11-30 17:00 UTC, 10:00 in Denver
    static let denver = TimeZone(identifier: "America/Denver")!

    func environment(at date: Date = ClockTests.noon, zone: TimeZone = ClockTests.denver) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.wallClock = WallClock(startingAt: date, rate: 0)
        environment.timeZone = zone
        return environment
    }

    func span(_ host: ViewHost, _ identifier: String) throws -> DOMNode {
        try #require(host.dom.root.descendants.first { $0.attribute("data-testid") == identifier })
    }

    @Test func timesAndDatesAreInTheEnvironmentsTimeZone() throws {
        let host = ViewHost(
            VStack {
                Text(Self.noon, style: .time).accessibilityIdentifier("time")
                Text(Self.noon, style: .date).accessibilityIdentifier("date")
            }, environment: environment())
        // As SwiftUI writes them on a US English device.
        #expect(try span(host, "time").textContent == "10:00 AM")
        #expect(try span(host, "date").textContent == "November 30, 2026")
        // A time that is not the timeline's is not a clock: nothing ticks.
        #expect(try span(host, "time").attribute("data-jw-clock") == nil)
        let utc = ViewHost(Text(Self.noon, style: .time), environment: environment(zone: TimeZone(identifier: "UTC")!))
        #expect(utc.text == "5:00 PM")
    }

    @Test func relativeStylesAreMarkedForTheBrowserAndFormattedAgainstTheClock() throws {
        let departure = Self.noon.addingTimeInterval(12 * 60 + 5)
        let host = ViewHost(
            VStack {
                Text(departure, style: .relative).accessibilityIdentifier("relative")
                Text(departure, style: .offset).accessibilityIdentifier("offset")
                Text(departure, style: .timer).accessibilityIdentifier("timer")
                Text(Self.noon.addingTimeInterval(-3 * 3600 - 65), style: .offset).accessibilityIdentifier("past")
            }, environment: environment())
        #expect(try span(host, "relative").textContent == "12 min, 5 sec")
        #expect(try span(host, "offset").textContent == "+12 min, 5 sec")
        #expect(try span(host, "timer").textContent == "12:05")
        #expect(try span(host, "past").textContent == "-3 hr, 1 min")
        #expect(try span(host, "timer").attribute("data-jw-clock") == "timer")
        #expect(try span(host, "timer").attribute("data-jw-at") == String(Int64(departure.timeIntervalSince1970 * 1000)))
        #expect(try span(host, "relative").attribute("data-jw-clock") == "relative")
    }

    @Test func aTimerIntervalCountsDownAndStopsAtZero() throws {
        let closes = Self.noon.addingTimeInterval(3725)
        let down = ViewHost(Text(timerInterval: Self.noon.addingTimeInterval(-60)...closes), environment: environment())
        #expect(down.text == "1:02:05")
        let node = try #require(down.dom.root.descendants.first { $0.attribute("data-jw-clock") != nil })
        #expect(node.attribute("data-jw-clock") == "down")
        #expect(node.attribute("data-jw-to") == String(Int64(closes.timeIntervalSince1970 * 1000)))
        let over = ViewHost(
            Text(timerInterval: Self.noon.addingTimeInterval(-600)...Self.noon.addingTimeInterval(-60)), environment: environment())
        #expect(over.text == "0:00")
        let up = ViewHost(Text(timerInterval: Self.noon.addingTimeInterval(-90)...closes, countsDown: false), environment: environment())
        #expect(up.text == "1:30")
    }

    @Test func theRelativeTextKeepsItsTwoLargestUnits() {
        let cases: [(Int, String)] = [
            (0, "0 sec"), (1, "1 sec"), (45, "45 sec"), (60, "1 min"), (65, "1 min, 5 sec"), (3600, "1 hr"), (3660, "1 hr, 1 min"),
            (3601, "1 hr"), (86400, "1 day"), (90061, "1 day, 1 hr"), (2 * 86400 + 7200, "2 days, 2 hr"),
        ]
        for (seconds, text) in cases {
            let host = ViewHost(Text(Self.noon.addingTimeInterval(Double(seconds)), style: .relative), environment: environment())
            #expect(host.text == text, "\(seconds) s")
        }
        let timers: [(Int, String)] = [(0, "0:00"), (9, "0:09"), (65, "1:05"), (3599, "59:59"), (3600, "1:00:00"), (36061, "10:01:01")]
        for (seconds, text) in timers {
            let host = ViewHost(Text(Self.noon.addingTimeInterval(Double(-seconds)), style: .timer), environment: environment())
            #expect(host.text == text, "\(seconds) s")
        }
    }

    @Test func aTimelinesDateShowsTheBrowsersTimeAndIsRenderedOnce() throws {
        var evaluations = 0
        let host = ViewHost(
            TimelineView(.periodic(from: Self.noon, by: 1)) { context in
                let _ = evaluations += 1
                VStack {
                    Text(context.date, style: .time).accessibilityIdentifier("now")
                    Text(context.date.addingTimeInterval(600), style: .time).accessibilityIdentifier("later")
                    Text(context.date, style: .date).accessibilityIdentifier("today")
                }
            }, environment: environment())
        let now = try span(host, "now")
        #expect(now.textContent == "10:00 AM")
        #expect(now.attribute("data-jw-clock") == "now-time")
        #expect(now.attribute("data-jw-tz") == "America/Denver")
        #expect(try span(host, "today").attribute("data-jw-clock") == "now-date")
        // Computed from the date: what it was when rendered, not a clock.
        #expect(try span(host, "later").textContent == "10:10 AM")
        #expect(try span(host, "later").attribute("data-jw-clock") == nil)
        #expect(evaluations == 1)
    }

    @Test func aClockReadsItsConfiguration() throws {
        #expect(WallClock.parse("system") == .system)
        let fast = try #require(WallClock.parse("2026-12-02T08:00:00Z*60"))
        #expect(fast.rate == 60)
        #expect(fast.start == Date(timeIntervalSince1970: 1_796_198_400))
        #expect(fast.time(at: fast.realStart.addingTimeInterval(2)) == fast.start.addingTimeInterval(120))
        #expect(WallClock.parse("2026-12-02T08:00:00Z")?.rate == 1)
        for bad in ["", "tomorrow", "2026-12-02T08:00:00Z*fast", "2026-12-02T08:00:00Z*-1", "2026-12-02T08:00:00Z*inf"] {
            #expect(WallClock.parse(bad) == nil, "\(bad)")
        }
        let stopped = WallClock(startingAt: Self.noon, rate: 0)
        #expect(stopped.now == Self.noon)
    }

    @Test func aKioskKeepsTheScreenAwakeAndHidesThePointer() {
        let html = render(Text("Gate B12").keepsScreenAwake().pointerVisibility(.hidden))
        #expect(html.contains("data-jw-awake"))
        #expect(html.contains("jw-pointer-hidden"))
        let plain = render(Text("Gate B12").keepsScreenAwake(false).pointerVisibility(.visible))
        #expect(!plain.contains("data-jw-awake") && !plain.contains("jw-pointer-hidden"))
        #expect(render(Text("Gate B12").fixedSize()).contains("jw-fixed-w jw-fixed-h"))
        #expect(!render(Text("Gate B12").fixedSize(horizontal: false, vertical: true)).contains("jw-fixed-w"))
    }
}
