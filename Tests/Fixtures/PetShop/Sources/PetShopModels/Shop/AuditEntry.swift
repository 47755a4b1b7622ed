import Foundation
import ModelKit

/// One line of the shop's audit log, shared with the app in this package and with no one else.
@DictionaryModel
package struct AuditEntry: Equatable, Sendable {
    /// What was done.
    package var action = ""
    /// When.
    package var at: Date?
}
