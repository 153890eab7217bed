-- Builds the transitioning delegate a scene uses from what an effect file returns
-- (docs/design.md §2.9): an animator, a transitioning delegate, or a UIPresentationController subclass.

local function isClass(value, base)
  while type(value) == "table" do
    if value == base then return true end
    value = rawget(value, "super")
  end
  return false
end

local function has(object, name)
  local ok, value = pcall(function() return object[name] end)
  return ok and type(value) == "function"
end

-- Delegate hooks an animator may also implement (interaction, its own gestures).
-- (`presentationController` is the former name of presentationControllerForPresented: forwarded
-- under its own name, the engine still calls it.)
local forwarded = { "interactionControllerForPresentation", "interactionControllerForDismissal",
  "presentationControllerForPresented", "presentationController" }

return function(effect, file)
  -- The trace names effects by file name ("good_slide.lua"), not by path.
  local fileName = file:match("([^/]+)$") or file
  local delegate
  local kind
  if type(effect) == "table" and isClass(effect, UIPresentationController) then
    kind = "presentation controller"
    -- A presentation controller class: one instance per presentation, also the animator
    -- when it animates (as Apple's CustomPresentation sample does).
    local current
    delegate = {
      presentationControllerForPresented = function(_, presented, presenting)
        current = effect.new(presented, presenting)
        return current
      end,
    }
    if has(effect, "animateTransition") then
      delegate.animationControllerForPresented = function() return current end
      delegate.animationControllerForDismissed = function() return current end
    end
    for _, name in ipairs({ "interactionControllerForPresentation", "interactionControllerForDismissal" }) do
      if has(effect, name) then delegate[name] = function(_, ...) return current and current[name](current, ...) end end
    end
  elseif has(effect, "presentationControllerForPresented") or has(effect, "presentationController")
      or has(effect, "animationControllerForPresented")
      or has(effect, "animationControllerForOperation") or has(effect, "animationControllerForTransitionFrom") then
    -- A transitioning delegate, a navigation controller delegate (push/pop) or a tab bar
    -- controller delegate (tab switches).
    kind = has(effect, "animationControllerForOperation") and "navigation delegate"
      or has(effect, "animationControllerForTransitionFrom") and "tab bar delegate" or "transitioning delegate"
    delegate = effect
  elseif has(effect, "animateTransition") or has(effect, "interruptibleAnimator") then
    kind = "animator"
    delegate = {
      animationControllerForPresented = function() return effect end,
      animationControllerForDismissed = function() return effect end,
    }
    for _, name in ipairs(forwarded) do
      if has(effect, name) then delegate[name] = function(_, ...) return effect[name](effect, ...) end end
    end
  else
    -- Name what came back without an address (a table's tostring differs between runs).
    local returned
    if type(effect) == "table" then
      -- What it does define: a misspelt hook shows among these.
      local names = {}
      for key, value in pairs(effect) do
        if type(key) == "string" and type(value) == "function" then names[#names + 1] = key end
      end
      returned = #names == 0 and "a table without functions"
        or "a table whose functions (" .. table.concat(names, ", ") .. ") are none of those hooks"
    else
      returned = type(effect) == "string" and string.format("the string %q", effect) or tostring(effect)
    end
    error(file .. " returns " .. returned .. ", which is not an effect: return an animator (with animateTransition), " ..
      "a transitioning delegate (with animationControllerForPresented or presentationControllerForPresented), " ..
      "a navigation delegate (with animationControllerForOperation), a tab bar delegate " ..
      "(with animationControllerForTransitionFrom) or a UIPresentationController subclass", 0)
  end
  local function field(name)
    local ok, value = pcall(function() return effect[name] end)
    if ok then return value end
  end
  -- A plain table (no class, no name of its own) is named after its file, so the trace says
  -- "fade.lua.animateTransition" rather than "Lua table.animateTransition".
  if type(effect) == "table" and getmetatable(effect) == nil and rawget(effect, "__name") == nil then
    rawset(effect, "__name", fileName)
  end
  if delegate ~= effect then
    delegate.modalPresentationStyle = field("modalPresentationStyle")
    delegate.supportedPresentationStyles = field("supportedPresentationStyles")
    delegate.interactiveDismissal = field("interactiveDismissal")
    delegate.interactivePresentation = field("interactivePresentation")
    -- The gesture of an interactive presentation goes on the presenting screen (docs/check.md).
    if type(field("installPresentationGesture")) == "function" then
      delegate.installPresentationGesture = function(_, ...) return effect:installPresentationGesture(...) end
    end
    delegate.__name = fileName
  end
  -- What the file declared itself to be (transit check reports it).
  transit.effectKind = kind
  -- A built-in object used as the delegate keeps no fields of its own (an unknown key is an
  -- error on it); scenes read a missing style as "custom" anyway.
  if type(delegate) == "table" then
    delegate.modalPresentationStyle = delegate.modalPresentationStyle or "custom"
  end
  return delegate
end
