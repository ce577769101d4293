import Foundation
import JetwayDevelopment

/// `jetway dev [--product <name>] [--ignore <folder>]…`: in an app's package folder, builds the
/// app, runs it in development mode and builds and restarts it on every save; open pages come
/// back by themselves, a failed build's errors and a trap's place show over them
/// (JetwayDevelopment.DevelopmentLoop; docs/development.md).
func developApp(_ arguments: [String]) -> Never {
    var options = DevelopmentLoop.Options(package: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    // The app's data folder changes as it runs: not a source.
    let data = ProcessInfo.processInfo.environment["JETWAY_DATA"] ?? "data"
    options.ignoring = [data.hasPrefix("/") ? "data" : data]
    var index = 0
    while index < arguments.count {
        switch (arguments[index], index + 1 < arguments.count ? arguments[index + 1] : nil) {
        case ("--product", let name?): options.product = name
        case ("--ignore", let folder?): options.ignoring.insert(folder)
        case ("--package", let folder?): options.package = URL(fileURLWithPath: folder)
        default: fail("usage: jetway dev [--product <name>] [--ignore <folder>]… [--package <folder>]")
        }
        index += 2
    }
    do {
        try DevelopmentLoop(options).run()
    } catch {
        fail("jetway dev: \(error)")
    }
    exit(0)
}
