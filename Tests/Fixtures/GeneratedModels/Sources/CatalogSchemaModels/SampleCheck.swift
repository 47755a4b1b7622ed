import Foundation
import ModelKit

/// Decodes an example document of the JSON Schema (draft-07) these models were generated from in strict mode and
/// returns the diagnostics.
///
/// The models themselves (`Generated/Models.swift`) are written by scripts/generated-models with the default,
/// internal access, as most apps keep them; this entry point is what the runner in another module calls.
public func decodeSample(_ data: Data) throws -> [Diagnostic] {
    try Catalog.decode(data: data, options: .strict).diagnostics
}
