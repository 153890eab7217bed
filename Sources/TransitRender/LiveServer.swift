import Foundation
#if canImport(Glibc)
import Glibc
#endif
import CMicroHTTPD

/// The server behind `transit watch --serve`: the live HTML player on 127.0.0.1, and each
/// reload streamed to open pages over one WebSocket per page.
///
/// Routes (GET only, anything else 405):
/// - `/` the live page (HTMLPlayer.livePage), which runs the same script as the static player;
/// - `/live` the WebSocket (RFC 6455). The server sends, for each version (one save):
///   `{"type":"begin","version":N,…}` when its reload starts; each frame as a binary message
///   the moment it is drawn (`LiveServer.frameMessage`: kind 1, version, index, time, PNG bytes),
///   the one the page will be showing first (`Playhead`); `{"type":"timeline",…}` (times, trace, curves, problems)
///   when its scene has run; `{"type":"complete","version":N}` when every frame is out; or
///   `{"type":"error",…}` (message, file, line, the lines around it) for a broken save. The page
///   sends `{"type":"playhead","time":T,"playing":B,"speed":S,"loop":L}` as it plays and seeks
///   (which frames to draw first: the time shown, whether it plays, how fast, and where it wraps) and
///   `{"type":"shown","version":N}` once a new version's frame is on screen (`watch` prints that
///   as "visible in … ms"). A page that connects late is sent the current version as it stands
///   and the current error. The notification and the data share the one connection, so a
///   browser's six connections per host do not limit how many tabs follow a save.
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
/// as soon as it accepts it, and the first time the limit is reached the server says so once on
/// stderr. An HTTP connection idle for `connectionTimeout` (60 s) is closed. Each page's queue of
/// unsent messages holds at most `maximumQueuedBytes` (64 MiB): a page that falls further behind
/// is closed (code 1008, and one line on stderr), and frames of a version a newer save replaced
/// are dropped from every queue unsent. Frames are encoded once and shared by every queue, so
/// the server holds about two versions' frames however many pages are open.
public final class LiveServer: @unchecked Sendable {
    public let port: UInt16
    public var url: String { "http://127.0.0.1:\(port)/" }

    /// Seconds between pings on an idle WebSocket, so a page that went away is noticed.
    static let keepAliveInterval = 15.0
    /// Unsent bytes a page may fall behind by before it is closed.
    public static let maximumQueuedBytes = 64 << 20
    /// Connections open at once. A tab holds its WebSocket (and, while it loads, a GET or two),
    /// so 20 tabs need about 20–40. Each connection is a thread and at most maximumQueuedBytes of
    /// references to shared frames, so 64 bounds the threads where libmicrohttpd's default
    /// (about 1,020) would not. No per-address limit: on loopback every client has the same
    /// address, so it would be this limit again.
    public static let connectionLimit = 64
    /// Seconds an HTTP connection may go without sending or receiving a byte before
    /// libmicrohttpd closes it. (A WebSocket is the server's own from the upgrade on, kept
    /// alive by pings.)
    static let connectionTimeout = 60

    private let livePage: [UInt8]
    private let title: String
    private var daemon: OpaquePointer?
    /// Where the lines about the limits go (stderr; tests collect them).
    private let warn: @Sendable (String) -> Void
    private let state = NSCondition()
    // Guarded by `state`:
    private var latestVersion = 0
    /// What a page that connects now is sent: the last complete version's messages, then the
    /// messages so far of the one being drawn (if it is another), in order. A version that fails
    /// leaves the last complete one for new pages.
    private var completedMessages: [LiveMessage] = []
    private var currentMessages: [LiveMessage] = []
    private var currentError: LiveMessage?
    private var sockets: [ObjectIdentifier: LiveSocket] = [:]
    private var socketThreads = 0
    private var stopping = false
    private var openConnections = 0
    private var reportedLimit = false
    private var reportedSlowPage = false
    private var reportedPlayhead: Playhead?
    /// When a page first said it showed each recent version (monotonic seconds), and which
    /// pages said so.
    private var shownAt: [Int: Double] = [:]
    private var shownBy: [Int: Set<ObjectIdentifier>] = [:]
    /// The last `{"type":"report"}` messages pages sent (their self-tests' logs), newest last.
    private var reports: [String] = []

