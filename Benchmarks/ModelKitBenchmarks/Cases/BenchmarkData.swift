import Foundation

/// The benchmark files, read once and kept for the cases that share them, and the property lists made
/// from them.
final class BenchmarkData {
    /// The data sets, by the file name without `.json`.
    static let setNames = ["user", "weibo", "twitter", "citm_catalog", "canada", "wide"]

    let directory: URL
    private var files: [String: Data] = [:]
    private var propertyLists: [String: Data] = [:]

    init(directory: URL) {
        self.directory = directory
    }

    /// Checks that ``directory`` holds every data set, so that a missing folder stops the run with a clear
    /// message instead of failing case by case.
    func checkFilesExist() throws {
        let missing = Self.setNames.filter { !FileManager.default.fileExists(atPath: url(of: $0).path) }
        guard missing.isEmpty else {
            throw BenchmarkFailure(
                """
                benchmark data not found: \(directory.path) lacks \(missing.map { "\($0).json" }.joined(separator: ", ")).
                Pass the folder with --data; in the repository it is Data/bench (see Data/README.md).
                """)
        }
    }

    func url(of set: String) -> URL {
        directory.appendingPathComponent("\(set).json")
    }

    /// The JSON bytes of `set`.
    func json(_ set: String) throws -> Data {
        if let data = files[set] { return data }
        let data = try Data(contentsOf: url(of: set))
        files[set] = data
        return data
    }

    /// The JSON of `set` as Foundation objects, the dictionary-to-model input.
    func dictionary(_ set: String) throws -> [String: Any] {
        guard let dictionary = try JSONSerialization.jsonObject(with: json(set)) as? [String: Any] else {
            throw BenchmarkFailure("\(set).json is not a JSON object")
        }
        return dictionary
    }

    /// `set` as a property list in `format`, made from the JSON with its nulls dropped (property lists
    /// have no null) by `PropertyListSerialization`, so neither side's writer shapes its own input.
    func propertyList(_ set: String, format: PropertyListSerialization.PropertyListFormat) throws -> Data {
        let key = "\(set).\(format.rawValue)"
        if let data = propertyLists[key] { return data }
        let object = Self.droppingNulls(try dictionary(set))
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
        propertyLists[key] = data
        return data
    }

    private static func droppingNulls(_ object: Any) -> Any {
        switch object {
        case let number as NSDecimalNumber:
            // JSONSerialization on Linux gives decimals as NSDecimalNumber, whose doubleValue can be a few
            // units in the last place off the JSON's number; its text converts exactly, so the property
            // lists hold the same numbers as the JSON and both are checked against the same values.
            Double(number.stringValue) ?? number.doubleValue
        case let dictionary as [String: Any]:
            dictionary.filter { !($0.value is NSNull) }.mapValues(droppingNulls)
        case let array as [Any]:
            array.filter { !($0 is NSNull) }.map(droppingNulls)
        default:
            object
        }
    }
}
