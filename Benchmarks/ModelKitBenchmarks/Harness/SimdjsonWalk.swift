import Foundation

/// simdjson's On-Demand walk of every value of a JSON document — every key and string unescaped, every number
/// parsed — from the C++ helper that `Benchmarks/run` builds (`Benchmarks/SimdjsonWalk`) and names in
/// `MODELKIT_SIMDJSON_WALK`.
///
/// The helper is loaded with `dlopen` rather than linked, so that the package builds where simdjson is not
/// installed, and its walk is called in this process, so that it is timed by ``BenchmarkRunner`` like any
/// baseline: batches interleaved with ModelKit's, the same warm-up and the same median.
final class SimdjsonWalk {
    static let environmentKey = "MODELKIT_SIMDJSON_WALK"

    private typealias Open = @convention(c) (UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?
    private typealias Walk =
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt64>?, UnsafeMutablePointer<UInt64>?) ->
        Int32
    private typealias ErrorMessage = @convention(c) (Int32) -> UnsafePointer<CChar>?
    private typealias Name = @convention(c) () -> UnsafePointer<CChar>?
    private typealias Close = @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// The helper's functions, looked up once per document.
    private struct Library {
        let open: Open
        let walk: Walk
        let errorMessage: ErrorMessage
        let implementation: Name
        let builtinImplementation: Name
        let close: Close

        /// Loads the helper named in the environment, or says why it cannot.
        static func load() throws -> Library {
            guard let path = ProcessInfo.processInfo.environment[SimdjsonWalk.environmentKey], !path.isEmpty else {
                throw BenchmarkFailure(
                    "\(SimdjsonWalk.environmentKey) is not set: Benchmarks/run builds the simdjson helper when "
                        + "libsimdjson-dev is installed (apt-get install libsimdjson-dev)")
            }
            // The handle is never closed: the functions are used until the process ends.
            guard let handle = dlopen(path, RTLD_NOW) else {
                throw BenchmarkFailure("cannot load \(path): \(dlerror().map { String(cString: $0) } ?? "?")")
            }
            func symbol<Function>(_ name: String, as type: Function.Type) throws -> Function {
                guard let address = dlsym(handle, name) else {
                    throw BenchmarkFailure("\(path) has no \(name); rebuild it with Benchmarks/run")
                }
                return unsafeBitCast(address, to: type)
            }
            return Library(
                open: try symbol("modelkit_simdjson_open", as: Open.self),
                walk: try symbol("modelkit_simdjson_walk", as: Walk.self),
                errorMessage: try symbol("modelkit_simdjson_error_message", as: ErrorMessage.self),
                implementation: try symbol("modelkit_simdjson_implementation", as: Name.self),
                builtinImplementation: try symbol("modelkit_simdjson_builtin_implementation", as: Name.self),
                close: try symbol("modelkit_simdjson_close", as: Close.self))
        }
    }

    /// What one walk saw.
    struct Tally {
        /// Every key, string, number and literal folded together, for the timed routine to return.
        var checksum: UInt64
        /// Objects, arrays and scalars, each counted once.
        var values: Int
    }

    private let library: Library
    /// The helper's copy of the document, padded as simdjson needs, and its parser.
    private let document: UnsafeMutableRawPointer

    /// Copies `json` into the helper, outside any timing, as ModelKit's side gets its `Data` beforehand.
    init(json: Data) throws {
        library = try Library.load()
        let open = library.open
        guard let document = json.withUnsafeBytes({ open($0.baseAddress, $0.count) }) else {
            // simdjson makes its parser for the kernel in use: "unsupported" when SIMDJSON_FORCE_IMPLEMENTATION
            // names none it has, which is the likelier cause than memory.
            let kernel = library.implementation().map { String(cString: $0) } ?? "?"
            throw BenchmarkFailure(
                "the simdjson helper could not set up a parser for \(json.count) bytes on kernel \(kernel)")
        }
        self.document = document
    }

    deinit {
        library.close(document)
    }

    /// The kernels in use, as `stage 1/walk`: the structural index runs on the one simdjson picks at runtime
    /// (or `SIMDJSON_FORCE_IMPLEMENTATION` names), the walk on the one the helper was compiled for; `nil` when
    /// the helper cannot be loaded, which the cases then report.
    static var kernels: String? {
        guard let library = try? Library.load() else { return nil }
        let names = [library.implementation(), library.builtinImplementation()].map { $0.map { String(cString: $0) } }
        return names.map { $0 ?? "?" }.joined(separator: "/")
    }

    /// Parses the document and walks every value: one timed iteration.
    func walk() throws -> Tally {
        var checksum: UInt64 = 0
        var values: UInt64 = 0
        let code = library.walk(document, &checksum, &values)
        guard code == 0 else {
            let message = library.errorMessage(code).map { String(cString: $0) } ?? "error \(code)"
            throw BenchmarkFailure("simdjson: \(message)")
        }
        return Tally(checksum: checksum, values: Int(values))
    }

    /// How many values a walk of `object`, as `JSONSerialization` reads it, touches: the count the helper's
    /// walk must reach, which shows that it skipped nothing.
    static func valueCount(of object: Any) -> Int {
        switch object {
        case let dictionary as [String: Any]: 1 + dictionary.values.reduce(0) { $0 + valueCount(of: $1) }
        case let array as [Any]: 1 + array.reduce(0) { $0 + valueCount(of: $1) }
        default: 1
        }
    }
}
