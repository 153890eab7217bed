import Foundation
#if canImport(Glibc)
import Glibc
#endif
import CMicroHTTPD

/// The server behind `transit watch --serve`: the live HTML player on 127.0.0.1, and each
/// reload (or error) pushed to open pages over Server-Sent Events.
///
/// Routes (GET only, anything else 405):
/// - `/` the live page (HTMLPlayer.livePage), which runs the same script as the static player;
/// - `/events` the event stream: `reload` with `{"version":N}`, `error` with the message as a
///   JSON string, a comment every 15 s so idle connections stay open; a new stream first gets
///   the current state, so a page opened late is up to date;
/// - `/version/N.json` the payload of version N (PlayerPayload); only the latest two are kept,
///   so memory does not grow with reloads (the previous one serves a page that is still
///   fetching when the next save lands);
/// - anything else 404.
///
/// Only the address it prints: the socket is bound to 127.0.0.1, and a request is answered only
/// if its Host header is `127.0.0.1:PORT` or `localhost:PORT` (PORT the port it listens on, the
/// name in any case); any other Host, or none, gets 403 and a line saying which Host it expects.
/// Binding loopback alone does not stop DNS rebinding: a page on another site can point its own
/// name at 127.0.0.1 and read frames, the trace and file paths, but the browser then sends that
/// name as Host. The server listens on IPv4 only, so `[::1]:PORT` is refused too.
///
/// Bounds, so that a runaway or hostile client cannot take the machine down with it: at most
/// `connectionLimit` (64) connections at once; past it libmicrohttpd closes each new connection
/// as soon as it accepts it, without a response, and the first time the limit is reached the
/// server says so once on stderr. A connection that sends or takes no byte for
/// `connectionTimeout` (60 s) is closed, and an event stream stops queueing events once
/// `maximumPendingBytes` wait unsent (it is then ended), so however slow a client is, each
/// connection holds a thread, libmicrohttpd's 32 KiB and at most about 1 MiB of events.
///
/// libmicrohttpd runs a thread per connection, so an event stream can block in its content
/// callback until there is news without holding up other requests. All shared state is guarded
/// by one condition lock, which is also what wakes the streams.
public final class LiveServer: @unchecked Sendable {
    public let port: UInt16
    public var url: String { "http://127.0.0.1:\(port)/" }

    /// Seconds between keep-alive comments on an idle event stream.
    static let keepAliveInterval = 15.0
    /// A stream whose client stopped reading is dropped rather than buffering without bound:
    /// past this many unsent bytes it queues no more events and its next read ends it.
    static let maximumPendingBytes = 1 << 20
    /// Connections open at once. A tab holds its event stream and a short fetch or two, so 20
    /// tabs need about 60 (browsers keep to 6 connections per host, but 127.0.0.1 and localhost
    /// are two hosts, and curl or a script keeps to nothing). Each connection is a thread and up
    /// to maximumPendingBytes, so 64 bounds the server at some 70 MB, where libmicrohttpd's
    /// default (about 1,020) would not. No per-address limit: on loopback every client has the
    /// same address, so it would be this limit again.
    public static let connectionLimit = 64
    /// Seconds a connection may go without sending or receiving a byte before libmicrohttpd
    /// closes it: longer than keepAliveInterval, so an idle event stream is never cut.
    static let connectionTimeout = 60

    private let livePage: [UInt8]
    private var daemon: OpaquePointer?
    /// Where the one line about the connection limit goes (stderr; tests collect it).
    private let warn: @Sendable (String) -> Void
    private let publishing = NSLock()  // one publish at a time, so versions appear in order
    private let state = NSCondition()
    // Guarded by `state`:
    private var version = 0
    private var payloads: [Int: [UInt8]] = [:]
    private var currentError: String?
    private var streams: [ObjectIdentifier: EventStream] = [:]
    private var stopping = false
    /// Versions served so far, in order (tests wait on it before publishing the next one).
    private var served: [Int] = []
    private var openConnections = 0
    private var reportedLimit = false

