import SwiftParser
import SwiftSyntax
import Testing

@testable import ModelKitMacros

// The macro writes its expansion with these two instead of swift-syntax's `trimmedDescription` and the standard
// library's `split`/`joined`, which cost a debug build of the plugin most of its own time; they must give the
// same text.
@Suite("The expansion's text")
struct ExpansionTextTests {
    @Test(
        "trimmedText is trimmedDescription for every node of declarations with comments, odd spacing, non-ASCII text and missing tokens"
    )
    func trimmedTextIsTrimmedDescription() {
        let file = Parser.parse(
            source: """
                /// A shelf.
                @DictionaryModel(keyStrategy: .snakeCase)  // trailing
                public struct Shelf<Item: Sendable> {
                    @Key("id" /* inner */, "shelf.id") var shelfID: [ Int ]  = [ 1 ,2 ]   // note
                    var items: [String: Item?]? = nil
                    var emoji = "📚 書架"
                    @Transform(.iso8601) var date: Date?; var a = 1, b: Int
                    var total: Int { items?.count ?? 0 }
                }
                enum Pet { case dog(Dog), cat( Cat ) }
                struct Broken { var x: = 1; @Key( var y }
                """)
        let nodes = AllNodes(viewMode: .sourceAccurate)
        nodes.walk(file)
        #expect(nodes.visited.count > 200)
        for node in nodes.visited {
            #expect(node.trimmedText == node.trimmedDescription, "\(node.kind)")
        }
    }

    @Test("indented indents every line that is not empty and keeps the rest, for every text of up to five lines")
    func indentedMatchesLineByLineIndentation() {
        let pieces = ["", "a", " x", "é文", "\t"]
        var texts = [""]
        for _ in 1...5 {
            texts += texts.flatMap { text in pieces.map { text.isEmpty ? $0 : text + "\n" + $0 } }
        }
        texts += ["\n", "\n\n", "a\n", "a\n\n", "\na"]
        for text in Set(texts) {
            for spaces in [0, 4] {
                let expected = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.isEmpty ? "" : String(repeating: " ", count: spaces) + $0 }
                    .joined(separator: "\n")
                #expect(indented(text, by: spaces) == expected, "\(text.debugDescription) by \(spaces)")
            }
        }
    }
}

/// Every node of a tree, in order.
private final class AllNodes: SyntaxAnyVisitor {
    var visited: [Syntax] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        visited.append(node)
        return .visitChildren
    }
}
