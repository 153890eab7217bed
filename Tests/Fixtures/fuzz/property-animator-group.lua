-- Found by `transit fuzz` (seed 7), reduced: a property animator group and its animations (unowned read trapped).
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
try(function() return keep(UINavigationController.new(pickOf("UIViewController"), -2^63)) end)
try(function() return keep(UIPresentationController.new(math.huge, pickOf("UIViewController"))) end)
try(function() local o = pickOf("CGAffineTransform") return keep(o.isIdentity) end)
try(function()
  local animator = {}
  function animator:transitionDuration(ctx) return cycle() end
  function animator:animateTransition(ctx)
    keep(ctx); (function(...) try(function() return keep(UIView.new({ duration = 0.3 })) end) try(function() local o = pickOf("UIViewControllerContextTransitioningIOS7") return keep(o:pauseInteractiveTransition(pickAny())) end) end)(ctx)
    local view = ctx:view("to") or ctx:view("from")
    if view and true then ctx.containerView:addSubview(view) end
    UIView.animate(0.2, function() if view then view.alpha = 2 end end,
      function() if true then ctx:completeTransition(true) end end)
  end
  local vc = UIViewController.new{ title = "p" }
  vc.modalPresentationStyle = "pageSheet"
  vc.transitioningDelegate = { animationControllerForPresented = function() return animator end,
    animationControllerForDismissed = function() return animator end,
    presentationController = function(...) try(function()
  local animator = {}
  function animator:transitionDuration(ctx) return 375 end
  function animator:animateTransition(ctx)
    keep(ctx); (function(...) try(function() return keep(UIPanGestureRecognizer.new(nil)) end) try(function() return keep(CGVector.new(2, 0.25)) end) end)(ctx)
    local view = ctx:view("to") or ctx:view("from")
    if view and false then ctx.containerView:addSubview(view) end
    UIView.animate(0.2, function() if view then view.alpha = 1 end end,
      function() if true then ctx:completeTransition(true) end end)
  end
  local vc = UIViewController.new{ title = "p" }
  vc.modalPresentationStyle = "overFullScreen"
  vc.transitioningDelegate = { animationControllerForPresented = function() return animator end,
    animationControllerForDismissed = function() return animator end,
    presentationController = nil }
  keep(vc)
  local from = pickOf("UIViewController")
  from:present(vc, false, function(...) try(function() return keep(UIPanGestureRecognizer.new(nil)) end) end)
end) try(function() local o = pickOf("UINavigationController") return keep(o:pushViewController(pickOf("UIViewController"), false)) end) try(function() local o = pickOf("CGPoint") o.zero = CGPoint(0, -math.huge) end) end }
  keep(vc)
  local from = pickOf("UIViewController")
  from:present(vc, true, function(...) try(function() local o = pickOf("UIImageView") return keep(o.super) end) try(function() local o = pickOf("UIViewPropertyAnimator") return keep(o.state) end) end)
end)
try(function() local p = UIViewPropertyAnimator.new{ duration = 375, curve = "easeInOut", animations = function(...) try(function()
  local animator = {}
  function animator:transitionDuration(ctx) return 1e-9 end
  function animator:animateTransition(ctx)
    keep(ctx); (function(...) try(function() local o = pickOf("CALayer") local mt = getmetatable(o) if type(mt) == 'table' and type(rawget(mt, '__gc')) == 'function' then mt.__gc(o) end keep(o.frame) keep(tostring(o)) end) end)(ctx)
    local view = ctx:view("to") or ctx:view("from")
    if view and true then ctx.containerView:addSubview(view) end
    UIView.animate(0.2, function() if view then view.alpha = 1e-308 end end,
      function() if true then ctx:completeTransition(false) end end)
  end
  local vc = UIViewController.new{ title = "p" }
  vc.modalPresentationStyle = "automatic"
  vc.transitioningDelegate = { animationControllerForPresented = function() return animator end,
    animationControllerForDismissed = function() return animator end,
    presentationController = nil }
  keep(vc)
  local from = pickOf("UIViewController")
  from:present(vc, false, function(...) try(function() local S = UIPercentDrivenInteractiveTransition:subclass("Fuzz1") keep(S) rawset(S, 'super', S) local o = S.new(pickAny()) keep(o) keep(o.missingField) end) try(function() return keep(NSObject.new()) end) end)
end) try(function() transit.touch.pan{ from = CGPoint(375, 0.5), to = cycle(), duration = 0 } end) transit.wait(0.1) end } keep(p) p:startAnimation() end)
try(function() local o = pickOf("CALayer") return keep(o:presentation()) end)
