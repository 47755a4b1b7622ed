extension FlatDocument {
    /// The innermost open container of ``indexJSON(_:maximumDepth:limit:)``.
    private struct OpenJSONContainer {
        var index: Int
        var count: Int
        var isDictionary: Bool
    }

    /// Reads well-formed JSON text into `entries` in one pass over the bytes, without ``JSONReader``'s calls
    /// for each key and value.
    ///
    /// It checks what the reader checks — the grammar, every string's control characters, escapes and UTF-8,
    /// every number — and the limits of depth and count, but it does not say what is wrong: anything that
    /// the reader would reject, and anything unusual, makes it return `false`, and the caller reads the text
    /// again with the reader, whose error names the line, the column and the path. A document that passes
    /// here is one that the reader reads into the same entries.
    mutating func indexJSON(_ raw: UnsafeRawBufferPointer, maximumDepth: Int, limit: Int) -> Bool {
        let text = JSONText(bytes: raw)
        let count = raw.count
        var offset = ByteOrderMark.length(in: raw)
        // The innermost container is kept in a local, the ones around it on a stack, as the reader keeps them.
        var outer: [OpenJSONContainer] = []
        var open = OpenJSONContainer(index: -1, count: 0, isDictionary: false)
        var expectsKey = false
        while true {
            if expectsKey {
                guard offset < count, text[offset] == UInt8(ascii: "\"") else { return false }
                let start = offset &+ 1
                guard let scan = try? text.scanString(from: start), checkString(text, start, scan) else { return false }
                entries.append(
                    FlatEntry(
                        scan.hasEscapes ? .escapedKey : .key, start: UInt32(truncatingIfNeeded: start),
                        payload: UInt64(scan.end)))
                offset = text.whitespaceEnd(from: scan.end &+ 1)
                guard offset < count, text[offset] == UInt8(ascii: ":") else { return false }
                offset = text.whitespaceEnd(from: offset &+ 1)
                open.count &+= 1
                guard open.count <= limit else { return false }
            }
            guard offset < count else { return false }
            var closesAtOnce = false
            switch text[offset] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isDictionary = text[offset] == UInt8(ascii: "{")
                let depth = open.index < 0 ? 0 : outer.count &+ 1
                guard depth < maximumDepth else { return false }
                if open.index >= 0 { outer.append(open) }
                open = OpenJSONContainer(index: entries.count, count: 0, isDictionary: isDictionary)
                entries.append(FlatEntry(isDictionary ? .dictionary : .array))
                offset = text.whitespaceEnd(from: offset &+ 1)
                guard offset < count else { return false }
                if text[offset] == (isDictionary ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    closesAtOnce = true
                } else if isDictionary {
                    expectsKey = true
                    continue
                } else {
                    open.count = 1
                    guard open.count <= limit else { return false }
                    expectsKey = false
                    continue
                }
            case UInt8(ascii: "\""):
                let start = offset &+ 1
                guard let scan = try? text.scanString(from: start), checkString(text, start, scan) else { return false }
                entries.append(
                    FlatEntry(
                        scan.hasEscapes ? .escapedText : .text, start: UInt32(truncatingIfNeeded: start),
                        payload: UInt64(scan.end)))
                offset = scan.end &+ 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let number = try? text.scanNumber(from: offset) else { return false }
                if let integer = text.integerValue(of: number) {
                    switch integer {
                    case .integer(let value): entries.append(FlatEntry(.integer, payload: UInt64(bitPattern: value)))
                    case .unsignedInteger(let value): entries.append(FlatEntry(.unsignedInteger, payload: value))
                    default: return false
                    }
                } else {
                    // Beyond `Double`'s range is the reader's error to give, with its path.
                    guard let double = try? text.doubleValue(of: number) else { return false }
                    entries.append(FlatEntry(.double, payload: double.bitPattern))
                }
                offset = number.end
            case UInt8(ascii: "t"):
                guard offset &+ 4 <= count, text.word32(at: offset) == JSONText.trueWord else { return false }
                entries.append(FlatEntry(.bool, payload: 1))
                offset &+= 4
            case UInt8(ascii: "f"):
                guard offset &+ 5 <= count, text.word32(at: offset &+ 1) == JSONText.alseWord else { return false }
                entries.append(FlatEntry(.bool, payload: 0))
                offset &+= 5
            case UInt8(ascii: "n"):
                guard offset &+ 4 <= count, text.word32(at: offset) == JSONText.nullWord else { return false }
                entries.append(FlatEntry(.null))
                offset &+= 4
            default:
                return false
            }
            // After a value: close every container that ends here, then find what comes next.
            while true {
                if closesAtOnce {
                    closesAtOnce = false
                } else {
                    guard open.index >= 0 else { return text.whitespaceEnd(from: offset) == count }
                    offset = text.whitespaceEnd(from: offset)
                    guard offset < count else { return false }
                    let byte = text[offset]
                    if byte == UInt8(ascii: ",") {
                        offset = text.indentationEnd(from: offset &+ 1)
                        if open.isDictionary {
                            expectsKey = true
                        } else {
                            open.count &+= 1
                            guard open.count <= limit else { return false }
                            expectsKey = false
                        }
                        break
                    }
                    guard byte == (open.isDictionary ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
                }
                offset &+= 1
                entries[open.index] = FlatEntry(
                    open.isDictionary ? .dictionary : .array, start: UInt32(truncatingIfNeeded: open.count),
                    payload: UInt64(entries.count))
                if let enclosing = outer.popLast() {
                    open = enclosing
                } else {
                    open.index = -1
                }
            }
        }
    }

    /// Whether the string that `scan` found is one the reader takes: valid escapes and valid UTF-8.
    @inline(__always)
    private func checkString(_ text: JSONText, _ start: Int, _ scan: JSONText.StringScan) -> Bool {
        if scan.hasEscapes && !text.escapesAreValid(from: start, to: scan.end) { return false }
        if scan.hasNonASCII && (try? text.validateUTF8(from: start, to: scan.end)) == nil { return false }
        return true
    }
}
