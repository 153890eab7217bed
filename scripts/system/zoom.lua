-- iOS 18's zoom transition (UIViewController.Transition.zoom), UIKit's own, for a push and a
-- presentation of the controller whose preferredTransition it is: the zoomed view grows out of
-- the source view the sourceViewProvider names, and shrinks back into it on the pop or
-- dismissal (the provider is asked again then: the source may have changed). A downward drag
-- or a pinch on the zoomed view dismisses it interactively. Apple documents no curve or
-- geometry; the numbers below are Transit's, with their reasons in docs/semantics.md, "Zoom
-- transition (iOS 18)":
--   curve        UIKit's default spring (UIView.animate(springDuration: 0.5, bounce: 0), the
--                defaults of its iOS 17 signature; WWDC24 "Enhance your UI animations and
--                transitions": the zoom is built on springs): 0.5 s, damping ratio 1
--   shape        a clipping view morphs from the source view's frame and corner radius to the
--                zoomed view's final frame (corners 0); inside it the zoomed view is scaled
--                uniformly so its alignment rect (default: its bounds) fills the source,
--                centred on it (aspect fill)
--   dimming      over the view behind: dimmingColor, else black at 0.2; dimmingVisualEffect
--                adds a blur view that fades the same way
--   no source    (nil, not in a window, inside the zoomed view): the zoomed view fades and
--                scales from half its size at its centre
--   drag, pinch  the zoomed view follows the finger, scaled from 1 to 0.5 about the point
--                first touched (a full drag is half the view's height down); released past a
--                third of that, or flicked down faster than 500 pt/s (a pinch: below scale 0.7
--                or closing faster than 0.5/s), it zooms into the source, else springs back

local Zoom = {}

local DURATION = 0.5                 -- UIKit's default spring duration
local DAMPING_RATIO = 1              -- bounce 0
local DEFAULT_DIM = 0.2
local FINISH_FRACTION = 1 / 3
local FINISH_VELOCITY = 500          -- pt/s down
local PINCH_FINISH_VELOCITY = -0.5   -- scale per second
local PINCH_FINISH_SCALE = 0.7
local NO_SOURCE_SCALE = 0.5
local MIN_DRAG_SCALE = 0.5           -- the zoomed view's scale at a full drag or pinch
local DRAG_CORNER_RADIUS = 40        -- the dragged view's corners (about the screen's)
local RELEASE_DAMPING_RATIO = 0.85   -- springing back to full screen: a little give

local IDENTITY = CGAffineTransform.new(1, 0, 0, 1, 0, 0)
local rectMeta = getmetatable(CGRect(0, 0, 0, 0))

-- The recognizers installed on each zoomed view, and the interaction a gesture started, which
-- the next zoom out's animator hands to UIKit.
local gestures = {}
local pending = nil

-- A mistake in what one of the script's functions returned, named at that function's line.
local function fail(transition, option, message)
  local where = transition:definedAt(option)
  error((where and where .. ": " or "") .. "UIViewController.Transition.zoom: " .. option .. " " .. message, 0)
end

local function transitionOf(zoomed)
  local transition = zoomed.preferredTransition
  if transition == nil or transition.kind ~= "zoom" then return nil end
  return transition
end

-- The source view from the provider, checked: a UIView in a window and not inside the zoomed
-- view, else nil (UIKit then zooms from nothing); anything else is the script's mistake.
local function sourceView(transition, zoomed, source)
  local view = transition.sourceViewProvider({ sourceViewController = source, zoomedViewController = zoomed })
  if view == nil then return nil end
  if type(view) ~= "userdata" or not view.isKind or not view:isKind(UIView) then
    fail(transition, "sourceViewProvider", "must return a UIView or nil (got " .. type(view) .. ")")
  end
  if view.window == nil then return nil end
  if zoomed.isViewLoaded and view:isDescendant(zoomed.view) then return nil end
  return view
end

local function alignmentRect(transition, zoomed, source, view)
  local provider = transition.alignmentRectProvider
  if provider == nil or source == nil then return view.bounds end
  local rect = provider({ sourceView = source, zoomedViewController = zoomed })
  if rect == nil then return view.bounds end
  if type(rect) ~= "table" or getmetatable(rect) ~= rectMeta then
    fail(transition, "alignmentRectProvider", "must return a CGRect or nil (got " .. type(rect) .. ")")
  end
  if rect.width <= 0 or rect.height <= 0 then return view.bounds end
  return rect
end

