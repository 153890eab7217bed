"""transit check and the problem ids, driven as a user would (run by scripts/test).

Every fixture under Tests/Fixtures/problems/ is broken in exactly one way, named by its file
name (the problem id). What each must fail, and in which cells, comes from how the fixture is
built and from UIKit's documented contract (docs/check.md), never from Transit's output:
- a fixture that breaks the presentation or both directions fails every cell;
- one that breaks only what a cancel must undo fails only the cells whose gesture is short
  enough to cancel (10 %: the fixtures cancel below 50 %);
- one whose interaction never ends fails only the interactive cells;
- a duration of 0 is right for a non-animated transition, so only animated cells fail."""

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BINARY, ROOT, Checks  # noqa: E402

checks = Checks("check")
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "problems")


def transit(*arguments):
    return subprocess.run([BINARY] + list(arguments), cwd=ROOT, capture_output=True, text=True, timeout=300)


def cells_of(document):
    return [cell for effect in document["effects"] for cell in effect["cells"]]


# Which cells each broken fixture fails (a predicate on the cell), from its construction.
EVERY = lambda cell: True  # noqa: E731
CANCELLED = lambda cell: cell["path"] == "interactive-dismiss" and cell["fraction"] < 0.5  # noqa: E731
INTERACTIVE = lambda cell: cell["path"] == "interactive-dismiss"  # noqa: E731
ANIMATED = lambda cell: cell["path"] == "present-dismiss" and cell["animated"]  # noqa: E731
EXPECTED = {
    "complete-never-called": EVERY,
    "complete-called-twice": EVERY,
    "complete-contradicts-outcome": CANCELLED,
    "presented-not-visible": EVERY,
    # A full-screen style: UIKit asks the animator only for animated transitions (the custom
    # style alone is animated by it unanimated too), so the forgetful animator never runs then.
    "revealed-not-visible": ANIMATED,
    "transition-stuck": INTERACTIVE,
    "view-left-over": EVERY,
    "final-frame-mismatch": EVERY,
    "cancel-not-restored": CANCELLED,
    "non-finite-geometry": EVERY,
    "animation-after-completion": ANIMATED,
    "bad-duration": ANIMATED,
    "interaction-drives-nothing": INTERACTIVE,
    # The badge is on the presented view in every cell that presents (every cell does).
    "ambiguous-layout": EVERY,
    # Issue 22 item 6: the UIKit developers' mistakes (MISTAKES below runs their corrected twins).
    # Scenes (a file that returns nothing) make the mistake in every cell they run.
    "presentation-controller-ignored": EVERY,
    "delegate-set-too-late": EVERY,
    "delegate-on-presenter": EVERY,
    # Returned for every dismissal: the animated ones no finger finishes hang (a plain
    # dismissal, or the one after a cancelled gesture); a non-animated one is not interactive.
    "interaction-never-driven": lambda cell: ANIMATED(cell) or CANCELLED(cell),
    # Every cell presents the card, animated or not.
    "presenter-removed-uncovered": EVERY,
    # Only a cancelled dismissal calls dismissalTransitionDidEnd(false).
    "chrome-removed-on-cancel": CANCELLED,
    # A 0 s animation for a non-animated transition: only animated cells outlast the duration.
    "animation-outlasts-duration": ANIMATED,
    # The custom style runs animateTransition unanimated too, and UIKit asks again after it.
    "interruptible-animator-changed": EVERY,
    # The presented view is snapshotted before it was ever drawn, animated or not (custom style).
    "snapshot-never-drawn": EVERY,
    # Issue 22 item 4: the forgotten guard stays over the window from the first presentation on;
    # the presenter never gets viewWillAppear back after any dismissal.
    "touches-blocked": EVERY,
    "unbalanced-appearance": EVERY,
    # The dismissal's completion restores the frame a frame before completeTransition, animated or not.
    "one-frame-flash": EVERY,
}
PHASES = {"present", "dismiss", "interactive", "interactive finish", "interactive cancel", "push", "pop", "scene"}
CELL_KEYS = {"name", "device", "ios", "style", "path", "animated", "fraction", "rotated", "variant", "passed", "error", "problems"}
PROBLEM_KEYS = {"id", "explanation", "message", "phase", "time"}

