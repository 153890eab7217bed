"""Shared pieces of the command-line tests (Tests/CLI/test_*.py), run by scripts/test.

Each test file drives the built `transit` binary as a user would (files written and renamed,
a browser, a pseudo-terminal) and ends with the line `N passed, N failed`, which scripts/test
adds up. Nothing here asserts on timing: latencies are printed, never compared."""

import os
import shutil
import sys
import tempfile
import time

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
