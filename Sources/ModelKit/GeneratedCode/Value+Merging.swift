// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

import OrderedCollections

extension Value {
    /// The entries of `base` followed by those of `overlay` (which win), for a subclass that adds its own
    /// properties to its superclass's.
    public static func merging(_ base: Value?, _ overlay: Value?) -> Value {
        guard case .dictionary(var entries)? = base else { return overlay ?? .null }
        if case .dictionary(let extra)? = overlay {
            for (key, value) in extra { entries[key] = value }
        }
        return .dictionary(entries)
    }
}
