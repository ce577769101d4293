import Foundation
import JetwayWire

/// Pages typing into their search fields at 55 keys a second each (under the rate limit), from
/// a thread of their own as browsers on other machines would, reading and dropping what they
/// are sent: an attack that takes the main actor from everyone else unless it is shared.
public final class TypingPages: @unchecked Sendable {
    /// Each page's client and the element id of its field.
    public let pages: [(WebSocketClient, String)]
    private let lock = NSLock()
    private var running = true
    /// Keystrokes sent so far, over all pages.
    public private(set) var sent = 0
    private let done = DispatchSemaphore(value: 0)

    /// Each page's client and the element id of its field.
    public init(_ pages: [(WebSocketClient, String)]) { self.pages = pages }

    /// Starts typing, on a thread of its own.
    public func start() {
        Thread { [self] in
            let words = ["d", "de", "den", "denv", "denve", "denver", "b", "bo", "bos"]
            var ref = 0
            while isRunning {
                ref += 1
                for (client, field) in pages {
                    client.sendTextNow(
                        ClientMessage.event(ref: ref, id: field, event: "input", payload: .text(words[ref % words.count])).text)
                    client.discardAvailable()
                }
                sent += pages.count
                Thread.sleep(forTimeInterval: 1.0 / 55)
            }
            done.signal()
        }.start()
    }

    /// Stops typing and waits for the thread to end.
    public func stop() {
        lock.lock()
        running = false
        lock.unlock()
        done.wait()
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }
}
