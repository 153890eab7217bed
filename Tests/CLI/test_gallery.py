"""`transit gallery`: every shipped effect rendered, and an index that lists them all.

The index is compared with the effect files on disk (scripts/animators, scripts/presentations,
scripts/interactions), never with a list kept here: the catalogue grows. The filter box is
driven in headless Chromium through the page's #selftest fragment (as test_player.py drives the
player). A scripts directory with a broken effect (TRANSIT_PATH) shows how failures are reported,
and two runs of it show the output is the same bytes."""

import glob
import html
import html.parser
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser  # noqa: E402
from harness import BINARY, ROOT, Checks  # noqa: E402

CATEGORIES = ("animators", "presentations", "interactions")


class IndexParser(html.parser.HTMLParser):
    """The cards of index.html: label, name, failed, links, image, and the text of each part."""

    def __init__(self):
        super().__init__()
        self.cards, self.card, self.field, self.depth = [], None, None, 0
        self.inputs = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "input":
            self.inputs.append(attrs)
        if self.card is None and "effect" in classes:
            self.card = {"label": attrs.get("data-label"), "name": attrs.get("data-name"), "failed": "failed" in classes,
                         "links": [], "images": [], "text": {}}
            self.depth = 0
            return
        if self.card is None:
            return
        if tag == "div":
            self.depth += 1
        if tag == "a" and attrs.get("href"):
            self.card["links"].append(attrs["href"])
        if tag in ("img", "video"):
            self.card["images"].append(attrs.get("src"))
        for part in ("name", "category", "duration", "description", "error"):
            if part in classes:
                self.field = part
                self.card["text"][part] = ""

    def handle_endtag(self, tag):
        if self.card is None:
            return
        if tag in ("span", "p", "pre"):
            self.field = None
        if tag == "div":
            if self.depth == 0:
                self.cards.append(self.card)
                self.card = None
            else:
                self.depth -= 1

    def handle_data(self, data):
        if self.card is not None and self.field:
            self.card["text"][self.field] += data


def parse_index(path):
    parser = IndexParser()
    parser.feed(open(path, encoding="utf-8").read())
    return parser


def shipped_effects(scripts):
    """Every effect on disk as "category/name", in the categories' order, then by name."""
    return ["%s/%s" % (category, name) for category in CATEGORIES
            for name in sorted(os.path.basename(path)[:-4] for path in glob.glob(os.path.join(scripts, category, "*.lua")))]


def selftest(executable, page, text):
    """Opens the index with #selftest&filter=TEXT; returns the dict the page wrote, or None."""
    return browser.selftest(executable, "file://" + page + "#selftest&filter=" + text)


def check_outputs(checks, gallery, card):
    """Each listed video, filmstrip and player exists, is non-empty and is what its name says."""
    base = os.path.join(gallery, card["label"])
    # A WebM file is an EBML document (1A 45 DF A3).
    for extension, magic in ((".webm", b"\x1a\x45\xdf\xa3"), (".png", b"\x89PNG\r\n\x1a\n"), (".html", b"<!DOCTYPE html>")):
        path = base + extension
        ok = os.path.isfile(path) and os.path.getsize(path) > 0 and open(path, "rb").read(len(magic)) == magic
        checks.check("%s%s exists and is a %s" % (card["label"], extension, extension[1:]), ok, path)
    checks.check("%s: the card plays its video" % card["label"], card["images"] == [card["label"] + ".webm"], card["images"])
    page = open(base + ".html", encoding="utf-8").read()
    name = os.path.basename(card["label"]) + ".webm"
    checks.check("%s: the player seeks the video beside it" % card["label"], ('"video":"%s"' % name) in page and "data:image/png" not in page)
    checks.check("%s: the card opens its player" % card["label"], card["label"] + ".html" in card["links"], card["links"])


