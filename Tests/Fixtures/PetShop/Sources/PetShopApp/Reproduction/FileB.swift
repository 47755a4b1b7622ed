// …used from another file, which an incremental build compiles alone.
import Foundation
import ModelKit

func loadPet() throws -> String {
    let data = PetFixtures.json
    let pet = try Pet.decode(data: data)
    return pet.model.name
}
