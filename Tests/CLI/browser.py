"""Headless Chromium for the CLI tests that open a page (test_player.py, test_gallery.py).

Every browser test goes through `selftest`, so they share one policy:

- Missing Chromium is a failed check, never a skip: scripts/test runs `scripts/setup --test`
  first, which installs it, so a missing browser means the setup is broken. `find` records that
  check; a test stops its browser part when it returns None.
- Each attempt dumps the page once with `--dump-dom` after a virtual-time budget, in its own
  empty profile. The budget is virtual time, but some work in the page (decoding an image,
  a fetch) runs in real time, so on a loaded machine a dump can come before the page wrote its
  final result. The page is then asked again with a larger budget: BUDGETS_MS, in order.
- Each attempt is bounded in real time (ATTEMPT_TIMEOUT_S): a browser that hangs is killed and
  the next budget tried, so the whole of `selftest` is bounded by len(BUDGETS_MS) attempts.

Tests/TransitRenderTests/TestSupport.swift (`HeadlessChromium`) gives the Swift test of the live
page the same lookup, the same failure without Chromium, the same flags and a fresh profile.
That page runs in real time over its WebSocket and reports to the server instead of being
dumped, so it has no virtual-time budget to retry with; its waits and time limit bound it."""

import html
import json
import re
import shutil
import subprocess
import tempfile

NAMES = ("chromium", "chromium-browser", "google-chrome")
BUDGETS_MS = (10000, 30000, 60000)
ATTEMPT_TIMEOUT_S = 180
WINDOW = (1200, 900)
# Lines Chromium prints on a machine without a session bus or fonts; left out of failure reports.
NOISE = ("dbus", "Fontconfig", "UPower")


def find(checks):
    """The Chromium executable, or None after recording the failed check."""
    path = next((name for name in NAMES if shutil.which(name)), None)
    checks.check("chromium is installed (scripts/setup --test)", path is not None)
    return path


def command(executable, url, budget, profile, window=WINDOW):
    return [executable, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--user-data-dir=" + profile, "--window-size=%d,%d" % window, "--virtual-time-budget=%d" % budget,
            "--dump-dom", url]


def result_in(dom):
    """The JSON object a page wrote into <pre id="selftest-result">, or None."""
    # The last match: the page's own script mentions the element too.
    matches = re.findall(r'<pre id="selftest-result"[^>]*>(\{.*?)</pre>', dom, re.S)
    return json.loads(html.unescape(matches[-1])) if matches else None


def selftest(executable, url, complete=lambda result: True, window=WINDOW):
    """Opens `url` (a page with a #selftest fragment) and returns the dict the page wrote.

    `complete(result)` says whether the result is final; an incomplete one is retried with the
    next budget. Returns the last result seen (complete or not), or None when no attempt
    produced one; what went wrong is printed for the failure report."""
    last = None
    for budget in BUDGETS_MS:
        with tempfile.TemporaryDirectory(prefix="transit-chromium-") as profile:
            try:
                run = subprocess.run(command(executable, url, budget, profile, window), capture_output=True, text=True,
                                     timeout=ATTEMPT_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                print("chromium did not finish in %d s (budget %d ms); trying the next budget" % (ATTEMPT_TIMEOUT_S, budget))
                continue
        result = result_in(run.stdout)
        if result is not None:
            last = result
            if complete(result):
                return result
            print("the page was dumped before its self-test finished (budget %d ms); asking again" % budget)
            continue
        stderr = "\n".join(line for line in run.stderr.splitlines() if not any(n in line for n in NOISE))
        print("no self-test result (budget %d ms, exit %d, %d bytes of DOM); stderr without dbus noise:\n%s\nDOM tail:\n%s"
              % (budget, run.returncode, len(run.stdout), stderr[-2000:], run.stdout[-1500:]))
    return last
