import Foundation
import JetwayTemplate

/// `jetway new <Name> [--jetway <address>] [--from <version>] [--into <folder>]`: writes a new
/// app's package (JetwayTemplate.NewApp) into `<folder>` (`./<Name>` by default). Jetway's
/// address is by default the checkout this command was built from, and the release the newest
/// its CHANGELOG.md names.
func newApp(_ arguments: [String]) -> Never {
    var name: String?
    var options: [String: String] = [:]
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        if ["--jetway", "--from", "--into"].contains(argument), index + 1 < arguments.count {
            options[argument] = arguments[index + 1]
            index += 2
        } else if name == nil, !argument.hasPrefix("-") {
            name = argument
            index += 1
        } else {
            fail("jetway new: what is “\(argument)”? usage: jetway new <Name> [--jetway <address>] [--from <version>] [--into <folder>]")
        }
    }
    guard let name else { fail("usage: jetway new <Name> [--jetway <address>] [--from <version>] [--into <folder>]") }
    let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    let address = options["--jetway"] ?? "file://" + checkout.path
    guard let version = options["--from"] ?? newestRelease(in: checkout) else {
        fail("jetway new: no release named in \(checkout.path)/CHANGELOG.md: say which with --from 0.1.0")
    }
    let folder = URL(fileURLWithPath: options["--into"] ?? name)
    do {
        let app = try NewApp(name: name, jetway: address, from: version)
        try app.write(into: folder)
        print("jetway new: \(name) in \(folder.path), on Jetway \(version) from \(address)")
        print("next: cd \(folder.path)")
        print("      swift run jetway dev   (serves it on http://127.0.0.1:8080, rebuilt on every save)")
        print("      swift run              (serves it)")
        print("      swift test             (runs its tests: ViewHost, and Chromium when installed)")
        exit(0)
    } catch {
        fail("jetway new: \(error)")
    }
}

/// The first `## x.y.z` heading of the checkout's CHANGELOG.md.
private func newestRelease(in checkout: URL) -> String? {
    guard let text = try? String(contentsOf: checkout.appendingPathComponent("CHANGELOG.md"), encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("## ") {
        let version = line.dropFirst(3).split(separator: " ").first.map(String.init) ?? ""
        if version.split(separator: ".").count == 3 { return version }
    }
    return nil
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}
