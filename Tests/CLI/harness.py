"""Shared pieces of the command-line tests (Tests/CLI/test_*.py), run by scripts/test.

Each test file drives the built `transit` binary as a user would (files written and renamed,
a browser, a pseudo-terminal) and ends with the line `N passed, N failed`, which scripts/test
adds up. Nothing here asserts on timing: latencies are printed, never compared."""

import os
import shutil
import struct
import sys
import tempfile
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("TRANSIT_BIN", os.path.join(ROOT, ".build", "debug", "transit"))


class Checks:
    def __init__(self, name):
        self.name = name
        self.passed = 0
        self.failed = 0
        self.work = tempfile.mkdtemp(prefix="transit-%s-" % name)

    def check(self, title, condition, detail=""):
        if condition:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL %s: %s" % (title, detail) if detail else "FAIL %s" % title, flush=True)
        return condition

    def path(self, *parts):
        return os.path.join(self.work, *parts)

    def write(self, name, text):
        """Writes a file in place (the simplest editor save)."""
        with open(self.path(name), "w") as handle:
            handle.write(text)

    def write_by_rename(self, name, text):
        """Saves as vim and most editors do: a temporary file renamed over the original."""
        directory, base = os.path.split(self.path(name))
        temporary = os.path.join(directory, "." + base + ".swp~")
        with open(temporary, "w") as handle:
            handle.write(text)
        os.rename(temporary, self.path(name))

    def finish(self):
        shutil.rmtree(self.work, ignore_errors=True)
        print("%d passed, %d failed" % (self.passed, self.failed), flush=True)
        sys.exit(0 if self.failed == 0 else 1)


def wait_for(predicate, timeout=20.0, interval=0.01):
    """Polls until predicate() is true or the timeout passes; returns its last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(interval)


def read_png(path):
    """(width, height, channels, rows) of an 8-bit RGB or RGBA non-interlaced PNG, the kinds
    Transit writes; rows are bytearrays, every row filter undone. The one PNG reader of the
    command-line tests."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, idat, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, "unexpected PNG layout %r" % (header,)
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[offset], bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows
