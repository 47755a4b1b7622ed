import ModelLayout
import Testing

@Suite("Grid layout: degenerate input")
struct GridLayoutErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var rules: GridConfiguration
        var width: Double = 320
        var count: Int = 3
        var expected: GridLayoutError

        var testDescription: String { name }
    }

    static let cases: [Case] = {
        let seed = seed000Rules
        func with(_ change: (inout GridConfiguration) -> Void) -> GridConfiguration {
            var rules = seed
            change(&rules)
            return rules
        }
        return [
            Case(name: "zero width", rules: seed, width: 0, expected: .invalidContainerWidth(0)),
            Case(name: "negative width", rules: seed, width: -320, expected: .invalidContainerWidth(-320)),
            Case(name: "infinite width", rules: seed, width: .infinity, expected: .invalidContainerWidth(.infinity)),
            Case(name: "negative count", rules: seed, count: -1, expected: .negativeItemCount(-1)),
            Case(name: "zero columns", rules: with { $0.columns = .fixed(0) }, expected: .invalidColumnCount(0)),
            Case(name: "negative columns", rules: with { $0.columns = .fixed(-3) }, expected: .invalidColumnCount(-3)),
            Case(
                name: "more columns than fit", rules: with { $0.columns = .fixed(5) },
                expected: .columnsDoNotFit(columns: 5, requiredWidth: 400, availableWidth: 320)),
            Case(
                name: "fixed gaps push the columns out",
                rules: with { $0.itemSpacing = .fixed(41) },
                expected: .columnsDoNotFit(columns: 3, requiredWidth: 322, availableWidth: 320)),
            Case(
                name: "flow minimum pushes the columns out",
                rules: with { $0.itemSpacing = .flow(minimum: 50) },
                expected: .columnsDoNotFit(columns: 3, requiredWidth: 340, availableWidth: 320)),
            Case(
                name: "too many derived columns for their gaps",
                rules: with {
                    $0.columns = .fixed(40)
                    $0.itemSize = .aspectRatio(1)
                    $0.itemSpacing = .fixed(10)
                },
                expected: .columnsDoNotFit(columns: 40, requiredWidth: 390, availableWidth: 320)),
            Case(
                name: "zero-width item", rules: with { $0.itemSize = .fixed(Size(width: 0, height: 90)) },
                expected: .invalidItemSize(Size(width: 0, height: 90))),
            Case(
                name: "negative item height", rules: with { $0.itemSize = .fixed(Size(width: 80, height: -1)) },
                expected: .invalidItemSize(Size(width: 80, height: -1))),
            Case(
                name: "zero aspect ratio", rules: with { $0.itemSize = .aspectRatio(0) },
                expected: .invalidAspectRatio(0)),
            Case(
                name: "aspect ratio so small the height overflows",
                rules: with { $0.itemSize = .aspectRatio(1e-308) },
                expected: .degenerateItemSize(Size(width: 320.0 / 3, height: .infinity))),
            Case(
                name: "negative minimum width", rules: with { $0.columns = .adaptive(minimumItemWidth: -5) },
                expected: .invalidMinimumItemWidth(-5)),
            Case(
                name: "negative fixed spacing", rules: with { $0.itemSpacing = .fixed(-1) },
                expected: .invalidItemSpacing(-1)),
            Case(
                name: "infinite flow minimum", rules: with { $0.itemSpacing = .flow(minimum: .infinity) },
                expected: .invalidItemSpacing(.infinity)),
            Case(
                name: "negative line spacing", rules: with { $0.lineSpacing = .around(-10) },
                expected: .invalidLineSpacing(-10)),
            Case(
                name: "infinite startY", rules: with { $0.startY = -.infinity },
                expected: .invalidStartY(-.infinity)),
            Case(
                name: "insets wider than the view", rules: with { $0.insets = Insets(left: 200, right: 120) },
                expected: .noAvailableWidth(containerWidth: 320, insets: Insets(left: 200, right: 120))),
            Case(
                name: "infinite insets", rules: with { $0.insets = Insets(bottom: .infinity) },
                expected: .invalidInsets(Insets(bottom: .infinity))),
        ]
    }()

    @Test("Bad numbers throw a precise GridLayoutError", arguments: cases)
    func rejects(_ testCase: Case) {
        #expect(throws: testCase.expected) {
            try GridLayout(configuration: testCase.rules, containerWidth: testCase.width, itemCount: testCase.count)
        }
    }

    @Test("NaN anywhere is rejected, never propagated into frames")
    func rejectsNaN() {
        func error(_ rules: GridConfiguration, width: Double = 320) -> GridLayoutError? {
            do {
                _ = try GridLayout(configuration: rules, containerWidth: width, itemCount: 3)
                return nil
            } catch {
                return error
            }
        }
        var rules = seed000Rules
        guard case .invalidContainerWidth(let width)? = error(rules, width: .nan) else {
            Issue.record("NaN width accepted")
            return
        }
        #expect(width.isNaN)
        rules.itemSize = .fixed(Size(width: .nan, height: 90))
        guard case .invalidItemSize? = error(rules) else {
            Issue.record("NaN item width accepted")
            return
        }
        rules = seed000Rules
        rules.itemSize = .aspectRatio(.nan)
        guard case .invalidAspectRatio? = error(rules) else {
            Issue.record("NaN aspect ratio accepted")
            return
        }
        rules = seed000Rules
        rules.lineSpacing = .between(.nan)
        guard case .invalidLineSpacing? = error(rules) else {
            Issue.record("NaN line spacing accepted")
            return
        }
        rules = seed000Rules
        rules.startY = .nan
        guard case .invalidStartY? = error(rules) else {
            Issue.record("NaN startY accepted")
            return
        }
    }

    @Test("Every error explains itself with the offending value", arguments: cases)
    func describes(_ testCase: Case) {
        let text = testCase.expected.description
        #expect(text.hasSuffix("."))
        #expect(text.count > 20)
        switch testCase.expected {
        case .invalidColumnCount(let count), .negativeItemCount(let count):
            #expect(text.contains("\(count)"))
        case .invalidContainerWidth(let value), .invalidAspectRatio(let value), .invalidItemSpacing(let value),
            .invalidLineSpacing(let value), .invalidMinimumItemWidth(let value), .invalidStartY(let value):
            #expect(text.contains("\(value)"))
        case .columnsDoNotFit(let columns, let required, let available):
            #expect(text.contains("\(columns) column"))
            #expect(text.contains("\(required)"))
            #expect(text.contains("\(available)"))
        case .invalidItemSize(let size), .degenerateItemSize(let size):
            #expect(text.contains(size.description))
        case .invalidInsets, .noAvailableWidth:
            #expect(text.contains("nsets"))
        }
    }

    @Test("Out-of-range indices give nil rather than a frame")
    func outOfRangeFrames() throws {
        let grid = try GridLayout(configuration: seed000Rules, containerWidth: 320, itemCount: 3)
        #expect(grid.frame(at: -1) == nil)
        #expect(grid.frame(at: 3) == nil)
        #expect(grid.frame(at: Int.min) == nil)
        #expect(grid.frame(at: 2) != nil)
        #expect(throws: GridLayoutError.negativeItemCount(-4)) { try grid.withItemCount(-4) }
    }
}
