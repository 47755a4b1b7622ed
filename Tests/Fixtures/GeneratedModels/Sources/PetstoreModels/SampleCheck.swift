import Foundation
import ModelKit

/// Decodes an example document of the OpenAPI schema named `schema` in strict mode, with the model generated from
/// that schema, and returns the diagnostics.
///
/// The models themselves (`Generated/Models.swift`) are written by scripts/generated-models with the default,
/// internal access, as most apps keep them; this entry point is what the runner in another module calls.
public func decodeSample(_ data: Data, schema: String) throws -> [Diagnostic] {
    switch schema {
    case "Pet": try Pet.decode(data: data, options: .strict).diagnostics
    case "Animal": try Animal.decode(data: data, options: .strict).diagnostics
    case "Dog": try Dog.decode(data: data, options: .strict).diagnostics
    case "Cat": try Cat.decode(data: data, options: .strict).diagnostics
    case "Owner": try Owner.decode(data: data, options: .strict).diagnostics
    case "Person": try Person.decode(data: data, options: .strict).diagnostics
    case "Error": try ErrorModel.decode(data: data, options: .strict).diagnostics
    default: throw MappingError(.missingKey, at: ValuePath())
    }
}
