import ModelKit

/// YYModel's benchmark: the same `[String: Any]` (parsed once by `JSONSerialization`) converted to a model
/// many times, and a model converted back, with ModelKit against code written by hand on the data set's
/// twin (see ``HandWritten``).
struct DictionaryCases<Model: ModelCodable, Twin: Codable> {
    let set: DataSet<Model, Twin>
    let data: BenchmarkData
    /// Conversions in one iteration: the dictionaries are small, so one conversion is too short to time.
    let repetitions: Int
    let decodeManual: ([String: Any]) throws -> Twin
    let encodeManual: (Twin) -> [String: Any]

    var all: [BenchmarkCase] { [dictionaryToModel, modelToDictionary] }

    var dictionaryToModel: BenchmarkCase {
        BenchmarkCase(
            name: "\(set.name).dict-to-model", subject: "Model(dictionary:)", baseline: "hand-written"
        ) {
            let dictionary = try data.dictionary(set.name)
            try set.check(Model(dictionary: dictionary), by: "Model(dictionary:)")
            try set.checkCoverage(Model.decode(object: dictionary).diagnostics, by: "Model(dictionary:)")
            try set.check(twin: decodeManual(dictionary), by: "init(dictionary:) by hand")
            return .time(
                subject: {
                    var total = 0
                    for _ in 0..<repetitions { total &+= set.size(try Model(dictionary: dictionary)) }
                    return total
                },
                baseline: .routine({
                    var total = 0
                    for _ in 0..<repetitions { total &+= set.twinSize(try decodeManual(dictionary)) }
                    return total
                }))
        }
    }

    var modelToDictionary: BenchmarkCase {
        BenchmarkCase(
            name: "\(set.name).model-to-dict", subject: "model.dictionary()", baseline: "hand-written"
        ) {
            let dictionary = try data.dictionary(set.name)
            let model = try Model(dictionary: dictionary)
            let manual = try decodeManual(dictionary)
            // Each side's dictionary must convert back to the same fields.
            try set.check(Model(dictionary: model.dictionary()), by: "Model(dictionary:) of model.dictionary()")
            try set.check(
                twin: decodeManual(encodeManual(manual)), by: "init(dictionary:) of the hand-written dictionary")
            return .time(
                subject: {
                    var total = 0
                    for _ in 0..<repetitions { total &+= try model.dictionary().count }
                    return total
                },
                baseline: .routine({
                    var total = 0
                    for _ in 0..<repetitions { total &+= encodeManual(manual).count }
                    return total
                }))
        }
    }
}