-- Where the clipping view and the zoomed view inside it are at the small end: the clip on the
-- source's frame, the zoomed view scaled so `align` covers it, centred on it.
local function smallEnd(final, align, target)
  local scale = math.max(target.width / align.width, target.height / align.height)
  -- The zoomed view's bounds centre, in clip coordinates: align's centre lands on the clip's.
  local cx = target.width / 2 - scale * (align.midX - final.width / 2)
  local cy = target.height / 2 - scale * (align.midY - final.height / 2)
  return { clip = target, center = CGPoint(cx, cy), transform = CGAffineTransform.scale(scale, scale) }
end

local ZoomAnimator = NSObject:subclass("UIZoomTransitionAnimator")

function Zoom.animator(zoomed, source, zoomingIn)
  local animator = ZoomAnimator.new()
  animator.zoomed, animator.source, animator.zoomingIn = zoomed, source, zoomingIn
  -- The transition as it was when this zoom began: a script may change preferredTransition
  -- while it runs.
  animator.transition = transitionOf(zoomed)
  return animator
end

function ZoomAnimator:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

-- UIKit drives the zoom out from its own gesture (asked by the host for dismissals and pops).
function ZoomAnimator:interactionControllerForDismissal(animator)
  if self.zoomingIn or pending == nil or pending.zoomed ~= self.zoomed then return nil end
  local interaction = pending.interaction
  pending = nil
  interaction.source, interaction.transition = self.source, self.transition
  return interaction
end

