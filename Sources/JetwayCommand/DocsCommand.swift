import Foundation
import JetwayDevelopment

/// `jetway docs [--package <folder>]`: builds Jetway's documentation (the API reference of each
/// module and the guides, DocC) in Jetway's checkout for this app — `make docs` there — so that
/// `jetway dev` serves it at `/_jetway/docs/` (docs/development.md).
func buildDocumentation(_ arguments: [String]) -> Never {
    var package = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    switch arguments.count {
    case 0: break
    case 2 where arguments[0] == "--package": package = URL(fileURLWithPath: arguments[1])
    default: fail("usage: jetway docs [--package <folder>]")
    }
    guard FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path) else {
        fail("jetway docs: no Package.swift in \(package.path): run it in the app's package folder, or name it with --package")
    }
    guard let jetway = DocumentationCheckout.jetway(for: package) else {
        fail(
            "jetway docs: Jetway is not checked out for \(package.path) yet: run `swift build` (or `swift package resolve`) first")
    }
    print("jetway docs: make docs in \(jetway.path) (a few minutes)")
    let make = Process()
    make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    make.arguments = ["make", "-C", jetway.path, "docs"]
    do { try make.run() } catch { fail("jetway docs: could not run make (install it: apt-get install make): \(error)") }
    make.waitUntilExit()
    guard make.terminationStatus == 0 else { fail("jetway docs: make docs failed (its output is above)") }
    print("jetway docs: built in \(jetway.appendingPathComponent(".build/docs").path); `jetway dev` serves them at /_jetway/docs/")
    exit(0)
}
