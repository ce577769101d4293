// The tour `Tools/port-tour` takes through each ported app: a person's first minute with it in
// Chromium (a phone-sized window). It opens the app, then from the first screen taps each
// control in turn — and on the screen that tap leads to, a few more — types into the text
// fields it finds, and screenshots every screen it has not seen. It fails the app when the
// page stops being live (a server that died, a socket refused) or the runtime counts an error.
//
//   Tour <base URL> <screenshot folder> [taps]
//
// Prints one line per tap and last `tour: screens S taps T errors E` (exit status 1 when E > 0
// or the page was lost, 2 when it could not start).
import Foundation
import JetwayBrowser

@MainActor
struct Tour {
    let base: String
    let folder: URL
    let tapLimit: Int
    var seen: Set<String> = []
    var taps = 0
    var errors: [String] = []
    var shots = 0

    /// The controls a person can tap, in reading order; each is tagged so a real pointer
    /// click can find it again. Returns "kind:label" for each.
    static let controlsScript = """
        const sel = 'button, a[href], [role=button], [role=tab], [role=link], [role=switch], summary, select, '
          + 'input[type=checkbox], input[type=radio], input[type=range], .jw-navlink';
        const out = [];
        for (const e of document.querySelectorAll('[data-tour]')) e.removeAttribute('data-tour');
        for (const e of document.querySelectorAll(sel)) {
          const r = e.getBoundingClientRect();
          if (r.width < 2 || r.height < 2 || e.disabled || e.closest('[inert],[aria-hidden=true]')) continue;
          if (r.bottom < 0 || r.top > innerHeight * 3) continue;
          const style = getComputedStyle(e);
          if (style.visibility === 'hidden' || style.pointerEvents === 'none') continue;
          e.setAttribute('data-tour', String(out.length));
          const label = (e.getAttribute('aria-label') || e.textContent || e.value || e.title || '').trim().replace(/\\s+/g, ' ');
          out.push(e.tagName.toLowerCase() + ':' + Array.from(label).slice(0, 40).join(''));
        }
        return out;
        """

    /// What the screen says: its visible text, to know a screen not seen before.
    static let signatureScript = """
        return Array.from((document.body.innerText || '').replace(/\\s+/g, ' ')).slice(0, 4000).join('');
        """

    static let healthScript = """
        return JSON.stringify({
          live: document.documentElement.classList.contains('jw-connected'),
          errors: window.jetway ? window.jetway.errors : -1,
          last: window.jetway ? window.jetway.lastError : 'no runtime'
        });
        """

    mutating func run(_ browser: any Browser) async throws -> Bool {
        guard try await browser.openLive(base + "/") else {
            errors.append("the first page never went live")
            return false
        }
        await settle(browser)
        try await shoot(browser, "home")
        let home = try await controls(browser)
        print("tour: home has \(home.count) controls")
        try await fillFields(browser)
        var index = 0
        while index < home.count, taps < tapLimit {
            // Back to the first screen, as it was, before each of its controls.
            guard try await browser.openLive(base + "/") else {
                errors.append("the first page did not come back live")
                return false
            }
            await settle(browser)
            let now = try await controls(browser)
            guard let position = now.firstIndex(of: home[index]) else {
                index += 1
                continue
            }
            guard try await tap(browser, position, home[index]) else { return false }
            // On the screen it led to, the controls that are new there (a few).
            let there = try await controls(browser)
            if try await browser.string(Self.signatureScript) != "" { try await fillFields(browser) }
            var more = 0
            for (position, control) in there.enumerated() where !home.contains(control) && more < 4 && taps < tapLimit {
                more += 1
                let current = try await controls(browser)
                guard current.indices.contains(position), current[position] == control else { continue }
                guard try await tap(browser, position, control) else { return false }
            }
            index += 1
        }
        return errors.isEmpty
    }

    func controls(_ browser: any Browser) async throws -> [String] {
        (try await browser.execute(Self.controlsScript) as? [Any] ?? []).compactMap { $0 as? String }
    }

