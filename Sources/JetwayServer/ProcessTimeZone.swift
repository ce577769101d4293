import Foundation

/// The app's time zone (`JetwayApp.timeZone`) made the process's, so that Foundation's defaults
/// format in it as they do on a device in that zone: `.formatted()`, `Date.FormatStyle`,
/// `DateFormatter`, `Calendar.current` and `TimeZone.current`. On Linux `NSTimeZone.default`
/// alone reaches `DateFormatter` and `Calendar.current` but not the format styles, which read
/// the system zone: that is taken from `TZ`, and read again once the cached one is reset.
enum ProcessTimeZone {
    /// Makes `zone` the process's. Done once, when the server is made: every render after it
    /// formats in it. (A per-visitor zone is the environment's `timeZone`.)
    static func adopt(_ zone: TimeZone) {
        guard TimeZone.current.identifier != zone.identifier || NSTimeZone.default.identifier != zone.identifier else { return }
        setenv("TZ", zone.identifier, 1)
        tzset()
        NSTimeZone.resetSystemTimeZone()
        NSTimeZone.default = zone
    }
}
