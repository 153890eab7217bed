"""`transit lua` and specs (docs/specs.md), driven as a user and as CI would (run by scripts/test).

`transit lua` must behave as lua5.4 does where a test runner relies on it (-e, -l, `-` for
stdin, `arg` and `...`, os.exit's status, `lua: message` and a traceback on an error), give a
spec the whole standard library while the effects it loads run in the sandbox of `transit
run`, and run specs with Transit's own runner (text and JSON) and under busted
(`busted --lua="transit lua"`, its TAP and JUnit output). Expected values come from the specs
and effects written here and from Apple's cross dissolve (0.35 s, easeInOut: half way in alpha
at half time), never from Transit's output. The busted checks are skipped, saying so, only
when busted is not installed (scripts/setup --test installs it)."""

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BINARY, ROOT, Checks  # noqa: E402

checks = Checks("spec")
CROSS_DISSOLVE = os.path.join(ROOT, "scripts", "animators", "crossDissolve.lua")


def run(arguments, stdin=None, cwd=None):
    return subprocess.run(arguments, cwd=cwd or checks.work, capture_output=True, text=True, input=stdin, timeout=300)


def lua(*arguments, stdin=None):
    return run([BINARY, "lua"] + list(arguments), stdin=stdin)


def line_of(name, text):
    """The 1-based line of `name` that contains `text` (what a file:line must name)."""
    with open(checks.path(name), encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if text in line:
                return number
    raise AssertionError("%s has no line with %r" % (name, text))


# ---- the interpreter, as lua5.4 ----

result = lua("-e", "print(1 + 1)")
checks.check("-e runs its statement", result.returncode == 0 and result.stdout == "2\n", result.stdout + result.stderr)

result = lua("-e", "x = 1", "-e", "print(x + 1)")
checks.check("several -e run in order in one state", result.stdout == "2\n", result.stdout + result.stderr)

result = lua("-l", "string", "-e", "print(string == require('string'))")
checks.check("-l MOD requires a module into a global", result.stdout == "true\n", result.stdout + result.stderr)

result = lua("-v")
checks.check("-v prints Lua's version", result.returncode == 0 and result.stdout.startswith("Lua 5.4"), result.stdout)

checks.write("args.lua", 'print(select("#", ...), ...)\nprint(arg[0], arg[1], arg[2], arg[-1], #arg)\n')
result = lua("args.lua", "one", "--two")
lines = result.stdout.splitlines()
checks.check("the script's arguments are ... (options after the script are the script's)",
             lines[:1] == ["2\tone\t--two"], result.stdout + result.stderr)
checks.check("arg has the script at 0, its arguments after, the interpreter before",
             lines[1:2] == ["args.lua\tone\t--two\tlua\t2"], result.stdout)

result = lua("-", "x", stdin='print("from stdin", ...)')
checks.check("- runs stdin with its arguments", result.stdout == "from stdin\tx\n", result.stdout + result.stderr)

checks.write("exit.lua", 'io.write("before ")\nos.exit(3)\nprint("never")\n')
result = lua("exit.lua")
checks.check("os.exit(3) is the exit status", result.returncode == 3, "exit %d" % result.returncode)
checks.check("os.exit flushes what was written", result.stdout == "before ", repr(result.stdout))

checks.write("fails.lua", 'local function f()\n  error("it broke")\nend\nf()\n')
result = lua("fails.lua")
checks.check("an error exits 1", result.returncode == 1, "exit %d" % result.returncode)
checks.check("an error reads lua: file:line: message", result.stderr.startswith("lua: fails.lua:%d: it broke" % line_of("fails.lua", "error(")),
             result.stderr)
checks.check("an error has a traceback", "stack traceback:" in result.stderr, result.stderr)

result = lua("-e", "print(io ~= nil, os.getenv ~= nil, package.path:find('/usr/share/lua/5.4/', 1, true) ~= nil)")
checks.check("a spec has the full standard library and Lua 5.4's package.path", result.stdout == "true\ttrue\ttrue\n", result.stdout + result.stderr)

# ---- transit.scene and the sandbox ----

checks.write("probe.lua", """-- An effect that reports what it can reach, then is the cross dissolve.
transit.log("reach", tostring(io), tostring(os.execute), tostring(package), tostring(dofile))
return require("animators.crossDissolve")
""")
checks.write("broken.lua", """local Broken = NSObject:subclass("Broken")
function Broken:transitionDuration() return 0.3 end
function Broken:animateTransition(ctx)
  ctx:view("to").alphaa = 1
end
return Broken
""")
checks.write("scene_spec.lua", """
local probe = transit.scene{ effect = "probe.lua", phases = { "present" } }
local reached = probe.log[1]
print("effect", reached:match("reach.*"))
print("spec", io ~= nil, os.execute ~= nil)
print("transitions", #probe.transitions, probe.transitions[1].phase)
local fade = transit.scene{ effect = "%s", device = "iPhone SE", ios = 17 }
local present = fade:transition("present")
print("duration", present.duration)
print("half", fade:value("toView", "alpha", present.start + present.duration / 2))
print("frame", fade:frame(present.finish).width)
local ok, message = pcall(transit.scene, { effect = "broken.lua" })
print("broken", ok, (message:match("^[^\\n]*")))
""" % CROSS_DISSOLVE)
result = lua("scene_spec.lua")
out = dict(line.split("\t", 1) if "\t" in line else (line, "") for line in result.stdout.splitlines())
checks.check("transit.scene runs", result.returncode == 0, result.stderr[-2000:])
checks.check("the effect a spec loads has no io, os.execute, package or dofile",
             out.get("effect") == "reach nil nil nil nil", out.get("effect"))
checks.check("while the spec itself has io and os", out.get("spec") == "true\ttrue", out.get("spec"))
checks.check("phases = { \"present\" } runs only the presentation", out.get("transitions") == "1\tpresent", out.get("transitions"))
checks.check("the cross dissolve presents in 0.35 s", abs(float(out.get("duration", "nan")) - 0.35) < 1e-9, out.get("duration"))
checks.check("its toView is half way in half way through", abs(float(out.get("half", "nan")) - 0.5) < 0.01, out.get("half"))
checks.check("a frame is the device's width at scale 1 (iPhone SE: 375 pt)", out.get("frame") == "375", out.get("frame"))
checks.check("an effect's error reaches the spec at the effect's file:line",
             out.get("broken", "").startswith("false\tbroken.lua:%d: " % line_of("broken.lua", "alphaa")), out.get("broken"))

checks.write("options_spec.lua", 'transit.scene{ effect = "probe.lua", devcie = "iPad" }\n')
result = lua("options_spec.lua")
checks.check("a misspelt option is an error at the spec's line",
             result.returncode == 1 and "options_spec.lua:1: transit.scene: unknown option \"devcie\"" in result.stderr, result.stderr)

# ---- Transit's own runner ----

checks.write("pass_spec.lua", """describe("arithmetic", function()
  local n
  before_each(function() n = 1 end)
  after_each(function() n = nil end)
  it("adds", function() assert.are.equal(2, n + 1) end)
  it("compares tables", function() assert.are.same({ a = { 1 } }, { a = { 1 } }) end)
  it("is near", function() assert.near(0.3, 0.1 + 0.2, 1e-12); assert.are.near(1, 1.05, 0.1) end)
  it("knows truth", function() assert.truthy(0); assert.falsy(nil); assert.is_true(true); assert.is_false(false) end)
  it("sees errors", function() assert.has_error(function() error("no") end, "no") end)
  describe("nested", function()
    it("keeps before_each", function() assert.are.equal(1, n) end)
  end)
  pending("later")
end)
""")
result = lua("--spec", "pass_spec.lua")
checks.check("a passing spec exits 0", result.returncode == 0, result.stdout + result.stderr)
checks.check("and ends with N passed, N failed", result.stdout.splitlines()[-1:] == ["6 passed, 0 failed, 1 pending"], result.stdout)
checks.check("one line per test", len([l for l in result.stdout.splitlines() if "pass_spec.lua:" in l]) == 7, result.stdout)

checks.write("fail_spec.lua", """describe("failures", function()
  it("passes", function() assert.are.equal(1, 1) end)
  it("fails an equality", function()
    assert.are.equal(1, 2)
  end)
  it("raises", function()
    local t = nil
    return t.field
  end)
end)
""")
result = lua("--spec", "fail_spec.lua")
checks.check("a failing spec exits 1", result.returncode == 1, result.stdout + result.stderr)
checks.check("the summary counts it", result.stdout.splitlines()[-1:] == ["1 passed, 2 failed"], result.stdout)
checks.check("a failed assertion names its file:line", "fail_spec.lua:%d: " % line_of("fail_spec.lua", "assert.are.equal(1, 2)") in result.stdout, result.stdout)
checks.check("a spec's error names its file:line", "fail_spec.lua:%d: " % line_of("fail_spec.lua", "t.field") in result.stdout, result.stdout)

checks.write("noisy_spec.lua", """print("noise at load")
io.write("more noise\\n")
describe("noisy", function()
  it("prints", function() print("inside", 1) end)
end)
""")
result = lua("--spec", "pass_spec.lua", "fail_spec.lua", "noisy_spec.lua", "--format", "json")
try:
    report = json.loads(result.stdout)
except ValueError:
    report = {}
checks.check("--format json prints one JSON object", bool(report), result.stdout + result.stderr)
checks.check("what specs print goes to stderr then", "noise at load" in result.stderr and "more noise" in result.stderr
             and "inside\t1" in result.stderr, result.stderr)
checks.check("with the counts", (report.get("passed"), report.get("failed"), report.get("pending")) == (8, 2, 1), str(report.get("passed")) + " " + str(report.get("failed")))
tests = {test["name"]: test for test in report.get("tests", [])}
failing = tests.get("failures fails an equality", {})
checks.check("each test has name, file, line, status and message",
             failing.get("file") == "fail_spec.lua" and failing.get("line") == line_of("fail_spec.lua", 'it("fails an equality"')
             and failing.get("status") == "failed" and "fail_spec.lua:%d:" % line_of("fail_spec.lua", "assert.are.equal(1, 2)") in failing.get("message", ""),
             json.dumps(failing))
checks.check("nested names and pending", tests.get("arithmetic nested keeps before_each", {}).get("status") == "passed"
             and tests.get("arithmetic later", {}).get("status") == "pending", ", ".join(tests))
checks.check("json exits 1 too when a test failed", result.returncode == 1, "exit %d" % result.returncode)

# ---- transit new spec ----

result = run([BINARY, "new", "spec", "FadeSpec"])
checks.check("new spec writes NAME_spec.lua", result.returncode == 0 and os.path.isfile(checks.path("FadeSpec_spec.lua")), result.stderr)
result = lua("--spec", "FadeSpec_spec.lua")
checks.check("the spec template passes as written", result.returncode == 0 and result.stdout.endswith(" 0 failed\n"), result.stdout + result.stderr)

# ---- busted ----

busted = shutil.which("busted")
if busted is None:
    print("note: busted is not installed (scripts/setup --test installs lua-busted): busted checks skipped", flush=True)
else:
    os.makedirs(checks.path("spec"), exist_ok=True)
    shutil.copy(checks.path("pass_spec.lua"), checks.path("spec", "pass_spec.lua"))
    shutil.copy(checks.path("fail_spec.lua"), checks.path("spec", "fail_spec.lua"))
    with open(checks.path("spec", "scene_spec.lua"), "w") as handle:
        handle.write("""describe("a spec under busted", function()
  it("runs transit.scene in a sandbox", function()
    local result = transit.scene{ effect = "probe.lua", phases = { "present" } }
    assert.are.equal(0, #result.problems)
    assert.truthy(result.log[1]:find("reach nil", 1, true))
    assert.truthy(io)
  end)
end)
""")
    interpreter = "--lua=%s lua" % BINARY
    result = run([busted, interpreter, "spec/pass_spec.lua", "spec/scene_spec.lua"])
    checks.check("busted --lua=\"transit lua\" passes passing specs", result.returncode == 0 and "7 successes / 0 failures / 0 errors" in result.stdout,
                 result.stdout + result.stderr)
    result = run([busted, interpreter, "-o", "TAP", "spec/"])
    tap = result.stdout.splitlines()
    checks.check("busted -o TAP exits 1 for the failures", result.returncode == 1, result.stderr)
    # 11 tests: 6 passing and 1 pending in pass_spec, 1 passing and 2 failing in fail_spec, 1 in scene_spec.
    checks.check("TAP: a plan and ok / not ok lines", "1..11" in tap and len([l for l in tap if l.startswith("ok ")]) == 9
                 and len([l for l in tap if l.startswith("not ok ")]) == 2, result.stdout)
    checks.check("TAP names the failure's file:line", "fail_spec.lua:%d:" % line_of("fail_spec.lua", "assert.are.equal(1, 2)") in result.stdout, result.stdout)
    result = run([busted, interpreter, "-o", "junit", "spec/"])
    try:
        suites = ElementTree.fromstring(result.stdout)
    except ElementTree.ParseError as error:
        suites = None
        checks.check("busted -o junit prints XML", False, "%s: %s" % (error, result.stdout[:500]))
    if suites is not None:
        cases = suites.findall(".//testcase")
        failed = [case.get("name") for case in cases if case.find("failure") is not None or case.find("error") is not None]
        checks.check("JUnit: every test is a testcase", len(cases) == 11, str(len(cases)))
        checks.check("JUnit: the two failures are marked", sorted(failed) == ["failures fails an equality", "failures raises"], str(failed))
        # busted counts a failed assertion as a failure and any other error as an error.
        checks.check("JUnit: the counts", [suites.get(key) for key in ("tests", "failures", "errors", "skip")] == ["11", "1", "1", "1"],
                     str(suites.attrib))
        checks.check("JUnit: no error outside the tests (the split --lua is joined again)", suites.find("error") is None, result.stdout[:500])

checks.finish()
