-- The scene `transit check` runs an effect in, once per matrix cell (docs/check.md). The host
-- sets transit.checkCell before the scene runs:
--   { probe = true }                      only report what the effect declares (checkProbe)
--   { path = "present-dismiss" | "interactive-dismiss" | "interactive-present" | "push-pop" | "tab-switch",
--     animated = true|false, style = "custom"|..., fraction = 0.1 (interactive paths),
--     rotate = true (turn the device while the screen is presented), rounds = 2,
--     flick = true | interrupt = true | scrollView = true (the wider matrix, issue 22 item 5) }
-- Every round presents (or pushes) a new screen and dismisses (or pops) it, on the same effect
-- object: a second round that differs from the first means state leaked between transitions.
-- The scene waits for each transition at most `LIMIT` seconds and stops the cell when one is
-- still running (transit check then reports it as stuck) rather than raising.

local cell = transit.checkCell or { path = "present-dismiss", animated = true, rounds = 1 }
local effect = transit.effect
local navigationEffect = type(effect.animationControllerForOperation) == "function"
-- A UITabBarControllerDelegate switches tabs; it may declare a pan that switches them
-- (interactiveTabSwitch = { pan = "left" }: a pan to the left shows the next tab).
local tabEffect = type(effect.animationControllerForTransitionFrom) == "function"

