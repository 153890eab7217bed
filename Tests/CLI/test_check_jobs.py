"""transit check --jobs: cells run on several threads report exactly what one thread reports
(run by scripts/test). The files mix what a report can hold: effects that pass, a fixture that
fails some cells, a navigation delegate, a scene (its cells run as the probe does) and a file
that fails to load; every report form is compared byte for byte, and the exit status too."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BINARY, ROOT, Checks  # noqa: E402

checks = Checks("check-jobs")


def transit(*arguments):
    return subprocess.run([BINARY] + list(arguments), cwd=ROOT, capture_output=True, text=True, timeout=600)


broken = checks.path("broken.lua")
checks.write("broken.lua", "error('broken on purpose')\n")
scene = checks.path("scene.lua")
checks.write("scene.lua", "transit.wait(0.1)\n")
files = [os.path.join(ROOT, "scripts", "animators", "swipe.lua"),
         os.path.join(ROOT, "Tests", "Fixtures", "problems", "cancel-not-restored.lua"),
         os.path.join(ROOT, "Tests", "Fixtures", "check", "navigation-slide.lua"),
         scene, broken,
         os.path.join(ROOT, "scripts", "animators", "crossDissolve.lua")]

for form in ("text", "json", "junit"):
    serial = transit("check", "--format", form, "--jobs", "1", *files)
    parallel = transit("check", "--format", form, "--jobs", "2", *files)
    checks.check("%s: the report names every file" % form,
                 all(os.path.basename(f) in serial.stdout for f in files), serial.stdout[-600:] + serial.stderr[-600:])
    checks.check("%s: --jobs 2 reports byte for byte what --jobs 1 does" % form,
                 parallel.stdout == serial.stdout, "serial:\n%s\nparallel:\n%s" % (serial.stdout[-800:], parallel.stdout[-800:]))
    checks.check("%s: the same exit status (1: a cell failed)" % form,
                 parallel.returncode == serial.returncode == 1, "%d %d" % (serial.returncode, parallel.returncode))
    checks.check("%s: nothing on stderr" % form, serial.stderr == parallel.stderr == "", serial.stderr[-400:] + parallel.stderr[-400:])

checks.finish()
