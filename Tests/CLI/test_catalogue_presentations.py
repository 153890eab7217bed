"""The presentation and interaction catalogue (scripts/presentations, scripts/interactions, and
Apple's CustomTransitions set), driven as a user would (run by scripts/test).

Every effect passes `transit check --matrix quick`, starts with the header a user reads (what it
does, then a parameter table), and reproduces the numbers of the library it follows, read back
from `transit render X -o x.json` (frames, opacities and transition times) or from a small probe
scene (colours and corner radii, which the JSON does not carry). The expected numbers come from
the libraries' sources, worked out for the simulated devices (iPhone 15: 393 × 852 pt, status
bar 54, safe area 59 / 34; iPad: 820 × 1180), never from Transit's output."""

import json
import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BINARY, ROOT, Checks  # noqa: E402

checks = Checks("catalogue-presentations")


def transit(*arguments):
    return subprocess.run([BINARY] + list(arguments), cwd=ROOT, capture_output=True, text=True, timeout=600)


def catalogue(directory):
    folder = os.path.join(ROOT, "scripts", directory)
    return sorted(os.path.join("scripts", directory, name) for name in os.listdir(folder) if name.endswith(".lua"))


def close(a, b, tolerance=0.01):
    return abs(a - b) <= tolerance


# Pinch needs UIPinchGestureRecognizer and transit.touch.pinch (the gesture work); until the API
# has them, the pinch effect says so when run and is left out here.
api = transit("api", "--markdown").stdout
has_pinch = "## UIPinchGestureRecognizer" in api
files = catalogue("presentations") + catalogue("interactions") + ["scripts/animators/checkerboard.lua"]
if not has_pinch:
    print("note: scripts/interactions/pinch.lua skipped: UIPinchGestureRecognizer is not in this build", flush=True)
    files = [f for f in files if not f.endswith("/pinch.lua")]

# 1. Every effect passes the quick matrix, with every cell it declares.
result = transit("check", *files, "--matrix", "quick", "--format", "json")
checks.check("transit check exits 0", result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:])
report = json.loads(result.stdout) if result.stdout.strip().startswith("{") else {"effects": []}
checked = {effect["file"]: effect for effect in report["effects"]}
for file in files:
    effect = checked.get(file)
    if not checks.check("checked: %s" % file, effect is not None, "not in the report"):
        continue
    failures = [cell["name"] for cell in effect["cells"] if not cell["passed"]]
    checks.check("every cell passes: %s" % file, not failures and len(effect["cells"]) >= 3, "failed: %s" % failures)
    # An effect that declares a gesture gets its interactive cells (10 % and 90 % in quick).
    with open(os.path.join(ROOT, file)) as handle:
        source = handle.read()
    declares = re.search(r"interactive(Dismissal|TabSwitch) = \{", source) is not None
    interactive = [c for c in effect["cells"] if c["fraction"] is not None]
    checks.check("interactive cells match the declaration: %s" % file,
                 bool(interactive) == declares, "%d interactive cells, declares a gesture: %s" % (len(interactive), declares))

# 2. Each file opens with the comment a user reads: what it does, then a parameter table.
for file in catalogue("presentations") + catalogue("interactions") + ["scripts/animators/checkerboard.lua"]:
    with open(os.path.join(ROOT, file)) as handle:
        lines = handle.read().split("\n")
    header = []
    for line in lines:
        if not line.startswith("--"):
            break
        header.append(line)
    checks.check("header comment: %s" % file, len(header) >= 8, "%d comment lines at the top" % len(header))
    checks.check("parameter table: %s" % file, any(re.match(r"^-- \| *parameter", line) for line in header),
                 "no '-- | parameter' row in the header")
    checks.check("says what UIKit feature it shows: %s" % file,
                 any(line.startswith("-- Shows:") for line in header) or "customPresentation" in file,
                 "no '-- Shows:' line")


# 3. Facts from the libraries, read back from the rendered timeline.
def timeline(file, *options):
    out = os.path.join(checks.work, os.path.basename(file).replace(".lua", "") + ".json")
    run = transit("render", file, "-o", out, *options)
    if not checks.check("renders: %s %s" % (file, " ".join(options)), run.returncode == 0, run.stderr[-1500:]):
        return None
    with open(out) as handle:
        return json.load(handle)


