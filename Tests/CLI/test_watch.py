"""`transit watch`, driven as an editor would drive it: saves by rename, in place, a broken save,
the recovery, a module added by a new require, a delete-and-recreate, then Ctrl-C and SIGTERM.
The effect's duration is what changes between saves, and the JSON timeline must show the
transition taking exactly that long (what UIKit does with transitionDuration/animate), so
each check is about the new version being the one that ran, not about bytes Transit printed
before. Latencies are printed, never asserted."""

import json
import os
import re
import signal
import subprocess
import threading
import time

from harness import BINARY, Checks, wait_for

checks = Checks("watch")

FADE = """local Fade = NSObject:subclass("Fade")
local DURATION = %s
function Fade:transitionDuration(ctx) return DURATION end
function Fade:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  if presenting then
    view.frame = ctx:finalFrame(toVC)
    view.alpha = 0
    ctx.containerView:addSubview(view)
  end
  %s
  UIView.animate(DURATION, function() view.alpha = presenting and 1 or 0 end,
    function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
end
return Fade.new()
"""


def fade(duration, extra=""):
    return FADE % (duration, extra)


class Watch:
    """A running `transit watch`, its stderr collected line by line."""

    def __init__(self, *arguments):
        self.process = subprocess.Popen([BINARY, "watch", *arguments], cwd=checks.work,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines = []
        self.lock = threading.Lock()
        threading.Thread(target=self._read, args=(self.process.stderr,), daemon=True).start()
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()

    def _read(self, stream):
        for line in stream:
            with self.lock:
                self.lines.append(line.rstrip("\n"))

    def text(self):
        with self.lock:
            return "\n".join(self.lines)

    def count(self, pattern):
        return len(re.findall(pattern, self.text()))

    def wait_count(self, pattern, count, timeout=60):
        return wait_for(lambda: self.count(pattern) >= count, timeout)

    def stop(self, number=signal.SIGINT):
        self.process.send_signal(number)
        try:
            return self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return None


def present_duration(path):
    """The span of the first presentation in a JSON timeline."""
    with open(path) as handle:
        timeline = json.load(handle)
    phase = next(p for p in timeline["transitions"] if p["phase"] == "present")
    return round(phase["end"] - phase["start"], 6)


def latency(watch):
    found = re.findall(r"reloaded in (\d+) ms", watch.text())
    return found[-1] + " ms" if found else "?"


# --- saves of every kind, with -o x.json ------------------------------------------------------
checks.write("fade.lua", fade(0.25))
out = checks.path("fade.json")
watch = Watch("fade.lua", "-o", "fade.json")
checks.check("first run writes the output", watch.wait_count(r"ran in \d+ ms", 1), watch.text())
checks.check("first version: the presentation lasts transitionDuration (0.25 s)", present_duration(out) == 0.25)
# "watching ..." follows "ran in" once the watcher is set up: wait for it rather than race it.
checks.check("says what it watches", watch.wait_count(r"watching .*\(Ctrl-C to stop\)", 1), watch.text())

checks.write_by_rename("fade.lua", fade(0.4))
checks.check("a save by rename reloads", watch.wait_count(r"reloaded in \d+ ms", 1), watch.text())
checks.check("the renamed version is the one that ran (0.4 s)", present_duration(out) == 0.4)
print("save by rename -> reloaded in", latency(watch))

checks.write("fade.lua", fade(0.3))
checks.check("a save in place reloads", watch.wait_count(r"reloaded in \d+ ms", 2), watch.text())
checks.check("the in-place version ran (0.3 s)", present_duration(out) == 0.3)
print("save in place -> reloaded in", latency(watch))

good_bytes = open(out, "rb").read()
good_mtime = os.stat(out).st_mtime_ns
checks.write_by_rename("fade.lua", fade(0.3).replace("local DURATION = 0.3", "local DURATION = = 0.3"))
checks.check("a syntax error is reported with file:line", watch.wait_count(r"fade\.lua:2:", 1), watch.text())
checks.check("it says the last good output is kept", watch.wait_count(r"keeping the last good output", 1), watch.text())
checks.check("the output is untouched after a broken save", open(out, "rb").read() == good_bytes and os.stat(out).st_mtime_ns == good_mtime)

checks.write_by_rename("fade.lua", fade(0.3, "view.alpah()"))
checks.check("a runtime error names the line in the user's file", watch.wait_count(r'fade\.lua:13: UIView has no member "alpah"; did you mean "alpha"\?', 1), watch.text())
# The host's metamethod that raised is a [C] frame; the first Lua frame is the user's line.
trace = [line for line in watch.text().split("stack traceback:")[-1].strip().splitlines() if not line.strip().startswith("[C]")]
checks.check("the traceback starts in the user's file", bool(trace) and trace[0].strip().startswith("fade.lua:"), "\n".join(trace[:3]))
checks.check("the output is still the last good one", open(out, "rb").read() == good_bytes)

checks.write_by_rename("fade.lua", fade(0.35))
checks.check("the next good save recovers", watch.wait_count(r"reloaded in \d+ ms", 3), watch.text())
checks.check("the recovered version ran (0.35 s)", present_duration(out) == 0.35)

# An empty save (an editor caught between truncating and writing) keeps the last good output.
good_bytes = open(out, "rb").read()
checks.write_by_rename("fade.lua", "\n")
checks.check("an empty save is reported", watch.wait_count(r"fade\.lua: the file is empty", 1), watch.text()[-500:])
checks.check("an empty save keeps the last good output", open(out, "rb").read() == good_bytes)

# A save that never finishes running is stopped by the instruction budget, not waited for.
checks.write_by_rename("fade.lua", "local n = 0\nwhile true do n = n + 1 end\n")
checks.check("a save that loops forever is stopped at its line", watch.wait_count(r"fade\.lua:2: instruction budget", 1), watch.text()[-500:])
checks.write_by_rename("fade.lua", fade(0.35))
checks.check("and the next good save still reloads", watch.wait_count(r"reloaded in \d+ ms", 4), watch.text()[-500:])

# A module added by a new require, in a directory not watched before.
os.mkdir(checks.path("lib"))
checks.write("lib/timing.lua", "return { duration = 0.45 }\n")
checks.write_by_rename("fade.lua", fade("require('lib.timing').duration"))
checks.check("a new require reloads", watch.wait_count(r"reloaded in \d+ ms", 5), watch.text())
checks.check("the module's value is used (0.45 s)", present_duration(out) == 0.45)
checks.write_by_rename("lib/timing.lua", "return { duration = 0.5 }\n")
checks.check("a save of the required module reloads", watch.wait_count(r"reloaded in \d+ ms", 6), watch.text())
checks.check("the module's new value is used (0.5 s)", present_duration(out) == 0.5)
print("module save -> reloaded in", latency(watch))

# A module that does not exist yet: the failed require's file is watched, and creating it reloads.
checks.write_by_rename("fade.lua", fade("require('later').duration"))
checks.check("a missing module is reported", watch.wait_count(r"module 'later' not found", 1), watch.text()[-500:])
checks.write("later.lua", "return { duration = 0.55 }\n")
checks.check("creating the missing module reloads", watch.wait_count(r"reloaded in \d+ ms", 7), watch.text()[-500:])
checks.check("the created module's value is used (0.55 s)", present_duration(out) == 0.55)

# Delete and recreate (some editors, and `git checkout`).
os.remove(checks.path("fade.lua"))
time.sleep(0.2)
checks.write("fade.lua", fade(0.2))
checks.check("delete-and-recreate reloads", watch.wait_count(r"reloaded in \d+ ms", 8), watch.text())
checks.check("the recreated version ran (0.2 s)", present_duration(out) == 0.2)
# touch: only the time stamp changes, and that is a save too.
os.utime(checks.path("fade.lua"))
checks.check("a save that only changes the time stamp reloads", watch.wait_count(r"reloaded in \d+ ms", 9), watch.text()[-300:])

# A save of a file nobody reads does nothing. Waiting a while and seeing no reload would pass
# with a slow watcher too, so the check waits for a later event instead. The scene is emptied
# first: a reload of an empty scene fails at once, before it could be cancelled, so a reload
# caused by notes.txt would say "the file is empty" a second time. Then a save of the scene that
# fails with a marker: the watcher handles changes in order and says each outcome in that order,
# so once the marker is there, any such line would be there too.
empties = watch.count(r"fade\.lua: the file is empty")
checks.write_by_rename("fade.lua", "\n")
checks.check("the emptied scene is reported", watch.wait_count(r"fade\.lua: the file is empty", empties + 1), watch.text()[-500:])
reloads = watch.count(r"reloaded in \d+ ms")
checks.write("notes.txt", "not Lua\n")
# Apart by more than the watcher's 20 ms quiet period, so the two saves are never one change.
time.sleep(0.2)
checks.write("fade.lua", fade(0.2, 'error("the save after notes.txt")'))
checks.check("the save after the unrelated one is seen", watch.wait_count(r"fade\.lua:\d+: the save after notes\.txt", 1), watch.text()[-500:])
checks.check("an unrelated file in the directory does not reload",
             watch.count(r"fade\.lua: the file is empty") == empties + 1 and watch.count(r"reloaded in \d+ ms") == reloads, watch.text()[-800:])

status = watch.stop(signal.SIGINT)
checks.check("Ctrl-C (SIGINT) exits 0", status == 0, "exit %s\n%s" % (status, watch.text()))
leftovers = [name for name in os.listdir(checks.work) if ".transit-" in name]
checks.check("no temporary files are left", not leftovers, str(leftovers))

# --- -o x.gif: a reader never sees a half-written GIF; SIGTERM ----------------------------------
checks.write("fade.lua", fade(0.2))
gif = checks.path("fade.gif")
watch = Watch("fade.lua", "-o", "fade.gif", "--fps", "10")
checks.check("a GIF is written", watch.wait_count(r"ran in \d+ ms .*fade\.gif written", 1), watch.text())
torn = []
reads = [0]
stop_reading = threading.Event()


def read_continuously():
    while not stop_reading.is_set():
        with open(gif, "rb") as handle:
            data = handle.read()
        reads[0] += 1
        if not (data.startswith(b"GIF89a") and data.endswith(b"\x3b")):
            torn.append(len(data))


reader = threading.Thread(target=read_continuously, daemon=True)
reader.start()
for index, duration in enumerate([0.3, 0.25, 0.35]):
    checks.write_by_rename("fade.lua", fade(duration))
    checks.check("GIF reload %d" % (index + 1), watch.wait_count(r"fade\.gif written", index + 2), watch.text())
stop_reading.set()
reader.join()
checks.check("every read of the GIF during reloads saw a whole file (%d reads)" % reads[0], not torn, str(torn[:5]))
print("GIF reload ->", re.findall(r"reloaded in .*", watch.text())[-1])
status = watch.stop(signal.SIGTERM)
checks.check("SIGTERM exits 0", status == 0, "exit %s" % status)
leftovers = [name for name in os.listdir(checks.work) if ".transit-" in name]
checks.check("no temporary files are left after SIGTERM", not leftovers, str(leftovers))

# --- --tty in a pseudo-terminal: the new version goes on from the time on screen ---------------
import pty
import select

checks.write("fade.lua", fade(0.3))
pid, terminal = pty.fork()
if pid == 0:
    os.chdir(checks.work)
    os.environ["COLUMNS"], os.environ["LINES"] = "80", "30"
    os.execv(BINARY, [BINARY, "watch", "fade.lua", "--tty"])
screen = bytearray()


def read_terminal(seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([terminal], [], [], 0.05)
        if ready:
            try:
                screen.extend(os.read(terminal, 65536))
            except OSError:
                return


def statuses():
    return re.findall(r"frame (\d+)/(\d+)  t=([0-9.]+)s  (playing|paused)", screen.decode("utf-8", "replace"))


read_terminal(0.1)
wait_for(lambda: (read_terminal(0.1), statuses())[1], timeout=30)
checks.check("the terminal player shows a status line", bool(statuses()), screen[-300:])
os.write(terminal, b" ")  # pause
read_terminal(0.5)
for _ in range(3):
    os.write(terminal, b"\x1b[D")  # step back three frames: somewhere in the middle
    read_terminal(0.2)
last = statuses()[-1] if statuses() else None
checks.check("paused in the middle", last is not None and last[3] == "paused", str(last))
seen = len(statuses())
checks.write_by_rename("fade.lua", fade(0.6))
wait_for(lambda: (read_terminal(0.1), any(s[1] != last[1] for s in statuses()[seen:]))[1], timeout=30)
after = [s for s in statuses()[seen:] if last and s[1] != last[1]]
checks.check("the new version arrives (the frame count changes)", bool(after), str(statuses()[-3:]))
if after and last:
    checks.check("it shows the time that was on screen (t=%ss)" % last[2], after[-1][2] == last[2], "%s -> %s" % (last, after[-1]))
    checks.check("it stays paused", after[-1][3] == "paused", str(after[-1]))
# A player that played through rests on its last frame, which most edits leave alike: a new
# version replays from its first frame (a paused player, above, keeps its time).
os.write(terminal, b"r")  # replay; playback then stops on the last frame by itself
wait_for(lambda: (read_terminal(0.1), any(s[0] == s[1] and s[3] == "paused" for s in statuses()[seen:]))[1], timeout=30)
ended = statuses()[-1] if statuses() else None
checks.check("playback stopped on its last frame", ended is not None and ended[0] == ended[1] and ended[3] == "paused", str(ended))
seen = len(statuses())
checks.write_by_rename("fade.lua", fade(0.45))
# No key was pressed since it stopped: only the new version can take it back to frame 1, playing.
wait_for(lambda: (read_terminal(0.1), any(s[0] == "1" and s[3] == "playing" for s in statuses()[seen:]))[1], timeout=30)
checks.check("a new version after a play-through replays from its first frame",
             any(s[0] == "1" and s[3] == "playing" for s in statuses()[seen:]), str(statuses()[seen:][:4]))
checks.write_by_rename("fade.lua", fade(0.6).replace("local DURATION = 0.6", "local DURATION = = 0.6"))
wait_for(lambda: (read_terminal(0.1), b"fade.lua:2:" in screen)[1], timeout=30)
checks.check("a broken save shows its error in the status bar", b"fade.lua:2:" in screen, screen[-300:])
# A version whose transition never completes: its problem, with its id, in the status bar.
checks.write_by_rename("fade.lua", FADE.replace("function() ctx:completeTransition(not ctx.transitionWasCancelled) end", "nil") % (0.3, ""))
wait_for(lambda: (read_terminal(0.1), b"problem: [complete-never-called]" in screen)[1], timeout=60)
checks.check("a contract problem shows in the status bar with its id", b"problem: [complete-never-called]" in screen, screen[-300:])
os.write(terminal, b"q")
read_terminal(1.0)
_, status = os.waitpid(pid, 0)
checks.check("q quits the watch with status 0", os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, str(status))
os.close(terminal)

# --- --tty draws streamed frames for the cells it has; a larger terminal draws the file again ---
import fcntl
import struct
import termios

checks.write("fade.lua", fade(0.3))
pid, terminal = pty.fork()
if pid == 0:
    os.chdir(checks.work)
    os.environ["TRANSIT_LIVE_DEBUG"] = "1"  # "session ready" marks each reload on the screen
    os.execv(BINARY, [BINARY, "watch", "fade.lua", "--tty"])
fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 80, 0, 0))
screen = bytearray()
read_terminal(0.1)
wait_for(lambda: (read_terminal(0.1), statuses())[1], timeout=30)


