import ModelKit

/// Seed 000's `LFQuestion`: a question from `questions.plist` with its options and its answer.
@DictionaryModel
struct Question: Sendable, Hashable {
    /// The option that is right.
    var answer = ""
    /// The question itself.
    var title = ""
    /// The picture's image name (`question_panda`).
    var icon = ""
    /// The choices offered, in the plist's order.
    var options: [String] = []

    /// Where the browser loads the picture, derived from ``icon`` as the seed's lazy `image` was.
    var iconPath: String { "/assets/\(icon).svg" }
}
