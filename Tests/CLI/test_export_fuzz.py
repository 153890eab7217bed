"""`transit export --swift` on broken and mutated effects: whatever the input, the exporter writes
Swift or refuses with one line `FILE:LINE: cannot export: ..., because ...` (or a syntax error)
and exits 1, never a crash or a trap. The mutations are seeded (the same cases every run): lines
deleted, duplicated, and words replaced by values of other types, over the translated fixtures
and the shipped effects."""

import glob
import os
import random
import re
import shutil
import subprocess

import harness
import test_export

TOKENS = ["nil", "0", "1.5", "-1", "'x'", "{}", "{1, 2}", "function() end", "self", "ctx",
          "UIView.new()", "math.huge", "0/0", "...", "true", "end", "local", "=", "(", "#t"]
CASES = 150


def mutate(rng, lines):
    lines = list(lines)
    for _ in range(rng.randint(1, 3)):
        if not lines:
            break
        i = rng.randrange(len(lines))
        roll = rng.random()
        if roll < 0.3:
            del lines[i]
        elif roll < 0.5:
            lines.insert(i, lines[rng.randrange(len(lines))])
        else:
            words = lines[i].split(" ")
            words[rng.randrange(len(words))] = rng.choice(TOKENS)
            lines[i] = " ".join(words)
    return lines


def main():
    checks = harness.Checks("export-fuzz")
    sources = sorted(glob.glob(os.path.join(harness.ROOT, "Tests/Fixtures/export/translated/*.lua"))
                     + glob.glob(os.path.join(harness.ROOT, "scripts/animators/*.lua"))
                     + glob.glob(os.path.join(harness.ROOT, "scripts/presentations/*.lua")))
    swiftc = shutil.which("swiftc")
    interface = swiftc is not None and test_export.compile_interface(checks, swiftc)
    rng = random.Random(28)
    outcomes = {"exported": 0, "refused": 0}
    for number in range(CASES):
        source = rng.choice(sources)
        with open(source) as handle:
            lines = handle.read().split("\n")
        case = checks.path("case%d.lua" % number)
        with open(case, "w") as handle:
            handle.write("\n".join(mutate(rng, lines)))
        run = subprocess.run([harness.BINARY, "export", "--swift", case, "-o", checks.path("case%d.swift" % number)],
                             capture_output=True, text=True, timeout=120)
        what = "case %d (from %s)" % (number, os.path.relpath(source, harness.ROOT))
        if run.returncode == 0:
            outcomes["exported"] += 1
            checks.check("%s: an export writes nothing on stderr" % what, run.stderr == "", run.stderr[:300])
            # What the exporter writes is Swift that means what the Lua means: at least it
            # type-checks against the interface.
            if interface:
                ok, error = test_export.typecheck(checks, swiftc, checks.path("case%d.swift" % number))
                checks.check("%s: the export type-checks" % what, ok, error)
            continue
        outcomes["refused"] += 1
        lines_out = run.stderr.strip().split("\n")
        checks.check("%s: exits 1, not by a signal or a trap (%d)" % (what, run.returncode), run.returncode == 1, run.stderr[:500])
        checks.check("%s: one line of stderr" % what, len(lines_out) == 1, run.stderr[:500])
        # The file is the case's, or a module it requires (`scripts/lib/hero.lua:204: ...`).
        located = re.match(r"^(.+?):(\d+): ", lines_out[0])
        checks.check("%s: the line names a file that exists and a line" % what,
                     located is not None and os.path.exists(os.path.join(harness.ROOT, located.group(1)) if not os.path.isabs(located.group(1)) else located.group(1)),
                     lines_out[0][:300])
    print("export fuzz: %d cases, %d exported, %d refused" % (CASES, outcomes["exported"], outcomes["refused"]), flush=True)
    checks.finish()


if __name__ == "__main__":
    main()
