import Foundation

// The old app's classes, as seed 004 wrote them: NSObject subclasses that encode themselves with NSCoding.
// They exist only to make real archives with this machine's NSKeyedArchiver; reading never uses them.

final class ArchivedChecklistItem: NSObject, NSCoding {
    let text: String
    let checked: Bool

    init(text: String, checked: Bool) {
        self.text = text
        self.checked = checked
    }

    func encode(with coder: NSCoder) {
        coder.encode(text, forKey: "Text")
        coder.encode(checked, forKey: "Checked")
    }

    init?(coder: NSCoder) { nil }
}

final class ArchivedChecklist: NSObject, NSCoding {
    let name: String
    let items: [ArchivedChecklistItem]

    init(name: String, items: [ArchivedChecklistItem]) {
        self.name = name
        self.items = items
    }

    func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "Name")
        coder.encode(items, forKey: "Items")
    }

    init?(coder: NSCoder) { nil }
}

/// One of each kind of value an archive holds.
final class ArchivedEverything: NSObject, NSCoding {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)
    static let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    func encode(with coder: NSCoder) {
        coder.encode("Zürich ✓", forKey: "String")
        coder.encode(42, forKey: "Int")
        coder.encode(2.5, forKey: "Double")
        coder.encode(true, forKey: "Bool")
        coder.encode(NSNumber(value: 7), forKey: "Number")
        coder.encode(Self.date, forKey: "Date")
        coder.encode(Data([0, 1, 2, 255]), forKey: "Data")
        coder.encode(NSArray(array: ["a", NSArray(array: ["b", NSNumber(value: 1)])]), forKey: "Nested")
        coder.encode(
            NSDictionary(dictionary: ["k": NSDictionary(dictionary: ["x": NSNumber(value: 1.5)]), "n": [1, 2]]),
            forKey: "Dictionary")
        coder.encode(NSMutableArray(array: ["m"]), forKey: "MutableArray")
        coder.encode(NSMutableDictionary(dictionary: ["m": NSNumber(value: 1)]), forKey: "MutableDictionary")
        coder.encode(NSMutableString(string: "mutable"), forKey: "MutableString")
        coder.encode(NSMutableData(data: Data([9, 9])), forKey: "MutableData")
        coder.encode(Self.uuid, forKey: "UUID")
        coder.encode(URL(string: "https://example.com/a?b=1")!, forKey: "URL")
        coder.encode(NSNull(), forKey: "Null")
        coder.encode(NSSet(array: ["only"]), forKey: "Set")
        coder.encode("dollar", forKey: "$weird")
    }

    override init() {}

    init?(coder: NSCoder) { nil }
}

/// A linked node, to make an archive with a cycle.
final class ArchivedNode: NSObject, NSCoding {
    let name: String
    var next: ArchivedNode?

    init(name: String) {
        self.name = name
    }

    func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "Name")
        coder.encode(next, forKey: "Next")
    }

    init?(coder: NSCoder) { nil }
}
