import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

/// Files from `.fileImporter`: streamed to a file of their own, typed by content, moved into
/// place in one step; every bad kind gives the view a message and leaves nothing behind.
@MainActor
@Suite(.serialized)
struct UploadTests {
    struct PhotoPicker: View {
        @State private var picking = false
        @State private var photo: String?
        @State private var message = "No photo yet"
        @State private var progress = 0.0
        var body: some View {
            VStack {
                Button("Choose a photo") { picking = true }
                    .fileImporter(
                        isPresented: $picking, allowedContentTypes: [.png, .jpeg], maximumBytes: 2_000_000,
                        onProgress: { progress = $0.fractionCompleted }
                    ) { result in
                        switch result {
                        case .success(let url):
                            photo = url.lastPathComponent
                            message = "Stored \(url.pathExtension)"
                        case .failure(let error):
                            message = error.localizedDescription
                        }
                    }
                Text(message)
                if progress > 0 && progress < 1 { ProgressView(value: progress) }
                if let photo { Image(url: URL(string: "/uploads/\(photo)")!, label: "The photo") }
            }
        }
    }

    static func app(uploads: String) -> JetwayApp {
        JetwayApp(
            title: "Uploads", routes: [Route("/") { _ in PhotoPicker() }],
            handlers: [
                Handler(.post, "/signin") { request in
                    var response = Response.redirect(to: "/")
                    response.signIn(user: request.text)
                    return response
                },
                Handler(.get, "/uploads/:name") { request in
                    let name = request.parameters["name"] ?? ""
                    guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." }), !name.hasPrefix(".") else {
                        throw HTTPError(404, "no such file")
                    }
                    return try .file(uploads + "/" + name)
                },
            ])
    }

    /// A server of the picker page, and the folder its uploads go to.
    static func server(
        _ transport: TestTransport = .memory, _ configure: @escaping (inout ServerConfiguration) -> Void = { _ in }
    ) throws -> (TestServer, String) {
        let data = NSTemporaryDirectory() + "jetway-uploads-\(UUID().uuidString)"
        let server = try TestServer(app: app(uploads: data + "/uploads"), transport: transport) {
            $0.dataDirectory = data
            configure(&$0)
        }
        return (server, server.server.uploadsDirectory)
    }

    /// A 1×1 PNG, optionally padded (with a chunk no one reads) to `size` bytes.
    nonisolated static func png(size: Int = 0) -> [UInt8] {
        let base = [UInt8](
            Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!)
        guard size > base.count + 12 else { return base }
        let padding = size - base.count - 12
        let chunk = [UInt8(padding >> 24 & 255), UInt8(padding >> 16 & 255), UInt8(padding >> 8 & 255), UInt8(padding & 255)]
        // Inserted after IHDR (8 + 25 bytes): a private ancillary chunk.
        return Array(base[..<33]) + chunk + Array("prVt".utf8) + [UInt8](repeating: 7, count: padding) + [0, 0, 0, 0] + Array(base[33...])
    }

    /// A JPEG's start: SOI, JFIF, a baseline frame header of 32×16, three components; EOI.
    nonisolated static let jpeg: [UInt8] =
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        + [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x20, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xD9]

    /// An open page: its token, the importer's element id, and its live socket.
    struct OpenPage {
        let token: String
        let target: String
        let client: any PageSocket
    }

    func open(_ server: TestServer, cookie: String? = nil, maximumBytes: Int = 2_000_000) async throws -> OpenPage {
        let html = await server.exchange("GET / HTTP/1.1", headers: cookie.map { ["Cookie": $0] } ?? [:]).body
        let token = try #require(metaContent("jetway-token", in: html))
        let target = try #require(elementID(containing: "jw-file-importer", in: html))
        #expect(html.contains(#"accept="image/png,image/jpeg""#) && html.contains(#"data-max="\#(maximumBytes)""#))
        let client = try await server.pageSocket(cookie: cookie)
        await client.sendText(#"["join","\#(token)","/",\#(metaContent("jetway-version", in: html) ?? "0"),"test"]"#)
        _ = await client.nextMessage("joined")
        return OpenPage(token: token, target: target, client: client)
    }

    func upload(_ server: TestServer, _ page: OpenPage, _ bytes: [UInt8], declared: Int? = nil, headers extra: String = "") async
        -> HTTPReply
    {
        if let memory = server.memory {
            var headers = [
                "X-Jetway-Token": page.token, "X-Jetway-Path": "/", "X-Jetway-Target": page.target, "Content-Type": "image/png",
            ]
            for line in extra.components(separatedBy: "\r\n") where line.contains(": ") {
                let parts = line.components(separatedBy: ": ")
                headers[parts[0]] = parts[1]
            }
            if headers["Transfer-Encoding"] == nil { headers["Content-Length"] = String(declared ?? bytes.count) }
            let reply = await memory.request("POST", "/_jetway/upload", headers: headers, body: bytes)
            return HTTPReply(status: reply.status, headers: reply.headers, body: reply.text)
        }
        var request = "POST /_jetway/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        request += "X-Jetway-Token: \(page.token)\r\nX-Jetway-Path: /\r\nX-Jetway-Target: \(page.target)\r\n"
        request += "Content-Type: image/png\r\nContent-Length: \(declared ?? bytes.count)\r\n\(extra)\r\n"
        let answer = await server.rawExchange(Array(request.utf8) + bytes, timeout: 20)
        let text = String(decoding: answer, as: UTF8.self)
        let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
        return HTTPReply(status: status, headers: [:], body: text.components(separatedBy: "\r\n\r\n").dropFirst().joined())
    }

    /// The frames the page receives until one contains `text`.
    func waitFor(_ text: String, on page: OpenPage) async -> [String] {
        var frames: [String] = []
        for _ in 0..<20 {
            guard case .text(let frame) = await page.client.next(timeout: 5) else { break }
            frames.append(frame)
            if frame.contains(text) { break }
        }
        return frames
    }

    func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0 != ".incoming" }.sorted()
    }

    func incoming(_ folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder + "/.incoming")) ?? []
    }

    @Test func aPNGArrivesIsTypedByItsContentAndIsMovedIntoPlace() async throws {
        let (server, uploads) = try Self.server()
        defer { server.stop() }
        let page = try await open(server)
        let reply = await upload(server, page, Self.png(size: 1_500_000))
        #expect(reply.status == 201, "\(reply)")
        #expect(reply.body.contains(#""type":"public.png""#) && reply.body.contains(#""width":1"#))
        let frames = await waitFor("Stored png", on: page)
        #expect(frames.contains { $0.contains("Stored png") }, "\(frames.map { $0.prefix(100) })")
        let stored = files(uploads)
        #expect(stored.count == 1 && stored[0].hasSuffix(".png"), "\(stored)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: uploads + "/" + stored[0])).count == 1_500_000)
        #expect(incoming(uploads).isEmpty)
        // The page shows it, served by the app's handler.
        #expect(frames.contains { $0.contains("/uploads/\(stored[0])") })
        #expect(try await server.get("/uploads/\(stored[0])").status == 200)
        // A JPEG too, whatever its name or the type the browser claims.
        #expect(await upload(server, page, Self.jpeg).status == 201)
        #expect(await waitFor("Stored jpg", on: page).contains { $0.contains("Stored jpg") })
    }

    /// Fifty new browsers on one address sending two-megabyte pictures: past the address's
    /// quota each is refused before a byte is stored, and the page is told why.
    /// PhotosUI's picker as an app writes it: the picked photo is read back with
    /// `loadTransferable`, as bytes and as an image.
    struct ProfilePhoto: View {
        @State private var item: PhotosPickerItem?
        @State private var avatar: Image?
        @State private var status = "No photo"
        var body: some View {
            VStack {
                PhotosPicker("Choose a photo", selection: $item, matching: .images)
                Text(status)
                if let avatar { avatar.resizable().frame(width: 40, height: 40) }
            }
            .onChange(of: item) {
                Task {
                    if let data = try? await item?.loadTransferable(type: Data.self) { status = "Loaded \(data.count) bytes" }
                    if let image = try? await item?.loadTransferable(type: Image.self) { avatar = image }
                }
            }
        }
    }

    @Test func aPhotosPickersPhotoIsReadBackAsDataAndAsAnImage() async throws {
        let data = NSTemporaryDirectory() + "jetway-uploads-\(UUID().uuidString)"
        let server = try TestServer(app: JetwayApp(title: "Profile", routes: [Route("/") { _ in ProfilePhoto() }])) {
            $0.dataDirectory = data
        }
        defer { server.stop() }
        let page = try await open(server, maximumBytes: 10_000_000)
        #expect(await upload(server, page, Self.png()).status == 201)
        let frames = await waitFor("data:image/png;base64", on: page)
        #expect(frames.contains { $0.contains("Loaded \(Self.png().count) bytes") }, "\(frames)")
        #expect(frames.contains { $0.contains("data:image/png;base64") }, "the image was not shown: \(frames)")
    }

    @Test func uploadsPastTheirAddressesQuotaAreRefusedBeforeTheyAreStored() async throws {
        let (server, uploads) = try Self.server { $0.uploadBytesPerAddressPerHour = 5_000_000 }
        defer { server.stop() }
        let page = try await open(server)
        #expect(await upload(server, page, Self.png(size: 1_900_000)).status == 201)
        _ = await waitFor("Stored png", on: page)
        #expect(await upload(server, page, Self.png(size: 1_900_000)).status == 201)
        _ = await waitFor("Stored png", on: page)
        let third = await upload(server, page, Self.png(size: 1_900_000))
        #expect(third.status == 429 && third.body.contains("try again in"), "\(third)")
        #expect(await waitFor("try again in", on: page).contains { $0.contains("as many files as allowed") })
        #expect(files(uploads).count == 2 && incoming(uploads).isEmpty)
    }

    @Test func quotasRefillByTheHourAndCountAddressAndDeviceApart() {
        var quotas = UploadQuotas(perAddress: 3600, perDevice: 1800)
        #expect(quotas.take(1000, address: "a", device: "d1", at: 0) == nil)
        #expect(quotas.take(900, address: "a", device: "d1", at: 0) == .device(seconds: 200))
        #expect(quotas.take(900, address: "a", device: "d2", at: 0) == nil, "a refusal took nothing from the address")
        #expect(quotas.take(1800, address: "a", device: "d3", at: 0) == .address(seconds: 100))
        #expect(quotas.take(1800, address: "a", device: "d3", at: 100) == nil, "a second refills a byte of a 3,600-byte hour")
        #expect(quotas.take(100, address: "b", device: nil, at: 100) == nil)
        #expect(quotas.take(10_000, address: "c", device: nil, at: 0) == .address(seconds: 3600))
    }

    @Test func aFileThatIsNotAnImageIsRefusedWithAMessageAndNothingStays() async throws {
        let (server, uploads) = try Self.server()
        defer { server.stop() }
        let page = try await open(server)
        let text = await upload(server, page, Array("GIF89a pretending to be a PNG".utf8))
        #expect(text.status == 415, "\(text)")
        let refusal = await waitFor("not a PNG image or a JPEG image", on: page)
        #expect(refusal.contains { $0.contains("This file is a GIF image, not a PNG image or a JPEG image.") }, "\(refusal)")
        // A PNG signature with a broken header is not a PNG.
        var damaged = Self.png()
        damaged[20] ^= 0xFF
        #expect(await upload(server, page, damaged).status == 415)
        #expect(await waitFor("a damaged image", on: page).contains { $0.contains("This file is a damaged image") })
        #expect(files(uploads).isEmpty && incoming(uploads).isEmpty)
    }

    @Test func aFileOverTheLimitIsRefusedBeforeItIsStored() async throws {
        let (server, uploads) = try Self.server { $0.maxUploadBytes = 4_000_000 }
        defer { server.stop() }
        let page = try await open(server)
        // Over the importer's 2 MB: refused once the page is asked.
        let over = await upload(server, page, Self.png(size: 3_000_000))
        #expect(over.status == 413 || over.status == 0, "refused (or cut off while sending): \(over.status)")
        #expect(await waitFor("the limit is", on: page).contains { $0.contains("This file is 3.0 MB; the limit is 2.0 MB.") })
        // Over the server's own limit: refused from its headers alone.
        let huge = await upload(server, page, [], declared: 5_000_000)
        #expect(huge.status == 413, "\(huge)")
        #expect(files(uploads).isEmpty && incoming(uploads).isEmpty)
    }

    @Test func anUploadCutOffMidwayTellsTheViewAndLeavesNothing() async throws {
        let (server, uploads) = try Self.server(.sockets)
        defer { server.stop() }
        let page = try await open(server)
        // 1,000 of 100,000 bytes, slowly, then the connection ends.
        let port = server.port
        let (token, target) = (page.token, page.target)
        await offPool {
            let fd = TestServer.connectedSocket(port: port)
            var request = "POST /_jetway/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Jetway-Token: \(token)\r\nX-Jetway-Path: /\r\n"
            request += "X-Jetway-Target: \(target)\r\nContent-Length: 100000\r\n\r\n"
            let file = Self.png(size: 100_000)
            let first = Array(request.utf8) + file.prefix(500)
            _ = first.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            // A slow sender: the page hears how much has arrived.
            usleep(250_000)
            _ = Array(file[500..<1000]).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            usleep(300_000)
            close(fd)
        }
        let frames = await waitFor("stopped before", on: page)
        #expect(frames.contains { $0.contains("jw-progress") }, "the progress was not shown: \(frames)")
        #expect(frames.contains { $0.contains("The upload stopped before the whole file arrived (1 KB of 100 KB).") }, "\(frames)")
        try? await Task.sleep(for: .milliseconds(100))
        #expect(files(uploads).isEmpty && incoming(uploads).isEmpty, "\(incoming(uploads))")
    }

    @Test func uploadsNeedTheirPagesTokenTheirImporterAndTheSameSite() async throws {
        let (server, _) = try Self.server()
        defer { server.stop() }
        let page = try await open(server)
        let png = Self.png()
        let forged = OpenPage(token: page.token + "x", target: page.target, client: page.client)
        #expect(await upload(server, forged, png).status == 403)
        let elsewhere = OpenPage(token: page.token, target: "9z9", client: page.client)
        #expect(await upload(server, elsewhere, png).status == 404)
        #expect(await upload(server, page, png, headers: "Sec-Fetch-Site: cross-site\r\n").status == 403)
        #expect(await server.exchange("GET /_jetway/upload HTTP/1.1").status == 405)
        #expect(await upload(server, page, png, headers: "Transfer-Encoding: chunked\r\n").status == 411)
        // A browser cannot pretend to be the server over the socket.
        await page.client.sendText(#"["e",1,"\#(page.target)","upload",null]"#)
        guard case .text(let refused) = await page.client.next(startingWith: "[\"err\"") else {
            Issue.record("an upload event from a browser was not refused")
            return
        }
        #expect(refused.contains("unknown element id or event"))
        #expect(server.server.sessions.sessionCount == 1)
    }

    /// A JPEG whose EXIF and ICC segments put its frame header past the first 64 KB.
    nonisolated static func cameraJPEG() -> [UInt8] {
        let app1 = [0xFF, 0xE1, 0xFF, 0xFE] + Array("Exif".utf8) + [UInt8](repeating: 0, count: 0xFFFE - 6)
        let app2 = [0xFF, 0xE2, 0xF0, 0x00] + [UInt8](repeating: 1, count: 0xF000 - 2)
        return [0xFF, 0xD8] + app1 + app2 + Array(jpeg[2...])
    }

    @Test func aCameraJPEGWithLongSegmentsIsRecognised() throws {
        let file = NSTemporaryDirectory() + "jetway-camera-\(UUID().uuidString).jpg"
        try Data(Self.cameraJPEG()).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(Self.cameraJPEG().count > 120_000)
        #expect(ImageSniffer.identify(file: file).found == ImageSniffer.Found(type: .jpeg, width: 32, height: 16))
    }

    @Test func oneUploadAtATimePerImporterAndASignedInPageTakesFilesOnlyFromItsSignIn() async throws {
        let (server, uploads) = try Self.server(.sockets)
        defer { server.stop() }
        let page = try await open(server)
        // A slow upload holds the importer: a second one to it is refused.
        let port = server.port
        let token = page.token
        let target = page.target
        let slow = Task.detached { () -> Int32 in
            let fd = TestServer.connectedSocket(port: port)
            let head =
                "POST /_jetway/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Jetway-Token: \(token)\r\nX-Jetway-Path: /\r\nX-Jetway-Target: \(target)\r\nContent-Length: 50000\r\n\r\n"
            let bytes = Array(head.utf8) + UploadTests.png(size: 50_000).prefix(100)
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            return fd
        }
        let fd = await slow.value
        _ = await waitFor("jw-progress", on: page)
        try? await Task.sleep(for: .milliseconds(200))
        #expect(await upload(server, page, Self.png()).status == 409)
        close(fd)
        _ = await waitFor("stopped before", on: page)
        #expect(await upload(server, page, Self.png()).status == 201, "the importer is free again")

        // A signed-in page: an upload without its sign-in's cookie is refused.
        let reply = await server.exchange("POST /signin HTTP/1.1", body: "ana", type: "text/plain")
        let cookie = try #require(reply.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        let signedIn = try await open(server, cookie: cookie)
        #expect(await upload(server, signedIn, Self.png()).status == 403)
        #expect(await upload(server, signedIn, Self.png(), headers: "Cookie: \(cookie)\r\n").status == 201)
        #expect(incoming(uploads).isEmpty)
    }

    @Test func filesTheAppLeavesInTheUploadsFolderAreRemovedAfterAWhile() async throws {
        let (server, uploads) = try Self.server { $0.uploadRetention = 0 }
        defer { server.stop() }
        let page = try await open(server)
        #expect(await upload(server, page, Self.png()).status == 201)
        #expect(files(uploads).count == 1)
        // Two minutes on: the sweep's once-a-minute clean-up removes it (on a worker).
        try #require(server.memory).advance(by: 120)
        for _ in 0..<50 where !files(uploads).isEmpty { try? await Task.sleep(for: .milliseconds(20)) }
        #expect(files(uploads).isEmpty, "an unclaimed upload stayed: \(files(uploads))")
    }

    @Test func theSnifferReadsHeadersNotNames() {
        #expect(ImageSniffer.identify(Self.png()) == ImageSniffer.Found(type: .png, width: 1, height: 1))
        #expect(ImageSniffer.identify(Self.jpeg) == ImageSniffer.Found(type: .jpeg, width: 32, height: 16))
        #expect(ImageSniffer.identify(Array(Self.png().prefix(20))) == nil, "a truncated header")
        #expect(ImageSniffer.identify([0xFF, 0xD8, 0xFF, 0xD9]) == nil, "a JPEG with no frame")
        #expect(ImageSniffer.identify(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)) == nil)
        #expect(ImageSniffer.describe(Array("hello".utf8)) == "text")
        #expect(FileImportError.tooLarge(limit: 999, size: 1_500_000).description == "This file is 1.5 MB; the limit is 999 bytes.")
        #expect(
            FileImportError.tooLarge(limit: 2_000_000, size: 2_000_001).description
                == "This file is 2,000,001 bytes; the limit is 2,000,000 bytes.")
    }
}

