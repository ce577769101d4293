import Foundation
import JetwayPort

// `jetway`: the command line that comes with Jetway.
//
//   swift run jetway new <Name> [--jetway <address>] [--from <version>] [--into <folder>]
//   swift run jetway dev [--product <name>] [--ignore <folder>]… [--package <folder>]
//   swift run jetway docs [--package <folder>]
//   swift run jetway port <folder> [--dry-run]
//
// `new` writes a new app's package (NewCommand.swift).
//
// `dev` builds and runs an app, and builds and restarts it on every save (DevCommand.swift).
//
// `docs` builds Jetway's documentation in its checkout, for `dev` to serve (DocsCommand.swift).
//
// `port` rewrites a SwiftUI project's Swift files in place so they build against Jetway
// (PortRewrite: the imports), writes the names Xcode generates for its asset catalogs
// (AssetSymbols) and for its Core Data models' entities (DataModelClasses), and prints what it
// changed and what needs a hand.

func usage() -> Never {
    FileHandle.standardError.write(
        Data(
            "usage: jetway new <Name> [--jetway <address>] [--from <version>] [--into <folder>]\n       jetway dev [--product <name>] [--ignore <folder>]… [--package <folder>]\n       jetway docs [--package <folder>]\n       jetway port <folder> [--dry-run]\n"
                .utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "new" { newApp(Array(arguments.dropFirst())) }
if arguments.first == "dev" { developApp(Array(arguments.dropFirst())) }
if arguments.first == "docs" { buildDocumentation(Array(arguments.dropFirst())) }
guard arguments.first == "port", arguments.count >= 2 else { usage() }
arguments.removeFirst()
let dryRun = arguments.contains("--dry-run")
arguments.removeAll { $0 == "--dry-run" }
guard arguments.count == 1 else { usage() }
let folder = URL(fileURLWithPath: arguments[0])
var isFolder: ObjCBool = false
guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
    FileHandle.standardError.write(Data("jetway port: no folder \(folder.path)\n".utf8))
    exit(2)
}

var files: [URL] = []
if let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) {
    for case let file as URL in walker {
        if file.lastPathComponent == ".build" || file.lastPathComponent.hasPrefix(".") {
            walker.skipDescendants()
            continue
        }
        if file.pathExtension == "swift", file.lastPathComponent != "Package.swift" { files.append(file) }
    }
}
files.sort { $0.path < $1.path }

var rewritten = 0
var needHand = 0
var failures = 0
for file in files {
    let relative = String(file.path.dropFirst(folder.path.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    guard let text = try? String(contentsOf: file, encoding: .utf8) else {
        print("\(relative): not UTF-8 text, left as it is")
        failures += 1
        continue
    }
    let port = PortRewrite(text)
    switch port.outcome {
    case .unchanged: continue
    case .rewritten(let changes):
        rewritten += 1
        print("\(relative): \(changes.joined(separator: "; "))")
        if !dryRun {
            do { try port.source.write(to: file, atomically: true, encoding: .utf8) } catch {
                print("\(relative): could not be written: \(error)")
                failures += 1
            }
        }
    case .needsHand(let frameworks):
        needHand += 1
        let names = frameworks.joined(separator: ", ")
        print("\(relative): imports \(names), which a browser has no counterpart for: left as it is (docs/porting.md)")
    }
}
// The names Xcode generates for the asset catalogs (`Color(.gold)`, `.foregroundStyle(.attention)`).
var symbols = AssetSymbols(catalogsIn: folder)
for file in files where file.lastPathComponent != AssetSymbols.fileName {
    if let text = try? String(contentsOf: file, encoding: .utf8) { symbols.declaredByApp.formUnion(AssetSymbols.staticNames(in: text)) }
}
/// Writes a file of what Xcode generates at build time, beside the project's sources.
@MainActor func writeGenerated(_ name: String, _ source: String, _ summary: String) {
    print("\(name): \(summary)")
    guard !dryRun else { return }
    do { try source.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) } catch {
        print("\(name): could not be written: \(error)")
        failures += 1
    }
}
if !symbols.isEmpty {
    writeGenerated(
        AssetSymbols.fileName, symbols.source, "\(symbols.colors.count) colours and \(symbols.images.count) images of the asset catalogs")
}
// The classes and properties Xcode generates for the Core Data models' entities.
let dataModels = DataModelClasses(modelsIn: folder)
if !dataModels.isEmpty {
    writeGenerated(DataModelClasses.fileName, dataModels.source, "\(dataModels.generated.count) entities of the Core Data models")
}
print("jetway port: \(rewritten) of \(files.count) files \(dryRun ? "would be " : "")rewritten, \(needHand) need a hand")
exit(failures == 0 ? 0 : 1)