# Every id has its fixture, and every fixture is an id.
fixtures = sorted(name[:-4] for name in os.listdir(FIXTURES) if name.endswith(".lua") and not name.startswith("ok-"))
checks.check("one fixture per problem id", fixtures == sorted(EXPECTED), "fixtures %s" % fixtures)

# docs/check.md documents every id (hook-typo belongs to the hook-name checks).
import re  # noqa: E402
with open(os.path.join(ROOT, "docs", "check.md")) as handle:
    documented = set(re.findall(r"^\| `([a-z-]+)` \|", handle.read(), re.MULTILINE))
checks.check("docs/check.md lists every id", documented == set(EXPECTED) | {"hook-typo"}, "%s" % sorted(documented ^ (set(EXPECTED) | {"hook-typo"})))

for problem_id, fails in sorted(EXPECTED.items()):
    path = os.path.join(FIXTURES, problem_id + ".lua")
    result = transit("check", path, "--format", "json")
    checks.check("%s: check exits 1" % problem_id, result.returncode == 1, result.stderr)
    try:
        document = json.loads(result.stdout)
    except ValueError:
        checks.check("%s: check prints JSON" % problem_id, False, result.stdout[:400])
        continue
    cells = cells_of(document)
    ids = {problem["id"] for cell in cells for problem in cell["problems"]}
    checks.check("%s: fails exactly that check" % problem_id, ids == {problem_id}, "ids %s" % sorted(ids))
    errors = [cell["error"] for cell in cells if cell["error"]]
    checks.check("%s: no script error" % problem_id, not errors, "%s" % errors[:1])
    wrong = [cell["name"] for cell in cells if cell["passed"] == fails(cell)]
    checks.check("%s: fails in the cells its construction predicts" % problem_id, not wrong and cells, "wrong: %s" % wrong)
    for cell in cells:
        for problem in cell["problems"]:
            checks.check("%s: problem keys" % problem_id, set(problem) == PROBLEM_KEYS, "%s" % sorted(problem))
            checks.check("%s: phase %r" % (problem_id, problem["phase"]), problem["phase"] in PHASES)
            checks.check("%s: time is virtual seconds" % problem_id,
                         isinstance(problem["time"], (int, float)) and 0 <= problem["time"] < 120, "%r" % problem["time"])
            break
    # transit run reports the same problem for the path it runs (the default scene runs every
    # path a fixture fails on: animated present and dismiss, and gestures of 10 % and 90 %).
    run = transit("run", path)
    checks.check("%s: run exits 1" % problem_id, run.returncode == 1, run.stderr[-400:])
    checks.check("%s: run reports [%s]" % (problem_id, problem_id), "problem: [%s]" % problem_id in run.stderr, run.stderr[-600:])

# Issue 22 item 6: every mistake fails with the id that names its cause (above for a new id,
# here for those reported under an older id), and its corrected twin, ok-<name>.lua beside it,
# passes both transit check and transit run.
MISTAKES_DIR = os.path.join(ROOT, "Tests", "Fixtures", "mistakes")
MISTAKES = [  # (broken fixture, its id, which cells fail)
    (os.path.join(FIXTURES, "presentation-controller-ignored.lua"), "presentation-controller-ignored", EVERY),
    (os.path.join(FIXTURES, "delegate-set-too-late.lua"), "delegate-set-too-late", EVERY),
    (os.path.join(FIXTURES, "delegate-on-presenter.lua"), "delegate-on-presenter", EVERY),
    (os.path.join(FIXTURES, "interaction-never-driven.lua"), "interaction-never-driven", None),
    (os.path.join(FIXTURES, "presenter-removed-uncovered.lua"), "presenter-removed-uncovered", None),
    (os.path.join(FIXTURES, "chrome-removed-on-cancel.lua"), "chrome-removed-on-cancel", None),
    (os.path.join(FIXTURES, "animation-outlasts-duration.lua"), "animation-outlasts-duration", None),
    (os.path.join(FIXTURES, "interruptible-animator-changed.lua"), "interruptible-animator-changed", None),
    (os.path.join(FIXTURES, "snapshot-never-drawn.lua"), "snapshot-never-drawn", None),
    # A custom style: the animator runs unanimated too, so every cell dismisses into black.
    (os.path.join(MISTAKES_DIR, "presenter-view-in-container.lua"), "revealed-not-visible", EVERY),
    (os.path.join(MISTAKES_DIR, "presenter-scaled-after-cancel.lua"), "cancel-not-restored", CANCELLED),
]
for broken_path, problem_id, fails in MISTAKES:
    name = os.path.basename(broken_path)
    if os.path.dirname(broken_path) == MISTAKES_DIR:
        result = transit("check", broken_path, "--format", "json")
        document = json.loads(result.stdout) if result.stdout.startswith("{") else {"effects": []}
        cells = cells_of(document)
        checks.check("mistake %s: check exits 1" % name, result.returncode == 1, result.stderr[-400:])
        checks.check("mistake %s: fails exactly %s" % (name, problem_id),
                     {p["id"] for c in cells for p in c["problems"]} == {problem_id} and not any(c["error"] for c in cells),
                     "%s" % sorted({p["id"] for c in cells for p in c["problems"]}))
        checks.check("mistake %s: fails in the cells its construction predicts" % name,
                     cells and all(c["passed"] != fails(c) for c in cells), "wrong: %s" % [c["name"] for c in cells if c["passed"] == fails(c)])
        run = transit("run", broken_path)
        checks.check("mistake %s: run reports [%s]" % (name, problem_id), run.returncode == 1 and "problem: [%s]" % problem_id in run.stderr, run.stderr[-600:])
    twin = os.path.join(os.path.dirname(broken_path), "ok-" + name)
    fixed = transit("check", twin)
    checks.check("mistake %s: the corrected twin passes transit check" % name, fixed.returncode == 0, fixed.stdout[-800:])
    fixed_run = transit("run", twin)
    checks.check("mistake %s: the corrected twin passes transit run" % name, fixed_run.returncode == 0, fixed_run.stderr[-600:])