def reloads():
    return screen.count(b"session ready")


checks.write_by_rename("fade.lua", fade(0.4))
wait_for(lambda: (read_terminal(0.1), reloads() >= 1 and b"frame 1/" in screen)[1], timeout=30)
read_terminal(1.5)
before = reloads()
checks.check("resize: a save reloads", before >= 1, screen[-300:])
fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 160, 0, 0))
os.kill(pid, signal.SIGWINCH)
wait_for(lambda: (read_terminal(0.1), reloads() > before)[1], timeout=30)
checks.check("resize: a larger terminal draws the file again", reloads() == before + 1, "%d -> %d" % (before, reloads()))
read_terminal(1.5)
grown = reloads()
fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 20, 60, 0, 0))
os.kill(pid, signal.SIGWINCH)
read_terminal(1.5)
checks.check("resize: a smaller one averages the frames it has", reloads() == grown, "%d -> %d" % (grown, reloads()))
os.write(terminal, b"q")
read_terminal(1.0)
_, status = os.waitpid(pid, 0)
checks.check("resize: q quits with status 0", os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, str(status))
os.close(terminal)

# --- a newer save cancels a reload in flight ---------------------------------------------------
# A slow version (400 views with shadows, 3 s long, at 30 fps) and, 0.3 s after it, a fast one:
# the slow reload is cancelled, only the fast one is reported, and the GIF is the fast one's.
SLOW_EXTRA = """for i = 1, 400 do
    local v = UIView.new()
    v.frame = CGRect(i % 20 * 19, i // 20 * 40, 18, 38)
    v.backgroundColor = UIColor.red
    v.layer.shadowOpacity = 0.5
    v.layer.shadowRadius = 6
    view:addSubview(v)
  end"""
