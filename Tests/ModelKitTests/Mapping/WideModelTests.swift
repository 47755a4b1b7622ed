import Foundation
import ModelKit
import Testing

// A model of more than 100 properties is written in parts (`ModelCodeGenerator.propertiesPerPart`): these check
// that a wide model decodes and encodes as a narrow one does, across the parts.

/// 130 properties, two parts: keys tried in order, a key that properties of both parts read, a key path, literal
/// and computed defaults, an optional and a required property in the second part.
@DictionaryModel
struct WideSurvey: Equatable {
    @Key("id", "legacy_id") var id: Int
    var title: String = "untitled"
    var answer2: Int = 2
    var answer3: Int = 3
    var answer4: Int = 4
    var answer5: Int = 5
    var answer6: Int = 6
    var answer7: Int = 7
    var answer8: Int = 8
    var answer9: Int = 9
    var answer10: Int = 10
    var answer11: Int = 11
    var answer12: Int = 12
    var answer13: Int = 13
    var answer14: Int = 14
    var answer15: Int = 15
    var answer16: Int = 16
    var answer17: Int = 17
    var answer18: Int = 18
    var answer19: Int = 19
    var answer20: Int = 20
    var answer21: Int = 21
    var answer22: Int = 22
    var answer23: Int = 23
    var answer24: Int = 24
    var answer25: Int = 25
    var answer26: Int = 26
    var answer27: Int = 27
    var answer28: Int = 28
    var answer29: Int = 29
    var answer30: Int = 30
    var answer31: Int = 31
    var answer32: Int = 32
    var answer33: Int = 33
    var answer34: Int = 34
    var answer35: Int = 35
    var answer36: Int = 36
    var answer37: Int = 37
    var answer38: Int = 38
    var answer39: Int = 39
    var answer40: Int = 40
    var answer41: Int = 41
    var answer42: Int = 42
    var answer43: Int = 43
    var answer44: Int = 44
    var answer45: Int = 45
    var answer46: Int = 46
    var answer47: Int = 47
    var answer48: Int = 48
    var answer49: Int = 49
    var note: String?
    var answer51: Int = 51
    var answer52: Int = 52
    var answer53: Int = 53
    var answer54: Int = 54
    var answer55: Int = 55
    var answer56: Int = 56
    var answer57: Int = 57
    var answer58: Int = 58
    var answer59: Int = 59
    var answer60: Int = 60
    var answer61: Int = 61
    var answer62: Int = 62
    var answer63: Int = 63
    var answer64: Int = 64
    var answer65: Int = 65
    var answer66: Int = 66
    var answer67: Int = 67
    var answer68: Int = 68
    var answer69: Int = 69
    var answer70: Int = 70
    var answer71: Int = 71
    var answer72: Int = 72
    var answer73: Int = 73
    var answer74: Int = 74
    var answer75: Int = 75
    var answer76: Int = 76
    var answer77: Int = 77
    var answer78: Int = 78
    var answer79: Int = 79
    var answer80: Int = 80
    var answer81: Int = 81
    var answer82: Int = 82
    var answer83: Int = 83
    var answer84: Int = 84
    var answer85: Int = 85
    var answer86: Int = 86
    var answer87: Int = 87
    var answer88: Int = 88
    var answer89: Int = 89
    var answer90: Int = 90
    var answer91: Int = 91
    var answer92: Int = 92
    var answer93: Int = 93
    var answer94: Int = 94
    var answer95: Int = 95
    var answer96: Int = 96
    var answer97: Int = 97
    var answer98: Int = 98
    var answer99: Int = 99
    @Key("heading", "title") var heading: String = ""
    @Key("meta.owner") var owner: String?
    var tags: [String] = ["none", "yet"].map { $0 }
    var score: Int
    var answer104: Int = 104
    var answer105: Int = 105
    var answer106: Int = 106
    var answer107: Int = 107
    var answer108: Int = 108
    var answer109: Int = 109
    var answer110: Int = 110
    var answer111: Int = 111
    var answer112: Int = 112
    var answer113: Int = 113
    var answer114: Int = 114
    var answer115: Int = 115
    var answer116: Int = 116
    var answer117: Int = 117
    var answer118: Int = 118
    var answer119: Int = 119
    var answer120: Int = 120
    var answer121: Int = 121
    var answer122: Int = 122
    var answer123: Int = 123
    var answer124: Int = 124
    var answer125: Int = 125
    var answer126: Int = 126
    var answer127: Int = 127
    var answer128: Int = 128
    var last: Double = 0.5
}

