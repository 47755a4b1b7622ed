import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// `JSONFormat` must read every document exactly as `JSONSerialization` does: same structure, same strings,
/// integers equal and doubles bit for bit.
@Suite("JSON reads like JSONSerialization")
struct JSONFoundationEquivalenceTests {
    @Test("every y_ file reads as Foundation reads it")
    func mustAcceptFilesMatchFoundation() throws {
        try expectFoundationEquivalence(for: try RepositoryData.jsonConformanceFiles(prefix: "y_"))
    }

    @Test("every benchmark document reads as Foundation reads it")
    func benchmarkFilesMatchFoundation() throws {
        try expectFoundationEquivalence(for: try RepositoryData.benchmarkFiles())
    }

    @Test(
        "numbers at the edges of the fast paths match Foundation",
        arguments: [
            "0.1", "0.3", "1e22", "1e23", "9007199254740993", "9007199254740993.0", "2.2250738585072011e-308",
            "2.2250738585072014e-308", "4.9406564584124654e-324", "1.7976931348623157e308", "123456789012345678",
            "1234567890123456789", "12345678901234567890", "18446744073709551615", "18446744073709551616",
            "-9223372036854775807", "-9223372036854775809", "0.000000000000000000000000000001234",
            "3.14159265358979323846264338327950288", "-0.0", "-0", "1E2", "1e-7", "17976931348623157e292",
            "1.00000000000000011102230246251565404236316680908203125", "7.038531e-26", "89255.0e-22", "3e23", "7e23",
            "8.5e-23",
        ])
    func edgeNumbersMatchFoundation(text: String) throws {
        let data = Data("[\(text)]".utf8)
        let ours = try JSONFormat.value(from: data)
        let foundation = try FoundationValue.read(data)
        let difference = FoundationValue.difference(ours, foundation)
        #expect(difference == nil, "\(text): \(difference ?? "")")
    }

    private func expectFoundationEquivalence(for files: [URL]) throws {
        var failures: [String] = []
        for file in files {
            let data = try Data(contentsOf: file)
            do {
                let ours = try JSONFormat.value(from: data)
                let foundation = try FoundationValue.read(data)
                if let difference = FoundationValue.difference(ours, foundation) {
                    failures.append("\(file.lastPathComponent): \(difference)")
                }
            } catch {
                failures.append("\(file.lastPathComponent): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(files.count) differ:\n\(failures.joined(separator: "\n"))")
    }
}