checks.write("fade.lua", fade(0.25))
watch = Watch("fade.lua", "-o", "cancel.gif", "--fps", "30")
checks.check("cancel: the first version is written", watch.wait_count(r"ran in \d+ ms \(cancel\.gif written", 1), watch.text())
watch.wait_count(r"watching ", 1)
checks.write_by_rename("fade.lua", fade(3.0, SLOW_EXTRA))
time.sleep(0.3)
checks.write_by_rename("fade.lua", fade(0.3))
checks.check("cancel: the newer save is reported", watch.wait_count(r"reloaded in \d+ ms \(cancel\.gif written", 1, timeout=120), watch.text())
time.sleep(0.5)
reported = re.findall(r"reloaded in \d+ ms \(cancel\.gif written, (\d+) frames\)", watch.text())
fast = subprocess.run([BINARY, "render", "fade.lua", "--fps", "30", "-o", "fast.json"], cwd=checks.work, capture_output=True, text=True, timeout=120)
with open(checks.path("fast.json")) as handle:
    fast_frames = len(json.load(handle)["samples"])
checks.check("cancel: one reload reported, the fast version's (%d frames)" % fast_frames,
             reported == [str(fast_frames)], "%s\n%s" % (reported, watch.text()[-600:]))
with open(checks.path("cancel.gif"), "rb") as handle:
    gif = handle.read()
