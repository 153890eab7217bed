"""The animator catalogue (scripts/animators), driven as a user would (run by scripts/test).

1. Every file there passes `transit check --matrix quick` on iPhone SE, iPhone 15 and iPad, and
   starts with the comment that says what it is; the catalogue's own files declare their
   parameters in a `local params = { ... }` table.
2. The ports carry the numbers of the code they port. Each expected value below comes from the
   ported source (named beside it), never from Transit's output; it is compared with the JSON
   timeline of `transit render FILE -o x.json`:
   - VCTransitionsLibrary (ColinEberhardt/VCTransitionsLibrary, AnimationControllers/):
     CEReversibleAnimationController's duration 1.0 s, CEPanAnimationController's 0.3 s; the
     cube's faces turn a quarter turn with m34 = -1/200; the explode grid is xFactor = 10
     columns by yFactor = 10 x height / width rows; the fold has `folds` = 2, two strips each,
     for both screens; NatGeo's door has m34 = -1/500 and waits for the first
     1 - kAnimationFirstPartRatio = 20 % of the time.
   - Hero (HeroTransitions/Hero, Sources/Preprocessors/DefaultAnimationPreprocessor.swift):
     every default type lasts 0.35 s; push moves the old screen by a third of the new
     screen's shift, on the same curve; zoom / zoomOut scale by 1.3 and 0.7 at the ends.
   - SPStorkController's 0.6 s, Material's container transform's 300 ms.
The first sample after a transition starts is 1/30 s into it; where a value is read there, the
tolerance allows for how far its animation's curve has moved in that time (said at each check)."""

import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BINARY, ROOT, Checks  # noqa: E402

checks = Checks("catalogue-animators")
ANIMATORS = os.path.join("scripts", "animators")

# The catalogue's files (this worktree's part of issue 12); any other file in the directory is
# still checked by the matrix below.
VCTRANSITIONS = ["cards", "crossfade", "cube", "explode", "flip", "fold", "natgeo", "pan", "portal", "turn"]
HERO = ["heroPush", "heroPull", "heroCover", "heroUncover", "heroSlide", "heroZoomSlide", "heroPageIn",
        "heroPageOut", "heroFade", "heroZoom", "heroZoomOut"]
OTHERS = ["sharedElementZoom", "cardStack", "containerTransform"]
CATALOGUE = VCTRANSITIONS + HERO + OTHERS
DEVICES = {"iPhone SE", "iPhone 15", "iPad"}


def transit(*arguments):
    return subprocess.run([BINARY] + list(arguments), cwd=ROOT, capture_output=True, text=True, timeout=600)


def timeline(name, *options):
    path = checks.path(name + ".json")
    result = transit("render", os.path.join(ANIMATORS, name + ".lua"), "-o", path, *options)
    if not checks.check("%s renders a timeline" % name, result.returncode == 0, result.stderr[-800:]):
        return None
    with open(path) as handle:
        return json.load(handle)


def transition(document, phase):
    return next(t for t in document["transitions"] if t["phase"] == phase)


def sample_after(document, time):
    """The first sample strictly after `time` (the one at the start instant precedes the transition)."""
    return next(s for s in document["samples"] if s["time"] > time + 1e-9)


def sample_at_fraction(document, phase, fraction):
    span = transition(document, phase)
    return sample_after(document, span["start"] + (span["end"] - span["start"]) * fraction)


def layer(sample, name):
    return next((l for l in sample["layers"] if l["name"] == name), None)


def count(sample, name):
    return sum(1 for l in sample["layers"] if l["name"] == name)


def transform(entry):
    """The 4x4 (row-major m11..m44) of a timeline layer; identity when the timeline omits it."""
    return entry.get("transform") or [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]


INBOX, MESSAGE = 'UIViewController "Inbox".view', 'UIViewController "Message".view'

