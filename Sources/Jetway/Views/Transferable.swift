import Foundation

// `Transferable`: what a value is when it leaves the app (a share, a drag) and how it is made
// from what comes in (a drop). A browser carries text, URLs and files' bytes; a type says which
// of them it is, in the order it prefers, with `transferRepresentation` — its own conversions or
// another Transferable's (`ProxyRepresentation`), or its JSON (`CodableRepresentation`).
//
// ```swift
// enum Dropped: Transferable {
//     case text(String), link(URL)
//     static var transferRepresentation: some TransferRepresentation {
//         ProxyRepresentation { Dropped.link($0) }      // a URL, first
//         ProxyRepresentation { Dropped.text($0) }      // else any text
//     }
// }
// ```

/// Something that can be shared, dragged and dropped.
public protocol Transferable {
    /// The type of `transferRepresentation`.
    associatedtype Representation: TransferRepresentation
    /// How the type is carried: its representations, the preferred first.
    @TransferRepresentationBuilder<Self> static var transferRepresentation: Representation { get }
}

/// One thing a browser carries: text, a URL, or a file's bytes (with its type).
public enum _TransferItem: Sendable, Equatable {
    /// Text.
    case text(String)
    /// A URL.
    case url(URL)
    /// A file's bytes, with its MIME `type`.
    case data(Data, type: String)

    /// The item as text (a URL's address; bytes as UTF-8, when they are).
    var text: String? {
        switch self {
        case .text(let text): text
        case .url(let url): url.absoluteString
        case .data(let data, _): String(data: data, encoding: .utf8)
        }
    }
}

/// How one type converts to and from what a browser carries.
public struct _TransferConversion<Item> {
    let importing: ((_TransferItem) throws -> Item?)?
    let exporting: ((Item) throws -> _TransferItem?)?
}

/// A way a `Transferable` type is carried (see `Transferable`).
public protocol TransferRepresentation<Item> {
    /// The type the representation carries.
    associatedtype Item
    /// The representation's conversions; Jetway's plumbing, not for apps.
    var _conversions: [_TransferConversion<Item>] { get }
}

extension Transferable {
    /// The conversions of the type's representations (`some TransferRepresentation` hides
    /// that they are this type's: the builder made them for `Self`).
    static var conversions: [_TransferConversion<Self>] {
        transferRepresentation._conversions as? [_TransferConversion<Self>] ?? []
    }

    /// The first item any representation exports, tried in order.
    static func _export(_ value: Self) -> _TransferItem? {
        for conversion in conversions {
            if let export = conversion.exporting, let item = try? export(value) { return item }
        }
        return nil
    }

    /// The first value a representation makes of `item`, tried in order.
    static func _import(_ item: _TransferItem) -> Self? {
        for conversion in conversions {
            if let make = conversion.importing, let value = try? make(item) { return value }
        }
        return nil
    }

    /// What a share or a drag carries as text.
    var sharedText: String? { Self._export(self)?.text }
}

/// Collects a type's representations, in the order written.
@resultBuilder
public enum TransferRepresentationBuilder<Item> {
    /// Takes one representation's conversions; the builder's plumbing, not for apps.
    public static func buildExpression<R: TransferRepresentation>(_ representation: R) -> [_TransferConversion<Item>]
    where R.Item == Item {
        representation._conversions
    }
    /// Joins the representations in order; the builder's plumbing, not for apps.
    public static func buildBlock(_ parts: [_TransferConversion<Item>]...) -> _TransferRepresentations<Item> {
        _TransferRepresentations(_conversions: parts.flatMap { $0 })
    }
    /// Starts with the first representation; the builder's plumbing, not for apps.
    public static func buildPartialBlock(first: [_TransferConversion<Item>]) -> [_TransferConversion<Item>] { first }
    /// Adds the next representation after the others; the builder's plumbing, not for apps.
    public static func buildPartialBlock(accumulated: [_TransferConversion<Item>], next: [_TransferConversion<Item>])
        -> [_TransferConversion<Item>]
    {
        accumulated + next
    }
    /// The representations collected; the builder's plumbing, not for apps.
    public static func buildFinalResult(_ parts: [_TransferConversion<Item>]) -> _TransferRepresentations<Item> {
        _TransferRepresentations(_conversions: parts)
    }
    /// The representations collected; the builder's plumbing, not for apps.
    public static func buildFinalResult(_ parts: _TransferRepresentations<Item>) -> _TransferRepresentations<Item> { parts }
}

