"""Ctrl-C and SIGTERM stop every command within a second, whatever the script does
(docs/sandbox.md, Limits): the watch loop when a reload never ends, and the REPL when a chunk
is stuck in a __gc finalizer (Lua runs finalizers with hooks off; Transit runs them where the
interrupt reaches). Each wait below is a bound on a hang, not a timing assertion."""

import os
import pty
import select
import signal
import subprocess
import time

from harness import BINARY, Checks, wait_for

checks = Checks("signals")
check = checks.check

# watch: a reload that loops for ever under a budget of hours. SIGTERM cannot wait for it to end.
checks.write("loop.lua", "while true do end\n")
watch = subprocess.Popen([BINARY, "watch", "loop.lua", "-o", checks.path("loop.gif"), "--budget", "100000000000000"],
                         cwd=checks.work, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
time.sleep(1.0)  # let the first reload start (the check below holds whenever the signal comes)
watch.send_signal(signal.SIGTERM)
try:
    out, err = watch.communicate(timeout=15)
    status = watch.returncode
except subprocess.TimeoutExpired:
    watch.kill()
    out, err = watch.communicate(timeout=30)
    status = None
check("SIGTERM stops watch while a reload loops for ever", status is not None, "still running 15 s after SIGTERM")
check("watch says why it stopped without finishing the reload",
      status == 128 + signal.SIGTERM and "did not end within 1 s of the signal" in err, "status %r, stderr: %s" % (status, err))
check("no half-written output is left", not os.path.exists(checks.path("loop.gif")), os.listdir(checks.work))

# The REPL at a terminal: a finalizer that loops, then Ctrl-C.
pid, fd = pty.fork()
if pid == 0:
    os.chdir(checks.work)
    os.execve(BINARY, [BINARY, "repl"], dict(os.environ, TRANSIT_HISTORY=checks.path("history"), TERM="xterm"))
output = b""


def read_until(text, timeout=20):
    global output
    start = len(output)

    def seen():
        global output
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                output += os.read(fd, 65536)
            except OSError:
                return True
        return text.encode() in output[start:]
    return wait_for(seen, timeout=timeout)


check("the REPL prompt appears", read_until("> "), output.decode("utf-8", "replace"))
os.write(fd, b"setmetatable({}, {__gc = function() while true do end end}) collectgarbage()\r")
time.sleep(0.5)  # let the finalizer start looping (Ctrl-C must work whenever it comes)
os.write(fd, b"\x03")
check("Ctrl-C stops a finalizer that loops", read_until("interrupted!"), output.decode("utf-8", "replace")[-400:])
text = output.decode("utf-8", "replace")
check("the prompt comes back", "> " in text[text.find("interrupted!"):] or read_until("> "), text[-400:])
os.write(fd, b"return 6 * 7\r")
check("the REPL still works", read_until("42"), output.decode("utf-8", "replace")[-400:])
# Ctrl-D at the prompt, as a user presses it: sent before the REPL reads its next line, it would
# reach a terminal still in cooked mode, whose line discipline takes it, and nothing would exit.
text = output.decode("utf-8", "replace")
check("the prompt comes back after the result", "> " in text[text.rfind("42"):] or read_until("> "), text[-400:])
os.write(fd, b"\x04")
finished = wait_for(lambda: os.waitpid(pid, os.WNOHANG)[0] != 0, timeout=20)
if not finished:
    os.kill(pid, signal.SIGKILL)
check("Ctrl-D exits", finished)

checks.finish()