checks.check("cancel: the GIF is the fast version's (%d frames)" % fast_frames, gif.count(b"\x21\xf9\x04") == fast_frames,
             str(gif.count(b"\x21\xf9\x04")))
status = watch.stop(signal.SIGINT)
checks.check("cancel: Ctrl-C exits 0", status == 0, "exit %s" % status)

# --- --serve: the page over one WebSocket, each save streamed to it ----------------------------
import http.client
from websocket_client import LiveSocket

checks.write("fade.lua", fade(0.3))
watch = Watch("fade.lua", "--serve", "0", "--fps", "10")
checks.check("--serve says where", watch.wait_count(r"serving the live player on http://127\.0\.0\.1:\d+/", 1), watch.text())
port = int(re.search(r"127\.0\.0\.1:(\d+)/", watch.text()).group(1))
checks.check("the first version is published (no page yet)", watch.wait_count(r"ran: no page showed it, complete in", 1), watch.text())
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
connection.request("GET", "/")
page = connection.getresponse()
body = page.read().decode()
checks.check("GET / serves the live player", page.status == 200 and "<html" in body and "WebSocket" in body, body[:200])

messages = []
live = LiveSocket(port)
checks.check("/live upgrades to a WebSocket", live.upgraded, live.handshake)


def listen():
    while True:
        try:
            messages.append(live.next())
        except Exception:
            return


