import Foundation
import Jetway
import JetwayRoutes

/// Makes `App.main()` serve the app: called before `main` runs by the constructor in
/// `CJetwayLaunch` (linked with JetwayServer), so that an app whose files import only `Jetway`
/// is served by `@main` alone.
@_cdecl("jetway_register_app_launch")
public func registerAppLaunch() {
    SpellingDictionary.source = DebianWordLists.text(for:)
    AppLog.sink = { entry in
        let level: Log.Level =
            switch entry.type {
            case .debug: .debug
            case .error, .fault: .error
            default: .info
            }
        Log.write(
            level, "app_log",
            ["type": entry.type.name, "subsystem": entry.subsystem, "category": entry.category, "message": entry.message])
    }
    AppLaunch.serve = { name, windows in
        do {
            let server = try JetwayServer(app: JetwayApp(title: name, windows: windows), configuration: .fromEnvironment())
            try server.run()
        } catch {
            FileHandle.standardError.write(Data("\(name) could not start: \(error)\n".utf8))
            exit(1)
        }
    }
}
