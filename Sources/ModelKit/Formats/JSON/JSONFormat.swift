import Foundation
import OrderedCollections

/// Whole-document conversions between JSON bytes and ``Value`` trees, built on ``JSONReader`` and
/// ``JSONWriter``.
public enum JSONFormat {
    /// Reads one JSON document into a ``Value``.
    ///
    /// Numbers become `.integer`, `.unsignedInteger` or `.double` as ``JSONReader/readScalar()`` says; a key
    /// that appears twice keeps its first position and its last value, as `JSONSerialization` keeps the last.
    ///
    /// - Parameters:
    ///   - data: JSON text in UTF-8.
    ///   - maximumDepth: the deepest nesting accepted.
    /// - Throws: ``MappingError`` with ``MappingError/Reason/malformedData(format:location:detail:)`` naming the
    ///   line and column, or ``MappingError/Reason/tooDeep(limit:)``.
    public static func value(from data: Data, maximumDepth: Int = 512) throws -> Value {
        try data.withUnsafeBytes { try value(fromUTF8: $0, maximumDepth: maximumDepth) }
    }

    /// Reads one JSON document from borrowed bytes into a ``Value``; see ``value(from:maximumDepth:)``.
    public static func value(fromUTF8 bytes: UnsafeRawBufferPointer, maximumDepth: Int = 512) throws -> Value {
        var reader = JSONReader(bytes: bytes, maximumDepth: maximumDepth)
        let value = try readTree(from: &reader)
        try reader.finish()
        return value
    }

    /// Runs `body` with a reader over `data`, then checks that only whitespace follows the root value.
    ///
    /// ```swift
    /// let user = try JSONFormat.read(data) { reader in try User(from: &reader, context: DecodingContext()) }
    /// ```
    @inlinable
    public static func read<Result>(
        _ data: Data, maximumDepth: Int = 512, _ body: (inout JSONReader) throws -> Result
    ) throws -> Result {
        try data.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw, maximumDepth: maximumDepth)
            let result = try body(&reader)
            try reader.finish()
            return result
        }
    }

    /// Writes `value` as JSON text.
    ///
    /// - Throws: ``MappingError`` for a `Double` that is infinite or NaN, or nesting deeper than
    ///   ``EncodingOptions/maximumDepth``.
    public static func data(from value: Value, options: JSONWriter.Options = JSONWriter.Options()) throws -> Data {
        var writer = JSONWriter(options: options)
        try value.encodeValue(to: &writer, context: EncodingContext())
        return Data(writer.bytes)
    }

    /// Builds the tree with explicit stacks instead of recursion, so the depth that the data chooses only
    /// grows arrays; a failure is given the path of the value being read.
    static func readTree(from reader: inout JSONReader) throws -> Value {
        // Separate stacks for arrays and dictionaries let each be appended to in place, without copying.
        var isDictionary: [Bool] = []
        var arrays: [[Value]] = []
        var dictionaries: [OrderedDictionary<String, Value>] = []
        var keys: [String] = []
        do {
            while true {
                var value: Value
                switch try reader.peekKind() {
                case .dictionary:
                    _ = try reader.beginDictionary()
                    if try reader.nextKey(in: .empty) == .end {
                        value = .dictionary([:])
                    } else {
                        isDictionary.append(true)
                        dictionaries.append([:])
                        keys.append(reader.currentKey())
                        continue
                    }
                case .array:
                    _ = try reader.beginArray()
                    if try reader.nextElement() {
                        isDictionary.append(false)
                        arrays.append([])
                        continue
                    }
                    value = .array([])
                default:
                    value = try reader.readScalar()
                }
                // Hand the finished value to its container, closing each container that it completes.
                while let inDictionary = isDictionary.last {
                    if inDictionary {
                        let last = dictionaries.count - 1
                        dictionaries[last].updateValue(value, forKey: keys.removeLast())
                        if try reader.nextKey(in: .empty) != .end {
                            keys.append(reader.currentKey())
                            break
                        }
                        value = .dictionary(dictionaries.removeLast())
                    } else {
                        arrays[arrays.count - 1].append(value)
                        if try reader.nextElement() { break }
                        value = .array(arrays.removeLast())
                    }
                    isDictionary.removeLast()
                }
                if isDictionary.isEmpty { return value }
            }
        } catch var error as MappingError where error.path.components.isEmpty {
            var path: [PathComponent] = []
            var arrayIndex = 0
            var keyIndex = 0
            for inDictionary in isDictionary {
                if inDictionary {
                    if keyIndex < keys.count { path.append(.key(keys[keyIndex])) }
                    keyIndex += 1
                } else {
                    path.append(.index(arrays[arrayIndex].count))
                    arrayIndex += 1
                }
            }
            error.path = ValuePath(path)
            throw error
        }
    }
}
