"""GIF size and fidelity through `transit render -o x.gif` (run by scripts/test).

Size: shipped effects rendered as `transit render` does by default (30 fps, scale 1) must be
within 1.05x of `gifsicle -O3` run on the same file (docs/formats.md, "GIF: what each frame
stores"). The effects are the ones nearest that limit when it was measured, one where marking
every unchanged pixel transparent is the better form (crossfade), an interaction and a seed.

Fidelity: each frame stores only its changed rectangle, part of it transparent, so a wrong
choice would show a pixel of the frame before. The GIF is decoded here with a decoder of the
test's own (LZW and compositing in Python, not giflib, which wrote it) and each frame compared
with the PNG frames of the same run: every source colour must show as one palette colour
wherever and whenever it occurs (the palette maps a colour, never a position or a frame), and
near it. gifsicle must read every frame too.

gifsicle is installed by `scripts/setup --test`; a machine without it fails this test, as one
without Chromium fails the browser tests."""

import os
import re
import shutil
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BINARY, ROOT, Checks  # noqa: E402
from harness import read_png as harness_read_png  # noqa: E402

checks = Checks("gif-size")

SIZE_EFFECTS = ["animators/circularReveal", "animators/heroPush", "animators/pan", "animators/crossfade",
                "interactions/edgePan", "seeds/003_scene"]
# Decoded in Python: small frames keep it quick; the writer is the same at every scale.
FIDELITY_EFFECTS = ["animators/circularReveal", "animators/crossfade", "animators/heroZoomSlide"]
LIMIT = 1.05
# The palette's worst error measured on shipped scenes is 45 (docs/performance/render.md); a
# pixel left showing the frame before is usually much further off, and the colour check catches
# the rest.
NEAR = 64


