"""transit repl: piped sessions (values checked against UIKit's documented animation rules),
reload while a transition runs, breakpoints, and a pseudo-terminal session (prompt, history,
completion, continuation lines, Ctrl-C, Ctrl-D). Ends with "N passed, N failed"."""

import os
import pty
import re
import select
import struct
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BINARY, Checks, wait_for  # noqa: E402

checks = Checks("repl")
check = checks.check

# A fade in UIKit's style: the presented view goes to its final frame at alpha 0 and animates
# to 1 over DURATION with a linear curve; the dismissal animates the alpha back to 0.
DURATION = 0.4
FADE = """
local Fade = NSObject:subclass("Fade")
function Fade:transitionDuration(ctx) return %(duration)s end
function Fade:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  if presenting then
    finalFrame = ctx:finalFrame(toVC)
    view.frame = finalFrame
    view.alpha = 0
    ctx.containerView:addSubview(view)
  end
  UIView.animate{ duration = self:transitionDuration(ctx), options = { "curveLinear" },
    animations = function() view.alpha = presenting and 1 or 0 end,
    completion = function()
      transit.log("%(label)s completion")
      ctx:completeTransition(not ctx.transitionWasCancelled)
    end }
end
return Fade.new()
"""


def fade(duration=DURATION, label="old"):
    return FADE % {"duration": duration, "label": label}


def run_repl(arguments, session, cwd=None, env=None):
    result = subprocess.run([BINARY, "repl"] + arguments, input=session, capture_output=True, text=True,
                            cwd=cwd or checks.work, timeout=120, env=env)
    return result.returncode, result.stdout, result.stderr


def values(stdout, tag):
    """The tab-separated values printed after `tag` (sessions return "tag", value, ...)."""
    for line in stdout.splitlines():
        parts = line.split("\t")
        if parts[0] == tag:
            return parts[1:]
    return None


def close_to(text, expected):
    try:
        return abs(float(text) - expected) < 1e-9
    except (TypeError, ValueError):
        return False


# ---------------------------------------------------------------------------------------------
# Piped: a presentation scrubbed by hand.

checks.write("fade.lua", fade())
session = """
m = present(nil, {wait = false})
start = now()
step(%(quarter)s)
return "quarter", m.view.layer:presentation().opacity, now() - start
tree()
function double(x)
  return x * 2
end
return "double", double(21)
step(%(rest)s)
return "end", m.isBeingPresented, m.view.frame == finalFrame, m.view.alpha, m.view.layer:presentation().opacity
return "rect", CGRect(0, 247, 375, 420), CGPoint(1, 2)
cyclic = { name = "loop" } cyclic.self = cyclic
return cyclic
return { 1, { 2, { 3, { 4, { 5 } } } } }
trace()
""" % {"quarter": DURATION / 4, "rest": DURATION}
status, out, err = run_repl(["fade.lua"], session)
check("piped session exits 0", status == 0, err)
# Linear timing: the presentation value is the model change times the elapsed fraction.
quarter = values(out, "quarter")
check("alpha at a quarter of a linear fade is 0.25", quarter is not None and close_to(quarter[0], 0.25), out)
check("time moved only by step", quarter is not None and close_to(quarter[1], DURATION / 4), out)
check("tree shows the presented screen", 'UIViewController "Message".view' in out and 'UIView "card"' in out, out)
check("tree shows the on-screen alpha during the animation", "on screen: alpha=0.25" in out, out)
check("multi-line chunks run as one", values(out, "double") == ["42"], out)
end = values(out, "end")
check("after the transition: presented, final frame, alpha 1",
      end is not None and end[0] == "false" and end[1] == "true" and close_to(end[2], 1) and close_to(end[3], 1), out)
check("value types print as constructors", values(out, "rect") == ["CGRect(0, 247, 375, 420)", "CGPoint(1, 2)"], out)
check("cycles are marked", "self = <cycle>" in out, out)
check("depth is limited", "{…}" in out, out)
check("trace() shows the animator's calls", "Fade.animateTransition(ctx)" in out, out)
check("the completion ran when the animation ended", "old completion" in out, out)

