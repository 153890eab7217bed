import Foundation

/// The bytes a run of a scene read from disk (its Lua files and images), kept so that a second
/// run of the same version reads exactly them, whatever the disk holds by then. A live reload
/// that steps past the frames behind the viewer draws them afterwards with a second run of the
/// scene (LiveRender); without the record, a save landing between the two runs would mix two
/// versions' frames in one reload.
public final class FileRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var contents: [String: Data] = [:]
    private var replaying = false

    public init() {}

    /// From now on, files read come from the record (a file the record lacks is read from disk).
    public func replay() {
        lock.lock()
        replaying = true
        lock.unlock()
    }

    /// The bytes of the file at `path`: recorded the first time, replayed after `replay()`; nil
    /// when it cannot be read.
    public func read(_ path: String) -> Data? {
        lock.lock()
        defer { lock.unlock() }
        if replaying, let data = contents[path] { return data }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        if !replaying { contents[path] = data }
        return data
    }
}