    /// How long a page's frames wait behind a version's first frame for the page to say it
    /// showed it (`LiveSocket.leadFrame`).
    public let leadFrameHold: Double

    public init(port: UInt16, title: String, leadFrameHold: Double = 0.25,
                warn: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data("\($0)\n".utf8)) }) throws {
        livePage = Array(HTMLPlayer.livePage(title: title).utf8)
        self.title = title
        self.leadFrameHold = max(0, leadFrameHold)
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

    // MARK: - Publishing a version

    /// What a page needs before the first frame of a version: its size, rate and title.
    public struct VersionInfo: Sendable {
        public var fps: Double
        public var width: Int
        public var height: Int
        public init(fps: Double, width: Int, height: Int) { self.fps = fps; self.width = width; self.height = height }
    }

    /// A number for a save's reload, newer than every earlier one: from now on, calls for older
    /// versions are ignored and their frames still queued for a page are dropped unsent.
    public func reserve() -> Int {
        state.lock()
        defer { state.unlock() }
        latestVersion += 1
        for socket in sockets.values { socket.dropFrames(before: latestVersion) }
        return latestVersion
    }

    /// The version's reload started: pages learn its size and rate and keep showing the last
    /// version until its frames arrive.
    public func begin(_ version: Int, _ info: VersionInfo) {
        state.lock()
        defer { state.unlock() }
        guard version == latestVersion else { return }
        let fps = info.fps.isFinite && info.fps > 0 ? info.fps : 30
        let message = LiveMessage.text("{\"type\":\"begin\",\"version\":\(version),\"title\":\(PlayerPayload.string(title)),"
            + "\"fps\":\(PlayerPayload.number(fps)),\"width\":\(info.width),\"height\":\(info.height)}", version: version)
        currentMessages = [message]
        broadcast(message)
    }

    /// One drawn frame of `version`, as PNG bytes; frames may come in any order.
    public func frame(version: Int, index: Int, time: Double, png: [UInt8]) {
        state.lock()
        defer { state.unlock() }
        guard version == latestVersion else { return }
        let message = LiveMessage.binary(Self.frameMessage(version: version, index: index, time: time, png: png), version: version)
        currentMessages.append(message)
        broadcast(message)
    }

    /// The version's scene has run: `json` is PlayerPayload.timeline (times, trace, curves,
    /// problems). It also clears the error a page shows: this version is newer than that save.
    public func timeline(version: Int, json: String) {
        state.lock()
        defer { state.unlock() }
        guard version == latestVersion else { return }
        let message = LiveMessage.text("{\"type\":\"timeline\",\"version\":\(version),\"data\":" + json + "}", version: version)
        currentError = nil
        currentMessages.append(message)
        broadcast(message)
    }

    /// Every frame of `version` has been sent.
    public func complete(version: Int) {
        state.lock()
        defer { state.unlock() }
        guard version == latestVersion else { return }
        let message = LiveMessage.text("{\"type\":\"complete\",\"version\":\(version)}", version: version)
        currentMessages.append(message)
        completedMessages = currentMessages
        currentMessages = []
        broadcast(message)
    }

    /// A broken save (`version` its reload, nil: not tied to one): the page shows the message and
    /// the code around its line over the last good frames, which stay playable.
    public func fail(version: Int? = nil, _ error: LiveError) {
        state.lock()
        defer { state.unlock() }
        if let version, version != latestVersion { return }
        let message = LiveMessage.text(error.json, version: nil)
        // The version that failed leaves nothing to show: pages go back to the last good one.
        if let version { currentMessages = currentMessages.filter { $0.version != version } }
        currentError = message
        broadcast(message)
    }

    /// A whole document at once (the video player, tests): begin, each frame, timeline, complete.
    public func publish(_ document: PlayerDocument) {
        do {
            let width = document.video?.width ?? document.frames.first?.width ?? 0
            let height = document.video?.height ?? document.frames.first?.height ?? 0
            let version = reserve()
            begin(version, VersionInfo(fps: document.fps, width: width, height: height))
            if let video = document.video, case .embedded(let bytes) = video.source {
                state.lock()
                let message = LiveMessage.binary(Self.videoMessage(version: version, mimeType: video.mimeType, bytes: bytes), version: version)
                if version == latestVersion { currentMessages.append(message); broadcast(message) }
                state.unlock()
            }
            for (index, image) in document.frames.enumerated() {
                let time = document.times.indices.contains(index) ? document.times[index] : Double(index) / document.fps
                frame(version: version, index: index, time: time, png: try PNGEncoder.encode(image))
            }
            timeline(version: version, json: try PlayerPayload.timeline(document, problems: []))
            complete(version: version)
        } catch {
            fail(LiveError(message: "\(error)"))
        }
    }

    /// Kind 1, a frame: `[1][version u32][index u32][time f64][PNG]`, little-endian.
    static func frameMessage(version: Int, index: Int, time: Double, png: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [1]
        bytes.reserveCapacity(17 + png.count)
        append(UInt32(truncatingIfNeeded: version), to: &bytes)
        append(UInt32(truncatingIfNeeded: index), to: &bytes)
        let bits = time.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8((bits >> UInt64(shift)) & 0xFF)) }
        bytes += png
        return bytes
    }

    /// Kind 2, a version's frames as one video: `[2][version u32][mime length u8][mime][bytes]`.
    static func videoMessage(version: Int, mimeType: String, bytes video: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [2]
        append(UInt32(truncatingIfNeeded: version), to: &bytes)
        let mime = Array(mimeType.utf8.prefix(255))
        bytes.append(UInt8(mime.count))
        return bytes + mime + video
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }

    /// Queues a message on every page. Called with `state` locked.
    private func broadcast(_ message: LiveMessage) {
        for socket in sockets.values where !socket.enqueue(message) { reportSlowPage() }
        state.broadcast()
    }

    private func reportSlowPage() {
        guard !reportedSlowPage else { return }
        reportedSlowPage = true
        warn("transit: a live page fell \(Self.maximumQueuedBytes >> 20) MiB behind and was closed (it reconnects and starts from the current version)")
    }

    // MARK: - What the pages say

    /// Where the page that reported most recently is looking, and how it moves; nil before one did.
    public var playhead: Playhead? {
        state.lock()
        defer { state.unlock() }
        return reportedPlayhead
    }

    /// Pages whose next frames wait for them to show the one sent first (`LiveSocket.leadFrame`).
    public var pagesHoldingFrames: Int {
        state.lock()
        defer { state.unlock() }
        return sockets.values.filter(\.isHolding).count
    }

    /// When a page first said it showed a frame of `version` or later (monotonic seconds),
    /// waiting up to `seconds` for one to say so; nil if none did.
    public func shownTime(of version: Int, waitingUpTo seconds: Double) -> Double? {
        state.lock()
        defer { state.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while true {
            if let time = shownAt.filter({ $0.key >= version }).map(\.value).min() { return time }
            if stopping || !state.wait(until: deadline) { return nil }
        }
    }

    /// WebSockets open now (tests wait on it).
    public var pagesOpen: Int {
        state.lock()
        defer { state.unlock() }
        return sockets.count
    }

    /// The largest queue of unsent bytes among the pages (tests check it stays bounded).
    var largestQueue: Int {
        state.lock()
        defer { state.unlock() }
        return sockets.values.map(\.queuedBytes).max() ?? 0
    }

    /// How many pages said they showed `version`.
    public func pagesThatShowed(_ version: Int) -> Int {
        state.lock()
        defer { state.unlock() }
        return shownBy[version]?.count ?? 0
    }

    /// Waits (at most `seconds`) until every open page said it showed `version`; returns how
    /// many did and how many are open.
    public func waitUntilEveryPageShowed(_ version: Int, upTo seconds: Double) -> (shown: Int, open: Int) {
        state.lock()
        defer { state.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while (shownBy[version]?.count ?? 0) < sockets.count, !stopping, state.wait(until: deadline) {}
        return (shownBy[version]?.count ?? 0, sockets.count)
    }

    /// What pages' self-tests reported (JSON texts), oldest first.
    public var pageReports: [String] {
        state.lock()
        defer { state.unlock() }
        return reports
    }

    fileprivate func received(_ text: String, at time: Double, from page: ObjectIdentifier) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let type = object["type"] as? String else { return }
        state.lock()
        defer { state.unlock() }
        switch type {
        case "playhead":
            if let value = object["time"] as? Double, value.isFinite {
                let playing = object["playing"] as? Bool ?? false
                let speed = object["speed"] as? Double ?? 1
                reportedPlayhead = Playhead(time: value, at: time, rate: playing ? speed : 0, loop: object["loop"] as? Double)
            }
        case "shown":
            if let version = object["version"] as? Int, version > 0, version <= latestVersion {
                if shownAt[version] == nil { shownAt[version] = time }
                shownBy[version, default: []].insert(page)
                if let socket = sockets[page] { socket.shownVersion = max(socket.shownVersion, version) }
                shownAt = shownAt.filter { $0.key > latestVersion - 16 }
                shownBy = shownBy.filter { $0.key > latestVersion - 16 }
                state.broadcast()
            }
        case "report":
            reports.append(text)
            if reports.count > 200 { reports.removeFirst(reports.count - 200) }
            state.broadcast()
        default:
            break
        }
    }

    /// Ends open pages and stops listening. Safe to call more than once.
    public func stop() {
        state.lock()
        stopping = true
        let running = daemon
        daemon = nil
        for socket in sockets.values { socket.close(code: 1001, reason: "transit watch stopped") }
        state.broadcast()
        // Each socket's thread ends once its close is sent (a stalled client's send is cut by
        // shutdown); libmicrohttpd must not stop under an upgraded connection still in use.
        let grace = Date(timeIntervalSinceNow: 1)
        while socketThreads > 0, state.wait(until: grace) {}
        for socket in sockets.values { socket.interrupt() }
        let deadline = Date(timeIntervalSinceNow: 4)
        while socketThreads > 0, state.wait(until: deadline) {}
        // libmicrohttpd requires every upgraded connection closed before it stops; a socket
        // thread still running after its descriptor was shut down would close a freed handle,
        // so the daemon is then left running (its threads end with the process) and said so.
        let unfinished = socketThreads
        state.unlock()
        guard let running else { return }
        if unfinished == 0 {
            MHD_stop_daemon(running)
        } else {
            warn("transit: \(unfinished) live page connection(s) did not close; the live server is left to end with the process")
        }
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
        if path == "/live" {
            return upgrade(connection)
        }
        return reply(connection, status: 404, type: "text/plain; charset=utf-8", body: Array("not found\n".utf8))
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

    private func header(_ connection: OpaquePointer, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }

    /// The WebSocket handshake (RFC 6455 §4.2): a version-13 upgrade with a key is answered 101;
    /// anything else at `/live` is a plain 400 saying what was missing. The Origin, when sent,
    /// must be this server's own page (a browser's cross-site socket is refused, as its fetches
    /// are by the Host check).
    private func upgrade(_ connection: OpaquePointer) -> MHD_Result {
        func refuse(_ why: String) -> MHD_Result {
            reply(connection, status: 400, type: "text/plain; charset=utf-8", body: Array("transit: /live is the live page's WebSocket: \(why)\n".utf8))
        }
        guard header(connection, "Upgrade")?.lowercased() == "websocket" else { return refuse("the request asks for no WebSocket upgrade") }
        guard header(connection, "Sec-WebSocket-Version") == "13" else { return refuse("only WebSocket version 13 is spoken") }
        guard let key = header(connection, "Sec-WebSocket-Key"), !key.isEmpty, key.utf8.count <= 64 else { return refuse("no Sec-WebSocket-Key") }
        if let origin = header(connection, "Origin"), origin != "http://127.0.0.1:\(port)", origin != "http://localhost:\(port)" {
            return reply(connection, status: 403, type: "text/plain; charset=utf-8", body: Array("transit: the live socket serves only its own page (got Origin \(origin.prefix(200)))\n".utf8))
        }
        state.lock()
        let refused = stopping
        state.unlock()
        if refused { return refuse("the server is stopping") }
        guard let response = MHD_create_response_for_upgrade(upgradeSocket, Unmanaged.passUnretained(self).toOpaque()) else { return .NO }
        defer { MHD_destroy_response(response) }
        MHD_add_response_header(response, "Upgrade", "websocket")
        MHD_add_response_header(response, "Sec-WebSocket-Accept", WebSocket.acceptKey(key))
        return MHD_queue_response(connection, 101, response)
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

    // MARK: - WebSockets

    /// libmicrohttpd handed over an upgraded connection: it gets its own thread, first sent the
    /// current version and error.
    fileprivate func accept(socket descriptor: Int32, handle: OpaquePointer, extra: [UInt8]) {
        let socket = LiveSocket(descriptor: descriptor, handle: handle, leadFrameHold: leadFrameHold)
        state.lock()
        if stopping {
            state.unlock()
            socket.finish()
            return
        }
        for message in completedMessages + currentMessages { _ = socket.enqueue(message) }
        if let currentError { _ = socket.enqueue(currentError) }
        sockets[ObjectIdentifier(socket)] = socket
        socketThreads += 1
        state.unlock()
        let thread = Thread { [self] in
            socket.run(extra: extra, keepAlive: Self.keepAliveInterval, state: state) { [weak self] text in
                self?.received(text, at: MonotonicClock.seconds(), from: ObjectIdentifier(socket))
            }
            // The socket goes back to libmicrohttpd before the thread counts as ended: stop()
            // waits for that count and then stops the daemon, which frees every connection's
            // upgrade handle, so a close still to come would use freed memory (it did, in CI).
            socket.finish()
            state.lock()
            sockets[ObjectIdentifier(socket)] = nil
            socketThreads -= 1
            state.broadcast()
            state.unlock()
        }
        thread.name = "transit.live-socket"
        thread.start()
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


/// One message for the pages, encoded once and shared by every queue (arrays are copied on
/// write, so a frame queued for 20 pages is one buffer).
enum LiveMessage {
    /// `version`: the version the message belongs to (nil: an error, not one version's).
    case text(String, version: Int?)
    /// `version`: the frames of a version a newer one replaced are dropped unsent.
    case binary([UInt8], version: Int)

    var byteCount: Int {
        switch self {
        case .text(let text, _): return text.utf8.count
        case .binary(let bytes, _): return bytes.count
        }
    }

    /// The same message (a frame's buffer, a text), without comparing the bytes.
    func isSameMessage(as other: LiveMessage) -> Bool {
        switch (self, other) {
        case (.text(let a, let va), .text(let b, let vb)): return va == vb && a.utf8.count == b.utf8.count && a == b
        case (.binary(let a, let va), .binary(let b, let vb)):
            return va == vb && a.count == b.count && a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
        default: return false
        }
    }

    var version: Int? {
        switch self {
        case .text(_, let version): return version
        case .binary(_, let version): return version
        }
    }
}

/// A broken save as the page shows it: the message (the same text `watch` prints), where it
/// happened and the lines around that place (Vite's code frame).
public struct LiveError: Sendable {
    public var message: String
    public var file: String?
    public var line: Int?
    /// (line number, text) of the lines around `line`.
    public var codeFrame: [(number: Int, text: String)]

    public init(message: String, file: String? = nil, line: Int? = nil, codeFrame: [(number: Int, text: String)] = []) {
        self.message = message
        self.file = file
        self.line = line
        self.codeFrame = codeFrame
    }

    var json: String {
        var out = "{\"type\":\"error\",\"message\":" + PlayerPayload.string(message)
        if let file { out += ",\"file\":" + PlayerPayload.string(file) }
        if let line { out += ",\"line\":\(line)" }
        out += ",\"frame\":[" + codeFrame.map { "[\($0.number),\(PlayerPayload.string($0.text))]" }.joined(separator: ",") + "]}"
        return out
    }

    /// The lines of `source` within `context` of `line` (1-based), for the page's code frame.
    public static func codeFrame(_ source: String, around line: Int, context: Int = 2) -> [(number: Int, text: String)] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return [] }
        let range = max(1, line - context)...min(lines.count, line + context)
        return range.map { ($0, String(lines[$0 - 1].prefix(400))) }
    }
}

/// One page's WebSocket: its queue of unsent messages (guarded by the server's state lock) and
/// the loop, on its own thread, that sends them and reads what the page says.
final class LiveSocket: @unchecked Sendable {
    let descriptor: Int32
    private let handle: OpaquePointer
    /// Written to wake the loop when a message is queued or a close is asked for.
    private let wake = WakeSignal()
    // Guarded by the server's state lock:
    private var queue: [LiveMessage] = []
    private var queueStart = 0
    private(set) var queuedBytes = 0
    private var closeRequest: (code: UInt16, reason: String)?
    /// The first frame of a version goes out alone: the rest of that version's frames wait
    /// until the page says it showed one, or the server's `leadFrameHold` passes, so the frame it looks at
    /// is decoded and painted without megabytes of others arriving in its way.
    private var leadFrame: (version: Int, sentAt: Double)?
    /// The newest version this page said it showed.
    var shownVersion = 0
    /// Frames wait behind the lead frame now.
    private(set) var isHolding = false
    private let leadFrameHold: Double

    init(descriptor: Int32, handle: OpaquePointer, leadFrameHold: Double) {
        self.descriptor = descriptor
        self.handle = handle
        self.leadFrameHold = leadFrameHold
        // Blocking writes with a timeout: a page that stops reading holds only its own thread.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Queues a message; false (and the socket asked to close) when that would pass the limit.
    func enqueue(_ message: LiveMessage) -> Bool {
        guard closeRequest == nil else { return true }
        if queuedBytes + message.byteCount > LiveServer.maximumQueuedBytes {
            // A page this far behind is not reading: its thread is blocked in a send, so a close
            // frame could not reach it. Cut the connection; the page reconnects and starts over.
            close(code: 1008, reason: "the page fell too far behind")
            interrupt()
            return false
        }
        queue.append(message)
        queuedBytes += message.byteCount
        signal()
        return true
    }

    /// Drops queued frames of versions older than `version` (a newer save replaced them).
    func dropFrames(before version: Int) {
        let kept = queue[queueStart...].filter { if case .binary(_, let own) = $0 { return own >= version } else { return true } }
        queue = Array(kept)
        queueStart = 0
        queuedBytes = queue.reduce(0) { $0 + $1.byteCount }
    }

    func close(code: UInt16, reason: String) {
        if closeRequest == nil { closeRequest = (code, reason) }
        signal()
    }

    /// Cuts a send blocked on a page that stopped reading (stop() after its grace period).
    func interrupt() { shutdown(descriptor, Int32(SHUT_RDWR)) }

    private func signal() { wake.signal() }

    /// Sends what is queued and reads what arrives until the page or the server closes.
    func run(extra: [UInt8], keepAlive: Double, state: NSCondition, received: (String) -> Void) {
        var decoder = WebSocket.Decoder()
        decoder.feed(extra)
        var lastSent = MonotonicClock.seconds()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        loop: while true {
            // What the page said.
            while true {
                let message: WebSocket.Message?
                do { message = try decoder.next() } catch {
                    _ = send(.close, WebSocket.closePayload(code: error.code, reason: error.reason))
                    break loop
                }
                guard let message else { break }
                switch message {
                case .text(let text):
                    LiveDebugLog.write("socket", "got \(text.prefix(60))")
                    received(text)
                case .ping(let payload): if !send(.pong, payload) { break loop }
                case .close(let code):
                    _ = send(.close, code.map { WebSocket.closePayload(code: $0, reason: "") } ?? [])
                    break loop
                case .binary, .pong: break
                }
            }
            // What is queued for it, one message at a time: a message counts against the limit
            // until it is sent, so a page that stops reading is seen to fall behind.
            var closing: (code: UInt16, reason: String)?
            var holdUntil: Double?
            while true {
                state.lock()
                closing = closeRequest
                guard closing == nil, queueStart < queue.count else {
                    if queueStart == queue.count { queue.removeAll(keepingCapacity: true); queueStart = 0 }
                    state.unlock()
                    break
                }
                let message = queue[queueStart]
                if case .binary(_, let version) = message, let lead = leadFrame, lead.version == version, shownVersion < version,
                   MonotonicClock.seconds() < lead.sentAt + leadFrameHold {
                    holdUntil = lead.sentAt + leadFrameHold
                    isHolding = true
                    state.unlock()
                    break
                }
                isHolding = false
                state.unlock()
                let sent: Bool
                switch message {
                case .text(let text, _): sent = send(.text, Array(text.utf8))
                case .binary(let bytes, _): sent = send(.binary, bytes)
                }
                if !sent { break loop }
                lastSent = MonotonicClock.seconds()
                state.lock()
                if case .binary(_, let version) = message, (leadFrame?.version ?? -1) != version { leadFrame = (version, lastSent) }
                LiveDebugLog.write("socket", "sent \(message.byteCount) bytes")
                // dropFrames may have rebuilt the queue meanwhile: the sent message is its first
                // only if nothing was dropped before it.
                if queueStart < queue.count, queue[queueStart].isSameMessage(as: message) {
                    queueStart += 1
                    queuedBytes -= message.byteCount
                }
                if queueStart > 256 { queue.removeFirst(queueStart); queueStart = 0 }
                state.unlock()
            }
            if let closing {
                _ = send(.close, WebSocket.closePayload(code: closing.code, reason: closing.reason))
                break
            }
            // Wait for the page, a queued message or the keep-alive.
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            var waitFor = max(0, keepAlive - (MonotonicClock.seconds() - lastSent))
            if let holdUntil { waitFor = min(waitFor, max(0, holdUntil - MonotonicClock.seconds())) }
            let ready = poll(&descriptors, 2, Int32(waitFor * 1000) + 1)
            if ready < 0 && errno != EINTR { break }
            if descriptors[1].revents != 0 { wake.drain() }
            if descriptors[0].revents & Int16(POLLIN) != 0 {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count <= 0 { break }
                decoder.feed(buffer[0..<count])
            } else if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                break
            }
            if ready == 0, holdUntil == nil || MonotonicClock.seconds() - lastSent >= keepAlive {
                if !send(.ping, []) { break }
                lastSent = MonotonicClock.seconds()
            }
        }
    }

    /// One frame: the header, then the shared payload, without copying it into one buffer.
    private func send(_ opcode: WebSocket.Opcode, _ payload: [UInt8]) -> Bool {
        let header = WebSocket.header(opcode, length: payload.count)
        return write(header, more: !payload.isEmpty) && write(payload, more: false)
    }

    private func write(_ bytes: [UInt8], more: Bool) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL) | (more ? Int32(MSG_MORE) : 0))
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return false }
            offset += count
        }
        return true
    }

    /// Gives the socket back to libmicrohttpd, which closes it.
    func finish() {
        transit_mhd_upgrade_close(handle)
    }
}

// libmicrohttpd's callbacks: plain C function pointers, with the server passed through the
// `void *` context.

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

private let upgradeSocket: MHD_UpgradeHandler = { context, _, _, extra, extraCount, socket, handle in
    guard let context, let handle else { return }
    let server = Unmanaged<LiveServer>.fromOpaque(context).takeUnretainedValue()
    let bytes = extra.map { Array(UnsafeRawBufferPointer(start: $0, count: extraCount)) } ?? []
    server.accept(socket: socket, handle: handle, extra: bytes)
}
