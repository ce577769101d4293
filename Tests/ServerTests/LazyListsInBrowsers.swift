import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

/// A thousand rows of the usual shape, every seventh two lines tall, with a reader that jumps.
private struct LongBoard: View {
    @State private var search = ""
    var rows: [Int] { (0..<1000).filter { search.isEmpty || String($0).contains(search) } }
    var body: some View {
        NavigationStack {
            ScrollViewReader { proxy in
                Button("Go to 700") { proxy.scrollTo(700, anchor: .top) }
                List(rows, id: \.self) { row in
                    VStack(alignment: .leading) {
                        Text("Row \(row)")
                        if row % 7 == 0 { Text("A second line for row \(row)") }
                    }
                }
            }
            .searchable(text: $search, prompt: "Row")
            .navigationTitle("Rows")
        }
    }
}

/// A thousand rows, each a link to its row's screen, and a search.
private struct LinkedRows: View {
    @State private var search = ""
    var body: some View {
        NavigationStack {
            List((0..<1000).filter { search.isEmpty || String($0).contains(search) }, id: \.self) { row in
                NavigationLink("Row \(row)") { Text("The screen of row \(row)").navigationTitle("Row \(row)") }
            }
            .searchable(text: $search, prompt: "Row")
            .navigationTitle("Rows")
        }
    }
}

/// Three thousand tiles, three to a line, in a scroll view.
private struct Tiles: View {
    var body: some View {
        ScrollView {
            LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible()), GridItem(.flexible())]) {
                ForEach(0..<3000, id: \.self) { Text("Tile \($0)").frame(height: 60) }
            }
        }
    }
}

/// Two sections of a thousand rows each in a lazy stack, as a timeline groups its hours.
private struct SectionedRows: View {
    var body: some View {
        VStack { rows }
    }

    @ViewBuilder private var rows: some View {
        ScrollView {
            LazyVStack(alignment: .leading, pinnedViews: [.sectionHeaders]) {
                ForEach(["Morning", "Evening"], id: \.self) { part in
                    Section {
                        ForEach(0..<1000, id: \.self) { Text("\(part) \($0)").frame(height: 40) }
                    } header: {
                        Text("Header \(part)").font(.headline)
                    }
                }
            }
        }
        // A scroll view of its own height scrolls itself (a page that scrolls as a whole
        // does not keep a section's header pinned).
        .frame(height: 600)
        // Across: a header beside its section's columns, pinned at the left.
        ScrollView(.horizontal) {
            LazyHStack(pinnedViews: [.sectionHeaders]) {
                ForEach(["West", "East"], id: \.self) { side in
                    Section {
                        ForEach(0..<500, id: \.self) { Text("\(side) \($0)").frame(width: 90) }
                    } header: {
                        Text("Across \(side)")
                    }
                }
            }
        }
    }
}

extension EndToEnd {
    /// A lazy list in every engine: the first paint holds a window of rows, scrolling anywhere
    /// brings the rows there (never a blank screen once the answer is in), the row at the top
    /// stays put while the window moves under it, a reader's jump finds a row far away, and a
    /// search still filters.
    @Suite(.serialized) @MainActor
    struct LazyListsInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func chromium() async throws {
            try await scrolling(.chromium)
            try await grid(.chromium)
            try await sections(.chromium)
            try await linksComeBack(.chromium)
            try await sharesAgain(.chromium)
        }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func firefox() async throws {
            try await scrolling(.firefox)
            try await grid(.firefox)
            try await sections(.firefox)
            try await linksComeBack(.firefox)
            try await sharesAgain(.firefox)
        }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func webkit() async throws {
            try await scrolling(.webkit)
            try await grid(.webkit)
            try await sections(.webkit)
            try await linksComeBack(.webkit)
            try await sharesAgain(.webkit)
        }

        /// Scrolls the box that scrolls `selector`'s element (a scroll view that scrolls itself,
        /// or the page) to `fraction` of its height (a JavaScript expression).
        private static func scroll(_ selector: String, to fraction: String) -> String {
            """
            let box = document.scrollingElement;
            for (let el = document.querySelector('\(selector)').parentElement; el && el !== document.body; el = el.parentElement) {
              const style = getComputedStyle(el);
              if ((style.overflowY === 'auto' || style.overflowY === 'scroll') && el.scrollHeight > el.clientHeight) { box = el; break; }
            }
            box.scrollTop = box.scrollHeight * \(fraction);
            return true
            """
        }