# reset(): a fresh world and state from the same FILE, the session going on.
status, out, err = run_repl(["fade.lua"], "present()\nkept = 1\nprint('before', now())\nreset()\nprint('after', now(), kept)\npresent()\nprint('again', now())\n")
check("reset() exits 0 in a piped session", status == 0, err)
check("reset() says it started again", "reset: fade.lua on the default scene's screens" in out, out)
check("after reset() time is 0 and the globals are gone", re.search(r"^after\t0\.0\tnil$", out, re.M) is not None, out)
check("after reset() present() works again", re.search(r"^again\t0\.\d+$", out, re.M) is not None, out)

# An error inside animateTransition: the transition is cancelled as completeTransition(false)
# would (UIKit's cancel: the controller is not presented), and the next present() runs.
with open(os.path.join(checks.work, "raises.lua"), "w") as handle:
    handle.write("""local Raises = NSObject:subclass("Raises")
local calls = 0
function Raises:transitionDuration(ctx) return 0.3 end
function Raises:animateTransition(ctx)
  calls = calls + 1
  if calls == 1 then error("boom in animate") end
  local to = ctx:view("to")
  ctx.containerView:addSubview(to)
  UIView.animate(0.3, function() to.alpha = 1 end, function() ctx:completeTransition(true) end)
end
return Raises
""")
status, out, err = run_repl(["raises.lua"], "present()\nprint('first', transit.scene.inbox.presentedViewController == nil)\n"
                            "m = present()\nprint('second', m.presentingViewController == transit.scene.inbox)\n")
check("the hook's error is reported with its line", "raises.lua:6: boom in animate" in err, err)
check("the stuck transition is cancelled, and says so", "was cancelled, as completeTransition(false) would" in err, err)
check("the cancelled presentation presented nothing", values(out, "first") == ["true"], out)
check("present() works again and presents", values(out, "second") == ["true"], out)

# Errors: one message naming the input line, the session goes on, exit 1.
status, out, err = run_repl(["fade.lua"], "return 1\n\nUIView.new():insertSubviewBelow(UIView.new(), nil)\nreturn \"after\", 2\n")
check("a failing chunk makes the session exit 1", status == 1, "exit %d" % status)
check("errors name the input line and the argument",
      "stdin:3: UIView.insertSubviewBelow: argument 2 (sibling) must be a UIView (got nil)" in err, err)
check("the session goes on after an error", values(out, "after") == ["2"], out)
status, out, err = run_repl([], "for i = 1, 3 do\n")
check("input ending inside a chunk is a syntax error", status == 1 and "stdin:1:" in err and "<eof>" in err, err)

# Limits: a memory error ends the chunk with a clear message and leaves a usable state.
status, out, err = run_repl([], "local t = {} while true do t[#t+1] = ('x'):rep(1000) end\nreturn \"after\", 1\n")
check("a memory error is reported", "memory" in err, err)
check("the state is usable after a memory error", values(out, "after") == ["1"], out)
status, out, err = run_repl([], "while true do end\nreturn \"after\", 1\n")
check("piped runaway code stops at the instruction budget", "instruction budget" in err and values(out, "after") == ["1"], err)

# Files: missing (usage error), broken (script error), a scene with a breakpoint, no file.
status, out, err = run_repl(["missing.lua"], "")
check("a missing file exits 2 with one line", status == 2 and len(err.strip().splitlines()) == 1, err)
checks.write("broken.lua", "local x = = 1\n")
status, out, err = run_repl(["broken.lua"], "")
check("a file with a syntax error exits 1 naming file and line", status == 1 and "broken.lua:1:" in err, err)
checks.write("scene.lua", """
transit.window.rootViewController = UIViewController.new{ title = "Home" }
transit.log("before")
transit.wait(0.5)
transit.repl()
transit.log("after")
transit.wait(1)
""")
status, out, err = run_repl(["scene.lua"], 'return "t", now()\n')
check("a scene stops at transit.repl()", "before" in out and "after" not in out and values(out, "t") == ["0.5"], out + err)
result = subprocess.run([BINARY, "run", "scene.lua"], capture_output=True, text=True, cwd=checks.work, timeout=60)
check("transit run ignores transit.repl()", result.returncode == 0 and "after" in result.stdout, result.stdout + result.stderr)
status, out, err = run_repl([], 'return "root", transit.window.rootViewController\npresent()\n')
check("no FILE: an empty window", values(out, "root") == ["nil"], out)
check("present() without screens says why", status == 1 and "no screens to present from" in err, err)