# 1. The matrix over every file in the directory.
files = sorted(os.path.join(ANIMATORS, name) for name in os.listdir(os.path.join(ROOT, ANIMATORS)) if name.endswith(".lua"))
checks.check("the catalogue is all there", all(os.path.join(ANIMATORS, n + ".lua") in files for n in CATALOGUE),
             "missing %s" % [n for n in CATALOGUE if os.path.join(ANIMATORS, n + ".lua") not in files])
result = transit("check", "--matrix", "quick", "--format", "json", *files)
checks.check("transit check --matrix quick exits 0", result.returncode == 0, result.stdout[-2000:] + result.stderr[-500:])
document = json.loads(result.stdout)
checks.check("one report per file", [effect["file"] for effect in document["effects"]] == files,
             [effect["file"] for effect in document["effects"]])
for effect in document["effects"]:
    failing = [(cell["name"], [p["id"] for p in cell["problems"]], cell["error"]) for cell in effect["cells"] if not cell["passed"]]
    checks.check("%s passes every cell" % effect["file"], effect["passed"] and not failing, failing)
    devices = {cell["device"] for cell in effect["cells"]}
    checks.check("%s ran on iPhone SE, iPhone 15 and iPad" % effect["file"], devices == DEVICES, devices)
    paths = {(cell["path"], cell["animated"]) for cell in effect["cells"]}
    # A navigation animator (Apple's checkerboard) pushes and pops instead of presenting.
    verb = "push-pop" if effect["kind"] == "navigation delegate" else "present-dismiss"
    checks.check("%s ran its transitions (%s), animated and not" % (effect["file"], verb),
                 {(verb, True), (verb, False)} <= paths, paths)

for path in files:
    with open(os.path.join(ROOT, path)) as handle:
        text = handle.read()
    checks.check("%s starts with its description" % path, text.startswith("-- "), text[:80])
for name in CATALOGUE:
    with open(os.path.join(ROOT, ANIMATORS, name + ".lua")) as handle:
        text = handle.read()
    header = text.split("\n\n", 1)[0]
    checks.check("%s names its parameters and the UIKit feature it shows" % name,
                 "Parameters:" in header and "UIKit feature" in header and "\nlocal params = {" in text, header[-300:])

# 2. Numbers from the sources.
EXPECTED_DURATION = {name: 1.0 for name in VCTRANSITIONS}     # CEReversibleAnimationController
EXPECTED_DURATION["pan"] = 0.3                                  # CEPanAnimationController sets .3
EXPECTED_DURATION.update({name: 0.35 for name in HERO})         # Hero: .duration(0.35)
EXPECTED_DURATION["cardStack"] = 0.6                            # SPStorkController's animations
EXPECTED_DURATION["containerTransform"] = 0.3                   # Material's motionDurationLong1

timelines = {}
for name, duration in sorted(EXPECTED_DURATION.items()):
    document = timeline(name)
    if document is None:
        continue
    timelines[name] = document
    for phase in ("present", "dismiss"):
        span = transition(document, phase)
        checks.check("%s: the %s lasts %.2f s, as in its source" % (name, phase, duration),
                     span["completed"] and abs(span["end"] - span["start"] - duration) < 1e-6, span)

# The cube: the new face starts a quarter turn about y (m11 = cos 90° = 0, m31 = sin 90° = 1)
# with m34 = -1/200. 1/30 s into 1 s of easeInOut the curve has moved < 1 %.
cube = timelines.get("cube")
if cube:
    face = transform(layer(sample_after(cube, transition(cube, "present")["start"]), MESSAGE))
    checks.check("cube: perspective m34 = -1/200", abs(face[11] - (-1 / 200)) < 0.01 / 200, face)
    checks.check("cube: the new face starts turned 90° about y", abs(face[0]) < 0.02 and abs(abs(face[8]) - 1) < 0.01, face)

