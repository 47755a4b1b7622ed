import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// libplist's test files read by our readers and by `PropertyListSerialization`: the same value where
/// Foundation accepts the file, a clear error where it rejects it. No file needs an exception; we follow
/// Foundation's quirks too (hexadecimal integers, no comment inside `<key>`, `&amp` without `;` rejected).
///
/// Where we differ from Foundation outside these files, on purpose: a binary dictionary's key must be a
/// string (Foundation also takes numbers and booleans, which a model cannot name); a key that appears twice
/// in a binary dictionary keeps its last value, as in XML (Foundation keeps the first in binary); anything
/// but whitespace and comments after the root is an error (Foundation ignores it); only UTF-8 XML is read.
@Suite("Property list conformance (libplist files against Foundation)")
struct PropertyListConformanceTests {
    @Test("the conformance folder is present and holds XML and binary files")
    func folderIsPresent() throws {
        let names = try RepositoryData.names(in: "conformance/plist")
        #expect(names.contains { $0.hasSuffix(".plist") }, "no .plist in Data/conformance/plist")
        #expect(names.contains { $0.hasSuffix(".bplist") }, "no .bplist in Data/conformance/plist")
    }

    @Test("our reader agrees with PropertyListSerialization", arguments: PropertyListFixtures.conformanceFileNames)
    func agreesWithFoundation(file: String) throws {
        let data = try PropertyListFixtures.conformanceData(file)
        #expect(
            PropertyListKind.detect(data) == (file.hasSuffix(".bplist") ? .binary : .xml),
            "\(file) is detected as the wrong format")
        let ours = Result { try PropertyListKind.value(from: data) }
        let foundation = PropertyListFixtures.foundationValue(data)
        switch (ours, foundation) {
        case (.success(let value), .success(let expected)):
            let sorted = PropertyListFixtures.sortedKeys(value)
            #expect(
                PropertyListFixtures.identical(sorted, expected),
                "\(file): ours \(sorted.briefDescription) differs from Foundation's \(expected.briefDescription)")
        case (.failure(let error), .failure):
            #expect(
                PropertyListFixtures.malformedDetail(error) != nil,
                "\(file): both reject it, but ours with an unclear error: \(error)")
        case (.success(let value), .failure(let error)):
            Issue.record("\(file): Foundation rejects it (\(error)) but we read \(value.briefDescription)")
        case (.failure(let error), .success):
            Issue.record("\(file): Foundation reads it but we reject it: \(error)")
        }
    }

    @Test("the files Foundation rejects fail for the right reason")
    func rejectionsNameTheirCause() throws {
        let causes = [
            "amp.plist": "unknown entity reference",
            "empty_keys.plist": "only CDATA sections may appear inside text",
            "invalid_tag.plist": "only CDATA sections may appear inside text",
            "malformed_dict.bplist": "a dictionary key is not a string",
            // Its offset table overlaps the trailer, which Foundation rejects before it could see the cycle.
            "recursion.bplist": "does not fit before the trailer",
        ]
        for (file, cause) in causes {
            let data = try PropertyListFixtures.conformanceData(file)
            do {
                let value = try PropertyListKind.value(from: data)
                Issue.record("\(file) was read as \(value.briefDescription)")
            } catch {
                let detail = PropertyListFixtures.malformedDetail(error) ?? "\(error)"
                #expect(detail.contains(cause), "\(file): \(detail)")
            }
        }
    }

    @Test("a UID reads as {\"CF$UID\": n}, the dictionary XML property lists spell it with")
    func uidReadsAsDictionary() throws {
        let value = try PropertyListKind.value(from: PropertyListFixtures.conformanceData("uid.bplist"))
        #expect(value == ["CF$UID": 7])
    }

    @Test("1-, 2-, 4- and 8-byte integers, 16-byte unsigned ones and hexadecimal XML integers")
    func integerWidths() throws {
        let signedUnsigned = try PropertyListKind.value(
            from: PropertyListFixtures.conformanceData("signedunsigned.bplist"))
        #expect(
            signedUnsigned
                == .array([
                    -1, .unsignedInteger(UInt64.max), .integer(Int64.max), .integer(Int64.min),
                    .unsignedInteger(UInt64(Int64.max) + 1),
                ]))
        #expect(
            try PropertyListKind.value(from: PropertyListFixtures.conformanceData("hex.plist")) == 7_932_961_166_869)
    }
}