# The patterns the rules must allow: chrome behind the presented view, a snapshot removed right after.
ok = transit("check", os.path.join(FIXTURES, "ok-chrome-and-snapshot.lua"))
checks.check("chrome and a snapshot removed after completeTransition pass", ok.returncode == 0, ok.stdout[-800:])

# Each cell runs its path twice on the same effect object: state that leaks from the first
# transition into the second is caught (the default scene presents once and passes).
once = os.path.join(ROOT, "Tests", "Fixtures", "check", "works-once.lua")
leak = transit("check", "--format", "json", once)
leak_cells = cells_of(json.loads(leak.stdout)) if leak.stdout.startswith("{") else []
checks.check("a leaking effect fails every cell", leak.returncode == 1 and leak_cells and not any(c["passed"] for c in leak_cells),
             leak.stdout[-600:])
checks.check("a leaking effect fails in the second round only",
             all([p["id"] for p in c["problems"]] == ["presented-not-visible"] for c in leak_cells), leak.stdout[-600:])
checks.check("a leaking effect passes transit run (one presentation)", transit("run", once).returncode == 0)

# After a cancelled dismissal the container stays: a view left above the presented view covers it.
shade = transit("check", "--format", "json", os.path.join(ROOT, "Tests", "Fixtures", "check", "shade-left-after-cancel.lua"))
shade_cells = cells_of(json.loads(shade.stdout)) if shade.stdout.startswith("{") else []
checks.check("a view left after a cancelled dismissal is view-left-over, in the cancel cells only",
             shade.returncode == 1 and shade_cells and all(
                 ({p["id"] for p in c["problems"]} == {"view-left-over"}) == CANCELLED(c) and
                 all(p["phase"] == "interactive cancel" for p in c["problems"]) for c in shade_cells), shade.stdout[-800:])

# An interactive presentation: the effect installs its gesture on the presenting screen
# (installPresentationGesture) and the matrix moves a finger over it 10 % and 90 % of the way.
drawer_file = os.path.join(ROOT, "Tests", "Fixtures", "check", "drawer-interactive-present.lua")
drawer = transit("check", "--format", "json", drawer_file)
drawer_cells = cells_of(json.loads(drawer.stdout)) if drawer.stdout.startswith("{") else []
INTERACTIVE_PRESENT = lambda cell: cell["path"] == "interactive-present"  # noqa: E731
checks.check("an interactive presentation passes", drawer.returncode == 0, drawer.stdout[-600:])
checks.check("an interactive presentation gets cells at 10 % and 90 % on every device and version",
             sorted((c["ios"], c["device"], c["fraction"]) for c in drawer_cells if INTERACTIVE_PRESENT(c)) ==
             sorted((v, d, f) for v in (8, 18) for d in ("iPhone SE", "iPhone 15", "iPad") for f in (0.1, 0.9)))
