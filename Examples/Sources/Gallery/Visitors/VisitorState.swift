import Foundation
import ModelLayout

/// What one visitor has done in the apps that keep state per visitor: where they are in the quiz,
/// how many books are in their cart, which apps they downloaded and their Homepwner items.
///
/// The Checklists are not here: seed 004 is one person's document, saved in the data folder and
/// shared by whoever opens the Gallery, as the seed's file is shared by whoever opens the app.
struct VisitorState: Codable, Sendable, Hashable {
    /// Where the visitor is in the quiz.
    var quiz = QuizGame.Progress()
    /// How many books are in the visitor's cart: always the first ones of the shelf.
    var booksInCart = 0
    /// The indices of the apps the visitor downloaded.
    var downloadedApps: Set<Int> = []
    /// The visitor's Homepwner items.
    var items: ItemStore
    /// When the visitor last changed something; the visitor changed least recently is forgotten first
    /// when there are too many.
    var lastChange: Date
}