/// Representations in order (what `TransferRepresentationBuilder` makes).
public struct _TransferRepresentations<Item>: TransferRepresentation {
    /// The conversions, in order; Jetway's plumbing, not for apps.
    public let _conversions: [_TransferConversion<Item>]
}

/// A representation by another `Transferable` type: `ProxyRepresentation(exporting: \.url)`
/// carries the value as its URL; `ProxyRepresentation { Item(text: $0) }` makes one from text.
public struct ProxyRepresentation<Item: Transferable, Proxy: Transferable>: TransferRepresentation {
    /// The conversion through `Proxy`; Jetway's plumbing, not for apps.
    public let _conversions: [_TransferConversion<Item>]

    /// Carries the value as the `Proxy` that `exporting` makes of it (a share, a drag); it is not made
    /// from what is dropped.
    public init(exporting: @escaping (Item) throws -> Proxy) {
        _conversions = [_TransferConversion(importing: nil, exporting: { Proxy._export(try exporting($0)) })]
    }

    /// Makes a value from a dropped `Proxy` with `importing`; the value is not carried out.
    public init(importing: @escaping (Proxy) throws -> Item) {
        _conversions = [_TransferConversion(importing: { item in try Proxy._import(item).map(importing) }, exporting: nil)]
    }

    /// Carries the value as the `Proxy` that `exporting` makes, and makes one from a dropped `Proxy`
    /// with `importing`.
    public init(exporting: @escaping (Item) throws -> Proxy, importing: @escaping (Proxy) throws -> Item) {
        _conversions = [
            _TransferConversion(
                importing: { item in try Proxy._import(item).map(importing) }, exporting: { Proxy._export(try exporting($0)) })
        ]
    }
}

/// A `Codable` value carried as its JSON text.
public struct CodableRepresentation<Item: Transferable & Codable>: TransferRepresentation {
    /// The JSON conversion; Jetway's plumbing, not for apps.
    public let _conversions: [_TransferConversion<Item>]

    /// The value carried as JSON text, and made from dropped JSON text. `contentType` is accepted so
    /// SwiftUI code compiles and ignored: the JSON travels as text.
    public init(for itemType: Item.Type = Item.self, contentType: UTType = .json) {
        _conversions = [
            _TransferConversion(
                importing: { item in try item.text.map { try JSONDecoder().decode(Item.self, from: Data($0.utf8)) } },
                exporting: { value in String(data: try JSONEncoder().encode(value), encoding: .utf8).map(_TransferItem.text) })
        ]
    }
}

extension String: Transferable {
    /// A string is carried as text, and made from any item that is text (a URL's address, UTF-8 bytes).
    public static var transferRepresentation: _TransferRepresentations<String> {
        _TransferRepresentations(_conversions: [_TransferConversion(importing: { $0.text }, exporting: { .text($0) })])
    }
}

extension Substring: Transferable {
    /// A substring is carried as text, and made from any item that is text.
    public static var transferRepresentation: _TransferRepresentations<Substring> {
        _TransferRepresentations(_conversions: [
            _TransferConversion(importing: { item in item.text.map { Substring($0) } }, exporting: { .text(String($0)) })
        ])
    }
}

extension URL: Transferable {
    /// A URL item, or text that is an absolute `http`/`https`/`data` address.
    public static var transferRepresentation: _TransferRepresentations<URL> {
        _TransferRepresentations(_conversions: [
            _TransferConversion(
                importing: { item in
                    if case .url(let url) = item { return url }
                    guard case .text(let text) = item, let url = URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines)),
                        let scheme = url.scheme?.lowercased(), ["http", "https", "data"].contains(scheme)
                    else { return nil }
                    return url
                }, exporting: { .url($0) })
        ])
    }
}

extension Data: Transferable {
    /// A dropped file's bytes, or those of a `data:` address.
    public static var transferRepresentation: _TransferRepresentations<Data> {
        _TransferRepresentations(_conversions: [
            _TransferConversion(
                importing: { item in
                    switch item {
                    case .data(let data, _): return data
                    case .url(let url): return Data.fromDataAddress(url.absoluteString)
                    case .text(let text): return Data.fromDataAddress(text)
                    }
                }, exporting: { .data($0, type: "application/octet-stream") })
        ])
    }

    /// The bytes of `data:…;base64,…` (nil for anything else).
    static func fromDataAddress(_ text: String) -> Data? {
        guard text.hasPrefix("data:"), let comma = text.firstIndex(of: ","), text[..<comma].hasSuffix(";base64") else { return nil }
        return Data(base64Encoded: String(text[text.index(after: comma)...]))
    }
}
