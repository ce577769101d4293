import Foundation
import JetwayBrowser
import JetwayRoutes
import Testing

/// What the airport leaves on disk and in its log on a first start: the data folder and every
/// file in it are the server user's alone, and the first staff password is never written to
/// the log (it is the operator's, or shown on the terminal that started the server).
@Suite(.serialized)
struct SecretsAtRestTests {
    static var binary: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/MountainAirport").path
    }

    /// Starts the airport in `folder` with no controlling terminal (as a service starts it),
    /// lets it run `seconds`, stops it with SIGTERM; what it logged.
    func firstStart(in folder: String, environment: [String: String] = [:], seconds: Int = 10) throws -> String {
        try Command.run(
            "/usr/bin/setsid",
            ["sh", "-c", "timeout -s TERM \(seconds) \"$0\" --no-simulate; exit 0", Self.binary],
            environment: ["JETWAY_PORT": "\(freeLoopbackPort())", "JETWAY_DATA": folder + "/data", "JETWAY_LOG": "info"].merging(
                environment
            ) {
                $1
            })
    }

    func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int) ?? -1
    }

    @Test func theDataFolderIsPrivateAndTheFirstPasswordIsNeverLogged() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "swift build makes \(Self.binary)")
        let folder = NSTemporaryDirectory() + "jetway-secrets-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A data folder an older version left readable, with a readable file in it.
        try FileManager.default.createDirectory(atPath: folder + "/data/uploads", withIntermediateDirectories: true)
        #expect(
            FileManager.default.createFile(
                atPath: folder + "/data/uploads/old.png", contents: Data([1]), attributes: [.posixPermissions: 0o644]))
        chmod(folder + "/data", 0o755)

        // No terminal and no password given: no account, and a log that says how to add one.
        let log = try firstStart(in: folder)
        #expect(log.contains("event=no_staff"), "\(log)")
        #expect(!log.contains("password="), "a password in the log: \(log)")
        let data = folder + "/data"
        let files = try FileManager.default.subpathsOfDirectory(atPath: data)
        #expect(files.contains("airport.sqlite") && files.contains("secret"), "\(files)")
        #expect(mode(data) == 0o700, "data is \(String(mode(data), radix: 8))")
        for name in files {
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: data + "/" + name, isDirectory: &isFolder))
            let wanted = isFolder.boolValue ? 0o700 : 0o600
            #expect(mode(data + "/" + name) == wanted, "\(name) is \(String(mode(data + "/" + name), radix: 8))")
        }

        // The operator's password: the account is made, the log says whence, not what.
        let again = NSTemporaryDirectory() + "jetway-secrets-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: again) }
        let given = try firstStart(in: again, environment: ["AIRPORT_STAFF_PASSWORD": "operator-chosen-9137"])
        #expect(given.contains("event=first_staff name=ops password_from=AIRPORT_STAFF_PASSWORD"), "\(given)")
        #expect(!given.contains("operator-chosen-9137"))
    }

    @Test func aSharedFolderIsNotTakenOver() throws {
        // /tmp is everyone's (sticky, world-writable): the server does not make it its own.
        #expect(PrivateFiles.secure(folder: "/tmp") == nil)
        #expect(mode("/tmp") & 0o777 == 0o777)
    }
}
