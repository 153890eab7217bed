---@meta
-- LuaLS definitions of what `transit lua` adds for specs (docs/specs.md), written by hand beside
-- the generated transit.d.lua: scripts/spec/scene.lua is their implementation. Effects never
-- see these; they exist only in `transit lua`'s own state.

---A problem a run reported (docs/check.md has the ids).
---@class transit.SpecProblem
---@field id string the problem's stable id ("view-left-over", ...)
---@field message string what broke
---@field phase string "present", "dismiss", "interactive cancel", ...
---@field time number virtual seconds

---One transition of a run.
---@class transit.SpecTransition
---@field phase string "present", "dismiss", "interactive cancel", "interactive finish", "push", "pop" or "tab switch"
---@field start number virtual seconds
---@field finish? number when it ended (nil: it never did)
---@field duration? number finish - start
---@field completed? boolean
---@field interactive boolean
---@field from string the context's "from" controller, as the trace names it
---@field to string the context's "to" controller

---The screen drawn at one instant.
---@class transit.SpecFrame
---@field width integer pixels
---@field height integer pixels
---@field time number virtual seconds
---@field rgba string the pixels, 4 bytes each, row by row
local SpecFrame = {}

---red, green, blue, alpha (0...255) at (x, y), from 0 at the top left
---@param x integer
---@param y integer
---@return integer r, integer g, integer b, integer a
function SpecFrame:pixel(x, y) end

---the frame as PNG bytes, or written to `path` (then the path is returned)
---@param path? string
---@return string
function SpecFrame:png(path) end

---What a run of transit.scene showed.
---@class transit.SpecResult
---@field problems transit.SpecProblem[]
---@field transitions transit.SpecTransition[]
---@field trace string[] every hook call and state change, in UIKit's order
---@field log string[] the lines the scene and effect printed
---@field warnings string[] UIKit's warnings
---@field duration number virtual seconds the run took
---@field device string
---@field ios number
---@field fps number
local SpecResult = {}

---a view's presentation value at `time`, nil when it is not on screen then; `view` is "toView",
---"fromView", a view's name ("card") or its name in the trace ('UIView "card"')
---@param view string
---@param property "alpha"|"opacity"|"frame"|"x"|"y"|"width"|"height"|"center"|"bounds"|"transform"|"isHidden"|"cornerRadius"|"zPosition"
---@param time number
---@return any
function SpecResult:value(view, property, time) end

---the screen drawn at `time`
---@param time number
---@return transit.SpecFrame
function SpecResult:frame(time) end

---the first transition of this phase
---@param phase string
---@return transit.SpecTransition?
function SpecResult:transition(phase) end

---the trace lines containing `text` (plain text)
---@param text string
---@return string[]
function SpecResult:traced(text) end

---the problems with this id (all of them without one)
---@param id? string
---@return transit.SpecProblem[]
function SpecResult:problemsWith(id) end

---@class transit.SpecOptions
---@field effect? string the effect file (run in the default scene, or `scene`)
---@field scene? string a scene file
---@field device? string a device profile (default "iPhone 15")
---@field ios? number the iOS version (default 17)
---@field phases? string[] the default scene's phases to run (default all)
---@field fps? number frames sampled per second (default 60)
---@field scale? number pixels per point of frames (default 1)
---@field statusBar? boolean frames show the status bar (default true)
---@field budget? integer the effect's instruction budget (default 10^8)
---@field memory? integer the effect's megabytes (default 256)

---`transit lua` only: runs an effect or scene in a fresh, sandboxed world and returns what it showed
---@param options transit.SpecOptions
---@return transit.SpecResult
function transit.scene(options) end

---`transit lua` only: the directory of the shipped scripts
---@type string
transit.scripts = ""

---`transit lua` only: Transit's version
---@type string
transit.version = ""
