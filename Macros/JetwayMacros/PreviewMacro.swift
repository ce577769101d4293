// `#Preview` and `@Previewable`: the compiler plugin behind Jetway's preview macros.
//
// Not a SwiftPM target: a `.macro` target must depend on the swift-syntax package, which cannot
// be fetched here. `make macros` builds this file against the SwiftSyntax host modules the
// toolchain ships (usr/lib/swift/host) into libJetwayMacros.so and puts it in the toolchain's
// own plugin folder (usr/local/lib/swift/host/plugins), where the compiler looks for plugins
// without being told (docs/previews.md).
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `#Preview("name", traits: …) { body }` becomes a type the previews page finds by itself:
///
/// ```swift
/// @MainActor struct $…JetwayPreview…: Jetway.PreviewRegistry {
///     static var fileID: String { "App/BoardView.swift" }
///     static var line: Int { 42 }
///     static var name: String? { "name" }
///     static var traits: [Jetway.PreviewTrait<Jetway.Preview.ViewTraits>] { [ … ] }
///     struct JetwayPreviewContent: Jetway.View {
///         @State var value = 1                    // each `@Previewable` declaration
///         var body: some Jetway.View { body }     // the rest of the closure
///     }
///     static func makeContent() -> JetwayPreviewContent { JetwayPreviewContent() }
/// }
/// ```
public struct PreviewMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        var name: ExprSyntax = "nil"
        var traits: [ExprSyntax] = []
        var closure = node.trailingClosure
        for argument in node.arguments {
            switch argument.label?.text {
            case nil where closure == nil && argument.expression.is(ClosureExprSyntax.self):
                closure = argument.expression.as(ClosureExprSyntax.self)
            case nil where traits.isEmpty:
                name = argument.expression.trimmed
            case "body":
                closure = argument.expression.as(ClosureExprSyntax.self)
            default:  // `traits:` and the traits after it
                traits.append(argument.expression.trimmed)
            }
        }
        guard let closure else {
            throw DiagnosticsError(diagnostics: [
                Diagnostic(
                    node: Syntax(node), message: PreviewMessage("#Preview needs a closure that makes the view: #Preview { MyView() }"))
            ])
        }

        var properties: [String] = []
        var statements: [String] = []
        for item in closure.statements {
            if let variable = item.item.as(VariableDeclSyntax.self), variable.attributes.contains(where: Self.isPreviewable) {
                let kept = variable.attributes.filter { !Self.isPreviewable($0) }
                properties.append(variable.with(\.attributes, kept).trimmedDescription)
            } else {
                statements.append(item.trimmedDescription)
            }
        }

        // A closure that says `return` (setting up a model first, then `return MyView(model)`)
        // is a plain body, as Swift treats a closure with a return: no view builder.
        let returns = closure.statements.contains { $0.item.is(ReturnStmtSyntax.self) }
        let builder = returns ? "" : "@Jetway.ViewBuilder "
        let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID)
        let file: ExprSyntax = location?.file ?? "#fileID"
        let line: ExprSyntax = location?.line ?? "#line"
        let type = context.makeUniqueName("JetwayPreview")
        let traitList = traits.map(\.description).joined(separator: ", ")
        return [
            """
            @MainActor struct \(type): Jetway.PreviewRegistry {
                nonisolated static var fileID: String { \(file) }
                nonisolated static var line: Int { \(line) }
                nonisolated static var name: String? { \(name) }
                static var traits: [Jetway.PreviewTrait<Jetway.Preview.ViewTraits>] { [\(raw: traitList)] }
                struct JetwayPreviewContent: Jetway.View {
                    \(raw: properties.joined(separator: "\n"))
                    \(raw: builder)var body: some Jetway.View {
                        \(raw: statements.joined(separator: "\n"))
                    }
                }
                static func makeContent() -> JetwayPreviewContent { JetwayPreviewContent() }
            }
            """
        ]
    }

    static func isPreviewable(_ attribute: AttributeListSyntax.Element) -> Bool {
        guard case .attribute(let attribute) = attribute else { return false }
        let name = attribute.attributeName.trimmedDescription
        return name == "Previewable" || name.hasSuffix(".Previewable")
    }
}

/// `@Previewable` marks a `#Preview`'s state; `#Preview` moves it into the preview's view, so on
/// its own it adds nothing.
public struct PreviewableMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}

struct PreviewMessage: DiagnosticMessage {
    let message: String
    init(_ message: String) { self.message = message }
    var diagnosticID: MessageID { MessageID(domain: "Jetway", id: "Preview") }
    var severity: DiagnosticSeverity { .error }
}
