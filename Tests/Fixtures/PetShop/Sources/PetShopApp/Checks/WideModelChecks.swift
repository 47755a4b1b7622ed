import Foundation
import ModelKit
import PetShopRecords

/// The library's model of 1,000 properties and its file of 100 models, decoded and encoded from this module:
/// guards against the compile-time cliffs of wide models and of many models (`Benchmarks/CompileTime`).
enum WideModelChecks {
    static func run(_ checker: inout Checker) {
        checker.run("a model of 1,000 properties decodes from another module") { checker in
            // The required properties are the texts (every eighth, from 5); the others take their defaults.
            var dictionary: [String: Any] = ["count0": "7", "renamed_4": "four", "nestedList7": [["id": 1]]]
            for index in stride(from: 5, to: 1000, by: 8) { dictionary["text\(index)"] = "t\(index)" }
            let record = try WideRecord(dictionary: dictionary)
            checker.expect(record.count0 == 7, "\"7\" becomes 7")
            checker.expect(record.renamed4 == "four", "a renamed key is read")
            checker.expect(record.text997 == "t997", "the last required property is read")
            checker.expect(record.ratio994 == 1.5 && record.name993 == nil, "defaults stand for missing keys")
            checker.expect(record.nestedList7.first?.id == 1, "an array of nested models decodes")
            let json = try record.data(format: .json)
            let again = try WideRecord(data: json)
            checker.expect(
                try again.dictionary() as NSDictionary == record.dictionary() as NSDictionary,
                "JSON written and read back gives the same dictionary")
            let throughEntryPoint = try WideRecord(json: json)
            checker.expect(
                try throughEntryPoint.dictionary() as NSDictionary == record.dictionary() as NSDictionary,
                "init(json:), compiled in ModelKit, reads it too")
        }
        checker.run("100 models of one file decode from another module") { checker in
            let leaf: [String: Any] = ["count": 1, "children": [["id": 3, "title": "leaf"]]]
            let middle: [String: Any] = ["count": 2, "renamed_1": "one", "children": [leaf]]
            let model = try SmallModel2(dictionary: ["count": "3", "flag": "yes", "children": [middle]])
            checker.expect(model.count == 3 && model.flag, "\"3\" and \"yes\" convert")
            checker.expect(model.children.first?.renamed == "one", "the nested model's renamed key is read")
            checker.expect(model.children.first?.children.first?.children.first?.title == "leaf", "three levels down")
            let last = try SmallModel99(data: Data(#"{"count": 99, "children": [{"count": 98}]}"#.utf8))
            checker.expect(last.count == 99 && last.children.first?.count == 98, "the last model of the file too")
            checker.expect(try SmallModel99(dictionary: last.dictionary()) == last, "and it round-trips")
            checker.expect(try SmallModel99(json: last.jsonData()) == last, "and through init(json:)")
        }
    }
}
