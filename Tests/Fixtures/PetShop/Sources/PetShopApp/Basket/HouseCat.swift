import ModelKit
import PetShopModels

/// The app's subclass of the library's open model class.
@DictionaryModel(inheritsFromModel: true)
final class HouseCat: Creature {
    var favouriteSpot = "sofa"

    init(name: String, favouriteSpot: String) {
        self.favouriteSpot = favouriteSpot
        super.init(name: name, species: .cat)
    }
}