        /// What the page shows: the rows rendered, the numbers of the rows in view (top to
        /// bottom) and whether the rows cover the list's part of the screen.
        private struct Shown: Decodable {
            let rendered: Int
            let visible: [Int]
            let covered: Bool
            let offset: Double
        }

        private static let measure = """
            const list = document.querySelector('.jw-list');
            let box = null;
            for (let el = list.parentElement; el && el !== document.body; el = el.parentElement) {
              const style = getComputedStyle(el);
              if ((style.overflowY === 'auto' || style.overflowY === 'scroll') && el.scrollHeight > el.clientHeight) { box = el; break; }
            }
            const view = box ? box.getBoundingClientRect() : { top: 0, bottom: innerHeight };
            const listBox = list.getBoundingClientRect();
            const low = Math.max(view.top, listBox.top, 0), high = Math.min(view.bottom, listBox.bottom, innerHeight);
            const rows = [...list.querySelectorAll('.jw-list-row')];
            const inView = rows.filter((row) => { const r = row.getBoundingClientRect(); return r.bottom > low + 1 && r.top < high - 1; });
            let reach = low, covered = true;
            for (const row of inView) { const r = row.getBoundingClientRect(); if (r.top > reach + 1) covered = false; reach = Math.max(reach, r.bottom); }
            if (reach < high - 1) covered = false;
            window.jwScroller = box || document.scrollingElement;
            return JSON.stringify({ rendered: rows.length, covered, offset: window.jwScroller.scrollTop,
              visible: inView.map((row) => parseInt(row.textContent.replace('Row ', ''), 10)) });
            """

        private static let rowTop = """
            const row = [...document.querySelectorAll('.jw-list-row')].find((r) => r.textContent.startsWith('Row 700'));
            return row ? 'top ' + row.getBoundingClientRect().top + ', bottom ' + row.getBoundingClientRect().bottom + ' of ' + innerHeight : 'not rendered';
            """

        private func shown(_ browser: any Browser) async throws -> Shown {
            try JSONDecoder().decode(Shown.self, from: Data(try await browser.string(Self.measure).utf8))
        }

        /// Waits until the rows cover the screen and have stopped changing.
        private func settled(_ browser: any Browser, _ engine: BrowserEngine, _ what: String) async throws -> Shown {
            var last = try await shown(browser)
            for _ in 0..<40 {
                try await Task.sleep(for: .milliseconds(150))
                let now = try await shown(browser)
                if now.covered, now.visible == last.visible, now.rendered == last.rendered { return now }
                last = now
            }
            Issue.record(
                "\(engine): \(what): the rows never covered the screen and settled (\(last.visible.prefix(3))…, covered \(last.covered))")
            return last
        }

