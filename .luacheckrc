-- luacheck's configuration for Transit's scripts (scripts/test runs it on every file under scripts/
-- but the stubs in scripts/types).
-- The globals a script may use are the API's: read from the LuaLS stubs that
-- `transit api --luals` generates (scripts/types/transit.d.lua), so they cannot drift.
std = "lua54"
max_line_length = false
-- Hooks take UIKit's parameters whether they use them or not: that is how they are written.
unused_args = false

local api = {}
local stubs = io.open("scripts/types/transit.d.lua")
if stubs then
  for line in stubs:lines() do
    local name = line:match("^([%a_][%w_]*) = {}$") or line:match("^function ([%a_][%w_]*)%(")
    -- Fields may be written: a value constant such as CATransform3D.identity is a copy.
    if name and name ~= "transit" then api[name] = { other_fields = true, read_only = false } end
  end
  stubs:close()
end
read_globals = api
-- Scenes set transit.window.rootViewController and the like.
globals = { "transit" }

-- The prelude replaces a few standard functions on purpose (it is the sandbox).
files["scripts/system/prelude.lua"] = { globals = { "require", "load", "pairs" } }

-- Specs run under `transit lua` (busted's words; scripts/spec is that runner's own Lua).
files["scripts/templates/spec.lua"] = { std = "+busted" }
