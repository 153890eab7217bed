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

/// An open `/events` stream, read event by event (curl -N prints each chunk as it arrives).
private final class EventStreamReader {
    let process = Process()
    let pipe = Pipe()
    var buffer = ""

    init(_ url: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl", "-s", "-N", "--max-time", "20", url]
        process.standardOutput = pipe
        try process.run()
    }

    /// The next event as (name, data); comments and `retry:` are skipped; nil at end of stream.
    func next() -> (name: String, data: String)? {
        while true {
            if let end = buffer.range(of: "\n\n") {
                let block = String(buffer[..<end.lowerBound])
                buffer = String(buffer[end.upperBound...])
                var name: String?, data: String?
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
                }
                if let name, let data { return (name, data) }
                continue
            }
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// SIGKILL: the test runner may leave SIGTERM ignored, which curl would inherit.
    func close() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
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

/// Lines the server warns with, collected from its threads.
private final class Warnings: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
}

/// Polls until `condition` holds; false after `seconds` (a bound on a hang, not a timing check).
private func wait(upTo seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while !condition() {
        if Date() > deadline { return false }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return true
}

private func document(frames count: Int) -> PlayerDocument {
    let frames = (0..<count).map { EncoderTests.testCard(shift: $0) }
    return PlayerDocument(title: "test", fps: 30, frames: frames, times: frames.indices.map { Double($0) / 30 },
                          snapshots: [], trace: [])
}

private func frameCount(_ json: String) throws -> Int {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    return (object?["frames"] as? [Any])?.count ?? -1
}

@Suite(.serialized) struct LiveServerTests {
    @Test func servesThePageAndPushesReloadsAndErrors() throws {
        let server = try LiveServer(port: 0, title: "fade.lua")
        defer { server.stop() }
        #expect(server.port != 0)
        #expect(server.url == "http://127.0.0.1:\(server.port)/")

        let page = try fetch(server.url)
        #expect(page.status == 200)
        #expect(page.body.contains("TransitPlayer.startLive()") && page.body.contains("fade.lua"))

        let events = try EventStreamReader(server.url + "events")
        defer { events.close() }
        server.publish(document(frames: 3))
        let reload = try #require(events.next())
        #expect(reload.name == "reload" && reload.data == #"{"version":1}"#)
        let first = try fetch(server.url + "version/1.json")
        #expect(first.status == 200)
        #expect(try frameCount(first.body) == 3)

        let message = "fade.lua:3: attempt to call a nil value\nstack traceback:\n\tfade.lua:3: in main chunk"
        server.publishError(message)
        let error = try #require(events.next())
        #expect(error.name == "error")
        #expect(try JSONSerialization.jsonObject(with: Data(error.data.utf8), options: .fragmentsAllowed) as? String == message)

        server.publish(document(frames: 5))
        server.publish(document(frames: 2))
        #expect(events.next()?.data == #"{"version":2}"#)
        #expect(events.next()?.data == #"{"version":3}"#)
        #expect(try frameCount(fetch(server.url + "version/3.json").body) == 2)
        #expect(try fetch(server.url + "version/2.json").status == 200)  // the previous one, for a page still fetching
        #expect(try fetch(server.url + "version/1.json").status == 404)  // older ones are dropped
    }

    @Test func aLatePageGetsTheCurrentState() throws {
        let server = try LiveServer(port: 0, title: "late")
        defer { server.stop() }
        server.publish(document(frames: 2))
        server.publishError("scene.lua:1: boom")
        let events = try EventStreamReader(server.url + "events")
        defer { events.close() }
        #expect(events.next()?.name == "reload")
        let error = events.next()
        #expect(error?.name == "error" && error?.data == #""scene.lua:1: boom""#)
    }

    @Test func unknownPathsAndMethodsAreRefused() throws {
        let server = try LiveServer(port: 0, title: "t")
        defer { server.stop() }
        #expect(try fetch(server.url + "nothing-here").status == 404)
        #expect(try fetch(server.url + "version/7.json").status == 404)
        #expect(try fetch(server.url + "version/x.json").status == 404)
        #expect(try fetch(server.url, method: "POST").status == 405)
        #expect(try fetch(server.url + "events", method: "DELETE").status == 405)
    }

    @Test func stopEndsOpenStreamsAndIsSafeTwice() throws {
        let server = try LiveServer(port: 0, title: "t")
        let events = try EventStreamReader(server.url + "events")
        defer { events.close() }
        server.publish(document(frames: 1))
        #expect(events.next()?.name == "reload")
        // stop() must not wait for the stream's keep-alive: run it aside, with a bound far above
        // what it needs, so a hang fails instead of stalling the suite.
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread { server.stop(); stopped.signal() }
        #expect(stopped.wait(timeout: .now() + 10) == .success)
        #expect(events.next() == nil)  // the stream ended
        server.stop()
        #expect(try fetch(server.url).status != 200)
    }

    @Test func aPageThatGoesAwayMidStreamDoesNotDisturbTheOthers() throws {
        let server = try LiveServer(port: 0, title: "t")
        defer { server.stop() }
        let gone = try EventStreamReader(server.url + "events")
        server.publish(document(frames: 1))
        #expect(gone.next()?.name == "reload")
        gone.close()
        let staying = try EventStreamReader(server.url + "events")
        defer { staying.close() }
        for _ in 0..<3 { server.publish(document(frames: 1)) }  // writes to the closed stream fail
        var last = ""
        while let event = staying.next(), event.name == "reload" {
            last = event.data
            if last == #"{"version":4}"# { break }
        }
        #expect(last == #"{"version":4}"#)
        #expect(try fetch(server.url + "version/4.json").status == 200)
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
            for path in ["", "events", "version/1.json"] {  // the same for every route, streams included
                let refused = try fetch(server.url + path, curl: ["-H", "Host: \(host)"])
                #expect(refused.status == 403, "Host: \(host), /\(path)")
                #expect(refused.body == "\(expected) (got \(host))\n", "Host: \(host), /\(path)")
            }
        }
        // No Host at all (`-H Host:` drops curl's): HTTP/1.0 may omit it, and libmicrohttpd does
        // not itself refuse an HTTP/1.1 request without one, so both reach the check.
        for version in ["--http1.0", "--http1.1"] {
            let bare = try fetch(server.url + "version/1.json", curl: [version, "-H", "Host:"])
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

    /// A client that opens the event stream and then stops reading holds at most about
    /// maximumPendingBytes however much is published: its queue stops growing.
    @Test func aStalledStreamStopsQueueing() throws {
        let server = try LiveServer(port: 0, title: "t")
        defer { server.stop() }
        let stalled = try RawConnection(port: server.port, receiveBuffer: 4096)
        defer { stalled.close() }
        stalled.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        #expect(wait(upTo: 10) { server.streamQueues.count == 1 })
        let message = String(repeating: "x", count: 64 << 10)
        let bound = LiveServer.maximumPendingBytes + LiveServer.event("error", PlayerPayload.string(message)).count

        // The kernel takes megabytes on loopback before the server's writes block, so publish
        // until one event is no longer drained (2 s is a bound on draining 64 KiB, not a
        // measurement): from then on nothing leaves the queue but by ending the stream.
        var published = 0
        while published < 256, server.streamQueues.count == 1,
              wait(upTo: 2, { server.streamQueues.largest == 0 }) {
            server.publishError(message)
            published += 1
        }
        try #require(server.streamQueues.count == 1, "the stream ended before it stalled")
        try #require(published < 256, "16 MiB went through a client that does not read")
        // 2 MiB more, twice the bound: the queue stays within it all along.
        var largest = 0
        for _ in 0..<32 {
            server.publishError(message)
            largest = max(largest, server.streamQueues.largest)
        }
        #expect(largest <= bound)
    }
}
