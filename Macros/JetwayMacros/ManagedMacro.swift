// `@Managed`: the compiler plugin behind JetwayCoreData's stand-in for `@NSManaged` (which
// `jetway port` writes `@Managed`: `@NSManaged` needs the Objective-C runtime).
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Managed var title: String?` becomes a property kept by the object's context:
///
/// ```swift
/// var title: String? {
///     get { managedValue(forKey: "title") }
///     set { setManagedValue(newValue, forKey: "title") }
/// }
/// ```
public struct ManagedMacro: AccessorMacro {
    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1,
            let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else {
            context.diagnose(Diagnostic(node: Syntax(node), message: ManagedMessage()))
            return []
        }
        let key = name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
        return [
            "get { managedValue(forKey: \(literal: key)) }",
            "set { setManagedValue(newValue, forKey: \(literal: key)) }",
        ]
    }
}

struct ManagedMessage: DiagnosticMessage {
    var message: String { "@Managed goes on one stored property of a managed object: `@Managed var title: String?`" }
    var diagnosticID: MessageID { MessageID(domain: "JetwayMacros", id: "Managed") }
    var severity: DiagnosticSeverity { .error }
}
