import Foundation

/// A Core Data model as Xcode's model editor writes it (`Name.xcdatamodeld/Name.xcdatamodel/
/// contents`, XML): its entities, their attributes and relationships, and which classes Xcode
/// generates for them. Read by `jetway port` (the classes Xcode would generate are written as
/// source) and by JetwayCoreData at run time (`NSPersistentContainer(name:)` finds its model).
public struct DataModel: Sendable, Equatable {
    /// An entity: the kind of object its instances are.
    public struct Entity: Sendable, Equatable {
        /// The entity's name.
        public var name: String
        /// The Swift class of its objects (`representedClassName`; the entity's name if none).
        public var className: String
        /// What Xcode generates: `class` (the class and its properties), `category` (the
        /// properties, in an extension of the app's own class), or nothing (`manual`).
        public var codeGeneration: CodeGeneration
        /// Its attributes, as the model lists them.
        public var attributes: [Attribute]
        /// Its relationships to other entities.
        public var relationships: [Relationship]

        /// An entity of these parts.
        public init(
            name: String, className: String, codeGeneration: CodeGeneration, attributes: [Attribute], relationships: [Relationship]
        ) {
            self.name = name
            self.className = className
            self.codeGeneration = codeGeneration
            self.attributes = attributes
            self.relationships = relationships
        }
    }

    /// Xcode's code generation setting for an entity.
    public enum CodeGeneration: String, Sendable, Equatable {
        /// Xcode writes the class, only an extension (a category), or nothing (manual).
        case `class`, category, manual
    }

    /// A stored value of an entity's objects.
    public struct Attribute: Sendable, Equatable {
        /// The attribute's name.
        public var name: String
        /// Xcode's type name: `String`, `Integer 16`, `Double`, `Boolean`, `Date`, `UUID`, …
        public var type: String
        /// Whether it may be nil.
        public var isOptional: Bool
        /// Xcode stores numbers and booleans as Swift scalars unless told otherwise.
        public var usesScalarValueType: Bool
        /// Its default as the model writes it, if any.
        public var defaultValue: String?
    }

    /// A link from an entity's objects to others.
    public struct Relationship: Sendable, Equatable {
        /// The relationship's name.
        public var name: String
        /// The entity it leads to.
        public var destination: String
        /// The destination's relationship back, if the model names one.
        public var inverse: String?
        /// Whether it holds many objects (a set, or an ordered set) rather than one.
        public var isToMany: Bool
        /// Whether a to-many relationship keeps its order.
        public var isOrdered: Bool
        /// Whether it may be empty (nil for a to-one).
        public var isOptional: Bool
        /// `Nullify`, `Cascade`, `Deny` or `No Action`.
        public var deleteRule: String
    }

    /// The model's name (the `.xcdatamodeld` folder's, without the extension).
    public var name: String
    /// The model's entities.
    public var entities: [Entity]

    /// A model of these entities.
    public init(name: String, entities: [Entity]) {
        self.name = name
        self.entities = entities
    }

    /// Reads a model's `contents` XML; nil when it is not a Core Data model.
    public init?(name: String, xml: String) {
        guard xml.contains("<model") else { return nil }
        self.name = name
        entities = []
        for block in Self.blocks("entity", in: xml) {
            let tag = Self.attributes(of: block.tag)
            guard let entityName = tag["name"] else { continue }
            var entity = Entity(
                name: entityName, className: Self.className(tag["representedClassName"]) ?? entityName,
                codeGeneration: CodeGeneration(rawValue: tag["codeGenerationType"] ?? "manual") ?? .manual, attributes: [],
                relationships: [])
            for element in Self.tags("attribute", in: block.body) {
                let attribute = Self.attributes(of: element)
                guard let name = attribute["name"] else { continue }
                entity.attributes.append(
                    Attribute(
                        name: name, type: attribute["attributeType"] ?? "String", isOptional: attribute["optional"] == "YES",
                        usesScalarValueType: attribute["usesScalarValueType"] != "NO", defaultValue: attribute["defaultValueString"]))
            }
            for element in Self.tags("relationship", in: block.body) {
                let relationship = Self.attributes(of: element)
                guard let name = relationship["name"], let destination = relationship["destinationEntity"] else { continue }
                entity.relationships.append(
                    Relationship(
                        name: name, destination: destination, inverse: relationship["inverseName"],
                        isToMany: relationship["toMany"] == "YES", isOrdered: relationship["ordered"] == "YES",
                        isOptional: relationship["optional"] == "YES", deleteRule: relationship["deletionRule"] ?? "Nullify"))
            }
            entities.append(entity)
        }
    }

