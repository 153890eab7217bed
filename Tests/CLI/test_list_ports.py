"""The default scene's Inbox list is a UITableView (run by scripts/test): every shipped effect
still draws what it drew when the list was rows of plain views.

Each effect's filmstrip (`transit render X -o x.png`: every transition phase at 0/25/50/75/100 %)
is rendered in the default scene and in the scene as it was before the port
(Tests/Fixtures/lists/default_before_table.lua, scripts/scenes/default.lua at 6022b0d), and the
two PNGs must be the same bytes: PNG encoding is deterministic, so that is the same pixels.
The layer trees differ by design (cells are subviews of the table and hold a content view), so
the pixels, not the JSON timeline, are what is compared.
"""

import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BINARY, ROOT, Checks  # noqa: E402

BEFORE = os.path.join(ROOT, "Tests", "Fixtures", "lists", "default_before_table.lua")


def render(file, out, scene=None):
    arguments = [BINARY, "render", file, "-o", out] + (["--scene", scene] if scene else [])
    return subprocess.run(arguments, cwd=ROOT, capture_output=True, text=True, timeout=600)


def main():
    checks = Checks("list-ports")
    with open(os.path.join(ROOT, "scripts", "scenes", "default.lua")) as handle:
        source = handle.read()
    checks.check("the Inbox is a table view", "UITableView.new" in source and "dequeueReusableCell" in source)
    effects = sorted(glob.glob(os.path.join(ROOT, "scripts", d, "*.lua")) for d in ("animators", "presentations", "interactions"))
    files = [os.path.relpath(f, ROOT) for group in effects for f in group] + ["scripts/scenes/default.lua"]
    for file in files:
        name = file.replace("/", "_")
        now, before = checks.path(name + ".png"), checks.path(name + ".before.png")
        a, b = render(file, now), render(file, before, BEFORE)
        if not checks.check("renders: %s" % file, a.returncode == 0 and b.returncode == 0, (a.stderr + b.stderr)[-1500:]):
            continue
        with open(now, "rb") as x, open(before, "rb") as y:
            checks.check("same pixels as with plain views: %s" % file, x.read() == y.read())
    checks.finish()


if __name__ == "__main__":
    main()