# The same drawer whose gesture never finishes nor cancels: only the interactive-present cells,
# where the finger began a presentation, are stuck.
stuck_file = checks.path("drawer-stuck.lua")
with open(stuck_file, "w") as stuck_source:
    source = open(drawer_file).read()
    stuck_source.write(source.replace("if progress > 0.5 and g.state == \"ended\" then self:finish() else self:cancel() end", ""))
stuck = transit("check", "--format", "json", stuck_file)
stuck_cells = cells_of(json.loads(stuck.stdout)) if stuck.stdout.startswith("{") else []
checks.check("a presentation gesture that never ends is transition-stuck, in those cells only",
             stuck.returncode == 1 and stuck_cells and all(
                 ({p["id"] for p in c["problems"]} == {"transition-stuck"}) == INTERACTIVE_PRESENT(c) for c in stuck_cells),
             stuck.stdout[-800:])

# A navigation delegate pushes and pops instead of presenting.
navigation = transit("check", "--format", "json", os.path.join(ROOT, "Tests", "Fixtures", "check", "navigation-slide.lua"))
navigation_document = json.loads(navigation.stdout) if navigation.stdout.startswith("{") else {"effects": []}
checks.check("a navigation delegate passes", navigation.returncode == 0, navigation.stdout[-600:])
checks.check("a navigation delegate is named so", [e["kind"] for e in navigation_document["effects"]] == ["navigation delegate"])
checks.check("a navigation delegate pushes and pops, animated and not, on three devices at two versions",
             sorted((c["path"], c["animated"]) for c in cells_of(navigation_document)) ==
             sorted([("push-pop", True), ("push-pop", False)] * 6))
forgets = transit("check", "--format", "json", os.path.join(ROOT, "Tests", "Fixtures", "check", "navigation-forgets-to-view.lua"))
forgets_cells = cells_of(json.loads(forgets.stdout)) if forgets.stdout.startswith("{") else []
checks.check("a push without the to view is presented-not-visible, a pop revealed-not-visible",
             forgets.returncode == 1 and forgets_cells and all(
                 {(p["phase"], p["id"]) for p in c["problems"]} == {("push", "presented-not-visible"), ("pop", "revealed-not-visible")}
                 for c in forgets_cells), forgets.stdout[-800:])

# Every shipped effect and seed passes the quick matrix.
shipped = sorted(
    os.path.join(directory, name)
    for directory in ("scripts/animators", "scripts/presentations", "scripts/seeds")
    for name in os.listdir(os.path.join(ROOT, directory)) if name.endswith(".lua"))
result = transit("check", "--matrix", "quick", "--format", "json", *shipped)
checks.check("shipped scripts pass --matrix quick", result.returncode == 0, result.stdout[-1500:])
document = json.loads(result.stdout)
checks.check("top-level JSON keys", set(document) == {"matrix", "ios", "summary", "effects"}, "%s" % sorted(document))
checks.check("summary keys", set(document["summary"]) == {"files", "cells", "passed", "failed"}, "%s" % document["summary"])
checks.check("one entry per file", [effect["file"] for effect in document["effects"]] == shipped,
             "%s" % [effect["file"] for effect in document["effects"]])
checks.check("effect keys", all(set(effect) == {"file", "kind", "passed", "cells"} for effect in document["effects"]))
checks.check("cell keys", all(set(cell) == CELL_KEYS for cell in cells_of(document)))
checks.check("summary adds up", document["summary"]["cells"] == len(cells_of(document)) and document["summary"]["failed"] == 0)
by_file = {effect["file"]: effect for effect in document["effects"]}
swipe = by_file["scripts/animators/swipe.lua"]
devices = {cell["device"] for cell in swipe["cells"]}
checks.check("quick matrix devices", devices == {"iPhone SE", "iPhone 15", "iPad"}, "%s" % devices)
# The default versions: iOS 8 (the first with ctx:view and presentation controllers) and 18 (the
# newest Transit models), docs/check.md.
checks.check("default versions", document["ios"] == [8, 18] and {cell["ios"] for cell in swipe["cells"]} == {8, 18},
             "%s %s" % (document["ios"], sorted({cell["ios"] for cell in swipe["cells"]})))
