"""The HTML player (`transit render FILE -o x.html`) in headless Chromium.

The page is opened from disk with the fragment #selftest: the page then presses its own keys and
reads a pixel of the displayed frame back through a canvas, and writes what it saw into
<pre id="selftest-result">, which --dump-dom prints. Expected values come from the renderer's
other outputs of the same scene (the PNG of each frame in a directory, the JSON timeline),
never from the HTML page itself."""

import glob
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser  # noqa: E402
from harness import BINARY, ROOT, Checks, read_png  # noqa: E402

SCENE = os.path.join(ROOT, "scripts", "scenes", "default.lua")
WINDOW = (1200, 900)


def decode_png(path):
    """(width, height, pixel) of a PNG; pixel(x, y) is (r, g, b, a)."""
    width, height, channels, rows = read_png(path)

    def pixel(x, y):
        i = x * channels
        value = tuple(rows[y][i:i + channels])
        return value if channels == 4 else value + (255,)
    return width, height, pixel


def selftest(executable, page, **params):
    """Opens the page with #selftest&PARAMS; returns the dict it wrote, or None.

    The page writes its result before it decodes the chosen frame and again after: a result
    without the pixel is not final, and browser.selftest asks again with a larger budget."""
    fragment = "#selftest" + "".join("&%s=%s" % item for item in sorted(params.items()))
    return browser.selftest(executable, "file://" + page + fragment, complete=lambda result: "pixel" in result or "pixelError" in result,
                            window=WINDOW)


def inside(box, width, height):
    return box["left"] >= 0 and box["top"] >= 0 and box["right"] <= width and box["bottom"] <= height


