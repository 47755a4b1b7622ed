import Foundation
import ModelKit
import OrderedCollections

/// What `modelkit check` found: for each sample, every note ModelKit's lenient decoding made with the models as
/// they are, or the error that stopped it.
///
/// The notes come from ModelKit's own diagnostics, collected by a runner built against the models (see
/// ``CheckRunner``), so the check applies the same mapping rules an app does and never re-implements them.
public struct DriftReport: Sendable, Hashable {
    /// One diagnostic or error, at its key path.
    public struct Note: Sendable, Hashable {
        /// The key path from the sample's root: `statuses[3].user.screenname`.
        public var path: String
        /// What happened: `unknownKey`, `converted`, `defaultedMissing`, `defaultedNull`, `defaultedInvalid`,
        /// `droppedElement`, `enumFallback`, `recovered`, or `error` for what stopped decoding.
        public var kind: String
        /// ModelKit's message without the path.
        public var message: String

        /// A note at `path`.
        public init(path: String, kind: String, message: String) {
            self.path = path
            self.kind = kind
            self.message = message
        }
    }

    /// Notes that differ only in array indices, counted once: what a reader wants to see first.
    public struct Group: Sendable, Hashable {
        /// The path with every index written `[]`: `statuses[].user.screenname`.
        public var pattern: String
        /// The notes' kind.
        public var kind: String
        /// How many notes there are.
        public var count: Int
        /// The first note's message.
        public var example: String
    }

    /// The notes about one sample.
    public struct SampleResult: Sendable, Hashable {
        /// The sample's path as given.
        public var sample: String
        /// The diagnostics, in the order decoding made them.
        public var notes: [Note]
        /// The error that stopped decoding, if any.
        public var error: Note?

        /// A result for `sample`.
        public init(sample: String, notes: [Note], error: Note?) {
            self.sample = sample
            self.notes = notes
            self.error = error
        }

        /// The notes and the error grouped by path pattern and kind, in the order each first appears.
        public var groups: [Group] {
            var groups: OrderedDictionary<[String], Group> = [:]
            for note in notes + (error.map { [$0] } ?? []) {
                let pattern = DriftReport.pattern(note.path)
                let key = [pattern, note.kind]
                if groups[key] != nil {
                    groups[key]?.count += 1
                } else {
                    groups[key] = Group(pattern: pattern, kind: note.kind, count: 1, example: note.message)
                }
            }
            return Array(groups.values)
        }
    }

    /// One result per sample, in the order the samples were given.
    public var samples: [SampleResult]

    /// A report of `samples`.
    public init(samples: [SampleResult]) {
        self.samples = samples
    }

    /// Every diagnostic of every sample (errors not counted).
    public var noteCount: Int { samples.reduce(0) { $0 + $1.notes.count } }
    /// The diagnostics that mean data was lost: an element dropped, a default used for a missing, `null` or bad
    /// value, an unknown enum value turned into the fallback. `modelkit check` fails on them without `--strict`;
    /// keys no property reads and conversions stay notes.
    public var lossCount: Int { samples.reduce(0) { $0 + $1.notes.filter { Self.losesData($0.kind) }.count } }

    /// Whether `modelkit check` fails: a sample could not be decoded, or lost data (see ``lossCount``), or, with
    /// `strict`, made any note at all.
    public func fails(strict: Bool) -> Bool {
        errorCount > 0 || lossCount > 0 || (strict && noteCount > 0)
    }

    /// Whether a note of `kind` means a value of the sample did not reach the model as it was.
    public static func losesData(_ kind: String) -> Bool {
        ["droppedElement", "defaultedMissing", "defaultedNull", "defaultedInvalid", "enumFallback"].contains(kind)
    }
    /// The samples the models could not decode at all.
    public var errorCount: Int { samples.filter { $0.error != nil }.count }

