-- The default scene (docs/design.md §2.8): two mock screens, an Inbox list (a UITableView) with a navigation bar (A)
-- and a Message detail screen with a card (B). A presents B with the effect given on the
-- command line (transit.effect), pauses, and dismisses it. When the effect declares
-- interactiveDismissal ({ edge = "left" }, { pan = "down" | "up" | "left" | "right" } or
-- { pinch = "in" | "out" }), B is
-- presented again and dismissed by a gesture twice: once 10 % of the way (it should cancel)
-- and once 90 % of the way (it should finish). Run directly (no effect), B fades in and out.
-- Phases are logged as "present", "dismiss", "interactive cancel", "interactive finish".
-- transit.phases (a spec's transit.scene{ phases = {...} }, docs/specs.md) keeps only the
-- phases it names, by the names transitions have ("present", "dismiss", "interactive cancel",
-- "interactive finish", "push", "pop", "tab switch"); a dismissal or pop needs what it undoes, so
-- naming one presents (or pushes) first.
-- A navigation delegate effect (animationControllerForOperation) is shown as a push and a pop
-- in a UINavigationController instead, and a tab bar delegate effect
-- (animationControllerForTransitionFrom) as tab switches in a UITabBarController (Inbox, Message,
-- Settings): to the second tab, the third and back to the first, then, when the effect declares
-- interactiveTabSwitch = { pan = "left" }, a pan 10 % of the way (it should cancel) and 90 %.

local screen = transit.screen.bounds
local W, H = screen.width, screen.height

-- Whether the scene runs these phases (any of them): all of them unless transit.phases says.
local function runs(...)
  if transit.phases == nil then return true end
  for _, phase in ipairs({ ... }) do
    if transit.phases[phase] then return true end
  end
  return false
end

-- Screen A: the Inbox list.
local inbox = UIViewController.new{ title = "Inbox", backgroundColor = UIColor.systemBackground }
local nav = UIView.new{ frame = CGRect(0, 0, W, 96), backgroundColor = UIColor.secondarySystemBackground,
  name = "navigationBar", autoresizingMask = { "flexibleWidth" } }
nav:addSubview(UILabel.new{ frame = CGRect(16, 52, W - 32, 36), text = "Inbox", fontSize = 30, fontWeight = "bold" })
inbox.view:addSubview(nav)
local senders = { "Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov",
  "Ken Thompson", "Frances Allen", "Donald Knuth", "Margaret Hamilton", "John McCarthy" }
-- The list is a UITableView of 76-point rows under the bar, one cell class for every row, as an
-- app builds it; each cell is named "row N" so effects can find the one they fly from. The
-- separator is the row's own 1-point line from the text's edge (separatorStyle none), so it looks
-- the same at every render scale.
local InboxCell = UITableViewCell:subclass("InboxCell")
function InboxCell:init()
  self.backgroundColor = nil   -- the rows show the screen's background, as the list's own rows did
  self.avatar = UIView.new{ frame = CGRect(16, 14, 48, 48) }
  self.avatar.layer.cornerRadius = 24
  self.sender = UILabel.new{ frame = CGRect(76, 14, W - 92, 22), fontSize = 17, fontWeight = "semibold" }
  self.subject = UILabel.new{ frame = CGRect(76, 38, W - 92, 20), text = "Re: the transition we talked about",
    fontSize = 14, textColor = UIColor.secondaryLabel }
  for _, view in ipairs{ self.avatar, self.sender, self.subject,
                         UIView.new{ frame = CGRect(76, 75, W - 76, 1), backgroundColor = UIColor.separator } } do
    self.contentView:addSubview(view)
  end
end
local list = UITableView.new{ frame = CGRect(0, 96, W, H - 96), rowHeight = 76, separatorStyle = "none",
  autoresizingMask = { "flexibleWidth", "flexibleHeight" }, name = "inboxList" }
list.backgroundColor = nil
list:register(InboxCell, "message")
-- The data source, as an app's: an object of its own class (traces name it InboxDataSource).
local InboxDataSource = NSObject:subclass("InboxDataSource")
function InboxDataSource:numberOfRowsInSection(tableView, section) return #senders end
function InboxDataSource:cellForRowAt(tableView, indexPath)
  local i = indexPath.row
  local cell = tableView:dequeueReusableCell("message", indexPath)
  cell.name = "row " .. i
  cell.avatar.backgroundColor = UIColor.systemBlue:withAlphaComponent(0.25 + 0.1 * (i % 5))
  cell.sender.text = senders[i]
  return cell
end
list.dataSource = InboxDataSource.new()
inbox.view:addSubview(list)
-- A navigation delegate effect (animationControllerForOperation) pushes and pops instead.
local navigationEffect = transit.effect and type(transit.effect.animationControllerForOperation) == "function"
-- A tab bar delegate effect (animationControllerForTransitionFrom) makes A a tab (below).
local tabEffect = transit.effect and type(transit.effect.animationControllerForTransitionFrom) == "function"
local navigation
if navigationEffect then
  navigation = UINavigationController.new(inbox)
  -- The mock screens draw their own header, so the controller's own bar stays hidden.
  navigation.isNavigationBarHidden = true
  navigation.delegate = transit.effect
  transit.window.rootViewController = navigation
elseif not tabEffect then
  transit.window.rootViewController = inbox
end

-- Screen B: the Message detail, a card on a grouped background. Made anew for every
-- presentation, as an app would.
local function makeMessage()
  local message = UIViewController.new{ title = "Message" }
  local view = message.view
  view.backgroundColor = UIColor.systemGray6
  local bar = UIView.new{ frame = CGRect(0, 0, W, 96), backgroundColor = UIColor.secondarySystemBackground,
    name = "messageBar", autoresizingMask = { "flexibleWidth" } }
  bar:addSubview(UILabel.new{ frame = CGRect(12, 58, 100, 24), text = "‹ Inbox", fontSize = 17, textColor = UIColor.systemBlue })
  bar:addSubview(UILabel.new{ frame = CGRect(0, 58, W, 24), text = "Message", fontSize = 17, fontWeight = "semibold",
    textAlignment = "center", autoresizingMask = { "flexibleWidth" } })
  view:addSubview(bar)

  local card = UIView.new{ frame = CGRect(16, 116, W - 32, 380), backgroundColor = UIColor.white, name = "card",
    autoresizingMask = { "flexibleWidth" } }
  card.layer.cornerRadius = 14
  card.layer.shadowOpacity = 0.12
  card.layer.shadowRadius = 10
  card.layer.shadowOffset = CGSize(0, 4)
  local avatar = UIView.new{ frame = CGRect(16, 16, 44, 44), backgroundColor = UIColor.systemBlue:withAlphaComponent(0.45) }
  avatar.layer.cornerRadius = 22
  card:addSubview(avatar)
  card:addSubview(UILabel.new{ frame = CGRect(72, 16, W - 120, 22), text = "Ada Lovelace", fontSize = 17, fontWeight = "semibold" })
  card:addSubview(UILabel.new{ frame = CGRect(72, 40, W - 120, 20), text = "to me · 9:41", fontSize = 14,
    textColor = UIColor.secondaryLabel })
  card:addSubview(UILabel.new{ frame = CGRect(16, 76, W - 64, 28), text = "About that transition",
    fontSize = 20, fontWeight = "bold" })
  card:addSubview(UILabel.new{ frame = CGRect(16, 112, W - 64, 120), numberOfLines = 0, fontSize = 16,
    text = "The engine can compute more than numbers: it can animate the way one screen gives way to " ..
      "the next. Every frame of this card is computed, not drawn by hand." })
  local reply = UIView.new{ frame = CGRect(16, 316, W - 64, 44), backgroundColor = UIColor.systemBlue, name = "replyButton" }
  reply.layer.cornerRadius = 10
  reply:addSubview(UILabel.new{ frame = CGRect(0, 0, W - 64, 44), text = "Reply", fontSize = 17, fontWeight = "semibold",
    textColor = UIColor.white, textAlignment = "center" })
  card:addSubview(reply)
  view:addSubview(card)
  return message
end

-- A tab bar delegate effect switches tabs instead (the screens above are its first two tabs).
if tabEffect then
  local settings = UIViewController.new{ title = "Settings", backgroundColor = UIColor.systemGray6 }
  settings.view:addSubview(UILabel.new{ frame = CGRect(16, 52, W - 32, 36), text = "Settings", fontSize = 30, fontWeight = "bold" })
  local tabs = UITabBarController.new{ viewControllers = { inbox, makeMessage(), settings } }
  tabs.delegate = transit.effect
  -- Apple's storyboard outlet: a delegate that installs its own gestures has a setter for it.
  if type(transit.effect.setTabBarController) == "function" then transit.effect:setTabBarController(tabs) end
  transit.window.rootViewController = tabs
  -- In `transit repl`: switch with transit.scene.tabs.selectedIndex = 2, then step(0.5).
  transit.scene = { tabs = tabs, effect = transit.effect }
  transit.repl()
  local function settle()
    transit.wait(0)
    while tabs.transitionCoordinator ~= nil do transit.wait(0.05) end
    transit.wait(0.5)
  end
  transit.wait(0.2)
  for _, index in ipairs(runs("tab switch") and { 2, 3, 1 } or {}) do
    transit.log("select tab", index)
    tabs.selectedIndex = index
    settle()
  end
  local spec = transit.effect.interactiveTabSwitch
  if spec then
    local f = tabs.view.bounds
    local direction = spec.pan == "right" and 1 or -1
    for _, fraction in ipairs({ 0.1, 0.9 }) do
      local phase = fraction < 0.5 and "interactive cancel" or "interactive finish"
      if not runs(phase) then goto next end
      transit.log(phase)
      local from = CGPoint(f.midX - direction * f.width * 0.45, f.midY)
      transit.touch.pan{ from = from, to = CGPoint(from.x + direction * f.width * 0.9 * fraction, f.midY),
        duration = 0.4, release = true }
      transit.wait(0.45)
      settle()
      transit.log("selected tab", tabs.selectedIndex)
      ::next::
    end
  end
  return
end

-- Run directly, without an effect: a plain fade, so the scene still shows both transitions.
local builtinFade = {}
function builtinFade:transitionDuration(ctx) return ctx.isAnimated and 0.3 or 0 end
function builtinFade:animateTransition(ctx)
  local isPresenting = ctx:viewController("to").presentingViewController == ctx:viewController("from")
  local view
  if isPresenting then
    view = ctx:view("to")
    view.frame = ctx:finalFrame(ctx:viewController("to"))
    view.alpha = 0
    ctx.containerView:addSubview(view)
  else
    view = ctx:view("from")
  end
  UIView.animate(self:transitionDuration(ctx), function() view.alpha = isPresenting and 1 or 0 end, function()
    if not isPresenting then view.alpha = 1 end
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end
local effect = transit.effect or {
  animationControllerForPresented = function() return builtinFade end,
  animationControllerForDismissed = function() return builtinFade end,
  modalPresentationStyle = "custom",
}

-- Waits while a transition of `vc` runs (any duration), at most `limit` seconds.
local function waitWhile(condition, limit)
  local waited = 0
  while condition() and waited < (limit or 10) do
    transit.wait(0.05)
    waited = waited + 0.05
  end
end

local function present(message)
  message.transitioningDelegate = effect
  message.modalPresentationStyle = effect.modalPresentationStyle or "custom"
  inbox:present(message, true, function() transit.log("presented") end)
  transit.wait(0)  -- let the turn that began the presentation end
  waitWhile(function() return message.isBeingPresented end)
end

-- What `transit repl` needs to present and dismiss on these screens (its present() and
-- dismiss() helpers call these), then its breakpoint: the REPL opens here, on the screens, with
-- no time passed. `transit run` and `render` go on with the scene below.
transit.scene = {
  inbox = inbox, navigation = navigation, effect = effect, makeMessage = makeMessage,
  -- Starts presenting (or pushing) a new Message screen with `delegate` (default: the effect).
  present = function(delegate)
    local message = makeMessage()
    if navigationEffect then
      navigation:pushViewController(message, true)
      return message
    end
    delegate = delegate or effect
    message.transitioningDelegate = delegate
    message.modalPresentationStyle = delegate.modalPresentationStyle or "custom"
    inbox:present(message, true, function() transit.log("presented") end)
    return message
  end,
  -- Starts dismissing (or popping) what is presented.
  dismiss = function()
    if navigationEffect then
      if #navigation.viewControllers < 2 then error("dismiss: nothing is pushed", 0) end
      navigation:popViewController(true)
      return
    end
    local presented = inbox.presentedViewController
    if presented == nil then error("dismiss: nothing is presented", 0) end
    presented:dismiss(true, function() transit.log("dismissed") end)
  end,
}
transit.repl()

if navigationEffect then
  if not runs("push", "pop") then return end
  transit.wait(0.2)
  transit.log("push")
  navigation:pushViewController(makeMessage(), true)
  -- However long the animator takes (Apple's checkerboard takes 3 s), then a pause.
  waitWhile(function() return navigation.transitionCoordinator ~= nil end)
  transit.wait(0.6)
  if not runs("pop") then return end
  transit.log("pop")
  navigation:popViewController(true)
  waitWhile(function() return navigation.transitionCoordinator ~= nil end)
  transit.wait(0.6)
  return
end

if not runs("present", "dismiss", "interactive cancel", "interactive finish") then return end
local message = makeMessage()
transit.wait(0.2)
transit.log("present")
present(message)
transit.wait(0.6)

-- An animator that called completeTransition(false) undid the presentation (a problem is
-- reported); there is nothing to dismiss then.
if message.presentingViewController ~= nil and runs("dismiss") then
  transit.log("dismiss")
  message:dismiss(true, function() transit.log("dismissed") end)
  transit.wait(0)
  waitWhile(function() return message.presentingViewController ~= nil end)
  transit.wait(0.4)
end

-- Interactive dismissal, when the effect drives one with a gesture.
local interactive = effect.interactiveDismissal
if interactive and runs("interactive cancel", "interactive finish") then
  message = makeMessage()
  transit.log("present again")
  present(message)
  transit.wait(0.4)

  local GESTURE = 0.4  -- seconds the finger moves
  local function gesture(fraction)
    if interactive.edge then
      transit.touch.edgePan{ edge = interactive.edge, to = fraction, duration = GESTURE, release = true }
    elseif interactive.pinch then
      -- Two fingers closing (pinch = "in") on the presented view's centre: from 200 pt apart
      -- to `fraction` of the way to 10 % of that (or opening, pinch = "out").
      local f = message.view:convert(message.view.bounds, transit.window)
      local closing = interactive.pinch ~= "out"
      local to = closing and 200 * (1 - 0.9 * fraction) or 200 * (1 + fraction)
      transit.touch.pinch{ center = CGPoint(f.midX, f.midY), from = 200, to = to, duration = GESTURE, release = true }
    else
      -- A pan across the presented view, from just inside its leading edge.
      local f = message.view:convert(message.view.bounds, transit.window)
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
      transit.touch.pan{ from = from, to = to, duration = GESTURE, release = true }
    end
    transit.wait(GESTURE + 0.05)
    waitWhile(function() return message.isBeingDismissed end)
  end

  if runs("interactive cancel") then
    transit.log("interactive cancel")
    gesture(0.1)
    transit.log("after cancel, still presented:", message.presentingViewController ~= nil)
    transit.wait(0.4)
  end

  if runs("interactive finish") then
    transit.log("interactive finish")
    gesture(0.9)
    transit.log("after finish, still presented:", message.presentingViewController ~= nil)
    transit.wait(0.4)
  end
end
