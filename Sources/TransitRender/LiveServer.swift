import Foundation
import CMicroHTTPD

/// The server behind `transit watch --serve`: the live HTML player on 127.0.0.1, and each
/// reload (or error) pushed to open pages. Not written yet.
public final class LiveServer: @unchecked Sendable {
    public let port: UInt16
    public var url: String { "http://127.0.0.1:\(port)/" }

    public init(port: UInt16, title: String) throws {
        self.port = port
        throw RenderError("--serve is not available yet")
    }

    /// A good reload: the page swaps to these frames, keeping its current time.
    public func publish(_ document: PlayerDocument) {}

    /// A broken save: the page shows the message over the last good frames.
    public func publishError(_ message: String) {}

    /// Ends open event streams and stops listening.
    public func stop() {}
}
