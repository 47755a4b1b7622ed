import Foundation

/// Files as ModelStore wrote them before files carried a checksum (commit 8cec127), kept byte for byte so
/// that the tests can show such files still open. They were written by that commit's code, not rebuilt by
/// today's: a document of ``LegacyFiles/lists`` and a preferences suite of `ChecklistIndex` = 2 and
/// `FirstTime` = false. Base64 rather than resource files, because the test target declares no resources.
enum LegacyFiles {
    /// What the documents hold.
    static let lists = [
        Checklist(name: "List", items: [ChecklistItem(text: "Walk the dog", checked: false)]),
        Checklist(name: "Groceries", items: [ChecklistItem(text: "Milk", checked: true)]),
    ]

    /// `Document(…, format: .binaryPropertyList)`'s file.
    static let binaryDocument = Data(
        base64Encoded:
            "YnBsaXN0MDAQAV1zY2hlbWFWZXJzaW9uVExpc3RUTmFtZVxXYWxrIHRoZSBkb2dUVGV4dAhXQ2hlY2tlZNIFBwQGoQhVSXRlbXPSAwoCCVlH"
            + "cm9jZXJpZXNUTWlsawnSBQcNDqEP0gMKDBCiCxFUcm9vdNIBEwASCAoYHSIvNDU9QkRKT1leX2Rma25zAAAAAAAAAQEAAAAAAAAAFQAAAAAA"
            + "AAAUAAAAAAAAAHg=")!

    /// `Document(…, format: .json)`'s file.
    static let jsonDocument = Data(
        base64Encoded:
            "eyJzY2hlbWFWZXJzaW9uIjoxLCJyb290IjpbeyJOYW1lIjoiTGlzdCIsIkl0ZW1zIjpbeyJUZXh0IjoiV2FsayB0aGUgZG9nIiwiQ2hlY2tl"
            + "ZCI6ZmFsc2V9XX0seyJOYW1lIjoiR3JvY2VyaWVzIiwiSXRlbXMiOlt7IlRleHQiOiJNaWxrIiwiQ2hlY2tlZCI6dHJ1ZX1dfV19")!

    /// A `Preferences` file holding `ChecklistIndex` = 2 and `FirstTime` = false.
    static let preferences = Data(
        base64Encoded:
            "YnBsaXN0MDAQAl5DaGVja2xpc3RJbmRleAhZRmlyc3RUaW1l0gEDAAIIChkaJAAAAAAAAAEBAAAAAAAAAAUAAAAAAAAABAAAAAAAAAAp")!
}