-- The views of one zoom, at the large end (zoomingIn false) or the small one: the view behind
-- (put back for a zoom out), the dimming over it, the clip holding the zoomed view. Returns the
-- stage: setSmall/setLarge (what animations run) and finish(ctx), which puts the zoomed view
-- back in the container, removes the chrome and completes the transition.
local function stage(ctx, transition, zoomed, sourceController, zoomingIn)
  local container = ctx.containerView
  local zoomedView = zoomingIn and ctx:view("to") or ctx:view("from")
  local behind = zoomingIn and ctx:view("from") or ctx:view("to")
  local final = zoomingIn and ctx:finalFrame(zoomed) or zoomedView.frame
  if not zoomingIn and behind then
    -- The view the zoom out reveals, laid out, so the provider finds its source view.
    behind.frame = ctx:finalFrame(ctx:viewController("to"))
    container:insertSubviewBelow(behind, zoomedView)
    behind:layoutIfNeeded()
  end
  local source = sourceView(transition, zoomed, sourceController)
  local target, radius
  if source then
    target = source:convert(source.bounds, container)
    radius = source.layer.cornerRadius
  else
    local w, h = final.width * NO_SOURCE_SCALE, final.height * NO_SOURCE_SCALE
    target = CGRect(final.midX - w / 2, final.midY - h / 2, w, h)
    radius = 0
  end
  local small = smallEnd(final, alignmentRect(transition, zoomed, source, zoomedView), target)

  -- The dimming over the view behind.
  local dim = UIView.new{ frame = container.bounds, name = "zoom dimming",
    backgroundColor = transition.dimmingColor or UIColor.black:withAlphaComponent(DEFAULT_DIM) }
  local blur = transition.dimmingVisualEffect and UIVisualEffectView.new(transition.dimmingVisualEffect)
  if blur then blur.frame = container.bounds end
  -- The clipping view that morphs between the source's shape and the zoomed view's.
  local clip = UIView.new{ name = "zoom clip" }
  clip.clipsToBounds = true
  if zoomingIn then
    container:addSubview(dim)
    if blur then container:addSubview(blur) end
    container:addSubview(clip)
  else
    -- Over the view put back (if the style removed it; overFullScreen keeps it in place).
    container:insertSubviewBelow(dim, zoomedView)
    if blur then container:insertSubviewAbove(blur, dim) end
    container:insertSubviewAbove(clip, zoomedView)
  end
  -- The clip changes size under the zoomed view, which keeps its own (a navigation
  -- controller's child has flexible width and height): no autoresizing while it is inside.
  local mask = zoomedView.autoresizingMask
  zoomedView.autoresizingMask = {}
  zoomedView.transform = IDENTITY
  zoomedView.frame = CGRect(0, 0, final.width, final.height)
  clip:addSubview(zoomedView)

  local z = { final = final, clip = clip, zoomedView = zoomedView }
  local sourceWasHidden = false
  function z.setSmall()
    clip.frame = small.clip
    clip.layer.cornerRadius = radius
    zoomedView.center = small.center
    zoomedView.transform = small.transform
    dim.alpha = 0
    if blur then blur.alpha = 0 end
    if not source then clip.alpha = 0 end
  end
  function z.setLarge()
    clip.frame = final
    clip.layer.cornerRadius = 0
    zoomedView.transform = IDENTITY
    zoomedView.center = CGPoint(final.width / 2, final.height / 2)
    dim.alpha = 1
    if blur then blur.alpha = 1 end
    clip.alpha = 1
  end
  -- Under the finger: the large end scaled by `scale` about its centre, moved by `offset`,
  -- the dimming fading with `progress`.
  function z.setDragged(scale, offset, progress)
    local w, h = final.width * scale, final.height * scale
    clip.frame = CGRect(final.midX - w / 2 + offset.x, final.midY - h / 2 + offset.y, w, h)
    clip.layer.cornerRadius = DRAG_CORNER_RADIUS * math.min(1, progress * 4)
    zoomedView.transform = CGAffineTransform.scale(scale, scale)
    zoomedView.center = CGPoint(w / 2, h / 2)
    dim.alpha = 1 - progress
    if blur then blur.alpha = 1 - progress end
  end
  function z.finish()
    local cancelled = ctx.transitionWasCancelled
    if source then source.isHidden = sourceWasHidden end
    -- The zoomed view goes back to the container, full size, whatever happened.
    zoomedView.transform = IDENTITY
    zoomedView.frame = final
    container:insertSubviewAbove(zoomedView, clip)
    zoomedView.autoresizingMask = mask
    clip:removeFromSuperview()
    dim:removeFromSuperview()
    if blur then blur:removeFromSuperview() end
    if cancelled and not zoomingIn and behind then behind:removeFromSuperview() end
    if zoomingIn ~= cancelled then Zoom.installGestures(zoomed) else Zoom.removeGestures(zoomed) end
    ctx:completeTransition(not cancelled)
  end
  UIView.performWithoutAnimation(zoomingIn and z.setSmall or z.setLarge)
  -- The source view is hidden while its image zooms (UIKit's documented behaviour).
  if source then sourceWasHidden, source.isHidden = source.isHidden, true end
  return z
end

function ZoomAnimator:animateTransition(ctx)
  local z = stage(ctx, self.transition, self.zoomed, self.source, self.zoomingIn)
  UIView.animate{ duration = self:transitionDuration(ctx), dampingRatio = DAMPING_RATIO,
    animations = self.zoomingIn and z.setLarge or z.setSmall, completion = z.finish }
end

-- The drag's and the pinch's zoom out: the zoomed view follows the finger (scaled down and
-- moved with it) until the release, then springs into the source or back (an interaction
-- controller of its own, as UIKit's; the percent reported is the drag's progress, so
-- alongside animations such as the navigation bar's follow it too).
local ZoomInteraction = NSObject:subclass("UIZoomInteractiveTransition")

function ZoomInteraction:startInteractiveTransition(ctx)
  self.ctx = ctx
  self.stage = stage(ctx, self.transition, self.zoomed, self.source, false)
end

function ZoomInteraction:update(scale, offset, progress)
  if not self.stage then return end
  self.stage.setDragged(scale, offset, progress)
  self.ctx:updateInteractiveTransition(progress)
end

function ZoomInteraction:release(finishes)
  local z, ctx = self.stage, self.ctx
  if not z then return end
  self.stage = nil
  if finishes then ctx:finishInteractiveTransition() else ctx:cancelInteractiveTransition() end
  UIView.animate{ duration = DURATION, dampingRatio = finishes and DAMPING_RATIO or RELEASE_DAMPING_RATIO,
    animations = finishes and z.setSmall or z.setLarge, completion = z.finish }
end

-- MARK: The interactive zoom out

local DRAG_DISTANCE_FRACTION = 0.5   -- of the zoomed view's height: a full drag

-- Whether the controller is on screen, zoomed, and free to start its zoom out.
local function canZoomOut(zoomed)
  if zoomed.transitionCoordinator ~= nil or transitionOf(zoomed) == nil then return false end
  local navigation = zoomed.navigationController
  if navigation then
    local stack = navigation.viewControllers
    return #stack > 1 and stack[#stack] == zoomed
  end
  -- isModalInPresentation "prevents the interactive dismissal" (Apple), the zoom's included:
  -- begin() asks transit.userDismissal, which refuses then.
  return zoomed.presentingViewController ~= nil and zoomed.presentedViewController == nil
end

-- interactiveDismissShouldBegin, told whether UIKit would begin; its answer decides.
local function shouldBegin(zoomed, recognizer, willBegin)
  local ask = transitionOf(zoomed).interactiveDismissShouldBegin
  if ask == nil then return willBegin end
  local view = zoomed.view
  local velocity = recognizer.velocity
  if type(velocity) == "number" then velocity = CGPoint(0, 0) else velocity = recognizer:velocity(view) end
  local answer = ask({ location = recognizer:location(view), velocity = velocity, willBegin = willBegin })
  if type(answer) ~= "boolean" then
    fail(transitionOf(zoomed), "interactiveDismissShouldBegin", "must return a boolean (got " .. type(answer) .. ")")
  end
  return answer
end

-- The zoom out starts under the finger at `anchor` (window coordinates).
local function begin(zoomed, state, anchor)
  local interaction = ZoomInteraction.new()
  interaction.zoomed = zoomed
  pending = { zoomed = zoomed, interaction = interaction }
  local navigation = zoomed.navigationController
  if navigation then
    navigation:popViewController(true)
  else
    -- A presented zoom's drag is a dismissal by the user (UIAdaptivePresentationControllerDelegate),
    -- as a sheet's pull is: asked first, then will, and did from the dismissal's completion.
    local controller = zoomed.presentationController
    if controller and not transit.userDismissal(controller, "should") then
      pending = nil
      state.refused = controller
      return
    end
    zoomed:dismiss(true, function() if controller then transit.userDismissal(controller, "did") end end)
    if controller and pending == nil then transit.userDismissal(controller, "will") end
  end
  -- Taken by the animator when the zoom out began interactively; else forget it.
  if pending ~= nil then pending = nil return end
  state.interaction, state.anchor = interaction, anchor
end

-- Follows the finger: the zoomed view at `scale`, the point first touched kept under it.
local function drive(state, recognizer, scale, location, progress, finishes)
  local interaction = state.interaction
  if interaction == nil then
    -- A refused drag tells the delegate when it is let go (presentationControllerDidAttemptToDismiss).
    if state.refused and recognizer.state ~= "changed" then
      local controller = state.refused
      state.refused = nil
      if recognizer.state == "ended" then transit.userDismissal(controller, "attempted") end
    end
    return
  end
  if recognizer.state == "changed" then
    local final, anchor = interaction.stage and interaction.stage.final, state.anchor
    if not final then return end
    -- Where the clip's centre goes so that the anchor point of the view is under the finger.
    local offset = CGPoint(location.x - anchor.x + (1 - scale) * (anchor.x - final.midX),
                           location.y - anchor.y + (1 - scale) * (anchor.y - final.midY))
    interaction:update(scale, offset, progress)
  elseif recognizer.state == "ended" then
    state.interaction = nil
    interaction:release(finishes)
  elseif recognizer.state == "cancelled" or recognizer.state == "failed" then
    state.interaction = nil
    interaction:release(false)
  end
end

function Zoom.installGestures(zoomed)
  local view = zoomed.view
  if gestures[view] then return end
  local state = {}
  local window = transit.window
  local pan = UIPanGestureRecognizer.new(function(pan)
    if pan.state == "began" then
      if not canZoomOut(zoomed) then return end
      local v = pan:velocity(view)
      local downward = v.y > 0 and math.abs(v.y) >= math.abs(v.x)
      if shouldBegin(zoomed, pan, downward) then
        -- The anchor is where the finger came down: the recognizer began after some travel.
        local t = pan:translation(window)
        local at = pan:location(window)
        begin(zoomed, state, CGPoint(at.x - t.x, at.y - t.y))
      end
      return
    end
    -- Measured in the window: the zoomed view itself shrinks under the finger.
    local distance = math.max(1, view.bounds.height * DRAG_DISTANCE_FRACTION)
    local progress = math.max(0, math.min(1, pan:translation(window).y / distance))
    local scale = 1 - (1 - MIN_DRAG_SCALE) * progress
    drive(state, pan, scale, pan:location(window), progress,
      progress > FINISH_FRACTION or pan:velocity(window).y > FINISH_VELOCITY)
  end)
  local pinch = UIPinchGestureRecognizer.new(function(pinch)
    if pinch.state == "began" then
      if not canZoomOut(zoomed) then return end
      if shouldBegin(zoomed, pinch, pinch.scale < 1) then begin(zoomed, state, pinch:location(window)) end
      return
    end
    local scale = math.max(MIN_DRAG_SCALE, math.min(1, pinch.scale))
    local progress = (1 - scale) / (1 - MIN_DRAG_SCALE)
    drive(state, pinch, scale, pinch:location(window), progress,
      pinch.scale < PINCH_FINISH_SCALE or pinch.velocity < PINCH_FINISH_VELOCITY)
  end)
  -- In a navigation controller the edge swipe back wins over the drag (it zooms out too).
  local navigation = zoomed.navigationController
  if navigation then pan:require(navigation.interactivePopGestureRecognizer) end
  view:addGestureRecognizer(pan)
  view:addGestureRecognizer(pinch)
  gestures[view] = { pan, pinch }
end

function Zoom.removeGestures(zoomed)
  if not zoomed.isViewLoaded then return end
  local view = zoomed.view
  local installed = gestures[view]
  if not installed then return end
  for _, recognizer in ipairs(installed) do view:removeGestureRecognizer(recognizer) end
  gestures[view] = nil
end

return Zoom
