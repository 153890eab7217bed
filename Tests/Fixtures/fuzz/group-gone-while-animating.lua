-- Found by `transit fuzz` (seed 1000), reduced: an animation outlived its group (unowned read trapped).
local pool, byClass, count = {}, {}, 0
local function className(o)
  local ok, text = pcall(tostring, o)
  if not ok or type(text) ~= "string" then return nil end
  return text:match("^<?([%w_]+)")
end
function keep(o, ...)
  if o ~= nil and count < 400 then
    count = count + 1
    pool[count] = o
    local name = className(o)
    if name then byClass[name] = byClass[name] or {}; table.insert(byClass[name], o) end
  end
  return o, ...
end
function pickAny() if count == 0 then return nil end return pool[(count * 7919) % count + 1] end
local picks = 0
function pickOf(name)
  picks = picks + 1
  local list = byClass[name]
  if list and #list > 0 then return list[picks % #list + 1] end
  if name == "UIView" or name == "UIWindow" then return transit.window end
  if name == "UIViewController" then return transit.window.rootViewController end
  if name == "CALayer" then return transit.window.layer end
  return pickAny()
end
function cycle() local t = {} t.self = t t[1] = t return t end
local function clear(message)
  return type(message) == "string" and (message:find("^[^\n]-%.lua:%d+: ") or message:find("^interrupted"))
end
function try(f, ...)
  local ok, message = pcall(f, ...)
  if not ok and not clear(message) then
    local text = type(message) == "string" and message or ("(" .. type(message) .. ")")
    print("UNCLEAR: " .. text:gsub("\n", " "):sub(1, 300))
  end
