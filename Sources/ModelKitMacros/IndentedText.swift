#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(ucrt)
    import ucrt
#endif

/// `text` with every line that is not empty indented by `spaces` more, so that generated code nested in a block
/// is indented as the block is.
func indented(_ text: String, by spaces: Int) -> String {
    // The C library finds the line breaks: in a debug build of the plugin, where the standard library's generic
    // code runs unspecialized, `split` and `joined` took an eighth of the expansion's time, and a loop over the
    // bytes no less.
    var text = text
    let indentation = String(repeating: " ", count: spaces)
    return text.withUTF8 { bytes -> String in
        guard let base = bytes.baseAddress else { return "" }
        var result = ""
        result.reserveCapacity(bytes.count + bytes.count / 4)
        var lineStart = 0
        while lineStart <= bytes.count {
            let rest = bytes.count - lineStart
            let lineEnd = memchr(base + lineStart, 0x0A, rest).map {
                UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base
            }
            let end = lineEnd ?? bytes.count
            if end > lineStart {
                result += indentation
                result += String(
                    decoding: UnsafeBufferPointer(start: base + lineStart, count: end - lineStart), as: UTF8.self)
            }
            guard lineEnd != nil else { break }
            result += "\n"
            lineStart = end + 1
        }
        return result
    }
}