# Swipe declares an edge-pan dismissal and the fullScreen style: present and dismiss animated and
# not, and a gesture of 10 % and of 90 %, on each of the three devices, at each of two versions.
checks.check("swipe: 2 versions x 3 devices x (2 + 2 + a flick) cells", len(swipe["cells"]) == 30, "%d" % len(swipe["cells"]))
checks.check("swipe: its style", {cell["style"] for cell in swipe["cells"]} == {"fullScreen"})
checks.check("swipe is a transitioning delegate", swipe["kind"] == "transitioning delegate", swipe["kind"])
checks.check("cross-dissolve is an animator", by_file["scripts/animators/crossDissolve.lua"]["kind"] == "animator")
checks.check("custom presentation is a presentation controller",
             by_file["scripts/presentations/customPresentation.lua"]["kind"] == "presentation controller")
checks.check("a file returning nothing is a scene", by_file["scripts/seeds/003_scene.lua"]["kind"] == "scene")

# Same inputs, same bytes.
again = transit("check", "--matrix", "quick", "--format", "json", *shipped)
checks.check("check output is deterministic", again.stdout == result.stdout)

full_shipped = transit("check", "--matrix", "full", *shipped)
checks.check("shipped scripts pass --matrix full", full_shipped.returncode == 0, full_shipped.stdout[-1500:])

# full: iPad landscape, more gesture distances and a rotation mid-presentation.
full = transit("check", "--matrix", "full", "--format", "json", "scripts/animators/swipe.lua")
checks.check("swipe passes --matrix full", full.returncode == 0, full.stdout[-1500:])
full_cells = cells_of(json.loads(full.stdout))
checks.check("full adds iPad landscape", any(cell["device"] == "iPad landscape" for cell in full_cells))
checks.check("full rotates mid-presentation", any(cell["rotated"] for cell in full_cells))
checks.check("full has more gesture distances",
             len({cell["fraction"] for cell in full_cells if cell["fraction"] is not None}) > 2)

# --device keeps one device.
one = transit("check", "--device", "iPhone SE", "--format", "json", "scripts/animators/crossDissolve.lua")
checks.check("--device limits the matrix", {cell["device"] for cell in cells_of(json.loads(one.stdout))} == {"iPhone SE"})

# JUnit: one testsuite per file, one testcase per cell, failures typed by problem id.
broken = os.path.join(FIXTURES, "view-left-over.lua")
junit = transit("check", "--format", "junit", broken, "scripts/animators/crossDissolve.lua")
checks.check("junit exits 1 when a cell fails", junit.returncode == 1)
try:
    root = ElementTree.fromstring(junit.stdout)
    suites = root.findall("testsuite")
    checks.check("junit root", root.tag == "testsuites")
    checks.check("junit: one suite per file", [suite.get("name") for suite in suites] ==
                 [os.path.relpath(broken, ROOT), "scripts/animators/crossDissolve.lua"], "%s" % [s.get("name") for s in suites])
    cases = root.findall("testsuite/testcase")
    checks.check("junit: tests attribute counts testcases", int(root.get("tests")) == len(cases) == 24, "%s %d" % (root.get("tests"), len(cases)))
    failures = root.findall("testsuite/testcase/failure")
    checks.check("junit: the broken file's cells fail", len(failures) == 12 and int(root.get("failures")) == 12, "%d" % len(failures))
    checks.check("junit: failure type is the id", all(failure.get("type") == "view-left-over" for failure in failures))
    checks.check("junit: the good file's cells pass", not suites[1].findall("testcase/failure"))
except ElementTree.ParseError as error:
    checks.check("junit parses", False, "%s: %s" % (error, junit.stdout[:400]))

# A file that fails to load is one failing cell with its error at file and line, not a crash.
checks.write("broken_load.lua", "local x = {}\nx.y.z = 1\nreturn x\n")
loadfail = transit("check", "--format", "json", checks.path("broken_load.lua"))
checks.check("a load failure exits 1", loadfail.returncode == 1, loadfail.stderr)
load_cells = cells_of(json.loads(loadfail.stdout)) if loadfail.stdout.startswith("{") else []
checks.check("a load failure is one load cell", [c["path"] for c in load_cells] == ["load"], loadfail.stdout[-400:])
checks.check("a load failure names file and line", load_cells and load_cells[0]["error"].split("\n")[0].endswith("broken_load.lua:2: attempt to index a nil value (field 'y')"),
             "%s" % (load_cells[0]["error"] if load_cells else ""))

