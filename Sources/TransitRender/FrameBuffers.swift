import CCairo
import Foundation

// A frame's pixels live only while it is rasterized and read (Rasterizer.render(_:size:reading:)),
// so the next frame can draw into the same memory. A fresh 1.3 MB buffer per 393×852 frame
// (5.9 MB at scale 3) came zeroed from the kernel, page by page: page faults and zeroing that the
// frame's background paint then overwrote. Buffers are handed back here instead and reused; the
// background paint (operator SOURCE over the whole frame) sets every pixel, so what a buffer held
// before never shows.

/// Pixel buffers by size, kept between frames. Thread-safe; holds at most `limit` buffers, so
/// memory stays that of the frames being drawn at once.
final class FrameBuffers: @unchecked Sendable {
    static let shared = FrameBuffers(limit: ProcessInfo.processInfo.activeProcessorCount + 2)

    private let lock = NSLock()
    private var free: [Int: [UnsafeMutableRawPointer]] = [:]
    private var kept = 0
    let limit: Int

    init(limit: Int) { self.limit = max(0, limit) }

    /// A buffer of `bytes` (contents undefined), reused when one of that size is free.
    func take(bytes: Int) -> UnsafeMutableRawPointer {
        lock.lock()
        if let buffer = free[bytes]?.popLast() {
            kept -= 1
            lock.unlock()
            return buffer
        }
        lock.unlock()
        return UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    }

    /// Hands a buffer from `take(bytes:)` back, to be reused or, past the limit, freed.
    func give(_ buffer: UnsafeMutableRawPointer, bytes: Int) {
        lock.lock()
        if kept < limit {
            free[bytes, default: []].append(buffer)
            kept += 1
            lock.unlock()
            return
        }
        lock.unlock()
        buffer.deallocate()
    }
}
