#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// A debug build walks every model a compile job reaches through stored properties and expands it (Benchmarks/NOTES.md,
// 2026-11-27, 16:00): every branch of every `#if` went to the compiler, which read them all, though a build compiles
// one. Written for the build's conditions, a 20-property struct's extension was 13.6 KB instead of 21.8 KB, and the
// job that walks 299 models 15% shorter (Benchmarks/NOTES.md, 2026-11-30, second session).
/// A compilation condition that code `@DictionaryModel` generates branches on.
indirect enum CompilationCondition: Equatable, Sendable {
    /// A condition a build defines (`-D NAME`).
    case defined(String)
    /// Both conditions.
    case both(CompilationCondition, CompilationCondition)
    /// The condition's negation.
    case not(CompilationCondition)

    /// The condition as `#if` reads it.
    var source: String {
        switch self {
        case .defined(let name): name
        case .both(let first, let second): "\(first.source) && \(second.source)"
        case .not(let condition): "!(\(condition.source))"
        }
    }

    /// Whether the condition holds in a build that defines `defined`.
    func holds(defining defined: Set<String>) -> Bool {
        switch self {
        case .defined(let name): defined.contains(name)
        case .both(let first, let second): first.holds(defining: defined) && second.holds(defining: defined)
        case .not(let condition): !condition.holds(defining: defined)
        }
    }
}

/// What the plug-in knows of the compilation conditions of the build it expands a macro for: the conditions the
/// build defines, as the compiler's request tells them, or nothing (swift-syntax's own expansion, which has no
/// build configuration to read, and the macro tests).
///
/// Where they are known, the generated code holds only the branch the build compiles; where not, every branch
/// under `#if`, for the compiler to choose. The two compile the same code, but for a debug build's decoding fields,
/// which are a tuple where the conditions say `DEBUG` (``isDebug``) and a struct where they are not known.
struct BuildConditions: Equatable, Sendable {
    /// The conditions the build defines, or `nil` where they are not known.
    let defined: Set<String>?

    /// Whether the extension is written for a debug build, whose decoding fields are a tuple (see
    /// ``ModelCodeGenerator/fieldsAreTuple``): a build that defines `DEBUG`, as SwiftPM's and Xcode's debug
    /// configurations do, unless told otherwise.
    let isDebug: Bool

    /// Conditions not known: every branch is written under `#if`.
    static let unknown = BuildConditions(defined: nil)

    /// The conditions `defined`, or not known for `nil`; a debug build where `isDebug` says so, or else where
    /// `defined` holds `DEBUG`.
    init(defined: Set<String>?, isDebug: Bool? = nil) {
        self.defined = defined
        self.isDebug = isDebug ?? (defined?.contains("DEBUG") == true)
    }

    /// The conditions of the build configuration the compiler sends with a request (swift-syntax's
    /// `StaticBuildConfiguration`, as JSON): its `customConditions`; not known where there is none, or it cannot be
    /// read.
    init(buildConfiguration: String?) {
        guard let buildConfiguration,
            let configuration = try? JSONDecoder().decode(
                CustomConditions.self, from: Data(buildConfiguration.utf8))
        else {
            self.init(defined: nil)
            return
        }
        self.init(defined: Set(configuration.customConditions))
    }

    /// The one member of a build configuration read here.
    private struct CustomConditions: Decodable {
        let customConditions: [String]
    }

    /// The lines of the first branch whose condition holds (a branch without a condition holds always, as
    /// `#else`), or where the conditions are not known, every branch under `#if`, `#elseif` and `#else`. A branch's
    /// lines are made only if they are written.
    func choosing(_ branches: (condition: CompilationCondition?, lines: () -> [String])...) -> [String] {
        guard let defined else {
            var lines: [String] = []
            for (index, branch) in branches.enumerated() {
                switch (index, branch.condition) {
                case (0, let condition?): lines.append("#if \(condition.source)")
                case (_, let condition?): lines.append("#elseif \(condition.source)")
                case (_, nil): lines.append("#else")
                }
                lines += branch.lines()
            }
            return branches.isEmpty ? [] : lines + ["#endif"]
        }
        for branch in branches where branch.condition?.holds(defining: defined) ?? true {
            return branch.lines()
        }
        return []
    }

    /// `lines` where `condition` holds: under `#if` where the conditions are not known.
    func when(_ condition: CompilationCondition, _ lines: () -> [String]) -> [String] {
        guard let defined else { return ["#if \(condition.source)"] + lines() + ["#endif"] }
        return condition.holds(defining: defined) ? lines() : []
    }
}
