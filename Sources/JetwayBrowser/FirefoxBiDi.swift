import Foundation

/// Drives headless Firefox ESR through its built-in WebDriver BiDi (no geckodriver): one
/// websocket to `ws://127.0.0.1:<port>/session`, JSON commands answered by id.
public final class FirefoxBiDi: Browser, @unchecked Sendable {
    /// Firefox.
    public let engine = BrowserEngine.firefox
    private let process: Process
    private let profile: String
    private var socket: WebSocketClient?
    private var nextID = 0
    private var context = ""

    /// Preferences for a quiet, test-only profile: no first-run pages, updates or telemetry.
    public static let preferences = [
        "browser.shell.checkDefaultBrowser": "false", "browser.startup.homepage_override.mstone": "\"ignore\"",
        "browser.startup.page": "0", "browser.aboutwelcome.enabled": "false", "datareporting.policy.dataSubmissionEnabled": "false",
        "toolkit.telemetry.reportingpolicy.firstRun": "false", "app.update.disabledForTesting": "true",
        "browser.tabs.warnOnClose": "false", "dom.disable_beforeunload": "true",
    ]

    /// Starts Firefox with the quiet profile and `extra` preferences (values as `user.js`
    /// writes them: `"1"`, `"true"`, `"\"text\""`), and `more` in its environment (`TZ`).
    public static func start(preferences extra: [String: String] = [:], environment more: [String: String] = [:]) async throws
        -> FirefoxBiDi
    {
        let port = freeLoopbackPort()
        let profile = NSTemporaryDirectory() + "jetway-firefox-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        let prefs = preferences.merging(extra) { $1 }.map { "user_pref(\"\($0.key)\", \($0.value));" }.joined(separator: "\n")
        try prefs.write(toFile: profile + "/user.js", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BrowserEngine.firefoxBinary)
        process.arguments = [
            "--headless", "--no-remote", "--profile", profile, "--remote-debugging-port=\(port)", "--width=430", "--height=900",
        ]
        var environment = ProcessInfo.processInfo.environment.merging(more) { $1 }
        environment["MOZ_HEADLESS"] = "1"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let browser = FirefoxBiDi(process: process, profile: profile)
        do {
            for _ in 0..<150 where browser.socket == nil {
                if let socket = try? await WebSocketClient.connect(port: port, origin: nil, path: "/session", subprotocol: nil),
                    socket.upgradeStatus == 101
                {
                    browser.socket = socket
                } else {
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
            guard browser.socket != nil else { throw BrowserFailure(description: "firefox: BiDi did not answer on port \(port)") }
            _ = try await browser.command("session.new", ["capabilities": [String: Any]()])
            let tree = try await browser.command("browsingContext.getTree", [:])
            guard let contexts = tree["contexts"] as? [[String: Any]], let first = contexts.first?["context"] as? String else {
                throw BrowserFailure(description: "firefox: no browsing context")
            }
            browser.context = first
            _ = try await browser.command(
                "browsingContext.setViewport", ["context": first, "viewport": ["width": 430, "height": 900]])
        } catch {
            await browser.quit()
            throw error
        }
        return browser
    }

    private init(process: Process, profile: String) {
        self.process = process
        self.profile = profile
    }

    /// Sends one command and waits for its answer (events, which these tests never subscribe
    /// to, are skipped).
    public func command(_ method: String, _ parameters: [String: Any], timeout: TimeInterval = 30) async throws -> [String: Any] {
        guard let socket else { throw BrowserFailure(description: "firefox: not connected") }
        nextID += 1
        let id = nextID
        let message = try JSONSerialization.data(withJSONObject: ["id": id, "method": method, "params": parameters] as [String: Any])
        await socket.sendText(String(decoding: message, as: UTF8.self))
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard case .text(let text) = await socket.next(timeout: deadline.timeIntervalSinceNow) else { break }
            guard let reply = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], reply["id"] as? Int == id else {
                continue
            }
            if reply["type"] as? String == "error" {
                throw BrowserFailure(description: "firefox: \(method): \(reply["error"] ?? "") \(reply["message"] ?? "")")
            }
            return reply["result"] as? [String: Any] ?? [:]
        }
        throw BrowserFailure(description: "firefox: no answer to \(method)")
    }

