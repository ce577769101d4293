import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Drives a browser through the W3C WebDriver HTTP API: headless Chromium through
/// chromedriver, WebKit (MiniBrowser, Safari's engine) through WebKitWebDriver on a private
/// Xvfb display.
public final class WebDriver: Browser, @unchecked Sendable {
    typealias Failure = BrowserFailure

    /// Chromium or WebKit.
    public let engine: BrowserEngine
    private let process: Process
    private let display: XvfbDisplay?
    private let base: String
    private var sessionID = ""

    /// Debian puts MiniBrowser below the architecture's library folder.
    public static let miniBrowser: String? = {
        let lib = "/usr/lib"
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: lib)) ?? []
        return folders.map { "\(lib)/\($0)/webkit2gtk-4.1/MiniBrowser" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Starts chromedriver on a free port and opens a headless browser window (with `extra`
    /// command-line switches: `--force-prefers-reduced-motion` for a visitor who asked for less
    /// motion; `environment` added to the driver's, which the browser inherits: `TZ`).
    public static func startChromium(extra: [String] = [], environment: [String: String] = [:]) async throws -> WebDriver {
        let options: [String: Any] = [
            "goog:chromeOptions": [
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=430,900"] + extra
            ]
        ]
        return try await start(
            .chromium, executable: BrowserEngine.chromedriver, arguments: [], display: nil, capabilities: options, environment: environment)
    }

    /// Starts WebKitWebDriver, which launches MiniBrowser in automation mode on its own display
    /// (`reducedMotion`: with GTK's animations off, which WebKitGTK reports as
    /// `prefers-reduced-motion: reduce`; `extra` added to its environment: `TZ`).
    public static func startWebKit(reducedMotion: Bool = false, environment extra: [String: String] = [:]) async throws -> WebDriver {
        let display = try await XvfbDisplay.start()
        let options: [String: Any] = [
            "browserName": "MiniBrowser",
            "webkitgtk:browserOptions": ["binary": miniBrowser ?? "MiniBrowser", "args": ["--automation"]],
        ]
        var environment = extra
        if reducedMotion {
            let config = NSTemporaryDirectory() + "jetway-webkit-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: config + "/gtk-3.0", withIntermediateDirectories: true)
            try "[Settings]\ngtk-enable-animations=false\n".write(
                toFile: config + "/gtk-3.0/settings.ini", atomically: true, encoding: .utf8)
            environment["XDG_CONFIG_HOME"] = config
        }
        do {
            let driver = try await start(
                .webkit, executable: BrowserEngine.webkitDriver, arguments: [], display: display, capabilities: options,
                environment: environment)
            try await driver.request("POST", driver.session + "/window/rect", ["width": 430, "height": 900])
            return driver
        } catch {
            display.stop()
            throw error
        }
    }

    private static func start(
        _ engine: BrowserEngine, executable: String, arguments: [String], display: XvfbDisplay?, capabilities: [String: Any],
        environment extra: [String: String] = [:]
    ) async throws -> WebDriver {
        let port = freeLoopbackPort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--port=\(port)"] + arguments
        if display != nil || !extra.isEmpty {
            var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
            if let display { environment["DISPLAY"] = display.name }
            process.environment = environment
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let driver = WebDriver(engine: engine, process: process, display: display, base: "http://127.0.0.1:\(port)")
        var ready = false
        for _ in 0..<100 where !ready {
            ready = (try? await driver.request("GET", "/status")) != nil
            if !ready { try await Task.sleep(for: .milliseconds(100)) }
        }
        let session: [String: Any]?
        do {
            guard ready else { throw Failure(description: "\(engine): \(executable) did not answer on port \(port)") }
            session = try await driver.request("POST", "/session", ["capabilities": ["alwaysMatch": capabilities]]) as? [String: Any]
        } catch {
            await driver.quit()
            throw error
        }
        guard let id = session?["sessionId"] as? String else {
            await driver.quit()
            throw Failure(description: "\(engine): the driver did not open a session")
        }
        driver.sessionID = id
        return driver
    }

    private init(engine: BrowserEngine, process: Process, display: XvfbDisplay?, base: String) {
        self.engine = engine
        self.process = process
        self.display = display
        self.base = base
    }

    /// Ends the session and the driver (and its display).
    public func quit() async {
        if !sessionID.isEmpty { _ = try? await request("DELETE", "/session/\(sessionID)") }
        // chromedriver does not always exit on SIGTERM; SIGKILL and reap it.
        kill(process.processIdentifier, SIGKILL)
        let process = process
        await offPool { process.waitUntilExit() }
        display?.stop()
    }

    /// A WebDriver command: its `value`, or a `BrowserFailure` with the driver's error.
    @discardableResult
    public func request(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> Any? {
        let payload = try body.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        let url = base + path
        let data = try await offPool { try Self.curl(method: method, url: url, body: payload) }
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let value = json?["value"]
        if let error = value as? [String: Any], let message = error["message"] as? String, error["error"] != nil {
            throw Failure(description: "\(engine): \(message)")
        }
        return value
    }

    /// One request through curl (in Debian's base system): simpler and sturdier here than
    /// URLSession, whose libcurl binding failed on chromedriver's headers.
    private static func curl(method: String, url: String, body: String?) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        var arguments = ["-s", "--max-time", "60", "-X", method, url]
        if let body { arguments += ["-H", "Content-Type: application/json", "--data-binary", body] }
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "curl \(method) \(url) failed (\(process.terminationStatus))")
        }
        return data
    }

    private var session: String { "/session/\(sessionID)" }

    /// Loads `url` in the current window.
    public func navigate(_ url: String) async throws {
        try await request("POST", session + "/url", ["url": url])
    }

    /// Opens a new tab and makes it the one the driver works in; returns its handle.
    @discardableResult
    public func openTab() async throws -> String {
        let window = try await request("POST", session + "/window/new", ["type": "tab"]) as? [String: Any]
        guard let handle = window?["handle"] as? String else { throw Failure(description: "no new tab") }
        try await switchToWindow(handle)
        return handle
    }

    /// The handle of the tab the driver works in.
    public func currentWindow() async throws -> String {
        guard let handle = try await request("GET", session + "/window") as? String else { throw Failure(description: "no window") }
        return handle
    }

    /// Closes the tab the driver works in (switch to another one afterwards).
    public func closeWindow() async throws {
        try await request("DELETE", session + "/window")
    }

    /// Makes the window with this handle the current one.
    public func switchToWindow(_ handle: String) async throws {
        try await request("POST", session + "/window", ["handle": handle])
    }

    /// The WebDriver id of the first element matching `css`; throws when none does.
    public func find(_ css: String) async throws -> String {
        let element = try await request("POST", session + "/element", ["using": "css selector", "value": css]) as? [String: Any]
        guard let id = element?.values.first as? String else { throw Failure(description: "no element \(css)") }
        return id
    }

    /// Types `text` into the element matching `css`, key by key.
    public func type(_ text: String, into css: String) async throws {
        try await request("POST", session + "/element/\(try await find(css))/value", ["text": text])
    }

    /// Presses a key (`Key.enter`) in the element matching `css`.
    public func press(_ key: String, in css: String) async throws {
        try await request("POST", session + "/element/\(try await find(css))/value", ["text": key])
    }

    /// Clicks the element matching `css` (WebDriver's element click), once it has stopped moving.
    public func click(_ css: String) async throws {
        let element = try await find(css)
        await waitUntilStill(css)
        try await request("POST", session + "/element/\(element)/click", [:])
    }

    /// Clicks the page at this point of the viewport.
    public func click(x: Int, y: Int) async throws {
        let pointer: [String: Any] = [
            "type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"],
            "actions": [
                ["type": "pointerMove", "duration": 0, "x": x, "y": y, "origin": "viewport"],
                ["type": "pointerDown", "button": 0], ["type": "pointerUp", "button": 0],
            ],
        ]
        try await request("POST", session + "/actions", ["actions": [pointer]])
        try await request("DELETE", session + "/actions")
    }

    /// Runs `script` (a function body: `return …`) in the page; what it returns, as JSON values.
    public func execute(_ script: String) async throws -> Any? {
        try await request("POST", session + "/execute/sync", ["script": script, "args": []])
    }

    /// A Chrome DevTools Protocol command, through chromedriver (`Accessibility.getFullAXTree`,
    /// `Emulation.setDeviceMetricsOverride`); other engines' drivers refuse it.
    public func devTools(_ command: String, _ parameters: [String: Any] = [:]) async throws -> Any? {
        try await request("POST", session + "/goog/cdp/execute", ["cmd": command, "params": parameters])
    }

    /// Resizes the browser window (the page's viewport follows).
    public func resizeWindow(width: Int, height: Int) async throws {
        try await request("POST", session + "/window/rect", ["width": width, "height": height])
    }

    /// The viewport as a PNG.
    public func screenshotPNG() async throws -> Data {
        guard let base64 = try await request("GET", session + "/screenshot") as? String, let data = Data(base64Encoded: base64) else {
            throw Failure(description: "\(engine): no screenshot")
        }
        return data
    }
}

/// A private X display (Xvfb) for a browser that needs one; Xvfb picks a free display number
/// and writes it to its standard output (`-displayfd 1`).
public final class XvfbDisplay: @unchecked Sendable {
    /// The display's name (`:99`), for `DISPLAY`.
    public let name: String
    private let process: Process

    /// Starts Xvfb on a free display; throws when it does not say which.
    public static func start() async throws -> XvfbDisplay {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BrowserEngine.xvfb)
        process.arguments = ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let number = await offPool { () -> String in
            var text = ""
            while !text.hasSuffix("\n") {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard !number.isEmpty, Int(number) != nil else {
            process.terminate()
            throw BrowserFailure(description: "Xvfb did not start")
        }
        return XvfbDisplay(name: ":" + number, process: process)
    }

    private init(name: String, process: Process) {
        self.name = name
        self.process = process
    }

    /// SIGKILL (a child of the test process may have SIGTERM blocked, as it inherits the
    /// signal mask), then the display's lock and socket, which Xvfb had no chance to remove.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let number = name.dropFirst()
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    }
}
