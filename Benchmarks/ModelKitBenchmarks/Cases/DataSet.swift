import ModelKit

/// A data set with its ModelKit model, its plain `Codable` twin, and what a correct decoding must show.
///
/// Every case checks its decoded values against ``expected`` once before timing, so a model that does not
/// decode the real file, or decodes it wrongly, fails the run instead of timing an error path.
struct DataSet<Model: ModelCodable, Twin: Codable> {
    /// The file name without `.json`, and the prefix of the case names.
    var name: String
    /// A few fields of the file, as text: counts, identifiers, a parsed date, a converted number.
    var expected: [String]
    var fingerprint: (Model) -> [String]
    var twinFingerprint: (Twin) -> [String]
    /// A cheap number from a decoded value, for the timed routines to return.
    var size: (Model) -> Int
    var twinSize: (Twin) -> Int

    func check(_ model: Model, by decoder: String) throws {
        try check(fingerprint: fingerprint(model), by: decoder)
    }

    func check(twin: Twin, by decoder: String) throws {
        try check(fingerprint: twinFingerprint(twin), by: decoder)
    }

    /// Checks that the model reads every key of the file and loses no value on the way, which shows that it
    /// models the whole file: only conversions (Weibo's sizes written as text) may be noted.
    func checkCoverage(_ diagnostics: [Diagnostic], by decoder: String) throws {
        let losses = diagnostics.filter { diagnostic in
            if case .converted = diagnostic.kind { return false }
            return true
        }
        guard losses.isEmpty else {
            let shown = losses.prefix(5).map(\.description).joined(separator: "; ")
            throw BenchmarkFailure("\(name): \(decoder) does not model all of the file: \(shown)")
        }
    }

    /// Checks fields read from any other model of the file, such as the hand-written ones.
    func check(fingerprint found: [String], by decoder: String) throws {
        guard found == expected else {
            throw BenchmarkFailure("\(name): \(decoder) decoded \(found), expected \(expected)")
        }
    }
}
