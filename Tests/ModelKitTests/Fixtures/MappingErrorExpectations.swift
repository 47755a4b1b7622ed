import ModelKit
import Testing

extension MappingError.Reason {
    /// A reason's case without its values.
    enum Kind: Sendable {
        case typeMismatch, missingKey, unknownKey, numberOutOfRange, unknownEnumCase, unknownDiscriminator
        case validationFailed, tooDeep, tooLarge, malformedData, file, transformFailed
    }

    /// This reason's case, for the tests that check the case where its values are prose they do not pin.
    var kind: Kind {
        switch self {
        case .typeMismatch: .typeMismatch
        case .missingKey: .missingKey
        case .unknownKey: .unknownKey
        case .numberOutOfRange: .numberOutOfRange
        case .unknownEnumCase: .unknownEnumCase
        case .unknownDiscriminator: .unknownDiscriminator
        case .validationFailed: .validationFailed
        case .tooDeep: .tooDeep
        case .tooLarge: .tooLarge
        case .malformedData: .malformedData
        case .file: .file
        case .transformFailed: .transformFailed
        }
    }
}

/// Expects `body` to throw a ``MappingError`` whose reason is `reason`, at any path, and returns the error so
/// that a test can check its path where the path is the point.
@discardableResult
func expectMappingError<Result>(
    _ reason: MappingError.Reason, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    performing body: () throws -> Result
) -> MappingError? {
    let error = #expect(throws: MappingError.self, comment, sourceLocation: sourceLocation) { try body() }
    if let error { #expect(error.reason == reason, comment, sourceLocation: sourceLocation) }
    return error
}

/// Expects `body` to throw a ``MappingError`` whose reason is of `kind`, and returns the error for the checks of
/// its values that matter to the test.
@discardableResult
func expectMappingError<Result>(
    kind: MappingError.Reason.Kind, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    performing body: () throws -> Result
) -> MappingError? {
    let error = #expect(throws: MappingError.self, comment, sourceLocation: sourceLocation) { try body() }
    if let error { #expect(error.reason.kind == kind, "\(error)", sourceLocation: sourceLocation) }
    return error
}
