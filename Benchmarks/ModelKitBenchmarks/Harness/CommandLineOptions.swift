import Foundation

/// The command line: `ModelKitBenchmarks --data DIR [--filter TEXT] [--output FILE] [--list]`.
struct CommandLineOptions {
    /// The folder with `user.json`, `weibo.json`, `twitter.json`, `citm_catalog.json` and `canada.json`.
    var dataDirectory: URL?
    /// Only cases whose name contains this text run.
    var filter: String?
    /// Where the JSON results go, when given.
    var output: URL?
    /// Print the case names and stop.
    var listsCases = false
    /// Run the selected cases' subjects (or, with ``profilesBaseline``, their baselines) this many times each,
    /// untimed and unwritten: a steady workload for a profiler such as `valgrind --tool=callgrind`.
    var profileIterations: Int?
    /// Whether `--profile` runs the baselines instead of the subjects.
    var profilesBaseline = false
    var showsHelp = false

    /// Where the JSON results go: ``output``, else `latest.json` for a full run and `filtered.json` for a filtered
    /// one, so that a run of a few cases does not replace the full run's results, which the README quotes.
    var resultFile: URL {
        output ?? URL(fileURLWithPath: "Benchmarks/results/\(filter == nil ? "latest" : "filtered").json")
    }

    static let usage = """
        usage: ModelKitBenchmarks [--data DIR] [--filter TEXT] [--output FILE] [--list]
               ModelKitBenchmarks [--data DIR] --filter TEXT --profile N [--baseline]

          --data DIR      the benchmark data (default: the repository's Data/bench)
          --filter TEXT   run only the cases whose name contains TEXT
          --output FILE   where to write the JSON results (default Benchmarks/results/latest.json, or
                          filtered.json there with --filter)
          --list          print the case names and exit
          --profile N     run each selected case's ModelKit side N times, untimed, for a profiler
          --baseline      with --profile, run the baseline side instead
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
            case "--profile":
                let text = try value(of: argument)
                guard let count = Int(text), count > 0 else {
                    throw BenchmarkFailure("--profile needs a positive count, not \(text)\n\(Self.usage)")
                }
                profileIterations = count
            case "--baseline": profilesBaseline = true
            case "--help", "-h": showsHelp = true
            default: throw BenchmarkFailure("unknown argument \(argument)\n\(Self.usage)")
            }
        }
    }
}