# The readable table.
text = transit("check", broken)
checks.check("text: FAIL lines", "  FAIL  iPhone SE / iOS 8 / custom / present-dismiss animated" in text.stdout, text.stdout[:600])
checks.check("text: the problem under its cell", "        [view-left-over] present at " in text.stdout)
checks.check("text: summary", text.stdout.rstrip().endswith("checked 1 file: 12 cells, 0 passed, 12 failed"), text.stdout[-200:])

# Bad usage: exit 2 and one clear line.
for title, arguments, message in [
    ("unknown flag", ["check", "--colour", "scripts/animators/swipe.lua"], "unknown option --colour"),
    ("missing file", ["check", "nope.lua"], "nope.lua: no such file"),
    ("no file", ["check"], "check needs at least one FILE"),
    ("bad matrix", ["check", "--matrix", "huge", "scripts/animators/swipe.lua"], "--matrix must be quick or full"),
    ("bad format", ["check", "--format", "xml", "scripts/animators/swipe.lua"], "--format must be text, json or junit"),
    ("unknown device", ["check", "--device", "Nokia", "scripts/animators/swipe.lua"], "unknown device \"Nokia\""),
    ("a version that is not a number", ["check", "--ios", "12,x", "scripts/animators/swipe.lua"], "--ios needs iOS version numbers in 7...18 (got \"x\")"),
    ("a version out of range", ["check", "--ios", "6", "scripts/animators/swipe.lua"], "--ios 6: Transit models iOS 7...18"),
    ("a version above the range", ["check", "--ios", "12,19", "scripts/animators/swipe.lua"], "--ios 19: Transit models iOS 7...18"),
    ("an empty version list", ["check", "--ios", "", "scripts/animators/swipe.lua"], "--ios needs a comma-separated list"),
    ("an empty item in the list", ["check", "--ios", "12,,13", "scripts/animators/swipe.lua"], "--ios needs a comma-separated list"),
    ("--ios without a value", ["check", "scripts/animators/swipe.lua", "--ios"], "--ios needs a value"),
]:
    bad = transit(*arguments)
    checks.check("%s exits 2" % title, bad.returncode == 2, "exit %d" % bad.returncode)
    checks.check("%s: one line" % title, bad.stderr.count("\n") == 1 and message in bad.stderr, bad.stderr)

# --ios LIST: the matrix once per version, each cell naming its version. iOS 7's context has no
# view(key) (viewForKey: came in iOS 8), so an animator that calls it errors in every iOS 7 cell
# and passes at 8: one run shows where the version changes the outcome.
checks.write("view_for_key.lua", """local fade = {}
function fade:transitionDuration(ctx) return 0.3 end
function fade:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  if toVC.presentingViewController == ctx:viewController("from") then
    local v = ctx:view("to"); v.frame = ctx:finalFrame(toVC); ctx.containerView:addSubview(v)
  end
  UIView.animate(0.3, function() end, function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
end
return fade
""")
versions = transit("check", "--ios", "7,8", "--format", "json", checks.path("view_for_key.lua"))
version_document = json.loads(versions.stdout) if versions.stdout.startswith("{") else {"effects": [], "ios": None}
version_cells = cells_of(version_document)
checks.check("--ios 7,8: the report's versions", version_document["ios"] == [7, 8], "%s" % version_document["ios"])
checks.check("--ios 7,8: as many cells at each version", version_cells and
             sorted(c["name"].replace("iOS 7", "iOS 8") for c in version_cells if c["ios"] == 7) ==
             sorted(c["name"] for c in version_cells if c["ios"] == 8), versions.stdout[-600:])
checks.check("--ios 7,8: each cell's name names its version",
             version_cells and all(" / iOS %d / " % c["ios"] in c["name"] for c in version_cells))
checks.check("--ios 7,8: every iOS 7 cell fails on ctx:view, every iOS 8 cell passes", versions.returncode == 1 and version_cells and
             all((c["ios"] == 7) == (c["error"] is not None and "method 'view'" in c["error"]) and c["passed"] == (c["ios"] == 8)
                 for c in version_cells), versions.stdout[-800:])
versions_text = transit("check", "--ios", "7,8", checks.path("view_for_key.lua"))
checks.check("--ios 7,8: the text report names the version of each cell",
             "  FAIL  iPhone SE / iOS 7 / custom / present-dismiss animated" in versions_text.stdout
             and "  PASS  iPhone SE / iOS 8 / custom / present-dismiss animated" in versions_text.stdout, versions_text.stdout[:800])
