import SwiftSyntax
import SwiftSyntaxMacros

/// `@Key` and `@Ignored` only mark properties; `@DictionaryModel` reads them.
public struct MarkerMacro: PeerMacro {
    /// Adds nothing: the attribute is read by `@DictionaryModel`.
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
