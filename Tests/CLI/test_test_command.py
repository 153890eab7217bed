"""`transit test` and golden references (docs/testing.md), driven as a user would.

A shipped effect is copied into a scratch directory, recorded, and then broken in known ways:
its reference frame moved by one pixel just under and just over the colour threshold (the
modified PNG is built here, from the recorded one), its duration changed, its reference
removed. What must happen follows from the documented contract (a match exits 0, a difference
exits 1 naming the view, the property and the time; a missing reference says how to make one;
--update accepts; a re-record is byte-identical), never from Transit's own output. Scenes that
test themselves with transit.expect, the spec runners, the report forms and bad usage follow."""

import json
import os
import re
import shutil
import stat
import struct
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BINARY, ROOT, Checks, read_png  # noqa: E402

checks = Checks("test-command")
EFFECT = os.path.join(ROOT, "scripts", "animators", "crossfade.lua")


def transit(arguments, cwd, env=None):
    return subprocess.run([BINARY] + arguments, cwd=cwd, capture_output=True, text=True, timeout=600, env=env)


# A PNG reader and writer for 8-bit RGB/RGBA, non-interlaced (what cairo writes), so the test
# can build a reference frame that differs by exactly one pixel.
def write_png(path, width, height, channels, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)
    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2 if channels == 3 else 6, 0, 0, 0)
    with open(path, "wb") as handle:
        handle.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def flat_pixel(width, height, channels, rows):
    """A pixel whose 3×3 neighbourhood is one colour (so it cannot pass for antialiasing) and
    whose channels can all move by 27 one way without clipping."""
    for y in range(height // 3, height - 1):
        for x in range(1, width - 1):
            colour = rows[y][x * channels:x * channels + 3]
            if all(rows[y + dy][(x + dx) * channels:(x + dx) * channels + 3] == colour for dy in (-1, 0, 1) for dx in (-1, 0, 1)):
                if all(value >= 27 for value in colour) or all(value <= 228 for value in colour):
                    return x, y
    return None


def shifted(source, target, x, y, step):
    """Writes source with pixel (x, y) moved by `step` grey levels: a pure brightness change,
    whose YIQ distance is 0.5053 × step² (the I and Q weights of a grey step sum to zero)."""
    width, height, channels, rows = read_png(source)
    colour = rows[y][x * channels:x * channels + 3]
    direction = -1 if all(value >= 27 for value in colour) else 1
    for c in range(3):
        rows[y][x * channels + c] = colour[c] + direction * step
    write_png(target, width, height, channels, rows)


def tree_bytes(directory):
    out = {}
    for base, _, files in os.walk(directory):
        for name in files:
            path = os.path.join(base, name)
            out[os.path.relpath(path, directory)] = open(path, "rb").read()
    return out


def check_golden_cycle():
    work = checks.path("golden")
    os.makedirs(work)
    effect = os.path.join(work, "crossfade.lua")
    shutil.copy(EFFECT, effect)
    golden = os.path.join(work, "crossfade.golden")

    missing = transit(["test", "crossfade.lua"], work)
    checks.check("a missing reference fails", missing.returncode == 1, missing.stdout + missing.stderr)
    checks.check("a missing reference says how to make one", "no golden reference; run transit test --record" in missing.stdout, missing.stdout)

    record = transit(["test", "crossfade.lua", "--record"], work)
    checks.check("--record exits 0", record.returncode == 0, record.stdout + record.stderr)
    files = sorted(os.listdir(golden)) if os.path.isdir(golden) else []
    checks.check("the reference is NAME.golden beside NAME.lua with its timeline and frames",
                 "timeline.json" in files and any(name.endswith(".png") for name in files), repr(files))
    timeline = json.load(open(os.path.join(golden, "timeline.json"))) if "timeline.json" in files else {}
    listed = [frame["file"] for frame in timeline.get("frames", [])]
    checks.check("every frame the timeline lists is beside it", listed and all(name in files for name in listed), repr(listed))

    first = tree_bytes(golden)
    again = transit(["test", "crossfade.lua", "--record"], work)
    checks.check("a re-record of an unchanged effect is byte-identical", again.returncode == 0 and tree_bytes(golden) == first,
                 again.stdout + again.stderr)

    serial = transit(["test", "crossfade.lua", "--record", "--jobs", "1"], work)
    checks.check("a record one cell at a time gives the same bytes as on every core",
                 serial.returncode == 0 and tree_bytes(golden) == first, serial.stdout + serial.stderr)

    match = transit(["test", "crossfade.lua"], work)
    checks.check("a golden that matches passes", match.returncode == 0, match.stdout + match.stderr)
    checks.check("the summary line counts the check and the reference", re.search(r"^2 passed, 0 failed$", match.stdout, re.M), match.stdout)

    # One pixel of the first frame, just under and just over pixelmatch's default threshold
    # (0.1: a grey step differs from sqrt(35215 × 0.01 / 0.5053) = 26.4 levels on).
    frame = os.path.join(golden, listed[0]) if listed else None
    pixel = flat_pixel(*read_png(frame)) if frame else None
    checks.check("the recorded frame has a flat area to change", pixel is not None)
    if pixel:
        original = open(frame, "rb").read()
        with open(frame + ".orig", "wb") as handle:
            handle.write(original)
        shifted(frame + ".orig", frame, pixel[0], pixel[1], 26)
        below = transit(["test", "crossfade.lua"], work)
        checks.check("a pixel 26 levels off (under the threshold) passes", below.returncode == 0, below.stdout)
        shifted(frame + ".orig", frame, pixel[0], pixel[1], 27)
        above = transit(["test", "crossfade.lua"], work)
        checks.check("a pixel 27 levels off (over the threshold) fails", above.returncode == 1, above.stdout)
        checks.check("the message names the frame and the count", "1 pixels differ (allowed 0)" in above.stdout and listed[0] in above.stdout,
                     above.stdout)
        report = os.path.join(work, "transit-test-report")
        page = os.path.join(report, "index.html")
        checks.check("a failure writes the HTML report", os.path.isfile(page), above.stdout)
        if os.path.isfile(page):
            html = open(page, encoding="utf-8").read()
            images = re.findall(r'<img src="([^"]+)"', html)
            checks.check("the report shows reference, new frame and difference", len(images) == 3
                         and all(os.path.isfile(os.path.join(report, image)) for image in images), repr(images))
            checks.check("the report has the timeline scrubber", "<canvas" in html and 'type="range"' in html)
            node = shutil.which("node")
            if node:
                script = html.split("<script>")[1].split("</script>")[0]
                with open(os.path.join(work, "report.js"), "w") as handle:
                    handle.write(script)
                parsed = subprocess.run([node, "--check", os.path.join(work, "report.js")], capture_output=True, text=True, timeout=60)
                checks.check("the report's script parses", parsed.returncode == 0, parsed.stderr)
            else:
                print("skip: node is not on PATH; the report's script is not parsed")
        # The file's own tolerance lets one pixel through.
        source = open(effect).read()
        with open(effect, "w") as handle:
            handle.write("-- transit-test: pixels=1\n" + source)
        tolerated = transit(["test", "crossfade.lua"], work)
        checks.check("-- transit-test: pixels=1 accepts the one pixel", tolerated.returncode == 0, tolerated.stdout)
        with open(effect, "w") as handle:
            handle.write("-- transit-test: pixles=1\n" + source)
        misspelt = transit(["test", "crossfade.lua"], work)
        checks.check("a misspelt tolerance fails at its line", misspelt.returncode == 1
                     and 'crossfade.lua:1: unknown transit-test setting "pixles"' in misspelt.stdout, misspelt.stdout)
        with open(effect, "w") as handle:
            handle.write(source)
        os.replace(frame + ".orig", frame)

    # A longer duration: the phases end later, and the views are elsewhere at the same times.
    source = open(effect).read()
    slower = re.sub(r"duration = 1\.0", "duration = 1.5", source)
    checks.check("the copied effect has the duration to change", slower != source)
    with open(effect, "w") as handle:
        handle.write(slower)
    changed = transit(["test", "crossfade.lua"], work)
    checks.check("a changed duration fails", changed.returncode == 1, changed.stdout)
    checks.check("the mismatch names the view, the property, the time, expected and got",
                 re.search(r'^        crossfade\.lua: present \(iPhone 15\): UIViewController "\w+"\.view alpha at \d+\.\d{3} s: '
                           r'expected \d\.\d{3}, got \d\.\d{3}', changed.stdout, re.M), changed.stdout)
    checks.check("the mismatch names the phase's end", "present (iPhone 15): transition end: expected" in changed.stdout, changed.stdout)

    junit = transit(["test", "crossfade.lua", "--format", "junit"], work)
    try:
        root = ElementTree.fromstring(junit.stdout)
        cases = root.findall("./testsuite/testcase")
        failures = root.findall("./testsuite/testcase/failure")
        checks.check("JUnit: one testcase per test, counted", root.get("tests") == str(len(cases)) == "2", junit.stdout)
        checks.check("JUnit: the reference's failure is typed golden", [f.get("type") for f in failures] == ["golden"], junit.stdout)
        checks.check("JUnit: the classname is the file", all(case.get("classname") == "crossfade.lua" for case in cases))
    except ElementTree.ParseError as error:
        checks.check("JUnit output parses", False, str(error))
    as_json = transit(["test", "crossfade.lua", "--format", "json"], work)
    try:
        document = json.loads(as_json.stdout)
        checks.check("JSON: passed and failed counts", document["passed"] == 1 and document["failed"] == 1, as_json.stdout)
        checks.check("JSON: each test has the spec runner's fields",
                     all(set(test) >= {"name", "file", "line", "status", "message"} for test in document["tests"]))
    except ValueError as error:
        checks.check("JSON output parses", False, str(error))

    update = transit(["test", "crossfade.lua", "--update"], work)
    checks.check("--update accepts the new output", update.returncode == 0 and "updated" in update.stdout, update.stdout)
    after = transit(["test", "crossfade.lua"], work)
    checks.check("after --update the test passes", after.returncode == 0, after.stdout)

    # --golden DIR mirrors the file's path.
    mirrored = transit(["test", "crossfade.lua", "--record", "--golden", "refs"], work)
    checks.check("--golden DIR records under DIR at the file's path",
                 mirrored.returncode == 0 and os.path.isfile(os.path.join(work, "refs", "crossfade.golden", "timeline.json")), mirrored.stdout)


def check_scenes_and_modules():
    work = checks.path("scenes")
    os.makedirs(os.path.join(work, "lib"))
    with open(os.path.join(work, "expects.lua"), "w") as handle:
        handle.write('local v = UIView.new{ frame = CGRect(0, 0, 10, 10) }\n'
                     'transit.expect("width", v.frame.width == 10, v.frame.width, 10)\n'
                     'transit.wait(0.1)\n'
                     'transit.expect("alpha", v.alpha == 0.5, v.alpha, 0.5)\n'
                     'transit.expect("bare", false)\n')
    with open(os.path.join(work, "passes.lua"), "w") as handle:
        handle.write('transit.expect("one", 1 == 1, 1, 1)\n')
    with open(os.path.join(work, "asserts.lua"), "w") as handle:
        handle.write('transit.wait(0.1)\nassert(1 == 2, "one is not two")\n')
    with open(os.path.join(work, "lib", "helpers.lua"), "w") as handle:
        handle.write('return { twice = function(x) return 2 * x end }\n')

    run = transit(["run", "expects.lua"], work)
    checks.check("transit.expect prints PASS name", re.search(r"^PASS width$", run.stdout, re.M), run.stdout)
    checks.check("transit.expect prints FAIL file:line: name: got, want",
                 re.search(r"^FAIL expects\.lua:4: alpha: got 1(\.0)?, want 0\.5$", run.stdout, re.M), run.stdout)
    checks.check("a FAIL without values names only the expectation", re.search(r"^FAIL expects\.lua:5: bare$", run.stdout, re.M), run.stdout)
    checks.check("a run with a failed expectation exits 1 and counts", run.returncode == 1 and "2 of 3 expectations failed" in run.stderr,
                 run.stderr)
    ok = transit(["run", "passes.lua"], work)
    checks.check("a run whose expectations pass exits 0", ok.returncode == 0, ok.stdout + ok.stderr)
    asserted = transit(["run", "asserts.lua"], work)
    checks.check("a failing assert in a scene exits 1 at its file:line", asserted.returncode == 1 and "asserts.lua:2: one is not two" in asserted.stderr,
                 asserted.stderr)

    tested = transit(["test", "."], work)
    checks.check("transit test over the scenes exits 1", tested.returncode == 1, tested.stdout)
    checks.check("each expectation is a test", re.search(r"^FAIL  expects\.lua:4  alpha", tested.stdout, re.M)
                 and re.search(r"^PASS  expects\.lua:2  width", tested.stdout, re.M), tested.stdout)
    checks.check("a scene's error is a failed test at its line", "asserts.lua:2: one is not two" in tested.stdout, tested.stdout)
    checks.check("a module found in a directory is not a test", "helpers.lua" not in tested.stdout, tested.stdout)
    checks.check("the summary counts every test", re.search(r"^2 passed, 3 failed$", tested.stdout, re.M), tested.stdout)
    named = transit(["test", "lib/helpers.lua"], work)
    checks.check("a module named on the command line is an error", named.returncode == 1 and "not an effect" in named.stdout, named.stdout)


def check_specs():
    work = checks.path("specs")
    os.makedirs(os.path.join(work, "bin"))
    spec = os.path.join(work, "math_spec.lua")
    with open(spec, "w") as handle:
        handle.write('describe("math", function()\n  it("adds", function() assert(1 + 1 == 2) end)\n'
                     '  it("fails", function() assert(1 + 1 == 3, "one and one") end)\nend)\n')
    # A busted on PATH is used: here a stand-in that prints what busted's json output does.
    fake = os.path.join(work, "bin", "busted")
    report = {"successes": [{"name": "math adds", "message": "", "trace": {"short_src": "math_spec.lua", "currentline": 2}}],
              "failures": [{"name": "math fails", "message": "math_spec.lua:3: one and one",
                            "trace": {"short_src": "math_spec.lua", "currentline": 3}}],
              "errors": [], "pendings": [{"name": "math later", "message": "", "element": {"trace": {"short_src": "math_spec.lua", "currentline": 4}}}]}
    with open(fake, "w") as handle:
        # Shell built-ins only: PATH holds nothing but this directory.
        handle.write("#!/bin/sh\necho \"$@\" > \"%s\"\nprintf '%%s\\n' '%s'\nexit 1\n" % (os.path.join(work, "arguments"), json.dumps(report)))
    os.chmod(fake, os.stat(fake).st_mode | stat.S_IEXEC)
    env = dict(os.environ, PATH=os.path.join(work, "bin"))
    busted = transit(["test", "math_spec.lua"], work, env=env)
    arguments = open(os.path.join(work, "arguments")).read() if os.path.exists(os.path.join(work, "arguments")) else ""
    checks.check("busted runs the specs under transit lua", "--lua=%s lua" % os.path.realpath(BINARY) in arguments and "math_spec.lua" in arguments,
                 arguments)
    checks.check("busted's failures fail the test", busted.returncode == 1, busted.stdout + busted.stderr)
    checks.check("each busted test is one outcome", re.search(r"^PASS  math_spec\.lua:2  math adds", busted.stdout, re.M)
                 and re.search(r"^FAIL  math_spec\.lua:3  math fails", busted.stdout, re.M), busted.stdout)
    checks.check("busted's pending tests are counted apart", re.search(r"^1 passed, 1 failed, 1 pending$", busted.stdout, re.M), busted.stdout)

    # Without busted, Transit's own runner: tested only where `transit lua` exists.
    probe = subprocess.run([BINARY, "lua", "--help"], capture_output=True, text=True, timeout=60)
    if probe.returncode != 0:
        print("skip: transit lua --spec is not in this build (transit lua --help exits %d); the minimal runner is not tested" % probe.returncode)
        return
    own = transit(["test", "math_spec.lua", "--format", "json"], work, env=dict(os.environ, PATH=os.path.join(work, "empty")))
    try:
        document = json.loads(own.stdout)
        checks.check("transit lua --spec: one passed, one failed", document["passed"] == 1 and document["failed"] == 1, own.stdout)
        checks.check("transit lua --spec: the failure exits 1", own.returncode == 1)
    except ValueError as error:
        checks.check("transit lua --spec's result parses", False, str(error) + own.stdout + own.stderr)


def check_usage():
    for arguments, what in [(["--record", "--update"], "--record with --update"), (["no/such/path"], "a missing path"),
                            (["--format", "tap"], "an unknown format"), (["--frobnicate"], "an unknown option"),
                            ([os.path.join(ROOT, "scripts", "test")], "a file that is not Lua")]:
        run = transit(["test"] + arguments, checks.work)
        checks.check("bad usage exits 2: %s" % what, run.returncode == 2 and run.stderr.startswith("transit: "), run.stderr)


check_golden_cycle()
check_scenes_and_modules()
check_specs()
check_usage()
checks.finish()
