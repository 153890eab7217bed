"""UIKit Dynamics through the command line (run by scripts/test).

The animator steps Box2D at fixed instants k/240 of virtual time, whatever rate frames are
sampled at, so the guillotine effect rendered at 30 and at 60 frames per second must show
byte-identical layer trees at every time both renders sample (docs/semantics.md, "UIKit
Dynamics"); and the effect must run, render and pass `transit check`."""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BINARY, ROOT, Checks  # noqa: E402

checks = Checks("dynamics")
EFFECT = os.path.join(ROOT, "scripts", "animators", "guillotine.lua")


def render(fps):
    output = os.path.join(checks.work, "out-%d.json" % fps)
    result = subprocess.run([BINARY, "render", EFFECT, "-o", output, "--fps", str(fps)],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    checks.check("render at %d fps exits 0" % fps, result.returncode == 0, result.stderr)
    with open(output) as f:
        document = json.load(f)
    return {json.dumps(sample["time"]): json.dumps(sample, sort_keys=True) for sample in document["samples"]}


at30, at60 = render(30), render(60)
common = [time for time in at30 if time in at60]
checks.check("every 30 fps sample time is also a 60 fps one", len(common) == len(at30), "%d of %d" % (len(common), len(at30)))
different = [time for time in common if at30[time] != at60[time]]
checks.check("identical layer trees at the common times", not different, "differ at %r" % different[:5])
# The menu moves: samples at different times differ (a comparison of still frames proves nothing).
checks.check("the effect moves something", len(set(at30.values())) > 10, "%d distinct samples" % len(set(at30.values())))

run = subprocess.run([BINARY, "run", EFFECT], cwd=ROOT, capture_output=True, text=True, timeout=300)
checks.check("transit run exits 0 with no problems", run.returncode == 0 and "0 problems" in run.stdout + run.stderr,
             run.stdout + run.stderr)
check = subprocess.run([BINARY, "check", EFFECT], cwd=ROOT, capture_output=True, text=True, timeout=600)
checks.check("transit check passes every cell", check.returncode == 0, check.stdout + check.stderr)
gif = os.path.join(checks.work, "guillotine.gif")
result = subprocess.run([BINARY, "render", EFFECT, "-o", gif], cwd=ROOT, capture_output=True, text=True, timeout=300)
checks.check("render to a GIF exits 0", result.returncode == 0 and os.path.getsize(gif) > 0, result.stderr)
checks.finish()
