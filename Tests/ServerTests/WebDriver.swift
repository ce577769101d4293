import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Drives headless Chromium through chromedriver's W3C WebDriver API, for end-to-end tests.
final class WebDriver: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let process: Process
    private let base: String
    private var sessionID = ""

    /// Starts chromedriver on a free port and opens a headless browser window.
    static func start() async throws -> WebDriver {
        let port = TestServer.freePort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
        process.arguments = ["--port=\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let driver = WebDriver(process: process, base: "http://127.0.0.1:\(port)")
        for _ in 0..<50 {
            if (try? await driver.request("GET", "/status")) != nil { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "goog:chromeOptions": [
                        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=430,900"]
                    ]
                ]
            ]
        ]
        let session: [String: Any]?
        do {
            session = try await driver.request("POST", "/session", capabilities) as? [String: Any]
        } catch {
            await driver.quit()
            throw error
        }
        guard let id = session?["sessionId"] as? String else {
            await driver.quit()
            throw Failure(description: "chromedriver did not open a session")
        }
        driver.sessionID = id
        return driver
    }

    private init(process: Process, base: String) {
        self.process = process
        self.base = base
    }

    func quit() async {
        if !sessionID.isEmpty { _ = try? await request("DELETE", "/session/\(sessionID)") }
        // chromedriver does not always exit on SIGTERM; SIGKILL and reap it.
        kill(process.processIdentifier, SIGKILL)
        let process = process
        await offPool { process.waitUntilExit() }
    }

    @discardableResult
    func request(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> Any? {
        let payload = try body.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        let url = base + path
        let data = try await offPool { try Self.curl(method: method, url: url, body: payload) }
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let value = json?["value"]
        if let error = value as? [String: Any], let message = error["message"] as? String, error["error"] != nil {
            throw Failure(description: message)
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

    func navigate(_ url: String) async throws {
        try await request("POST", session + "/url", ["url": url])
    }

    func find(_ css: String) async throws -> String {
        let element = try await request("POST", session + "/element", ["using": "css selector", "value": css]) as? [String: Any]
        guard let id = element?.values.first as? String else { throw Failure(description: "no element \(css)") }
        return id
    }

    func type(_ text: String, into css: String) async throws {
        try await request("POST", session + "/element/\(try await find(css))/value", ["text": text])
    }

    func click(_ css: String) async throws {
        try await request("POST", session + "/element/\(try await find(css))/click", [:])
    }

    func execute(_ script: String) async throws -> Any? {
        try await request("POST", session + "/execute/sync", ["script": script, "args": []])
    }

    func string(_ script: String) async throws -> String {
        (try await execute(script)) as? String ?? ""
    }

    /// Polls `script` until it returns true.
    @discardableResult
    func wait(for script: String, timeout: TimeInterval = 10) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? await execute(script)) as? Bool == true { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Saves a screenshot under `.build/e2e/`.
    func screenshot(_ name: String) async throws {
        guard let base64 = try await request("GET", session + "/screenshot") as? String, let data = Data(base64Encoded: base64) else {
            return
        }
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/e2e").standardized
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try data.write(to: directory.appendingPathComponent(name + ".png"))
    }
}
