import Foundation

// Documents an app saves and opens as files: `FileDocument` (its `fileWrapper(configuration:)`
// writes it, `init(configuration:)` reads it), `FileWrapper` (Foundation's on Apple's
// platforms, not on Linux), and `.fileExporter`: the visitor's browser downloads the document.

/// A file's contents: a regular file's bytes (or a folder of files).
open class FileWrapper: @unchecked Sendable {
    /// A regular file's bytes; nil for a folder.
    public private(set) var regularFileContents: Data?
    /// A folder's files by name; nil for a regular file.
    public private(set) var fileWrappers: [String: FileWrapper]?
    /// The file's name, if the app sets one; Jetway does not use it.
    open var filename: String?
    /// The name the file would like: `fileExporter` downloads it under this name when it is given no
    /// `defaultFilename`.
    open var preferredFilename: String?

    /// A regular file holding `contents`.
    public init(regularFileWithContents contents: Data) {
        regularFileContents = contents
    }

    /// A folder of the files in `childrenByPreferredName` (it cannot be downloaded with `fileExporter`).
    public init(directoryWithFileWrappers childrenByPreferredName: [String: FileWrapper]) {
        fileWrappers = childrenByPreferredName
    }

    /// Whether this is a regular file (it has contents).
    open var isRegularFile: Bool { regularFileContents != nil }
    /// Whether this is a folder of files.
    open var isDirectory: Bool { fileWrappers != nil }
}

/// What a document is read from: its type and its file.
public struct FileDocumentReadConfiguration {
    /// The type of the document's file.
    public let contentType: UTType
    /// The document's file.
    public let file: FileWrapper
    /// A configuration for reading `file` as `contentType`. Jetway itself never reads documents: an app
    /// makes this to call its document's `init(configuration:)`.
    public init(contentType: UTType, file: FileWrapper) {
        self.contentType = contentType
        self.file = file
    }
}

/// What a document is written as: its type, and the file it was read from, if any.
public struct FileDocumentWriteConfiguration {
    /// The type to write the document as (`fileExporter`'s `contentType`).
    public let contentType: UTType
    /// The file the document was read from; always nil from `fileExporter`.
    public let existingFile: FileWrapper?
}

/// A document an app writes to a file and reads back (`struct Backup: FileDocument`).
public protocol FileDocument {
    /// What `init(configuration:)` is given: the file to read and its type.
    typealias ReadConfiguration = FileDocumentReadConfiguration
    /// What `fileWrapper(configuration:)` is given: the type to write and the file the document was read from.
    typealias WriteConfiguration = FileDocumentWriteConfiguration
    /// The types the document reads. Jetway never reads it (it opens no documents); the default
    /// `writableContentTypes` returns it.
    static var readableContentTypes: [UTType] { get }
    /// The types the document writes. Jetway does not read it: `fileExporter` writes whatever `contentType` it is
    /// given.
    static var writableContentTypes: [UTType] { get }
    /// Reads a document from `configuration`'s file. Jetway never calls it: an app that reads documents back makes
    /// the configuration and calls it itself.
    init(configuration: ReadConfiguration) throws
    /// Writes the document. `fileExporter` calls it when presented, and the browser downloads the wrapper's
    /// regular-file contents (a folder or more than 8 MB fails, and `onCompletion` hears why).
    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper
}

extension FileDocument {
    /// By default, the types the document reads.
    public static var writableContentTypes: [UTType] { readableContentTypes }
}

/// Why an export did not happen.
public enum FileExportError: Error, CustomStringConvertible, LocalizedError {
    /// The document's file wrapper is a folder, which a browser cannot download as one file.
    case notARegularFile
    /// The document is `bytes` long, more than `maximumBytes`.
    case tooLarge(bytes: Int)

    /// The most a download sent over the page's connection may hold.
    public static let maximumBytes = 8 * 1024 * 1024

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .notARegularFile: "the document's file wrapper holds no regular file's contents (a folder cannot be downloaded)"
        case .tooLarge(let bytes): "the document is \(bytes) bytes: a download holds at most \(FileExportError.maximumBytes)"
        }
    }
    /// What `error.localizedDescription` shows: the `description`.
    public var errorDescription: String? { description }
}

extension View {
    /// Saves `document` as a file when `isPresented` becomes true: the visitor's browser
    /// downloads it as `defaultFilename` (the type's extension added when it has none);
    /// `onCompletion` hears the file's name as a URL, or why it could not be written.
    public func fileExporter<D: FileDocument>(
        isPresented: Binding<Bool>, document: D?, contentType: UTType, defaultFilename: String? = nil,
        onCompletion: @escaping @MainActor (Swift.Result<URL, any Error>) -> Void
    ) -> some View {
        FileExporterView(
            content: self, isPresented: isPresented, export: document.map { document in { try document.fileWrapper(configuration: $0) } },
            contentType: contentType, defaultFilename: defaultFilename, onCompletion: onCompletion, onCancellation: {})
    }

    /// Saves `document` as `fileExporter(isPresented:document:contentType:defaultFilename:onCompletion:)`
    /// does; `onCancellation` runs instead when `document` is nil.
    public func fileExporter<D: FileDocument>(
        isPresented: Binding<Bool>, document: D?, contentType: UTType, defaultFilename: String? = nil,
        onCompletion: @escaping @MainActor (Swift.Result<URL, any Error>) -> Void, onCancellation: @escaping @MainActor () -> Void
    ) -> some View {
        FileExporterView(
            content: self, isPresented: isPresented, export: document.map { document in { try document.fileWrapper(configuration: $0) } },
            contentType: contentType, defaultFilename: defaultFilename, onCompletion: onCompletion, onCancellation: onCancellation)
    }
}

/// Writes the document when asked and hands the bytes to the page to download.
private struct FileExporterView<Content: View>: View {
    let content: Content
    let isPresented: Binding<Bool>
    let export: ((FileDocumentWriteConfiguration) throws -> FileWrapper)?
    let contentType: UTType
    let defaultFilename: String?
    let onCompletion: @MainActor (Swift.Result<URL, any Error>) -> Void
    let onCancellation: @MainActor () -> Void

    var body: some View {
        content.onChange(of: isPresented.wrappedValue, initial: true) { _, presented in
            guard presented else { return }
            isPresented.wrappedValue = false
            guard let export else {
                onCancellation()
                return
            }
            do {
                let file = try export(FileDocumentWriteConfiguration(contentType: contentType, existingFile: nil))
                guard let data = file.regularFileContents else { throw FileExportError.notARegularFile }
                guard data.count <= FileExportError.maximumBytes else { throw FileExportError.tooLarge(bytes: data.count) }
                var name = defaultFilename ?? file.preferredFilename ?? "Untitled"
                if let suffix = contentType.preferredFilenameExtension, !name.contains(".") { name += ".\(suffix)" }
                let sanitized = String(name.map { "/\\\n\r\t".contains($0) ? "-" : $0 })
                PageHost.acting?.download(data, named: sanitized, type: contentType.mimeTypes.first ?? "application/octet-stream")
                onCompletion(.success(URL(fileURLWithPath: sanitized)))
            } catch {
                onCompletion(.failure(error))
            }
        }
    }
}
