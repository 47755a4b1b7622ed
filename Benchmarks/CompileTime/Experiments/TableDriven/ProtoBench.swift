// The experiment's run-time check (README.md): decodes 2,000 Wide10 objects from another module, as the macro
// writes the model (Wide10ModelCur), through the table (Wide10ModelTab) and compiled with MODELKIT_GENERIC_MODELS
// (Wide10GenericModel), from JSON, from Foundation objects and through JSONDecoder (the Codable bridge).
// With an argument it decodes one shape only, for callgrind or perf: none (the setup alone), cur and tab (300
// decodings from JSON), ocur and otab (100 from Foundation objects), gen (200 from JSON, generic models).
// The interleaved ratios it prints without an argument are a first look only: its `[String: Any]` ratio came out
// 0.61–0.83 where callgrind counted 2.1% more instructions and separate processes took the same time. The figures
// in Benchmarks/NOTES.md are callgrind's, on the one-shape modes.
import Foundation
import ModelKit
import Wide10GenericModel
import Wide10ModelCur
import Wide10ModelTab

func object(_ i: Int) -> String {
    let leaf = "{\"id\": \(i), \"title\": \"leaf \(i)\"}"
    return """
        {"count0": \(i), "name1": "name \(i)", "ratio2": \(Double(i) * 0.5), "flag3": true, "renamed_4": "renamed", "text5": "text \(i)", "nested6": \(leaf), "nestedList7": [\(leaf), \(leaf)], "count8": 8, "name9": null}
        """
}
let count = 2000
let json = Data(("[" + (0..<count).map(object).joined(separator: ",") + "]").utf8)
let objects = try JSONSerialization.jsonObject(with: json)

func time(_ body: () throws -> Int) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    var total = 0
    for _ in 0..<10 { total &+= try body() }
    precondition(total > 0)
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / 10
}
let mode = CommandLine.arguments.dropFirst().first ?? "time"
if mode == "none" { exit(0) }
if mode == "cur" { for _ in 0..<300 { _ = try [Wide10ModelCur.Wide10](json: json) }; exit(0) }
if mode == "ocur" { for _ in 0..<100 { _ = try [Wide10ModelCur.Wide10](object: objects) }; exit(0) }
if mode == "otab" { for _ in 0..<100 { _ = try [Wide10ModelTab.Wide10](object: objects) }; exit(0) }
if mode == "gen" { for _ in 0..<200 { _ = try [Wide10GenericModel.Wide10](json: json) }; exit(0) }
if mode == "tab" { for _ in 0..<300 { _ = try [Wide10ModelTab.Wide10](json: json) }; exit(0) }
var rows: [String: [Double]] = [:]
for _ in 0..<15 {
    rows["json cur", default: []].append(try time { try [Wide10ModelCur.Wide10](json: json).count })
    rows["json tab", default: []].append(try time { try [Wide10ModelTab.Wide10](json: json).count })
    rows["objects cur", default: []].append(try time { try [Wide10ModelCur.Wide10](object: objects).count })
    rows["objects tab", default: []].append(try time { try [Wide10ModelTab.Wide10](object: objects).count })
    rows["bridge cur", default: []].append(
        try time { try JSONDecoder().decode([Wide10ModelCur.Wide10].self, from: json).count })
    rows["bridge tab", default: []].append(
        try time { try JSONDecoder().decode([Wide10ModelTab.Wide10].self, from: json).count })
    rows["json gen", default: []].append(try time { try [Wide10GenericModel.Wide10](json: json).count })
}
func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
for key in rows.keys.sorted() { print(key, String(format: "%.3f ms", median(rows[key]!))) }
print(String(format: "bridge tab/cur %.3f", median(rows["bridge tab"]!) / median(rows["bridge cur"]!)))
print(String(format: "json gen/cur %.3f", median(rows["json gen"]!) / median(rows["json cur"]!)))
print(
    String(
        format: "json tab/cur %.3f, objects tab/cur %.3f", median(rows["json tab"]!) / median(rows["json cur"]!),
        median(rows["objects tab"]!) / median(rows["objects cur"]!)))
let a = try [Wide10ModelCur.Wide10](json: json), b = try [Wide10ModelTab.Wide10](json: json)
precondition(
    a.count == b.count && a[7].nestedList7.count == 2 && b[7].nestedList7.count == 2 && a[9].name1 == b[9].name1
        && b[9].nested6?.title == "leaf 9")
print("same")
