import ModelKit

/// A cat: a subclass of a model class, declared in a file of its own.
@DictionaryModel(inheritsFromModel: true)
public final class Cat: Creature {
    /// Whether it stays indoors.
    public var indoor = true
    /// Lives left.
    public var lives = 9

    /// A cat with its name and lives left.
    public init(name: String, lives: Int) {
        self.lives = lives
        super.init(name: name, species: .cat)
    }
}
