import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a GIFWriter's bytes go: memory (tests, `GIFEncoder.encode`) or a file written as the
/// frames come (`transit render`), so the finished GIF is never held in memory either. giflib
/// writes in small pieces; a file output gathers them into 256 KiB writes.
///
/// A frame can be written more than one way and the shortest kept: between `hold()` and
/// `release()` nothing is flushed, so what was written since a `mark` can be read back, cut off
/// and written again. What is held is one frame's compressed bytes at most.
public final class GIFOutput {
    private let descriptor: Int32?
    private let path: String?
    private var buffer: [UInt8] = []
    /// The first write error; giflib only sees "0 bytes written", this keeps the reason.
    private(set) var failure: RenderError?

    private init(descriptor: Int32?, path: String?) {
        self.descriptor = descriptor
        self.path = path
    }

    public static func memory() -> GIFOutput { GIFOutput(descriptor: nil, path: nil) }

    /// Creates (or truncates) `path`.
    public static func file(_ path: String) throws -> GIFOutput {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw RenderError("\(path): \(String(cString: strerror(errno)))") }
        return GIFOutput(descriptor: descriptor, path: path)
    }

    deinit { if let descriptor { Glibc.close(descriptor) } }

    /// Everything written so far (memory outputs only).
    public var bytes: [UInt8] { descriptor == nil ? buffer : [] }

    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        buffer.append(contentsOf: bytes)
        if descriptor != nil && !holding && buffer.count >= 256 << 10 { return (try? flush()) != nil }
        return true
    }

    /// While held, written bytes stay in the buffer, where `mark`, `bytes(since:)` and
    /// `truncate(to:)` reach them.
    private var holding = false

    func hold() { holding = true }

    func release() throws {
        holding = false
        if descriptor != nil && buffer.count >= 256 << 10 { try flush() }
    }

    /// A position in the held bytes.
    var mark: Int { buffer.count }

    /// The bytes written since `mark`, copied into `target` (whose storage is reused).
    func copy(since mark: Int, into target: inout [UInt8]) {
        target.removeAll(keepingCapacity: true)
        target.append(contentsOf: buffer[mark...])
    }

    /// Forgets what was written since `mark`.
    func truncate(to mark: Int) {
        buffer.removeSubrange(mark...)
    }

    /// Appends bytes copied earlier (a held write that turned out the shortest).
    func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    /// Writes what is buffered to the file (memory outputs keep everything).
    func flush() throws {
        if let failure { throw failure }
        guard let descriptor else { return }
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                failure = RenderError("\(path ?? "GIF"): \(String(cString: strerror(errno)))")
                throw failure!
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
