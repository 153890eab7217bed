"""`transit new` and the tutorial (docs/tutorial.md).

For each kind, the written script must run and pass `transit check --matrix quick` as it is,
and the .luarc.json must point at stubs that exist. `new` never overwrites and rejects bad
kinds and names with exit 2. Then the tutorial's commands are run as a reader would type them:
every line of its `sh` blocks, in order, in an empty directory."""

import json
import os
import re
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BINARY, ROOT, Checks, wait_for  # noqa: E402

KINDS = {"animator": "animator", "presentation": "presentation controller",
         "interaction": "transitioning delegate", "scene": "scene"}


def transit(arguments, cwd, stdin=None):
    return subprocess.run([BINARY] + arguments, cwd=cwd, capture_output=True, text=True, input=stdin, timeout=600)


def check_new(checks):
    project = checks.path("project")
    for kind in KINDS:
        name = "Hello" + kind.capitalize()
        run = transit(["new", kind, name, "project"], checks.work)
        script = os.path.join(project, name + ".lua")
        checks.check("new %s exits 0" % kind, run.returncode == 0, run.stderr)
        if not checks.check("new %s writes %s.lua" % (kind, name), os.path.isfile(script)):
            continue
        source = open(script, encoding="utf-8").read()
        placeholder = "My" + kind.capitalize()
        checks.check("new %s names the script after NAME" % kind, name in source and placeholder not in source)
        if kind != "scene":
            checks.check("new %s: the class is registered under NAME" % kind, 'subclass("%s")' % name in source)
        # The next three commands: run, watch and check of the new file.
        commands = [line.strip().split("   #")[0].strip() for line in run.stdout.splitlines() if line.startswith("  transit ")]
        checks.check("new %s prints run, watch and check of the file" % kind,
                     [c.split()[1] for c in commands] == ["run", "watch", "check"] and all("project/%s.lua" % name in c for c in commands),
                     run.stdout)
        ran = transit(["run", "project/%s.lua" % name], checks.work)
        checks.check("the new %s runs clean" % kind, ran.returncode == 0 and "0 problems" in ran.stdout, ran.stderr[-2000:])
        checked = transit(["check", "--matrix", "quick", "--format", "json", "project/%s.lua" % name], checks.work)
        report = json.loads(checked.stdout) if checked.stdout.startswith("{") else {}
        effects = report.get("effects", [{}])
        checks.check("the new %s passes check --matrix quick" % kind,
                     checked.returncode == 0 and report.get("summary", {}).get("failed") == 0 and report["summary"]["cells"] > 0,
                     checked.stdout[-3000:] + checked.stderr[-2000:])
        checks.check("check sees the new %s as a%s %s" % (kind, "n" if KINDS[kind][0] in "aeiou" else "", KINDS[kind]),
                     effects[0].get("kind") == KINDS[kind], effects[0].get("kind"))
        if kind == "interaction":
            paths = {cell.get("path") for cell in effects[0].get("cells", [])}
            checks.check("the interaction declares its gesture (check drives it)", "interactive-dismiss" in paths, paths)
            # The default scene drags 10 % (the template cancels below half way) and 90 % (finishes).
            traced = transit(["run", "project/%s.lua" % name, "--trace"], checks.work)
            checks.check("the interaction cancels a short drag and finishes a long one",
                         "cancelInteractiveTransition() at 0.1" in traced.stdout and "finishInteractiveTransition() at 0.9" in traced.stdout,
                         traced.stdout[-2000:])

    luarc = os.path.join(project, ".luarc.json")
    if checks.check("new writes a .luarc.json beside the script", os.path.isfile(luarc)):
        settings = json.load(open(luarc))
        library = settings.get("workspace.library", [])
        checks.check(".luarc.json points at the stubs by absolute path",
                     len(library) == 1 and os.path.isabs(library[0]) and os.path.isfile(os.path.join(library[0], "transit.d.lua")), library)
        checks.check(".luarc.json is for Lua 5.4", settings.get("runtime.version") == "Lua 5.4")

    # Never overwrites: an existing script is an error with one line; an existing .luarc.json is kept.
    script = os.path.join(project, "HelloAnimator.lua")
    with open(script, "a") as handle:
        handle.write("-- my edit\n")
    before = open(script).read()
    again = transit(["new", "animator", "HelloAnimator", "project"], checks.work)
    checks.check("new refuses to overwrite a script (exit 1, one line)",
                 again.returncode == 1 and len(again.stderr.strip().splitlines()) == 1 and "already exists" in again.stderr,
                 "exit %d: %s" % (again.returncode, again.stderr))
    checks.check("the existing script is untouched", open(script).read() == before)
    own = checks.path("own")
    os.makedirs(own)
    with open(os.path.join(own, ".luarc.json"), "w") as handle:
        handle.write('{"workspace.library": ["elsewhere"]}\n')
    kept = transit(["new", "animator", "Mine", "own"], checks.work)
    checks.check("an existing .luarc.json is kept as it was",
                 kept.returncode == 0 and open(os.path.join(own, ".luarc.json")).read() == '{"workspace.library": ["elsewhere"]}\n'
                 and "workspace.library" in kept.stdout, kept.stdout + kept.stderr)

    # Bad usage: exit 2, one line, nothing written.
    for arguments, title in ((["new", "transition", "X", "bad"], "an unknown kind"),
                             (["new", "animator", "1Fade", "bad"], "a NAME that is no identifier"),
                             (["new", "animator", "fade-up", "bad"], "a NAME with a dash"),
                             (["new", "animator", "end", "bad"], "a Lua keyword"),
                             (["new", "animator", "UIView", "bad"], "a UIKit class's name"),
                             (["new", "animator"], "a missing NAME"),
                             (["new", "animator", "X", "bad", "extra"], "an extra argument"),
                             (["new", "animator", "X", "--force"], "an option")):
        run = transit(arguments, checks.work)
        checks.check("new rejects %s with exit 2" % title,
                     run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1 and not os.path.exists(checks.path("bad")),
                     "exit %d: %s" % (run.returncode, run.stderr))


