import Foundation
import ModelKit

/// An animal in the shop: the base class of every kind it sells, open so that apps may subclass it.
@DictionaryModel
open class Creature {
    /// What the animal answers to.
    public var name = ""
    /// Its kind.
    public var species: Species = .unknown
    /// When it was born, if known.
    public var birthday: Date?

    /// An animal of a kind.
    public init(name: String, species: Species) {
        self.name = name
        self.species = species
    }
}