help_text = transit("check", "--help")
checks.check("check --help documents --ios LIST", help_text.returncode == 0 and "[--ios LIST]" in help_text.stdout
             and "default 8" in help_text.stdout and "7...18" in help_text.stdout, help_text.stdout[:600])

# The trace shows the script's calls into the context and names effects by file name.
trace = transit("run", os.path.join(FIXTURES, "cancel-not-restored.lua"), "--trace")
checks.check("trace: completeTransition call", "[ctx] completeTransition(true)" in trace.stdout)
checks.check("trace: completeTransition(false) after the cancel", "[ctx] completeTransition(false)" in trace.stdout)
checks.check("trace: updateInteractiveTransition", "[ctx] updateInteractiveTransition(0." in trace.stdout)
checks.check("trace: finish and cancel", "[ctx] finishInteractiveTransition() at " in trace.stdout
             and "[ctx] cancelInteractiveTransition() at " in trace.stdout)
checks.check("trace: gesture states", "[UIPanGestureRecognizer] began" in trace.stdout and "[UIPanGestureRecognizer] ended" in trace.stdout,
             "\n".join(line for line in trace.stdout.splitlines() if "Gesture" in line)[:400])
checks.check("trace: no full path", FIXTURES not in trace.stdout)
checks.write("good_slide.lua", """local slide = {}
function slide:transitionDuration(ctx) return 0.3 end
function slide:animateTransition(ctx)
  local toVC = ctx:viewController("to")
  if toVC.presentingViewController == ctx:viewController("from") then
    local v = ctx:view("to"); v.frame = ctx:finalFrame(toVC); ctx.containerView:addSubview(v)
  end
  UIView.animate(0.3, function() end, function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
end
return slide
""")
plain = transit("run", checks.path("good_slide.lua"), "--trace")
checks.check("a plain-table animator is named after its file", "good_slide.lua.animateTransition(ctx)" in plain.stdout
             and "Lua table" not in plain.stdout, plain.stdout[:800])
drives = transit("run", os.path.join(FIXTURES, "interaction-drives-nothing.lua"), "--trace")
checks.check("trace: an interaction controller driving nothing", "[DrivesNothing] update(" in drives.stdout
             and "drives nothing" in drives.stdout)

checks.finish()

# ---- Issue 22 item 3: no false problems (each pattern passes; a mutated twin still reports) ----
def ids_of(path, *extra):
    result = transit("check", "--format", "json", path, *extra)
    if not result.stdout.startswith("{"):
        return result.returncode, {"<no json>"}, []
    cells = cells_of(json.loads(result.stdout))
    return (result.returncode, {p["id"] for c in cells for p in c["problems"]},
            [c["error"] for c in cells if c["error"]])


def mutated(source_path, old, new, name):
    text = open(source_path).read()
    checks.check("%s: mutation applies" % name, old in text)
    path = checks.path(name)
    with open(path, "w") as handle:
        handle.write(text.replace(old, new))
    return path


CHECK_FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "check")
card = os.path.join(CHECK_FIXTURES, "ok-card-one-point-offset.lua")
code, ids, errors = ids_of(card)
checks.check("item 3: the App Store card's 1-pt offset is no final-frame-mismatch", code == 0 and not ids and not errors, "%s %s" % (ids, errors))
code, ids, errors = ids_of(mutated(card, "TOP_FIX = -1", "TOP_FIX = -3", "card-three-points.lua"))
checks.check("item 3: a 3-pt offset still is final-frame-mismatch", code == 1 and ids == {"final-frame-mismatch"}, "%s %s" % (ids, errors))

# The shipped card itself with the original's −1 pt passes; −2 pt is a visible gap and fails.
shipped_card = os.path.join(ROOT, "scripts", "presentations", "appStoreCard.lua")
code, ids, errors = ids_of(mutated(shipped_card, "local CARD_TOP_FIX = 0", "local CARD_TOP_FIX = -1 --", "card-original-fix.lua"))
checks.check("item 3: the App Store card with the original's -1 pt passes", code == 0 and not ids and not errors, "%s %s" % (ids, errors))
code, ids, errors = ids_of(mutated(shipped_card, "local CARD_TOP_FIX = 0", "local CARD_TOP_FIX = -2 --", "card-two-points.lua"))
checks.check("item 3: the App Store card 2 pt off is final-frame-mismatch", code == 1 and ids == {"final-frame-mismatch"}, "%s %s" % (ids, errors))

