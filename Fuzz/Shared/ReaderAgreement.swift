import Foundation
import ModelKit

/// What two ways of reading the same bytes must show: the same tree, or both fail. A nesting or size limit may
/// be met by one way only (see ``ModelKit/MappingError/isLimit``).
enum ReaderAgreement {
    /// Stops with a property failure when `first` and `second` disagree.
    ///
    /// - Parameter ways: the two ways, for the message, as in "the tree and pull readers".
    static func check(_ first: Outcome<Value>, _ second: Outcome<Value>, ways: String, input: Data) {
        switch (first, second) {
        case (.success(let a), .success(let b)):
            if let difference = ValueComparison.firstDifference(a, b) {
                propertyFailed("\(ways) disagree at \(difference)", input: input)
            }
        case (.success, .failure(let error)), (.failure(let error), .success):
            if !error.isLimit { propertyFailed("only one of \(ways) fails: \(error)", input: input) }
        case (.failure, .failure):
            break
        }
    }
}
