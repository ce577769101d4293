import Foundation
import Jetway
import Synchronization

/// One file on its way in (`POST /_jetway/upload`, sent by the runtime for a `.fileImporter`):
/// its bytes stream into a file of its own under `uploads/.incoming` (0600), bounded by the
/// importer's limit; when the last byte is in, its type is decided by its content and it is
/// renamed into `uploads/` in one step. Anything else (a wrong type, too large, a connection
/// that ends early) removes the partial file and tells the view why.
final class PendingUpload: @unchecked Sendable {
    let sessionID: String
    let target: NodeID
    /// The sign-in the upload's cookies name: a signed-in page takes files only from it.
    let signInID: String?
    /// Where the request came from (for the limit of uploads at once per address).
    let address: String
    let declared: Int
    let temporaryPath: String
    /// The service thread's until the last byte is in, then the worker's that flushes it.
    var descriptor: Int32
    var received = 0
    var lastProgress: UInt64 = 0
    var writeError: String?
    var bodyComplete = false
    /// Set on the main actor when the upload was refused or has ended; read by the service
    /// thread, which then drops what still arrives.
    let isSettled = Atomic<Bool>(false)

    init(sessionID: String, target: NodeID, signInID: String?, address: String, declared: Int, temporaryPath: String, descriptor: Int32) {
        self.sessionID = sessionID
        self.target = target
        self.signInID = signInID
        self.address = address
        self.declared = declared
        self.temporaryPath = temporaryPath
        self.descriptor = descriptor
    }

    /// Service thread: closes the file if it is still open.
    func closeFile() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
    }
}

extension JetwayServer {
    static let uploadPath = "/_jetway/upload"

    var uploadsDirectory: String { URL(fileURLWithPath: configuration.dataDirectory).appendingPathComponent("uploads").path }
    var incomingDirectory: String { uploadsDirectory + "/.incoming" }

