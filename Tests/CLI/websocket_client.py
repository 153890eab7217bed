"""A small WebSocket client (RFC 6455) for the CLI tests of `transit watch --serve`: it follows
/live as the page does. Masked frames out, the server's unmasked frames in; every read has a
timeout, so a server that stops talking fails the test instead of hanging it."""
import base64
import json
import os
import socket
import struct


class LiveSocket:
    def __init__(self, port, timeout=30, origin=None):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = ("GET /live HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n" % (port, key))
        if origin:
            request += "Origin: %s\r\n" % origin
        self.sock.sendall((request + "\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                break
            self.buffer += chunk
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        self.handshake = head.decode(errors="replace")
        self.upgraded = self.handshake.startswith("HTTP/1.1 101")

    def _fill(self):
        chunk = self.sock.recv(1 << 20)
        if not chunk:
            raise EOFError("the server closed the socket")
        self.buffer += chunk

    def next(self):
        """The next message: ("text", dict), ("frame", (version, index, time, png)), ("close", code)."""
        while True:
            while len(self.buffer) < 2:
                self._fill()
            opcode, length, offset = self.buffer[0] & 0x0F, self.buffer[1] & 0x7F, 2
            if length == 126:
                while len(self.buffer) < 4:
                    self._fill()
                length, offset = struct.unpack(">H", self.buffer[2:4])[0], 4
            elif length == 127:
                while len(self.buffer) < 10:
                    self._fill()
                length, offset = struct.unpack(">Q", self.buffer[2:10])[0], 10
            while len(self.buffer) < offset + length:
                self._fill()
            payload, self.buffer = self.buffer[offset:offset + length], self.buffer[offset + length:]
            if opcode == 1:
                return "text", json.loads(payload.decode())
            if opcode == 2:
                kind, version, index, time = struct.unpack("<BIId", payload[:17])
                return "frame", (version, index, time, payload[17:])
            if opcode == 8:
                return "close", struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None

    def send(self, message):
        payload = json.dumps(message).encode()
        mask = os.urandom(4)
        header = bytes([0x81]) + (bytes([0x80 | len(payload)]) if len(payload) < 126 else bytes([0x80 | 126]) + struct.pack(">H", len(payload)))
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def close(self):
        self.sock.close()