def frame_at(document, name, time):
    """The frame of the first layer called `name` in the sample nearest `time`."""
    sample = min(document["samples"], key=lambda s: abs(s["time"] - time))
    for layer in sample["layers"]:
        if layer["name"] == name:
            return layer["frame"]
    return None


def durations(document, phase):
    return [t["end"] - t["start"] for t in document["transitions"] if t["phase"] == phase]


def rests(document, name, expected, after_phase="present"):
    """`name` has frame `expected` once the first `after_phase` transition has ended."""
    first = next(t for t in document["transitions"] if t["phase"] == after_phase)
    frame = frame_at(document, name, first["end"] + 0.1)
    return frame is not None and all(close(a, b) for a, b in zip(frame, expected)), frame


MESSAGE = 'UIViewController "Message".view'

# Presentr (PresentationType.swift, ModalSize.swift, ModalCenterPosition.swift): alert 270 × 180
# centred; popup (width − 2·30) × floor(0.66·height) centred; halves floor(h/2) tall centred at
# 3/4 and at 1/4 − 1; PresentrAnimation's default 0.4 s.
presentr = {
    "alert": [(393 - 270) / 2, (852 - 180) / 2, 270, 180],
    "popup": [30, (852 - 562) / 2, 333, 562],
    "bottomHalf": [0, 852 * 3 / 4 - 426 / 2, 393, 426],
    "topHalf": [0, 852 / 4 - 1 - 426 / 2, 393, 426],
}
for name, expected in presentr.items():
    doc = timeline("scripts/presentations/%s.lua" % name)
    if doc:
        ok, frame = rests(doc, MESSAGE, expected)
        checks.check("Presentr %s frame" % name, ok, "frame %s, expected %s" % (frame, expected))
        checks.check("Presentr %s lasts 0.4 s" % name, all(close(d, 0.4, 0.034) for d in durations(doc, "present")),
                     "%s" % durations(doc, "present"))

# PanModal (PanModalPresentable+Defaults.swift, +LayoutHelpers.swift, PanModalPresentationController
# .swift): short form 300 pt above the 34 pt safe area, the sheet as tall as from topOffset
# (59 + 21) down, the 36 × 5 indicator 8 pt above it, 0.5 s transitions.
doc = timeline("scripts/presentations/bottomSheet.lua")
if doc:
    ok, frame = rests(doc, MESSAGE, [0, 852 - 300 - 34, 393, 852 - (59 + 21)])
    checks.check("PanModal short form", ok, "frame %s" % frame)
    ok, frame = rests(doc, 'UIView "dragIndicator"', [(393 - 36) / 2, 852 - 300 - 34 - 8 - 5, 36, 5])
    checks.check("PanModal drag indicator", ok, "frame %s" % frame)
    checks.check("PanModal lasts 0.5 s", all(close(d, 0.5, 0.034) for d in durations(doc, "present")), "%s" % durations(doc, "present"))

# SPStorkController: the card 13 pt below the 54 pt status bar, 0.6 s springs.
doc = timeline("scripts/presentations/cardStack.lua")
if doc:
    ok, frame = rests(doc, MESSAGE, [0, 54 + 13, 393, 852 - 67])
    checks.check("SPStork card frame", ok, "frame %s" % frame)
    checks.check("SPStork lasts 0.6 s", all(close(d, 0.6, 0.034) for d in durations(doc, "present")), "%s" % durations(doc, "present"))

# aunnnn/AppStoreiOS11InteractiveTransition (PresentCardAnimator.swift, DismissCardAnimator.swift,
# GlobalConstants.swift): the card grows from the tapped cell (the default scene's third row,
# 96 + 2 × 76 = 248 pt down, 393 × 76) to the container. The spring's duration is 0.5 + 0.4 ×
# |minY| / screen height and its damping ratio 1 − 0.3 × |minY| / screen height; the container's
# top springs from the card's minY to 0 (zero initial velocity; a spring of ratio ζ overshoots
# by minY · e^(−ζπ/√(1−ζ²))); the card's size changes linearly over 0.6 × that duration. Dismissal: 0.6 s, a
# UIView spring of damping 0.7 back to the cell's frame (its height undershooting by the same law).
def overshoot(distance, damping):
    return distance * math.exp(-damping * math.pi / math.sqrt(1 - damping ** 2))


