import Foundation
import ModelKit
import ModelKitTestSupport
import ModelStore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Document: saving")
struct DocumentSaveTests {
    @Test("A save without changes writes nothing; a save with changes writes and clears them")
    func saveOnlyChanges() throws {
        let folder = try TemporaryFolder()
        let document = try Document(
            location: .file(folder.file("State.plist")), initial: CounterState.make(0), autosave: .disabled)
        try document.save()
        #expect(try folder.names().isEmpty)
        document.update { $0.counter = 1 }
        #expect(document.hasUnsavedChanges)
        try document.save()
        #expect(!document.hasUnsavedChanges)
        #expect(try folder.names() == [".State.plist.lock", "State.plist"])
    }

    @Test("A missing folder is created by the first save")
    func createsFolder() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.url.appendingPathComponent("a/b/State.plist"))
        let document = try Document(location: location, initial: CounterState.make(0), autosave: .disabled)
        document.update { $0 = .make(3) }
        try document.save()
        #expect(try Document(location: location, initial: CounterState(), autosave: .disabled).root == .make(3))
    }

    @Test("A folder path that is really a file: the save throws ENOTDIR, the file is untouched")
    func folderIsAFile() throws {
        let folder = try TemporaryFolder()
        let blocker = folder.file("NotAFolder")
        try Data("I am a file".utf8).write(to: blocker)
        let document = try Document(
            location: .file(blocker.appendingPathComponent("State.plist")), initial: CounterState.make(0),
            autosave: .disabled)
        document.update { $0.counter = 1 }
        #expect {
            try document.save()
        } throws: { error in
            guard case StoreError.writeFailed(_, _, let code) = error else { return false }
            return code == ENOTDIR
        }
        #expect(document.lastSaveError != nil)
        #expect(document.hasUnsavedChanges)
        #expect(folder.contents("NotAFolder") == Data("I am a file".utf8))
    }

    // Tests run as root, and root ignores file permissions, so `chmod` alone would not stop the save. The exit
    // test's child process gives up root (becomes `nobody`) before saving; as any other user the folder's
    // mode 0555 is enough. A read-only mount would need privileges that CI machines often lack.
    @Test("A read-only folder: the save throws EACCES and the previous file stays intact")
    func readOnlyFolder() async throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("State.plist"))
        let document = try Document(location: location, initial: CounterState.make(0), autosave: .disabled)
        document.update { $0 = .make(1) }
        try document.save()
        let before = try #require(folder.contents("State.plist"))
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path) }

        await #expect(processExitsWith: .success) { [path = folder.file("State.plist").path as String] in
            if getuid() == 0 {
                try #require(setgid(65534) == 0 && setuid(65534) == 0)
            }
            let document = try Document(
                location: .file(URL(fileURLWithPath: path)), initial: CounterState(), autosave: .disabled)
            try #require(document.root == .make(1))
            document.update { $0 = .make(2) }
            #expect {
                try document.save()
            } throws: { error in
                guard case StoreError.writeFailed(_, "create a temporary file", let code) = error else { return false }
                return code == EACCES
            }
        }
        #expect(folder.contents("State.plist") == before)
        #expect(try folder.names() == [".State.plist.lock", "State.plist"])
    }

    // A full disk is simulated with RLIMIT_FSIZE: with SIGXFSZ ignored, a write past the limit fails with EFBIG,
    // as a write to a full disk fails with ENOSPC. The limit applies to the whole process, so it is set in an
    // exit test's child process, not in the test runner.
    @Test("A full disk: the save throws EFBIG, the previous file and its backup stay intact, no temporary file is left")
    func fullDisk() async throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("State.plist"))
        let document = try Document(
            location: location, initial: CounterState.make(0, lines: 2), autosave: .disabled)
        document.update { $0 = .make(1, lines: 2) }
        try document.save()
        document.update { $0 = .make(2, lines: 2) }
        try document.save()
        let before = try #require(folder.contents("State.plist"))
        let backup = try #require(folder.contents("State.plist.backup"))
        #expect(before.count < 4096)

        await #expect(processExitsWith: .success) { [path = folder.file("State.plist").path as String] in
            signal(SIGXFSZ, SIG_IGN)
            var limit = rlimit(rlim_cur: 4096, rlim_max: 4096)
            #if canImport(Glibc)
                try #require(setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0)
            #else
                try #require(setrlimit(RLIMIT_FSIZE, &limit) == 0)
            #endif
            let url = URL(fileURLWithPath: path)
            let document = try Document(location: .file(url), initial: CounterState(), autosave: .disabled)
            document.update { $0 = .make(3, lines: 500) }
            #expect {
                try document.save()
            } throws: { error in
                guard case StoreError.writeFailed(_, "write", let code) = error else { return false }
                return code == EFBIG && "\(error)".contains("the previous file is unchanged")
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            #expect(names.sorted() == [".State.plist.lock", "State.plist", "State.plist.backup"])
        }
        #expect(folder.contents("State.plist") == before)
        #expect(folder.contents("State.plist.backup") == backup)
        let reopened = try Document(location: location, initial: CounterState(), autosave: .disabled)
        #expect(reopened.root == .make(2, lines: 2))
    }
}
