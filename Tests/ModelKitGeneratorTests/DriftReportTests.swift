import Testing

@testable import ModelKitGenerator

/// The check's report: the runner's lines read back, notes grouped by path pattern, text and JSON.
@Suite struct DriftReportTests {
    static let runnerOutput = """
        {"sample":"/s/a.json","notes":[{"path":"items[0].nmae","kind":"unknownKey","message":"no property reads this key"},\
        {"path":"items[1].nmae","kind":"unknownKey","message":"no property reads this key"},\
        {"path":"count","kind":"converted","message":"converted string \\"10\\" to Int"}],"error":null}
        warning: a line the runner did not write
        {"sample":"/s/b.json","notes":[],"error":{"path":"items","kind":"error","message":"expected array of Item, found number"}}
        {"sample":"/s/c.json","notes":[],"error":null}
        """

    @Test func theRunnersLinesAreReadBack() throws {
        let report = try DriftReport(runnerOutput: Self.runnerOutput)
        #expect(report.samples.map(\.sample) == ["/s/a.json", "/s/b.json", "/s/c.json"])
        #expect(report.noteCount == 3)
        #expect(report.errorCount == 1)
        #expect(report.samples[1].error?.message == "expected array of Item, found number")
    }

    @Test func notesGroupByPathWithoutIndices() throws {
        let groups = try DriftReport(runnerOutput: Self.runnerOutput).samples[0].groups
        #expect(
            groups == [
                .init(pattern: "items[].nmae", kind: "unknownKey", count: 2, example: "no property reads this key"),
                .init(pattern: "count", kind: "converted", count: 1, example: "converted string \"10\" to Int"),
            ])
        #expect(DriftReport.pattern("a[12].b[3][4].c") == "a[].b[][].c")
    }

    @Test func theTextReportCountsEachGroup() throws {
        #expect(
            try DriftReport(runnerOutput: Self.runnerOutput).text() == """
                /s/a.json: 3 notes
                  items[].nmae  unknown key ×2: no property reads this key
                  count         converted: converted string "10" to Int
                /s/b.json: could not be decoded
                  items  error: expected array of Item, found number
                /s/c.json: fits the models
                3 samples: 1 fit, 3 notes, 1 error

                """)
    }

    @Test func theJSONReportHasEveryNoteAndTheCounts() throws {
        let json = try DriftReport(runnerOutput: Self.runnerOutput).json()
        #expect(json.contains(#""path": "items[1].nmae""#))
        #expect(json.contains(#""noteCount": 3"#))
        #expect(json.contains(#""errorCount": 1"#))
    }

    /// Lenient decoding that dropped 20 of 20 elements reported "0 fit, 40 notes, 0 errors" and passed.
    @Test func droppedElementsAndDefaultsFailTheCheckWithoutStrict() throws {
        let dropped = (0..<20).map { index in
            #"{"path":"items[\#(index)].id","kind":"droppedElement","message":"required key is missing; element dropped"}"#
        }
        let unknown = (0..<20).map { index in
            #"{"path":"items[\#(index)].ID","kind":"unknownKey","message":"no property reads this key"}"#
        }
        let lossy = try DriftReport(
            runnerOutput: #"{"sample":"a.json","notes":[\#((dropped + unknown).joined(separator: ","))],"error":null}"#)
        #expect(lossy.lossCount == 20)
        #expect(lossy.fails(strict: false))
        #expect(lossy.text().hasSuffix("1 sample: 0 fit, 40 notes (20 losing data), 0 errors\n"))
        #expect(try lossy.json().contains(#""lossCount": 20"#))
        let notesOnly = try DriftReport(
            runnerOutput: #"{"sample":"a.json","notes":[\#(unknown.joined(separator: ","))],"error":null}"#)
        #expect(!notesOnly.fails(strict: false))
        #expect(notesOnly.fails(strict: true))
        for kind in ["defaultedMissing", "defaultedNull", "defaultedInvalid", "enumFallback", "droppedElement"] {
            #expect(DriftReport.losesData(kind))
        }
        #expect(!DriftReport.losesData("converted") && !DriftReport.losesData("unknownKey"))
    }

    @Test func theRootTypeIsReadFromTheGeneratedHeader() throws {
        let source = try ModelGenerator(options: options { $0.rootName = "Item" }).source(for: samples("[{\"a\": 1}]"))
        #expect(source.contains("// modelkit-root: [Item]\n"))
    }
}
