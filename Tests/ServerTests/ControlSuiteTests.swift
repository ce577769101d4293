import Foundation
import Jetway
import JetwayBrowser
import MountainAirportViews
import Testing

@testable import JetwayServer

extension EndToEnd {
    /// Every built-in control clicked or typed into in the three browser engines, through the real
    /// page, runtime and websocket: after each action the server's model has the value (with the
    /// right type: a Toggle sends a boolean, a Slider its value, a Picker an option index), the page shows
    /// it, and the server never answered an `err` frame. Controls that later issues add join
    /// `ControlsGallery` and this suite.
    @Suite
    @MainActor
    struct ControlSuiteTests {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func everyControlWorksInChromium() async throws {
            try await driveEveryControl(.chromium)
        }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func everyControlWorksInFirefox() async throws {
            try await driveEveryControl(.firefox)
        }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func everyControlWorksInWebKit() async throws {
            try await driveEveryControl(.webkit)
        }

        static let connected = "return document.documentElement.classList.contains('jw-connected')"
        static let noErrors = "return window.jetway.errors === 0 ? true : window.jetway.lastError"

        /// Waits until `condition` holds on the main actor, where the server's models live.
        func eventually(_ what: String, _ engine: BrowserEngine, timeout: TimeInterval = 10, _ condition: () -> Bool) async -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if condition() { return true }
                try? await Task.sleep(for: .milliseconds(20))
            }
            Issue.record("\(engine): the server never saw \(what)")
            return false
        }

        func noErrorFrames(_ browser: any Browser, after step: String) async throws {
            let result = try await browser.execute(Self.noErrors)
            #expect(result as? Bool == true, "\(browser.engine): after \(step) the server refused an event: \(result ?? "nothing")")
        }

        func driveEveryControl(_ engine: BrowserEngine) async throws {
            let model = ControlsModel()
            let flights = FlightBoardModel()
            let server = try TestServer(app: model.app(flights: flights))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/controls")
                #expect(await browser.wait(for: Self.connected), "\(engine): the page never connected")
                try await browser.screenshot("controls-\(engine)")

                // Button
                try await browser.click("button", labelled: "Tap me")
                _ = await eventually("the tap", engine) { model.taps == 1 }
                #expect(await browser.wait(for: "return document.body.textContent.includes('Taps: 1')"), "\(engine)")
                try await noErrorFrames(browser, after: "Button")

                // TextField, SecureField, .searchable
                try await browser.type("Ada", into: "input[aria-label='Name']")
                _ = await eventually("the name", engine) { model.name == "Ada" }
                #expect(await browser.wait(for: "return document.body.textContent.includes('Hello, Ada')"), "\(engine)")
                try await browser.press(Key.enter, in: "input[aria-label='Name']")
                _ = await eventually("the submit", engine) { model.submissions == 1 }
                #expect(await browser.wait(for: "return document.body.textContent.includes('Submitted: 1')"), "\(engine)")
                try await browser.type("s3cret!", into: "input[type=password]")
                _ = await eventually("the password", engine) { model.password == "s3cret!" }
                // A vertical text field is a text area: two lines typed arrive as typed.
                try await browser.type("Window seat" + Key.enter + "please", into: "textarea[aria-label='Notes']")
                if !(await eventually("the notes", engine) { model.notes == "Window seat\nplease" }) {
                    Issue.record("\(engine): the notes arrived as \(model.notes.debugDescription)")
                }
                #expect(
                    try await browser.string(
                        "const f = document.querySelector(\"input[aria-label='Email']\"); return f.type + ' ' + f.inputMode + ' ' + f.autocomplete"
                    )
                        == "email email email", "\(engine): the email field's hints")
                try await browser.type("gate", into: "input[type=search]")
                _ = await eventually("the search text", engine) { model.search == "gate" }
                // A suggestion completes the search; Enter in the search field submits it, and
                // only the search's onSubmit hears it.
                try await browser.click("[role=listbox] button", labelled: "Search for gates")
                _ = await eventually("the suggestion's completion", engine) { model.search == "gates" }
                #expect(await browser.wait(for: "return document.querySelector('input[type=search]').value === 'gates'"), "\(engine)")
                #expect(
                    await browser.wait(for: "return !document.querySelector('.jw-search-suggestions')"), "\(engine): suggestions stayed")
                try await browser.press(Key.enter, in: "input[type=search]")
                _ = await eventually("the search's submit", engine) { model.searchesSubmitted == 1 && model.submissions == 1 }
                try await browser.screenshot("controls-\(engine)-top")
                try await noErrorFrames(browser, after: "text fields")

                // @FocusState: the app moves the focus, and hears where the user puts it.
                try await browser.click("button", labelled: "Next field")
                #expect(
                    await browser.wait(
                        for: "return document.activeElement && document.activeElement.getAttribute('aria-label') === 'Family name'"),
                    "\(engine): the app's focus request did not focus the field")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Focus: family')"), "\(engine)")
                try await browser.press(Key.enter, in: "input[aria-label='Family name']")
                #expect(
                    await browser.wait(
                        for:
                            "return document.body.textContent.includes('Focus: none') && document.activeElement.getAttribute('aria-label') !== 'Family name'"
                    ),
                    "\(engine): focus = nil did not take the focus away")
                // The user's own focus is heard as focus and blur events, which a browser need not
                // fire in a window without the system's focus: headless Firefox does not
                // (`document.hasFocus()` is false there). Unheard there, it says so; unheard in a
                // focused window, it fails.
                try await browser.click("input[aria-label='Given name']")
                if await browser.wait(for: "return document.body.textContent.includes('Focus: given')") {
                    try await browser.press(Key.enter, in: "input[aria-label='Given name']")
                    #expect(
                        await browser.wait(for: "return document.activeElement.getAttribute('aria-label') === 'Family name'"),
                        "\(engine): onSubmit's focus = .family")
                } else if try await browser.execute("return document.hasFocus()") as? Bool == false {
                    print(
                        "note: \(engine): no focus events in a window without focus; the user's own focus is checked in the other engines")
                } else {
                    Issue.record("\(engine): the user's focus was not heard")
                }
                // An app's ButtonStyle, a .button toggle, a formatted field and a text editor.
                try await browser.click("button.jw-styled")
                _ = await eventually("the styled button's tap", engine) { model.styledTaps == 1 }
                try await browser.click("button[aria-pressed]")
                _ = await eventually("the pressed toggle", engine) { model.starred }
                #expect(
                    await browser.wait(
                        for: "return document.querySelector('button[aria-pressed]').getAttribute('aria-pressed') === 'true'"), "\(engine)")
                _ = try await browser.execute("document.querySelector(\"input[aria-label='Fare']\").value = ''; return true")
                // A formatted field takes its text when committed (Return), as SwiftUI's.
                try await browser.type("14.25" + Key.enter, into: "input[aria-label='Fare']")
                _ = await eventually("the fare", engine) { model.fare == 14.25 }
                #expect(await browser.wait(for: "return document.body.textContent.includes('Fare: 14.25')"), "\(engine)")
                try await browser.type("Aisle" + Key.enter + "please", into: "textarea.jw-text-editor")
                _ = await eventually("the essay", engine) { model.essay == "Aisle\nplease" }
                // AsyncImage: the browser's load decides the phase shown.
                #expect(
                    await browser.wait(
                        for:
                            "const a = document.querySelectorAll('.jw-async-image'); return a.length === 2 && a[0].getAttribute('data-jw-phase') === 'success' && a[1].getAttribute('data-jw-phase') === 'failure'"
                    ), "\(engine): the images' phases")
                #expect(
                    await browser.wait(
                        for:
                            "const a = document.querySelectorAll('.jw-async-image'); return a[1].innerText.includes('Picture failed') && !a[0].innerText.includes('Logo failed')"
                    ), "\(engine): each image shows its phase's content")
                try await browser.screenshot("controls-\(engine)-focus-styles")
                try await noErrorFrames(browser, after: "focus and styles")

                // ViewThatFits, truncation in the middle, ShareLink, ColorPicker, Gauge.
                #expect(
                    await browser.wait(
                        for:
                            "const f = document.querySelectorAll('.jw-fits'); return f.length === 2 && f[0].getAttribute('data-jw-fitted') === '1' && f[0].children[0].hidden && !f[0].children[1].hidden && f[1].getAttribute('data-jw-fitted') === '0'"
                    ), "\(engine): ViewThatFits chose the candidate that fits")
                let cut = try await browser.string(
                    "const t = document.querySelector('[data-jw-truncate]'); return t.textContent + '|' + t.getAttribute('aria-label') + '|' + (t.scrollWidth <= t.clientWidth + 1)"
                )
                let parts = cut.split(separator: "|").map(String.init)
                #expect(
                    parts.count == 3 && parts[0].hasPrefix("/Us") && parts[0].hasSuffix(".pdf") && parts[0].contains("…")
                        && parts[1] == "/Users/gate/Documents/boarding-pass-US1204.pdf" && parts[2] == "true",
                    "\(engine): the middle of the line is cut to fit: \(cut)")
                _ = try await browser.execute(
                    "navigator.share = (data) => { window.jwShared = JSON.stringify(data); return Promise.resolve(); }; navigator.canShare = () => true; return true"
                )
                try await browser.click("button[data-jw-share-url]")
                #expect(
                    await browser.wait(
                        for:
                            "return window.jwShared === JSON.stringify({url: 'https://mountain.example/flights/US1204', title: 'US 1204'})"
                    ), "\(engine): the share sheet got the link")
                _ = try await browser.execute(
                    "navigator.share = undefined; Object.defineProperty(navigator, 'clipboard', {configurable: true, value: {writeText: (t) => { window.jwCopied = t; return Promise.resolve(); }}}); return true"
                )
                try await browser.click("button[data-jw-share-url]")
                #expect(
                    await browser.wait(
                        for:
                            "return window.jwCopied === 'https://mountain.example/flights/US1204' && document.querySelector('button[data-jw-share-url]').getAttribute('data-jw-copied') === 'Copied'"
                    ), "\(engine): without a share sheet the link is copied")
                _ = try await browser.execute(
                    "const c = document.querySelector('input[type=color]'); c.value = '#ff8000'; c.dispatchEvent(new Event('change', {bubbles: true})); return true"
                )
                _ = await eventually("the colour", engine) { model.highlight == Color(red: 1, green: 128.0 / 255, blue: 0) }
                #expect(await browser.wait(for: "return document.querySelector('meter').value === 0.35"), "\(engine): the gauge's meter")
                _ = try await browser.execute("document.querySelector('.jw-fits').scrollIntoView(); return true")
                try await browser.screenshot("controls-\(engine)-fitting-sharing")
                try await noErrorFrames(browser, after: "fitting and sharing")

                // GeometryReader: the browser reports the size it laid out (a [width, height] payload).
                let geometry = """
                    const el = document.querySelector('[data-on~="resize"]');
                    const text = el && el.textContent;
                    return !!text && text !== 'Panel width: 390' && text === 'Panel width: ' + Math.round(el.getBoundingClientRect().width)
                    """
                if !(await browser.wait(for: geometry)) {
                    let seen = try await browser.string(
                        "const el = document.querySelector('[data-on~=\"resize\"]'); return el ? el.outerHTML + ' ' + el.getBoundingClientRect().width : 'none'"
                    )
                    Issue.record("\(engine): the server never heard the GeometryReader's size: \(seen)")
                }

                // Toggle: a boolean on the wire.
                try await browser.click("input[type=checkbox][role=switch]")
                _ = await eventually("the toggle on", engine) { model.notifications }
                #expect(await browser.wait(for: "return document.body.textContent.includes('Notifications on')"), "\(engine)")
                try await browser.click("input[type=checkbox][role=switch]")
                _ = await eventually("the toggle off", engine) { !model.notifications }
                #expect(
                    await browser.wait(
                        for:
                            "return document.body.textContent.includes('Notifications off') && !document.querySelector('input[role=switch]').checked"
                    ),
                    "\(engine): the switch does not show off")
                try await noErrorFrames(browser, after: "Toggle")

                // Stepper
                try await browser.click("button", labelled: "Increment")
                try await browser.click("button", labelled: "Increment")
                _ = await eventually("two increments", engine) { model.bags == 2 }
                try await browser.click("button", labelled: "Decrement")
                _ = await eventually("a decrement", engine) { model.bags == 1 }
                #expect(await browser.wait(for: "return document.body.textContent.includes('Bags: 1')"), "\(engine)")
                try await noErrorFrames(browser, after: "Stepper")

                // Slider: the arrow key moves it one step.
                try await browser.press(Key.arrowRight, in: "input[type=range]")
                _ = await eventually("the slider moved", engine) { model.volume == 6 }
                #expect(await browser.wait(for: "return document.body.textContent.includes('Volume: 6')"), "\(engine)")
                try await noErrorFrames(browser, after: "Slider")

                // Picker, each style.
                try await choose("Aisle", in: "select[aria-label='Seat']", browser)
                _ = await eventually("the menu picker's choice", engine) { model.seat == "Aisle" }
                try await browser.click("[role=radiogroup] button", labelled: "Fish")
                _ = await eventually("the segmented picker's choice", engine) { model.meal == "Fish" }
                #expect(await browser.wait(for: "return document.querySelector('[role=radio][aria-checked=true]').textContent === 'Fish'"))
                // Wheel: two steps down by keyboard, then a spin of one row settles on the next.
                try await browser.press(Key.arrowDown, in: "[role=listbox][aria-label='Cabin']")
                try await browser.press(Key.arrowDown, in: "[role=listbox][aria-label='Cabin']")
                _ = await eventually("the wheel picker's choice by keyboard", engine) { model.cabin == "Business" }
                // The spin below is a script's, not a hand's: unlike a real wheel or touch it does
                // not cancel a smooth centring still under way (Firefox finishes that one over it),
                // so it waits until the wheel is at rest.
                #expect(
                    await browser.wait(for: Self.wheelAtRest("Cabin", on: "Business")), "\(engine): the wheel did not centre Business")
                _ = try await browser.execute(
                    "const w = document.querySelector(\"[role=listbox][aria-label='Cabin']\"); w.scrollTop += w.querySelector('[role=option]').offsetHeight; return true"
                )
                _ = await eventually("the wheel picker's choice by a spin", engine) { model.cabin == "First" }
                if !(await browser.wait(for: Self.wheelCentred("Cabin", on: "First"))) {
                    let state = try await browser.string(
                        "const w = document.querySelector(\"[role=listbox][aria-label='Cabin']\"); return JSON.stringify({top: w.scrollTop, goal: w.jwGoal, chosen: w.querySelector('[aria-selected=true]').textContent, row: w.querySelector('[role=option]').offsetHeight, height: w.clientHeight})"
                    )
                    Issue.record("\(engine): the spun wheel did not settle on First: \(state)")
                }
                try await browser.click("[role=radiogroup] button", labelled: "South")
                _ = await eventually("the inline picker's choice", engine) { model.lounge == "South" }
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('Choices: Aisle, Fish, First, South')"),
                    "\(engine)")
                // The two-wheel duration picker: 1 -> 4, days -> weeks, keys only; the wheels'
                // labels are hidden but still name them.
                for _ in 0..<3 { try await browser.press(Key.arrowDown, in: "[role=listbox][aria-label='Remind every']") }
                try await browser.press(Key.arrowDown, in: "[role=listbox][aria-label='Unit']")
                _ = await eventually("the duration picker", engine) { model.durationValue == 4 && model.durationUnit == "weeks" }
                #expect(await browser.wait(for: "return document.body.textContent.includes('Every 4 weeks')"), "\(engine)")
                #expect(
                    try await browser.execute("return !document.querySelector('.jw-hstack .jw-picker-label')") as? Bool == true,
                    "\(engine): labelsHidden showed the wheels' captions")
                _ = try await browser.execute(
                    "document.querySelector('.jw-hstack .jw-wheel').scrollIntoView({block: 'center'}); return true")
                try await browser.screenshot("controls-\(engine)-pickers")
                try await noErrorFrames(browser, after: "Pickers")

                // DatePicker: the browser's date-and-time and time inputs, in Denver's time.
                #expect(
                    try await browser.string("return document.querySelector(\"input[aria-label='Departure']\").value")
                        == "2026-12-01T10:00", "\(engine): the date input does not show Denver's time")
                for (label, value) in [("Departure", "2026-12-24T18:45"), ("Remind me at", "07:30")] {
                    _ = try await browser.execute(
                        "const el = document.querySelector(\"input[aria-label='\(label)']\"); el.value = \(jsLiteral(value)); el.dispatchEvent(new Event('change', {bubbles: true})); return true"
                    )
                }
                _ = await eventually("the dates", engine) {
                    ControlsModel.stamp(model.departure) == "2026-12-24 18:45" && ControlsModel.stamp(model.reminder) == "2026-12-01 07:30"
                }
                #expect(
                    await browser.wait(
                        for: "return document.body.textContent.includes('Departs 2026-12-24 18:45, reminder 2026-12-01 07:30')"),
                    "\(engine)")
                try await noErrorFrames(browser, after: "DatePicker")
                try await browser.screenshot("controls-\(engine)-filled")

                // Sheet: a modal dialog opened by a button (the page behind inert, focus inside),
                // dismissed by Escape, by dismiss() and by a click on the backdrop, each time
                // writing the binding back, calling onDismiss once and giving focus back.
                for (way, index) in [("Escape", 1), ("Done", 2), ("backdrop", 3)] {
                    try await browser.click("button", labelled: "Show boarding pass")
                    _ = await eventually("the sheet open", engine) { model.showingSheet }
                    let modal = await browser.wait(for: "return !!document.querySelector('dialog[open]:modal')")
                    let state = try await browser.string(
                        "const d = document.querySelector('dialog'); return JSON.stringify({d: !!d, open: d && d.open, err: window.jetway.lastError, html: d && d.outerHTML.slice(0, 120)})"
                    )
                    #expect(modal, "\(engine): no modal sheet: \(state)")
                    #expect(
                        await browser.wait(for: "return !!document.activeElement && !!document.activeElement.closest('dialog[open]')"),
                        "\(engine): focus did not move into the sheet")
                    let behind = try await browser.string(
                        """
                        const b = Array.from(document.querySelectorAll('button')).find(x => x.textContent === 'Show boarding pass');
                        const r = b.getBoundingClientRect();
                        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                        return hit === b || b.contains(hit) ? 'reachable' : 'covered'
                        """)
                    #expect(behind == "covered", "\(engine): the page behind the sheet can be clicked")
                    #expect(
                        try await browser.execute(
                            "return Array.from(document.querySelectorAll('dialog[open] button')).some(b => b.textContent === 'Close' || b.getAttribute('aria-label') === 'Close')"
                        ) as? Bool == false,
                        "\(engine): the sheet added a Close button the app did not write")
                    if index == 1 { try await browser.screenshot("controls-\(engine)-sheet") }
                    switch way {
                    case "Escape": try await browser.press(Key.escape, in: "dialog[open] button")
                    case "Done": try await browser.click("dialog[open] button", labelled: "Done")
                    default: try await browser.click(x: 5, y: 5)
                    }
                    _ = await eventually("the sheet dismissed by \(way)", engine) { !model.showingSheet && model.sheetDismissals == index }
                    #expect(
                        await browser.wait(for: "return !document.querySelector('dialog')"),
                        "\(engine): sheet still open after \(way)")
                    #expect(
                        await browser.wait(
                            for: "return !!document.activeElement && document.activeElement.textContent === 'Show boarding pass'"),
                        "\(engine): focus did not return to the button after \(way)")
                }
                try await noErrorFrames(browser, after: "sheet dismissal")

                // DisclosureGroup: the user's toggle reaches the binding; Menu: an item acts and
                // the menu closes.
                try await browser.click("summary", labelled: "Baggage rules")
                _ = await eventually("the disclosure group opened", engine) { model.rulesShown }
                #expect(await browser.wait(for: "return document.querySelector('details.jw-disclosure').open"), "\(engine)")
                try await browser.click("summary", labelled: "Sort")
                #expect(
                    await browser.wait(for: "return document.querySelector('details.jw-menu').open"), "\(engine): the menu did not open")
                try await browser.click(".jw-menu-items button", labelled: "By gate")
                _ = await eventually("the menu's item", engine) { model.sort == "gate" }
                #expect(
                    await browser.wait(for: "return !document.querySelector('details.jw-menu').open"), "\(engine): the menu stayed open")

                // Row actions (reached by Tab: the row opens): Delete removes its row, a swipe
                // action acts; a right click opens a context menu.
                try await browser.clickRowAction(labelled: "Delete Gate B12")
                _ = await eventually("the row deleted", engine) { model.gates == ["A1", "C3"] }
                #expect(await browser.wait(for: "return !document.body.textContent.includes('Gate B12')"), "\(engine)")
                try await browser.clickRowAction(labelled: "Pin C3")
                _ = await eventually("the swipe action", engine) { model.pinned == "C3" }
                _ = try await browser.execute(
                    "const el = document.querySelector('.jw-has-context-menu > span'); el.dispatchEvent(new MouseEvent('contextmenu', {bubbles: true, cancelable: true})); return true"
                )
                #expect(
                    await browser.wait(for: "return document.querySelector('details.jw-context-menu').open"), "\(engine): no context menu")
                try await browser.click(".jw-context-menu button", labelled: "Unpin")
                _ = await eventually("the context menu's item", engine) { model.pinned == "none" }

                // List rows: a hidden separator draws nothing, a tinted one its colour.
                let separators = try await browser.string(
                    """
                    const rows = Array.from(document.querySelectorAll('.jw-list-row')).filter(r => r.textContent.startsWith('Row with'));
                    const without = Array.from(document.querySelectorAll('.jw-list-row')).find(r => r.textContent === 'Row without a line');
                    const color = (el) => getComputedStyle(el).borderBottomColor;
                    return [color(rows[0]), color(without), color(rows[1])].join('|')
                    """)
                let colors = separators.split(separator: "|").map(String.init)
                #expect(
                    colors.count == 3 && colors[0] != colors[1] && colors[1].contains("0, 0, 0, 0") && colors[2] != colors[0],
                    "\(engine): separators \(colors)")

                // Toolbar: its button acts (taps back to 0, then the suite's own tap again).
                #expect(
                    try await browser.execute("return !!document.querySelector('[role=toolbar] button')") as? Bool == true,
                    "\(engine): no toolbar")
                try await browser.click("[role=toolbar] button", labelled: "Reset taps")
                _ = await eventually("the toolbar button", engine) { model.taps == 0 }
                try await browser.click("button", labelled: "Tap me")
                _ = await eventually("tapped again", engine) { model.taps == 1 }

                // Alert: a modal alertdialog; a button acts, then dismisses it; Escape dismisses
                // without acting.
                try await browser.click("button", labelled: "Cancel the trip")
                #expect(
                    await browser.wait(for: "return !!document.querySelector('dialog[role=alertdialog]:modal')"),
                    "\(engine): no modal alert")
                #expect(
                    try await browser.string("return document.querySelector('dialog[role=alertdialog]').getAttribute('aria-label')")
                        == "Cancel the trip?")
                if engine == .chromium { try await browser.screenshot("controls-\(engine)-alert") }
                try await browser.click("dialog[open] button", labelled: "Cancel trip")
                _ = await eventually("the alert acted and closed", engine) { model.cancelled == 1 && !model.askingToCancel }
                #expect(await browser.wait(for: "return !document.querySelector('dialog')"), "\(engine): alert still open")
                try await browser.click("button", labelled: "Cancel the trip")
                #expect(await browser.wait(for: "return !!document.querySelector('dialog[role=alertdialog]:modal')"))
                try await browser.press(Key.escape, in: "dialog[open] button")
                _ = await eventually("the alert dismissed by Escape", engine) { !model.askingToCancel }
                #expect(model.cancelled == 1, "\(engine): Escape acted")
                #expect(await browser.wait(for: "return !document.querySelector('dialog')"), "\(engine): alert still open after Escape")
                try await noErrorFrames(browser, after: "alert")

                // NavigationLink: a real link; the pushed screen has a URL, and the browser's
                // Back and Forward, the in-page Back and a reload of the deep URL all agree.
                #expect(try await browser.string("return document.querySelector('.jw-navlink').tagName") == "A")
                try await browser.click(".jw-navlink", labelled: "Boarding details")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Boarding starts at gate B12')"), "\(engine)")
                #expect(await browser.wait(for: "return location.search.startsWith('?nav=')"), "\(engine): no URL for the pushed screen")
                #expect(await browser.wait(for: "return document.title.startsWith('Boarding – ')"), "\(engine): the title did not follow")
                let deep = try await browser.string("return location.href")
                _ = try await browser.execute("history.back(); return true")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Taps: 1')"), "\(engine): Back did not pop")
                #expect(await browser.wait(for: "return location.search === ''"), "\(engine)")
                _ = try await browser.execute("history.forward(); return true")
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('Boarding starts at gate B12')"),
                    "\(engine): Forward did not push")
                try await browser.click("a", labelled: "Back")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Taps: 1')"), "\(engine)")
                #expect(await browser.wait(for: "return location.search === ''"), "\(engine): the in-page Back left the URL")
                // The deep URL, loaded afresh, is the pushed screen, rendered on the server.
                try await browser.navigate(deep)
                #expect(await browser.wait(for: Self.connected), "\(engine)")
                #expect(
                    try await browser.execute("return document.body.textContent.includes('Boarding starts at gate B12')") as? Bool == true,
                    "\(engine): the copied URL did not open the screen")
                try await browser.click("a", labelled: "Back")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Show boarding pass')"), "\(engine)")
                try await noErrorFrames(browser, after: "NavigationLink")

                // MountainAirport's "Show arrivals" toggle filters the board.
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: Self.connected), "\(engine)")
                let departures = flights.flights.filter { $0.direction == .departure }.count
                #expect(departures < flights.flights.count)
                try await browser.click("input[type=checkbox][role=switch]")
                #expect(
                    await browser.wait(for: "return \(EndToEnd.boardCount) === '\(departures) flights'"),
                    "\(engine): Show arrivals did not filter")
                #expect(
                    await browser.wait(for: "return !document.querySelector('input[role=switch]').checked"),
                    "\(engine): the switch does not show off")
                // …and its search filters what is left.
                let denver = flights.flights.filter { $0.direction == .departure && $0.otherAirport == "Denver" }.count
                try await browser.type("denver", into: "input[type=search]")
                #expect(
                    await browser.wait(for: "return \(EndToEnd.boardCount) === '\(denver) flights'"),
                    "\(engine): the search did not filter")
                #expect(
                    try await browser.execute("return document.querySelector('input[role=switch]').checked") as? Bool == false,
                    "\(engine): the switch turned back on while typing")
                // Headless Firefox can hand back a frame painted before the last change: let it paint.
                try await Task.sleep(for: .milliseconds(500))
                try await browser.screenshot("board-\(engine)")
                try await noErrorFrames(browser, after: "Show arrivals")
            }
        }

        /// Whether the wheel picker labelled `label` shows `option` chosen and in its middle.
        /// `wheelCentred`, with no centring of the runtime's in flight and the same scroll position
        /// as at the previous poll (a smooth scroll moves every frame; polls are 50 ms apart).
        static func wheelAtRest(_ label: String, on option: String) -> String {
            """
            const w = document.querySelector('[role=listbox][aria-label=' + JSON.stringify(\(jsLiteral(label))) + ']');
            if (!w) return false;
            const still = w.jwLastPoll === w.scrollTop;
            w.jwLastPoll = w.scrollTop;
            if (!still || w.jwGoal != null || w.jwSpinning > Date.now()) return false;
            return (() => { \(wheelCentred(label, on: option)) })()
            """
        }

        static func wheelCentred(_ label: String, on option: String) -> String {
            """
            const w = document.querySelector('[role=listbox][aria-label=' + JSON.stringify(\(jsLiteral(label))) + ']');
            const item = w && w.querySelector('[aria-selected=true]');
            if (!item || item.textContent !== \(jsLiteral(option))) return false;
            const box = w.getBoundingClientRect(), mine = item.getBoundingClientRect();
            return Math.abs((mine.top + mine.height / 2) - (box.top + box.height / 2)) < 3
            """
        }

        /// Chooses an option of a `<select>` the way a keyboard user does: focus it, then arrow
        /// down to the option (a native drop-down menu cannot be clicked in a headless engine).
        func choose(_ option: String, in select: String, _ browser: any Browser) async throws {
            let steps = try await browser.execute(
                """
                const el = document.querySelector(\(jsLiteral(select)));
                const target = Array.from(el.options).findIndex((o) => o.textContent === \(jsLiteral(option)));
                return target - el.selectedIndex
                """)
            guard let count = steps as? Int, count > 0 else {
                throw BrowserFailure(description: "\(browser.engine): \(option) is not below the current choice of \(select)")
            }
            for _ in 0..<count { try await browser.press(Key.arrowDown, in: select) }
        }
    }
}
