import Foundation
import ModelKit
import Testing

@Suite("JSONReader recovery")
struct JSONReaderRecoveryTests {
    @Test("recover leaves nested containers, skipping their rest, and decoding goes on with the next key")
    func recoverFromInsideNestedContainers() throws {
        let text = #"{"a": {"x": [1, {"y": "}]"}, 3], "z": 4}, "b": 2}"#
        try JSONReader.withReader(over: text) { reader in
            #expect(try reader.beginDictionary())
            #expect(try reader.nextKey(in: .empty) == .unknown)
            let depth = reader.depth
            #expect(try reader.beginDictionary())
            #expect(try reader.nextKey(in: .empty) == .unknown)
            #expect(try reader.beginArray())
            #expect(try reader.nextElement())
            #expect(try reader.readScalar() == 1)
            #expect(try reader.nextElement())
            #expect(reader.depth == 3)
            try reader.recover(toDepth: depth)
            #expect(reader.depth == depth)
            #expect(try reader.nextKey(in: .empty) == .unknown)
            #expect(reader.currentKey() == "b")
            #expect(try reader.readScalar() == 2)
            #expect(try reader.nextKey(in: .empty) == .end)
            try reader.finish()
        }
    }

    @Test("recover at the same depth drops a value that was announced but not read")
    func recoverDropsPendingValue() throws {
        try JSONReader.withReader(over: #"[{"big": [1, [2, [3]]]}, "next"]"#) { reader in
            #expect(try reader.beginArray())
            #expect(try reader.nextElement())
            try reader.recover(toDepth: 1)
            #expect(try reader.nextElement())
            #expect(try reader.readScalar() == "next")
            try reader.recover(toDepth: 1)
            #expect(try !reader.nextElement(), "recover after a read value drops nothing")
            try reader.finish()
        }
    }

    @Test("lenient decoding drops bad values and keeps the rest; strict decoding fails")
    func lenientDecodingContinues() throws {
        let text = #"{"a": [1, 2], "b": [3, "x", {"n": [4]}, 5], "c": {"deep": [[[]]]}, "d": [6]}"#
        let context = DecodingContext()
        let lenient = try JSONFormat.read(Data(text.utf8)) { reader in
            try [String: [Int]](from: &reader, context: context)
        }
        #expect(lenient == ["a": [1, 2], "b": [3, 5], "d": [6]])
        #expect(context.diagnostics.count == 3, "\(context.diagnostics)")

        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: "string \"x\""), at: "b[1]")) {
            try JSONReader.withReader(over: text) { reader in
                try [String: [Int]](from: &reader, context: DecodingContext(options: .strict))
            }
        }
    }
}
