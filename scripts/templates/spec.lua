-- MySpec: a spec for an effect (`transit new spec` wrote this from scripts/templates/spec.lua).
-- It runs the effect in a fresh world on virtual time and checks what was shown: no broken
-- UIKit rule, the transitions' lengths, a view's alpha half way through, the hooks UIKit called
-- and a drawn frame. As written it tests a shipped effect, Apple's cross dissolve, so it passes;
-- point EFFECT at your own (`transit new animator MySpec` writes "MySpec.lua"; paths are
-- relative to where you run transit) and change what it expects.
--
-- Run it:  transit lua --spec MySpec_spec.lua               (Transit's own runner)
--          busted --lua="transit lua" MySpec_spec.lua       (busted, when installed: -o TAP, -o junit)
--
-- transit.scene{...} takes effect (or scene), device, ios and phases ("present", "dismiss",
-- "interactive cancel", "interactive finish", "push", "pop", "tab switch"); the effect runs in
-- the sandbox of `transit run`, while this file has all of Lua (io, os, require). docs/specs.md
-- lists everything a result holds.

local EFFECT = transit.scripts .. "/animators/crossDissolve.lua"

describe("MySpec", function()
  local result
  -- Each test gets a run of its own (runs are deterministic: they are the same run).
  before_each(function()
    result = transit.scene{ effect = EFFECT, device = "iPhone 15", ios = 17, phases = { "present", "dismiss" } }
  end)

  it("breaks none of UIKit's rules", function()
    -- A problem has an id (docs/check.md) and a message: the first one, if any, says what broke.
    assert.are.equal(0, #result.problems, result.problems[1] and result.problems[1].message)
  end)

  it("presents, then dismisses, each in 0.35 s", function()
    assert.are.same({ "present", "dismiss" }, { result.transitions[1].phase, result.transitions[2].phase })
    assert.near(0.35, result:transition("present").duration, 1e-9)
    assert.near(0.35, result:transition("dismiss").duration, 1e-9)
  end)

  it("is half way faded in half way through the presentation", function()
    local present = result:transition("present")
    local middle = present.start + present.duration / 2
    -- Views by role ("toView", "fromView"), by name ("card") or as the trace names them.
    assert.near(0.5, result:value("toView", "alpha", middle), 0.01)
    assert.near(0.5, result:value("fromView", "alpha", middle), 0.01)
    assert.are.equal(1, result:value("toView", "alpha", present.finish))
  end)

  it("is asked for its animator once per transition", function()
    -- result.trace holds every hook call and state change in UIKit's order, as --trace prints.
    assert.are.equal(1, #result:traced("animationControllerForPresented"))
    assert.are.equal(1, #result:traced("animationControllerForDismissed"))
  end)

  it("draws the presented screen over the whole display", function()
    local frame = result:frame(result:transition("present").finish)
    assert.are.equal(393, frame.width)   -- iPhone 15, in points at scale 1
    local _, _, _, alpha = frame:pixel(200, 400)
    assert.are.equal(255, alpha)
  end)
end)
