import CMicroHTTPD
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A descriptor a poll loop waits on, made readable from any thread (an eventfd): how a live
/// reload's frames wake the terminal player, a reload's end wakes the watch loop, and a queued
/// message wakes a page's socket.
public final class WakeSignal: @unchecked Sendable {
    public let fileDescriptor: Int32

    public init() { fileDescriptor = transit_eventfd() }
    deinit { close(fileDescriptor) }

    /// Makes the descriptor readable (several signals before a drain are one wake).
    public func signal() {
        var one: UInt64 = 1
        _ = Glibc.write(fileDescriptor, &one, 8)
    }

    /// Makes it unreadable again, until the next signal.
    public func drain() {
        var value: UInt64 = 0
        _ = Glibc.read(fileDescriptor, &value, 8)
    }
}
