import CLibWebSockets
import Foundation
import Synchronization

/// Request heads checked as lws receives them (the rules: `RequestHeadScanner`). lws 4.1 gives
/// no hook on the bytes it parses, so its import of `recv` is pointed at `checkedReceive`
/// (`jw_replace_import`: lws's GOT slot, not the process's `recv`). On a service thread that
/// installed its checks, each read of an accepted socket is scanned; a head that breaks the
/// rules is answered 400 on the spot, the rest of what the client sent is read and dropped, and
/// lws is told the client closed, so no part of it is parsed. Reads on other threads, and of
/// sockets not accepted by a server, go through untouched.
final class StrictRequestHeads {
    private var scanners: [Int32: RequestHeadScanner] = [:]
    /// Heads refused (`requests_malformed` in `/_jetway/stats`).
    let refused = Atomic<Int>(0)

    /// Service thread: lws's reads go through the checks from now on (false when lws's import
    /// of `recv` could not be found, and they do not).
    func install() -> Bool {
        guard Self.installed else { return false }
        pthread_setspecific(Self.threadKey, Unmanaged.passUnretained(self).toOpaque())
        return true
    }

    /// Service thread: its loop ended.
    func uninstall() { pthread_setspecific(Self.threadKey, nil) }

    /// Service thread: a socket was accepted; its first request starts now.
    func begin(_ fd: Int32) { scanners[fd] = RequestHeadScanner() }

    /// Service thread: lws freed a socket (a descriptor number taken again is begun again).
    func end(_ fd: Int32) { scanners.removeValue(forKey: fd) }

    /// Service thread: `bytes` were read from `fd`; false when they are refused (and answered).
    fileprivate func received(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let problem = scanners[fd]?.scan(bytes) else { return true }
        scanners.removeValue(forKey: fd)
        refused.add(1, ordering: .relaxed)
        let reason = "bad request: \(problem)\n"
        let answer = Array(
            "HTTP/1.1 400 Bad Request\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\ncontent-length: \(reason.utf8.count)\r\n\r\n\(reason)"
                .utf8)
        _ = answer.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        // What else is waiting is read, so that closing sends a FIN after the answer, not a reset.
        var rest = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<16 where Self.system(fd, &rest, rest.count, Int32(MSG_DONTWAIT)) > 0 {}
        shutdown(fd, Int32(SHUT_WR))
        Log.info("request_refused", ["reason": problem])
        return false
    }

    typealias Receive = @convention(c) (Int32, UnsafeMutableRawPointer?, Int, Int32) -> Int

    /// The C library's `recv`, which lws's import pointed at.
    fileprivate static let system: Receive = recv

    /// Which thread's checks a read goes through: set on each service thread.
    fileprivate static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Points lws's import of `recv` at `checkedReceive`, once for the process.
    private static let installed: Bool = {
        _ = threadKey
        let replaced = jw_replace_import("libwebsockets.so", "recv", unsafeBitCast(checkedReceive, to: UnsafeMutableRawPointer.self))
        if replaced == nil { Log.warn("request_heads_unchecked", ["reason": "lws's import of recv was not found"]) }
        return replaced != nil
    }()
}

/// What lws calls for `recv`.
private let checkedReceive: StrictRequestHeads.Receive = { fd, buffer, length, flags in
    let received = StrictRequestHeads.system(fd, buffer, length, flags)
    guard received > 0, flags & Int32(MSG_PEEK) == 0, let buffer, let checks = pthread_getspecific(StrictRequestHeads.threadKey) else {
        return received
    }
    let heads = Unmanaged<StrictRequestHeads>.fromOpaque(checks).takeUnretainedValue()
    return heads.received(fd, UnsafeRawBufferPointer(start: buffer, count: received)) ? received : 0
}
