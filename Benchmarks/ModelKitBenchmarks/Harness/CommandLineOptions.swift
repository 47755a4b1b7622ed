import Foundation

/// The command line: `ModelKitBenchmarks --data DIR [--filter TEXT] [--output FILE] [--list]`.
struct CommandLineOptions {
    /// The folder with `user.json`, `weibo.json`, `twitter.json`, `citm_catalog.json` and `canada.json`.
    var dataDirectory: URL?
    /// Only cases whose name contains this text run.
    var filter: String?
    /// Where the JSON results go.
    var output = URL(fileURLWithPath: "Benchmarks/results/latest.json")
    /// Print the case names and stop.
    var listsCases = false
    var showsHelp = false

    static let usage = """
        usage: ModelKitBenchmarks --data DIR [--filter TEXT] [--output FILE] [--list]

          --data DIR      the benchmark data (../shared/data/bench from the repository root)
          --filter TEXT   run only the cases whose name contains TEXT
          --output FILE   where to write the JSON results (default Benchmarks/results/latest.json)
          --list          print the case names and exit
        """

    init(arguments: [String]) throws {
        var remaining = arguments[...]
        func value(of flag: String) throws -> String {
            guard let value = remaining.popFirst() else {
                throw BenchmarkFailure("\(flag) needs a value\n\(Self.usage)")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--data": dataDirectory = URL(fileURLWithPath: try value(of: argument), isDirectory: true)
            case "--filter": filter = try value(of: argument)
            case "--output": output = URL(fileURLWithPath: try value(of: argument))
            case "--list": listsCases = true
            case "--help", "-h": showsHelp = true
            default: throw BenchmarkFailure("unknown argument \(argument)\n\(Self.usage)")
            }
        }
    }
}
