#if !os(Windows)
    import Foundation
    @_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
    import Testing

    @testable import ModelKitMacros

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    // The compiler reads what swift-syntax's coder writes; the plugin's own coder must read and write the same.
    @Suite("The plugin's connection to the compiler")
    struct StandardIOJSONConnectionTests {
        /// A pipe's two ends.
        final class Pipe {
            let readEnd: CInt
            let writeEnd: CInt
            init() throws {
                var ends: [CInt] = [0, 0]
                guard pipe(&ends) == 0 else { throw ConnectionError.system("pipe", errno) }
                (readEnd, writeEnd) = (ends[0], ends[1])
            }
            func closeWriteEnd() { close(writeEnd) }
            deinit {
                close(readEnd)
                close(writeEnd)
            }
        }

        static func framed(_ payload: [UInt8]) -> [UInt8] {
            withUnsafeBytes(of: UInt64(payload.count).littleEndian) { Array($0) } + payload
        }

        static func write(_ bytes: [UInt8], to descriptor: CInt) {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    precondition(written > 0)
                    offset += written
                }
            }
        }

        static var request: HostToPluginMessage {
            .expandAttachedMacro(
                macro: PluginMessage.MacroReference(
                    moduleName: "ModelKitMacros", typeName: "DictionaryModelMacro", name: "DictionaryModel"),
                macroRole: .extension, discriminator: "$s4Shop5ShelfV",
                attributeSyntax: PluginMessage.Syntax(
                    kind: .attribute, source: "@DictionaryModel",
                    location: PluginMessage.SourceLocation(
                        fileID: "Shop/Shelf.swift", fileName: "/Shop/Shelf.swift", offset: 0, line: 1, column: 1)),
                declSyntax: PluginMessage.Syntax(
                    kind: .declaration,
                    source:
                        "@DictionaryModel\nstruct Shelf {\n    var title = \"書架 📚 // \\\"quoted\\\" \\\\ /slash\"\n}",
                    location: PluginMessage.SourceLocation(
                        fileID: "Shop/Shelf.swift", fileName: "/Shop/Shelf.swift", offset: 0, line: 1, column: 1)),
                parentDeclSyntax: nil, extendedTypeSyntax: nil, conformanceListSyntax: nil)
        }

        static var answer: PluginToHostMessage {
            .expandMacroResult(
                expandedSource: "extension Shelf {\n    // a comment / with slashes\n    let text = \"é\\n\\u{0}\"\n}",
                diagnostics: [
                    PluginMessage.Diagnostic(
                        message: "a note", severity: .warning,
                        position: PluginMessage.Diagnostic.Position(fileName: "/Shop/Shelf.swift", offset: 3),
                        highlights: [], notes: [], fixIts: [])
                ])
        }

        static func sortedJSON<Message: Encodable>(_ message: Message) throws -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return String(decoding: try encoder.encode(message), as: UTF8.self)
        }

        @Test("Reads what swift-syntax's coder writes, message after message, and ends with the input")
        func readsSwiftSyntaxMessages() throws {
            let pipe = try Pipe()
            let payload = try JSON.encode(Self.request)
            Self.write(Self.framed(payload) + Self.framed(payload), to: pipe.writeEnd)
            pipe.closeWriteEnd()
            let connection = StandardIOJSONConnection(input: pipe.readEnd, output: -1)
            for _ in 0..<2 {
                let message = try #require(try connection.waitForNextMessage(HostToPluginMessage.self))
                #expect(try Self.sortedJSON(message) == Self.sortedJSON(Self.request))
            }
            #expect(try connection.waitForNextMessage(HostToPluginMessage.self) == nil)
        }

        @Test("An empty message ends the session; a message cut short is an error")
        func endsAndTruncation() throws {
            let empty = try Pipe()
            Self.write(Self.framed([]), to: empty.writeEnd)
            #expect(
                try StandardIOJSONConnection(input: empty.readEnd, output: -1).waitForNextMessage(
                    HostToPluginMessage.self) == nil)

            let cut = try Pipe()
            Self.write(Array(Self.framed(try JSON.encode(Self.request)).dropLast(5)), to: cut.writeEnd)
            cut.closeWriteEnd()
            #expect(throws: ConnectionError.self) {
                try StandardIOJSONConnection(input: cut.readEnd, output: -1).waitForNextMessage(
                    HostToPluginMessage.self)
            }
        }

        @Test("Writes what swift-syntax's coder reads, the same size as swift-syntax writes it")
        func writesSwiftSyntaxMessages() throws {
            let pipe = try Pipe()
            try StandardIOJSONConnection(input: -1, output: pipe.writeEnd).sendMessage(Self.answer)
            pipe.closeWriteEnd()
            var header: UInt64 = 0
            #expect(withUnsafeMutableBytes(of: &header) { Foundation.read(pipe.readEnd, $0.baseAddress!, 8) } == 8)
            let count = Int(UInt64(littleEndian: header))
            var payload = [UInt8](repeating: 0, count: count + 1)
            #expect(
                payload.withUnsafeMutableBytes { Foundation.read(pipe.readEnd, $0.baseAddress!, count + 1) } == count)
            payload.removeLast()
            let decoded = try payload.withUnsafeBufferPointer { try JSON.decode(PluginToHostMessage.self, from: $0) }
            #expect(try Self.sortedJSON(decoded) == Self.sortedJSON(Self.answer))
            #expect(count == (try JSON.encode(Self.answer)).count)
        }
    }
#endif
