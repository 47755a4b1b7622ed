import Foundation
import ModelKit

/// Decodes one of the edge-case samples these models were generated from (both at once: types are unified across
/// them) in strict mode and returns the diagnostics.
///
/// The models themselves (`Generated/Models.swift`) are written by scripts/generated-models with the default,
/// internal access, as most apps keep them; this entry point is what the runner in another module calls.
public func decodeSample(_ data: Data) throws -> [Diagnostic] {
    try EdgeCases.decode(data: data, options: .strict).diagnostics
}
