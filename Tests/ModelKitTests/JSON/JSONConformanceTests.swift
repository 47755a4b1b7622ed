import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// JSONTestSuite (nst/JSONTestSuite): what every JSON parser must accept, must reject, and may decide.
@Suite("JSON conformance")
struct JSONConformanceTests {
    @Test("every y_ file is accepted")
    func acceptsEveryMustAcceptFile() throws {
        let files = try RepositoryData.jsonConformanceFiles(prefix: "y_")
        var failures: [String] = []
        for file in files {
            do {
                _ = try JSONFormat.value(from: try Data(contentsOf: file))
            } catch {
                failures.append("\(file.lastPathComponent): \(error)")
            }
        }
        #expect(
            failures.isEmpty,
            "rejected \(failures.count) of \(files.count) y_ files:\n\(failures.joined(separator: "\n"))")
    }

    @Test("every n_ file is rejected with a MappingError")
    func rejectsEveryMustRejectFile() throws {
        let files = try RepositoryData.jsonConformanceFiles(prefix: "n_")
        var accepted: [String] = []
        var wrongErrors: [String] = []
        for file in files {
            do {
                let value = try JSONFormat.value(from: try Data(contentsOf: file))
                accepted.append("\(file.lastPathComponent) → \(value.briefDescription)")
            } catch is MappingError {
                continue
            } catch {
                wrongErrors.append("\(file.lastPathComponent): \(error)")
            }
        }
        #expect(
            accepted.isEmpty,
            "accepted \(accepted.count) of \(files.count) n_ files:\n\(accepted.joined(separator: "\n"))")
        #expect(wrongErrors.isEmpty, "errors that are not MappingError:\n\(wrongErrors.joined(separator: "\n"))")
    }

    /// The implementation-defined files may go either way, but must not crash, must fail only with a
    /// `MappingError`, and what is accepted must write back and read again unchanged.
    @Test("no i_ file crashes, and accepted ones round-trip")
    func survivesEveryImplementationDefinedFile() throws {
        let files = try RepositoryData.jsonConformanceFiles(prefix: "i_")
        var failures: [String] = []
        for file in files {
            do {
                let value = try JSONFormat.value(from: try Data(contentsOf: file))
                let again = try JSONFormat.value(from: try JSONFormat.data(from: value))
                if again != value { failures.append("\(file.lastPathComponent): \(value) wrote back as \(again)") }
            } catch is MappingError {
                continue
            } catch {
                failures.append("\(file.lastPathComponent): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("100,000 opening brackets fail as too deep")
    func hundredThousandOpeningArrays() throws {
        let file = try #require(
            try RepositoryData.jsonConformanceFiles(prefix: "n_structure_100000_opening_arrays").first)
        let data = try Data(contentsOf: file)
        let error = #expect(throws: MappingError.self) { try JSONFormat.value(from: data) }
        #expect(error?.reason == .tooDeep(limit: 512))
    }
}