end
local root = UIViewController.new{ title = "root" }
transit.window.rootViewController = root
keep(root); keep(root.view); keep(transit.window); keep(UIView.new{ frame = CGRect(0, 0, 100, 100) })
keep(UIViewController.new{ title = "other" })
try(function() local o = pickOf("CGSize") return keep(o.zero) end)
try(function()
  local animator = {}
  function animator:transitionDuration(ctx) return -1 end
  function animator:animateTransition(ctx)
    keep(ctx); (function(...) try(function() setmetatable(pickOf("UIView"), {}) end) try(function() return keep(UIPresentationController.new(pickOf("UIViewController"), pickOf("UIViewController"))) end) try(function() local S = UIView:subclass("Fuzz2") keep(S) rawset(S, 'super', S) local o = S.new(pickAny()) keep(o) keep(o.missingField) end) end)(ctx)
    local coordinator = ctx:viewController("to") and ctx:viewController("to").transitionCoordinator
    if coordinator then coordinator:animateAlongsideTransition(function(...) try(function() return keep(transit.touch.tap({ frame = CGRect(0, 0, 10, 10) })) end) try(function() return keep(UIPanGestureRecognizer.new(function(...) try(function() local o = pickOf("UIViewControllerContextTransitioningIOS7") return keep(o:viewController("to")) end) end)) end) end, function(...) try(function() local o = pickOf("CAMediaTimingFunction") return keep(o:value(0.3)) end) end) end
    local view = ctx:view("to") or ctx:view("from")
    if view and true then ctx.containerView:addSubview(view) end
    UIView.animate(0.2, function() if view then view.alpha = -1 end end,
      function() if false then ctx:completeTransition(false) end end)
  end
  local vc = UIViewController.new{ title = "p" }
  vc.modalPresentationStyle = "currentContext"
  vc.transitioningDelegate = { animationControllerForPresented = function() return animator end,
    animationControllerForDismissed = function() return animator end,
    presentationController = function(...) try(function() local o = pickOf("UIGestureRecognizer") return keep(o.view) end) try(function() local o = pickOf("UIPresentationController") return keep(o:shouldPresentInFullscreen()) end) transit.wait(0.1) end }
  keep(vc)
  local from = pickOf("UIViewController")
  from:present(vc, false, function(...) try(function()
  local animator = {}
  function animator:transitionDuration(ctx) return 100 end
  function animator:animateTransition(ctx)
    keep(ctx); (function(...) try(function() local o = pickOf("UILabel") return keep(o:subclass("to")) end) try(function() UIView.animateKeyframes{ duration = -1, animations = function() UIView.addKeyframe(0, 375, function() end) end, completion = function() end } end) end)(ctx)
    local coordinator = ctx:viewController("to") and ctx:viewController("to").transitionCoordinator
    if coordinator then coordinator:animateAlongsideTransition(function(...) try(function() setmetatable(pickAny(), {}) end) transit.wait(0.1) end, function(...) try(function()
  local animator = {}
  function animator:transitionDuration(ctx) return 0.3 end
  function animator:animateTransition(ctx)
    keep(ctx); (function() end)(ctx)
    local coordinator = ctx:viewController("to") and ctx:viewController("to").transitionCoordinator
    if coordinator then coordinator:animateAlongsideTransition(nil, function() end) end
    local view = ctx:view("to") or ctx:view("from")
    if view and false then ctx.containerView:addSubview(view) end
    UIView.animate(0.2, function() if view then view.alpha = 0 end end,
      function() if true then ctx:completeTransition(false) end end)
  end
  local vc = UIViewController.new{ title = "p" }
  vc.modalPresentationStyle = 4294967296
  vc.transitioningDelegate = { animationControllerForPresented = function() return animator end,
    animationControllerForDismissed = function() return animator end,
    presentationController = function() end }
  keep(vc)
  local from = pickOf("UIViewController")
  from:present(vc, -1e308, function() end)
end) try(function() UIView.animateKeyframes{ duration = 0, animations = function() UIView.addKeyframe(0.25, 2, function() end) end, completion = function() end } end) end) end
    local view = ctx:view("to") or ctx:view("from")
    if view and true then ctx.containerView:addSubview(view) end
    UIView.animate(0.2, function() if view then view.alpha = 0.5 end end,
      function() if true then ctx:completeTransition(true) end end)
  end
  local vc = UIViewController.new{ title = "p" }
  vc.modalPresentationStyle = "pageSheet"
  vc.transitioningDelegate = { animationControllerForPresented = function() return animator end,
    animationControllerForDismissed = function() return animator end,
    presentationController = nil }
  keep(vc)
  local from = pickOf("UIViewController")
  from:present(vc, false, function(...) try(function() local S = UIPercentDrivenInteractiveTransition:subclass("Fuzz3") keep(S) rawset(S, 'init', nil) local o = S.new(pickAny()) keep(o) keep(o.missingField) end) end)
end) try(function() return keep(UIPresentationController.new(pickOf("UIViewController"), 1e-308, setmetatable({}, { __index = function() error("trap") end, __tostring = function() error("trap") end }))) end) try(function() local o = pickOf("UIGestureRecognizer") return keep(o:translation(pickOf("UIView"))) end) end)
end)
try(function() local o = pickOf("UIViewControllerTransitionCoordinator") return keep(o.isCancelled) end)
try(function() local o = pickOf("CGRect") return keep(o.maxY) end)
try(function()
  local animator = {}
  function animator:transitionDuration(ctx) return 1e-9 end
  function animator:animateTransition(ctx)
    keep(ctx); (function(...) try(function() return keep(CAMediaTimingFunction.new("default", 100, -math.huge, cycle())) end) try(function() local o = pickOf("UIView") return keep(o.isHidden) end) try(function() local o = pickOf("UIImageView") o.super = { title = "t" } end) end)(ctx)
    local coordinator = ctx:viewController("to") and ctx:viewController("to").transitionCoordinator
    if coordinator then coordinator:animateAlongsideTransition(function(...) try(function() return keep(UITapGestureRecognizer.new(1e-308)) end) try(function() local o = pickOf("CALayer") o.sublayerTransform = pickOf("CATransform3D") end) transit.wait(0.1) end, function(...) try(function() local o = pickOf("UIViewControllerContextTransitioningIOS7") return keep(o:finalFrame(pickOf("UIViewController"))) end) try(function() return keep(CGAffineTransform.new(100, 375, 0, 0.25, 0, 1e-9)) end) end) end
    local view = ctx:view("to") or ctx:view("from")
    if view and true then ctx.containerView:addSubview(view) end
    UIView.animate(0.2, function() if view then view.alpha = math.mininteger end end,
      function() if true then ctx:completeTransition(true) end end)
  end
  local vc = UIViewController.new{ title = "p" }
  vc.modalPresentationStyle = "custom"
  vc.transitioningDelegate = { animationControllerForPresented = function() return animator end,
    animationControllerForDismissed = function() return animator end,
    presentationController = nil }
  keep(vc)
  local from = pickOf("UIViewController")
  from:present(vc, true, function(...) try(function() return keep(CGVector.new(375, 0)) end) try(function() local o = pickOf("UIWindow") o.rootViewController = pickOf("UIViewController") end) end)
end)
try(function()
  local animator = {}
  function animator:transitionDuration(ctx) return 2 end
  function animator:animateTransition(ctx)
    keep(ctx); (function(...) try(function() return keep(UINavigationController.new(pickOf("UIViewController"))) end) try(function() return keep(CGAffineTransform.new((function() return pickAny end)(), -1, 2, 375, 0.3, 375)) end) end)(ctx)
    local coordinator = ctx:viewController("to") and ctx:viewController("to").transitionCoordinator
    if coordinator then coordinator:animateAlongsideTransition(function(...) try(function() return keep(CAMediaTimingFunction.new("easeOut", 2, "", 375)) end) end, function(...) try(function() return keep(UIViewPropertyAnimator.new((function() return pickAny end)())) end) try(function() local o = pickOf("CGPoint") return keep(o:equalTo(CGPoint(1e308, 100))) end) transit.wait(0.1) end) end
    local view = ctx:view("to") or ctx:view("from")
    if view and true then ctx.containerView:addSubview(view) end
    UIView.animate(0.2, function() if view then view.alpha = 100 end end,
      function() if true then ctx:completeTransition(true) end end)
  end
  local vc = UIViewController.new{ title = "p" }
  vc.modalPresentationStyle = "custom"
  vc.transitioningDelegate = { animationControllerForPresented = function() return animator end,
    animationControllerForDismissed = function() return animator end,
    presentationController = nil }
  keep(vc)
  local from = pickOf("UIViewController")
  from:present(vc, false, function(...) try(function()
  local animator = {}
  function animator:transitionDuration(ctx) return 1e-9 end
  function animator:animateTransition(ctx)
    keep(ctx); (function(...) try(function() local o = pickOf("CGRect") return keep(o.maxY) end) end)(ctx)
    local coordinator = ctx:viewController("to") and ctx:viewController("to").transitionCoordinator
    if coordinator then coordinator:animateAlongsideTransition(function(...) try(function() return keep(CGSize.new(nil, pickAny())) end) try(function() return keep(NSObject.new()) end) try(function() return keep(CAMediaTimingFunction.new("linear", 0.5, pickAny(), 1)) end) end, function(...) try(function() local o = pickOf("CALayer") o.position = CGPoint(0/0, 100) end) try(function() return keep(UIPresentationController.new(pickOf("UIViewController"), pickOf("UIViewController"))) end) end) end
    local view = ctx:view("to") or ctx:view("from")
    if view and false then ctx.containerView:addSubview(view) end
    UIView.animate(0.2, function() if view then view.alpha = {} end end,
      function() if true then ctx:completeTransition(true) end end)
  end
  local vc = UIViewController.new{ title = "p" }
  vc.modalPresentationStyle = "custom"
  vc.transitioningDelegate = { animationControllerForPresented = function() return animator end,
    animationControllerForDismissed = function() return animator end,
    presentationController = nil }
  keep(vc)
  local from = pickOf("UIViewController")
  from:present(vc, false, function(...) try(function() return keep(UIScreenEdgePanGestureRecognizer.new()) end) try(function() UIView.animate{ duration = 100, delay = 1e-9, dampingRatio = 0.3, animations = nil, completion = function() end } end) transit.wait(0.1) end)
end) try(function() local o = pickOf("UIViewController") return keep(o:dismiss(false, function(...) try(function() UIView.animate(-1, nil, function() end) end) end)) end) end)
end)
try(function() local S = UIViewController:subclass("Fuzz11") keep(S) rawset(S, 'init', function(...) try(function() return keep(CATransform3D.scale(2, 0.5, 0)) end) end) local o = S.new(string.rep("x", 100000)) keep(o) keep(o.missingField) end)
try(function() return keep(transit.step(0.5)) end)
try(function() local o = pickOf("UIViewControllerContextTransitioning") return keep(o.isAnimated) end)
try(function() local o = pickOf("NSObject") return keep(o.super) end)
try(function() local o = pickOf("CGVector") o.zero = CGVector(1e308, 375) end)
try(function() local o = pickOf("UIPercentDrivenInteractiveTransition") return keep(o:subclass("alpha")) end)
try(function() local o = pickOf("UIDevice") return keep(o.current) end)
try(function() local o = pickOf("UIWindow") o.rootViewController = pickOf("UIViewController") end)
try(function()
  local animator = {}
  function animator:transitionDuration(ctx) return 0 end
  function animator:animateTransition(ctx)
    keep(ctx); (function(...) try(function() local o = pickOf("CALayer") return keep(o:removeAllAnimations()) end) try(function() return keep(CATransform3D.rotation(100, 1e-9, 1, 2)) end) end)(ctx)
    local coordinator = ctx:viewController("to") and ctx:viewController("to").transitionCoordinator
    if coordinator then coordinator:animateAlongsideTransition(function(...) try(function() local o = pickOf("UIViewControllerContextTransitioningIOS7") return keep(o:finalFrame(pickOf("UIViewController"))) end) try(function() local S = NSObject:subclass("Fuzz12") keep(S) rawset(S, 'super', S) local o = S.new((function() return pickAny end)()) keep(o) keep(o.missingField) end) end, function(...) try(function() local o = pickOf("UIPresentationController") return keep(o.super) end) end) end
    local view = ctx:view("to") or ctx:view("from")
    if view and true then ctx.containerView:addSubview(view) end
    UIView.animate(0.2, function() if view then view.alpha = 2 end end,
      function() if true then ctx:completeTransition(1e308) end end)
  end
  local vc = UIViewController.new{ title = "p" }
  vc.modalPresentationStyle = "formSheet"
  vc.transitioningDelegate = { animationControllerForPresented = function() return animator end,
    animationControllerForDismissed = function() return animator end,
    presentationController = nil }
  keep(vc)
  local from = pickOf("UIViewController")
  from:present(vc, true, function(...) try(function() return keep(UIScreenEdgePanGestureRecognizer.new(function(...) try(function() return keep(CGAffineTransform.new(0/0, nil, 0.5, 1e-9, 0, pickAny())) end) try(function() return keep(UIViewPropertyAnimator.new()) end) try(function()
  local animator = {}
  function animator:transitionDuration(ctx) return 0 end
  function animator:animateTransition(ctx)
    keep(ctx); (function() end)(ctx)
    local coordinator = ctx:viewController("to") and ctx:viewController("to").transitionCoordinator
    if coordinator then coordinator:animateAlongsideTransition(function() end, nil) end
    local view = ctx:view("to") or ctx:view("from")
    if view and true then ctx.containerView:addSubview(view) end
    UIView.animate(0.2, function() if view then view.alpha = 1e-9 end end,
      function() if true then ctx:completeTransition(true) end end)
  end
  local vc = UIViewController.new{ title = "p" }
  vc.modalPresentationStyle = "pageSheet"
  vc.transitioningDelegate = { animationControllerForPresented = function() return animator end,
    animationControllerForDismissed = function() return animator end,
    presentationController = function() end }
  keep(vc)
  local from = pickOf("UIViewController")
  from:present(vc, true, function() end)
end) end)) end) try(function() local o = pickOf("UIScreenEdgePanGestureRecognizer") return keep(o.edges) end) try(function() local S = UIPercentDrivenInteractiveTransition:subclass("Fuzz13") keep(S) setmetatable(S, { __index = S }) local o = S.new(cycle()) keep(o) keep(o.missingField) end) end)
end)
