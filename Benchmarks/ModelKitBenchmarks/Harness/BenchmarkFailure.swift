/// A benchmark that cannot give an honest number: missing data, a model that does not decode the real
/// file, or two sides that disagree. The run goes on with the other cases and exits non-zero.
struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