    /// At start-up: parts of uploads a crash left behind are removed.
    func removeIncompleteUploads() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: incomingDirectory) else { return }
        for name in names { try? FileManager.default.removeItem(atPath: incomingDirectory + "/" + name) }
        if !names.isEmpty { Log.info("uploads_removed", ["count": names.count, "reason": "incomplete at start-up"]) }
    }

    /// Checks an upload's headers and opens the file its bytes go to (on the transport's
    /// thread). Nil when the upload began; else the refusal to answer with.
    func startUpload(_ head: RequestHead, _ connection: Connection) -> RequestPlan? {
        let headers = head.headers
        let refuse = { (status: Int, message: String) -> RequestPlan? in
            .answer(HTTPError(status, message, headers: ["connection": "close"]).httpResponse, headOnly: false, closes: true)
        }
        if isCrossSite(headers) { return refuse(403, "cross-site requests may not change state") }
        if headers["transfer-encoding"] != nil { return refuse(411, "a Content-Length is required") }
        guard let lengthText = headers["content-length"]?.trimmingCharacters(in: .whitespaces), let declared = Int(lengthText),
            declared >= 0
        else { return refuse(411, "a Content-Length is required") }
        guard let token = headers["x-jetway-token"], let path = headers["x-jetway-path"],
            let target = headers["x-jetway-target"].flatMap(NodeID.init)
        else { return refuse(400, "an upload names its page's token, path and file importer") }
        let verified: SessionToken
        do {
            verified = try SessionToken.verify(token, path: path, secret: secret, lifetime: configuration.tokenLifetime)
        } catch {
            return refuse(403, "the page's token is not valid: \(error)")
        }
        if declared > configuration.maxUploadBytes {
            let limit = configuration.maxUploadBytes
            Task { @MainActor [self] in
                sessions.deliverUpload(sessionID: verified.sessionID, target, .failed(.tooLarge(limit: limit, size: declared)))
            }
            return refuse(413, "the file is larger than \(limit) bytes")
        }
        if let refusal = diskRefusal(declared: declared, headers: headers, address: head.address) {
            Task { @MainActor [self] in sessions.deliverUpload(sessionID: verified.sessionID, target, .failed(.notStored(refusal.message)))
            }
            return refuse(refusal.status, refusal.message)
        }
        let temporaryPath = incomingDirectory + "/" + SessionToken.newSessionID()
        try? FileManager.default.createDirectory(
            atPath: incomingDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            Log.error("upload_not_stored", ["reason": String(cString: strerror(errno))])
            return refuse(507, "the server cannot store files now")
        }
        let upload = PendingUpload(
            sessionID: verified.sessionID, target: target, signInID: identity(cookieHeader: headers["cookie"]).signInID,
            address: head.address, declared: declared, temporaryPath: temporaryPath, descriptor: descriptor)
        connection.pendingUpload = upload
        Task { @MainActor [self] in sessions.beginUpload(upload, on: connection) }
        if declared == 0 { uploadBodyComplete(connection) }
        return nil
    }

    /// Whether the disk may take `declared` more bytes from this address and
    /// device (their quotas, and the free space the data folder's disk keeps); nil when it may.
    private func diskRefusal(declared: Int, headers: [String: String], address: String) -> HTTPError? {
        var disk = statvfs()
        if statvfs(configuration.dataDirectory, &disk) == 0 {
            let free = Int(disk.f_bavail) &* Int(disk.f_frsize)
            if free - declared < configuration.minimumFreeDiskBytes {
                Log.warn("upload_refused", ["reason": "disk almost full", "free_bytes": free])
                return HTTPError(507, "the server has no room for files now")
            }
        }
        let device = identity(cookieHeader: headers["cookie"]).device
        let now = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        switch uploadQuotas.take(declared, address: address, device: device, at: now) {
        case nil: return nil
        case .address(let seconds)?, .device(let seconds)?:
            var error = HTTPError(429, "you have sent as many files as allowed for now; try again in \(Self.minutes(seconds))")
            error.headers["retry-after"] = String(seconds)
            return error
        }
    }

    static func minutes(_ seconds: Int) -> String {
        seconds < 90 ? "\(seconds) seconds" : "\((seconds + 59) / 60) minutes"
    }

    /// The transport's thread: a piece of the file.
    func receiveUploadBody(_ connection: Connection, _ bytes: UnsafeRawBufferPointer) {
        guard let upload = connection.pendingUpload, !upload.isSettled.load(ordering: .acquiring), upload.writeError == nil,
            upload.descriptor >= 0
        else { return }
        guard upload.received + bytes.count <= upload.declared else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(upload.descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                upload.writeError = errno == ENOSPC ? "the disk is full" : String(cString: strerror(errno))
                upload.closeFile()
                return
            }
            offset += written
        }
        upload.received += bytes.count
        let now = DispatchTime.now().uptimeNanoseconds
        if now - upload.lastProgress > 100_000_000 && upload.received < upload.declared {
            upload.lastProgress = now
            let progress = FileImportProgress(received: upload.received, total: upload.declared)
            Task { @MainActor [self] in sessions.uploadProgress(upload, progress) }
        }
    }

    /// The transport's thread: the last byte is in. The file is flushed to disk on a worker (an
    /// `fsync` of megabytes would hold up every other socket), then finished on the main actor.
    func uploadBodyComplete(_ connection: Connection) {
        guard let upload = connection.pendingUpload else { return }
        connection.pendingUpload = nil
        upload.bodyComplete = true
        DispatchQueue.global().async { [self] in
            if upload.writeError == nil, upload.descriptor >= 0, fsync(upload.descriptor) != 0 {
                upload.writeError = String(cString: strerror(errno))
            }
            upload.closeFile()
            Task { @MainActor [self] in sessions.finishUpload(upload, on: connection) }
        }
    }

    /// The transport's thread: the connection ended before the file was complete.
    func uploadConnectionClosed(_ connection: Connection) {
        guard let upload = connection.pendingUpload else { return }
        connection.pendingUpload = nil
        upload.closeFile()
        Task { @MainActor [self] in sessions.abandonUpload(upload) }
    }
}

extension SessionManager {
    /// Uploads at once from one client address; past it, 429.
    static let maxUploadsPerAddress = 4

