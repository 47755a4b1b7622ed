import Foundation
import OrderedCollections

extension Value: Codable {
    /// Reads whatever `decoder` holds: a scalar, an array or a dictionary.
    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var entries = OrderedDictionaryOfValues()
            for key in keyed.allKeys {
                entries[key.stringValue] = try keyed.decode(Value.self, forKey: key)
            }
            self = .dictionary(entries)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [Value] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(Value.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? single.decode(UInt64.self) {
            self = .unsignedInteger(value)
        } else if let value = try? single.decode(Double.self) {
            self = .double(value)
        } else if let value = try? single.decode(String.self) {
            self = .string(value)
        } else if let value = try? single.decode(Date.self) {
            self = .date(value)
        } else if let value = try? single.decode(Data.self) {
            self = .data(value)
        } else {
            throw DecodingError.dataCorruptedError(in: single, debugDescription: "no value ModelKit can hold")
        }
    }

    /// Writes the tree through `encoder`, keeping dictionary order where the encoder does.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .dictionary(let entries):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for (key, value) in entries { try container.encode(value, forKey: AnyCodingKey(stringValue: key)) }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        default:
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let value): try container.encode(value)
            case .integer(let value): try container.encode(value)
            case .unsignedInteger(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .decimal(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            case .date(let value): try container.encode(value)
            case .data(let value): try container.encode(value)
            case .array, .dictionary: break
            }
        }
    }
}
