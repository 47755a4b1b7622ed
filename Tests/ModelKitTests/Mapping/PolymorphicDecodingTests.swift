import Foundation
import ModelKit
import Testing

@Suite("Polymorphic decoding: unknown and missing discriminators")
struct PolymorphicDecodingTests {
    @Test("An unknown discriminator fails strict decoding at the model's path and names the key and the value")
    func unknownDiscriminatorStrict() {
        #expect(throws: MappingError(.unknownDiscriminator(key: "type", found: "triangle"), at: ValuePath())) {
            try Shape(dictionary: ["type": "triangle", "side": 1], options: .strict)
        }
        let list: [Any] = [["type": "circle", "radius": 1], ["type": "triangle"]]
        let error = #expect(throws: MappingError.self) { try [Shape](object: list, options: .strict) }
        #expect(error == MappingError(.unknownDiscriminator(key: "type", found: "triangle"), at: "[1]"))
        #expect(error?.description == "[1]: type triangle names no known model")
    }

    @Test("A missing discriminator is a missing-key error at the key; in a lenient array the element is dropped")
    func missingDiscriminator() throws {
        #expect(throws: MappingError(.missingKey, at: "type")) { try Shape(dictionary: ["radius": 1]) }
        #expect(throws: MappingError(.missingKey, at: "type")) {
            try Shape(dictionary: ["radius": 1], options: .strict)
        }
        let decoded = try [Shape].decode(object: [["radius": 1], ["type": "sq", "side": 2]])
        #expect(decoded.model == [.square(Square(side: 2))])
        #expect(decoded.diagnostics.map(\.description) == ["[0].type: required key is missing; element dropped"])
        #expect(throws: MappingError(.missingKey, at: "[0].type")) {
            try [Shape](object: [["radius": 1]], options: .strict)
        }
    }

    @Test("A discriminator that is not text converts in lenient mode and is a type error in strict mode")
    func discriminatorOfTheWrongKind() throws {
        let decoded = try [Shape].decode(object: [["type": 5], ["type": "circle", "radius": 3]])
        #expect(decoded.model == [.circle(Circle(radius: 3))])
        #expect(
            decoded.diagnostics.map(\.description) == [
                "[0].type: converted number 5 to String", "[0]: type 5 names no known model; element dropped",
            ])
        #expect(throws: MappingError(.typeMismatch(expected: "String", found: "number 5"), at: "type")) {
            try Shape(dictionary: ["type": 5], options: .strict)
        }
    }

    @Test("A key that neither the discriminator nor the case's model reads is noted, and strict rejects it")
    func unknownKeysInsideTheCase() throws {
        let decoded = try Shape.decode(object: ["type": "circle", "radius": 2, "colour": "red"])
        #expect(decoded.model == .circle(Circle(radius: 2)))
        #expect(decoded.diagnostics.map(\.description) == ["colour: no property reads this key"])
        #expect(throws: MappingError(.unknownKey, at: "colour")) {
            try Shape(dictionary: ["type": "circle", "radius": 2, "colour": "red"], options: .strict)
        }
    }
}
