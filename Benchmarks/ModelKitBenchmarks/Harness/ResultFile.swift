import Foundation

/// `Benchmarks/results/latest.json`: `{"cases": [{"name", "subject", "baseline", "median_ns",
/// "baseline_median_ns", "ratio", …}]}`, one case a line with its fields in a fixed order, so that two
/// runs compare line by line.
struct ResultFile {
    var cases: [CaseResult]

    var text: String {
        let entries = cases.map { result in
            "    {" + result.jsonFields.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
        }
        return "{\n  \"cases\": [\n" + entries.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    func write(to url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
    }
}
