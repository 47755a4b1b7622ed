/// Counts the app's checks and keeps a line for each one that fails.
struct Checker {
    private(set) var passed = 0
    private(set) var failures: [String] = []

    /// Records a check: `condition` must hold.
    mutating func expect(_ condition: Bool, _ what: String, file: String = #fileID, line: Int = #line) {
        if condition {
            passed += 1
        } else {
            failures.append("\(file):\(line): \(what)")
        }
    }

    /// Records a check that `body` returns without throwing and that everything it expects holds.
    mutating func run(_ what: String, file: String = #fileID, line: Int = #line, _ body: (inout Checker) throws -> Void)
    {
        do {
            try body(&self)
        } catch {
            failures.append("\(file):\(line): \(what) threw \(error)")
        }
    }
}