    /// The model a `.xcdatamodeld` folder holds: its current version (`.xccurrentversion`),
    /// or its only one.
    public static func read(modelFolder: URL) -> DataModel? {
        let manager = FileManager.default
        let name = modelFolder.deletingPathExtension().lastPathComponent
        var version: String?
        if let current = try? String(contentsOf: modelFolder.appendingPathComponent(".xccurrentversion"), encoding: .utf8),
            let range = current.range(of: #"<string>[^<]+\.xcdatamodel</string>"#, options: .regularExpression)
        {
            version = String(current[range].dropFirst("<string>".count).dropLast("</string>".count))
        }
        if version == nil {
            version = (try? manager.contentsOfDirectory(atPath: modelFolder.path))?.filter { $0.hasSuffix(".xcdatamodel") }.sorted().last
        }
        guard let version,
            let xml = try? String(
                contentsOf: modelFolder.appendingPathComponent(version).appendingPathComponent("contents"), encoding: .utf8)
        else { return nil }
        return DataModel(name: name, xml: xml)
    }

    /// Every `.xcdatamodeld` under `folder` (not inside build folders), by path.
    public static func find(under folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if name == ".build" || name == ".git" || name.hasSuffix(".xcassets") {
                walker.skipDescendants()
            } else if name.hasSuffix(".xcdatamodeld") {
                found.append(url)
                walker.skipDescendants()
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// A represented class's Swift name: `.Note` (the current module's) and `App.Note` are `Note`.
    private static func className(_ represented: String?) -> String? {
        guard let name = represented?.split(separator: ".").last, !name.isEmpty else { return nil }
        return String(name)
    }

    // MARK: Reading the XML (the model editor's: one element per tag, attributes in quotes)

    private static func blocks(_ element: String, in xml: String) -> [(tag: String, body: String)] {
        var result: [(String, String)] = []
        var rest = xml[...]
        while let open = rest.range(of: "<\(element) ") ?? rest.range(of: "<\(element)>") {
            guard let tagEnd = rest[open.lowerBound...].firstIndex(of: ">") else { break }
            let tag = String(rest[open.lowerBound...tagEnd])
            if tag.hasSuffix("/>") {
                result.append((tag, ""))
                rest = rest[rest.index(after: tagEnd)...]
                continue
            }
            guard let close = rest[tagEnd...].range(of: "</\(element)>") else { break }
            result.append((tag, String(rest[rest.index(after: tagEnd)..<close.lowerBound])))
            rest = rest[close.upperBound...]
        }
        return result
    }

    private static func tags(_ element: String, in xml: String) -> [String] {
        var result: [String] = []
        var rest = xml[...]
        while let open = rest.range(of: "<\(element) "), let end = rest[open.lowerBound...].firstIndex(of: ">") {
            result.append(String(rest[open.lowerBound...end]))
            rest = rest[rest.index(after: end)...]
        }
        return result
    }

    private static func attributes(of tag: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = tag[...]
        while let equals = rest.range(of: "=\"") {
            let before = rest[..<equals.lowerBound]
            let name = before.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "<" }).last.map(String.init) ?? ""
            guard let close = rest[equals.upperBound...].firstIndex(of: "\"") else { break }
            result[name] = unescape(String(rest[equals.upperBound..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return result
    }

    private static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
