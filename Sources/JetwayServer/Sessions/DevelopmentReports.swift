import Foundation
import Jetway

/// In development under `jetway dev`: the development loop's report (a build under way, a failed
/// build's errors, where the app trapped), read from the file the loop writes
/// (`ServerConfiguration.developmentReport`) and sent to every open page, whose runtime shows it
/// over the page (features/development.js).
///
/// The file holds the message itself (`["dev",…]`, `DevelopmentReport`); it is read again when
/// its size or modification time changes, checked five times a second. A process started while
/// the report says the app trapped holds its pages: it sends them the report and mounts
/// nothing (mounting the page that trapped would trap again) until the next build replaces it.
@MainActor
final class DevelopmentReports {
    let path: String
    /// The report now, nil when there is none or it says the app runs.
    private(set) var showing: DevelopmentReport?
    /// Whether this process started after the app trapped (see above).
    let holdsPages: Bool
    private var stamp: (size: Int, modified: Date)?
    private var task: Task<Void, Never>?

    init(path: String) {
        self.path = path
        holdsPages = Self.read(path)?.holdsPages ?? false
        _ = changed()
    }

    /// Follows the file; `send` gets each new report (the "running" one included, which takes
    /// an overlay away).
    func follow(_ send: @escaping @MainActor (DevelopmentReport) -> Void) {
        self.send = send
        task?.cancel()
        task = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(200))
                guard let self else { return }
                self.poll()
            }
        }
    }
    private var send: (@MainActor (DevelopmentReport) -> Void)?

    /// Looks at the file now (the follower does five times a second).
    func poll() {
        if changed() { send?(showing ?? DevelopmentReport(state: .running)) }
    }

    func stop() { task?.cancel() }

    /// Reads the file again if it changed; whether the report did.
    private func changed() -> Bool {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let now = attributes.map { (($0[.size] as? Int) ?? 0, ($0[.modificationDate] as? Date) ?? .distantPast) }
        if now?.0 == stamp?.size && now?.1 == stamp?.modified { return false }
        stamp = now
        let report = Self.read(path).flatMap { $0.state == .running ? nil : $0 }
        if report == showing { return false }
        showing = report
        return true
    }

    /// The report in the file; nil when there is none, or it is not one (said in the log).
    static func read(_ path: String) -> DevelopmentReport? {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return nil }
        guard case .message(.development(let report))? = try? ServerFrame(decoding: String(decoding: data, as: UTF8.self)) else {
            Log.warn("development_report_unreadable", ["path": path])
            return nil
        }
        return report
    }
}

extension HTTPResponse {
    /// What a page's address answers while the app is held after a trap: the report, and a
    /// page that asks again every second (the next build's process answers with the page).
    static func heldForDevelopment(_ report: DevelopmentReport?) -> HTTPResponse {
        let summary = report?.summary ?? "The app stopped"
        let problems = (report?.problems ?? []).map { problem in
            (problem.file.isEmpty ? "<li>" : "<li><code>\(escape(problem.file)):\(problem.line):\(problem.column)</code> ")
                + escape(problem.message)
                + (problem.excerpt.isEmpty ? "" : "<pre>\(escape(problem.excerpt))</pre>") + "</li>"
        }.joined()
        return simplePage(
            503, title: summary,
            bodyHTML: "<ul>\(problems)</ul><p>Fix it and save: <code>jetway dev</code> builds it again and this page comes back.</p>",
            retryAfter: 1)
    }
}