def frames_of(document, name, start, end):
    out = []
    for sample in document["samples"]:
        if start < sample["time"] < end:
            for layer in sample["layers"]:
                if layer["name"] == name:
                    out.append((sample["time"], layer["frame"]))
                    break
    return out


ROW_Y, ROW_H = 96 + 2 * 76, 76
card_duration = 0.5 + 0.4 * ROW_Y / 852
card_damping = 1 - 0.3 * ROW_Y / 852
doc = timeline("scripts/presentations/appStoreCard.lua", "--fps", "120")
if doc:
    present = next(t for t in doc["transitions"] if t["phase"] == "present")
    dismiss = next(t for t in doc["transitions"] if t["phase"] == "dismiss")
    checks.check("App Store card: the spring lasts 0.5 + 0.4 × 248 / 852 s",
                 close(present["end"] - present["start"], card_duration, 0.01), "%s, expected %.4f" % (present, card_duration))
    checks.check("App Store card: dismissal 0.6 s", close(dismiss["end"] - dismiss["start"], 0.6, 0.01), "%s" % dismiss)
    tops = frames_of(doc, 'UIView "animatedContainerView"', present["start"], present["end"])
    checks.check("App Store card: the container starts at the card's top (zero initial velocity)",
                 bool(tops) and abs(tops[0][1][1] - ROW_Y) < 2, "%s" % tops[:2])
    lowest = min(frame[1] for _, frame in tops) if tops else None
    # (Its peak, 0.22 pt, comes after the spring is within 0.1 % of its end, so the animation may
    # end before it: past 0, but never further than that.)
    checks.check("App Store card: the top goes past 0 as a spring of damping 1 − 0.3 × 248 / 852 does, at most by its overshoot",
                 lowest is not None and 0 < -lowest <= overshoot(ROW_Y, card_damping) + 0.01,
                 "lowest top %s, overshoot %.3f" % (lowest, overshoot(ROW_Y, card_damping)))
    sizes = frames_of(doc, MESSAGE, present["start"], present["end"])
    expanding = 0.6 * card_duration
    linear = [(t, f) for t, f in sizes if t - present["start"] < expanding - 0.01]
    bad = [(round(t, 4), f[3]) for t, f in linear
           if not close(f[3], ROW_H + (852 - ROW_H) * (t - present["start"]) / expanding, 0.5)]
    checks.check("App Store card: the card grows linearly from the row's height to the container's over 0.6 × the spring",
                 len(linear) > 10 and not bad, "%d samples, off: %s" % (len(linear), bad[:4]))
    checks.check("App Store card: the card as wide as the row (centred) throughout",
                 all(close(f[2], 393) and close(f[0], 0) for _, f in sizes), "%s" % sizes[:2])
    ok, frame = rests(doc, MESSAGE, [0, 0, 393, 852])
    checks.check("App Store card: fills the container once presented", ok, "frame %s" % frame)
    ok, frame = rests(doc, 'UIVisualEffectView "blurView"', [0, 0, 393, 852])
    checks.check("App Store card: the blur pinned to the container's edges", ok, "frame %s" % frame)
    back = frames_of(doc, 'UIView "animatedContainerView"', dismiss["start"], dismiss["end"])
    last = back[-1][1] if back else None
    checks.check("App Store card: shrinks back into the row", last is not None and all(
        close(a, b, 1.5) for a, b in zip(last, [0, ROW_Y, 393, ROW_H])), "last frame %s" % last)
    smallest = min(f[3] for _, f in back) if back else None
    checks.check("App Store card: the dismissal's height undershoots as a spring of damping 0.7 does",
                 smallest is not None and close(ROW_H - smallest, overshoot(852 - ROW_H, 0.7), 1.0),
                 "smallest %s, expected %.2f" % (smallest, ROW_H - overshoot(852 - ROW_H, 0.7)))