def main():
    checks = Checks("gallery")
    scripts = os.path.join(ROOT, "scripts")

    # Bad usage: one line, exit 2, nothing rendered.
    for arguments in (["--frobnicate"], ["--device", "Nokia 3310"], ["--jobs", "0"]):
        run = subprocess.run([BINARY, "gallery", "-o", checks.path("bad")] + arguments, capture_output=True, text=True, timeout=60)
        checks.check("gallery %s is a usage error" % " ".join(arguments), run.returncode == 2 and not os.path.exists(checks.path("bad")),
                     "exit %d: %s" % (run.returncode, run.stderr))

    # The shipped effects.
    gallery = checks.path("gallery")
    # The slowest step of scripts/test (every shipped effect on the debug binary): the bound is
    # generous, and only there so that a hang fails the test instead of stalling the suite.
    run = subprocess.run([BINARY, "gallery", "-o", gallery], capture_output=True, text=True, timeout=1800)
    print(run.stdout.strip())  # the whole gallery's time, for the record (not asserted)
    checks.check("the gallery of the shipped effects renders", run.returncode == 0, run.stderr[-3000:])
    total = sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(gallery) for f in files)
    print("gallery: %.1f MB in all" % (total / 1e6))
    checks.check("the whole gallery is under 30 MB", total < 30e6, "%.1f MB" % (total / 1e6))
    expected = shipped_effects(scripts)
    checks.check("there are effects on disk", len(expected) > 0)
    index = os.path.join(gallery, "index.html")
    if not checks.check("index.html is written", os.path.isfile(index)):
        return checks.finish()
    parsed = parse_index(index)
    labels = [card["label"] for card in parsed.cards]
    checks.check("the index lists every effect file on disk, once, by category then name",
                 labels == expected, "index %s\ndisk  %s" % (labels, expected))
    checks.check("a line per effect when stderr is not a terminal",
                 len(re.findall(r"^gallery \d+/%d: " % len(expected), run.stderr, re.M)) == len(expected), run.stderr[-2000:])
    for card in parsed.cards:
        category, name = card["label"].split("/")
        checks.check("%s: name and category shown" % card["label"],
                     card["text"].get("name") == name and card["text"].get("category") == category, card["text"])
        checks.check("%s: not failed" % card["label"], not card["failed"], card["text"].get("error"))
        checks.check("%s: a duration in seconds" % card["label"],
                     re.fullmatch(r"\d+\.\d\d s", card["text"].get("duration", "")) is not None, card["text"].get("duration"))
        # The description comes from the file's opening comment: its first words are there.
        source = open(os.path.join(scripts, category, name + ".lua"), encoding="utf-8").read()
        opening = " ".join(line.lstrip("-").strip() for line in source.splitlines()[:3] if line.startswith("--"))
        words = html.unescape(card["text"].get("description", "")).split()[:3]
        checks.check("%s: the description is the file's opening comment" % card["label"],
                     len(words) > 0 and all(word.rstrip(":;,.") in opening for word in words), "%r not in %r" % (words, opening))
        check_outputs(checks, gallery, card)
    # Apple's CustomTransitions sample gives its cross dissolve 0.35 s (transitionDuration:).
    cross = [card for card in parsed.cards if card["label"] == "animators/crossDissolve"]
    if cross:
        checks.check("crossDissolve's card shows Apple's 0.35 s", cross[0]["text"].get("duration") == "0.35 s", cross[0]["text"])
    text = open(index, encoding="utf-8").read()
    checks.check("the index fetches nothing from the network",
                 "http://" not in text and "https://" not in text and "<script src" not in text and "<link" not in text)
    checks.check("the index does not depend on where Transit is installed", ROOT not in text)
    checks.check("the index has a filter box", any(i.get("id") == "filter" for i in parsed.inputs))

    chromium = browser.find(checks)
    if chromium:
        everything = selftest(chromium, index, "")
        checks.check("with an empty filter every card is visible",
                     everything is not None and everything["visible"] == expected and everything["total"] == len(expected), everything)
        # One effect's name in another case: the cards whose name contains it, and not the others.
        typed = expected[0].split("/")[1].upper()
        matching = [label for label in expected if typed.lower() in label.split("/")[1].lower()]
        filtered = selftest(chromium, index, typed)
        checks.check("typing %r shows exactly the effects whose name contains it" % typed,
                     filtered is not None and filtered["visible"] == matching and (len(matching) < len(expected) or len(expected) == 1), filtered)
        nothing = selftest(chromium, index, "no-such-effect")
        checks.check("a filter matching no name hides every card", nothing is not None and nothing["visible"] == [], nothing)

    # Failures: a copy of the scripts directory whose catalogue is one good effect, one that
    # raises an error on line 4, and one that never calls completeTransition (a problem).
    copy = checks.path("scripts")
    shutil.copytree(scripts, copy, ignore=shutil.ignore_patterns(*CATEGORIES))
    os.makedirs(os.path.join(copy, "animators"))
    good = "crossDissolve.lua" if os.path.exists(os.path.join(scripts, "animators", "crossDissolve.lua")) \
        else os.path.basename(sorted(glob.glob(os.path.join(scripts, "animators", "*.lua")))[0])
    shutil.copy(os.path.join(scripts, "animators", good), os.path.join(copy, "animators", good))
    with open(os.path.join(copy, "animators", "broken.lua"), "w") as handle:
        handle.write("-- Broken: raises an error while the scene runs.\nlocal Broken = NSObject:subclass(\"Broken\")\n"
                     "function Broken:transitionDuration() return 0.3 end\n"
                     "function Broken:animateTransition(ctx) ctx.containerView:addSubview(nil) end\nreturn Broken.new()\n")
    with open(os.path.join(copy, "animators", "forgetful.lua"), "w") as handle:
        handle.write("-- Forgetful: never calls completeTransition.\nlocal Forgetful = NSObject:subclass(\"Forgetful\")\n"
                     "function Forgetful:transitionDuration() return 0.3 end\n"
                     "function Forgetful:animateTransition(ctx)\n  local view = ctx:view(\"to\")\n"
                     "  if view then ctx.containerView:addSubview(view) end\nend\nreturn Forgetful.new()\n")
    environment = dict(os.environ, TRANSIT_PATH=copy)
    outputs = []
    # The second run is made from the directory holding the scripts (messages then name files
    # relative to it): the bytes must not depend on where the gallery was run from either.
    for attempt, cwd in (("failing", ROOT), ("failing-again", checks.work)):
        out = checks.path(attempt)
        run = subprocess.run([BINARY, "gallery", "-o", out], capture_output=True, text=True, env=environment, cwd=cwd, timeout=600)
        outputs.append(out)
        if attempt == "failing":
            checks.check("a failed effect makes the gallery exit 1", run.returncode == 1, "exit %d: %s" % (run.returncode, run.stderr))
            checks.check("stderr names each failed effect",
                         "failed: animators/broken: " in run.stderr and "failed: animators/forgetful: " in run.stderr, run.stderr)
            checks.check("the good effect is not named as failed", "failed: animators/" + good[:-4] not in run.stderr, run.stderr)
    parsed = parse_index(os.path.join(outputs[0], "index.html"))
    cards = {card["label"]: card for card in parsed.cards}
    checks.check("the index still lists all three", sorted(cards) == ["animators/broken", "animators/" + good[:-4], "animators/forgetful"],
                 sorted(cards))
    broken, forgetful = cards.get("animators/broken"), cards.get("animators/forgetful")
    checks.check("the broken effect is shown failed with file:line",
                 broken is not None and broken["failed"] and "animators/broken.lua:4:" in broken["text"].get("error", ""), broken)
    checks.check("the forgetful effect is shown failed with its problem",
                 forgetful is not None and forgetful["failed"] and "completeTransition" in forgetful["text"].get("error", ""), forgetful)
    if cards.get("animators/" + good[:-4]):
        card = cards["animators/" + good[:-4]]
        checks.check("the good effect is rendered beside the failures", not card["failed"])
        check_outputs(checks, outputs[0], card)
    if chromium:
        shown = selftest(chromium, os.path.join(outputs[0], "index.html"), "")
        checks.check("the page marks the failed cards",
                     shown is not None and shown["failed"] == ["animators/broken", "animators/forgetful"], shown)

    # Deterministic: the same scripts give the same bytes, every file.
    def files(root):
        return sorted(os.path.relpath(os.path.join(d, f), root) for d, _, names in os.walk(root) for f in names)
    same = files(outputs[0]) == files(outputs[1]) and all(
        open(os.path.join(outputs[0], f), "rb").read() == open(os.path.join(outputs[1], f), "rb").read() for f in files(outputs[0]))
    checks.check("two galleries of the same scripts are the same bytes", same, "%s vs %s" % (files(outputs[0]), files(outputs[1])))
    checks.finish()


if __name__ == "__main__":
    main()
