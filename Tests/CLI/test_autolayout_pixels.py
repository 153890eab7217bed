"""Pixels of an effect rewritten to Auto Layout, mid-animation (run by scripts/test).

scripts/presentations/sideMenu.lua (after Jelly's SlidePresentation) slides a menu half the
container wide in from the left on a linear UIViewPropertyAnimator, pushes the presenting screen
right by the menu's width times PARALLAX, and fades in a dimming view that is pinned to the
container's four edges with constraints: black at DIM_ALPHA, its view alpha animated 0 ->
DIM_ALPHA alongside, so at progress p it darkens what is under it by DIM_ALPHA * DIM_ALPHA * p.

A scene of our own presents a red menu over a white screen on a 400 x 800 pt screen at scale 1,
and `transit render ... -o DIR/` writes one PNG per frame, frame k at k / FPS seconds (the
renderer's frame interval is 1 / --fps). The effect's numbers are read from its source, the
curve is linear, and the start is when the transition's alongside block first runs (the scene
logs transit.now() there: that block starts as animateTransition returns, with the animator).
From those alone the test expects, at p = 1/4, 1/2 and 3/4:

  * the menu's right edge at x = (W / 2) * p: a pixel 3 px left of it is the menu's red,
    undimmed (the menu is above the dimming view);
  * a pixel 3 px right of it, and one at the far right, is the presenting screen's white darkened
    to 255 * (1 - DIM_ALPHA * DIM_ALPHA * p): the dimming view covers the whole container, which
    only its constraints give it (it has no frame of its own);
  * before the presentation, the white screen undimmed.
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BINARY, ROOT, Checks  # noqa: E402
from test_player import decode_png  # noqa: E402

EFFECT = "scripts/presentations/sideMenu.lua"
WIDTH, HEIGHT = 400, 800
FPS = 40
PRESENT_AT = 0.1
# A solved edge lands between pixels; 3 px keeps the probes off the antialiased column.
PROBE_OFFSET = 3
# Colour rounding of a blend over 8-bit channels.
COLOUR_TOLERANCE = 2

SCENE = """
local effect = transit.effect
local presenter = UIViewController.new{ title = "Presenter", backgroundColor = UIColor.white }
transit.window.rootViewController = presenter
transit.wait(%(present_at)s)
local menu = UIViewController.new{ title = "Menu", backgroundColor = UIColor.red }
menu.transitioningDelegate = effect
menu.modalPresentationStyle = effect.modalPresentationStyle or "custom"
presenter:present(menu, true, nil)
-- Runs with the transition's animations (right after animateTransition returns): the start of
-- the slide, on the clock the frames are sampled on.
menu.transitionCoordinator:animateAlongsideTransition(function()
  transit.log(string.format("slide starts at %%.9f", transit.now()))
end, nil)
transit.wait(1)
""" % {"present_at": PRESENT_AT}


def source_number(source, name):
    """The value of `local NAME = number` in the effect, or None."""
    match = re.search(r"^local %s = ([0-9.]+)" % name, source, re.MULTILINE)
    return float(match.group(1)) if match else None


def main():
    checks = Checks("autolayout-pixels")
    with open(os.path.join(ROOT, EFFECT)) as handle:
        source = handle.read()
    duration, parallax, dim = (source_number(source, name) for name in ("DURATION", "PARALLAX", "DIM_ALPHA"))
    if not checks.check("the effect states DURATION, PARALLAX and DIM_ALPHA", None not in (duration, parallax, dim),
                        "%s %s %s" % (duration, parallax, dim)):
        checks.finish()
    # The slide's curve is what makes the edge linear in time; the test depends on it.
    checks.check("the slide is linear", 'curve = "linear"' in source)

    scene = checks.path("scene.lua")
    with open(scene, "w") as handle:
        handle.write(SCENE)
    frames = checks.path("frames") + os.sep
    result = subprocess.run([BINARY, "render", EFFECT, "--scene", scene, "--device", "%dx%d@1" % (WIDTH, HEIGHT),
                             "--no-status-bar", "--fps", str(FPS), "-o", frames],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    output = result.stdout + result.stderr
    if not checks.check("renders", result.returncode == 0, output[-1500:]):
        checks.finish()
    started = re.search(r"slide starts at ([0-9.]+)", output)
    if not checks.check("the scene logs the start of the slide", started is not None, output[-1500:]):
        checks.finish()
    start = float(started.group(1))

    def frame(time):
        """The PNG sampled at `time` (a multiple of 1 / FPS) and its exact time."""
        index = round(time * FPS)
        path = os.path.join(frames, "frame-%04d.png" % index)
        width, height, pixel = decode_png(path)
        checks.check("frame %d is %d x %d" % (index, WIDTH, HEIGHT), (width, height) == (WIDTH, HEIGHT), str((width, height)))
        return index / FPS, pixel

    def near(colour, expected):
        return all(abs(colour[i] - expected[i]) <= COLOUR_TOLERANCE for i in range(3))

    middle = HEIGHT // 2
    _, before = frame(PRESENT_AT - 1 / FPS)
    checks.check("before the presentation the screen is white", near(before(WIDTH // 2, middle), (255, 255, 255)),
                 str(before(WIDTH // 2, middle)))

    for wanted in (0.25, 0.5, 0.75):
        time, pixel = frame(start + wanted * duration)
        progress = (time - start) / duration
        edge = WIDTH / 2 * progress
        # The presenting screen moves with the menu; right of both is what the dimming covers.
        presenter_edge = WIDTH / 2 * parallax * progress
        grey = 255 * (1 - dim * dim * progress)
        label = "t = %.3f s (p = %.3f, edge at x = %.1f)" % (time, progress, edge)
        for x, y in ((edge - PROBE_OFFSET, middle), (edge - PROBE_OFFSET, PROBE_OFFSET),
                     (edge - PROBE_OFFSET, HEIGHT - PROBE_OFFSET)):
            colour = pixel(int(x), y)
            checks.check("%s: menu red at (%d, %d)" % (label, x, y), near(colour, (255, 0, 0)), str(colour))
        for x in (max(edge, presenter_edge) + PROBE_OFFSET, WIDTH - PROBE_OFFSET):
            colour = pixel(int(x), middle)
            checks.check("%s: dimmed white %.1f at (%d, %d)" % (label, grey, x, middle), near(colour, (grey, grey, grey)),
                         str(colour))
    checks.finish()


if __name__ == "__main__":
    main()