# The same on the original's Today screen (scripts/scenes/appStoreToday.lua: HomeViewController's
# cards, 20 pt in and 20 pt apart below the 59 pt safe area, 1.2 × (393 − 40) tall): the first
# card's top is 79, the second's 79 + 423.6 + 20, so their springs last 0.5 + 0.4 × minY / 852.
doc = timeline("scripts/scenes/appStoreToday.lua")
if doc:
    presents = durations(doc, "present")
    expected = [0.5 + 0.4 * y / 852 for y in (79, 79 + 1.2 * 353 + 20)]
    checks.check("App Store card: Today's two cards spring for 0.5 + 0.4 × minY / 852 s",
                 len(presents) == 2 and all(close(a, b, 0.01) for a, b in zip(presents, expected)),
                 "%s, expected %s" % (presents, expected))
    first = next(t for t in doc["transitions"] if t["phase"] == "present")
    card = frame_at(doc, 'UIView "card 1"', first["start"] - 0.05)
    checks.check("App Store card: Today's cards laid out as the flow layout sizes them", card is not None and all(
        close(a, b) for a, b in zip(card, [20, 20, 353, 1.2 * 353])), "%s" % card)

# Jelly SlidePresentation: half the width from the left, the presenter pushed by as much
# (parallax 1.0), Duration.medium 0.5 s.
doc = timeline("scripts/presentations/sideMenu.lua")
if doc:
    ok, frame = rests(doc, MESSAGE, [0, 0, 393 / 2, 852])
    checks.check("Jelly menu frame", ok, "frame %s" % frame)
    first = doc["transitions"][0]
    pushed = frame_at(doc, 'UIViewController "Inbox".view', first["end"] - 0.01)
    checks.check("Jelly parallax moves the presenter by the menu's width", pushed is not None and close(pushed[0], 393 / 2, 1),
                 "presenter frame %s" % pushed)
    checks.check("Jelly lasts 0.5 s", all(close(d, 0.5, 0.034) for d in durations(doc, "present")), "%s" % durations(doc, "present"))

# Apple's Adaptive Presentation: on iPad half the container each way, centred, outset by 20;
# on iPhone (compact width) full screen inside a navigation controller.
doc = timeline("scripts/presentations/adaptivePresentation.lua", "--device", "iPad")
if doc:
    ok, frame = rests(doc, 'UIView "presentationWrappingView"', [820 / 4 - 20, 1180 / 4 - 20, 410 + 40, 590 + 40])
    checks.check("Apple adaptive: the card on iPad", ok, "frame %s" % frame)
    checks.check("Apple adaptive: 0.35 s", all(close(d, 0.35, 0.034) for d in durations(doc, "present")), "%s" % durations(doc, "present"))
doc = timeline("scripts/presentations/adaptivePresentation.lua", "--device", "iPhone 15")
if doc:
    ok, frame = rests(doc, "UINavigationController.view", [0, 0, 393, 852])
    checks.check("Apple adaptive: full screen in a navigation controller on iPhone", ok, "frame %s" % frame)

# Apple's Checkerboard: squares of round(393 / 10) = 39 pt in an 11 × 22 grid (ceil(393/39) ×
# ceil(852/39)), a to- and a from-square each; square i flips from proj/(L + 160)·3 s to
# (proj + 160)/(L + 160)·3 s, proj being its corner's projection on the diagonal of length L (the
# top-left corners for a push, the bottom-right ones measured back from the far corner for a
# pop), and the transition completes with the last square: before the full 3 s.
def checkerboard_end(is_push, width=393, height=852, size=39, columns=11, rows=22, spacing=160, duration=3.0):
    length = (width ** 2 + height ** 2) ** 0.5
    ends = []
    for y in range(rows):
        for x in range(columns):
            if is_push:
                corner = (x * size, y * size)
            else:
                corner = (width - (x + 1) * size, height - (y + 1) * size)
            projection = (corner[0] * width + corner[1] * height) / length
            ends.append((projection + spacing) / (length + spacing) * duration)
    return max(ends)


