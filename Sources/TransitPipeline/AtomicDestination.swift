import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where an output is written before it replaces its target: a temporary name beside the
/// target (same directory, so the rename stays on one file system). A failed run removes it and
/// leaves the target as it was; a finished one renames it over the target (a directory of
/// frames is swapped in with two renames).
public struct AtomicDestination {
    public let target: URL
    public let temporary: URL
    let isDirectory: Bool

    public init(target path: String, isDirectory: Bool) {
        target = URL(fileURLWithPath: path)
        self.isDirectory = isDirectory
        let name = target.lastPathComponent
        let suffix = target.pathExtension.isEmpty ? "" : "." + target.pathExtension
        temporary = target.deletingLastPathComponent().appendingPathComponent(".\(name).transit-\(getpid())\(suffix)")
        try? FileManager.default.removeItem(at: temporary)
    }

    public func discard() { try? FileManager.default.removeItem(at: temporary) }

    public func commit() throws {
        var existingIsDirectory: ObjCBool = false
        if isDirectory, FileManager.default.fileExists(atPath: target.path, isDirectory: &existingIsDirectory), existingIsDirectory.boolValue {
            let old = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).transit-\(getpid())-old")
            try? FileManager.default.removeItem(at: old)
            guard rename(target.path, old.path) == 0 else { throw failure() }
            defer { try? FileManager.default.removeItem(at: old) }
            guard rename(temporary.path, target.path) == 0 else {
                let error = failure()
                _ = rename(old.path, target.path)
                throw error
            }
            return
        }
        guard rename(temporary.path, target.path) == 0 else { throw failure() }
    }

    private func failure() -> PipelineError {
        let reason = String(cString: strerror(errno))
        discard()
        return .cannotWrite(path: target.relativePath, reason: reason)
    }
}
