import Foundation
import Synchronization

/// Finds what holds the main actor in a test run: with `JETWAY_STALL_WATCH=<file>` a thread
/// posts to the main queue every 200 ms and writes each wait of over a second to the file;
/// with `JETWAY_STALL_GDB=1` as well, a wait of over 3 s is sampled once by
/// `gdb -batch -ex "thread apply all bt"` into the same file (the thread draining the main
/// queue shows `_dispatch_lane_serial_drain` under the test that holds it). gdb stops the whole
/// process while it samples, so other tests' timings suffer; use it to find a culprit only.
/// The test servers start it (`TestServer.init`); it runs once per process.
public enum MainActorStallWatch {
    /// Starts the watch when `JETWAY_STALL_WATCH` is set; does nothing otherwise, or when it runs already.
    public static func startIfAsked() { _ = started }

    private static let started: Bool = {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment["JETWAY_STALL_WATCH"] else { return false }
        let sampleWithGDB = environment["JETWAY_STALL_GDB"] != nil
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let thread = Thread { watch(path: path, sampleWithGDB: sampleWithGDB) }
        thread.name = "jetway-stall-watch"
        thread.start()
        return true
    }()

    private static func watch(path: String, sampleWithGDB: Bool) {
        let start = Date()
        while true {
            let answered = Answer()
            let posted = Date()
            DispatchQueue.main.async { answered.flag.withLock { $0 = true } }
            var sampled = false
            while !answered.flag.withLock({ $0 }) {
                Thread.sleep(forTimeInterval: 0.1)
                let waited = Date().timeIntervalSince(posted)
                if sampleWithGDB && !sampled && waited > 3 {
                    sampled = true
                    append("=== at \(Int(posted.timeIntervalSince(start))) s, the main actor has not answered for 3 s\n", to: path)
                    sampleThreads(into: path)
                }
            }
            let waited = Date().timeIntervalSince(posted)
            if waited > 1 {
                append(
                    "--- at \(Int(posted.timeIntervalSince(start))) s, the main actor answered after \(String(format: "%.1f", waited)) s\n",
                    to: path)
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
    }

    private final class Answer: Sendable {
        let flag = Mutex(false)
    }

    private static func append(_ text: String, to path: String) {
        guard let file = FileHandle(forWritingAtPath: path) else { return }
        file.seekToEndOfFile()
        file.write(Data(text.utf8))
        try? file.close()
    }

    /// gdb writes to the file itself: through a pipe it would block on a full pipe while every
    /// thread of this process, the reader too, is stopped.
    private static func sampleThreads(into path: String) {
        guard let file = FileHandle(forWritingAtPath: path) else { return }
        file.seekToEndOfFile()
        let gdb = Process()
        gdb.executableURL = URL(fileURLWithPath: "/usr/bin/gdb")
        gdb.arguments = ["-p", "\(getpid())", "-batch", "-ex", "thread apply all bt 50"]
        gdb.standardOutput = file
        gdb.standardError = FileHandle.nullDevice
        if (try? gdb.run()) != nil { gdb.waitUntilExit() }
        try? file.close()
    }
}
