import Foundation
import JetwayBrowser
import JetwayWire

/// Keystroke to DOM in headless Chromium: the time from the field's `keydown` until the list's
/// rows changed, read in the page with `performance.now()`, as a user types d, e, n and deletes
/// them again (the last deletion brings every row back).
@MainActor
enum BrowserBench {
    static func keystrokeToDOM(_ name: String, url: String, rounds: Int) async throws {
        try await withChromium(name) { browser in try await measure(name, browser: browser, url: url, rounds: rounds) }
    }

    /// Runs `body` with a headless Chromium, and quits it whatever happens: a `defer { Task { … } }`
    /// never ran before the process exited, and left Chromium running beside the figures that
    /// follow.
    static func withChromium(_ name: String, _ body: (any Browser) async throws -> Void) async throws {
        guard BrowserEngine.chromium.isInstalled else {
            throw BenchFailure("\(name): Chromium and chromedriver are not installed (make bench installs them)")
        }
        let browser = try await BrowserEngine.chromium.start()
        do {
            try await body(browser)
            await browser.quit()
        } catch {
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
            // `board_keystroke_dom_ms_median` → `board_live_ms`; the floor's page → `echo_live_ms`.
            let liveName =
                name == "keystroke_dom_floor_ms_median"
                ? "echo_live_ms" : name.replacingOccurrences(of: "keystroke_dom_ms_median", with: "live_ms")
            report(liveName, live, "ms")
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

extension BrowserBench {
    /// A fling through 10,000 rows of a lazy list in headless Chromium: the page scrolls by
    /// `speed` CSS pixels a second, a step each frame, until 10,000 rows have passed. Each
    /// frame looks at three points of the list's part of the screen; a point over a gap is a
    /// blank row. Reports the longest time a blank lasted, how many frames had one, and the
    /// longest task the page ran (`longtask` entries), as `<prefix>_fling_…`.
    static func fling(_ prefix: String, url: String, speed: Double) async throws {
        try await withChromium(prefix) { browser in
            if let driver = browser as? WebDriver { try await driver.resizeWindow(width: 420, height: 900) }
            try await browser.navigate(url)
            guard
                await browser.wait(
                    for: "return document.documentElement.classList.contains('\(RuntimeContract.State.connected)')", timeout: 15)
            else { throw BenchFailure("\(prefix): the page never went live") }
            _ = try await browser.execute(
                """
                const list = document.querySelector('.\(StyleClass.list)');
                let box = document.scrollingElement;
                for (let el = list.parentElement; el && el !== document.body; el = el.parentElement) {
                  const style = getComputedStyle(el);
                  if ((style.overflowY === 'auto' || style.overflowY === 'scroll') && el.scrollHeight > el.clientHeight) { box = el; break; }
                }
                const rows = list.querySelectorAll('.\(StyleClass.listRow)');
                const rowLength = (rows[rows.length - 1].getBoundingClientRect().bottom - rows[0].getBoundingClientRect().top) / rows.length;
                if (!PerformanceObserver.supportedEntryTypes.includes('longtask')) throw new Error('no longtask entries in this browser');
                const result = { longestBlank: 0, blankFrames: 0, frames: 0, longestTask: 0, rows: 0 };
                new PerformanceObserver((entries) => {
                  for (const entry of entries.getEntries()) result.longestTask = Math.max(result.longestTask, entry.duration);
                }).observe({ entryTypes: ['longtask'] });
                const distance = rowLength * 10000, start = performance.now(), from = box.scrollTop;
                let blankSince = 0;
                function frame(now) {
                  const travelled = Math.min(distance, ((now - start) / 1000) * \(speed));
                  box.scrollTop = from + travelled;
                  const rect = list.getBoundingClientRect();
                  const top = Math.max(rect.top, 0), bottom = Math.min(rect.bottom, innerHeight);
                  let blank = false;
                  for (const y of [top + 5, (top + bottom) / 2, bottom - 5]) {
                    const hit = document.elementFromPoint(rect.left + rect.width / 2, y);
                    if (!hit || hit.closest('.\(RuntimeContract.Class.lazyGap)')) blank = true;
                  }
                  result.frames++;
                  if (blank) {
                    result.blankFrames++;
                    if (!blankSince) blankSince = now;
                    result.longestBlank = Math.max(result.longestBlank, now - blankSince);
                  } else blankSince = 0;
                  if (travelled < distance) requestAnimationFrame(frame);
                  else { result.rows = Math.round(travelled / rowLength); window.__jwFling = result; }
                }
                window.__jwFling = null;
                requestAnimationFrame(frame);
                return true
                """)
            let deadline = Date().addingTimeInterval(120)
            var answer: String?
            while answer == nil && Date() < deadline {
                try await Task.sleep(for: .milliseconds(500))
                answer = try await browser.execute("return window.__jwFling ? JSON.stringify(window.__jwFling) : null") as? String
            }
            guard let answer, let data = answer.data(using: .utf8),
                let result = try JSONSerialization.jsonObject(with: data) as? [String: Double], let rows = result["rows"], rows >= 10000
            else { throw BenchFailure("\(prefix): the fling did not finish: \(answer ?? "no answer")") }
            report("\(prefix)_fling_longest_blank_ms", result["longestBlank"] ?? -1, "ms")
            report("\(prefix)_fling_blank_frames", result["blankFrames"] ?? -1, "frames")
            report("\(prefix)_fling_frames", result["frames"] ?? -1, "frames")
            report("\(prefix)_fling_longest_task_ms", result["longestTask"] ?? -1, "ms")
        }
    }
}
