import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches the files a run read, through inotify on their directories.
///
/// Directories, not files: editors save by writing a temporary file and renaming it over the
/// original (vim, VS Code, JetBrains) or by deleting and recreating it, and an inotify watch on a
/// file follows the inode, which either way is gone after the first save. A watch on the
/// directory sees every new version arrive under the file's name. Only finished writes count
/// (`IN_CLOSE_WRITE`, `IN_MOVED_TO`): a create or a delete alone is half a save, and reloading
/// then would load an empty or missing file. A new time stamp alone (`touch`, `IN_ATTRIB`) is a
/// save too: it is how a user asks for a reload without an edit.
final class FileWatcher {
    let fileDescriptor: Int32
    /// Watch descriptor → directory path.
    private var directories: [Int32: String] = [:]
    /// The files whose changes trigger a reload, by directory.
    private var files: [String: Set<String>] = [:]

    init() throws {
        fileDescriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fileDescriptor >= 0 else {
            throw UsageError(message: "watch: cannot use inotify (\(String(cString: strerror(errno))))")
        }
    }

    deinit { close(fileDescriptor) }

    /// Watches exactly these files from now on (adding directories as needed; a directory that
    /// no longer holds a watched file keeps its watch, which costs nothing and catches a module
    /// that comes back).
    func watch(_ urls: [URL]) {
        var wanted: [String: Set<String>] = [:]
        for url in urls {
            let file = url.standardizedFileURL
            wanted[file.deletingLastPathComponent().path, default: []].insert(file.lastPathComponent)
        }
        for directory in wanted.keys where !directories.values.contains(directory) {
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF | IN_ONLYDIR)
            let descriptor = inotify_add_watch(fileDescriptor, directory, mask)
            if descriptor >= 0 { directories[descriptor] = directory }
        }
        files = wanted
    }

    var watchedDirectories: [String] { directories.values.sorted() }

    /// Reads what is queued; returns the watched files that were written or renamed into place.
    func readChanges() -> Set<String> {
        var changed: Set<String> = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let (descriptor, mask, nameLength) = buffer.withUnsafeBytes { bytes in
                    (bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + nameLength)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += headerSize + nameLength
                if mask & UInt32(IN_IGNORED) != 0 || mask & UInt32(IN_DELETE_SELF) != 0 {
                    directories[descriptor] = nil  // the directory went away; a later watch() re-adds it
                    continue
                }
                guard let directory = directories[descriptor], files[directory]?.contains(name) == true else { continue }
                changed.insert(directory + "/" + name)
            }
        }
        return changed
    }

    /// Waits until `descriptor` is readable or `milliseconds` pass (-1: forever). Returns the
    /// descriptors that are readable; an interrupted wait returns none.
    static func wait(_ descriptors: [Int32], milliseconds: Int32) -> Set<Int32> {
        var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&polled, nfds_t(polled.count), milliseconds)
        guard ready > 0 else { return [] }
        return Set(polled.filter { $0.revents != 0 }.map(\.fd))
    }
}