def tutorial_steps(text):
    """The page's fenced blocks, in order: ("sh", lines) and ("text", lines)."""
    return [(kind, body.splitlines()) for kind, body in re.findall(r"^```(\w*)\n(.*?)^```", text, re.S | re.M)]


def check_tutorial(checks):
    page = os.path.join(ROOT, "docs", "tutorial.md")
    if not checks.check("docs/tutorial.md exists", os.path.isfile(page)):
        return
    steps = tutorial_steps(open(page, encoding="utf-8").read())
    directory = checks.path("tutorial")
    os.makedirs(directory)
    commands = 0
    last_command = None
    for index, (kind, lines) in enumerate(steps):
        if kind == "text" and last_command and last_command.startswith("transit repl") and any(l.startswith("> ") for l in lines):
            # The REPL session: its "> " lines are the input; every other line is output it must print.
            session = "".join(line[2:] + "\n" for line in lines if line.startswith("> "))
            run = transit(last_command.split()[1:], directory, stdin=session)
            expected = [line for line in lines if not line.startswith("> ")]
            missing = [line for line in expected if line not in (run.stdout + run.stderr)]
            checks.check("tutorial: the REPL session runs (exit 0)", run.returncode == 0, run.stderr[-2000:])
            checks.check("tutorial: the REPL prints what the page shows", not missing, "missing %s in:\n%s" % (missing, run.stdout))
            last_command = None
            continue
        if kind != "sh":
            continue
        for line in lines:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            commands += 1
            last_command = line
            arguments = line.split()
            if arguments[0] == "cd":
                directory = os.path.join(directory, arguments[1])
                checks.check("tutorial: %s" % line, os.path.isdir(directory))
                continue
            if not checks.check("tutorial: %r is a transit command" % line, arguments[0] == "transit"):
                continue
            if arguments[1] == "repl":
                continue  # run with the session shown after it
            if arguments[1] == "watch":
                # Runs until it has written its output, then Ctrl-C (exit 0).
                output = os.path.join(directory, arguments[arguments.index("-o") + 1])
                process = subprocess.Popen([BINARY] + arguments[1:], cwd=directory, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                written = wait_for(lambda: os.path.exists(output) and os.path.getsize(output) > 0, timeout=120)
                process.send_signal(signal.SIGINT)
                out, err = process.communicate(timeout=60)
                checks.check("tutorial: %s writes its output and stops on Ctrl-C" % line, written and process.returncode == 0,
                             "exit %s: %s %s" % (process.returncode, out, err))
                continue
            run = transit(arguments[1:], directory)
            checks.check("tutorial: %s" % line, run.returncode == 0, "exit %d: %s" % (run.returncode, (run.stdout + run.stderr)[-2000:]))
            if arguments[1] == "run":
                checks.check("tutorial: %s ends with no problem" % line, "0 problems" in run.stdout, run.stdout[-500:])
    checks.check("tutorial: it has commands to run", commands >= 8, commands)
    # The page sends the reader to line 38 of the template for the misspelt alpha.
    script = os.path.join(directory, "FadeUp.lua")
    lines = open(script).read().splitlines() if os.path.exists(script) else []
    checks.check("tutorial: line 38 of FadeUp.lua sets alpha (the page's typo example)",
                 len(lines) >= 38 and "view.alpha = 0" in lines[37], lines[37:38])


def main():
    checks = Checks("new")
    check_new(checks)
    check_tutorial(checks)
    checks.finish()


if __name__ == "__main__":
    main()
