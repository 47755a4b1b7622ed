import Foundation
import ModelKit

/// Reads samples from files, folders and standard input with ModelKit's readers, the format told from the bytes.
public struct SampleReader: Sendable {
    /// Called with the bytes read so far and the total, when the total is large enough to be worth a progress
    /// line (see ``progressThreshold``).
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// The total size above which ``progress`` is called; below it reading is too quick to watch.
    public var progressThreshold = 4 << 20

    /// A reader that reports no progress.
    public init(progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) {
        self.progress = progress
    }

    /// The files `arguments` name: a file as it is, a folder as every regular file in it (sorted by name, hidden
    /// files left out, so that output does not depend on the file system's order), `-` as standard input.
    public func expand(_ arguments: [String]) throws -> [String] {
        var files: [String] = []
        for argument in arguments {
            if argument == "-" {
                files.append(argument)
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                throw SampleError(file: argument, detail: "no such file or folder")
            }
            guard isFolder.boolValue else {
                files.append(argument)
                continue
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: argument)
            } catch {
                throw SampleError(file: argument, detail: "the folder cannot be listed")
            }
            let folder = argument.hasSuffix("/") ? argument : argument + "/"
            for name in names.sorted() where !name.hasPrefix(".") {
                var nestedIsFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: folder + name, isDirectory: &nestedIsFolder),
                    !nestedIsFolder.boolValue
                {
                    files.append(folder + name)
                }
            }
        }
        return files
    }

    /// Reads every sample that `arguments` name (see ``expand(_:)``).
    ///
    /// - Throws: ``SampleError`` naming the file: missing, unreadable, empty or malformed (for JSON with the line
    ///   and column).
    public func read(_ arguments: [String]) throws -> [Sample] {
        var samples: [Sample] = []
        try forEachSample(in: arguments) { samples.append($0) }
        return samples
    }

    /// Reads the samples that `arguments` name one at a time and hands each to `body` before reading the next,
    /// so that only one file is in memory; ``progress`` hears of each file when the files' total size is above
    /// ``progressThreshold``.
    public func forEachSample(in arguments: [String], _ body: (Sample) throws -> Void) throws {
        let files = try expand(arguments)
        if files.isEmpty { throw SampleError(file: arguments.joined(separator: " "), detail: "no sample files") }
        let sizes = files.map { file in
            let attributes = file == "-" ? nil : try? FileManager.default.attributesOfItem(atPath: file)
            return (attributes?[.size] as? NSNumber)?.intValue ?? 0
        }
        let total = sizes.reduce(0, +)
        var done = 0
        for (file, size) in zip(files, sizes) {
            let data = try load(file)
            try body(try sample(named: file, data: data))
            done += size
            if total > progressThreshold { progress?(done, total) }
        }
    }

    /// Reads one sample from bytes already in memory.
    public func sample(named name: String, data: Data) throws -> Sample {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw SampleError(file: name, detail: "the file is empty")
        }
        var options = DecodingOptions()
        options.collectsDiagnostics = false
        do {
            let tree = try SampleTree.decode(data: data, options: options).model
            return Sample(name: name, value: tree.value, byteCount: data.count)
        } catch let error as MappingError {
            throw SampleError(file: name, detail: Self.describe(error, format: ModelFileFormat.detect(data)))
        } catch {
            throw SampleError(file: name, detail: "\(error)")
        }
    }

    private func load(_ file: String) throws -> Data {
        if file == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw SampleError(file: file, detail: "the file cannot be read")
        }
        return data
    }

    /// ModelKit's message, said as a reader of the sample would: the format first, then where.
    static func describe(_ error: MappingError, format: ModelFileFormat) -> String {
        let formatName =
            switch format {
            case .json: "JSON"
            case .xmlPropertyList: "XML property list"
            case .binaryPropertyList: "binary property list"
            }
        switch error.reason {
        case .malformedData(_, let location, let detail):
            return "not valid \(formatName) at \(location): \(detail)"
        default:
            let path = error.path.components.isEmpty ? "" : " at \(error.path)"
            return "cannot read this \(formatName)\(path): \(error.reasonDescription)"
        }
    }
}