def main():
    checks = Checks("player")
    page, frames_dir, timeline = checks.path("player.html"), checks.path("frames"), checks.path("timeline.json")
    for output in (page, frames_dir, timeline):
        run = subprocess.run([BINARY, "render", SCENE, "-o", output], capture_output=True, text=True, timeout=300)
        checks.check("render -o %s" % os.path.basename(output), run.returncode == 0, run.stderr)
    again = checks.path("again.html")
    subprocess.run([BINARY, "render", SCENE, "-o", again], capture_output=True, timeout=300)
    checks.check("the same run gives the same HTML bytes",
                 os.path.exists(again) and open(page, "rb").read() == open(again, "rb").read())
    text = open(page, encoding="utf-8").read()
    checks.check("nothing is fetched from the network",
                 "http://" not in text and "https://" not in text and "<script src" not in text)

    pngs = sorted(glob.glob(os.path.join(frames_dir, "frame-*.png")))
    samples = json.load(open(timeline))
    count = len(pngs)
    checks.check("the directory and the timeline agree on the frame count", count == len(samples["samples"]) and count > 2,
                 "%d PNGs, %d samples" % (count, len(samples["samples"])))

    # A pixel worth reading: one where the chosen frame differs from both neighbours and from
    # the first frame, so showing any other frame would give another value.
    decoded = {}

    def frame(index):
        if index not in decoded:
            decoded[index] = decode_png(pngs[index])
        return decoded[index]

    chosen = None
    for index in sorted(set([count // 4, count // 3, count // 2, (2 * count) // 3, (3 * count) // 4])):
        if not 0 < index < count - 1:
            continue
        width, height, here = frame(index)
        before, after, first = frame(index - 1)[2], frame(index + 1)[2], frame(0)[2]
        for y in range(3, height, 7):
            for x in range(3, width, 7):
                value = here(x, y)
                if value != before(x, y) and value != after(x, y) and value != first(x, y):
                    chosen = (index, x, y)
                    break
            if chosen:
                break
        if chosen:
            break
    checks.check("some frame has a pixel unlike its neighbours' (the scene animates)", chosen is not None)

    chromium = browser.find(checks)
    if chromium is None:
        checks.finish()
    index, x, y = chosen or (1, 0, 0)
    result = selftest(chromium, page, frame=index, x=x, y=y)
    if not checks.check("the page ran its self-test", result is not None):
        checks.finish()

    checks.check("the page has one frame per PNG", result["frames"] == count and result["times"] == count,
                 "page %s, PNGs %d" % (result["frames"], count))
    width, height, pixel = frame(index)
    checks.check("the chosen frame is shown at its natural size", result.get("shown") == index and result.get("natural") == [width, height],
                 "%s %s" % (result.get("shown"), result.get("natural")))
    checks.check("a pixel of the displayed frame equals the PNG's", result.get("pixel") == list(pixel(x, y)),
                 "page %s, PNG %s at frame %d (%d, %d) %s" % (result.get("pixel"), pixel(x, y), index, x, y, result.get("pixelError", "")))

    view_width = min(WINDOW[0], result["viewport"]["width"])
    view_height = min(WINDOW[1], result["viewport"]["height"])
    checks.check("the controls are inside a 1200x900 window", inside(result["controls"], view_width, view_height), result["controls"])
    checks.check("the frame is inside a 1200x900 window", inside(result["frame"], view_width, view_height), result["frame"])
    checks.check("the page does not scroll", result["scroll"]["height"] <= result["viewport"]["height"]
                 and result["scroll"]["width"] <= result["viewport"]["width"], result["scroll"])

    checks.check("the curves panel plots at least one layer", len(result["curveLayers"]) >= 1 and result["charts"] >= 1,
                 result["curveLayers"])
    lengths = result.get("seriesLengths") or []
    checks.check("every curve, sent as runs of values, has one value a frame once expanded",
                 len(lengths) >= 1 and all(length == count for length in lengths), "%s, %d frames" % (sorted(set(lengths)), count))
    checks.check("End shows the last frame", result["afterEnd"] == count - 1, result["afterEnd"])
    checks.check("Home shows the first frame", result["afterHome"] == 0, result["afterHome"])
    checks.check("→ moves one frame", result["afterRight"] == 1, result["afterRight"])
    checks.check("→ then ← comes back", result["afterRightLeft"] == 1, result["afterRightLeft"])
    checks.check("space plays, space again pauses", result["playingAfterSpace"] is True and result["playingAfterSecondSpace"] is False)
    checks.check("the playhead moves with the frame", result["playheadAtEnd"] is not None
                 and result["playheadAtEnd"] > result["playheadAtHome"])
    checks.check("the speed menu slows playback: 0.25x shows each frame 4x as long",
                 result.get("speedAfterMenu") == 0.25 and abs(result["intervalAtQuarter"] - 4 * result["intervalAt1"]) < 1e-6,
                 "%s %s %s" % (result.get("speedAfterMenu"), result.get("intervalAt1"), result.get("intervalAtQuarter")))
    times = [sample["time"] for sample in samples["samples"]]
    middle = times[0] + (times[-1] - times[0]) / 2
    nearest = min(range(len(times)), key=lambda i: (abs(times[i] - middle), i))
    checks.check("a click half-way along a curve seeks to the middle frame (%d)" % nearest,
                 result.get("afterCurveClick") is not None and abs(result["afterCurveClick"] - nearest) <= 1, result.get("afterCurveClick"))
    checks.check("the frame counter says which frame of how many", result.get("counterAt3") == "frame 4/%d" % count, result.get("counterAt3"))

    # Trace lines start with their time ("0.200 #1 ..."): those at or before a frame's time are past.
    trace_times = [float(line.split()[0]) for line in samples["trace"]]
    first_time, last_time = samples["samples"][0]["time"], samples["samples"][-1]["time"]
    checks.check("every trace line is in the page", result["traceLines"] == len(trace_times))
    checks.check("at the last frame the lines up to its time are past",
                 result["pastAtEnd"] == sum(1 for t in trace_times if t <= last_time + 1e-9), result["pastAtEnd"])
    checks.check("at the first frame only the lines up to its time are past",
                 result["pastAtHome"] == sum(1 for t in trace_times if t <= first_time + 1e-9), result["pastAtHome"])

    # The same pixel on the first frame reads the first PNG's value: the page shows what it is asked to.
    first = selftest(chromium, page, frame=0, x=x, y=y)
    checks.check("the same pixel of the first frame equals the first PNG's",
                 first is not None and first.get("pixel") == list(frame(0)[2](x, y)),
                 "%s vs %s" % (first and first.get("pixel"), frame(0)[2](x, y)))

    # The same run at 60 fps with its frames as one video stream (--player-frames): Chromium's
    # <video> lasts the timeline's frames at 60 fps, and the frame the scrubber seeks shows the
    # pixels of that frame's PNG (within the loss of the codec), not its neighbours'.
    for codec in ("webm", "mp4"):
        video_page, video_frames = checks.path("video-%s.html" % codec), checks.path("video-frames-%s" % codec)
        for output, extra in ((video_page, ["--player-frames", codec]), (video_frames, [])):
            run = subprocess.run([BINARY, "render", SCENE, "-o", output, "--fps", "60"] + extra, capture_output=True, text=True,
                                 timeout=300)
            checks.check("render -o %s at 60 fps" % os.path.basename(output), run.returncode == 0, run.stderr)
        video_pngs = sorted(glob.glob(os.path.join(video_frames, "frame-*.png")))
        text = open(video_page, encoding="utf-8").read()
        checks.check("%s: the page carries one video stream, no PNG frames" % codec,
                     ("data:video/%s;base64," % codec) in text and "data:image/png" not in text)
        checks.check("%s: the page is smaller than the PNG player" % codec, os.path.getsize(video_page) < os.path.getsize(page),
                     "%d vs %d bytes" % (os.path.getsize(video_page), os.path.getsize(page)))
        n = len(video_pngs)
        # A frame and pixel where the frames two before and two after differ from it a lot, so
        # a seek to a neighbour would show another colour.
        k, vx, vy, found = n // 2, 0, 0, False
        for candidate in (n // 4, n // 5, n // 3, (2 * n) // 5, n // 8, (3 * n) // 4, (2 * n) // 3):
            if not 2 <= candidate < n - 2:
                continue
            _, vheight, here = decode_png(video_pngs[candidate])
            _, _, before = decode_png(video_pngs[candidate - 2])
            _, _, after = decode_png(video_pngs[candidate + 2])
            for yy in range(3, vheight, 5):
                for xx in range(3, 390, 5):
                    a, b, c = here(xx, yy), before(xx, yy), after(xx, yy)
                    if sum(abs(a[i] - b[i]) for i in range(3)) > 120 and sum(abs(a[i] - c[i]) for i in range(3)) > 120:
                        k, vx, vy, found = candidate, xx, yy, True
                        break
                if found:
                    break
            if found:
                break
        _, _, here = decode_png(video_pngs[k])
        _, _, before = decode_png(video_pngs[k - 2])
        result = selftest(chromium, video_page, frame=k, x=vx, y=vy)
        if not checks.check("%s: the video page ran its self-test" % codec, result is not None and result.get("video") is True, result):
            continue
        duration = result.get("duration") or 0
        checks.check("%s: video.duration is the timeline's %d frames at 60 fps" % (codec, n), abs(duration - n / 60) <= 1 / 60 + 1e-6,
                     "duration %s, expected %.4f" % (duration, n / 60))
        checks.check("%s: one frame per PNG" % codec, result["frames"] == n, result["frames"])
        got, want, other = result.get("pixel") or [0, 0, 0], here(vx, vy), before(vx, vy)
        near = sum(abs(got[i] - want[i]) for i in range(3))
        far = sum(abs(got[i] - other[i]) for i in range(3))
        checks.check("%s: the seeked frame shows its PNG's pixel (within the codec's loss)" % codec, found and near <= 45 and near < far,
                     "page %s, frame %d PNG %s, frame %d PNG %s" % (got, k, want, k - 2, other))
    checks.finish()


if __name__ == "__main__":
    main()
