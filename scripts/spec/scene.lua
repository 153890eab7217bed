-- `transit` inside `transit lua` (docs/specs.md): what a spec uses to run an effect and look at
-- what it showed. The host (Sources/transit/SpecBindings.swift) runs each transit.scene{...} in a
-- fresh world and sandboxed Lua state, as `transit run` does, and hands back values; this file
-- gives them their methods and raises the host's failures where they belong: a mistake in the
-- spec's own call at the spec's line, an error of the effect with the effect's own file:line.
local raw, version, scripts = ...

-- raw.* return true, values... or false, message, atCaller.
local function check(level, ok, ...)
  if ok then return ... end
  local message, atCaller = ...
  error(message, atCaller and level + 1 or 0)
end

local Result = {}
Result.__index = Result
Result.__name = "transit.scene result"
-- The host keeps the run's frames until the result is collected.
Result.__gc = function(self) raw.release(self.id) end
function Result:__tostring()
  return string.format("transit.scene result (%s, iOS %s: %d transitions, %d problems, %.3f s)",
    self.device, self.ios, #self.transitions, #self.problems, self.duration)
end

local Frame = {}
Frame.__index = Frame
Frame.__name = "transit.scene frame"
function Frame:__tostring() return string.format("frame %dx%d at t=%s", self.width, self.height, self.time) end

--- The presentation value of a view's property at `time` (virtual seconds): "alpha", "frame",
--- "x", "y", "width", "height", "center", "bounds", "transform", "isHidden", "cornerRadius" or
--- "zPosition"; nil when the view is not on screen then. `view` is "toView" or "fromView" (the
--- transition's at that time), a name as the trace shows it (`UIView "card"`) or a view's own
--- name ("card").
function Result:value(view, property, time)
  -- Not a tail call: check's level counts this function's frame.
  local value = check(2, raw.value(self.id, view, property, time))
  return value
end

--- The screen drawn at `time`: `width`, `height`, `pixel(x, y)` and `png()`.
function Result:frame(time)
  local width, height, rgba = check(2, raw.frame(self.id, time))
  return setmetatable({ width = width, height = height, time = time, rgba = rgba }, Frame)
end

--- The trace lines containing `text` (a plain substring, not a pattern).
function Result:traced(text)
  local lines = {}
  for _, line in ipairs(self.trace) do
    if line:find(text, 1, true) then lines[#lines + 1] = line end
  end
  return lines
end

--- The problems with this id ("view-left-over", ...), or all of them.
function Result:problemsWith(id)
  local found = {}
  for _, problem in ipairs(self.problems) do
    if id == nil or problem.id == id then found[#found + 1] = problem end
  end
  return found
end

--- The first transition of this phase ("present", "dismiss", "interactive cancel", ...).
function Result:transition(phase)
  for _, transition in ipairs(self.transitions) do
    if transition.phase == phase then return transition end
  end
  return nil
end

--- The pixel at (x, y), counted from 0 at the top left: red, green, blue and alpha, 0...255.
function Frame:pixel(x, y)
  if math.type(x) ~= "integer" or math.type(y) ~= "integer" then
    error("frame:pixel needs whole numbers x and y (got " .. tostring(x) .. ", " .. tostring(y) .. ")", 2)
  end
  if x < 0 or y < 0 or x >= self.width or y >= self.height then
    error(string.format("frame:pixel(%d, %d) is outside the %dx%d frame", x, y, self.width, self.height), 2)
  end
  local at = (y * self.width + x) * 4 + 1
  return self.rgba:byte(at, at + 3)
end

--- The frame as a PNG file's bytes; with a path, written there (and the path returned).
function Frame:png(path)
  local bytes = check(2, raw.png(self.width, self.height, self.rgba))
  if path == nil then return bytes end
  local file = assert(io.open(path, "wb"))
  file:write(bytes)
  file:close()
  return path
end

-- `scripts`: the directory of the shipped effects (transit.scripts .. "/animators/fold.lua").
local transit = { version = version, scripts = scripts }

--- Runs an effect (in the default scene, or `scene`) or a scene file in a fresh world on virtual
--- time and returns what it showed: options effect, scene, device, ios, phases, fps, scale,
--- statusBar, budget, memory (docs/specs.md).
function transit.scene(options)
  return setmetatable(check(2, raw.run(options)), Result)
end

return transit
