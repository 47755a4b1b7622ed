import Foundation
import PropertyBased

/// One disk state a power cut may leave: which names survived, and which version of each file's bytes.
struct CrashState: Hashable {
    /// Every name on the disk.
    var names: [String: RecordingFileSystem.Node]
    /// The bytes of each file the names reach, by inode.
    var files: [Int: FileVersion]
}

/// Which bytes of a file survive a power cut, described by the changes that made them, so that two states
/// compare without building their bytes.
struct FileVersion: Hashable {
    var inode: Int
    /// The index of the file's last flush among the recording's changes, or -1: every write before it survives.
    var synchronizedThrough: Int
    /// The file's size after the cut.
    var length: Int
    /// How many of the writes after the flush that touch each 512-byte sector it keeps, in their order.
    var sectors: Sectors

    enum Sectors: Hashable {
        /// The numbers for the sectors listed; the others keep none.
        case listed([Int: Int])
        /// Every sector keeps every write.
        case allKept
        /// Each sector keeps a number drawn with a generator seeded with `seed`, sector by sector in order:
        /// a large file's sectors, described in a few bytes.
        case drawn(seed: UInt64)
    }
}

/// The disk states a power cut may leave after the first `count` changes of a recording, under the rules that
/// ``RecordingFileSystem`` describes.
struct CrashStates {
    static let sectorSize = 512

    /// A write after a file's last flush.
    private struct PendingWrite {
        var offset: Int
        var bytes: [UInt8]
        var sectors: ClosedRange<Int> {
            (offset / CrashStates.sectorSize)...((offset + bytes.count - 1) / CrashStates.sectorSize)
        }
    }

    /// What may become of one file's bytes.
    private struct FileHistory {
        var synchronizedThrough = -1
        var synchronizedLength: Int
        var pending: [PendingWrite] = []

        /// The sizes the file may have: the flushed one, and the one after each later write.
        var lengths: [Int] {
            var lengths = [synchronizedLength]
            var length = synchronizedLength
            for write in pending {
                length = max(length, write.offset + write.bytes.count)
                if length != lengths.last { lengths.append(length) }
            }
            return lengths
        }

        /// How many writes after the flush touch each sector.
        var writesBySector: [Int: Int] {
            var counts: [Int: Int] = [:]
            for write in pending {
                for sector in write.sectors { counts[sector, default: 0] += 1 }
            }
            return counts
        }
    }

    let recording: RecordingFileSystem
    let count: Int
    private let changes: [RecordingFileSystem.Change]
    /// The indexes of the changes to names, each with whether a flush of its folder made it durable.
    private let nameChanges: [(index: Int, durable: Bool)]
    private let histories: [Int: FileHistory]

    init(_ recording: RecordingFileSystem, after count: Int) {
        self.recording = recording
        self.count = count
        let changes = Array(recording.changes.prefix(count))
        self.changes = changes
        var lastFolderFlush: [String: Int] = [:]
        var histories: [Int: FileHistory] = [:]
        for inode in recording.start.contents.keys {
            histories[inode] = FileHistory(synchronizedLength: recording.start.contents[inode]!.count)
        }
        for (index, change) in changes.enumerated() {
            switch change {
            case .synchronizeFolder(let path):
                lastFolderFlush[path] = index
            case .makeFile(_, let inode):
                histories[inode] = FileHistory(synchronizedLength: 0)
            case .write(let inode, let offset, let bytes):
                histories[inode]!.pending.append(PendingWrite(offset: offset, bytes: bytes))
            case .synchronizeFile(let inode):
                var history = histories[inode]!
                history.synchronizedLength = history.lengths.last!
                history.synchronizedThrough = index
                history.pending = []
                histories[inode] = history
            default:
                break
            }
        }
        self.histories = histories
        nameChanges = changes.enumerated().compactMap { index, change in
            guard let folder = change.folder else { return nil }
            return (index, index < lastFolderFlush[folder, default: -1])
        }
    }

    /// The changes to names that a power cut may lose.
    private var pendingNameChanges: [Int] {
        nameChanges.filter { !$0.durable }.map(\.index)
    }

    /// The names after a cut that keeps, of the changes not yet durable, those in `kept`.
    private func names(keeping kept: Set<Int>) -> [String: RecordingFileSystem.Node] {
        var names = recording.start.names
        for (index, durable) in nameChanges where durable || kept.contains(index) {
            switch changes[index] {
            case .makeFile(let path, let inode):
                if names[parent(of: path)] == .folder && names[path] == nil { names[path] = .file(inode: inode) }
            case .makeFolder(let path):
                if names[parent(of: path)] == .folder && names[path] == nil { names[path] = .folder }
            case .rename(let source, let destination):
                if case .file? = names[source], names[parent(of: destination)] == .folder {
                    names[destination] = names.removeValue(forKey: source)
                }
            case .link(let existing, let newName):
                if case .file? = names[existing], names[parent(of: newName)] == .folder, names[newName] == nil {
                    names[newName] = names[existing]
                }
            case .unlink(let path):
                names[path] = nil
            default:
                break
            }
        }
        return names
    }

    /// The files the names reach.
    private static func inodes(of names: [String: RecordingFileSystem.Node]) -> [Int] {
        Set(names.values.compactMap { node in if case .file(let inode) = node { inode } else { nil } }).sorted()
    }