    /// One tap, then the health of the page and a screenshot when the screen is new.
    mutating func tap(_ browser: any Browser, _ position: Int, _ control: String) async throws -> Bool {
        taps += 1
        let css = "[data-tour='\(position)']"
        await browser.waitUntilStill(css)
        do {
            if control.hasPrefix("select:") {
                _ = try await browser.execute(
                    """
                    const s = document.querySelector(\(jsLiteral(css)));
                    if (s && s.options.length > 1) { s.selectedIndex = (s.selectedIndex + 1) % s.options.length;
                      s.dispatchEvent(new Event('input', {bubbles: true})); s.dispatchEvent(new Event('change', {bubbles: true})); }
                    return true
                    """)
            } else {
                try await browser.click(css)
            }
        } catch {
            // An element a patch just moved or removed: a person's honest race, not a failure.
            print("tour: tap \(taps) \(control) — could not be tapped (\(error))")
            return true
        }
        await settle(browser)
        let health = try await browser.string(Self.healthScript)
        let state = (try? JSONSerialization.jsonObject(with: Data(health.utf8))) as? [String: Any] ?? [:]
        let live = state["live"] as? Bool ?? false
        let count = state["errors"] as? Int ?? -1
        print("tour: tap \(taps) \(control) — \(live ? "live" : "NOT LIVE"), errors \(count)")
        if count != 0 { errors.append("after \(control): \(count) runtime errors, last: \(state["last"] ?? "")") }
        if !live {
            // A reconnect is allowed a moment (a restart); a page that stays dead is the finding.
            let back = await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')", timeout: 5)
            if !back {
                errors.append("after \(control): the page is no longer live (\(state["last"] ?? ""))")
                try await shoot(browser, "lost", force: true)
                return false
            }
        }
        try await shoot(browser, control)
        return count == 0
    }

    /// Types into each empty visible text field, as a person trying the screen would.
    func fillFields(_ browser: any Browser) async throws {
        let count =
            try await browser.execute(
                """
                let n = 0;
                for (const e of document.querySelectorAll('input:not([type]), input[type=text], input[type=search], input[type=number], textarea')) {
                  const r = e.getBoundingClientRect();
                  if (r.width < 2 || e.disabled || e.readOnly || e.value) continue;
                  e.setAttribute('data-tour-field', String(n++));
                }
                return n
                """) as? Int ?? 0
        for field in 0..<min(count, 3) {
            let css = "[data-tour-field='\(field)']"
            let numeric = try await browser.execute("return document.querySelector(\(jsLiteral(css))).type === 'number'") as? Bool ?? false
            try? await browser.type(numeric ? "42" : "Tour", into: css)
        }
        if count > 0 { await settle(browser) }
    }

    func settle(_ browser: any Browser) async {
        try? await Task.sleep(for: .milliseconds(350))
        await browser.waitUntilStill("body")
    }

    mutating func shoot(_ browser: any Browser, _ name: String, force: Bool = false) async throws {
        let signature = try await browser.string(Self.signatureScript)
        guard force || seen.insert(signature).inserted else { return }
        shots += 1
        let safe = name.map { $0.isLetter || $0.isNumber ? $0 : "-" }.prefix(40)
        let file = folder.appendingPathComponent(String(format: "%02d-", shots) + String(safe) + ".png")
        try await browser.screenshotPNG().write(to: file)
    }
}

@MainActor
func main() async -> Int32 {
    let arguments = CommandLine.arguments
    guard arguments.count >= 3 else {
        print("usage: Tour <base URL> <screenshot folder> [taps]")
        return 2
    }
    let folder = URL(fileURLWithPath: arguments[2])
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var tour = Tour(base: arguments[1], folder: folder, tapLimit: arguments.count > 3 ? Int(arguments[3]) ?? 30 : 30)
    var passed = false
    do {
        try await withBrowsers(1, .chromium) { browsers in
            passed = try await tour.run(browsers[0])
        }
    } catch {
        print("tour: could not run: \(error)")
        return 2
    }
    for error in tour.errors { print("tour: error: \(error)") }
    print("tour: screens \(tour.seen.count) taps \(tour.taps) errors \(tour.errors.count)")
    return passed ? 0 : 1
}

exit(await main())
