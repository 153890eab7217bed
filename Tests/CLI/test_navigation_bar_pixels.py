"""The navigation bar in pixels, before, during and after a push (run by scripts/test).

A scene of our own pushes a blue screen over a white one in a UINavigationController on a
400 x 800 pt screen at scale 1, rendered with `transit render SCENE -o DIR/` (frame k at k / FPS
seconds). What UIKit documents or shows, and Transit's docs/semantics.md records, gives:

  * the bar is 44 pt tall and sits at the window's top safe-area inset (under the status bar);
    its background is UIKit's default translucent bar colour (249, 249, 249 at 0.94 opacity), so
    over a screen it shows 0.94 * 249 + 0.06 * that screen's colour;
  * the bar stays put while the screens slide under it: mid-push, the pushed blue screen shows
    below the bar at the right edge, and the bar's band there is the bar colour over blue;
  * the titles crossfade: mid-push neither title is opaque, so the darkest title ink in the bar
    is lighter than the opaque title's before and after;
  * after the push a back button, drawn in the tint (UIKit's system blue, 0, 122, 255), names the
    screen below; at the root there is none.
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BINARY, ROOT, Checks  # noqa: E402
from test_player import decode_png  # noqa: E402

WIDTH, HEIGHT = 400, 800
FPS = 40
PUSH_AT = 0.2
DURATION = 0.35  # the system push (scripts/system/navigation.lua)
BAR_HEIGHT = 44
BAR = (249, 249, 249)
BAR_ALPHA = 0.94
TINT = (0, 122, 255)
BLUE = (0, 0, 255)
TOLERANCE = 3

SCENE = """
local inbox = UIViewController.new{ title = "Inbox", backgroundColor = UIColor.white }
local message = UIViewController.new{ title = "Message", backgroundColor = UIColor(0, 0, 1, 1) }
local nav = UINavigationController.new(inbox)
transit.window.rootViewController = nav
transit.wait(%(push_at)s)
transit.log(string.format("safe top %%.3f", transit.window.safeAreaInsets.top))
transit.log(string.format("push at %%.9f", transit.now()))
nav:pushViewController(message, true)
transit.wait(1)
""" % {"push_at": PUSH_AT}


def over(colour, alpha, under):
    return tuple(alpha * colour[i] + (1 - alpha) * under[i] for i in range(3))


def main():
    checks = Checks("navigation-bar-pixels")
    scene = checks.path("scene.lua")
    with open(scene, "w") as handle:
        handle.write(SCENE)
    frames = checks.path("frames") + os.sep
    result = subprocess.run([BINARY, "render", scene, "--device", "%dx%d@1" % (WIDTH, HEIGHT), "--no-status-bar",
                             "--fps", str(FPS), "-o", frames], cwd=ROOT, capture_output=True, text=True, timeout=600)
    output = result.stdout + result.stderr
    if not checks.check("renders", result.returncode == 0, output[-1500:]):
        checks.finish()
    top_match, push_match = re.search(r"safe top ([0-9.]+)", output), re.search(r"push at ([0-9.]+)", output)
    if not checks.check("the scene logs the safe area and the push", top_match and push_match, output[-1500:]):
        checks.finish()
    top, push = float(top_match.group(1)), float(push_match.group(1))

    def frame(time):
        index = round(time * FPS)
        width, height, pixel = decode_png(os.path.join(frames, "frame-%04d.png" % index))
        checks.check("frame %d is %d x %d" % (index, WIDTH, HEIGHT), (width, height) == (WIDTH, HEIGHT), str((width, height)))
        return pixel

    def near(colour, expected):
        return all(abs(colour[i] - expected[i]) <= TOLERANCE for i in range(3))

    band = [int(top) + y for y in range(4, BAR_HEIGHT - 4)]
    below = int(top + BAR_HEIGHT + 20)

    def darkest(pixel, x0, x1):
        return min(sum(pixel(x, y)[:3]) for x in range(x0, x1) for y in band)

    def tinted(pixel, x0, x1):
        return sum(1 for x in range(x0, x1) for y in band if near(pixel(x, y), TINT))

    title_box = (WIDTH // 2 - 60, WIDTH // 2 + 60)
    before = frame(PUSH_AT - 2 / FPS)
    checks.check("before: the bar's band is the bar colour over white", near(before(3, band[0]), over(BAR, BAR_ALPHA, (255, 255, 255))),
                 str(before(3, band[0])))
    checks.check("before: above the bar (the status bar's area) is the bar colour too", top < 1 or near(before(3, int(top) // 2), over(BAR, BAR_ALPHA, (255, 255, 255))),
                 str(before(3, max(0, int(top) // 2))))
    checks.check("before: no back button at the root", tinted(before, 0, WIDTH // 3) == 0)
    opaque_before = darkest(before, *title_box)

    middle = frame(push + DURATION / 2)
    checks.check("mid-push: the pushed screen shows below the bar at the right edge", near(middle(WIDTH - 3, below), BLUE),
                 str(middle(WIDTH - 3, below)))
    checks.check("mid-push: the bar stays on top, over the pushed screen", near(middle(WIDTH - 3, band[0]), over(BAR, BAR_ALPHA, BLUE)),
                 str(middle(WIDTH - 3, band[0])))
    crossfading = darkest(middle, *title_box)

    after = frame(push + DURATION + 4 / FPS)
    opaque_after = darkest(after, *title_box)
    checks.check("titles are opaque dark ink before and after", opaque_before < 150 and opaque_after < 150, "%d %d" % (opaque_before, opaque_after))
    checks.check("mid-push the titles crossfade (the darkest ink is lighter)", crossfading > max(opaque_before, opaque_after) + 60,
                 "mid %d, before %d, after %d" % (crossfading, opaque_before, opaque_after))
    checks.check("after: a back button in the tint at the leading edge", tinted(after, 0, WIDTH // 3) > 20, str(tinted(after, 0, WIDTH // 3)))
    checks.finish()


if __name__ == "__main__":
    main()