threading.Thread(target=listen, daemon=True).start()


def of_version(version, kind):
    return [m for k, m in messages if k == "frame" and m[0] == version] if kind == "frame" else \
        [m for k, m in messages if k == "text" and m.get("type") == kind and m.get("version") == version]


checks.check("a page that connects gets the current version", wait_for(lambda: of_version(1, "complete"), 30), str(messages[:3]))
reference = subprocess.run([BINARY, "render", "fade.lua", "--fps", "10", "-o", "reference.json"], cwd=checks.work, capture_output=True, text=True, timeout=120)
with open(checks.path("reference.json")) as handle:
    first_frames = len(json.load(handle)["samples"])
checks.check("it has every frame of the run (%d), each a PNG" % first_frames,
             sorted(m[1] for m in of_version(1, "frame")) == list(range(first_frames)) and all(m[3][:4] == b"\x89PNG" for m in of_version(1, "frame")),
             str(len(of_version(1, "frame"))))
# The page says where it looks and that it showed the version; watch prints how long that took.
live.send({"type": "playhead", "time": 1.0})
checks.write_by_rename("fade.lua", fade(0.5))
checks.check("a save streams a new version", wait_for(lambda: of_version(2, "complete"), 60), str(messages[-2:]))
live.send({"type": "shown", "version": 2})
subprocess.run([BINARY, "render", "fade.lua", "--fps", "10", "-o", "reference.json"], cwd=checks.work, capture_output=True, text=True, timeout=120)
with open(checks.path("reference.json")) as handle:
    expected_frames = len(json.load(handle)["samples"])
