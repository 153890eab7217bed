import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a GIFWriter's bytes go: memory (tests, `GIFEncoder.encode`) or a file written as the
/// frames come (`transit render`), so the finished GIF is never held in memory either. giflib
/// writes in small pieces; a file output gathers them into 256 KiB writes.
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
        if descriptor != nil && buffer.count >= 256 << 10 { return (try? flush()) != nil }
        return true
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
