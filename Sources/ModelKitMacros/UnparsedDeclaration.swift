import SwiftSyntax

/// A declaration the macro hands to the compiler as the source text it wrote, without parsing it first.
///
/// The compiler receives a macro's expansion as text and parses it itself; the plug-in's own parse of that text
/// only builds a tree that is printed straight back (the macro's format mode is `.disabled`). In a debug build
/// swift-syntax's parser is unoptimized, and that parse was most of the plug-in's time and a third of a wide
/// model's whole compile. So the text travels in one token that prints as it is: the tree has the right kind
/// of node for the macro role, and its description is exactly the source.
enum UnparsedDeclaration {
    /// A member declaration (or several, one after the other) whose description is `source`.
    static func member(_ source: String) -> DeclSyntax {
        DeclSyntax(MissingDeclSyntax(placeholder: .identifier(source)))
    }

    /// An extension whose description is `source`, which must be `extension <type><clause> {` on its first line,
    /// the members, and `}` on its last.
    static func `extension`(_ source: String) -> ExtensionDeclSyntax {
        let header = source.prefix { $0 != "{" }
        let inside = source.dropFirst(header.count + 1).dropLast()
        let typeAndClause = header.dropFirst("extension ".count).trimmingSuffix(" ")
        return ExtensionDeclSyntax(
            extensionKeyword: .keyword(.extension, trailingTrivia: .space),
            extendedType: IdentifierTypeSyntax(name: .identifier(String(typeAndClause))),
            memberBlock: MemberBlockSyntax(
                leftBrace: .leftBraceToken(leadingTrivia: .space),
                members: [MemberBlockItemSyntax(decl: member(String(inside)))],
                rightBrace: .rightBraceToken()))
    }
}

extension Substring {
    /// The text without the trailing run of `character`.
    fileprivate func trimmingSuffix(_ character: Character) -> Substring {
        var result = self
        while result.last == character { result = result.dropLast() }
        return result
    }
}
