import Foundation
import JetwayDevelopment

/// `jetway dev [--product <name>] [--ignore <folder>]…`: in an app's package folder, builds the
/// app, runs it in development mode and builds and restarts it on every save; open pages come
/// back by themselves, a failed build's errors and a trap's place show over them
/// (JetwayDevelopment.DevelopmentLoop; docs/development.md).
func developApp(_ arguments: [String]) -> Never {
    var options = DevelopmentLoop.Options(package: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    // The loop watches the package's targets; were SwiftPM unable to name them, the whole
    // package but the app's data folder, which changes as it runs.
    let package = options.package.standardizedFileURL.resolvingSymlinksInPath().path
    let data = URL(fileURLWithPath: ProcessInfo.processInfo.environment["JETWAY_DATA"] ?? "data", relativeTo: options.package)
        .standardizedFileURL.path
    options.ignoring = ["data"]
    if data.hasPrefix(package + "/") { options.ignoring.insert(String(data.dropFirst(package.count + 1))) }
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
