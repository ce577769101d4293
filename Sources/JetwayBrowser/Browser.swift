import Foundation
import JetwayWire

/// A real browser the end-to-end tests drive: Chromium and WebKit through classic WebDriver
/// (`WebDriver`), Firefox through WebDriver BiDi (`FirefoxBiDi`). Scripts are function bodies
/// (`return …`) run in the page; their JSON-able results come back as Swift values.
public protocol Browser: AnyObject, Sendable {
    /// The engine this browser runs (chromium, firefox or webkit), for test messages and engine-specific checks.
    var engine: BrowserEngine { get }
    /// Loads `url` in the current tab and returns once the page has loaded.
    func navigate(_ url: String) async throws
    /// Runs `script`, a function body (`return …`), in the page and returns its result as JSON values (a promise is
    /// awaited); throws a `BrowserFailure` when the script throws.
    func execute(_ script: String) async throws -> Any?
    /// A real pointer click at the centre of the first element matching `css`.
    func click(_ css: String) async throws
    /// A real pointer click at a point of the viewport (CSS pixels from its top left).
    func click(x: Int, y: Int) async throws
    /// Focuses the element and types `text` as key presses.
    func type(_ text: String, into css: String) async throws
    /// Presses one key (a WebDriver key value: `Key.escape`, `Key.arrowRight`) in the element.
    func press(_ key: String, in css: String) async throws
    /// A PNG of the current tab's viewport.
    func screenshotPNG() async throws -> Data
    /// Ends the session and stops the browser and its driver; the browser is unusable afterwards.
    func quit() async
}

/// WebDriver key values (the Unicode private-use code points both protocols use).
public enum Key {
    /// The Escape key.
    public static let escape = "\u{E00C}"
    /// The Enter key.
    public static let enter = "\u{E007}"
    /// The Backspace key.
    public static let backspace = "\u{E003}"
    /// The right arrow key.
    public static let arrowRight = "\u{E014}"
    /// The down arrow key.
    public static let arrowDown = "\u{E015}"
}

/// What a browser could not do, in words (a driver that did not start, an element not found).
public struct BrowserFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
    /// A failure saying `description`.
    public init(description: String) { self.description = description }
}

extension Browser {
    /// What `script` returns, as text (empty when it is not a string).
    public func string(_ script: String) async throws -> String {
        (try await execute(script)) as? String ?? ""
    }

