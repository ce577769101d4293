/// A kind of file, as SwiftUI names them (`UniformTypeIdentifiers`): what `fileImporter` lets
/// the user pick. The server decides a file's type by its content, never by its name or by
/// what the browser says.
public struct UTType: Hashable, Sendable, CustomStringConvertible {
    /// The type's identifier (`public.png`).
    public let identifier: String
    /// The MIME types the browser's picker offers for it.
    public let mimeTypes: [String]
    /// The file name extension a file of this type is stored with.
    public let preferredFilenameExtension: String?
    /// What a person calls it ("a PNG image").
    public let name: String

    /// A type of the app's own: its `identifier`, the `mimeTypes` it is, its file name extension and
    /// what a person calls it (`name`, used in error messages).
    public init(identifier: String, mimeTypes: [String], preferredFilenameExtension: String?, name: String) {
        self.identifier = identifier
        self.mimeTypes = mimeTypes
        self.preferredFilenameExtension = preferredFilenameExtension
        self.name = name
    }

    /// A PNG image.
    public static let png = UTType(
        identifier: "public.png", mimeTypes: ["image/png"], preferredFilenameExtension: "png", name: "a PNG image")
    /// A JPEG image.
    public static let jpeg = UTType(
        identifier: "public.jpeg", mimeTypes: ["image/jpeg"], preferredFilenameExtension: "jpg", name: "a JPEG image")
    /// Any image the server can recognise: PNG or JPEG.
    public static let image = UTType(
        identifier: "public.image", mimeTypes: ["image/png", "image/jpeg"], preferredFilenameExtension: nil, name: "an image")

    /// Kinds that a drag, a drop or a share carries as text (`CodableRepresentation(contentType: .json)`).
    public static let json = UTType(
        identifier: "public.json", mimeTypes: ["application/json"], preferredFilenameExtension: "json", name: "JSON")
    /// Plain text.
    public static let plainText = UTType(
        identifier: "public.plain-text", mimeTypes: ["text/plain"], preferredFilenameExtension: "txt", name: "text")
    /// Plain text in UTF-8.
    public static let utf8PlainText = UTType(
        identifier: "public.utf8-plain-text", mimeTypes: ["text/plain"], preferredFilenameExtension: "txt", name: "text")
    /// A link (`text/uri-list`).
    public static let url = UTType(identifier: "public.url", mimeTypes: ["text/uri-list"], preferredFilenameExtension: nil, name: "a link")
    /// Kinds a `fileExporter` saves as (the browser names the file by its extension).
    public static let commaSeparatedText = UTType(
        identifier: "public.comma-separated-values-text", mimeTypes: ["text/csv"], preferredFilenameExtension: "csv", name: "CSV text")
    /// Tab-separated values (`.tsv`).
    public static let tabSeparatedText = UTType(
        identifier: "public.tab-separated-values-text", mimeTypes: ["text/tab-separated-values"], preferredFilenameExtension: "tsv",
        name: "tab-separated text")
    /// A PDF document.
    public static let pdf = UTType(
        identifier: "com.adobe.pdf", mimeTypes: ["application/pdf"], preferredFilenameExtension: "pdf", name: "a PDF")
    /// An HTML document.
    public static let html = UTType(identifier: "public.html", mimeTypes: ["text/html"], preferredFilenameExtension: "html", name: "HTML")
    /// An XML document.
    public static let xml = UTType(identifier: "public.xml", mimeTypes: ["application/xml"], preferredFilenameExtension: "xml", name: "XML")
    /// Text (`text/plain`). Unlike Apple's, it does not accept its subtypes (HTML, CSV) by itself.
    public static let text = UTType(identifier: "public.text", mimeTypes: ["text/plain"], preferredFilenameExtension: "txt", name: "text")
    /// Any bytes (`application/octet-stream`). Unlike Apple's, it does not accept every other type:
    /// `accepts(_:)` compares MIME types.
    public static let data = UTType(
        identifier: "public.data", mimeTypes: ["application/octet-stream"], preferredFilenameExtension: nil, name: "data")