    /// The reason `upload` may not go on, or nil: the page and its importer are there, the
    /// upload's cookies are the page's sign-in, and the file fits the importer's limit.
    private func refusal(of upload: PendingUpload) -> (HTTPError, FileImportError?)? {
        guard let session = sessions[upload.sessionID], let importer = session.graph.fileImporter(at: upload.target) else {
            return (HTTPError(404, "no file importer is waiting for this file"), nil)
        }
        if let signInID = session.signInID, signInID != upload.signInID {
            return (HTTPError(403, "the page belongs to another sign-in"), nil)
        }
        if upload.declared > importer.maximumBytes {
            return (
                HTTPError(413, "the file is larger than \(importer.maximumBytes) bytes"),
                .tooLarge(limit: importer.maximumBytes, size: upload.declared)
            )
        }
        return nil
    }

    /// Main actor, once the headers are in (the first bytes may already be on disk, bounded by
    /// `maxUploadBytes`): checks the upload, and that it is its importer's only one and within
    /// its address's uploads at once; if not it is answered now and what arrives is dropped.
    func beginUpload(_ upload: PendingUpload, on connection: Connection) {
        // Already over (a small file can be complete before this runs): finish checked it.
        guard !upload.isSettled.load(ordering: .acquiring) else { return }
        if let (error, reason) = refusal(of: upload) {
            if let reason { deliverUpload(sessionID: upload.sessionID, upload.target, .failed(reason)) }
            settle(upload, connection, error)
            return
        }
        // The page's elements were named afresh since it sent this (a move, a page rendered
        // again): which importer it names cannot be told.
        if sessions[upload.sessionID]?.awaitsSync == true {
            settle(upload, connection, HTTPError(409, "the page changed before this file was sent; try again"))
            return
        }
        let key = upload.sessionID + " " + upload.target.description
        if activeUploads[key] != nil {
            settle(upload, connection, HTTPError(409, "a file is already on its way to this importer"))
            return
        }
        if activeUploads.values.filter({ $0.address == upload.address }).count >= Self.maxUploadsPerAddress {
            settle(upload, connection, HTTPError(429, "too many uploads at once from your address"))
            return
        }
        activeUploads[key] = upload
        deliverUpload(sessionID: upload.sessionID, upload.target, .progress(FileImportProgress(received: 0, total: upload.declared)))
    }

    /// Forgets `upload` among the ones under way.
    private func release(_ upload: PendingUpload) {
        let key = upload.sessionID + " " + upload.target.description
        if activeUploads[key] === upload { activeUploads.removeValue(forKey: key) }
    }

    func uploadProgress(_ upload: PendingUpload, _ progress: FileImportProgress) {
        guard !upload.isSettled.load(ordering: .acquiring) else { return }
        deliverUpload(sessionID: upload.sessionID, upload.target, .progress(progress))
    }

    /// Main actor: every byte is in (and on disk): decide its type by its content and move it
    /// into place.
    func finishUpload(_ upload: PendingUpload, on connection: Connection) {
        release(upload)
        guard !upload.isSettled.load(ordering: .acquiring) else {
            try? FileManager.default.removeItem(atPath: upload.temporaryPath)
            return
        }
        if let reason = upload.writeError {
            deliverUpload(sessionID: upload.sessionID, upload.target, .failed(.notStored(reason)))
            settle(upload, connection, HTTPError(507, "the file could not be stored: \(reason)"))
            return
        }
        if let (error, reason) = refusal(of: upload) {
            if let reason { deliverUpload(sessionID: upload.sessionID, upload.target, .failed(reason)) }
            settle(upload, connection, error.status == 404 ? HTTPError(410, "the page no longer waits for this file") : error)
            return
        }
        guard upload.received == upload.declared else {
            deliverUpload(
                sessionID: upload.sessionID, upload.target, .failed(.incomplete(received: upload.received, expected: upload.declared)))
            settle(upload, connection, HTTPError(400, "the body is not the length it declared"))
            return
        }
        let importer = sessions[upload.sessionID]!.graph.fileImporter(at: upload.target)!
        let allowed = importer.types.compactMap { mime in [UTType.png, .jpeg].first { $0.mimeTypes == [mime] } }
        let sniffed = ImageSniffer.identify(file: upload.temporaryPath)
        guard let found = sniffed.found, allowed.contains(found.type) else {
            let what = sniffed.found?.type.name ?? sniffed.description
            deliverUpload(sessionID: upload.sessionID, upload.target, .failed(.wrongType(allowed: allowed, found: what)))
            settle(upload, connection, HTTPError(415, "the file is \(what), not one of \(importer.types.joined(separator: ", "))"))
            return
        }
        let stored = server.uploadsDirectory + "/" + SessionToken.newSessionID() + "." + (found.type.preferredFilenameExtension ?? "bin")
        guard rename(upload.temporaryPath, stored) == 0 else {
            let reason = String(cString: strerror(errno))
            deliverUpload(sessionID: upload.sessionID, upload.target, .failed(.notStored(reason)))
            settle(upload, connection, HTTPError(507, "the file could not be stored: \(reason)"))
            return
        }
        upload.isSettled.store(true, ordering: .releasing)
        guard deliverUpload(sessionID: upload.sessionID, upload.target, .finished(path: stored, type: found.type)) else {
            try? FileManager.default.removeItem(atPath: stored)
            answer(connection, HTTPError(410, "the page no longer waits for this file").httpResponse)
            return
        }
        Log.info("upload", ["session": String(upload.sessionID.prefix(8)), "bytes": upload.received, "type": found.type.identifier])
        let body = #"{"type":"\#(found.type.identifier)","width":\#(found.width),"height":\#(found.height)}"#
        answer(
            connection,
            HTTPResponse(status: 201, contentType: "application/json", headers: [("cache-control", "no-store")], body: Array(body.utf8)))
    }

