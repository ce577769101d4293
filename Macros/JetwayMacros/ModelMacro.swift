// `@Model` and its companions: the compiler plugin behind JetwaySwiftData (what `jetway port`
// makes of `import SwiftData`).
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Model final class Trip { var name: String; @Relationship(deleteRule: .cascade) var stops:
/// [Stop] = [] }` becomes a persistent model:
///
/// ```swift
/// final class Trip {
///     @_PersistedProperty var name: String          // kept by the model's backing data
///     @_PersistedProperty @Relationship(deleteRule: .cascade) var stops: [Stop] = []
///
///     let _$backingData = JetwaySwiftData.ModelBackingData()
///     static var schemaMetadata: [JetwaySwiftData.Schema.PropertyMetadata] {
///         [.attribute("name", \Trip.name), .relationship("stops", \Trip.stops, deleteRule: .cascade)]
///     }
///     required init(backingData: JetwaySwiftData.ModelRow) {   // a model read from the store
///         self.name = backingData.value("name")
///         self.stops = backingData.value("stops", default: [])
///     }
/// }
/// extension Trip: JetwaySwiftData.PersistentModel {}
/// ```
public struct ModelMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
    /// A stored property the model keeps: its name, its initial value, and its `@Attribute` or
    /// `@Relationship` arguments.
    struct Persisted {
        let name: String
        let initializer: ExprSyntax?
        let attribute: AttributeSyntax?
        let isRelationship: Bool
    }

    static func persisted(in declaration: some DeclGroupSyntax) -> [Persisted] {
        declaration.memberBlock.members.compactMap { member in
            guard let variable = member.decl.as(VariableDeclSyntax.self), isPersisted(variable),
                let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            else { return nil }
            let relationship = attribute(named: "Relationship", in: variable)
            return Persisted(
                name: name, initializer: binding.initializer?.value.trimmed,
                attribute: relationship ?? attribute(named: "Attribute", in: variable), isRelationship: relationship != nil)
        }
    }

    /// The `let`s with no initial value: set once, by the initialiser or from the store, and
    /// saved (read through their key paths).
    static func constants(in declaration: some DeclGroupSyntax) -> [Persisted] {
        declaration.memberBlock.members.compactMap { member in
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.let),
                variable.bindings.count == 1, let binding = variable.bindings.first, binding.initializer == nil,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                !variable.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }),
                attribute(named: "Transient", in: variable) == nil
            else { return nil }
            let relationship = attribute(named: "Relationship", in: variable)
            return Persisted(
                name: name, initializer: nil, attribute: relationship ?? attribute(named: "Attribute", in: variable),
                isRelationship: relationship != nil)
        }
    }

    /// A `var` with one name, stored (no accessors of its own), not static, lazy or `@Transient`.
    static func isPersisted(_ variable: VariableDeclSyntax) -> Bool {
        guard variable.bindingSpecifier.tokenKind == .keyword(.var), variable.bindings.count == 1,
            let binding = variable.bindings.first, binding.pattern.is(IdentifierPatternSyntax.self), binding.accessorBlock == nil
        else { return false }
        let modifiers = variable.modifiers.map(\.name.text)
        if modifiers.contains("static") || modifiers.contains("class") || modifiers.contains("lazy") { return false }
        return attribute(named: "Transient", in: variable) == nil && attribute(named: "_PersistedProperty", in: variable) == nil
    }

    static func attribute(named name: String, in variable: VariableDeclSyntax) -> AttributeSyntax? {
        for element in variable.attributes {
            guard case .attribute(let attribute) = element else { continue }
            let written = attribute.attributeName.trimmedDescription
            if written == name || written.hasSuffix(".\(name)") { return attribute }
        }
        return nil
    }

    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let type = declaration.as(ClassDeclSyntax.self)?.name.trimmedDescription else {
            throw DiagnosticsError(diagnostics: [
                Diagnostic(node: Syntax(node), message: ModelMessage("@Model goes on a class: `@Model final class Trip { … }`"))
            ])
        }
        let constants = constants(in: declaration)
        let properties = persisted(in: declaration)
        let metadata = (constants + properties).map { property -> String in
            let kind = property.isRelationship ? "relationship" : "attribute"
            var arguments = "\(literalString(property.name)), \\\(type).\(property.name)"
            if let list = property.attribute?.arguments?.as(LabeledExprListSyntax.self), !list.isEmpty {
                arguments += ", " + list.trimmedDescription
            }
            return ".\(kind)(\(arguments))"
        }
        // Properties with no initial value first (their init accessors initialise them); then the
        // others, which are set once `self` is whole.
        let ordered = constants + properties.filter { $0.initializer == nil } + properties.filter { $0.initializer != nil }
        let reads = ordered.map { property -> String in
            if let initial = property.initializer {
                return "self.\(property.name) = backingData.value(\(literalString(property.name)), default: \(initial.description))"
            }
            return "self.\(property.name) = backingData.value(\(literalString(property.name)))"
        }
        return [
            "public let _$backingData = JetwaySwiftData.ModelBackingData()",
            """
            public static var schemaMetadata: [JetwaySwiftData.Schema.PropertyMetadata] {
                [\(raw: metadata.joined(separator: ",\n"))]
            }
            """,
            """
            public required init(backingData: JetwaySwiftData.ModelRow) {
                \(raw: reads.joined(separator: "\n"))
            }
            """,
        ]
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingAttributesFor member: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard let variable = member.as(VariableDeclSyntax.self), isPersisted(variable) else { return [] }
        return ["@JetwaySwiftData._PersistedProperty"]
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(ClassDeclSyntax.self) else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): JetwaySwiftData.PersistentModel {}")]
    }

    static func literalString(_ text: String) -> String {
        let name = text.hasPrefix("`") ? String(text.dropFirst().dropLast()) : text
        return "\"\(name)\""
    }
}

/// A persisted property's accessors: its value is kept by the model's backing data, read and
/// changed under observation (views that show it render again), related models kept in step.
public struct PersistedPropertyMacro: AccessorMacro {
    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self), ModelMacro.isPersisted(variable) || hasOnlyThisMacro(variable),
            let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return [] }
        let key = ModelMacro.literalString(name)
        return [
            "@storageRestrictions(accesses: _$backingData) init(initialValue) { _$backingData.initialize(\(raw: key), to: initialValue) }",
            "get { _$backingData.value(of: self, \(raw: key)) }",
            "set { _$backingData.setValue(of: self, \(raw: key), to: newValue) }",
        ]
    }

    static func hasOnlyThisMacro(_ variable: VariableDeclSyntax) -> Bool {
        variable.bindingSpecifier.tokenKind == .keyword(.var) && variable.bindings.count == 1
            && variable.bindings.first?.accessorBlock == nil && ModelMacro.attribute(named: "Transient", in: variable) == nil
    }
}

/// `@Attribute`, `@Relationship` and `@Transient` say what `@Model` does with a property (it
/// reads them); on their own they add nothing.
public struct ModelPropertyMarkerMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] { [] }
}

struct ModelMessage: DiagnosticMessage {
    let message: String
    init(_ message: String) { self.message = message }
    var diagnosticID: MessageID { MessageID(domain: "JetwayMacros", id: "Model") }
    var severity: DiagnosticSeverity { .error }
}
