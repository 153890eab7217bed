import Foundation
import Testing
import TransitCore
@testable import TransitRender

/// One HTTP request over loopback with curl (the client the CLI tests use too); `curl` adds
/// arguments, such as `-H "Host: ..."`.
private func fetch(_ url: String, method: String = "GET", curl: [String] = []) throws -> (status: Int, body: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["curl", "-s", "--max-time", "10", "-X", method, "-o", "-", "-w", "\n%{http_code}"] + curl + [url]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    let split = text.range(of: "\n", options: .backwards)!
    return (Int(text[split.upperBound...]) ?? -1, String(text[..<split.lowerBound]))
}

/// A plain TCP connection to the server, for what curl cannot do: hold many connections open,
/// send nothing, or stop reading. Every read and write gives up after 10 s (a bound on a hang).
private final class RawConnection {
    let descriptor: Int32

    /// `receiveBuffer` shrinks the socket's receive buffer, so a client that does not read
    /// stops the server's writes after a few kilobytes rather than megabytes.
    init(port: UInt16, receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RenderError("socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let message = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw RenderError("connect: \(message)")
        }
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    enum Outcome: Equatable { case closed(String), timedOut(String) }

    /// Everything until the server closes the connection (`closed`, also for a reset), or what
    /// came before 10 s passed without a byte (`timedOut`).
    func readToEnd() -> Outcome {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            let code = errno  // before anything else can change it
            if count > 0 { received += chunk[..<count]; continue }
            let text = String(decoding: received, as: UTF8.self)
            return count < 0 && (code == EAGAIN || code == EWOULDBLOCK) ? .timedOut(text) : .closed(text)
        }
    }

    /// A whole GET on this connection, which then closes: the status line and the rest.
    func get(_ path: String, port: UInt16) -> Outcome {
        send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        return readToEnd()
    }

    func close() { Glibc.close(descriptor) }
}

/// A WebSocket client on a RawConnection (RFC 6455 from the client's side: masked frames out,
/// the server's unmasked frames in), for what the page does: follow `/live`, say where it looks.
private final class SocketClient {
    let connection: RawConnection
    private var buffer: [UInt8] = []
    /// The server's answer to the handshake, up to the blank line.
    private(set) var handshake = ""

    enum Message: Equatable { case text(String), binary([UInt8]), close(UInt16?) }

    init(port: UInt16, host: String? = nil, origin: String? = nil, key: String = "dGhlIHNhbXBsZSBub25jZQ==") throws {
        connection = try RawConnection(port: port)
        var request = "GET /live HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        if let origin { request += "Origin: \(origin)\r\n" }
        connection.send(request + "\r\n")
        while true {
            if let end = find([13, 10, 13, 10]) {
                handshake = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                return
            }
            guard fill() else { handshake = String(decoding: buffer, as: UTF8.self); return }
        }
    }