    /// Main actor: the connection ended early (a lost network, a cancelled upload).
    func abandonUpload(_ upload: PendingUpload) {
        release(upload)
        try? FileManager.default.removeItem(atPath: upload.temporaryPath)
        guard !upload.isSettled.load(ordering: .acquiring) else { return }
        upload.isSettled.store(true, ordering: .releasing)
        Log.info("upload_incomplete", ["received": upload.received, "expected": upload.declared])
        deliverUpload(
            sessionID: upload.sessionID, upload.target, .failed(.incomplete(received: upload.received, expected: upload.declared)))
    }

    /// Refuses or fails an upload: its partial file goes, and the answer closes the connection.
    private func settle(_ upload: PendingUpload, _ connection: Connection, _ error: HTTPError) {
        release(upload)
        upload.isSettled.store(true, ordering: .releasing)
        try? FileManager.default.removeItem(atPath: upload.temporaryPath)
        var error = error
        error.headers["connection"] = "close"
        connection.closeAfterResponse = true
        answer(connection, error.httpResponse)
    }

    private func answer(_ connection: Connection, _ response: HTTPResponse) {
        connection.setResponse(response, headOnly: false)
        transport?.wake(connection)
    }

    /// Tells the page's file importer what happened to its upload, and sends what changed.
    /// False when the page or the importer is gone.
    @discardableResult
    func deliverUpload(sessionID: String, _ target: NodeID, _ event: UploadEvent) -> Bool {
        guard let session = sessions[sessionID], isolate(session) else { return false }
        do {
            try session.graph.dispatch(target, .upload, .upload(event))
        } catch {
            Log.warn("upload_undelivered", ["session": session.shortID, "reason": String(describing: error)])
            return false
        }
        transport?.wake(session.group.flush(ref: 0, for: session))
        return true
    }

    /// Files the app left in `uploads/` for longer than `uploadRetention` (it moves what it
    /// keeps): removed, so that unclaimed uploads cannot fill the disk. Run by the sweep once a
    /// minute.
    func removeUnclaimedUploads(now: Date) {
        guard now.timeIntervalSince(lastUploadCleanup) >= 60 else { return }
        lastUploadCleanup = now
        let folder = server.uploadsDirectory
        let retention = server.configuration.uploadRetention
        DispatchQueue.global(qos: .utility).async {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            var removed = 0
            for name in names where !name.hasPrefix(".") {
                let path = folder + "/" + name
                guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                    now.timeIntervalSince(modified) > retention
                else { continue }
                if (try? FileManager.default.removeItem(atPath: path)) != nil { removed += 1 }
            }
            if removed > 0 { Log.info("uploads_removed", ["count": removed, "reason": "unclaimed"]) }
        }
    }
}