if cell.probe then
  -- One line the host parses: key=value pairs separated by ";".
  local function gesture(spec)
    if type(spec) ~= "table" then return "" end
    if spec.edge then return "edge " .. tostring(spec.edge) end
    if spec.pan then return "pan " .. tostring(spec.pan) end
    if spec.pinch then return "pinch " .. tostring(spec.pinch) end
    return ""
  end
  local styles = {}
  if type(effect.supportedPresentationStyles) == "table" then
    for _, style in ipairs(effect.supportedPresentationStyles) do styles[#styles + 1] = tostring(style) end
  end
  if #styles == 0 then styles[1] = tostring(effect.modalPresentationStyle or "custom") end
  transit.checkProbe = table.concat({
    "kind=" .. tostring(transit.effectKind or "transitioning delegate"),
    "navigation=" .. tostring(navigationEffect),
    "tabs=" .. tostring(tabEffect),
    "styles=" .. table.concat(styles, ","),
    "dismissal=" .. gesture(tabEffect and effect.interactiveTabSwitch or effect.interactiveDismissal),
    -- An interactive presentation needs the gesture on the presenting screen: the effect
    -- installs it (installPresentationGesture), the scene only moves the finger.
    "presentation=" .. (type(effect.installPresentationGesture) == "function" and gesture(effect.interactivePresentation) or ""),
  }, ";")
  return
end

local LIMIT = 10
local screen = transit.screen.bounds
local W = screen.width

-- Screen A: a list under a navigation bar.
local inbox = UIViewController.new{ title = "Inbox", backgroundColor = UIColor.systemBackground }
inbox.view:addSubview(UIView.new{ frame = CGRect(0, 0, W, 96), name = "navigationBar",
  backgroundColor = UIColor.secondarySystemBackground, autoresizingMask = { "flexibleWidth" } })
for i = 1, 6 do
  inbox.view:addSubview(UIView.new{ frame = CGRect(16, 96 + (i - 1) * 76 + 14, W - 32, 48), name = "row " .. i,
    backgroundColor = UIColor.systemBlue:withAlphaComponent(0.1 * i), autoresizingMask = { "flexibleWidth" } })
end

-- Screen B: a detail card, made anew for every presentation as an app would.
local function makeMessage()
  local message = UIViewController.new{ title = "Message" }
  message.view.backgroundColor = UIColor.systemGray6
  message.view:addSubview(UIView.new{ frame = CGRect(16, 116, W - 32, 300), name = "card",
    backgroundColor = UIColor.white, autoresizingMask = { "flexibleWidth" } })
  -- Issue 22 item 5, the scroll-view cell: the presented screen scrolls (a detail page), so the
  -- dismissal gesture starts inside a scroll view that has its own pan recognizer.
  if cell.scrollView then
    local scroll = UIScrollView.new{ frame = message.view.bounds, name = "detailScroll",
      autoresizingMask = { "flexibleWidth", "flexibleHeight" } }
    scroll.contentSize = CGSize(message.view.bounds.width, message.view.bounds.height * 2)
    scroll:addSubview(UIView.new{ frame = CGRect(16, 440, W - 32, 600), name = "scrolledContent",
      backgroundColor = UIColor.systemGray5, autoresizingMask = { "flexibleWidth" } })
    message.view:addSubview(scroll)
  end
  return message
end

local navigation, tabs
if tabEffect then
  local third = UIViewController.new{ title = "Settings", backgroundColor = UIColor.systemGray6 }
  tabs = UITabBarController.new{ viewControllers = { inbox, makeMessage(), third } }
  tabs.delegate = effect
  -- Apple's storyboard outlet: a delegate that installs its own gestures has a setter for it.
  if type(effect.setTabBarController) == "function" then effect:setTabBarController(tabs) end
  transit.window.rootViewController = tabs
elseif navigationEffect then
  navigation = UINavigationController.new(inbox)
  -- The mock screens draw their own header, so the controller's own bar stays hidden.
  navigation.isNavigationBarHidden = true
  navigation.delegate = effect
  transit.window.rootViewController = navigation
else
  transit.window.rootViewController = inbox
end

local function waitWhile(condition)
  local waited = 0
  while condition() and waited < LIMIT do
    transit.wait(0.05)
    waited = waited + 0.05
  end
  return not condition()
end

local function rotateBack()
  if transit.device.orientation ~= "portrait" then transit.rotate("portrait") end
end

-- A gesture `fraction` of the way over `view`, as the default scene performs it (docs/check.md):
-- the effect's interactiveDismissal over the presented screen, or its interactivePresentation
-- over the presenting one.
local function gesture(view, fraction, interactive)
  interactive = interactive or effect.interactiveDismissal
  -- The flick cell (issue 22 item 5): a short distance in 0.06 s, a velocity near 2000 pt/s.
  local DURATION = cell.flick and 0.06 or 0.4
  if interactive.edge then
    transit.touch.edgePan{ edge = interactive.edge, to = fraction, duration = DURATION, release = true }
  elseif interactive.pinch then
    -- As the default scene does: fingers 200 pt apart closing `fraction` of the way to 10 %.
    local f = view:convert(view.bounds, transit.window)
    local to = interactive.pinch ~= "out" and 200 * (1 - 0.9 * fraction) or 200 * (1 + fraction)
    transit.touch.pinch{ center = CGPoint(f.midX, f.midY), from = 200, to = to, duration = DURATION, release = true }
  else
    local f = view:convert(view.bounds, transit.window)
    local from, to
    if interactive.pan == "down" then
      from = CGPoint(f.midX, f.minY + 40); to = CGPoint(f.midX, f.minY + 40 + f.height * fraction)
    elseif interactive.pan == "up" then
      from = CGPoint(f.midX, f.maxY - 40); to = CGPoint(f.midX, f.maxY - 40 - f.height * fraction)
    elseif interactive.pan == "right" then
      from = CGPoint(f.minX + 40, f.midY); to = CGPoint(f.minX + 40 + f.width * fraction, f.midY)
    elseif interactive.pan == "left" then
      from = CGPoint(f.maxX - 40, f.midY); to = CGPoint(f.maxX - 40 - f.width * fraction, f.midY)
    else
      error("interactiveDismissal must be { edge = \"left\" | ... } or { pan = \"down\" | \"up\" | \"left\" | \"right\" }, got pan = " .. tostring(interactive.pan), 0)
    end
    transit.touch.pan{ from = from, to = to, duration = DURATION, release = true }
  end
  transit.wait(DURATION + 0.05)
end

-- One round; false when a transition did not end (the cell stops there).
local function pushPopRound()
  local message = makeMessage()
  navigation:pushViewController(message, cell.animated)
  transit.wait(0)
  if not waitWhile(function() return message.transitionCoordinator ~= nil end) then return false end
  transit.wait(0.3)
  navigation:popViewController(cell.animated)
  transit.wait(0)
  if not waitWhile(function() return message.transitionCoordinator ~= nil end) then return false end
  transit.wait(0.3)
  return true
end

-- One round of tab switches: forward to the second tab and back, by selectedIndex, or by a pan
-- `cell.fraction` of the way when the cell says so (then the tab may stay: a cancelled switch).
local function tabSwitchRound()
  local function settle()
    transit.wait(0)
    if not waitWhile(function() return tabs.transitionCoordinator ~= nil end) then return false end
    transit.wait(0.3)
    return true
  end
  if cell.fraction then
    local spec = effect.interactiveTabSwitch
    local f = tabs.view.bounds
    local sign = spec.pan == "right" and 1 or -1
    for _, direction in ipairs({ sign, -sign }) do
      local from = CGPoint(f.midX - direction * f.width * 0.45, f.midY)
      transit.touch.pan{ from = from, to = CGPoint(from.x + direction * f.width * 0.9 * cell.fraction, f.midY),
        duration = 0.4, release = true }
      transit.wait(0.45)
      if not settle() then return false end
    end
    -- Back to the first tab for the next round, whatever the pans did.
    if tabs.selectedIndex ~= 1 then tabs.selectedIndex = 1; if not settle() then return false end end
    return true
  end
  for _, index in ipairs({ 2, 3, 1 }) do
    tabs.selectedIndex = index
    if not settle() then return false end
  end
  return true
end

local function presentDismissRound()
  local message = makeMessage()
  message.transitioningDelegate = effect
  message.modalPresentationStyle = cell.style or effect.modalPresentationStyle or "custom"
  local animated = cell.animated ~= false
  inbox:present(message, animated, nil)
  transit.wait(0)
  if cell.interrupt then
    -- Issue 22 item 5: a dismissal asked for while the presentation still runs (a double tap);
    -- UIKit logs a warning and ignores it, so the presentation must end as if nothing came.
    transit.wait(0.05)
    if message.isBeingPresented then message:dismiss(true, nil) end
  end
  if not waitWhile(function() return message.isBeingPresented end) then return false end
  transit.wait(0.3)
  -- completeTransition(false) undid the presentation: nothing to dismiss.
  if message.presentingViewController == nil then return true end
  if cell.rotate then
    -- While presented: UIKit defers an interface rotation that comes during a transition until
    -- the transition ends, so the presented screen is what turns (docs/check.md).
    transit.rotate("landscapeLeft")
    transit.wait(0.3)
  end
  if cell.path == "interactive-dismiss" then
    gesture(message.view, cell.fraction or 0.5)
    if not waitWhile(function() return message.isBeingDismissed end) then return false end
    transit.wait(0.3)
    -- Cancelled (or never begun): still presented; dismiss it plainly for the next round.
    if message.presentingViewController ~= nil then
      message:dismiss(true, nil)
      transit.wait(0)
    end
  else
    message:dismiss(animated, nil)
    transit.wait(0)
  end
  if not waitWhile(function() return message.presentingViewController ~= nil end) then return false end
  transit.wait(0.3)
  rotateBack()
  return true
end

-- Interactive presentation: the effect's gesture on the presenting screen presents a new screen
-- (the `present` function the scene gives it) and drives the transition; a finger moves
-- `fraction` of the way. A finished presentation is then dismissed plainly.
local presented
local function presentFromGesture()
  local message = makeMessage()
  message.transitioningDelegate = effect
  message.modalPresentationStyle = cell.style or effect.modalPresentationStyle or "custom"
  presented = message
  inbox:present(message, true, nil)
  return message
end

local function interactivePresentRound()
  presented = nil
  gesture(inbox.view, cell.fraction or 0.5, effect.interactivePresentation)
  local message = presented
  if message == nil then return true end  -- the gesture never began a presentation
  if not waitWhile(function() return message.isBeingPresented end) then return false end
  transit.wait(0.3)
  if message.presentingViewController ~= nil then
    message:dismiss(true, nil)
    transit.wait(0)
    if not waitWhile(function() return message.presentingViewController ~= nil end) then return false end
    transit.wait(0.3)
  end
  return true
end

transit.wait(0.1)
if cell.path == "interactive-present" then
  effect:installPresentationGesture(inbox, presentFromGesture)
end
for _ = 1, cell.rounds or 2 do
  local ok
  if tabEffect then ok = tabSwitchRound()
  elseif navigationEffect then ok = pushPopRound()
  elseif cell.path == "interactive-present" then ok = interactivePresentRound()
  else ok = presentDismissRound() end
  if not ok then break end
end
