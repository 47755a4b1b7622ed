import Foundation

/// The results as a text table, printed a row at a time as the cases finish.
enum ResultTable {
    private static let columns: [(title: String, width: Int, leftAligned: Bool)] = [
        ("name", 37, true), ("subject", 33, true), ("baseline", 24, true), ("median", 10, false),
        ("min", 10, false), ("max", 10, false), ("baseline median", 16, false), ("ratio", 8, false),
    ]

    static var header: String {
        let titles = row(columns.map(\.title))
        return titles + "\n" + String(repeating: "-", count: titles.count)
    }

    static func row(for result: CaseResult) -> String {
        if let memory = result.memory {
            return row([
                result.name, result.subject, result.baseline, bytes(memory.peakBytes), "-", "-",
                bytes(memory.fileBytes), String(format: "%.2f", result.ratio),
            ])
        }
        return row([
            result.name, result.subject, result.baseline,
            result.timing.map { time($0.median) } ?? "-",
            result.timing.map { time($0.minimum) } ?? "-",
            result.timing.map { time($0.maximum) } ?? "-",
            result.baselineTiming.map { time($0.median) } ?? "-",
            String(format: "%.2f", result.ratio),
        ])
    }

    private static func row(_ cells: [String]) -> String {
        zip(cells, columns).map { cell, column in
            let padding = String(repeating: " ", count: max(0, column.width - cell.count))
            return column.leftAligned ? cell + padding : padding + cell
        }.joined(separator: " ")
    }

    /// Nanoseconds in the unit that keeps three significant digits readable.
    static func time(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1e3: String(format: "%.1f ns", nanoseconds)
        case ..<1e6: String(format: "%.1f µs", nanoseconds / 1e3)
        case ..<1e9: String(format: "%.2f ms", nanoseconds / 1e6)
        default: String(format: "%.2f s", nanoseconds / 1e9)
        }
    }

    static func bytes(_ count: Int) -> String {
        String(format: "%.1f MiB", Double(count) / 1_048_576)
    }
}