    public init(port: UInt16, title: String,
                warn: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data("\($0)\n".utf8)) }) throws {
        livePage = Array(HTMLPlayer.livePage(title: title).utf8)
        self.warn = warn
        let socket = try Self.listen(port: port)
        self.port = socket.port
        daemon = transit_mhd_start(socket.descriptor, handleRequest, Unmanaged.passUnretained(self).toOpaque(),
                                   UInt32(Self.connectionTimeout), UInt32(Self.connectionLimit), noteConnection)
        if daemon == nil {
            close(socket.descriptor)
            throw RenderError("cannot start the HTTP server on 127.0.0.1:\(self.port)")
        }
    }

    deinit { stop() }

    /// A good reload: the page swaps to these frames, keeping its current time.
    public func publish(_ document: PlayerDocument) {
        publishing.lock()
        defer { publishing.unlock() }
        let payload: [UInt8]
        do {
            payload = Array(try PlayerPayload.json(document).utf8)  // encoded once, served to every page
        } catch {
            publishError("\(error)")
            return
        }
        state.lock()
        defer { state.unlock() }
        version += 1
        payloads = payloads.filter { $0.key >= version - 1 }
        payloads[version] = payload
        currentError = nil
        send(event: "reload", data: "{\"version\":\(version)}")
    }

    /// A broken save: the page shows the message over the last good frames.
    public func publishError(_ message: String) {
        state.lock()
        defer { state.unlock() }
        currentError = message
        send(event: "error", data: PlayerPayload.string(message))
    }

    /// Ends open event streams and stops listening. Safe to call more than once.
    public func stop() {
        state.lock()
        stopping = true
        let running = daemon
        daemon = nil
        state.broadcast()
        state.unlock()
        // Every stream is now returning end-of-stream, so stopping (which joins the connection
        // threads) does not wait for a keep-alive timeout.
        if let running { MHD_stop_daemon(running) }
    }

    // MARK: - Requests

    fileprivate func respond(_ connection: OpaquePointer, path: String, method: String) -> MHD_Result {
        // Before anything else, so a rebound page learns nothing, not even which paths exist.
        if let refusal = hostRefusal(connection) {
            return reply(connection, status: 403, type: "text/plain; charset=utf-8", body: Array(refusal.utf8))
        }
        guard method == "GET" else {
            return reply(connection, status: 405, type: "text/plain; charset=utf-8", body: Array("only GET is supported\n".utf8),
                         headers: [("Allow", "GET")])
        }
        if path == "/" {
            return reply(connection, status: 200, type: "text/html; charset=utf-8", body: livePage)
        }
        if path == "/events" {
            return openStream(connection)
        }
        if let number = Self.versionNumber(path) {
            state.lock()
            let payload = payloads[number]
            if payload != nil, served.count < 1000 { served.append(number) }
            state.unlock()
            if let payload {
                return reply(connection, status: 200, type: "application/json", body: payload)
            }
        }
        return reply(connection, status: 404, type: "text/plain; charset=utf-8", body: Array("not found\n".utf8))
    }

    var servedVersions: [Int] {
        state.lock()
        defer { state.unlock() }
        return served
    }

    /// Why a request's Host header is refused (nil when it is one this server answers to).
    private func hostRefusal(_ connection: OpaquePointer) -> String? {
        let expected = "Host: 127.0.0.1:\(port) or localhost:\(port)"
        guard let header = MHD_lookup_connection_value(connection, .HEADER_KIND, MHD_HTTP_HEADER_HOST) else {
            return "transit: this server answers only \(expected) (got no Host header)\n"
        }
        if Self.isAllowedHost(UnsafeBufferPointer(start: header, count: strlen(header)).map { UInt8(bitPattern: $0) },
                              port: port) {
            return nil
        }
        return "transit: this server answers only \(expected) (got \(String(cString: header).prefix(200)))\n"
    }

    /// `127.0.0.1:PORT` or `localhost:PORT`, byte for byte but for the case of ASCII letters.
    /// Only A–Z fold (not String.lowercased()), so no Unicode case mapping can turn another
    /// name into one of these.
    static func isAllowedHost(_ bytes: [UInt8], port: UInt16) -> Bool {
        let folded = bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        return folded.elementsEqual("127.0.0.1:\(port)".utf8) || folded.elementsEqual("localhost:\(port)".utf8)
    }

    /// `/version/12.json` → 12.
    static func versionNumber(_ path: String) -> Int? {
        guard path.hasPrefix("/version/"), path.hasSuffix(".json") else { return nil }
        let digits = path.dropFirst("/version/".count).dropLast(".json".count)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }

    private func reply(_ connection: OpaquePointer, status: UInt32, type: String, body: [UInt8],
                       headers: [(String, String)] = []) -> MHD_Result {
        let response = body.withUnsafeBytes { bytes in
            transit_mhd_copied_response(bytes.count, bytes.baseAddress)
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        MHD_add_response_header(response, "Content-Type", type)
        MHD_add_response_header(response, "Cache-Control", "no-store")
        for (name, value) in headers { MHD_add_response_header(response, name, value) }
        return MHD_queue_response(connection, status, response)
    }

    // MARK: - Event streams

    private func openStream(_ connection: OpaquePointer) -> MHD_Result {
        let stream = EventStream(server: self)
        state.lock()
        // Reconnect quickly after a restart of `transit watch`, then the current state.
        stream.pending = Array("retry: 1000\n\n".utf8)
        if version > 0 { stream.pending += Self.event("reload", "{\"version\":\(version)}") }
        if let currentError { stream.pending += Self.event("error", PlayerPayload.string(currentError)) }
        streams[ObjectIdentifier(stream)] = stream
        state.unlock()
        let context = Unmanaged.passRetained(stream).toOpaque()
        guard let response = MHD_create_response_from_callback(UInt64.max, 4096, readEvents, context, releaseStream) else {
            Unmanaged<EventStream>.fromOpaque(context).release()
            forget(stream)
            return .NO
        }
        defer { MHD_destroy_response(response) }
        MHD_add_response_header(response, "Content-Type", "text/event-stream")
        MHD_add_response_header(response, "Cache-Control", "no-store")
        return MHD_queue_response(connection, 200, response)
    }

    static func event(_ name: String, _ data: String) -> [UInt8] {
        Array("event: \(name)\ndata: \(data)\n\n".utf8)
    }

    /// Queues an event on every open stream. Called with `state` locked. A stream already past
    /// maximumPendingBytes gets nothing more: its client is not reading, and libmicrohttpd only
    /// calls `read` (which ends it) once the socket takes bytes again, so without this check its
    /// queue would grow with every save for as long as the client trickles.
    private func send(event name: String, data: String) {
        let bytes = Self.event(name, data)
        for stream in streams.values where stream.pending.count <= Self.maximumPendingBytes { stream.pending += bytes }
        state.broadcast()
    }

    /// Open event streams, and the largest queue of unsent bytes among them (tests check it
    /// stays bounded).
    var streamQueues: (count: Int, largest: Int) {
        state.lock()
        defer { state.unlock() }
        return (streams.count, streams.values.map(\.pending.count).max() ?? 0)
    }

    /// The content callback of a stream: waits for news (or the keep-alive interval) and hands
    /// libmicrohttpd what is pending. Returns -1 (end of stream) once the server stops.
    fileprivate func read(_ stream: EventStream, into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        state.lock()
        defer { state.unlock() }
        let deadline = Date(timeIntervalSinceNow: Self.keepAliveInterval)
        while stream.pending.isEmpty && !stopping {
            if !state.wait(until: deadline) { break }
        }
        if stopping || stream.pending.count > Self.maximumPendingBytes { return -1 }
        if stream.pending.isEmpty { stream.pending = Array(": keep-alive\n\n".utf8) }
        let count = min(capacity, stream.pending.count)
        stream.pending.withUnsafeBytes { bytes in
            UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress!, byteCount: count)
        }
        stream.pending.removeFirst(count)
        return count
    }

    /// Called when libmicrohttpd is done with a stream (finished, client gone, or shutdown).
    fileprivate func forget(_ stream: EventStream) {
        state.lock()
        streams[ObjectIdentifier(stream)] = nil
        state.unlock()
    }

    // MARK: - Connections

    /// libmicrohttpd's notice that a connection opened or closed. Its own refusal past the limit
    /// is silent (a closed socket, no response), so the count here is how the user learns why
    /// pages stop loading: one line the first time, not one per refused connection, since a
    /// flood would otherwise bury the watch output.
    fileprivate func connection(opened: Bool) {
        state.lock()
        openConnections += opened ? 1 : -1
        let report = opened && openConnections >= Self.connectionLimit && !reportedLimit
        if report { reportedLimit = true }
        state.unlock()
        if report {
            warn("transit: the live server has \(Self.connectionLimit) connections open (its limit); refusing more until one closes")
        }
    }

    /// Connections open now, as libmicrohttpd reported them (tests wait on it).
    var connectionsOpen: Int {
        state.lock()
        defer { state.unlock() }
        return openConnections
    }

    // MARK: - Listening socket

    /// Binds 127.0.0.1 only (the page shows the user's files; nothing else on the network should
    /// see it). Binding here rather than in libmicrohttpd gives a clear message for a busy port
    /// and the real port when 0 asked for an ephemeral one.
    private static func listen(port: UInt16) throws -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw RenderError("cannot open a socket: \(String(cString: strerror(errno)))") }
        var reuse: Int32 = 1  // a restarted watch may rebind while old connections linger in TIME_WAIT
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if bound != 0 {
            let code = errno
            close(descriptor)
            switch code {
            case EADDRINUSE: throw RenderError("port \(port) is in use (another transit watch --serve?); choose another port")
            case EACCES: throw RenderError("port \(port) needs privileges; choose a port above 1023")
            default: throw RenderError("cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(code)))")
            }
        }
        guard Glibc.listen(descriptor, 64) == 0 else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            throw RenderError("cannot listen on 127.0.0.1:\(port): \(message)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: actual.sin_port))
    }
}

/// One open `/events` response: the bytes not yet handed to libmicrohttpd.
private final class EventStream {
    let server: LiveServer
    var pending: [UInt8] = []  // guarded by the server's state lock
    init(server: LiveServer) { self.server = server }
}

// libmicrohttpd's callbacks: plain C function pointers, with the server or stream passed
// through the `void *` context.

private let handleRequest: MHD_AccessHandlerCallback = { context, connection, url, method, _, _, _, _ in
    guard let context, let connection, let url, let method else { return .NO }
    let server = Unmanaged<LiveServer>.fromOpaque(context).takeUnretainedValue()
    return server.respond(connection, path: String(cString: url), method: String(cString: method))
}

private let noteConnection: MHD_NotifyConnectionCallback = { context, _, _, event in
    guard let context else { return }
    let server = Unmanaged<LiveServer>.fromOpaque(context).takeUnretainedValue()
    server.connection(opened: event == .CONNECTION_NOTIFY_STARTED)
}

private let readEvents: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer else { return -1 }
    let stream = Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue()
    return stream.server.read(stream, into: buffer, capacity: capacity)
}

private let releaseStream: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    let stream = Unmanaged<EventStream>.fromOpaque(context).takeRetainedValue()
    stream.server.forget(stream)
}
