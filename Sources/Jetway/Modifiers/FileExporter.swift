import Foundation

// Documents an app saves and opens as files: `FileDocument` (its `fileWrapper(configuration:)`
// writes it, `init(configuration:)` reads it), `FileWrapper` (Foundation's on Apple's
// platforms, not on Linux), and `.fileExporter`: the visitor's browser downloads the document.

/// A file's contents: a regular file's bytes (or a folder of files).
open class FileWrapper: @unchecked Sendable {
    public private(set) var regularFileContents: Data?
    public private(set) var fileWrappers: [String: FileWrapper]?
    open var filename: String?
    open var preferredFilename: String?

    public init(regularFileWithContents contents: Data) {
        regularFileContents = contents
    }

    public init(directoryWithFileWrappers childrenByPreferredName: [String: FileWrapper]) {
        fileWrappers = childrenByPreferredName
    }

    open var isRegularFile: Bool { regularFileContents != nil }
    open var isDirectory: Bool { fileWrappers != nil }
}

/// What a document is read from: its type and its file.
public struct FileDocumentReadConfiguration {
    public let contentType: UTType
    public let file: FileWrapper
    public init(contentType: UTType, file: FileWrapper) {
        self.contentType = contentType
        self.file = file
    }
}

/// What a document is written as: its type, and the file it was read from, if any.
public struct FileDocumentWriteConfiguration {
    public let contentType: UTType
    public let existingFile: FileWrapper?
}

/// A document an app writes to a file and reads back (`struct Backup: FileDocument`).
public protocol FileDocument {
    typealias ReadConfiguration = FileDocumentReadConfiguration
    typealias WriteConfiguration = FileDocumentWriteConfiguration
    static var readableContentTypes: [UTType] { get }
    static var writableContentTypes: [UTType] { get }
    init(configuration: ReadConfiguration) throws
    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper
}

extension FileDocument {
    public static var writableContentTypes: [UTType] { readableContentTypes }
}

/// Why an export did not happen.
public enum FileExportError: Error, CustomStringConvertible, LocalizedError {
    case notARegularFile
    case tooLarge(bytes: Int)

    /// The most a download sent over the page's connection may hold.
    public static let maximumBytes = 8 * 1024 * 1024

    public var description: String {
        switch self {
        case .notARegularFile: "the document's file wrapper holds no regular file's contents (a folder cannot be downloaded)"
        case .tooLarge(let bytes): "the document is \(bytes) bytes: a download holds at most \(FileExportError.maximumBytes)"
        }
    }
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