frames = of_version(2, "frame")
timeline = of_version(2, "timeline")
checks.check("the new version has the new run's frames (%d), once each" % expected_frames,
             sorted(m[1] for m in frames) == list(range(expected_frames)), str(sorted(m[1] for m in frames)))
checks.check("its timeline comes with its times and trace",
             timeline and timeline[0]["data"]["frameCount"] == expected_frames and len(timeline[0]["data"]["times"]) == expected_frames
             and timeline[0]["data"]["trace"], str(timeline)[:300])
order = [k for k, m in messages if (k == "frame" and m[0] == 2) or (k == "text" and m.get("version") == 2)]
checks.check("begin comes first and complete last", order[0] == "text" and order[-1] == "text" and of_version(2, "begin"), str(order[:3]))
checks.check("watch prints when the page showed it and when it was complete",
             watch.wait_count(r"reloaded: visible in [\d.]+ m?s, complete in [\d.]+ m?s \(%d frames\)" % expected_frames, 1, timeout=30), watch.text()[-400:])

checks.write_by_rename("fade.lua", fade(0.5, "view.alpah()"))
checks.check("a broken save sends an error with file:line and the lines around it",
             wait_for(lambda: any(k == "text" and m.get("type") == "error" and "fade.lua:13:" in m["message"] for k, m in messages), 60), str(messages[-2:]))