    /// Polls `script` until it returns true.
    @discardableResult
    public func wait(for script: String, timeout: TimeInterval = 10) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? await execute(script)) as? Bool == true { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Waits (up to two seconds) until nothing moves the element matching `css` — a sheet
    /// sliding up, a row settling — as a person waits for it before tapping; a motion that
    /// repeats for ever does not count.
    public func waitUntilStill(_ css: String) async {
        await wait(
            for: """
                const el = document.querySelector(\(jsLiteral(css)));
                if (!el || !document.getAnimations) return true;
                return document.getAnimations().every((a) => {
                  const target = a.effect && a.effect.target;
                  return !target || !(target === el || target.contains(el)) || a.playState !== 'running' || a.effect.getTiming().iterations === Infinity;
                });
                """, timeout: 2)
    }

    /// A CSS selector for the first element matching `css` whose text or accessible label is
    /// `label`, found by marking it with a `data-test` attribute (waiting up to a second for one
    /// to be shown). What is inert is passed over: a screen, sheet or view leaving with motion
    /// stays drawn as an inert copy for a moment, and a visitor cannot use it.
    public func element(_ css: String, labelled label: String) async throws -> String {
        let mark = "t" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let found = await wait(
            for: """
                const label = \(jsLiteral(label));
                for (const el of document.querySelectorAll(\(jsLiteral(css)))) {
                  const text = (el.getAttribute('aria-label') || el.textContent || '').trim();
                  if (text === label && el.getClientRects().length && !el.closest('[inert]')) { el.setAttribute('data-test', '\(mark)'); return true; }
                }
                return false
                """, timeout: 1)
        guard found else { throw BrowserFailure(description: "\(engine): no \(css) labelled \"\(label)\"") }
        return "[data-test=\"\(mark)\"]"
    }

    /// Clicks the element matching `css` whose text or accessible label is `label` (see `element(_:labelled:)`).
    public func click(_ css: String, labelled label: String) async throws {
        try await click(try await element(css, labelled: label))
    }

    /// Gives the first element matching `css` the focus, as Tab would, and tells the page so
    /// even when the window does not have the system's focus (Firefox under WebDriver BiDi sets
    /// the focus then but sends no event): a row's swipe actions open when one gets it.
    public func focus(_ css: String) async throws {
        _ = try await execute(
            """
            const el = document.querySelector(\(jsLiteral(css)));
            el.focus();
            if (!document.hasFocus()) el.dispatchEvent(new FocusEvent('focusin', {bubbles: true}));
            return true
            """)
    }

    /// A row's action as a keyboard user reaches it: Tab into it (its row opens), then click.
    public func clickRowAction(labelled label: String) async throws {
        let button = try await element("button", labelled: label)
        try await focus(button)
        _ = await wait(for: "return document.querySelector(\(jsLiteral(button))).parentElement.getBoundingClientRect().width > 20")
        try await click(button)
    }

    /// Opens `url` (in a window of `size` first, for the engines WebDriver drives) and waits
    /// until its Jetway page is live, its socket joined; false when it never was.
    public func openLive(_ url: String, size: (width: Int, height: Int)? = nil) async throws -> Bool {
        if let size, let driver = self as? WebDriver { try await driver.resizeWindow(width: size.width, height: size.height) }
        try await navigate(url)
        return await wait(for: "return document.documentElement.classList.contains('\(RuntimeContract.State.connected)')")
    }

    /// Saves a screenshot under `.build/e2e/`.
    public func screenshot(_ name: String) async throws {
        let data = try await screenshotPNG()
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/e2e").standardized
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try data.write(to: directory.appendingPathComponent(name + ".png"))
    }
}

/// A JavaScript string literal of `text`.
public func jsLiteral(_ text: String) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
    return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
}