/// A class of 105 properties: it sets each property itself, in parts too.
@DictionaryModel
final class WideLedger {
    var entry0: Int = 0
    var entry1: Int = 0
    var entry2: Int = 0
    var entry3: Int = 0
    var entry4: Int = 0
    var entry5: Int = 0
    var entry6: Int = 0
    var entry7: Int = 0
    var entry8: Int = 0
    var entry9: Int = 0
    var entry10: Int = 0
    var entry11: Int = 0
    var entry12: Int = 0
    var entry13: Int = 0
    var entry14: Int = 0
    var entry15: Int = 0
    var entry16: Int = 0
    var entry17: Int = 0
    var entry18: Int = 0
    var entry19: Int = 0
    var entry20: Int = 0
    var entry21: Int = 0
    var entry22: Int = 0
    var entry23: Int = 0
    var entry24: Int = 0
    var entry25: Int = 0
    var entry26: Int = 0
    var entry27: Int = 0
    var entry28: Int = 0
    var entry29: Int = 0
    var entry30: Int = 0
    var entry31: Int = 0
    var entry32: Int = 0
    var entry33: Int = 0
    var entry34: Int = 0
    var entry35: Int = 0
    var entry36: Int = 0
    var entry37: Int = 0
    var entry38: Int = 0
    var entry39: Int = 0
    var entry40: Int = 0
    var entry41: Int = 0
    var entry42: Int = 0
    var entry43: Int = 0
    var entry44: Int = 0
    var entry45: Int = 0
    var entry46: Int = 0
    var entry47: Int = 0
    var entry48: Int = 0
    var entry49: Int = 0
    var entry50: Int = 0
    var entry51: Int = 0
    var entry52: Int = 0
    var entry53: Int = 0
    var entry54: Int = 0
    var entry55: Int = 0
    var entry56: Int = 0
    var entry57: Int = 0
    var entry58: Int = 0
    var entry59: Int = 0
    var entry60: Int = 0
    var entry61: Int = 0
    var entry62: Int = 0
    var entry63: Int = 0
    var entry64: Int = 0
    var entry65: Int = 0
    var entry66: Int = 0
    var entry67: Int = 0
    var entry68: Int = 0
    var entry69: Int = 0
    var entry70: Int = 0
    var entry71: Int = 0
    var entry72: Int = 0
    var entry73: Int = 0
    var entry74: Int = 0
    var entry75: Int = 0
    var entry76: Int = 0
    var entry77: Int = 0
    var entry78: Int = 0
    var entry79: Int = 0
    var entry80: Int = 0
    var entry81: Int = 0
    var entry82: Int = 0
    var entry83: Int = 0
    var entry84: Int = 0
    var entry85: Int = 0
    var entry86: Int = 0
    var entry87: Int = 0
    var entry88: Int = 0
    var entry89: Int = 0
    var entry90: Int = 0
    var entry91: Int = 0
    var entry92: Int = 0
    var entry93: Int = 0
    var entry94: Int = 0
    var entry95: Int = 0
    var entry96: Int = 0
    var entry97: Int = 0
    var entry98: Int = 0
    var entry99: Int = 0
    var entry100: Int = 0
    var entry101: Int = 0
    var entry102: Int = 0
    var entry103: Int = 0
    var total: Int
}

/// A model class that a wide one inherits from.
@DictionaryModel
class LedgerOwner {
    var owner = ""
}