    /// Whether a file found to be `found` is one of this type (by their MIME types, so an
    /// app's own `UTType` for PNGs accepts what the server found to be a PNG).
    public func accepts(_ found: UTType) -> Bool {
        self == found || found.mimeTypes.allSatisfy(mimeTypes.contains)
    }

    /// The type's identifier.
    public var description: String { identifier }
}

/// Why a file did not arrive: each says what happened in words a person can act on.
public enum FileImportError: LocalizedError, Equatable, Sendable, CustomStringConvertible {
    /// The content is not one of the allowed types (`found`: what it is, if known).
    case wrongType(allowed: [UTType], found: String)
    /// The file is `size` bytes, more than the importer's `limit`.
    case tooLarge(limit: Int, size: Int)
    /// The connection ended before the whole file arrived (a lost network, a cancelled upload).
    case incomplete(received: Int, expected: Int)
    /// The server could not keep the file (a full disk).
    case notStored(String)

    /// What happened, in a sentence that can be shown to the person as it is.
    public var description: String {
        switch self {
        case .wrongType(let allowed, let found):
            let names = allowed.map(\.name)
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.first ?? "a file"
            return "This file is \(found), not \(list)."
        case .tooLarge(let limit, let size):
            // Just over: rounded, both would read the same ("2.0 MB; the limit is 2.0 MB").
            if Self.size(size) == Self.size(limit) {
                return "This file is \(Self.grouped(size)) bytes; the limit is \(Self.grouped(limit)) bytes."
            }
            return "This file is \(Self.size(size)); the limit is \(Self.size(limit))."
        case .incomplete(let received, let expected):
            return "The upload stopped before the whole file arrived (\(Self.size(received)) of \(Self.size(expected)))."
        case .notStored(let reason):
            return "The file could not be stored: \(reason)."
        }
    }

    /// What `error.localizedDescription` shows.
    public var errorDescription: String? { description }

    /// 2000001 as 2,000,001 (whatever the server's locale).
    static func grouped(_ number: Int) -> String {
        var digits = Array(String(number.magnitude))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return (number < 0 ? "-" : "") + String(digits)
    }

    /// 1,234,567 bytes → "1.2 MB".
    static func size(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) bytes" }
        if bytes < 1_000_000 { return "\(bytes / 1000) KB" }
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}

/// How much of a file has arrived.
public struct FileImportProgress: Equatable, Sendable {
    /// Bytes received so far.
    public let received: Int
    /// The file's size in bytes, as the browser announced it.
    public let total: Int
    /// How much has arrived, from 0 to 1 (0 when the size is unknown).
    public var fractionCompleted: Double { total > 0 ? min(1, Double(received) / Double(total)) : 0 }

    /// Progress of `received` bytes out of `total`.
    public init(received: Int, total: Int) {
        self.received = received
        self.total = total
    }
}

/// What the server tells a file importer about its upload (an event no browser can send).
public enum UploadEvent: Sendable, Equatable {
    /// Part of the file has arrived.
    case progress(FileImportProgress)
    /// Stored, complete and of an allowed type, at `path`.
    case finished(path: String, type: UTType)
    /// The upload failed, for the reason given.
    case failed(FileImportError)
}

extension View {
    /// Lets the user pick a file while `isPresented` is true, as SwiftUI's `fileImporter`: the
    /// browser's file picker opens, the file streams to the server (at most `maximumBytes`),
    /// its type is decided by its content, and `onCompletion` gets the URL of the stored file
    /// (in the server's `uploads` folder; move it where it belongs) or an error whose
    /// description can be shown as it is (`FileImportError`). `onProgress` hears how much
    /// has arrived, a few times a second.
    ///
    /// ```swift
    /// Button("Choose a photo") { picking = true }
    ///     .fileImporter(isPresented: $picking, allowedContentTypes: [.png, .jpeg]) { result in
    ///         switch result {
    ///         case .success(let url): photo = url.lastPathComponent
    ///         case .failure(let error): message = error.localizedDescription
    ///         }
    ///     }
    /// ```
    public func fileImporter(
        isPresented: Binding<Bool>, allowedContentTypes: [UTType], maximumBytes: Int = 10_000_000,
        onProgress: (@MainActor (FileImportProgress) -> Void)? = nil,
        onCompletion: @escaping @MainActor (Result<URL, any Error>) -> Void
    ) -> some View {
        modifier(
            FileImporterModifier(
                isPresented: isPresented, types: allowedContentTypes, maximumBytes: maximumBytes, onProgress: onProgress,
                onCompletion: onCompletion))
    }
}