    /// Loads `url` and waits for it to load.
    public func navigate(_ url: String) async throws {
        _ = try await command("browsingContext.navigate", ["context": context, "url": url, "wait": "complete"])
    }

    /// Runs `script` (a function body: `return …`) in the page; what it returns, as JSON values.
    public func execute(_ script: String) async throws -> Any? {
        let result = try await command(
            "script.callFunction",
            [
                "functionDeclaration": "() => {\n\(script)\n}", "target": ["context": context], "awaitPromise": true,
            ])
        guard result["type"] as? String == "success" else {
            let details = (result["exceptionDetails"] as? [String: Any])?["text"] ?? "exception"
            throw BrowserFailure(description: "firefox: script failed: \(details)")
        }
        return Self.value(result["result"])
    }

    /// A BiDi remote value as the plain JSON value classic WebDriver would return.
    public static func value(_ remote: Any?) -> Any? {
        guard let remote = remote as? [String: Any] else { return nil }
        switch remote["type"] as? String {
        case "string", "boolean", "number": return remote["value"]
        case "array": return (remote["value"] as? [Any])?.map { value($0) ?? NSNull() }
        default: return nil
        }
    }

    private func sharedID(_ css: String) async throws -> String {
        let found = try await command(
            "browsingContext.locateNodes", ["context": context, "locator": ["type": "css", "value": css], "maxNodeCount": 1])
        guard let nodes = found["nodes"] as? [[String: Any]], let id = nodes.first?["sharedId"] as? String else {
            throw BrowserFailure(description: "firefox: no element \(css)")
        }
        return id
    }

    /// Clicks the element matching `css` with the pointer, once it has stopped moving, scrolled
    /// into view.
    public func click(_ css: String) async throws {
        let element = try await sharedID(css)
        await waitUntilStill(css)
        _ = try await execute("document.querySelector(\(jsLiteral(css))).scrollIntoView({block: 'center'}); return true")
        try await pointerClick(x: 0, y: 0, origin: ["type": "element", "element": ["sharedId": element]])
    }

    /// Clicks the page at this point of the viewport.
    public func click(x: Int, y: Int) async throws {
        try await pointerClick(x: x, y: y, origin: "viewport")
    }

    /// A mouse move to (x, y) from `origin` (an element, or the viewport), then a press.
    private func pointerClick(x: Int, y: Int, origin: Any) async throws {
        _ = try await command(
            "input.performActions",
            [
                "context": context,
                "actions": [
                    [
                        "type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"],
                        "actions": [
                            ["type": "pointerMove", "x": x, "y": y, "origin": origin],
                            ["type": "pointerDown", "button": 0], ["type": "pointerUp", "button": 0],
                        ],
                    ]
                ],
            ])
    }

    /// Types `text` into the element matching `css`, key by key.
    public func type(_ text: String, into css: String) async throws {
        try await focus(css)
        try await keys(text.map(String.init))
    }

    /// Presses a key (`Key.enter`) in the element matching `css`.
    public func press(_ key: String, in css: String) async throws {
        try await focus(css)
        try await keys([key])
    }

    /// Focuses without clicking (a click on a `<select>` would open its menu).
    private func focus(_ css: String) async throws {
        let focused = try await execute(
            "const el = document.querySelector(\(jsLiteral(css))); if (!el) return false; el.focus(); return document.activeElement === el")
        guard focused as? Bool == true else { throw BrowserFailure(description: "firefox: cannot focus \(css)") }
    }

    private func keys(_ values: [String]) async throws {
        let actions = values.flatMap { [["type": "keyDown", "value": $0], ["type": "keyUp", "value": $0]] }
        _ = try await command(
            "input.performActions",
            ["context": context, "actions": [["type": "key", "id": "keyboard", "actions": actions]]])
    }

    /// The viewport as a PNG.
    public func screenshotPNG() async throws -> Data {
        let result = try await command("browsingContext.captureScreenshot", ["context": context])
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw BrowserFailure(description: "firefox: no screenshot")
        }
        return data
    }

    /// Ends the session and Firefox.
    public func quit() async {
        if socket != nil { _ = try? await command("browser.close", [:], timeout: 5) }
        socket = nil
        let process = process
        await offPool {
            for _ in 0..<50 where process.isRunning { usleep(100_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: profile)
    }
}