doc = timeline("scripts/animators/checkerboard.lua")
if doc:
    push, pop = durations(doc, "push"), durations(doc, "pop")
    checks.check("Apple checkerboard: the push ends with its last square",
                 len(push) == 1 and close(push[0], checkerboard_end(True), 0.034), "%s, expected %.3f" % (push, checkerboard_end(True)))
    checks.check("Apple checkerboard: the pop ends with its last square",
                 len(pop) == 1 and close(pop[0], checkerboard_end(False), 0.034), "%s, expected %.3f" % (pop, checkerboard_end(False)))
    start = doc["transitions"][0]["start"]
    sample = min(doc["samples"], key=lambda s: abs(s["time"] - (start + 0.05)))
    names = {layer["name"] for layer in sample["layers"] if layer["name"].startswith('UIView "to ')}
    grid = {'UIView "to %d,%d"' % (x, y) for x in range(11) for y in range(22)}
    checks.check("Apple checkerboard: 11 × 22 squares", names == grid, "%d squares" % len(names))
    last = frame_at(doc, 'UIView "to 10,21"', start + 0.05)
    checks.check("Apple checkerboard: 39 pt squares on the grid", last is not None and all(close(a, b) for a, b in zip(last, [390, 819, 39, 39])),
                 "%s" % last)

# Apple's Slide: 0.35 s per switch; a pan finishes at 40 % of the width or more.
doc = timeline("scripts/interactions/slideBetweenTabs.lua")
if doc:
    phases = [t["phase"] for t in doc["transitions"]]
    checks.check("Apple slide: three switches, a cancelled and a finished pan",
                 phases == ["tab switch"] * 3 + ["interactive cancel", "interactive finish"], "%s" % phases)
    checks.check("Apple slide: 0.35 s", all(close(d, 0.35, 0.034) for d in durations(doc, "tab switch")), "%s" % durations(doc, "tab switch"))
run = transit("run", "scripts/interactions/slideBetweenTabs.lua")
checks.check("Apple slide: 9 % cancels, 81 % finishes (threshold 0.4)",
             "slide: percent 0.09 cancel" in run.stdout and "slide: percent 0.81 finish" in run.stdout, run.stdout[-800:])

# 4. Colours and radii: a probe scene presents the effect and lists the container's views.
PROBE = """
local A = UIViewController.new{ title = "A", backgroundColor = UIColor.white }
transit.window.rootViewController = A
local B = UIViewController.new{ title = "B" }
local effect = transit.effect
B.transitioningDelegate = effect
B.modalPresentationStyle = effect.modalPresentationStyle or "custom"
-- The root is on screen (drawn once) before it presents, as in an app: a presenter snapshotted
-- without screen updates in the turn it became the root would be empty on iOS (snapshot-never-drawn).
transit.wait(0.1)
A:present(B, true, nil)
transit.wait(1.5)
-- The transition's container: the window's subview that holds the presented view.
local container = B.view
while container.superview ~= transit.window do container = container.superview end
local function report(view, depth)
  local color = view.backgroundColor
  transit.log(string.format("view|%s|%.3f|%.3f|%.3f", view.name or "?", view.alpha,
    color and color.alpha or -1, view.layer.cornerRadius))
  if depth < 2 then for _, child in ipairs(view.subviews) do report(child, depth + 1) end end
end
for _, view in ipairs(container.subviews) do report(view, 0) end
transit.log(string.format("presented|%.3f", B.view.layer.cornerRadius))
"""
checks.write("probe.lua", PROBE)


def probe(file):
    run = transit("run", file, "--scene", checks.path("probe.lua"))
    views = {}
    presented = None
    for line in run.stdout.split("\n"):
        parts = line.split("] ", 1)[-1].split("|")
        if parts[0] == "view" and len(parts) == 5:
            views.setdefault(parts[1], (float(parts[2]), float(parts[3]), float(parts[4])))
        elif parts[0] == "presented":
            presented = float(parts[1])
    checks.check("probe runs: %s" % file, run.returncode == 0, run.stderr[-1500:])
    return views, presented