    var upgraded: Bool { handshake.hasPrefix("HTTP/1.1 101") }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for start in 0...(buffer.count - pattern.count) where Array(buffer[start..<(start + pattern.count)]) == pattern { return start }
        return nil
    }

    /// Reads more bytes; false at the end of the stream or after 10 s without one.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(connection.descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }

    /// The next message (pings are skipped); nil at the end of the stream or after 10 s quiet.
    func next() -> Message? {
        while true {
            if buffer.count >= 2 {
                let opcode = buffer[0] & 0x0F
                var length = Int(buffer[1] & 0x7F), offset = 2
                if length == 126, buffer.count >= 4 { length = Int(buffer[2]) << 8 | Int(buffer[3]); offset = 4 }
                if length == 127, buffer.count >= 10 {
                    length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
                    offset = 10
                }
                if (length < 126 || offset > 2), buffer.count >= offset + length {
                    let payload = Array(buffer[offset..<(offset + length)])
                    buffer.removeFirst(offset + length)
                    switch opcode {
                    case 1: return .text(String(decoding: payload, as: UTF8.self))
                    case 2: return .binary(payload)
                    case 8: return .close(payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil)
                    default: continue
                    }
                }
            }
            guard fill() else { return nil }
        }
    }

    /// The next text message as a JSON object.
    func nextObject() -> [String: Any]? {
        guard case .text(let text)? = next() else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    func send(text: String) {
        let payload = Array(text.utf8)
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        var frame: [UInt8] = [0x81]
        if payload.count < 126 { frame.append(0x80 | UInt8(payload.count)) } else {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
        _ = frame.withUnsafeBytes { Glibc.send(connection.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    func close() { connection.close() }
}

/// A frame message's fields: kind, version, index, time, and whether a PNG follows.
private func frameFields(_ bytes: [UInt8]) -> (kind: UInt8, version: Int, index: Int, time: Double, png: Bool) {
    func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
    let bits = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[9 + $1]) << UInt64(8 * $1) }
    return (bytes[0], u32(1), u32(5), Double(bitPattern: bits), Array(bytes[17..<21]) == [0x89, 0x50, 0x4E, 0x47])
}

/// Lines the server warns with, collected from its threads.
private final class Warnings: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
}

private func document(frames count: Int) -> PlayerDocument {
    let frames = (0..<count).map { EncoderTests.testCard(shift: $0) }
    return PlayerDocument(title: "test", fps: 30, frames: frames, times: frames.indices.map { Double($0) / 30 },
                          snapshots: [], trace: [])
}

@Suite(.serialized) struct LiveServerTests {
    /// A version goes out as begin, each frame as it is drawn (binary, PNG), the timeline and
    /// complete; an error as one message with its place and the lines around it.
    @Test(.timeLimit(.minutes(1))) func servesThePageAndStreamsEachVersion() throws {
        let server = try LiveServer(port: 0, title: "fade.lua")
        defer { server.stop() }
        #expect(server.port != 0)
        #expect(server.url == "http://127.0.0.1:\(server.port)/")

        let page = try fetch(server.url)
        #expect(page.status == 200)
        #expect(page.body.contains("TransitPlayer.startLive()") && page.body.contains("fade.lua") && page.body.contains("WebSocket"))

        let socket = try SocketClient(port: server.port)
        defer { socket.close() }
        try #require(socket.upgraded, "\(socket.handshake)")
        // RFC 6455 §1.3's example key and answer.
        #expect(socket.handshake.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
        #expect(wait(upTo: 10) { server.pagesOpen == 1 })
        server.publish(document(frames: 3))
        let begin = try #require(socket.nextObject())
        #expect(begin["type"] as? String == "begin" && begin["version"] as? Int == 1 && begin["fps"] as? Int == 30)
        for index in 0..<3 {
            guard case .binary(let bytes)? = socket.next() else { Issue.record("frame \(index) missing"); return }
            let fields = frameFields(bytes)
            #expect(fields.kind == 1 && fields.version == 1 && fields.index == index && fields.png)
            #expect(abs(fields.time - Double(index) / 30) < 1e-12)
        }
        let timeline = try #require(socket.nextObject())
        #expect(timeline["type"] as? String == "timeline" && (timeline["data"] as? [String: Any])?["frameCount"] as? Int == 3)
        #expect(socket.nextObject()?["type"] as? String == "complete")

        let place = "fade.lua"
        server.fail(LiveError(message: "fade.lua:3: attempt to call a nil value", file: place, line: 3,
                              codeFrame: LiveError.codeFrame("a\nb\nc()\nd\ne\nf", around: 3)))
        let error = try #require(socket.nextObject())
        #expect(error["type"] as? String == "error" && error["message"] as? String == "fade.lua:3: attempt to call a nil value")
        #expect(error["line"] as? Int == 3 && error["file"] as? String == place)
        let frame = try #require(error["frame"] as? [[Any]])
        #expect(frame.map { $0[0] as? Int } == [1, 2, 3, 4, 5])
        #expect(frame.map { $0[1] as? String } == ["a", "b", "c()", "d", "e"])
    }

    /// A version's first frame goes out alone: the next wait until the page says it showed it
    /// (the hold is made longer than the test, so only "shown" can release them), then follow in order.
    @Test(.timeLimit(.minutes(1))) func theFirstFrameGoesAloneUntilThePageShowsIt() throws {
        let server = try LiveServer(port: 0, title: "t", leadFrameHold: 600)
        defer { server.stop() }
        let socket = try SocketClient(port: server.port)
        defer { socket.close() }
        #expect(wait(upTo: 10) { server.pagesOpen == 1 })
        let version = server.reserve()
        server.begin(version, LiveServer.VersionInfo(fps: 30, width: 2, height: 2))
        #expect(socket.nextObject()?["type"] as? String == "begin")
        let png = try PNGEncoder.encode(RasterImage(width: 2, height: 2))
        for index in [5, 4, 6] { server.frame(version: version, index: index, time: Double(index) / 30, png: png) }
        guard case .binary(let first)? = socket.next() else { Issue.record("no first frame"); return }
        #expect(frameFields(first).index == 5)
        // The page has not said it showed it: the others wait (the server says so while they do).
        #expect(wait(upTo: 10) { server.pagesHoldingFrames == 1 })
        socket.send(text: #"{"type":"shown","version":\#(version)}"#)
        var rest: [Int] = []
        for _ in 0..<2 {
            guard case .binary(let bytes)? = socket.next() else { Issue.record("a held frame never came"); return }
            rest.append(frameFields(bytes).index)
        }
        #expect(rest == [4, 6])
        #expect(server.pagesHoldingFrames == 0)
    }

    /// A page that connects late gets the last complete version and the current error.
    @Test(.timeLimit(.minutes(1))) func aLatePageGetsTheCurrentState() throws {
        let server = try LiveServer(port: 0, title: "late")
        defer { server.stop() }
        server.publish(document(frames: 2))
        // A reload that starts and fails leaves the last complete version for new pages.
        let failed = server.reserve()
        server.begin(failed, .init(fps: 30, width: 2, height: 2))
        server.frame(version: failed, index: 0, time: 0, png: [0x89])
        server.fail(version: failed, LiveError(message: "scene.lua:1: boom"))
        let socket = try SocketClient(port: server.port)
        defer { socket.close() }
        var types: [String] = []
        while types.count < 6, let message = socket.next() {
            switch message {
            case .text(let text): types.append((try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["type"] as? String ?? "?")
            case .binary: types.append("frame")
            case .close: types.append("close")
            }
        }
        #expect(types == ["begin", "frame", "frame", "timeline", "complete", "error"])
    }

    /// Frames and timelines of a version a newer save replaced are not sent.
    @Test(.timeLimit(.minutes(1))) func olderVersionsAreIgnored() throws {
        let server = try LiveServer(port: 0, title: "t")
        defer { server.stop() }
        let socket = try SocketClient(port: server.port)
        defer { socket.close() }
        #expect(wait(upTo: 10) { server.pagesOpen == 1 })
        let old = server.reserve()
        server.begin(old, .init(fps: 30, width: 2, height: 2))
        let new = server.reserve()
        server.frame(version: old, index: 0, time: 0, png: [1, 2, 3])
        server.timeline(version: old, json: "{}")
        server.begin(new, .init(fps: 30, width: 2, height: 2))
        server.frame(version: new, index: 4, time: 0.1, png: Array(repeating: 0x89, count: 4))
        server.complete(version: new)
        #expect(socket.nextObject()?["version"] as? Int == old)  // its begin went out before the newer save
        #expect(socket.nextObject()?["version"] as? Int == new)
        guard case .binary(let bytes)? = socket.next() else { Issue.record("no frame"); return }
        #expect(frameFields(bytes).version == new && frameFields(bytes).index == 4)
        #expect(socket.nextObject()?["type"] as? String == "complete")
    }

    /// The page's playhead and its "shown" reports reach the server (what watch prints).
    @Test(.timeLimit(.minutes(1))) func thePageSaysWhereItLooksAndWhatItShowed() throws {
        let server = try LiveServer(port: 0, title: "t")
        defer { server.stop() }
        let socket = try SocketClient(port: server.port)
        defer { socket.close() }
        #expect(server.playhead == nil)
        let version = server.reserve()
        socket.send(text: #"{"type":"playhead","time":0.25}"#)
        #expect(wait(upTo: 10) { server.playhead?.time == 0.25 })
        #expect(server.playhead?.isPlaying == false)
        #expect(server.shownTime(of: version, waitingUpTo: 0) == nil)
        socket.send(text: #"{"type":"shown","version":\#(version)}"#)
        #expect(server.shownTime(of: version, waitingUpTo: 10) != nil)
        #expect(server.pagesThatShowed(version) == 1)
        socket.send(text: #"{"type":"report","log":[1]}"#)
        #expect(wait(upTo: 10) { server.pageReports == [#"{"type":"report","log":[1]}"#] })
        // Not JSON, an unknown type, a version never reserved: ignored, the socket stays.
        socket.send(text: "not json")
        socket.send(text: #"{"type":"shown","version":99}"#)
        // A playing page: its speed and loop come along (the reload predicts where it will be).
        socket.send(text: #"{"type":"playhead","time":0.5,"playing":true,"speed":0.25,"loop":1.2}"#)
        #expect(wait(upTo: 10) { server.playhead?.time == 0.5 })
        #expect(server.playhead?.rate == 0.25 && server.playhead?.loop == 1.2)
        #expect(server.pagesThatShowed(99) == 0)
    }

    @Test(.timeLimit(.minutes(1))) func unknownPathsMethodsAndBadUpgradesAreRefused() throws {
        let server = try LiveServer(port: 0, title: "t")
        defer { server.stop() }
        #expect(try fetch(server.url + "nothing-here").status == 404)
        #expect(try fetch(server.url + "events").status == 404)
        #expect(try fetch(server.url, method: "POST").status == 405)
        #expect(try fetch(server.url + "live", method: "DELETE").status == 405)
        let plain = try fetch(server.url + "live")
        #expect(plain.status == 400 && plain.body.contains("WebSocket"))
        // A socket opened by another site's page (its Origin) is refused, as its fetches are.
        let foreign = try SocketClient(port: server.port, origin: "http://evil.example")
        defer { foreign.close() }
        #expect(foreign.handshake.hasPrefix("HTTP/1.1 403"))
        let own = try SocketClient(port: server.port, origin: "http://localhost:\(server.port)")
        defer { own.close() }
        #expect(own.upgraded)
    }

    @Test(.timeLimit(.minutes(1))) func stopClosesOpenPagesAndIsSafeTwice() throws {
        let server = try LiveServer(port: 0, title: "t")
        let socket = try SocketClient(port: server.port)
        defer { socket.close() }
        server.publish(document(frames: 1))
        #expect(socket.nextObject()?["type"] as? String == "begin")
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread { server.stop(); stopped.signal() }
        #expect(stopped.wait(timeout: .now() + 10) == .success)
        var last: SocketClient.Message?
        while let message = socket.next() { last = message }
        #expect(last == .close(1001))
        server.stop()
        #expect(try fetch(server.url).status != 200)
    }

    @Test(.timeLimit(.minutes(1))) func aPageThatGoesAwayDoesNotDisturbTheOthers() throws {
        let server = try LiveServer(port: 0, title: "t")
        defer { server.stop() }
        let gone = try SocketClient(port: server.port)
        let staying = try SocketClient(port: server.port)
        defer { staying.close() }
        #expect(wait(upTo: 10) { server.pagesOpen == 2 })
        gone.close()
        for _ in 0..<3 { server.publish(document(frames: 1)) }
        var lastComplete: Int?
        while let object = staying.nextObject() ?? staying.nextObject() {
            if object["type"] as? String == "complete" { lastComplete = object["version"] as? Int }
            if lastComplete == 3 { break }
        }
        #expect(lastComplete == 3)
        #expect(wait(upTo: 10) { server.pagesOpen == 1 })
    }

    /// The decoder takes the client's masked frames in any pieces, joins fragments and refuses
    /// what the protocol forbids with the close code RFC 6455 §7.4.1 gives.
    @Test func theDecoderFollowsTheProtocol() throws {
        func masked(_ opcode: UInt8, _ payload: [UInt8], final: Bool = true) -> [UInt8] {
            let mask: [UInt8] = [1, 2, 3, 4]
            var frame: [UInt8] = [(final ? 0x80 : 0) | opcode]
            if payload.count < 126 { frame.append(0x80 | UInt8(payload.count)) } else {
                frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
            }
            return frame + mask + payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
        }
        var decoder = WebSocket.Decoder()
        let bytes = masked(1, Array("hé".utf8)) + masked(1, Array("ab".utf8), final: false) + masked(0, Array("cd".utf8))
            + masked(9, [7]) + masked(8, [0x03, 0xE8])
        var messages: [WebSocket.Message] = []
        for byte in bytes {  // one byte at a time: every split point
            decoder.feed([byte])
            while let message = try decoder.next() { messages.append(message) }
        }
        #expect(messages == [.text("hé"), .text("abcd"), .ping([7]), .close(code: 1000)])

        var unmasked = WebSocket.Decoder()
        unmasked.feed([0x81, 0x01, 0x41])
        #expect(throws: WebSocket.ProtocolViolation(code: 1002, reason: "unmasked client frame")) { _ = try unmasked.next() }
        var big = WebSocket.Decoder()
        big.feed([0x82, 0xFF, 0, 0, 0, 0, 0, 0x10, 0, 0])
        #expect(throws: WebSocket.ProtocolViolation(code: 1009, reason: "message too big")) { _ = try big.next() }
        var notText = WebSocket.Decoder()
        notText.feed(masked(1, [0xFF, 0xFE]))
        #expect(throws: WebSocket.ProtocolViolation(code: 1007, reason: "text that is not UTF-8")) { _ = try notText.next() }
        #expect(WebSocket.header(.binary, length: 125) == [0x82, 125])
        #expect(WebSocket.header(.binary, length: 126) == [0x82, 126, 0, 126])
        #expect(WebSocket.header(.text, length: 70_000) == [0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70])
    }

    @Test func listensOnLoopbackOnly() throws {
        let server = try LiveServer(port: 0, title: "t")
        defer { server.stop() }
        // /proc/net/tcp lists listening sockets (state 0A) as hex address:port, 0100007F = 127.0.0.1.
        let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        let port = String(format: "%04X", server.port)
        var listening: [String] = []
        for row in table.split(separator: "\n").dropFirst() {
            let fields = row.split(separator: " ").map(String.init)
            if fields.count > 3, fields[3] == "0A", fields[1].hasSuffix(":" + port) { listening.append(fields[1]) }
        }
        #expect(listening == ["0100007F:" + port])
    }

    @Test func aBusyPortIsAOneLineError() throws {
        let server = try LiveServer(port: 0, title: "t")
        defer { server.stop() }
        do {
            let second = try LiveServer(port: server.port, title: "t")
            second.stop()
            Issue.record("a second server bound the same port")
        } catch let error as RenderError {
            #expect(error.message.hasPrefix("port \(server.port) is in use"))
            #expect(!error.message.contains("\n"))
        }
    }

    /// DNS rebinding: a page on another site that points its name at 127.0.0.1 reaches the
    /// socket, but its browser sends that name as Host, so nothing is answered to it.
    @Test func answersOnlyTheHostNamesItListensAs() throws {
        let server = try LiveServer(port: 0, title: "fade.lua")
        defer { server.stop() }
        server.publish(document(frames: 2))
        let port = server.port
        let expected = "transit: this server answers only Host: 127.0.0.1:\(port) or localhost:\(port)"

        // curl sends Host: 127.0.0.1:PORT for the printed URL, as a browser does.
        #expect(try fetch(server.url).status == 200)
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LocalHost:\(port)"] {
            let page = try fetch(server.url, curl: ["-H", "Host: \(host)"])
            #expect(page.status == 200, "Host: \(host)")
            #expect(page.body.contains("TransitPlayer.startLive()"), "Host: \(host)")
        }

        let otherPort = port == UInt16.max ? port - 1 : port + 1
        for host in ["evil.example:\(port)", "127.0.0.1:\(otherPort)", "localhost", "[::1]:\(port)", "127.0.0.1:\(port).evil.example"] {
            for path in ["", "live", "nothing"] {  // the same for every route, the socket included
                let refused = try fetch(server.url + path, curl: ["-H", "Host: \(host)"])
                #expect(refused.status == 403, "Host: \(host), /\(path)")
                #expect(refused.body == "\(expected) (got \(host))\n", "Host: \(host), /\(path)")
            }
        }
        // No Host at all (`-H Host:` drops curl's): HTTP/1.0 may omit it, and libmicrohttpd does
        // not itself refuse an HTTP/1.1 request without one, so both reach the check.
        for version in ["--http1.0", "--http1.1"] {
            let bare = try fetch(server.url + "live", curl: [version, "-H", "Host:"])
            #expect(bare.status == 403, "\(version)")
            #expect(bare.body == "\(expected) (got no Host header)\n", "\(version)")
        }
    }

    /// Past the limit new connections are closed unanswered, those already open are still
    /// served, the limit is said once, and a connection is served again once others close.
    @Test func refusesConnectionsPastTheLimitAndSaysSoOnce() throws {
        let warnings = Warnings()
        let server = try LiveServer(port: 0, title: "t", warn: { warnings.append($0) })
        defer { server.stop() }
        var open: [RawConnection] = []
        defer { for connection in open { connection.close() } }
        for _ in 0..<LiveServer.connectionLimit { open.append(try RawConnection(port: server.port)) }
        #expect(wait(upTo: 10) { server.connectionsOpen == LiveServer.connectionLimit })
        let line = "transit: the live server has \(LiveServer.connectionLimit) connections open (its limit); refusing more until one closes"
        // The line is written just after the count is updated, from the server's thread.
        #expect(wait(upTo: 10) { !warnings.all.isEmpty })
        #expect(warnings.all == [line])

        // A refused connection is closed at once without a byte; one that was accepted would
        // wait for its request until the read timed out.
        for _ in 0..<3 {
            let extra = try RawConnection(port: server.port)
            defer { extra.close() }
            #expect(extra.readToEnd() == .closed(""))
        }
        #expect(warnings.all == [line])  // not one line per refusal

        for connection in open {
            guard case .closed(let response) = connection.get("/", port: server.port) else {
                Issue.record("a connection within the limit timed out")
                continue
            }
            #expect(response.hasPrefix("HTTP/1.1 200"))
        }
        // Each GET asked the server to close its connection after it: the count comes back down
        // without the clients closing, and the next connection is served.
        #expect(wait(upTo: 10) { server.connectionsOpen == 0 })
        #expect(try fetch(server.url).status == 200)
        #expect(warnings.all == [line])
    }

    /// A page that stops reading is closed once its queue passes maximumQueuedBytes (said once
    /// on stderr), and frames of a version a newer save replaced leave every queue unsent.
    @Test(.timeLimit(.minutes(1))) func aStalledPageIsBoundedAndClosed() throws {
        let warnings = Warnings()
        let server = try LiveServer(port: 0, title: "t", warn: { warnings.append($0) })
        defer { server.stop() }
        let stalled = try SocketClient(port: server.port)
        defer { stalled.close() }
        var size: Int32 = 4096
        setsockopt(stalled.connection.descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        #expect(wait(upTo: 10) { server.pagesOpen == 1 })
        let megabyte = [UInt8](repeating: 7, count: 1 << 20)
        var version = server.reserve()
        server.begin(version, .init(fps: 30, width: 1, height: 1))
        // Until the kernel's buffers are full and the queue holds frames...
        var index = 0
        while index < 256, server.largestQueue < 4 << 20 {
            server.frame(version: version, index: index, time: 0, png: megabyte)
            index += 1
        }
        try #require(server.largestQueue >= 4 << 20, "256 MiB went through a client that does not read")
        // ...a newer version drops them.
        version = server.reserve()
        #expect(server.largestQueue < 1 << 20)
        server.begin(version, .init(fps: 30, width: 1, height: 1))
        var largest = 0
        for frame in 0..<(LiveServer.maximumQueuedBytes >> 20) + 8 {
            server.frame(version: version, index: frame, time: 0, png: megabyte)
            largest = max(largest, server.largestQueue)
        }
        #expect(largest <= LiveServer.maximumQueuedBytes)
        #expect(wait(upTo: 30) { server.pagesOpen == 0 })
        #expect(warnings.all.count == 1 && warnings.all.first?.contains("fell 64 MiB behind") == true)
    }
}