error = [m for k, m in messages if k == "text" and m.get("type") == "error"][-1]
checks.check("the error names its line and shows it", error.get("line") == 13 and any("view.alpah()" in text for _, text in error.get("frame", [])),
             str(error)[:400])
# A version that never completes (no completeTransition) is a problem the page shows.
checks.write_by_rename("fade.lua", FADE.replace("function() ctx:completeTransition(not ctx.transitionWasCancelled) end", "nil") % (0.3, ""))
checks.check("a contract problem travels with the version",
             wait_for(lambda: any(k == "text" and m.get("type") == "timeline" and m["data"]["problems"] for k, m in messages), 60), str(messages[-1:])[:300])
problem = [m for k, m in messages if k == "text" and m.get("type") == "timeline" and m["data"]["problems"]][-1]["data"]["problems"][0]
checks.check("it has the id and the line transit run prints", problem["id"] and problem["line"].startswith("problem: [%s]" % problem["id"]), str(problem))
checks.write_by_rename("fade.lua", fade(0.4))
checks.check("the next good save streams again", wait_for(lambda: messages and messages[-1][0] == "text" and messages[-1][1].get("type") == "complete"
             and not messages[-1][1].get("version") in (1, 2), 60), str(messages[-2:]))
live.close()


# Twenty tabs (iframes of one page: they share the browser's connections per host as tabs do)
# follow a save: each shows the new version and says so.
def chromium():
    import shutil
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


browser = chromium()
if checks.check("chromium is installed (scripts/setup --test)", browser is not None):
    import tempfile
    tabs = 20
    with open(checks.path("tabs.html"), "w") as handle:
        handle.write("<!DOCTYPE html><body>" + "".join('<iframe src="http://127.0.0.1:%d/" width="300" height="200"></iframe>' % port for _ in range(tabs)))
    with tempfile.TemporaryDirectory(prefix="transit-chromium-", ignore_cleanup_errors=True) as profile:
        chrome = subprocess.Popen([browser, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1600,1200", "--user-data-dir=" + profile,
                                   "file://" + checks.path("tabs.html")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  start_new_session=True)
        try:
            before = watch.count(r"reloaded: visible in")
            time.sleep(3)  # the pages load and connect; the save below is what they must follow
            checks.write_by_rename("fade.lua", fade(0.45))
            checks.check("the save is shown by a page", watch.wait_count(r"reloaded: visible in", before + 1, timeout=90), watch.text()[-400:])
            shown = re.findall(r"; (\d+) of (\d+) pages showed it\)", watch.text())
            checks.check("all %d pages showed the new version" % tabs, shown and shown[-1] == (str(tabs), str(tabs)), "%s\n%s" % (shown, watch.text()[-400:]))
        finally:
            os.killpg(chrome.pid, signal.SIGKILL)  # the browser and its helper processes
            chrome.wait(timeout=30)
status = watch.stop(signal.SIGINT)
checks.check("Ctrl-C with a page connected exits 0", status == 0, "exit %s" % status)

# --- usage errors ------------------------------------------------------------------------------
result = subprocess.run([BINARY, "watch", "missing.lua"], cwd=checks.work, capture_output=True, text=True, timeout=30)
checks.check("a missing file is one line and exit 2", result.returncode == 2 and "no such file" in result.stderr, result.stderr)
result = subprocess.run([BINARY, "watch", "fade.lua", "-o", "x.gif", "--serve"], cwd=checks.work, capture_output=True, text=True, timeout=30)
checks.check("two outputs at once is a usage error", result.returncode == 2, result.stderr)
result = subprocess.run([BINARY, "watch", "fade.lua", "--tty"], cwd=checks.work, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
checks.check("--tty without a terminal is a usage error", result.returncode == 2 and "terminal" in result.stderr, result.stderr)

checks.finish()
