@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

#if !os(Windows)
    // SwiftPM builds a macro's swift-syntax without optimization in a debug build: its JSON coder took a quarter of
    // the plugin's time (Benchmarks/NOTES.md, 2026-11-27, 19:00). Foundation's comes with the toolchain, optimized.
    /// The plugin's connection to the compiler: standard input and output, each message a little-endian 64-bit
    /// byte count and that many bytes of JSON, as swift-syntax's `StandardIOMessageConnection` frames them, coded
    /// with Foundation's `JSONEncoder` and `JSONDecoder`.
    struct StandardIOJSONConnection: MessageConnection {
        let input: CInt
        let output: CInt
        private let encoder = JSONEncoder()
        private let decoder = JSONDecoder()

        /// A connection over the process's standard input and output, which it takes for itself: print statements
        /// go to standard error, and reading the console fails instead of consuming messages.
        init() throws {
            let input = dup(STDIN_FILENO)
            let output = dup(STDOUT_FILENO)
            guard input >= 0, output >= 0, close(STDIN_FILENO) >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
                throw ConnectionError.system("setting up standard input and output", errno)
            }
            self.init(input: input, output: output)
        }

        /// A connection over the given file descriptors.
        init(input: CInt, output: CInt) {
            self.input = input
            self.output = output
            // `/` unescaped, as swift-syntax writes it: an expansion full of `//` comments stays its size.
            encoder.outputFormatting = .withoutEscapingSlashes
        }

        func sendMessage<Message: Encodable>(_ message: Message) throws {
            let payload = try encoder.encode(message)
            var header = UInt64(payload.count).littleEndian
            try withUnsafeBytes(of: &header) { try write($0) }
            try payload.withUnsafeBytes { try write($0) }
        }

        func waitForNextMessage<Message: Decodable>(_ type: Message.Type) throws -> Message? {
            var header: UInt64 = 0
            guard try withUnsafeMutableBytes(of: &header, { try read(into: $0) }) else { return nil }
            let count = Int(UInt64(littleEndian: header))
            // An empty message ends the session, as does the end of the input.
            guard count > 0 else { return nil }
            var payload = Data(count: count)
            guard try payload.withUnsafeMutableBytes({ try read(into: $0) }) else {
                throw ConnectionError.truncated
            }
            return try decoder.decode(type, from: payload)
        }

        private func write(_ buffer: UnsafeRawBufferPointer) throws {
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(output, buffer.baseAddress! + offset, buffer.count - offset)
                guard written > 0 else { throw ConnectionError.system("write", errno) }
                offset += written
            }
        }

        /// Fills the buffer; `false` if the input ended before its first byte.
        private func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Bool {
            var offset = 0
            while offset < buffer.count {
                let count = systemRead(input, buffer.baseAddress! + offset, buffer.count - offset)
                if count == 0 {
                    guard offset == 0 else { throw ConnectionError.truncated }
                    return false
                }
                guard count > 0 else { throw ConnectionError.system("read", errno) }
                offset += count
            }
            return true
        }
    }

    /// The C library's `read` and `write`, under names the connection's own methods do not hide.
    private func systemRead(_ descriptor: CInt, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        read(descriptor, buffer, count)
    }

    private func systemWrite(_ descriptor: CInt, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        write(descriptor, buffer, count)
    }

    /// Why the connection to the compiler failed.
    enum ConnectionError: Error, CustomStringConvertible {
        case system(String, CInt)
        case truncated

        var description: String {
            switch self {
            case .system(let call, let code): "\(call) failed (errno \(code))"
            case .truncated: "the compiler's message ended early"
            }
        }
    }
#endif
