import Foundation
import ModelKitTestSupport

/// Writes `message` to standard error.
func report(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

// A memory probe child (see PeakMemoryProbe) does one thing to one file, prints its reading and exits before
// anything else runs, so that nothing else raises its peak.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == PeakMemoryProbe.childFlag {
    guard arguments.count == 3, let task = BenchmarkSuite.probeTask(named: arguments[1]) else {
        report("usage: \(PeakMemoryProbe.childFlag) TASK FILE")
        exit(2)
    }
    do {
        try PeakMemoryProbe.runChild(file: URL(fileURLWithPath: arguments[2]), task: task)
        exit(0)
    } catch {
        report("error: \(error)")
        exit(1)
    }
}

let options: CommandLineOptions
do {
    options = try CommandLineOptions(arguments: arguments)
} catch {
    report("error: \(error)")
    exit(2)
}
if options.showsHelp {
    print(CommandLineOptions.usage)
    exit(0)
}

let data = BenchmarkData(directory: options.dataDirectory ?? RepositoryData.benchmarkFolder)
let selected = BenchmarkSuite.cases(data: data).filter { benchmark in
    options.filter.map { benchmark.name.contains($0) } ?? true
}
if options.listsCases {
    for benchmark in selected { print(benchmark.name) }
    exit(0)
}
guard !selected.isEmpty else {
    report("error: no case name contains \"\(options.filter ?? "")\"; --list shows the names")
    exit(2)
}
do {
    try data.checkFilesExist()
} catch {
    report("error: \(error)")
    exit(1)
}
if let iterations = options.profileIterations {
    do {
        for benchmark in selected {
            let checksum = try ProfileRun.run(benchmark, iterations: iterations, baseline: options.profilesBaseline)
            print("\(benchmark.name): \(iterations) iterations, checksum \(checksum)")
        }
        exit(0)
    } catch {
        report("error: \(error)")
        exit(1)
    }
}

var runner = BenchmarkRunner()
var results: [CaseResult] = []
var failures: [String] = []
print(ResultTable.header)
for benchmark in selected {
    do {
        let result = try runner.run(benchmark)
        results.append(result)
        print(ResultTable.row(for: result))
    } catch {
        failures.append(benchmark.name)
        report("error: \(benchmark.name): \(error)")
    }
}

ScratchFolder.remove()
do {
    try ResultFile(cases: results).write(to: options.resultFile)
    print("\nwrote \(options.resultFile.path)")
} catch {
    report("error: cannot write \(options.resultFile.path): \(error)")
    exit(1)
}
if !failures.isEmpty {
    report("\(failures.count) case(s) failed: \(failures.joined(separator: ", "))")
    exit(1)
}