/// A subclass of 101 properties of a model class: it reads its parts from the tree the superclass reads too.
@DictionaryModel(inheritsFromModel: true)
final class WideLedgerBook: LedgerOwner {
    var page0: Int = 0
    var page1: Int = 0
    var page2: Int = 0
    var page3: Int = 0
    var page4: Int = 0
    var page5: Int = 0
    var page6: Int = 0
    var page7: Int = 0
    var page8: Int = 0
    var page9: Int = 0
    var page10: Int = 0
    var page11: Int = 0
    var page12: Int = 0
    var page13: Int = 0
    var page14: Int = 0
    var page15: Int = 0
    var page16: Int = 0
    var page17: Int = 0
    var page18: Int = 0
    var page19: Int = 0
    var page20: Int = 0
    var page21: Int = 0
    var page22: Int = 0
    var page23: Int = 0
    var page24: Int = 0
    var page25: Int = 0
    var page26: Int = 0
    var page27: Int = 0
    var page28: Int = 0
    var page29: Int = 0
    var page30: Int = 0
    var page31: Int = 0
    var page32: Int = 0
    var page33: Int = 0
    var page34: Int = 0
    var page35: Int = 0
    var page36: Int = 0
    var page37: Int = 0
    var page38: Int = 0
    var page39: Int = 0
    var page40: Int = 0
    var page41: Int = 0
    var page42: Int = 0
    var page43: Int = 0
    var page44: Int = 0
    var page45: Int = 0
    var page46: Int = 0
    var page47: Int = 0
    var page48: Int = 0
    var page49: Int = 0
    var page50: Int = 0
    var page51: Int = 0
    var page52: Int = 0
    var page53: Int = 0
    var page54: Int = 0
    var page55: Int = 0
    var page56: Int = 0
    var page57: Int = 0
    var page58: Int = 0
    var page59: Int = 0
    var page60: Int = 0
    var page61: Int = 0
    var page62: Int = 0
    var page63: Int = 0
    var page64: Int = 0
    var page65: Int = 0
    var page66: Int = 0
    var page67: Int = 0
    var page68: Int = 0
    var page69: Int = 0
    var page70: Int = 0
    var page71: Int = 0
    var page72: Int = 0
    var page73: Int = 0
    var page74: Int = 0
    var page75: Int = 0
    var page76: Int = 0
    var page77: Int = 0
    var page78: Int = 0
    var page79: Int = 0
    var page80: Int = 0
    var page81: Int = 0
    var page82: Int = 0
    var page83: Int = 0
    var page84: Int = 0
    var page85: Int = 0
    var page86: Int = 0
    var page87: Int = 0
    var page88: Int = 0
    var page89: Int = 0
    var page90: Int = 0
    var page91: Int = 0
    var page92: Int = 0
    var page93: Int = 0
    var page94: Int = 0
    var page95: Int = 0
    var page96: Int = 0
    var page97: Int = 0
    var page98: Int = 0
    var page99: Int = 0
    var pages: Int
}

@Suite("A model of more than one part decodes and encodes as a narrow one")
struct WideModelTests {
    /// Every key of ``WideSurvey`` with a value of its own, the answers each one more than its default.
    static func fullSurvey() -> [String: Any] {
        var dictionary: [String: Any] = [
            "id": 7, "title": "Census", "note": "n", "meta": ["owner": "Ann"], "tags": ["a"], "score": 12,
            "last": 2.5,
        ]
        for index in 2..<129 where ![50, 100, 101, 102, 103].contains(index) {
            dictionary["answer\(index)"] = index + 1
        }
        return dictionary
    }

    @Test("Every property, in either part, takes its key's value; a key both parts read goes to both")
    func everyKey() throws {
        let survey = try WideSurvey(dictionary: Self.fullSurvey())
        #expect(survey.id == 7 && survey.title == "Census" && survey.heading == "Census")
        #expect(survey.note == "n" && survey.owner == "Ann" && survey.tags == ["a"] && survey.score == 12)
        #expect(survey.answer2 == 3 && survey.answer99 == 100 && survey.answer104 == 105)
        #expect(survey.answer128 == 129 && survey.last == 2.5)
    }

