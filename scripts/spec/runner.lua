-- Transit's own minimal spec runner, for when busted is not installed: `transit lua --spec
-- FILE...` (docs/specs.md). It knows busted's everyday words, so the same spec runs under both:
-- describe, it, pending, before_each, after_each, and assert with luassert's chains
-- (assert.are.equal, assert.are_not.same, assert.is_true, assert.has_error, assert.near, ...).
-- One line per test and `N passed, N failed` (text), or one JSON object on stdout (json):
-- {"tests":[{"name","file","line","status","message"}],"passed":N,"failed":N,"pending":N}.
-- Returns the number of failed tests; the host exits 1 when it is not 0.
local files, format = ...

-- Values in messages: strings quoted, tables by their contents (one level, sorted keys).
local function show(value)
  if type(value) == "string" then return string.format("%q", value) end
  if type(value) ~= "table" or getmetatable(value) ~= nil then return tostring(value) end
  local keys = {}
  for key in pairs(value) do keys[#keys + 1] = key end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  local parts = {}
  for i, key in ipairs(keys) do
    if i > 8 then parts[#parts + 1] = "..."; break end
    local item = value[key]
    local text = type(item) == "table" and "{...}" or show(item)
    parts[#parts + 1] = (math.type(key) == "integer" and "" or tostring(key) .. " = ") .. text
  end
  return "{ " .. table.concat(parts, ", ") .. " }"
end

-- luassert's deep comparison: same keys, values equal or the same deep down.
local function same(a, b, seen)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  seen = seen or {}
  if seen[a] == b then return true end
  seen[a] = b
  for key, value in pairs(a) do
    if not same(value, b[key], seen) then return false end
  end
  for key in pairs(b) do
    if a[key] == nil then return false end
  end
  return true
end

-- Each matcher returns whether it holds and what it says when it does not (and when negated).
local matchers = {}
function matchers.equal(expected, actual)
  return expected == actual, "expected " .. show(expected) .. ", got " .. show(actual), "expected anything but " .. show(expected)
end
matchers.equals = matchers.equal
function matchers.same(expected, actual)
  return same(expected, actual), "expected the same as " .. show(expected) .. ", got " .. show(actual), "expected anything but the same as " .. show(expected)
end
function matchers.near(expected, actual, tolerance)
  if type(expected) ~= "number" or type(actual) ~= "number" or type(tolerance) ~= "number" then
    return false, "near needs three numbers: expected, actual, tolerance (got " .. show(expected) .. ", " .. show(actual) .. ", " .. show(tolerance) .. ")"
  end
  return math.abs(expected - actual) <= tolerance,
    "expected " .. show(actual) .. " to be within " .. show(tolerance) .. " of " .. show(expected),
    "expected " .. show(actual) .. " not to be within " .. show(tolerance) .. " of " .. show(expected)
end
function matchers.truthy(value) return value ~= nil and value ~= false, "expected a truthy value, got " .. show(value), "expected a falsy value, got " .. show(value) end
function matchers.falsy(value) return value == nil or value == false, "expected a falsy value, got " .. show(value), "expected a truthy value, got " .. show(value) end
matchers["true"] = function(value) return value == true, "expected true, got " .. show(value), "expected anything but true" end
matchers["false"] = function(value) return value == false, "expected false, got " .. show(value), "expected anything but false" end
matchers["nil"] = function(value) return value == nil, "expected nil, got " .. show(value), "expected a value, got nil" end
function matchers.matches(pattern, text)
  return type(text) == "string" and text:find(pattern) ~= nil, "expected " .. show(text) .. " to match " .. show(pattern), "expected " .. show(text) .. " not to match " .. show(pattern)
end
matchers.match = matchers.matches
-- has_error(f[, message]): f raises; a string message is compared without its "file:line: ".
function matchers.error(f, expected)
  if type(f) ~= "function" then return false, "has_error needs a function (got " .. show(f) .. ")" end
  local ok, err = pcall(f)
  if ok then return false, "expected an error, but the function returned", "expected no error" end
  if expected == nil then return true, "", "expected no error, got " .. show(err) end
  local message = type(err) == "string" and err:gsub("^[^\n]-:%d+: ", "", 1) or err
  return same(expected, message), "expected the error " .. show(expected) .. ", got " .. show(message), "expected an error other than " .. show(expected)
end
matchers.errors = matchers.error

-- The chain words: modifiers that read well and change nothing, and those that negate.
local fillers = { are = true, is = true, has = true, have = true, was = true, does = true, ["to"] = true, be = true }
local negations = { ["not"] = true, no = true }

local function chain(negated)
  return setmetatable({}, {
    __index = function(_, key)
      local result = negated
      local words = {}
      for word in tostring(key):gmatch("[^_]+") do words[#words + 1] = word end
      for i, word in ipairs(words) do
        local lower = word:lower()
        if negations[lower] then
          result = not result
        elseif not fillers[lower] then
          local name = table.concat(words, "_", i):lower()
          local matcher = matchers[name]
          if matcher == nil then error("assert: no matcher named " .. name, 2) end
          return function(...)
            local holds, message, negatedMessage = matcher(...)
            if holds == result then
              error(result and (negatedMessage or "failed") or message, 2)
            end
          end
        end
      end
      return chain(result)
    end,
    -- assert(value, message): Lua's own.
    __call = function(_, value, message, ...)
      if not value then
        if message == nil then error("assertion failed!", 2) end
        error(message, 0)
      end
      return value, message, ...
    end,
  })
end
-- `holds == result` fails: result is true when negated.
local assert = chain(false)

-- Collecting: describe runs its body at once; it, pending and the hooks register.
local root = { name = nil, before = {}, after = {} }
local current = root
local tests = {}

local function where(level)
  local info = debug.getinfo(level + 1, "Sl")
  local file = info.source:sub(1, 1) == "@" and info.source:sub(2) or info.short_src
  return file, info.currentline
end

local function fullName(block, name)
  local parts = { name ~= "" and name or nil }
  while block and block.name do
    table.insert(parts, 1, block.name)
    block = block.parent
  end
  return table.concat(parts, " ")
end

local words = {}
function words.describe(name, body)
  local block = { name = tostring(name), parent = current, before = {}, after = {} }
  local saved = current
  current = block
  local ok, err = pcall(body)
  current = saved
  if not ok then
    local file, line = where(2)
    tests[#tests + 1] = { name = fullName(block, ""), file = file, line = line, error = err }
  end
end
words.context = words.describe
function words.it(name, body)
  local file, line = where(2)
  tests[#tests + 1] = { name = fullName(current, tostring(name)), file = file, line = line, body = body, block = current,
    pending = body == nil }
end
words.test = words.it
function words.pending(name)
  local file, line = where(2)
  tests[#tests + 1] = { name = fullName(current, tostring(name)), file = file, line = line, pending = true }
end
function words.before_each(f) table.insert(current.before, f) end
function words.after_each(f) table.insert(current.after, f) end
words.assert = assert

-- Running: before_each from the outermost block in, the test, after_each from the innermost out.
local function run(test)
  local blocks = {}
  local block = test.block
  while block do
    table.insert(blocks, 1, block)
    block = block.parent
  end
  local function traced(err)
    if type(err) ~= "string" then err = show(err) end
    return err
  end
  local ok, err = true, nil
  for _, b in ipairs(blocks) do
    for _, f in ipairs(b.before) do
      if ok then ok, err = xpcall(f, traced) end
    end
  end
  if ok then ok, err = xpcall(test.body, traced) end
  for i = #blocks, 1, -1 do
    for _, f in ipairs(blocks[i].after) do
      local afterOk, afterErr = xpcall(f, traced)
      if ok and not afterOk then ok, err = false, afterErr end
    end
  end
  return ok, err
end

local results = {}
local counts = { passed = 0, failed = 0, pending = 0 }
local json = format == "json"
-- With json, stdout is the one JSON object: what the specs print goes to stderr.
local stdout = io.stdout
if json then io.output(io.stderr) end
local function printToStderr(...)
  local parts = table.pack(...)
  for i = 1, parts.n do parts[i] = tostring(parts[i]) end
  io.stderr:write(table.concat(parts, "\t", 1, parts.n), "\n")
end

local function report(test, status, message)
  counts[status] = counts[status] + 1
  -- Every failure names a file and line: the test's own when the error did not (error(x, 0)).
  if status == "failed" then
    message = tostring(message)
    if not message:find("^[^\n]-:%d+: ") then message = string.format("%s:%d: %s", test.file, test.line, message) end
  end
  results[#results + 1] = { name = test.name, file = test.file, line = test.line, status = status, message = message or "" }
  if json then return end
  local mark = status == "passed" and "ok     " or status == "failed" and "FAIL   " or "pending"
  stdout:write(string.format("%s %s:%d: %s\n", mark, test.file, test.line, test.name))
  if status == "failed" then
    stdout:write("        " .. tostring(message):gsub("\n", "\n        ") .. "\n")
  end
  stdout:flush()
end

for _, file in ipairs(files) do
  tests = {}
  root.before, root.after = {}, {}
  current = root
  local env = setmetatable({}, { __index = _G })
  for name, f in pairs(words) do env[name] = f end
  if json then env.print = printToStderr end
  local chunk, loadError = loadfile(file, "t", env)
  local ok, err = false, loadError
  if chunk then ok, err = pcall(chunk) end
  if not ok then
    -- The file could not be loaded or failed outside any test: one failed test, at its line.
    local line = tonumber(tostring(err):match("^[^\n]-:(%d+):")) or 0
    report({ name = file, file = file, line = line }, "failed", err)
  end
  for _, test in ipairs(tests) do
    if test.error then
      report(test, "failed", test.error)
    elseif test.pending then
      report(test, "pending")
    else
      local passed, message = run(test)
      report(test, passed and "passed" or "failed", message)
    end
  end
end

if json then
  local function quote(text)
    return '"' .. tostring(text):gsub('[%c"\\]', function(c)
      local named = { ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\t"] = "\\t", ["\r"] = "\\r" }
      return named[c] or string.format("\\u%04x", c:byte())
    end) .. '"'
  end
  local items = {}
  for _, r in ipairs(results) do
    items[#items + 1] = string.format('{"name":%s,"file":%s,"line":%d,"status":%s,"message":%s}',
      quote(r.name), quote(r.file), r.line, quote(r.status), quote(r.message))
  end
  stdout:write(string.format('{"tests":[%s],"passed":%d,"failed":%d,"pending":%d}\n',
    table.concat(items, ","), counts.passed, counts.failed, counts.pending))
else
  stdout:write(string.format("%d passed, %d failed%s\n", counts.passed, counts.failed,
    counts.pending > 0 and string.format(", %d pending", counts.pending) or ""))
end
stdout:flush()
return counts.failed
