import ModelKit
import Testing

// A struct's decoding initializer hands its values to the implicit memberwise initializer when Swift gives the
// struct one, and sets each property itself when not. These models take the shapes that decide between the two,
// so each must compile and decode whichever way the macro chose.

/// Every kind of stored property the memberwise initializer treats in its own way.
@DictionaryModel
struct ShapedRecord {
    var title: String
    /// Starts as the implicit `nil`, the case that made the decoding initializer copy the model.
    var subtitle: String?
    /// Makes the memberwise initializer private: the generated extension must still reach it.
    private var secret: String?
    var `default` = 1
    /// The one keyword that stays escaped as an argument label.
    var `inout`: Int?
    let code: Int
    var visits = 0 {
        didSet { visitsChanged = true }
    }
    @Ignored var cache = "untouched"
    @Ignored var visitsChanged = false
    lazy var summary = "\(title) #\(code)"

    var revealedSecret: String? { secret }
}

/// A struct with an initializer of its own has no memberwise initializer: the decoding one sets each property.
@DictionaryModel
struct LabelledNote {
    var text: String
    var author: String?

    init(text: String) {
        self.text = text
    }
}

/// Keeps a number within 0...10.
@propertyWrapper
struct Clamped {
    private var value: Int
    var wrappedValue: Int {
        get { value }
        set { value = min(max(newValue, 0), 10) }
    }

    init(wrappedValue: Int) {
        value = min(max(wrappedValue, 0), 10)
    }
}

/// A property wrapper may change what the memberwise initializer takes, so its model sets each property.
@DictionaryModel
struct PressureGauge {
    @Clamped var level = 0
    var unit: String?
}

@Suite("Decoded values reach their properties, through the memberwise initializer or one at a time")
struct PropertySettingTests {
    @Test("Every kind of stored property gets its value, and the others keep their initial ones")
    func shapedRecord() throws {
        var record = try ShapedRecord(dictionary: [
            "title": "Ledger", "subtitle": "2026", "secret": "s3", "default": 7, "inout": 5, "code": 42, "visits": 3,
            "cache": "from data",
        ])
        #expect(record.title == "Ledger")
        #expect(record.subtitle == "2026")
        #expect(record.revealedSecret == "s3")
        #expect(record.default == 7)
        #expect(record.inout == 5)
        #expect(record.code == 42)
        #expect(record.visits == 3)
        // Initializers do not call observers, whichever sets the property.
        #expect(!record.visitsChanged)
        #expect(record.cache == "untouched")
        #expect(record.summary == "Ledger #42")
    }

    @Test("Missing keys leave optionals nil and initial values in place")
    func shapedRecordDefaults() throws {
        let record = try ShapedRecord(dictionary: ["title": "Ledger", "code": 1])
        #expect(record.subtitle == nil)
        #expect(record.revealedSecret == nil)
        #expect(record.default == 1)
        #expect(record.visits == 0)
    }

    @Test("A decoded model encodes back to the values it was given")
    func shapedRecordRoundTrip() throws {
        let record = try ShapedRecord(dictionary: ["title": "Ledger", "secret": "s3", "code": 42])
        let again = try ShapedRecord(dictionary: try record.dictionary())
        #expect(again.title == "Ledger")
        #expect(again.revealedSecret == "s3")
        #expect(again.code == 42)
    }

    @Test("A struct with its own initializer is decoded property by property")
    func ownInitializer() throws {
        let note = try LabelledNote(dictionary: ["text": "hello", "author": "Ann"])
        #expect(note.text == "hello")
        #expect(note.author == "Ann")
        #expect(try LabelledNote(dictionary: ["text": "hi"]).author == nil)
    }

    @Test("A wrapped property is set through its wrapper")
    func wrappedProperty() throws {
        let gauge = try PressureGauge(dictionary: ["level": 25, "unit": "bar"])
        #expect(gauge.level == 10)
        #expect(gauge.unit == "bar")
        #expect(try PressureGauge(dictionary: [:]).level == 0)
    }
}