    @Test("Missing keys take their defaults, literal or computed, in both parts; a second key is read")
    func defaults() throws {
        let survey = try WideSurvey(dictionary: ["legacy_id": 3, "score": 1])
        #expect(survey.id == 3 && survey.title == "untitled" && survey.heading == "")
        #expect(survey.note == nil && survey.owner == nil && survey.tags == ["none", "yet"])
        #expect(survey.answer2 == 2 && survey.answer99 == 99 && survey.answer104 == 104 && survey.last == 0.5)
    }

    @Test("A missing required key, or in strict mode a wrong value, in the second part is named by its key")
    func errors() {
        let missing = expectMappingError(kind: .missingKey) { try WideSurvey(dictionary: ["id": 1]) }
        #expect(missing?.path.description == "score")
        var wrong = Self.fullSurvey()
        wrong["answer120"] = "many"
        let mismatch = expectMappingError(kind: .typeMismatch) {
            try WideSurvey(dictionary: wrong, options: .strict)
        }
        #expect(mismatch?.path.description == "answer120")
        wrong = Self.fullSurvey()
        wrong["meta"] = ["owner": ["Ann"]]
        let nested = expectMappingError(kind: .typeMismatch) { try WideSurvey(dictionary: wrong, options: .strict) }
        #expect(nested?.path.description == "meta.owner")
    }

    @Test("An unknown key is reported in strict mode, as in a narrow model")
    func unknownKey() {
        var dictionary = Self.fullSurvey()
        dictionary["surprise"] = 1
        let error = expectMappingError(kind: .unknownKey) {
            try WideSurvey(dictionary: dictionary, options: .strict)
        }
        #expect(error?.path.description == "surprise")
    }

    @Test("JSON text and Foundation objects decode the same model; encoding and decoding again gives it back")
    func roundTrip() throws {
        let survey = try WideSurvey(dictionary: Self.fullSurvey())
        let json = try survey.jsonData()
        #expect(try WideSurvey(data: json) == survey)
        #expect(try WideSurvey(dictionary: survey.dictionary()) == survey)
        let written = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        // Each property writes its first key; the one under `meta` with it.
        #expect(written.count == 130 && written["heading"] as? String == "Census")
        #expect(written["title"] as? String == "Census" && written["answer128"] as? Int == 129)
        #expect((written["meta"] as? [String: Any])?["owner"] as? String == "Ann")
    }

    @Test("A wide subclass of a model sets its parts and its superclass's property, and encodes them all")
    func wideSubclass() throws {
        var dictionary: [String: Any] = ["owner": "Ann", "pages": 100]
        for index in 0..<100 { dictionary["page\(index)"] = index + 1 }
        let book = try WideLedgerBook(dictionary: dictionary)
        #expect(book.owner == "Ann" && book.pages == 100 && book.page0 == 1 && book.page99 == 100)
        let missing = expectMappingError(kind: .missingKey) { try WideLedgerBook(dictionary: ["owner": "Ann"]) }
        #expect(missing?.path.description == "pages")
        let written = try book.dictionary()
        #expect(written.count == 102 && written["owner"] as? String == "Ann" && written["page99"] as? Int == 100)
    }

    @Test("A wide class sets every property from either part, and encodes them all")
    func wideClass() throws {
        var dictionary: [String: Any] = ["total": 9]
        for index in 0..<104 { dictionary["entry\(index)"] = index * 2 }
        let ledger = try WideLedger(dictionary: dictionary)
        #expect(ledger.total == 9 && ledger.entry0 == 0 && ledger.entry99 == 198 && ledger.entry103 == 206)
        let missing = expectMappingError(kind: .missingKey) { try WideLedger(dictionary: ["entry1": 1]) }
        #expect(missing?.path.description == "total")
        let written = try ledger.dictionary()
        #expect(written.count == 105 && written["entry103"] as? Int == 206 && written["total"] as? Int == 9)
    }
}