    /// `path` with every array index written `[]`, so notes about each element of an array group together.
    static func pattern(_ path: String) -> String {
        var result = ""
        var inIndex = false
        for character in path {
            if character == "[" {
                inIndex = true
                result += "[]"
            } else if character == "]" {
                inIndex = false
            } else if !inIndex {
                result.append(character)
            }
        }
        return result
    }

    /// The report for a terminal: per sample, each group with its count and an example, then a summary line.
    public func text() -> String {
        var lines: [String] = []
        for result in samples {
            let notes = result.notes.count
            let status =
                result.error != nil
                ? "could not be decoded"
                : notes == 0 ? "fits the models" : "\(notes) note\(notes == 1 ? "" : "s")"
            lines.append("\(result.sample): \(status)")
            let groups = result.groups
            let width = min(groups.map { $0.pattern.count }.max() ?? 0, 60)
            for group in groups {
                let path = group.pattern.isEmpty ? "(root)" : group.pattern
                let padded = path.count < width ? path + String(repeating: " ", count: width - path.count) : path
                let count = group.count > 1 ? " ×\(group.count)" : ""
                lines.append("  \(padded)  \(Self.label(group.kind))\(count): \(group.example)")
            }
        }
        let fitting = samples.filter { $0.notes.isEmpty && $0.error == nil }.count
        let losses = lossCount > 0 ? " (\(lossCount) losing data)" : ""
        lines.append(
            "\(samples.count) sample\(samples.count == 1 ? "" : "s"): \(fitting) fit, \(noteCount) note"
                + "\(noteCount == 1 ? "" : "s")\(losses), \(errorCount) error\(errorCount == 1 ? "" : "s")")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as JSON: `{"samples": [{"sample", "error", "notes", "groups"}], "noteCount", "lossCount",
    /// "errorCount"}`.
    public func json() throws -> String {
        func note(_ note: Note) -> Value {
            ["path": .string(note.path), "kind": .string(note.kind), "message": .string(note.message)]
        }
        let results: [Value] = samples.map { result in
            [
                "sample": .string(result.sample),
                "error": result.error.map(note) ?? .null,
                "notes": .array(result.notes.map(note)),
                "groups": .array(
                    result.groups.map { group in
                        [
                            "path": .string(group.pattern), "kind": .string(group.kind),
                            "count": .integer(Int64(group.count)), "example": .string(group.example),
                        ]
                    }),
            ]
        }
        let report: Value = [
            "samples": .array(results), "noteCount": .integer(Int64(noteCount)),
            "lossCount": .integer(Int64(lossCount)), "errorCount": .integer(Int64(errorCount)),
        ]
        let data = try JSONFormat.data(from: report, options: .init(prettyPrinted: true))
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func label(_ kind: String) -> String {
        switch kind {
        case "unknownKey": "unknown key"
        case "converted": "converted"
        case "defaultedMissing": "missing, default used"
        case "defaultedNull": "null, default used"
        case "defaultedInvalid": "invalid, default used"
        case "droppedElement": "element dropped"
        case "enumFallback": "enum fallback"
        case "error": "error"
        default: kind
        }
    }

    /// Reads what the runner printed: one JSON object per sample, `{"sample", "notes": [...], "error"}`.
    public init(runnerOutput: String) throws {
        var samples: [SampleResult] = []
        for line in runnerOutput.split(separator: "\n") where line.hasPrefix("{") {
            let value = try JSONFormat.value(from: Data(line.utf8))
            func note(_ value: Value?) -> Note? {
                guard case .string(let path)? = value?["path"], case .string(let kind)? = value?["kind"],
                    case .string(let message)? = value?["message"]
                else { return nil }
                return Note(path: path, kind: kind, message: message)
            }
            guard case .string(let sample)? = value["sample"] else { continue }
            var notes: [Note] = []
            if case .array(let list)? = value["notes"] { notes = list.compactMap { note($0) } }
            samples.append(SampleResult(sample: sample, notes: notes, error: note(value["error"])))
        }
        self.init(samples: samples)
    }
}
