-- UIModalTransitionStyle.partialCurl, APPROXIMATED: "one corner of the current view curls up
-- to reveal the presented view underneath"; on dismissal the page uncurls (UIKit docs,
-- docs/sources.md §3.7). Transit has no page-curl mesh, so the presenter's snapshot slides up and
-- tilts (a flat page lifted from its bottom edge), stays lifted over the top of the presented
-- view while it is shown, and comes back down on dismissal. Duration (0.6 s, easeInOut) and
-- the resting position (lifted 55 % of the height, tilted 6°) are chosen, not documented;
-- see docs/semantics.md (System styles). UIKit also requires the fullScreen style for
-- partialCurl (it raises otherwise); Transit does not check that.

local DURATION = 0.6      -- undocumented; chosen
local LIFT = 0.55         -- fraction of the height the page lifts; chosen
local TILT = -6 * math.pi / 180

local PartialCurl = NSObject:subclass("UIPartialCurlTransition")

local viewFor = require("system.support").viewFor

-- The lifted page of each presented controller, from presentation to dismissal (a built-in
-- view controller keeps no fields of its own).
local pageOf = {}

function PartialCurl:transitionDuration(ctx)
  return ctx.isAnimated and DURATION or 0
end

local function curled(height)
  return CATransform3D.translation(0, -LIFT * height, 0):rotated(TILT, 0, 0, 1)
end

local function animateTransform(layer, from, to, duration, completion)
  layer.transform = from
  UIView.animate(duration, function() layer.transform = to end, completion)
end

function PartialCurl:animateTransition(ctx)
  local container = ctx.containerView
  local fromVC, toVC = ctx:viewController("from"), ctx:viewController("to")
  local isPresenting = toVC.presentingViewController == fromVC
  local fromView, toView = viewFor(ctx, "from"), viewFor(ctx, "to")
  local duration = self:transitionDuration(ctx)
  local height = container.bounds.height
  local flat, lifted = CATransform3D.identity, curled(height)

  if isPresenting then
    toView.frame = ctx:finalFrame(toVC)
    container:addSubview(toView)
    -- The page: the presenter as it looks now, kept on top of the presented view (it stays
    -- lifted while the presented controller is shown).
    local page = fromVC.view:snapshotView(false)
    page.name = "partialCurl page"
    page.frame = fromVC.view:convert(fromVC.view.bounds, toView)
    page.backgroundColor = fromVC.view.backgroundColor or UIColor.white
    page.layer.shadowOpacity = 0.35
    page.layer.shadowRadius = 8
    page.layer.shadowOffset = CGSize(0, 4)
    toView:addSubview(page)
    pageOf[toVC] = page
    animateTransform(page.layer, flat, lifted, duration, function()
      local cancelled = ctx.transitionWasCancelled
      if cancelled then page:removeFromSuperview(); pageOf[toVC] = nil end
      ctx:completeTransition(not cancelled)
    end)
  else
    if toView then
      toView.frame = ctx:finalFrame(toVC)
      container:insertSubviewBelow(toView, fromView)
    end
    local page = pageOf[fromVC]
    if not page then -- presented without animation: lift a page now
      page = toVC.view:snapshotView(false)
      page.frame = toVC.view:convert(toVC.view.bounds, fromView)
      fromView:addSubview(page)
    end
    animateTransform(page.layer, lifted, flat, duration, function()
      local cancelled = ctx.transitionWasCancelled
      if cancelled then
        if toView then toView:removeFromSuperview() end  -- UIKit leaves it (docs/sources.md §1.2)
      else
        page:removeFromSuperview()
        pageOf[fromVC] = nil
      end
      ctx:completeTransition(not cancelled)
    end)
  end
end

return PartialCurl.new()