/// The three engines and how to start each.
public enum BrowserEngine: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Chromium, Firefox and WebKit, each started headless.
    case chromium, firefox, webkit

    /// The engine's name: chromium, firefox or webkit.
    public var description: String { rawValue }

    /// Debian's chromedriver (the chromium-driver package).
    public static let chromedriver = "/usr/bin/chromedriver"
    /// Debian's Firefox ESR, driven over its built-in WebDriver BiDi.
    public static let firefoxBinary = "/usr/bin/firefox-esr"
    /// WebKitGTK's WebDriver (the webkit2gtk-driver package).
    public static let webkitDriver = "/usr/bin/WebKitWebDriver"
    /// The X server WebKit runs on, without a screen.
    public static let xvfb = "/usr/bin/Xvfb"

    /// `make test` sets `JETWAY_REQUIRE_BROWSERS=1`: there a missing engine fails its tests
    /// instead of skipping them.
    public static let required = ProcessInfo.processInfo.environment["JETWAY_REQUIRE_BROWSERS"] == "1"

    /// Installed, or required (so that the tests run and say what is missing).
    public var shouldRun: Bool { isInstalled || Self.required }

    /// Whether the engine's programs are all on this machine.
    public var isInstalled: Bool {
        let files: [String] =
            switch self {
            case .chromium: [Self.chromedriver]
            case .firefox: [Self.firefoxBinary]
            case .webkit: [Self.webkitDriver, Self.xvfb, WebDriver.miniBrowser ?? "MiniBrowser"]
            }
        return files.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts a browser of this engine; `reducedMotion`: one whose visitor asked for less motion
    /// (`prefers-reduced-motion: reduce`), as each engine is told it — Chromium by a switch,
    /// Firefox by its `ui.prefersReducedMotion` preference, WebKitGTK by GTK's
    /// `gtk-enable-animations` setting. `timeZone`: the zone the browser is in (its `TZ`; UTC
    /// unless said, whatever zone the test process is in). `language`: the visitor's language
    /// (a BCP 47 tag, `de-DE`), which the browser sends as `Accept-Language` and reports as
    /// `navigator.language` — Chromium by its `--lang` and `--accept-lang` switches, Firefox by
    /// its `intl.accept_languages` preference, WebKitGTK by the `LANGUAGE` it starts with.
    public func start(reducedMotion: Bool = false, timeZone: String = "UTC", language: String = "en-US") async throws -> any Browser {
        guard isInstalled else { throw BrowserFailure(description: "\(self) is not installed (make test-deps installs it)") }
        guard LanguageTag.isValid(language) else {
            throw BrowserFailure(description: "\(language.debugDescription) is not a language tag (de-DE, ar, pt-BR)")
        }
        // The language, then its base language (`de-DE, de`), as browsers send them.
        let base = language.split(separator: "-").first.map(String.init) ?? language
        let languages = base == language ? [language] : [language, base]
        var environment = ["TZ": timeZone]
        if self == .webkit {
            // WebKitGTK takes its languages from the process's locale, which must exist: one
            // compiled for it (`ProcessLocale`), and GLib's language list.
            environment.merge(try ProcessLocale.environment(for: language)) { $1 }
            environment["LANGUAGE"] = languages.map { LanguageTag.localeIdentifier(of: $0) }.joined(separator: ":")
        }
        return switch self {
        case .chromium:
            try await WebDriver.startChromium(
                extra: (reducedMotion ? ["--force-prefers-reduced-motion"] : [])
                    + ["--lang=\(language)", "--accept-lang=\(languages.joined(separator: ","))"],
                environment: environment)
        case .firefox:
            try await FirefoxBiDi.start(
                preferences: (reducedMotion ? ["ui.prefersReducedMotion": "1"] : [:])
                    .merging(["intl.accept_languages": "\"\(languages.joined(separator: ", "))\""]) { $1 },
                environment: environment)
        case .webkit: try await WebDriver.startWebKit(reducedMotion: reducedMotion, environment: environment)
        }
    }
}

/// Opens `count` browsers of `engine`, runs `body`, and always closes them. At most
/// `BrowserSlots.limit` callers run at once (`JETWAY_BROWSER_SLOTS`, 2 by default): a dozen
/// browsers starting together on a 2-core machine starve the servers under test for seconds.
@MainActor
public func withBrowsers(
    _ count: Int, _ engine: BrowserEngine = .chromium, reducedMotion: Bool = false, timeZone: String = "UTC",
    language: String = "en-US", _ body: ([any Browser]) async throws -> Void
) async throws {
    await BrowserSlots.acquire()
    defer { BrowserSlots.release() }
    var browsers: [any Browser] = []
    do {
        for _ in 0..<count { browsers.append(try await engine.start(reducedMotion: reducedMotion, timeZone: timeZone, language: language)) }
        try await body(browsers)
    } catch {
        for browser in browsers { await browser.quit() }
        throw error
    }
    for browser in browsers { await browser.quit() }
}

/// How many `withBrowsers` calls may have browsers open at once.
@MainActor
public enum BrowserSlots {
    /// Browsers' `withBrowsers` calls at once (`JETWAY_BROWSER_SLOTS`, 2 by default).
    public static let limit = max(1, Int(ProcessInfo.processInfo.environment["JETWAY_BROWSER_SLOTS"] ?? "") ?? 2)
    private static var busy = 0
    private static var waiting: [CheckedContinuation<Void, Never>] = []

    static func acquire() async {
        if busy < limit {
            busy += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    static func release() {
        if waiting.isEmpty {
            busy -= 1
        } else {
            // The slot passes straight to the next caller.
            waiting.removeFirst().resume()
        }
    }
}
