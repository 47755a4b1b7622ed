import Foundation
import ModelKitMacros
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Expands ModelKit's macros in a source text the way the compiler does, for expansion tests.
enum MacroExpansion {
    // The conformances are the ones `@DictionaryModel`'s declaration lists, so the test sees what the compiler asks.
    static let specs: [String: MacroSpec] = [
        "DictionaryModel": MacroSpec(
            type: DictionaryModelMacro.self,
            conformances: ["KeyedModel", "ModelDecodable", "ModelEncodable", "Decodable", "Encodable"]),
        "Key": MacroSpec(type: MarkerMacro.self),
        "Ignored": MacroSpec(type: MarkerMacro.self),
        "Transform": MacroSpec(type: TransformMacro.self),
    ]

    /// The expanded source and the diagnostics the macros reported, for writing the expected text of a new test.
    static func expand(_ source: String) -> (source: String, diagnostics: [String]) {
        let file = Parser.parse(source: source)
        let context = BasicMacroExpansionContext(
            sourceFiles: [file: .init(moduleName: "TestModule", fullFilePath: "test.swift")])
        let expanded = file.expand(macroSpecs: specs, contextGenerator: { _ in context }, indentationWidth: .spaces(4))
        let diagnostics = context.diagnostics.map { diagnostic in
            let location = diagnostic.location(converter: SourceLocationConverter(fileName: "test.swift", tree: file))
            let notes = diagnostic.notes.map { note in
                let noteLocation = note.location(converter: SourceLocationConverter(fileName: "test.swift", tree: file))
                return " note \(noteLocation.line):\(noteLocation.column) \(note.message)"
            }
            let fixIts = diagnostic.fixIts.map { " fix-it \($0.message.message)" }
            return "\(location.line):\(location.column) \(diagnostic.diagMessage.diagnosticID) \(diagnostic.message)"
                + notes.joined() + fixIts.joined()
        }
        return (expanded.description, diagnostics)
    }

    /// Expands `source` and compares the whole result, and every diagnostic with its position and fix-its, with
    /// what is expected; any difference is a test failure at the caller.
    static func assertExpansion(
        _ source: String,
        expandedSource: String,
        diagnostics: [DiagnosticSpec] = [],
        fixedSource: String? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        // With MODELKIT_WRITE_EXPANSIONS=FOLDER, each expansion is also written to FOLDER/<line>.swift, named by
        // the line of the test's call, so that the expected text of a changed macro can be reviewed and replaced.
        if let folder = ProcessInfo.processInfo.environment["MODELKIT_WRITE_EXPANSIONS"] {
            let expanded = expand(source).source
            try? expanded.write(
                toFile: "\(folder)/\(sourceLocation.line).swift", atomically: true, encoding: .utf8)
        }
        assertMacroExpansion(
            source,
            expandedSource: expandedSource,
            diagnostics: diagnostics,
            macroSpecs: specs,
            fixedSource: fixedSource,
            indentationWidth: .spaces(4),
            failureHandler: { failure in
                Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
            }
        )
    }
}