percent = os.path.join(CHECK_FIXTURES, "ok-percent-subclass-super-update.lua")
code, ids, errors = ids_of(percent)
checks.check("item 3: a percent-driven subclass overriding startInteractiveTransition may call super.update",
             code == 0 and not ids and not errors, "%s %s" % (ids, errors))
unused = mutated(percent, "if state.interacting then return self end", "if false then return self end", "percent-never-returned.lua")
code, ids, errors = ids_of(unused)
checks.check("item 3: the same subclass never returned is interaction-drives-nothing", code == 1 and ids == {"interaction-drives-nothing"}, "%s" % ids)
run = transit("run", unused)
checks.check("item 3: the message names the subclass, once", run.stderr.count("[interaction-drives-nothing]") == 1 and
             "OwnStartPull (a UIPercentDrivenInteractiveTransition subclass)" in run.stderr, run.stderr[-600:])

slide = os.path.join(ROOT, "scripts", "interactions", "slideBetweenTabs.lua")
code, ids, errors = ids_of(slide)
checks.check("item 3: Apple's tab-bar Slide passes (the cancelled switch's incoming view is out of the window)",
             code == 0 and not ids and not errors, "%s %s" % (ids, errors))
old = "    transitionContext:completeTransition(not transitionContext.transitionWasCancelled)"
code, ids, errors = ids_of(mutated(slide, old, "    if transitionContext.transitionWasCancelled then fromView.alpha = 0.5 end\n" + old, "slide-leaves-alpha.lua"))
checks.check("item 3: a cancelled switch that leaves the staying view faded is cancel-not-restored",
             code == 1 and ids == {"cancel-not-restored"}, "%s %s" % (ids, errors))
# The reversed pan: the cancelled switch's incoming view leaves the window and the switch the
# coordinator's completion starts moves the staying view (and sends its appearance callbacks).
reversal = transit("run", slide, "--scene", os.path.join(CHECK_FIXTURES, "slide-reversal-scene.lua"), "--trace")
checks.check("item 3: Slide's reversed pan restarts the switch the other way and reports nothing",
             reversal.returncode == 0 and "problem:" not in reversal.stderr + reversal.stdout and
             'tabSwitch of UIViewController "One"] interactive' in reversal.stderr + reversal.stdout, (reversal.stderr + reversal.stdout)[-800:])
# ---- end of issue 22 item 3 ----

# ---- Issue 22 item 4: the twins of the new checks' fixtures pass ----
for twin in ("ok-touch-guard-removed.lua", "ok-appearance-balanced.lua", "ok-one-frame-flash-fixed.lua"):
    code, ids, errors = ids_of(os.path.join(CHECK_FIXTURES, twin))
    checks.check("item 4: %s passes" % twin, code == 0 and not ids and not errors, "%s %s" % (ids, errors))

# ---- Issue 22 item 5: the wider matrix ----
swipe_file = os.path.join(ROOT, "scripts", "animators", "swipe.lua")
quick_cells = cells_of(json.loads(transit("check", "--format", "json", swipe_file).stdout))
checks.check("item 5: quick adds the flick only",
             sorted({c["variant"] for c in quick_cells if c["variant"]}) == ["flick"] and
             all(c["fraction"] == 0.15 and c["path"] == "interactive-dismiss" for c in quick_cells if c["variant"] == "flick"))
full = transit("check", "--format", "json", "--matrix", "full", "--device", "iPhone 15", "--ios", "12,18", swipe_file)
full_cells = cells_of(json.loads(full.stdout)) if full.stdout.startswith("{") else []
checks.check("item 5: full adds the flick, the immediate interruption and the scroll-view drag, per --ios version",
             full.returncode == 0 and sorted((c["ios"], c["variant"]) for c in full_cells if c["variant"]) ==
             sorted((v, x) for v in (12, 18) for x in ("flick", "immediate interruption", "from a scroll view")), full.stdout[-600:])
checks.check("item 5: cell names carry the variant",
             any(c["name"].endswith("/ immediate interruption") for c in full_cells) and
             any(c["name"].endswith("/ from a scroll view") for c in full_cells))
# ---- end of issue 22 item 5 ----