views, presented = probe("scripts/presentations/alert.lua")
checks.check("Presentr chrome: black at 0.7, shown", views.get("chromeView", (0, 0, 0))[:2] == (1.0, 0.7), repr(views.get("chromeView")))
checks.check("Presentr alert corners: 4", presented == 4.0, "%s" % presented)
views, presented = probe("scripts/presentations/bottomSheet.lua")
checks.check("PanModal dimming: black at 0.7", views.get("dimmingView", (0, 0, 0))[:2] == (1.0, 0.7), repr(views.get("dimmingView")))
checks.check("PanModal corners: 8", presented == 8.0, "%s" % presented)
checks.check("PanModal indicator: rounded by half its height", views.get("dragIndicator", (0, 0, 0))[2] == 2.5, repr(views.get("dragIndicator")))
views, presented = probe("scripts/presentations/cardStack.lua")
checks.check("SPStork grade: 0.51 over the snapshot", views.get("gradeView", (0, 0, 0))[0] == 0.51, repr(views.get("gradeView")))
checks.check("SPStork corners: 10 on the card and the snapshot",
             presented == 10.0 and views.get("presentingSnapshot", (0, 0, 0))[2] == 10.0, repr((presented, views.get("presentingSnapshot"))))
views, presented = probe("scripts/presentations/sideMenu.lua")
checks.check("Jelly dimmed(alpha: 0.5): colour and view alpha both 0.5", views.get("dimmingView", (0, 0, 0))[:2] == (0.5, 0.5), repr(views.get("dimmingView")))
views, presented = probe("scripts/presentations/adaptivePresentation.lua")
# (iPhone 15 is compact: the adapted full-screen presentation has no wrapper or shadow.)
checks.check("Apple adaptive on iPhone: no card chrome", "presentationWrappingView" not in views, repr(sorted(views)))

# The App Store card's corners: 16 (GlobalConstants.cardCornerRadius) on the card as it leaves
# the cell, 0 once it fills the screen; the cell hidden while presented, shown after.
checks.write("card-probe.lua", """
local A = UIViewController.new{ title = "A", backgroundColor = UIColor.white }
transit.window.rootViewController = A
local cell = UIView.new{ frame = CGRect(20, 300, 353, 200), name = "row 3" }
A.view:addSubview(cell)
local B = UIViewController.new{ title = "B" }
B.transitioningDelegate = transit.effect
B.modalPresentationStyle = "custom"
A:present(B, true, nil)
transit.log(string.format("start|%.3f|%s", B.view.layer:presentation().cornerRadius, tostring(cell.isHidden)))
transit.wait(1.5)
transit.log(string.format("presented|%.3f|%s", B.view.layer:presentation().cornerRadius, tostring(cell.isHidden)))
B:dismiss(true, nil)
transit.wait(1.5)
transit.log(string.format("dismissed|%s", tostring(cell.isHidden)))
""")
run = transit("run", "scripts/presentations/appStoreCard.lua", "--scene", checks.path("card-probe.lua"))
lines = [line.split("] ", 1)[-1] for line in run.stdout.split("\n")]
checks.check("App Store card: corners 16 at the cell, 0 full screen; the cell hidden meanwhile",
             run.returncode == 0 and "start|16.000|true" in lines and "presented|0.000|true" in lines
             and "dismissed|false" in lines, run.stdout[-800:] + run.stderr[-800:])

# 5. A tab bar delegate's misspelt hook is named as a UITabBarControllerDelegate hook (the
# navigation delegate has a hook of the same name, interactionControllerFor).
checks.write("typo.lua", """
local Delegate = NSObject:subclass("Delegate")
function Delegate:animationControllerForTransitionFrom(tabBarController, from, to) return nil end
function Delegate:interactionControllerFr(tabBarController, animator) return nil end
return Delegate.new()
""")
run = transit("run", checks.path("typo.lua"))
checks.check("tab bar delegate typo names its protocol",
             "`interactionControllerFr` is not a UITabBarControllerDelegate hook" in run.stderr + run.stdout
             and "did you mean `interactionControllerFor`" in run.stderr + run.stdout, run.stderr[-800:])

checks.finish()
