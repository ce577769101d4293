import Foundation

/// The source Xcode generates at build time for a Core Data model's entities whose code
/// generation is `Class Definition` (the class and its properties) or `Category/Extension`
/// (the properties, for the app's own class): `jetway port` writes it as a file, as Xcode's
/// generated source is not in the project. The properties are `@Managed` (JetwayCoreData's
/// stand-in for `@NSManaged`, which needs the Objective-C runtime), typed as Xcode types them.
public struct DataModelClasses: Sendable {
    /// The file `jetway port` writes beside a project's sources.
    public static let fileName = "GeneratedDataModelClasses.swift"
    /// The models whose entities it generates for.
    public var models: [DataModel]

    /// The classes of these models.
    public init(models: [DataModel]) { self.models = models }

    /// The models of every `.xcdatamodeld` under `folder`.
    public init(modelsIn folder: URL) {
        models = DataModel.find(under: folder).compactMap { DataModel.read(modelFolder: $0) }
    }

    /// The entities whose source is generated.
    public var generated: [DataModel.Entity] {
        models.flatMap(\.entities).filter { $0.codeGeneration != .manual }
    }

    /// Whether no entity has generated code (no file to write).
    public var isEmpty: Bool { generated.isEmpty }

    /// The Swift source of the file.
    public var source: String {
        var out = "// Written by `jetway port`: what Xcode generates for the Core Data model's entities.\n"
        out += "import Foundation\nimport JetwayCoreData\n"
        for entity in generated {
            let type = entity.className
            if entity.codeGeneration == .class {
                out += "\npublic class \(type): NSManagedObject {}\n"
            }
            out += "\nextension \(type) {\n"
            out += "    @nonobjc public class func fetchRequest() -> NSFetchRequest<\(type)> {\n"
            out += "        NSFetchRequest<\(type)>(entityName: \"\(entity.name)\")\n    }\n"
            for attribute in entity.attributes {
                out += "    @Managed public var \(attribute.name): \(Self.swiftType(of: attribute))\n"
            }
            for relationship in entity.relationships {
                let destination =
                    models.flatMap(\.entities).first { $0.name == relationship.destination }?.className ?? relationship.destination
                let swiftType = relationship.isToMany ? (relationship.isOrdered ? "NSOrderedSet?" : "NSSet?") : "\(destination)?"
                out += "    @Managed public var \(relationship.name): \(swiftType)\n"
            }
            out += "}\n"
            for relationship in entity.relationships where relationship.isToMany {
                let destination =
                    models.flatMap(\.entities).first { $0.name == relationship.destination }?.className ?? relationship.destination
                let capitalized = relationship.name.prefix(1).uppercased() + relationship.name.dropFirst()
                let set = relationship.isOrdered ? "NSOrderedSet" : "NSSet"
                out += "\n// Generated accessors for \(relationship.name)\nextension \(type) {\n"
                out +=
                    "    public func addTo\(capitalized)(_ value: \(destination)) { addManagedObjects([value], toKey: \"\(relationship.name)\") }\n"
                out +=
                    "    public func removeFrom\(capitalized)(_ value: \(destination)) { removeManagedObjects([value], fromKey: \"\(relationship.name)\") }\n"
                out +=
                    "    public func addTo\(capitalized)(_ values: \(set)) { addManagedObjects(values, toKey: \"\(relationship.name)\") }\n"
                out +=
                    "    public func removeFrom\(capitalized)(_ values: \(set)) { removeManagedObjects(values, fromKey: \"\(relationship.name)\") }\n"
                out += "}\n"
            }
            out += "\nextension \(type): Identifiable {}\n"
        }
        return out
    }

    /// The Swift type Xcode gives an attribute: scalars for numbers and booleans (unless the
    /// model says otherwise), optionals for the rest.
    static func swiftType(of attribute: DataModel.Attribute) -> String {
        let scalar = attribute.usesScalarValueType
        switch attribute.type {
        case "Integer 16": return scalar ? "Int16" : "NSNumber?"
        case "Integer 32": return scalar ? "Int32" : "NSNumber?"
        case "Integer 64": return scalar ? "Int64" : "NSNumber?"
        case "Double": return scalar ? "Double" : "NSNumber?"
        case "Float": return scalar ? "Float" : "NSNumber?"
        case "Boolean": return scalar ? "Bool" : "NSNumber?"
        case "Decimal": return "Decimal?"
        case "Date": return "Date?"
        case "Binary": return "Data?"
        case "UUID": return "UUID?"
        case "URI": return "URL?"
        case "Transformable": return "NSObject?"
        default: return "String?"
        }
    }
}
