/// The type names one generated file has taken, and a free one for each new type.
struct TypeNameAllocator {
    /// The names taken so far.
    var taken: Set<String>

    /// A free type name: the hint, else the parent's name before it (`RetweetedStatusUser`, `RootData` for a
    /// `Data` that would hide Foundation's), else `Model` after it, else a number after the first of these.
    mutating func allocate(_ hint: String, parentName: String?) -> String {
        var candidates: [String] = []
        if !TypeNaming.reserved.contains(hint) { candidates.append(hint) }
        if let parentName, !TypeNaming.reserved.contains(parentName + hint) { candidates.append(parentName + hint) }
        candidates.append(hint + "Model")
        for candidate in candidates where !taken.contains(candidate) {
            taken.insert(candidate)
            return candidate
        }
        let base = candidates[0]
        var number = 2
        while taken.contains("\(base)\(number)") { number += 1 }
        taken.insert("\(base)\(number)")
        return "\(base)\(number)"
    }
}
