import Testing

@testable import ModelKitGenerator

@Suite struct SwiftIdentifierTests {
    @Test func keysBecomeLowerCamelCase() {
        #expect(SwiftIdentifier.lowerCamelCase("PLEYEL_PLEYEL", fallback: "value") == "pleyelPleyel")
        #expect(SwiftIdentifier.lowerCamelCase("1x", fallback: "value") == "_1x")
        #expect(SwiftIdentifier.lowerCamelCase("class", fallback: "value") == "classValue")
        #expect(SwiftIdentifier.lowerCamelCase("---", fallback: "value") == "value")
    }
}
