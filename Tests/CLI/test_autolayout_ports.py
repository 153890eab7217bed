"""The effects rewritten to lay out their own views with Auto Layout, as the libraries they port
do (run by scripts/test): each still draws what it drew when it placed those views with frames.

Each effect is rendered to the sampled timeline (`transit render X -o x.json`) and every view's
frame and opacity at every sampled time is compared with a reference recorded from the version
that used frames, under Tests/Fixtures/autolayout/. Tolerance: 1 pt of position or size (UIKit
itself rounds a solved layout to the pixel grid), 0.01 of opacity. Each also passes
`transit check` with no `ambiguous-layout` problem.

A reference holds, per sample, only the rows that changed since the sample before (name, depth,
x, y, width, height, opacity, rounded to 0.001), so it stays small. To record one from a file
(for instance the pre-change version, `git show REV:scripts/X.lua > /tmp/X.lua`, rendered from
the worktree root so `require` resolves):

    python3 Tests/CLI/test_autolayout_ports.py --record /tmp/X.lua Tests/Fixtures/autolayout/X.json [LABEL]

(LABEL, stored as the reference's "file", says where it came from: "scripts/X.lua at REV".)
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BINARY, ROOT, Checks  # noqa: E402

FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "autolayout")
# The references hold the whole window, the default scene's views included; they were recorded
# when its Inbox was rows of plain views, so the effects run in that scene (since its Inbox
# became a UITableView, Tests/CLI/test_list_ports.py shows every effect draws the same in both).
SCENE = os.path.join(ROOT, "Tests", "Fixtures", "lists", "default_before_table.lua")

# The rewritten files and their references (named after the file, its folder first).
PORTS = [
    "scripts/presentations/bottomSheet.lua",
    "scripts/presentations/sideMenu.lua",
    "scripts/presentations/cardStack.lua",
    "scripts/animators/cardStack.lua",
    "scripts/presentations/blurIn.lua",
]

POSITION_TOLERANCE = 1.0
ALPHA_TOLERANCE = 0.01


def transit(*arguments):
    return subprocess.run([BINARY] + list(arguments), cwd=ROOT, capture_output=True, text=True, timeout=600)


def reference_name(file):
    folder, name = os.path.split(os.path.splitext(file)[0])
    return "%s_%s.json" % (os.path.basename(folder), name)


def rows(sample):
    return [[layer["name"], layer["depth"]] + [round(v, 3) for v in layer["frame"]] + [round(layer["opacity"], 3)]
            for layer in sample["layers"]]


def timeline(file, out):
    """Renders FILE and returns its samples as (time, rows), or raises with transit's output."""
    result = transit("render", file, "-o", out, "--scene", SCENE)
    if result.returncode != 0:
        raise RuntimeError("transit render %s: %s%s" % (file, result.stdout[-1500:], result.stderr[-1500:]))
    with open(out) as handle:
        doc = json.load(handle)
    return [(round(sample["time"], 6), rows(sample)) for sample in doc["samples"]]


def encode(samples):
    """Only what changed: a row differing from the row at the same index one sample before."""
    encoded, previous = [], []
    for time, current in samples:
        changed = {str(i): row for i, row in enumerate(current) if i >= len(previous) or previous[i] != row}
        encoded.append({"t": time, "n": len(current), "d": changed})
        previous = current
    return encoded


def decode(encoded):
    samples, previous = [], []
    for sample in encoded:
        current = [sample["d"].get(str(i), previous[i] if i < len(previous) else None) for i in range(sample["n"])]
        samples.append((sample["t"], current))
        previous = current
    return samples


def record(file, reference, label):
    samples = timeline(file, reference + ".render.json")
    os.remove(reference + ".render.json")
    with open(reference, "w") as handle:
        json.dump({"file": label, "samples": encode(samples)}, handle, separators=(",", ":"))
        handle.write("\n")
    print("recorded %d samples of %s to %s" % (len(samples), file, reference))


def compare(expected, actual):
    """The largest position/size difference, and the first mismatch (None when within tolerance)."""
    largest = 0.0
    if len(expected) != len(actual):
        return largest, "%d samples, the reference has %d" % (len(actual), len(expected))
    for (time, want), (got_time, got) in zip(expected, actual):
        if abs(time - got_time) > 1e-6:
            return largest, "sample at %g, the reference's at %g" % (got_time, time)
        if [row[:2] for row in want] != [row[:2] for row in got]:
            return largest, "at %g s the views differ: %s" % (time, sorted(
                set(map(tuple, (r[:2] for r in got))) ^ set(map(tuple, (r[:2] for r in want)))))
        for a, b in zip(want, got):
            difference = max(abs(x - y) for x, y in zip(a[2:6], b[2:6]))
            largest = max(largest, difference)
            if difference > POSITION_TOLERANCE:
                return largest, "at %g s %s is at %s, the reference %s" % (time, a[0], b[2:6], a[2:6])
            if abs(a[6] - b[6]) > ALPHA_TOLERANCE:
                return largest, "at %g s %s has opacity %g, the reference %g" % (time, a[0], b[6], a[6])
    return largest, None


def main():
    if len(sys.argv) in (4, 5) and sys.argv[1] == "--record":
        record(sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) == 5 else sys.argv[2])
        return
    checks = Checks("autolayout-ports")
    for file in PORTS:
        with open(os.path.join(FIXTURES, reference_name(file))) as handle:
            expected = decode(json.load(handle)["samples"])
        try:
            actual = timeline(file, checks.path(reference_name(file)))
        except RuntimeError as error:
            checks.check("renders: %s" % file, False, str(error))
            continue
        largest, mismatch = compare(expected, actual)
        checks.check("same frames and opacities as with frames: %s" % file, mismatch is None, mismatch or "")
        print("%s: largest frame difference %.3f pt over %d samples" % (file, largest, len(actual)), flush=True)

        result = transit("check", file, "--format", "json")
        checks.check("transit check passes: %s" % file, result.returncode == 0, result.stdout[-1500:] + result.stderr[-1500:])
        checks.check("no ambiguous layout: %s" % file, "ambiguous-layout" not in result.stdout + result.stderr,
                     result.stdout[-1500:])

        # The rewrite is what it says: the effect's own views are placed by constraints.
        with open(os.path.join(ROOT, file)) as handle:
            source = handle.read()
        checks.check("uses Auto Layout: %s" % file,
                     "NSLayoutConstraint.activate" in source and "translatesAutoresizingMaskIntoConstraints = false" in source)
    checks.finish()


if __name__ == "__main__":
    main()
