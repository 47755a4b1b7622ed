import Foundation
import OrderedCollections

extension Value: ModelCodable {
    /// Reads any value into a tree; nesting is bounded by the context's depth limit.
    public init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        if try reader.beginDictionary() {
            var dictionary = OrderedDictionary<String, Value>()
            while try reader.nextKey(in: .empty) != .end {
                let key = reader.currentKey()
                if dictionary.count >= context.options.maximumCollectionCount {
                    throw context.tooManyMembers("entries")
                }
                try context.push(.key(key))
                dictionary[key] = try Value(from: &reader, context: context)
                context.pop()
            }
            self = .dictionary(dictionary)
        } else if try reader.beginArray() {
            var array: [Value] = []
            while try reader.nextElement() {
                if array.count >= context.options.maximumCollectionCount {
                    throw context.tooManyMembers("elements")
                }
                try context.push(.index(array.count))
                array.append(try Value(from: &reader, context: context))
                context.pop()
            }
            self = .array(array)
        } else {
            self = try reader.readScalar()
        }
    }

    /// `null` is a value of its own.
    public static var nullValue: Value? { .null }

    /// Writes the tree.
    public func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        switch self {
        case .null: try writer.writeNull()
        case .bool(let value): try writer.write(value)
        case .integer(let value): try writer.write(value)
        case .unsignedInteger(let value): try writer.write(value)
        case .double(let value): try writer.write(value)
        case .decimal(let value): try writer.write(value)
        case .string(let value): try writer.write(value)
        case .date(let value): try value.encode(to: &writer, context: context)
        case .data(let value): try value.encode(to: &writer, context: context)
        case .array(let elements):
            try writer.beginArray(count: elements.count)
            try context.enter()
            for element in elements { try element.encode(to: &writer, context: context) }
            context.leave()
            try writer.endArray()
        case .dictionary(let entries):
            try writer.beginDictionary(count: entries.count)
            try context.enter()
            for (key, element) in entries {
                try writer.writeKey(key)
                try element.encode(to: &writer, context: context)
            }
            context.leave()
            try writer.endDictionary()
        }
    }
}
