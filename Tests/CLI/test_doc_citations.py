"""Every section that code, scripts, tests or guides cite exists (run by scripts/test).

A citation names a document and a section: by number ("docs/design.md §2.9", "sources.md
§1.2"; the documents number their sections by hand) or by title ("docs/semantics.md, "Who
presents""; a heading, or the bold lead of a paragraph). A renumbered or renamed section
leaves its citations pointing at nothing; this finds them. It reads files and runs nothing."""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import ROOT, Checks  # noqa: E402

checks = Checks("doc-citations")
DOCS = os.path.join(ROOT, "docs")
TEXT_ENDINGS = (".swift", ".lua", ".py", ".md", ".c", ".h", ".sh", ".luacheckrc")


def plain(text):
    return re.sub(r"[`*_\"]", "", text).strip().lower()


def sections(document):
    """The headings and bold paragraph leads of a document, without markup, lower case."""
    with open(document) as handle:
        text = handle.read()
    found = [plain(h) for h in re.findall(r"^#+ (.+)$", text, re.MULTILINE)]
    found += [plain(b) for b in re.findall(r"^\s*(?:- |\| )?\*\*(.+?)\*\*", text, re.MULTILINE)]
    # "The run pipeline" names the heading "§1.1 The run pipeline" too.
    return found + [re.sub(r"^§[0-9.]+ ", "", h) for h in found if h.startswith("§")]


listed = subprocess.run(["git", "ls-files", "Sources", "scripts", "Tests", "docs", "README.md", "Package.swift"],
                        cwd=ROOT, capture_output=True, text=True, timeout=60).stdout.split()
files = [f for f in listed if not f.startswith("Tests/Golden/") and (f.endswith(TEXT_ENDINGS) or f in ("scripts/test", "scripts/setup", "scripts/demo"))]
checks.check("the tree lists files to read", len(files) > 100, "%d files" % len(files))

NUMBERED = re.compile(r"\b([a-z]+)\.md[^§\n]{0,12}(§[0-9]+(?:\.[0-9]+)*)")
TITLED = re.compile(r"\b(?:docs/)?((?:[a-z]+/)?[a-z-]+)\.md[`)\]]*,?\s*\(?((?:\"[^\"\n]{3,80}\"(?:,\s*)?)+)")
cache = {}
numbered = titled = 0
for name in files:
    with open(os.path.join(ROOT, name), errors="replace") as handle:
        text = handle.read()
    for line_number, line in enumerate(text.splitlines(), 1):
        for match in NUMBERED.finditer(line):
            document = os.path.join(DOCS, match.group(1) + ".md")
            if not os.path.isfile(document):
                continue
            numbered += 1
            known = cache.setdefault(document, sections(document))
            section = plain(match.group(2))
            checks.check("%s:%d cites %s.md %s" % (name, line_number, match.group(1), match.group(2)),
                         any(h == section or h.startswith(section + " ") for h in known),
                         "docs/%s.md has no section %s" % (match.group(1), match.group(2)))
        for match in TITLED.finditer(line):
            document = os.path.join(DOCS, match.group(1) + ".md")
            if not os.path.isfile(document):
                continue
            known = cache.setdefault(document, sections(document))
            for title in re.findall(r"\"([^\"]+)\"", match.group(2)):
                titled += 1
                checks.check("%s:%d cites %s.md, \"%s\"" % (name, line_number, match.group(1), title),
                             any(h.startswith(plain(title)) for h in known),
                             "docs/%s.md has no heading or bold paragraph lead \"%s\"" % (match.group(1), title))

# The patterns must keep finding the citations the tree is known to make, or the checks above
# would pass by reading nothing.
checks.check("numbered citations were found", numbered >= 20, "%d" % numbered)
checks.check("titled citations were found", titled >= 20, "%d" % titled)
checks.finish()