    /// The versions one file's bytes may have after the cut.
    private func versions(of inode: Int) -> [FileVersion] {
        let history = histories[inode]!
        let base = FileVersion(
            inode: inode, synchronizedThrough: history.synchronizedThrough, length: history.synchronizedLength,
            sectors: .listed([:]))
        guard !history.pending.isEmpty else { return [base] }
        let counts = history.writesBySector
        var versions: [FileVersion] = []
        for length in history.lengths {
            let inPlay = counts.keys.filter { $0 * Self.sectorSize < length }.sorted()
            var choices: [[Int: Int]] = [[:]]
            for sector in inPlay {
                choices = choices.flatMap { chosen in
                    (0...counts[sector]!).map { kept in
                        var chosen = chosen
                        if kept > 0 { chosen[sector] = kept }
                        return chosen
                    }
                }
            }
            versions += choices.map {
                FileVersion(
                    inode: inode, synchronizedThrough: base.synchronizedThrough, length: length, sectors: .listed($0))
            }
        }
        return versions
    }

    /// How many versions one file's bytes may have, without listing them.
    private func versionCount(of inode: Int) -> Double {
        let history = histories[inode]!
        let counts = history.writesBySector
        return history.lengths.reduce(0) { total, length in
            total + counts.filter { $0.key * Self.sectorSize < length }.values.reduce(1) { $0 * Double($1 + 1) }
        }
    }

    /// Every state the cut may leave, or `nil` when there are more than `limit`.
    func all(limit: Int) -> Set<CrashState>? {
        let pending = pendingNameChanges
        guard pending.count <= 16 else { return nil }
        var subsets: [[String: RecordingFileSystem.Node]] = []
        var total = 0.0
        for mask in 0..<(1 << pending.count) {
            let kept = Set(pending.indices.filter { mask & (1 << $0) != 0 }.map { pending[$0] })
            let names = names(keeping: kept)
            total += Self.inodes(of: names).reduce(1) { $0 * versionCount(of: $1) }
            if total > Double(limit) { return nil }
            subsets.append(names)
        }
        var states = Set<CrashState>()
        for names in subsets {
            var partial: [[Int: FileVersion]] = [[:]]
            for inode in Self.inodes(of: names) {
                let choices = versions(of: inode)
                partial = partial.flatMap { files in
                    choices.map { version in
                        var files = files
                        files[inode] = version
                        return files
                    }
                }
            }
            for files in partial { states.insert(CrashState(names: names, files: files)) }
        }
        return states
    }

    /// One state the cut may leave, drawn at random: each change to names not yet durable kept or lost, each
    /// file at one of its sizes, and its sectors all old, all new, or each either way.
    func random(using generator: inout some RandomNumberGenerator) -> CrashState {
        let kept = Set(pendingNameChanges.filter { _ in Bool.random(using: &generator) })
        let names = names(keeping: kept)
        var files: [Int: FileVersion] = [:]
        for inode in Self.inodes(of: names) {
            let history = histories[inode]!
            guard !history.pending.isEmpty else {
                // Flushed: one version only, described alike in every state, so that states compare equal.
                files[inode] = versions(of: inode)[0]
                continue
            }
            let sectors: FileVersion.Sectors =
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: .listed([:])
                case 1: .allKept
                default: .drawn(seed: generator.next())
                }
            files[inode] = FileVersion(
                inode: inode, synchronizedThrough: history.synchronizedThrough,
                length: history.lengths.randomElement(using: &generator)!, sectors: sectors)
        }
        return CrashState(names: names, files: files)
    }

    /// The bytes of one file's version.
    func bytes(of version: FileVersion) -> [UInt8] {
        var bytes = recording.start.contents[version.inode] ?? []
        var pending: [PendingWrite] = []
        for (index, change) in changes.enumerated() {
            guard case .write(version.inode, let offset, let written) = change else { continue }
            if index < version.synchronizedThrough {
                apply(written[...], at: offset, to: &bytes)
            } else if index < count {
                pending.append(PendingWrite(offset: offset, bytes: written))
            }
        }
        resize(&bytes, to: version.length)
        var touching: [Int: [Int]] = [:]
        for (index, write) in pending.enumerated() {
            for sector in write.sectors where sector * Self.sectorSize < version.length {
                touching[sector, default: []].append(index)
            }
        }
        var kept: [Int: Int]
        switch version.sectors {
        case .listed(let listed):
            kept = listed
        case .allKept:
            kept = touching.mapValues(\.count)
        case .drawn(let seed):
            var generator = Xoshiro(seed: (seed, 1, 2, 3))
            kept = [:]
            for sector in touching.keys.sorted() {
                kept[sector] = Int.random(in: 0...touching[sector]!.count, using: &generator)
            }
        }
        for (sector, count) in kept {
            let range = (sector * Self.sectorSize)..<min((sector + 1) * Self.sectorSize, version.length)
            for write in touching[sector, default: []].prefix(count).map({ pending[$0] }) {
                let overlap = range.clamped(to: write.offset..<(write.offset + write.bytes.count))
                guard !overlap.isEmpty else { continue }
                let start = overlap.lowerBound - write.offset
                apply(write.bytes[start..<(start + overlap.count)], at: overlap.lowerBound, to: &bytes)
            }
        }
        return bytes
    }

    /// The disk the state describes, every byte of it durable.
    func disk(_ state: CrashState) -> RecordingFileSystem.Disk {
        var contents: [Int: [UInt8]] = [:]
        for (inode, version) in state.files { contents[inode] = bytes(of: version) }
        return RecordingFileSystem.Disk(names: state.names, contents: contents)
    }
}
