import Foundation
import ModelKit

/// Decodes one of the samples these models were generated from (same shapes in another key order, numbers sent as text)
/// in strict mode and returns the diagnostics.
///
/// The models themselves (`Generated/Models.swift`) are written by scripts/generated-models with the default,
/// internal access, as most apps keep them; this entry point is what the runner in another module calls.
public func decodeSample(_ data: Data) throws -> [Diagnostic] {
    try Event.decode(data: data, options: .strict).diagnostics
}