extension View {
    /// The form with `allowsMultipleSelection`: the browser's picker takes one file at a time
    /// here, and `onCompletion` hears it as a list of one.
    public func fileImporter(
        isPresented: Binding<Bool>, allowedContentTypes: [UTType], allowsMultipleSelection: Bool,
        onCompletion: @escaping @MainActor (Result<[URL], any Error>) -> Void
    ) -> some View {
        fileImporter(isPresented: isPresented, allowedContentTypes: allowedContentTypes) { result in onCompletion(result.map { [$0] }) }
    }
}

extension URL {
    /// A file the importer stored is the server's own: no security scope to open (true).
    public func startAccessingSecurityScopedResource() -> Bool { isFileURL }
    /// Does nothing: a file the importer stored has no security scope to give up.
    public func stopAccessingSecurityScopedResource() {}
}

struct FileImporterModifier: _PrimitiveModifier {
    let isPresented: Binding<Bool>
    let types: [UTType]
    let maximumBytes: Int
    let onProgress: (@MainActor (FileImportProgress) -> Void)?
    let onCompletion: @MainActor (Result<URL, any Error>) -> Void

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        content(context.structural(0), &out)
        let presented = context.track { modifier.isPresented.wrappedValue }
        let input = context.structural(1).element("input", RuntimeContract.Class.fileImporter)
        input.setAttribute("type", "file")
        var mimeTypes: [String] = []
        for mime in modifier.types.flatMap(\.mimeTypes) where !mimeTypes.contains(mime) { mimeTypes.append(mime) }
        input.setAttribute("accept", mimeTypes.joined(separator: ","))
        input.setAttribute("data-max", String(modifier.maximumBytes))
        input.setAttribute("tabindex", "-1")
        input.setAttribute("aria-hidden", "true")
        // The runtime opens the picker when this appears (the click that set the binding is
        // still the user's gesture).
        if presented { input.setAttribute(RuntimeContract.Attribute.open, "") }
        let binding = modifier.isPresented
        input.addHandler(EventBinding(event: .dismiss) { _ in if binding.wrappedValue { binding.wrappedValue = false } })
        let types = modifier.types
        let onProgress = modifier.onProgress
        let onCompletion = modifier.onCompletion
        input.addHandler(
            EventBinding(event: .upload) { payload in
                guard case .upload(let event) = payload else {
                    throw JetwayError.wrongPayload(expected: "an upload", got: payload.kindName)
                }
                switch event {
                case .progress(let progress):
                    onProgress?(progress)
                case .finished(let path, let type):
                    guard types.contains(where: { $0.accepts(type) }) else {
                        onCompletion(.failure(FileImportError.wrongType(allowed: types, found: type.name)))
                        return
                    }
                    onCompletion(.success(URL(fileURLWithPath: path)))
                case .failed(let error):
                    onCompletion(.failure(error))
                }
            })
        out.append(input)
    }
}

extension ViewGraph {
    /// The file importer at `id`: the types it allows and its size limit, or nil when no
    /// importer is there (what a server checks before it takes an upload's bytes).
    public func fileImporter(at id: NodeID) -> (types: [String], maximumBytes: Int)? {
        guard let node = tree.handlerNode(id), node.handlers.contains(where: { $0.event == .upload }),
            let max = node.attribute("data-max").flatMap({ Int($0) })
        else { return nil }
        return ((node.attribute("accept") ?? "").split(separator: ",").map(String.init), max)
    }
}
