"""Timers, GCD and display links on virtual time, through `transit render` (run by scripts/test).

A timer fires at start + n * interval and a display link at the display's refreshes, whatever
rate frames are sampled at: rendering the same scene at 7 and at 60 frames per second must log
the same callbacks at the same virtual times (docs/semantics.md, "Run-loop helpers")."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BINARY, ROOT, Checks  # noqa: E402

checks = Checks("runloop")

SCENE = """
Timer.scheduledTimer(0.13, true, function(t)
  transit.log(string.format("timer %.9f", transit.now()))
  if transit.now() > 0.9 then t:invalidate() end
end)
DispatchQueue.main:asyncAfter(DispatchTime.now() + 0.41, function()
  transit.log(string.format("after %.9f", transit.now()))
end)
frames = 0
local link = CADisplayLink(function(l) frames = frames + 1 end)
link:add(RunLoop.main, "common")
transit.wait(1)
link:invalidate()
transit.log("display link frames " .. frames)
"""


def render(fps):
    output = os.path.join(checks.work, "out-%d.json" % fps)
    result = subprocess.run([BINARY, "render", checks.path("scene.lua"), "-o", output, "--fps", str(fps),
                             "--device", "iPhone 15"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    checks.check("render at %d fps exits 0" % fps, result.returncode == 0, result.stderr)
    return [line for line in result.stdout.splitlines() if line.startswith("[")]


checks.write("scene.lua", SCENE)
at7, at60 = render(7), render(60)
checks.check("the same callbacks at the same times at 7 and 60 fps", at7 == at60, "%r\n%r" % (at7, at60))
timers = [line for line in at7 if "timer" in line]
expected = ["timer %.9f" % (0.13 * n) for n in range(1, 8)]
checks.check("the timer fires at 0.13 * n", [line.split("] ", 1)[1] for line in timers] == expected, "%r" % timers)
checks.check("asyncAfter runs at its deadline", any(line.endswith("after 0.410000000") for line in at7), "%r" % at7)
checks.check("a display link calls back 60 times in 1 s on a 60 Hz display",
             any(line.endswith("display link frames 60") for line in at7), "%r" % at7)
checks.finish()