def render(effect, output, *extra):
    result = subprocess.run([BINARY, "render", os.path.join("scripts", effect + ".lua"), "-o", output] + list(extra),
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    checks.check("%s: render %s exits 0" % (effect, os.path.basename(output)), result.returncode == 0, result.stderr[-2000:])
    match = re.search(r"rendered (\d+) frames", result.stdout + result.stderr)
    return int(match.group(1)) if match else None


def read_gif(path):
    """(width, height, palette, frames): each frame the full canvas of palette indices, composited
    as a browser does (disposal "none" or "do not dispose": the canvas is kept; transparent
    pixels leave it as it was)."""
    data = open(path, "rb").read()
    assert data[:6] in (b"GIF87a", b"GIF89a"), "not a GIF"
    width, height, flags = struct.unpack("<HHB", data[6:11])
    position = 13
    palette = []
    if flags & 0x80:
        count = 2 << (flags & 7)
        palette = [data[position + 3 * i:position + 3 * i + 3] for i in range(count)]
        position += 3 * count
    canvas = bytearray(width * height)
    frames, transparent = [], None

    def sub_blocks():
        nonlocal position
        parts = []
        while data[position]:
            parts.append(data[position + 1:position + 1 + data[position]])
            position += data[position] + 1
        position += 1
        return b"".join(parts)

    while data[position] != 0x3B:
        if data[position] == 0x21:
            label = data[position + 1]
            position += 2
            body = sub_blocks()
            if label == 0xF9:
                assert (body[0] >> 2) & 7 in (0, 1), "disposal other than none/do not dispose"
                transparent = body[3] if body[0] & 1 else None
        elif data[position] == 0x2C:
            left, top, w, h, image_flags = struct.unpack("<HHHHB", data[position + 1:position + 10])
            position += 10
            assert not image_flags & 0x80 and not image_flags & 0x40, "local colour table or interlace"
            minimum = data[position]
            position += 1
            pixels = lzw_decode(sub_blocks(), minimum, w * h)
            assert len(pixels) >= w * h, "image data too short"
            for row in range(h):
                line = pixels[row * w:(row + 1) * w]
                start = (top + row) * width + left
                if transparent is None:
                    canvas[start:start + w] = line
                else:
                    for x, index in enumerate(line):
                        if index != transparent:
                            canvas[start + x] = index
            frames.append(bytes(canvas))
            transparent = None
        else:
            raise AssertionError("unknown block 0x%02x" % data[position])
    return width, height, palette, frames


def lzw_decode(data, minimum, count):
    clear, end = 1 << minimum, (1 << minimum) + 1
    size, bit = minimum + 1, 0
    table = [bytes([i]) for i in range(clear)] + [b"", b""]
    out, previous = bytearray(), None
    total = len(data) * 8
    while bit + size <= total and len(out) < count + 1:
        byte = bit >> 3
        code = (int.from_bytes(data[byte:byte + 3], "little") >> (bit & 7)) & ((1 << size) - 1)
        bit += size
        if code == clear:
            table = table[:clear + 2]
            size, previous = minimum + 1, None
            continue
        if code == end:
            break
        if previous is None:
            entry = table[code]
        else:
            entry = table[code] if code < len(table) else previous + previous[:1]
            if len(table) < 4096:
                table.append(previous + entry[:1])
                if len(table) == 1 << size and size < 12:
                    size += 1
        out += entry
        previous = entry
    return bytes(out)


def read_png(path):
    """RGB bytes of a PNG as Transit writes them; RGBA is flattened over white, as the GIF's
    palette sees a translucent pixel."""
    width, height, channels, rows = harness_read_png(path)
    pixels = b"".join(rows)
    if channels == 3:
        return width, height, pixels
    flat = bytearray(width * height * 3)
    for p in range(width * height):
        alpha = pixels[4 * p + 3]
        for channel in range(3):
            value = pixels[4 * p + channel]
            flat[3 * p + channel] = value if alpha == 255 else (value * alpha + 255 * (255 - alpha) + 127) // 255
    return width, height, bytes(flat)


gifsicle = shutil.which("gifsicle")
checks.check("gifsicle is installed (scripts/setup --test)", gifsicle is not None)

if gifsicle:
    for effect in SIZE_EFFECTS:
        name = effect.replace("/", "-")
        ours, theirs = checks.path(name + ".gif"), checks.path(name + ".O3.gif")
        frames = render(effect, ours)
        result = subprocess.run([gifsicle, "-O3", ours, "-o", theirs], capture_output=True, text=True, timeout=600)
        if not checks.check("%s: gifsicle -O3 reads it" % effect, result.returncode == 0, result.stderr[-2000:]):
            continue
        info = subprocess.run([gifsicle, "--info", ours], capture_output=True, text=True, timeout=120)
        images = re.search(r"(\d+) images", info.stdout)
        checks.check("%s: gifsicle sees every frame" % effect, images is not None and int(images.group(1)) == frames,
                     "gifsicle: %s, rendered %s" % (images and images.group(1), frames))
        ratio = os.path.getsize(ours) / os.path.getsize(theirs)
        print("%-28s %9d bytes, gifsicle -O3 %9d, %.3fx" % (effect, os.path.getsize(ours), os.path.getsize(theirs), ratio), flush=True)
        checks.check("%s: within %.2fx of gifsicle -O3" % (effect, LIMIT), ratio <= LIMIT, "%.3fx" % ratio)

for effect in FIDELITY_EFFECTS:
    name = effect.replace("/", "-")
    gif, pngs = checks.path(name + "-small.gif"), checks.path(name + "-frames")
    count = render(effect, gif, "--scale", "0.25")
    render(effect, pngs, "--scale", "0.25")
    width, height, palette, frames = read_gif(gif)
    names = sorted(os.listdir(pngs)) if os.path.isdir(pngs) else []
    if not checks.check("%s: one GIF frame per PNG frame" % effect, len(frames) == len(names) == count,
                        "%d GIF frames, %d PNG frames, %s rendered" % (len(frames), len(names), count)):
        continue
    shown, worst, clash = {}, 0, None
    for index, (canvas, png) in enumerate(zip(frames, names)):
        png_width, png_height, rgb = read_png(os.path.join(pngs, png))
        assert (png_width, png_height) == (width, height)
        for p in range(width * height):
            source = rgb[3 * p:3 * p + 3]
            colour = palette[canvas[p]]
            seen = shown.setdefault(source, colour)
            if seen != colour and clash is None:
                clash = "frame %d pixel (%d, %d): %s shows as %s here, as %s elsewhere" % (
                    index, p % width, p // width, tuple(source), tuple(colour), tuple(seen))
            worst = max(worst, abs(source[0] - colour[0]), abs(source[1] - colour[1]), abs(source[2] - colour[2]))
    print("%-28s %d frames decoded, %d source colours, worst channel error %d" % (effect, len(frames), len(shown), worst), flush=True)
    checks.check("%s: every source colour shows as one palette colour" % effect, clash is None, clash or "")
    checks.check("%s: every pixel within %d of its source" % (effect, NEAR), worst <= NEAR, "worst %d" % worst)

checks.finish()
