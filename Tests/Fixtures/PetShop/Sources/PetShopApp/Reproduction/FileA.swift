// The issue's reproduction, as it was reported: a model and its fixture in one file…
import Foundation
import ModelKit

@DictionaryModel
struct Pet { var name = "" }
enum PetFixtures { static let json = Data(#"{"name": "Rex"}"#.utf8) }
