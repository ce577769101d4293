import Jetway
import JetwayAssets
import JetwayServer
import JetwayTesting
import MountainAirportViews

/// `make bench`: one line per figure, `bench: <name> <value> <unit>`. Timings are the median of
/// many runs in one process, so compare them as ratios within one run on a noisy machine.

@MainActor
func median(_ runs: Int, _ body: () -> Duration) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        let elapsed = body()
        samples.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
    }
    samples.sort()
    return samples[samples.count / 2]
}

func report(_ name: String, _ value: Double, _ unit: String) {
    let formatted = value >= 100 || value == value.rounded() ? String(Int(value.rounded())) : String(format: "%.1f", value)
    // Written straight away (not buffered): a bench that stalls shows how far it came.
    FileHandle.standardOutput.write(Data("bench: \(name) \(formatted) \(unit)\n".utf8))
}

@MainActor
func run() throws {
    let clock = ContinuousClock()
    let rows = Int(ProcessInfo.processInfo.environment["JETWAY_ROWS"] ?? "") ?? 1000
    let only = CommandLine.arguments.dropFirst().first
    if only == "server" || only == "store" { return }
    if only == "phases" {
        let model = BenchBoardModel(count: rows)
        let graph = ViewGraph(BenchBoard(model: model))
        graph.render()
        let field = graph.tree.root!.children[0].children[0]
        let t0 = clock.now
        try graph.dispatch(field.id, .input, .text("d"))
        let t1 = clock.now
        _ = model.visible(matching: "d")
        let t2 = clock.now
        _ = graph.update()
        let t3 = clock.now
        print("dispatch", t1 - t0, "visible", t2 - t1, "update", t3 - t2)
        return
    }
    if only == "kiosk" {
        let model = FlightBoardModel()
        let graphs = (0..<2000).map { _ in ViewGraph(GateKiosk(model: model, gate: "A1")) }
        for graph in graphs { graph.render() }
        let index = model.flights.firstIndex { $0.gate == "A1" }!
        for round in 0..<3 {
            try model.modify(model.flights[index].id) { $0.status = round % 2 == 0 ? .delayed : .onTime }
            model.store.deliverChanges()
            let elapsed = clock.measure {
                for graph in graphs {
                    let ops = graph.update()
                    _ = PatchEncoder.encode(version: graph.version, ops)
                }
            }
            print("kiosk update per session", elapsed / 2000)
        }
        return
    }
    if only == "page-html" {
        // Prints the first paint of the plain board (to look at its markup).
        let model = BenchBoardModel(count: rows)
        let usual = CommandLine.arguments.dropFirst(2).first == "usual"
        print(usual ? ViewGraph(UsualBenchBoard(model: model)).render().html : ViewGraph(BenchBoard(model: model)).render().html)
        return
    }
    if only == "render" {
        for _ in 0..<10 {
            let graph = ViewGraph(BenchBoard(model: BenchBoardModel(count: rows)))
            _ = graph.render().html
        }
        return
    }
    if only == "usual" {
        // Profiling entry point: the second letter of a search on the usual shape, many times.
        for _ in 0..<20 {
            let model = BenchBoardModel(count: rows)
            let graph = ViewGraph(UsualBenchBoard(model: model))
            graph.render()
            try type("d", into: graph)
            _ = graph.update()
            try type("de", into: graph)
            _ = graph.update()
        }
        return
    }
    if only == "usual-cycle" || only == "plain-cycle" {
        // Profiling entry point: the server bench's keystrokes (b, be, ber, clear) on one graph.
        let model = BenchBoardModel(count: rows)
        let graph = only == "usual-cycle" ? ViewGraph(UsualBenchBoard(model: model)) : ViewGraph(BenchBoard(model: model))
        graph.render()
        let cycles = Int(ProcessInfo.processInfo.environment["JETWAY_CYCLES"] ?? "") ?? 10
        for _ in 0..<cycles {
            let keys = ProcessInfo.processInfo.environment["JETWAY_KEYS"].map {
                $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
            for text in keys ?? ["b", "be", "ber", ""] {
                try type(text, into: graph)
                // Encoded as a server sends it, so that the profile holds the wire's share too.
                _ = PatchEncoder.encode(version: graph.version, graph.update())
            }
        }
        return
    }
    if only == "graph-memory" {
        // Profiling entry point: resident memory of 50 graphs of one board shape, typed or not.
        let model = BenchBoardModel(count: rows)
        let usual = CommandLine.arguments.dropFirst(2).first == "usual"
        let typed = ProcessInfo.processInfo.environment["JETWAY_KEYS"] ?? "d"
        var graphs: [ViewGraph] = []
        // JETWAY_ADOPT=1: each graph takes over one shared graph's page first, as a session
        // that diverges from a shared rendering does.
        let shared = usual ? ViewGraph(UsualBenchBoard(model: model)) : ViewGraph(BenchBoard(model: model))
        shared.render()
        let adopt = ProcessInfo.processInfo.environment["JETWAY_ADOPT"] != nil
        let before = ServerBench.residentKB()
        for _ in 0..<50 {
            let graph = usual ? ViewGraph(UsualBenchBoard(model: model)) : ViewGraph(BenchBoard(model: model))
            graph.render()
            if adopt && !graph.adoptPage(of: shared) { throw BenchFailure("the pages differ") }
            if !typed.isEmpty {
                try type(typed, into: graph)
                _ = graph.update()
                graph.releaseRetired()
            }
            graphs.append(graph)
        }
        print("kB per graph", Double(ServerBench.residentKB() - before) / 50)
        // JETWAY_SHOW=1: the first graph's page, its start; JETWAY_SHOW=all: all of it.
        if let show = ProcessInfo.processInfo.environment["JETWAY_SHOW"] {
            let html = graphs[0].tree.root!.html
            print(show == "all" ? html : String(html.prefix(2500)))
        }
        // JETWAY_KEEP=1: exit with the graphs alive, so a heap profiler's "leaked" cost is
        // what they hold at the end (its "peak" holds the last render's passing objects too).
        if ProcessInfo.processInfo.environment["JETWAY_KEEP"] != nil { exit(0) }
        return
    }
    if only == "filter" {
        // Profiling entry point: just the filter keystroke, many times.
        for _ in 0..<20 {
            let model = BenchBoardModel(count: rows)
            let graph = ViewGraph(BenchBoard(model: model))
            graph.render()
            let field = graph.tree.root!.children[0].children[0]
            try graph.dispatch(field.id, .input, .text("d"))
            _ = graph.update()
        }
        return
    }

    // Warm up type metadata, conformance caches and the allocator.
    for _ in 0..<5 { _ = ViewGraph(BenchBoard(model: BenchBoardModel(count: rows))).render().html }

    // First paint: evaluate 1,000 rows and write the page.
    var htmlBytes = 0
    var graphs: [ViewGraph] = []
    let render = median(41) {
        let model = BenchBoardModel(count: rows)
        var graph: ViewGraph?
        let elapsed = clock.measure {
            graph = ViewGraph(BenchBoard(model: model))
            htmlBytes = graph!.render().html.utf8.count
        }
        graphs.append(graph!)  // freed after the measurement, as a session would keep it
        return elapsed
    }
    graphs.removeAll()
    report("render_1000_rows_us", render, "us")
    report("html_bytes_1000_rows", Double(htmlBytes), "bytes")

    // One keystroke in the filter: the event, the re-render and the diff.
    var filterOps: [PatchOp] = []
    var visibleAfter = 0
    let filter = median(41) {
        let model = BenchBoardModel(count: rows)
        let graph = ViewGraph(BenchBoard(model: model))
        graph.render()
        let field = graph.tree.root!.children[0].children[0]
        return clock.measure {
            try! graph.dispatch(field.id, .input, .text("d"))
            filterOps = graph.update()
            visibleAfter = model.visible(matching: "d").count
        }
    }
    report("render_diff_filter_us", filter, "us")
    report("patch_bytes_filter", Double(PatchEncoder.encode(version: 1, filterOps).count), "bytes")
    report("rows_after_filter", Double(visibleAfter), "rows")

    // The same keystrokes on the usual shape (NavigationStack, .searchable, a plain row
    // struct): the second letter, once a search is under way, as a user types.
    var usualVisible = 0
    let usual = median(41) {
        let model = BenchBoardModel(count: rows)
        let graph = ViewGraph(UsualBenchBoard(model: model))
        graph.render()
        try! type("d", into: graph)
        _ = graph.update()
        return clock.measure {
            try! type("de", into: graph)
            _ = graph.update()
            usualVisible = model.visible(matching: "de").count
        }
    }
    guard usualVisible > 0, usualVisible < rows else { throw BenchFailure("the usual-shape filter kept \(usualVisible) rows") }
    report("render_diff_filter_usual_us", usual, "us")

    // Clearing the filter again: every removed row comes back.
    var clearOps: [PatchOp] = []
    let clear = median(21) {
        let model = BenchBoardModel(count: rows)
        let graph = ViewGraph(BenchBoard(model: model))
        graph.render()
        let field = graph.tree.root!.children[0].children[0]
        try! graph.dispatch(field.id, .input, .text("d"))
        _ = graph.update()
        return clock.measure {
            try! graph.dispatch(field.id, .input, .text(""))
            clearOps = graph.update()
        }
    }
    report("render_diff_clear_filter_us", clear, "us")
    report("patch_bytes_clear_filter", Double(PatchEncoder.encode(version: 2, clearOps).count), "bytes")

    // The usual-shape board (1,000 rows) with a sheet and a pushed screen: opening and closing
    // the sheet, pushing a row's screen and going back; each step's render, diff and bytes.
    for (name, steps) in [
        ("sheet_open", ["open"]), ("sheet_close", ["open", "close"]), ("push_screen", ["push"]), ("pop_screen", ["push", "pop"]),
    ] {
        var ops: [PatchOp] = []
        let time = median(21) {
            let model = BenchBoardModel(count: rows)
            let graph = ViewGraph(SheetBenchBoard(model: model))
            graph.render()
            for step in steps.dropLast() { try! sheetBenchStep(step, graph) }
            return clock.measure { ops = try! sheetBenchStep(steps.last!, graph) }
        }
        guard !ops.isEmpty else { throw BenchFailure("\(name) changed nothing") }
        report("\(name)_us", time, "us")
        report("patch_bytes_\(name)", Double(PatchEncoder.encode(version: 1, ops).count), "bytes")
    }

    // One flight's status changes: one row re-renders, one text changes.
    var textOps: [PatchOp] = []
    let text = median(41) {
        let model = BenchBoardModel(count: rows)
        let graph = ViewGraph(BenchBoard(model: model))
        graph.render()
        return clock.measure {
            model.flights[500].status = "Gate closed"
            textOps = graph.update()
        }
    }
    report("render_diff_one_row_us", text, "us")
    report("patch_bytes_text", Double(PatchEncoder.encode(version: 3, textOps).count), "bytes")

    // The diff alone on plain nodes: filter 1,000 keyed rows to every seventh.
    let diffOnly = median(41) {
        let old = Node("ul", children: (0..<rows).map { Node("li", key: UInt64($0), text: "row \($0)") })
        let new = Node("ul", children: (0..<rows).filter { $0 % 7 == 0 }.map { Node("li", key: UInt64($0), text: "row \($0)") })
        let tree = LiveTree()
        tree.mount(old)
        return clock.measure { _ = tree.update(to: new) }
    }
    report("diff_only_filter_1000_us", diffOnly, "us")

    // One client event decoded from the bytes the runtime sends (a toggle's change, a keystroke).
    let events = [
        ClientMessage.event(ref: 12345, id: "2s", event: "change", payload: .bool(true)).encoded,
        ClientMessage.event(ref: 12346, id: "2s", event: "input", payload: .text("denver airport")).encoded,
    ]
    var decoded = 0
    let decodeBatch = 10_000
    let decode = median(21) {
        clock.measure {
            for index in 0..<decodeBatch {
                if case .event = try? ClientMessage.decode(events[index & 1]) { decoded += 1 }
            }
        }
    }
    guard decoded == 21 * decodeBatch else { throw BenchFailure("the event decoder refused the runtime's bytes") }
    report("event_decode_ns", decode * 1000 / Double(decodeBatch), "ns")
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `value`, or a failure that says what was missing.
func required<T>(_ value: T?, _ what: String) throws -> T {
    guard let value else { throw BenchFailure("no \(what)") }
    return value
}

/// The gzipped size of the browser runtime as the server sends it (the bundled, minified file;
/// gzip -9). Exits with an error rather than report a size it could not measure.
func runtimeGzipBytes() -> Int {
    let path = NSTemporaryDirectory() + "jetway-bench-runtime.js"
    guard let runtime = BundledAssets.files["jetway-page.js"], FileManager.default.createFile(atPath: path, contents: Data(runtime)) else {
        print("bench: error the bundled runtime could not be written to \(path)")
        exit(1)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "gzip -9 -c '\(path)' | wc -c"]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else {
        print("bench: error gzip could not be run")
        exit(1)
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard let bytes = Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)), bytes > 20 else {
        print("bench: error gzip gave no size")
        exit(1)
    }
    return bytes
}

if CommandLine.arguments.dropFirst().first == "load-client" {
    LoadClient.run(port: Int(CommandLine.arguments[2]) ?? 0)
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "board-profile" {
    Task { @MainActor in
        let arguments = CommandLine.arguments
        await ServerBench.boardProfile(
            arguments.count > 2 ? Int(arguments[2]) ?? 1000 : 1000, arguments.count > 3 ? arguments[3] : "/bench/board")
        exit(0)
    }
    dispatchMain()
}
if CommandLine.arguments.dropFirst().first == "board-browser" {
    Task { @MainActor in
        await ServerBench.boardBrowser()
        exit(0)
    }
    dispatchMain()
}
// The reliability runs (docs/reliability.md): each exits non-zero when it fails.
let reliabilityRuns: [String: @MainActor () async -> Void] = [
    "faults": FaultBench.run, "load": LoadBench.run, "soak": SoakBench.run, "cluster": ClusterBench.run, "memory": MemoryBench.run,
    "hostile": HostileBench.run,
]
if let name = CommandLine.arguments.dropFirst().first, let reliabilityRun = reliabilityRuns[name] {
    Task { @MainActor in
        await reliabilityRun()
        exit(0)
    }
    dispatchMain()
}
if CommandLine.arguments.dropFirst().first == "board-server" {
    Task { @MainActor in
        let phases = CommandLine.arguments.count > 2 ? [CommandLine.arguments[2]] : ServerBench.boardPhases
        for phase in phases { await ServerBench.runBoard(phase: phase) }
        exit(0)
    }
    dispatchMain()
}
MainActor.assumeIsolated {
    do { try run() } catch { print("bench failed: \(error)") }
    if CommandLine.arguments.dropFirst().first != "store" { report("runtime_js_gzip_bytes", Double(runtimeGzipBytes()), "bytes") }
}
if CommandLine.arguments.dropFirst().first == "store" {
    Task { @MainActor in
        await StoreBench.run()
        exit(0)
    }
    dispatchMain()
}
if CommandLine.arguments.dropFirst().first == nil || CommandLine.arguments.dropFirst().first == "server" {
    Task { @MainActor in
        await ServerBench.run()
        if CommandLine.arguments.dropFirst().first == nil { await StoreBench.run() }
        exit(0)
    }
    dispatchMain()
}