extension EndToEnd {
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct UploadInChromium {
        @Test func aPNGChosenInARealFileInputIsShownAndAWrongFileIsRefused() async throws {
            let (server, uploads) = try UploadTests.server(.sockets)
            defer { server.stop() }
            let folder = NSTemporaryDirectory() + "jetway-upload-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(UploadTests.png(size: 300_000)).write(to: URL(fileURLWithPath: folder + "/runway.png"))
            try Data("not a picture at all".utf8).write(to: URL(fileURLWithPath: folder + "/notes.png"))
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                // The app's button asks for the picker: the server marks the input to open (and
                // headless Chromium cancels the picker at once, which the runtime reports).
                _ = try await browser.execute(
                    """
                    window.__opened = false;
                    new MutationObserver(() => { if (document.querySelector('.jw-file-importer[data-open]')) window.__opened = true; })
                      .observe(document.body, { attributes: true, subtree: true });
                    return true
                    """)
                try await browser.click("button")
                #expect(await browser.wait(for: "return window.__opened === true"))
                try await browser.type(folder + "/runway.png", into: ".jw-file-importer")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Stored png')", timeout: 15))
                #expect(
                    await browser.wait(
                        for: "const img = document.querySelector('img.jw-image'); return !!img && img.complete && img.naturalWidth === 1"))
                #expect(
                    try await browser.execute("return document.querySelector('.jw-file-importer').hasAttribute('data-open')") as? Bool
                        == false)
                try await browser.screenshot("upload-stored")
                try await browser.type(folder + "/notes.png", into: ".jw-file-importer")
                #expect(
                    await browser.wait(
                        for: "return document.body.textContent.includes('This file is text, not a PNG image or a JPEG image.')"))
                try await browser.screenshot("upload-refused")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? []).filter { $0.hasSuffix(".png") }.count == 1)
        }

        /// A profile photo picked through UIKit's image picker wrapped in a sheet, as apps
        /// written for iOS do it: the panel's button opens the browser's picker; the photo goes
        /// to the coordinator, which sets the binding and closes the sheet.
        struct AvatarPicker: UIViewControllerRepresentable {
            @Binding var photo: UIImage?
            @Environment(\.dismiss) var dismiss

            func makeUIViewController(context: Context) -> UIImagePickerController {
                let picker = UIImagePickerController()
                picker.delegate = context.coordinator
                return picker
            }
            func updateUIViewController(_ picker: UIImagePickerController, context: Context) {}
            func makeCoordinator() -> Coordinator { Coordinator(parent: self) }

            final class Coordinator: NSObject, UIImagePickerControllerDelegate, UINavigationControllerDelegate {
                let parent: AvatarPicker
                init(parent: AvatarPicker) { self.parent = parent }
                func imagePickerController(
                    _ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]
                ) {
                    parent.photo = info[.originalImage] as? UIImage
                    parent.dismiss()
                }
            }
        }

        struct AvatarScreen: View {
            @State private var photo: UIImage?
            @State private var picking = false
            var body: some View {
                VStack {
                    if let photo { Image(uiImage: photo).resizable().frame(width: 40, height: 40) }
                    Text(photo == nil ? "No avatar" : "Avatar set")
                    Button("Change avatar") { picking = true }
                }
                .sheet(isPresented: $picking) { AvatarPicker(photo: $photo) }
            }
        }

        @Test func aUIKitImagePickerInASheetTakesAPhotoFromTheBrowsersPicker() async throws {
            let data = NSTemporaryDirectory() + "jetway-uploads-\(UUID().uuidString)"
            let server = try TestServer(app: JetwayApp(title: "Avatar", routes: [Route("/") { _ in AvatarScreen() }]), transport: .sockets)
            {
                $0.dataDirectory = data
            }
            defer { server.stop() }
            let folder = NSTemporaryDirectory() + "jetway-upload-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(UploadTests.png(size: 20_000)).write(to: URL(fileURLWithPath: folder + "/face.png"))
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                try await browser.click("button")
                #expect(await browser.wait(for: "return !!document.querySelector('dialog label .jw-file-importer')"))
                try await browser.screenshot("image-picker-panel")
                try await browser.type(folder + "/face.png", into: ".jw-file-importer")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Avatar set')", timeout: 15))
                #expect(await browser.wait(for: "return !document.querySelector('.jw-file-importer')"), "the coordinator closed the sheet")
                #expect(
                    await browser.wait(
                        for: "const img = document.querySelector('img.jw-image'); return !!img && img.complete && img.naturalWidth === 1"))
                try await browser.screenshot("image-picker-picked")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
        }
    }
}
