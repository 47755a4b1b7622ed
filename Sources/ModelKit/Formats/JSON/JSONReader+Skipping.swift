extension JSONReader {
    /// Scans forward until only `base` containers are open, following strings and brackets only.
    ///
    /// With `entering`, the container that starts at `offset` is entered first. Nesting goes on the frame
    /// stack, not the call stack, and still counts against ``maximumDepth``; a closing bracket must match the
    /// container it closes.
    @usableFromInline
    mutating func skipContainers(downTo base: Int, entering: Bool) throws {
        let count = bytes.count
        if entering {
            try push(bytes[offset] == UInt8(ascii: "{") ? .dictionary : .array)
            offset &+= 1
        }
        while frames.count > base {
            // Bytes between strings and brackets only need to be passed over.
            while offset < count {
                let byte = bytes[offset]
                let folded = byte | 0x20
                if byte == UInt8(ascii: "\"") || folded == UInt8(ascii: "{") || folded == UInt8(ascii: "}") { break }
                offset &+= 1
            }
            let isDictionary = frames[frames.count &- 1].isDictionary
            guard offset < count else {
                throw unexpected(at: count, expected: isDictionary ? "'}'" : "']'")
            }
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                offset = try stringEnd(from: offset &+ 1) &+ 1
            case UInt8(ascii: "{"):
                try push(.dictionary)
                offset &+= 1
            case UInt8(ascii: "["):
                try push(.array)
                offset &+= 1
            case UInt8(ascii: "}"):
                guard isDictionary else { throw unexpected(at: offset, expected: "']' to close the array") }
                frames.removeLast()
                offset &+= 1
            default:
                guard !isDictionary else { throw unexpected(at: offset, expected: "'}' to close the dictionary") }
                frames.removeLast()
                offset &+= 1
            }
        }
    }
}
