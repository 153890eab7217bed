-- The sandbox prelude: run by Transit in every Lua state after the standard libraries are
-- restricted (docs/sandbox.md) and the classes are installed, before any script. It is plain
-- Lua so that it can be read and linted like any script; it only uses the standard library
-- and `transit._searchModule`, a host function it takes for itself and hides.
--
-- What it sets up: `require` limited to the running file's directory and scripts/, `load`
-- for text chunks only, the same random numbers and the same pairs() order in every run.

local search = transit._searchModule
transit._searchModule = nil
local loaded = {}
-- require limited to the effect's directory and scripts/ (docs/sandbox.md).
function require(name)
  if type(name) ~= "string" then error("require: argument 1 (name) must be a string (got " .. type(name) .. ")", 2) end
  local value = loaded[name]
  if value ~= nil then return value end
  local chunk, path = search(name)
  if not chunk then error(path, 2) end
  value = chunk(name, path)
  if value == nil then value = true end
  loaded[name] = value
  return value
end
local rawload = load
-- Text chunks only: binary chunks can crash the interpreter.
function load(chunk, name, mode, env)
  if env == nil then return rawload(chunk, name, "t") end
  return rawload(chunk, name, "t", env)
end
-- Determinism (docs/sandbox.md): the same random numbers every run...
math.randomseed(0)
-- ...and the same pairs() order every run. Lua seeds its string hashes per state, so raw
-- traversal order can change between runs; pairs visits numbers (ascending), then strings
-- (sorted), then booleans, then other keys in traversal order. A __pairs metamethod wins.
local rawnext, rawget, type, sort, getmetatable = next, rawget, type, table.sort, getmetatable
local rank = { number = 1, string = 2, boolean = 3 }
local function before(a, b)
  local ra, rb = rank[type(a.key)] or 4, rank[type(b.key)] or 4
  if ra ~= rb then return ra < rb end
  if ra == 1 or ra == 2 then
    if a.key ~= b.key then return a.key < b.key end
  elseif ra == 3 and a.key ~= b.key then
    return b.key
  end
  return a.order < b.order
end
function pairs(t)
  local meta = getmetatable(t)
  if meta ~= nil and type(meta) == "table" and meta.__pairs then return meta.__pairs(t) end
  if type(t) ~= "table" then error("bad argument #1 to 'pairs' (table expected, got " .. type(t) .. ")", 2) end
  local entries, count, key = {}, 0, rawnext(t)
  while key ~= nil do
    count = count + 1
    entries[count] = { key = key, order = count }
    key = rawnext(t, key)
  end
  sort(entries, before)
  local index = 0
  return function()
    -- Keys removed during the loop are skipped, as next() would.
    while true do
      index = index + 1
      local entry = entries[index]
      if entry == nil then return nil end
      local value = rawget(t, entry.key)
      if value ~= nil then return entry.key, value end
    end
  end, t, nil
end
