import Foundation
import JetwayBrowser
import JetwayWire

/// Keystroke to DOM in headless Chromium: the time from the field's `keydown` until the list's
/// rows changed, read in the page with `performance.now()`, as a user types d, e, n and deletes
/// them again (the last deletion brings every row back).
@MainActor
enum BrowserBench {
    static func keystrokeToDOM(_ name: String, url: String, rounds: Int) async throws {
        guard BrowserEngine.chromium.isInstalled else {
            throw BenchFailure("\(name): Chromium and chromedriver are not installed (make bench installs them)")
        }
        let browser = try await BrowserEngine.chromium.start()
        do {
            try await measure(name, browser: browser, url: url, rounds: rounds)
            await browser.quit()
        } catch {
            // Quit before the error ends the bench: a `defer { Task { … } }` never ran before
            // the process exited, and left Chromium running beside the figures that follow.
            await browser.quit()
            throw error
        }
    }

    private static func measure(_ name: String, browser: any Browser, url: String, rounds: Int) async throws {
        try await browser.navigate(url)
        guard
            await browser.wait(for: "return document.documentElement.classList.contains('\(RuntimeContract.State.connected)')", timeout: 15)
        else {
            throw BenchFailure("\(name): the page never went live")
        }
        // From the navigation's start until the page was live (its socket joined).
        if let live = try await browser.execute("return window.jetway.timing.live") as? Double, live > 0 {
            report(name.replacingOccurrences(of: "keystroke_dom_ms_median", with: "live_ms"), live, "ms")
        }
        let field = "input"
        var samples: [Double] = []
        for _ in 0..<rounds {
            for key in ["d", "e", "n", Key.backspace, Key.backspace, Key.backspace] {
                _ = try await browser.execute(
                    """
                    window.__jwKeystroke = null;
                    const list = document.querySelector('.\(StyleClass.list)');
                    const field = document.querySelector('\(field)');
                    let started = 0;
                    field.addEventListener('keydown', () => { started = performance.now(); }, { once: true, capture: true });
                    const observer = new MutationObserver(() => {
                      if (started) {
                        const now = performance.now(), t = window.jetway.timing;
                        window.__jwKeystroke = now - started;
                        window.__jwParts = [t.sent - started, t.received - t.sent, t.parsed - t.received, t.applied - t.parsed, now - t.applied];
                        observer.disconnect();
                      }
                    });
                    observer.observe(list, { childList: true, subtree: true, characterData: true, attributes: true });
                    return true
                    """)
                // A person types a few keys a second: the page has laid out and painted the
                // last change before the next key comes.
                try await Task.sleep(for: .milliseconds(50))
                try await browser.type(key, into: field)
                // The page takes the time itself (performance.now()), so it is read afterwards,
                // without WebDriver scripts competing with the page meanwhile.
                // JETWAY_DOM_PARTS=1 prints each sample split by the runtime's own marks
                // (window.jetway.timing): keydown → send, → patch received, → parsed, → applied.
                let deadline = Date().addingTimeInterval(5)
                var sample: Double?
                try await Task.sleep(for: .milliseconds(100))
                while sample == nil && Date() < deadline {
                    sample = try await browser.execute("return window.__jwKeystroke") as? Double
                    if sample == nil { try await Task.sleep(for: .milliseconds(25)) }
                }
                guard let sample else {
                    let state = try await browser.string(
                        "return document.querySelector('\(field)').value + ' / ' + document.querySelectorAll('.\(StyleClass.listRow)').length + ' rows / ' + document.documentElement.className"
                    )
                    throw BenchFailure("\(name): a keystroke never changed the rows within 5 s (field / rows / page: \(state))")
                }
                samples.append(sample)
                if ProcessInfo.processInfo.environment["JETWAY_DOM_PARTS"] != nil,
                    let parts = try await browser.execute("return window.__jwParts") as? [Double]
                {
                    print(
                        "\(key == Key.backspace ? "<" : key)", ([sample] + parts).map { String(format: "%.1f", $0) }.joined(separator: " "))
                }
            }
        }
        samples.sort()
        report(name, samples[samples.count / 2], "ms")
    }
}