        /// A section's rows in a lazy stack are a window of their own: a screen of them is
        /// rendered, and scrolling deep into the second section brings its rows there.
        func sections(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Sections", routes: [Route("/sections") { _ in SectionedRows() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browser in
                let browser = browser[0]
                #expect(try await browser.openLive(server.base + "/sections", size: (420, 800)))
                let check = """
                    const rows = [...document.querySelectorAll('.jw-section-content > .jw-text, .jw-section-content > * > .jw-text')]
                      .filter((el) => /^(Morning|Evening) \\d+$/.test(el.textContent));
                    const inView = rows.filter((el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight - 1; });
                    if (rows.length > 400) return 'rendered ' + rows.length + ' rows';
                    if (inView.length < 10) return 'only ' + inView.length + ' rows in view of ' + rows.length;
                    const names = inView.map((el) => el.textContent);
                    const part = names[0].split(' ')[0], numbers = names.map((n) => parseInt(n.split(' ')[1], 10));
                    for (let i = 1; i < numbers.length; i++) if (numbers[i] !== numbers[i - 1] + 1) return 'a hole after ' + names[i - 1];
                    return part + ' ' + numbers[0];
                    """
                var first = ""
                for _ in 0..<40 {
                    first = try await browser.string(check)
                    if first.hasPrefix("Morning ") { break }
                    try await Task.sleep(for: .milliseconds(150))
                }
                #expect(first == "Morning 0", "\(engine): the first screen: \(first)")
                _ = try await browser.execute(Self.scroll(".jw-section", to: "0.75"))
                var deep = ""
                for _ in 0..<40 {
                    try await Task.sleep(for: .milliseconds(150))
                    deep = try await browser.string(check)
                    if deep.hasPrefix("Evening "), let number = Int(deep.dropFirst(8)), (300...700).contains(number) { break }
                }
                let number = deep.hasPrefix("Evening ") ? Int(deep.dropFirst(8)) ?? -1 : -1
                #expect((300...700).contains(number), "\(engine): three quarters down: \(deep)")
                // `pinnedViews: [.sectionHeaders]`: the section's header stays at the top.
                let header = try await browser.string(
                    """
                    const header = [...document.querySelectorAll('.jw-section-header')].find((el) => el.textContent === 'Header Evening');
                    let box = null;
                    for (let el = header.parentElement; el && el !== document.body; el = el.parentElement) {
                      const style = getComputedStyle(el);
                      if ((style.overflowY === 'auto' || style.overflowY === 'scroll') && el.scrollHeight > el.clientHeight) { box = el; break; }
                    }
                    const top = box ? box.getBoundingClientRect().top : 0;
                    return String(Math.round(header.getBoundingClientRect().top - top));
                    """)
                #expect(header == "0", "\(engine): the pinned header is \(header) px from the top")
                // Across: three quarters along, the second section's columns are there and its
                // header is at the left.
                let across = """
                    const box = [...document.querySelectorAll('.jw-scroll-h')].pop();
                    if (!window.jwScrolledAcross) { box.scrollLeft = box.scrollWidth * 0.75; window.jwScrolledAcross = true; }
                    const left = box.getBoundingClientRect().left, right = box.getBoundingClientRect().right;
                    const cells = [...box.querySelectorAll('.jw-text')].filter((el) => /^East \\d+$/.test(el.textContent))
                      .filter((el) => { const r = el.getBoundingClientRect(); return r.right > left + 1 && r.left < right - 1; });
                    const header = [...box.querySelectorAll('.jw-section-header')].find((el) => el.textContent === 'Across East');
                    return cells.length + ' ' + Math.round(header.getBoundingClientRect().left - left);
                    """
                var acrossResult = ""
                for _ in 0..<40 {
                    acrossResult = try await browser.string(across)
                    if acrossResult.hasSuffix(" 0"), let count = Int(acrossResult.split(separator: " ")[0]), count >= 2 { break }
                    try await Task.sleep(for: .milliseconds(150))
                }
                try await browser.screenshot("lazy-sections-\(engine)")
                #expect(
                    acrossResult.hasSuffix(" 0") && (Int(acrossResult.split(separator: " ")[0]) ?? 0) >= 2,
                    "\(engine): across: \(acrossResult) (columns in view, header's left)")
            }
        }

        /// A lazy grid keeps whole lines: the middle of three thousand tiles shows tiles three
        /// to a line, each line starting at a multiple of three.
        func grid(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Tiles", routes: [Route("/tiles") { _ in Tiles() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                #expect(try await browser.openLive(server.base + "/tiles", size: (420, 800)))
                let check = """
                    const tiles = [...document.querySelectorAll('.jw-lazy-grid > *')].filter((el) => /^Tile \\d+$/.test(el.textContent));
                    const inView = tiles.filter((el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; });
                    if (inView.length < 6) return 'only ' + inView.length + ' tiles in view';
                    const lines = new Map();
                    for (const el of inView) {
                      const top = Math.round(el.getBoundingClientRect().top);
                      if (!lines.has(top)) lines.set(top, []);
                      lines.get(top).push(parseInt(el.textContent.slice(5), 10));
                    }
                    for (const line of lines.values()) if (line[0] % 3 !== 0 || line.length !== 3) return 'a line of tiles ' + line.join(' ');
                    return 'ok';
                    """
                for fraction in [0.31, 0.5, 0.77] {
                    _ = try await browser.execute(Self.scroll(".jw-lazy-grid", to: "\(fraction)"))
                    var result = ""
                    for _ in 0..<40 {
                        try await Task.sleep(for: .milliseconds(150))
                        result = try await browser.string(check)
                        if result == "ok" { break }
                    }
                    #expect(result == "ok", "\(engine) at \(fraction) of the grid: \(result)")
                }
            }
        }

        /// Rows a search took away come back as the elements the browser kept (moved, not sent
        /// again) and their links work; a link far down opens its screen from its address.
        func linksComeBack(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Rows", routes: [Route("/links") { _ in LinkedRows() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                #expect(try await browser.openLive(server.base + "/links", size: (420, 800)))
                let rowFive = "[...document.querySelectorAll('.jw-navlink')].find((a) => a.textContent === 'Row 5')"
                _ = try await browser.execute("window.jwRowFive = \(rowFive); return true")
                try await browser.type("12", into: "input[type=search]")
                #expect(await browser.wait(for: "return !\(rowFive)"), "\(engine): the search left row 5")
                try await browser.type(Key.backspace + Key.backspace, into: "input[type=search]")
                #expect(await browser.wait(for: "return !!\(rowFive)"), "\(engine): row 5 did not come back")
                #expect(
                    try await browser.string("return String(\(rowFive) === window.jwRowFive)") == "true",
                    "\(engine): row 5 came back as new markup, not as the element the browser kept")
                try await browser.click(".jw-navlink", labelled: "Row 5")
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('The screen of row 5')"),
                    "\(engine): row 5's link did not open its screen")
                // A link far down: scrolled to, then its address opened as a new page would be.
                #expect(try await browser.openLive(server.base + "/links"))
                _ = try await browser.execute(Self.scroll(".jw-list", to: "0.6"))
                let farLink = "[...document.querySelectorAll('.jw-navlink')].find((a) => /^Row 6\\d\\d$/.test(a.textContent))"
                #expect(await browser.wait(for: "return !!\(farLink)"), "\(engine): no row of the 600s after scrolling")
                let far = try await browser.string("const a = \(farLink); return a.textContent + '|' + a.getAttribute('href')")
                let parts = far.split(separator: "|").map(String.init)
                try #require(parts.count == 2)
                try await browser.navigate(server.base + "/links" + parts[1])
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('The screen of \(parts[0].lowercased())')"),
                    "\(engine): the address of \(parts[0]) (\(parts[1])) did not open its screen")
                #expect(try await browser.string("return String(window.jetway.errors)") == "0", "\(engine): the page reported errors")
                if engine == .chromium { try await browser.screenshot("lazy-list-far-link") }
            }
        }

        /// A page that searched and cleared its search shares the page's rendering again once
        /// quiet (within ten seconds: the sweep's five and the quiet five): the browser is sent
        /// the shared page, keeps its focus in the field, and searches on as before; the other
        /// page never notices.
        func sharesAgain(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Rows", routes: [Route("/links") { _ in LinkedRows() }]))
            defer { server.stop() }
            let rowFive = "[...document.querySelectorAll('.jw-navlink')].some((a) => a.textContent === 'Row 5')"
            let rowSeventySeven = "[...document.querySelectorAll('.jw-navlink')].some((a) => a.textContent === 'Row 77')"
            try await withBrowsers(2, engine) { browsers in
                for browser in browsers {
                    #expect(try await browser.openLive(server.base + "/links"))
                }
                let (typing, other) = (browsers[0], browsers[1])
                try await typing.type("12", into: "input[type=search]")
                #expect(await typing.wait(for: "return !\(rowFive)"), "\(engine): the search did not filter")
                try await typing.type(Key.backspace + Key.backspace, into: "input[type=search]")
                #expect(await typing.wait(for: "return \(rowFive)"), "\(engine): the rows did not come back")
                #expect(await server.server.openPages == (2, 2))
                #expect(
                    await typing.wait(for: "return window.jetway.syncs > 0", timeout: 15),
                    "\(engine): the page was not given the shared page within 15 s")
                #expect(await server.server.openPages == (2, 1), "\(engine): the two pages do not share one rendering again")
                #expect(
                    try await typing.string("return document.activeElement && document.activeElement.type") == "search",
                    "\(engine): the search field lost its focus")
                try await typing.type("77", into: "input[type=search]")
                #expect(
                    await typing.wait(for: "return \(rowSeventySeven) && !\(rowFive)"),
                    "\(engine): the search did not filter after sharing again")
                #expect(try await other.string("return String(\(rowFive))") == "true")
                for browser in browsers {
                    #expect(try await browser.string("return String(window.jetway.errors)") == "0", "\(engine): a page reported errors")
                }
            }
        }

        func scrolling(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Rows", routes: [Route("/rows") { _ in LongBoard() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                #expect(try await browser.openLive(server.base + "/rows", size: (420, 800)))
                let first = try await settled(browser, engine, "the first paint")
                #expect(first.visible.first == 0, "\(engine): the list does not start at row 0: \(first.visible)")
                #expect(first.rendered < 100, "\(engine): \(first.rendered) rows rendered of 1,000 at first")
                // A page only looked at sends nothing (and so keeps sharing its rendering).
                #expect(
                    try await browser.string("return String(window.jetway.timing.sent)") == "0",
                    "\(engine): the page sent an event before it was scrolled or typed into")
                // The page keeps the window's size (rounded up to 256 px) for the next visit, whose
                // first window is then as tall.
                let nextVisit = try await browser.string(
                    """
                    const entry = (document.cookie.match(/jw_sizes=([^;]*)/) || [])[1] || '';
                    const viewport = entry.split(',').find((e) => e.startsWith('63:'));
                    if (!viewport) return 'no viewport in ' + document.cookie;
                    const expected = Math.ceil(Number(viewport.split(':')[2]) * 1.25 / 44);
                    const request = new XMLHttpRequest();
                    request.open('GET', location.href, false);
                    request.send();
                    const window = (request.responseText.match(/data-window="(\\d+)"/) || [])[1];
                    return Number(window) === expected ? 'ok' : 'window ' + window + ' for ' + viewport;
                    """)
                #expect(nextVisit == "ok", "\(engine): \(nextVisit)")

                // To the end: the last row comes, and the screen is full of rows.
                _ = try await browser.execute("window.jwScroller.scrollTop = window.jwScroller.scrollHeight;")
                let end = try await settled(browser, engine, "the end")
                #expect(end.visible.last == 999, "\(engine): the last row is not at the end: \(end.visible.suffix(3))")
                #expect(end.rendered < 200, "\(engine): \(end.rendered) rows rendered at the end")

                // To the middle: the rows there (their heights are measured as the window moves).
                _ = try await browser.execute("window.jwScroller.scrollTop = window.jwScroller.scrollHeight / 2;")
                let middle = try await settled(browser, engine, "the middle")
                let top = try #require(middle.visible.first)
                #expect((350...650).contains(top), "\(engine): half way down shows row \(top)")
                // Small steps up: the row at the top moves by what was scrolled, no more.
                for _ in 0..<6 {
                    let before = try await shown(browser)
                    _ = try await browser.execute("window.jwScroller.scrollTop -= 300;")
                    let after = try await settled(browser, engine, "a step up")
                    let from = try #require(before.visible.first), to = try #require(after.visible.first)
                    #expect(from - to >= 2 && from - to <= 12, "\(engine): 300 px up went from row \(from) to row \(to)")
                }

                // A reader's jump to a row far away.
                try await browser.click("button", labelled: "Go to 700")
                let jumped = await browser.wait(
                    for: """
                        const row = [...document.querySelectorAll('.jw-list-row')].find((r) => r.textContent.startsWith('Row 700'));
                        if (!row) return false;
                        const r = row.getBoundingClientRect();
                        return r.top >= -1 && r.bottom <= innerHeight + 1;
                        """)
                if !jumped { Issue.record("\(engine): row 700 was not brought into view: \(try await browser.string(Self.rowTop))") }

                // A search still filters (the window moves back inside the shorter list).
                try await browser.type("99", into: "input[type=search]")
                #expect(
                    await browser.wait(
                        for:
                            "return [...document.querySelectorAll('.jw-list-row')].map((r) => r.textContent).join(',').startsWith('Row 99,Row 199')"
                    ), "\(engine): the search did not filter the list")
                #expect(try await browser.string("return String(window.jetway.errors)") == "0", "\(engine): the page reported errors")
                if engine == .chromium { try await browser.screenshot("lazy-list-search") }
            }
        }
    }
}
