import CMicroHTTPD
import Foundation

/// The WebSocket protocol (RFC 6455) as far as the live page needs it: the handshake's accept
/// key, the server's unmasked frames, and a decoder for the client's masked ones. The live
/// server sends frames, timelines and errors; the page sends its playhead and when it showed a
/// new version. Pure, so the framing is tested without a socket.
enum WebSocket {
    enum Opcode: UInt8 {
        case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA
        var isControl: Bool { rawValue & 0x8 != 0 }
    }

    /// What the client may send in one message: the page sends short JSON, so anything larger is
    /// a protocol violation (close 1009), not something to buffer.
    static let maximumClientMessage = 64 * 1024

    /// `Sec-WebSocket-Accept` for a request's `Sec-WebSocket-Key`.
    static func acceptKey(_ key: String) -> String {
        var out = [CChar](repeating: 0, count: 29)
        let bytes = Array(key.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { transit_websocket_accept($0.baseAddress, $0.count, &out) }
        }
        return String(decoding: out.prefix(28).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The header of one unfragmented server frame (servers never mask, §5.1).
    static func header(_ opcode: Opcode, length: Int) -> [UInt8] {
        var header: [UInt8] = [0x80 | opcode.rawValue]
        if length < 126 {
            header.append(UInt8(length))
        } else if length <= 0xFFFF {
            header += [126, UInt8(length >> 8), UInt8(length & 0xFF)]
        } else {
            header.append(127)
            for shift in stride(from: 56, through: 0, by: -8) { header.append(UInt8((UInt64(length) >> UInt64(shift)) & 0xFF)) }
        }
        return header
    }

    /// A close frame's payload: the status code, big-endian, and a reason of at most 123 bytes.
    static func closePayload(code: UInt16, reason: String) -> [UInt8] {
        [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(123))
    }

    enum Message: Equatable {
        case text(String)
        case binary([UInt8])
        case close(code: UInt16?)
        case ping([UInt8])
        case pong
    }

    /// Why a client's bytes are refused, with the close code to answer (§7.4.1).
    struct ProtocolViolation: Error, Equatable {
        let code: UInt16
        let reason: String
    }

    /// Reassembles the client's messages from whatever pieces the socket delivers.
    struct Decoder {
        private var buffer: [UInt8] = []
        private var start = 0
        /// A fragmented message in progress: its opcode and the payload so far.
        private var fragments: (opcode: Opcode, payload: [UInt8])?

        mutating func feed(_ bytes: some Collection<UInt8>) { buffer += bytes }

        /// The next complete message, nil when more bytes are needed.
        mutating func next() throws(ProtocolViolation) -> Message? {
            while true {
                let available = buffer.count - start
                guard available >= 2 else { return compacted(nil) }
                let first = buffer[start], second = buffer[start + 1]
                guard first & 0x70 == 0 else { throw ProtocolViolation(code: 1002, reason: "reserved bits set") }
                guard let opcode = Opcode(rawValue: first & 0x0F) else { throw ProtocolViolation(code: 1002, reason: "unknown opcode") }
                let final = first & 0x80 != 0
                // §5.1: a client must mask every frame.
                guard second & 0x80 != 0 else { throw ProtocolViolation(code: 1002, reason: "unmasked client frame") }
                var length = Int(second & 0x7F)
                var offset = 2
                if length == 126 {
                    guard available >= 4 else { return compacted(nil) }
                    length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
                    offset = 4
                } else if length == 127 {
                    guard available >= 10 else { return compacted(nil) }
                    var value: UInt64 = 0
                    for index in 0..<8 { value = value << 8 | UInt64(buffer[start + 2 + index]) }
                    guard value <= UInt64(Self.limit) else { throw ProtocolViolation(code: 1009, reason: "message too big") }
                    length = Int(value)
                    offset = 10
                }
                if opcode.isControl && (length > 125 || !final) { throw ProtocolViolation(code: 1002, reason: "bad control frame") }
                guard length <= Self.limit, (fragments?.payload.count ?? 0) + length <= Self.limit else {
                    throw ProtocolViolation(code: 1009, reason: "message too big")
                }
                guard available >= offset + 4 + length else { return compacted(nil) }
                let mask = Array(buffer[(start + offset)..<(start + offset + 4)])
                let payloadStart = start + offset + 4
                var payload = [UInt8](repeating: 0, count: length)
                for index in 0..<length { payload[index] = buffer[payloadStart + index] ^ mask[index & 3] }
                start = payloadStart + length

                switch opcode {
                case .ping: return compacted(.ping(payload))
                case .pong: return compacted(.pong)
                case .close:
                    return compacted(.close(code: payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil))
                case .continuation:
                    guard var pending = fragments else { throw ProtocolViolation(code: 1002, reason: "continuation without a message") }
                    pending.payload += payload
                    if final {
                        fragments = nil
                        return compacted(try Self.message(pending.opcode, pending.payload))
                    }
                    fragments = pending
                case .text, .binary:
                    guard fragments == nil else { throw ProtocolViolation(code: 1002, reason: "a new message inside a fragmented one") }
                    if final { return compacted(try Self.message(opcode, payload)) }
                    fragments = (opcode, payload)
                }
            }
        }

        private static var limit: Int { WebSocket.maximumClientMessage }

        private static func message(_ opcode: Opcode, _ payload: [UInt8]) throws(ProtocolViolation) -> Message {
            if opcode == .binary { return .binary(payload) }
            guard let text = String(validating: payload, as: UTF8.self) else {
                throw ProtocolViolation(code: 1007, reason: "text that is not UTF-8")
            }
            return .text(text)
        }

        /// Drops consumed bytes once they are most of the buffer (amortised, no per-frame copy).
        private mutating func compacted(_ message: Message?) -> Message? {
            if start > 4096 && start * 2 > buffer.count {
                buffer.removeFirst(start)
                start = 0
            }
            return message
        }
    }
}