# Drawing the current frame.
status, out, err = run_repl(["fade.lua"], 'present()\nrender("frame.png")\nshow()\nrender("frame.gif")\n')
png = checks.path("frame.png")
if os.path.exists(png):
    with open(png, "rb") as handle:
        header = handle.read(24)
    size = struct.unpack(">II", header[16:24])
else:
    header, size = b"", None
check("render(path) writes a PNG of the screen", header.startswith(b"\x89PNG") and size == (393, 852), "%r %r" % (size, err))
check("show() draws with 24-bit colour half-blocks", "\x1b[38;2;" in out and "▀" in out, out[:200])
check("render refuses other formats", "render: writes PNG images" in err, err)

# ---------------------------------------------------------------------------------------------
# Reload while a transition runs: new methods are used, the old completion is skipped.


class PipedSession:
    """A REPL on pipes, driven chunk by chunk (each followed by a marker line)."""

    def __init__(self, arguments):
        self.process = subprocess.Popen([BINARY, "repl"] + arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, cwd=checks.work)
        # The reads below block: a REPL that stops answering is killed after this bound, which
        # ends them (the checks then fail) instead of stalling the suite.
        self.watchdog = threading.Timer(300, self.process.kill)
        self.watchdog.daemon = True
        self.watchdog.start()

    def send(self, chunk):
        self.process.stdin.write(chunk + "\nprint('--done--')\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line or line.strip() == "--done--":
                return "".join(lines)
            lines.append(line)

    def close(self):
        self.process.stdin.close()
        rest = self.process.stdout.read()
        status = self.process.wait(timeout=60)
        self.watchdog.cancel()
        return status, rest


checks.write("fade.lua", fade(duration=0.4, label="old"))
repl = PipedSession(["fade.lua"])
before = repl.send('m = present(nil, {wait = false})\nstep(0.1)\nreturn "duration", transit.scene.effect.animationControllerForPresented():transitionDuration()')
check("before reload: the first version runs", values(before, "duration") == ["0.4"], before)
checks.write_by_rename("fade.lua", fade(duration=0.25, label="new"))
reloaded = repl.send("reload()")
check("reload names the patched class", "reloaded fade.lua: patched Fade" in reloaded, reloaded)
after = repl.send('step(0.5)\nreturn "duration", transit.scene.effect.animationControllerForPresented():transitionDuration()')
check("the live object uses the new method", values(after, "duration") == ["0.25"], after)
check("the old completion is skipped with a note",
      "skipped a completion (UIView.animate completion) from the previous version of fade.lua" in after, after)
check("the old completion never ran", "old completion" not in before + reloaded + after, after)
skipped = repl.send("step(3)\ntrace('skipped')")
check("the skipped completion is in the trace", "-- skipped a completion" in skipped, skipped)
dismissed = repl.send("dismiss()")
check("the next transition runs the new code", "new completion" in dismissed, dismissed)
checks.write_by_rename("fade.lua", "local Fade = NSObject:subclass(\"Fade\")\nfunction Fade:transitionDuration() return 9 end\nerror(\"half way\")\n")
failed = repl.send('reload()\nreturn "duration", transit.scene.effect.animationControllerForPresented():transitionDuration()')
check("a reload that fails names file and line", "reload failed" in failed and "fade.lua:3: half way" in failed, failed)
check("a failed reload keeps the previous version", values(failed, "duration") == ["0.25"], failed)
checks.write_by_rename("fade.lua", "local x = = 1\n")
broken = repl.send("reload()")
check("a reload with a syntax error names the line", "reload failed" in broken and "fade.lua:1:" in broken, broken)
status, _ = repl.close()
check("the reload session exits 0", status == 0, "exit %d" % status)

# ---------------------------------------------------------------------------------------------
# A terminal: prompt, completion, continuation, Ctrl-C, history, Ctrl-D.


class Terminal:
    def __init__(self, arguments, history):
        environment = dict(os.environ, TRANSIT_HISTORY=history, TERM="xterm", COLUMNS="80", LINES="24")
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(checks.work)
            os.execve(BINARY, [BINARY, "repl"] + arguments, environment)
        self.output = b""

    def read(self, timeout=0.2):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if ready:
            try:
                self.output += os.read(self.fd, 65536)
            except OSError:
                return False
        return True

    def expect(self, text, timeout=20):
        """Waits until `text` appears after what was seen so far; returns whether it did."""
        start = len(self.output)
        needle = text.encode()
        found = wait_for(lambda: needle in self.output[start:] or not self.read(0.05), timeout=timeout)
        return needle in self.output[start:]

    def mark(self):
        return len(self.output)

    def since(self, mark):
        return self.output[mark:].decode("utf-8", "replace")

    def send(self, data):
        os.write(self.fd, data.encode() if isinstance(data, str) else data)

    def finish(self, timeout=20):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.read(0.05)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        return None


history = checks.path("history")
checks.write("fade.lua", fade())
terminal = Terminal(["fade.lua"], history)
check("the prompt appears", terminal.expect("> "), terminal.since(0))
# Completed lines are run: what they print shows what the line became (the screen itself is
# drawn with cursor movements, so the completed text never appears in one piece).
mark = terminal.mark()
terminal.send("transit.wa\t")
time.sleep(0.2)
terminal.send(" == transit.wait\r")
check("Tab completes transit.wa to transit.wait", terminal.expect("true"), terminal.since(mark))
terminal.expect("> ")
terminal.send("v = UIView.new()\r")
terminal.expect("> ")
mark = terminal.mark()
terminal.send("v:addSub\t")
time.sleep(0.2)
terminal.send("(UIView.new())\r")
terminal.expect("> ")
terminal.send("return 'subviews: ' .. #v.subviews\r")
check("Tab completes a method after ':'", terminal.expect("subviews: 1"), terminal.since(mark))
terminal.expect("> ")
mark = terminal.mark()
terminal.send("for i = 1, 2 do\r")
check("an unfinished chunk gets the continuation prompt", terminal.expect(">> "), terminal.since(mark))
terminal.send("print('line ' .. i) end\r")
check("the continued chunk runs", terminal.expect("line 2"), terminal.since(mark))
terminal.expect("> ")
mark = terminal.mark()
terminal.send("while true do end\r")
time.sleep(0.5)  # let the loop start (not a timing assertion: Ctrl-C must work whenever it comes)
terminal.send("\x03")
check("Ctrl-C interrupts a runaway chunk", terminal.expect("interrupted!"), terminal.since(mark))
terminal.expect("> ")
mark = terminal.mark()
terminal.send("return 6 * 7\r")
check("the prompt works after Ctrl-C", terminal.expect("42"), terminal.since(mark))
terminal.expect("> ")
mark = terminal.mark()
terminal.send("unfinished text\x03")
terminal.expect("> ")
terminal.send("return 'still here'\r")
check("Ctrl-C at the prompt clears the line and does not exit", terminal.expect("still here"), terminal.since(mark))
terminal.expect("> ")
terminal.send("return 6 * 7\r")
terminal.expect("> ")
terminal.send("\x04")
check("Ctrl-D exits 0", terminal.finish() == 0)
saved = open(history).read() if os.path.exists(history) else ""
check("history is written to TRANSIT_HISTORY", "v:addSubview(UIView.new())" in saved and "6\\040*\\0407" in saved, saved)

second = Terminal(["fade.lua"], history)
second.expect("> ")
mark = second.mark()
second.send("\x1b[A")  # up arrow: the last entry
check("the up arrow recalls the previous session's last line", second.expect("6 * 7"), second.since(mark))
second.send("\r")
check("the recalled line runs", second.expect("42"), second.since(mark))
second.send("\x04")
check("the second session exits 0", second.finish() == 0)

home = checks.path("home")
os.mkdir(home)
unused = checks.path("unused-history")
status, _, _ = run_repl(["fade.lua"], "return 1\n", env=dict(os.environ, HOME=home, TRANSIT_HISTORY=unused))
check("piped sessions never write history", status == 0 and not os.path.exists(unused) and os.listdir(home) == [])

checks.finish()