# NatGeo: the old screen is a door with m34 = -1/500 that does not move during the first
# 1 - 0.8 of the time (its keyframe starts at 0.2), then turns.
natgeo = timelines.get("natgeo")
if natgeo:
    door = transform(layer(sample_at_fraction(natgeo, "present", 0.1), INBOX))
    checks.check("natgeo: the door has m34 = -1/500", abs(door[11] - (-1 / 500)) < 1e-9, door)
    checks.check("natgeo: the door waits for the first 20 %", abs(door[0] - 1) < 1e-9, door)
    later = transform(layer(sample_at_fraction(natgeo, "present", 0.6), INBOX))
    checks.check("natgeo: then it swings", later[0] < 0.99, later)

# Explode: xFactor = 10 columns, yFactor = 10 x height / width rows (the last row cut by the
# screen's bottom), on two screens of different proportions.
for device in ("iPhone 15", "iPhone SE"):
    explode = timeline("explode", "--device", device)
    if explode:
        window = explode["samples"][0]["layers"][0]["frame"]
        width, height = window[2], window[3]
        expected = 10 * math.ceil(10 * height / width)
        pieces = count(sample_at_fraction(explode, "present", 0.5), 'UIView "explode piece"')
        checks.check("explode on %s: %d pieces (10 x ceil(10 x %g / %g))" % (device, expected, height, width),
                     pieces == expected, "got %d" % pieces)

# Fold: folds = 2, each a left and a right strip, for the old and the new screen.
fold = timelines.get("fold")
if fold:
    strips = count(sample_at_fraction(fold, "present", 0.5), 'UIView "fold"')
    checks.check("fold: 2 folds x 2 strips x 2 screens", strips == 8, "got %d" % strips)

# Hero push / pull: both views share one curve, and the screen underneath moves by a third of
# the top screen's shift (shift / 3): under_tx = ∓(W - |top_tx|) / 3 at every instant.
for name, phase, top, under, sign in (("heroPush", "present", MESSAGE, INBOX, -1), ("heroPush", "dismiss", MESSAGE, INBOX, -1)):
    document = timelines.get(name)
    if not document:
        continue
    width = document["samples"][0]["layers"][0]["frame"][2]
    for fraction in (0.3, 0.6):
        sample = sample_at_fraction(document, phase, fraction)
        top_tx, under_tx = transform(layer(sample, top))[12], transform(layer(sample, under))[12]
        expected = sign * (width - abs(top_tx)) / 3
        checks.check("%s %s at %d %%: the screen underneath moves a third as far" % (name, phase, fraction * 100),
                     abs(under_tx - expected) < 0.01 and abs(top_tx) > 1, (top_tx, under_tx, expected))

# Hero zoom / zoomOut: the two screens' scales differ by 1.3 - 1 = 1 - 0.7 = 0.3 throughout,
# and the fading screen's opacity follows the same progress.
for name, grower, fader in (("heroZoomOut", MESSAGE, MESSAGE), ("heroZoom", INBOX, INBOX)):
    document = timelines.get(name)
    if not document:
        continue
    other = INBOX if grower == MESSAGE else MESSAGE
    sample = sample_at_fraction(document, "present", 0.5)
    big, small = layer(sample, grower), layer(sample, other)
    big_scale, small_scale = transform(big)[0], transform(small)[0]
    checks.check("%s: the scales differ by 0.3 (1.3 and 0.7 at the ends)" % name,
                 abs(big_scale - small_scale - 0.3) < 1e-6 and 1 < big_scale < 1.3, (big_scale, small_scale))
    progress = (1.3 - big_scale) / 0.3 if name == "heroZoomOut" else (big_scale - 1) / 0.3
    expected_opacity = progress if name == "heroZoomOut" else 1 - progress
    checks.check("%s: the fade follows the same curve" % name, abs(layer(sample, fader)["opacity"] - expected_opacity) < 1e-6,
                 (layer(sample, fader)["opacity"], expected_opacity))

checks.finish()
