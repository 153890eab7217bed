-- A large rounded popup in the middle of the screen that the user can swipe down to dismiss,
-- in the spirit of Presentr's `.popup` presentation with dismissOnSwipe (IcaliaLabs/Presentr:
-- PresentationType.swift, ModalSize.swift, PresentrController.swift): the parent's width less
-- 30 pt each side and 66 % of its height, centred, corners 4 pt, black chrome at 0.7. While the
-- finger drags the popup follows it; past 100 pt it dismisses, released before it springs back
-- (0.5 s, damping 0.5, initial velocity 1).
-- Shows: a UIPresentationController with its own pan recognizer on the presented view, a
-- non-interactive dismissal started from a gesture, and UIView.animate's spring options.
-- Presentr can blur the background (a UIVisualEffectView); this one dims (blurIn.lua blurs).
--
-- | parameter      | value        | meaning (Presentr's defaults)                              |
-- |----------------|--------------|------------------------------------------------------------|
-- | SIDE_MARGIN    | 30           | ModalSize.default width: parent − 2 × 30                   |
-- | HEIGHT_FRACTION| 0.66         | ModalSize.default height: 66 % of the parent               |
-- | CORNER_RADIUS  | 4            | Presentr.cornerRadius                                      |
-- | DIM_ALPHA      | 0.7          | Presentr.backgroundOpacity                                 |
-- | DURATION       | 0.4 s        | cover vertical, easeInOut                                  |
-- | SWIPE_LIMIT    | 100 pt       | a drag this far down dismisses                             |
-- | SNAP_BACK      | 0.5 s, damping 0.5, velocity 1 | the spring back when released short      |
-- | interactiveDismissal | { pan = "down" } | how scenes drive it                             |
--
-- Run:    transit run scripts/presentations/popup.lua
--         (present, dismiss, then drags of 10 % (springs back) and 90 % (dismisses))

local SIDE_MARGIN = 30
local HEIGHT_FRACTION = 0.66
local SWIPE_LIMIT = 100

-- Swipe to dismiss: a pan on the presented view (Presentr's presentedViewSwipe).
local function presentedViewSwipe(self, gesture)
  local view = self.presentedViewController.view
  if gesture.state == "began" then
    self.frameAtStart = view.frame
  elseif gesture.state == "changed" then
    -- Once the dismissal runs the animator owns the frame: stop following the finger (Presentr
    -- keeps moving the view here, which fights its own dismissal animation).
    if self.swipeDismissing then return end
    local amount = gesture:translation(view)
    if amount.y < 0 then return end  -- only downwards
    local start = self.frameAtStart
    view.frame = CGRect(start.x, start.y + amount.y, start.width, start.height)
    if amount.y > SWIPE_LIMIT then
      self.swipeDismissing = true
      self.presentingViewController:dismiss(true, nil)
    end
  elseif gesture.state == "ended" or gesture.state == "cancelled" then
    if self.swipeDismissing then return end
    -- Short of the limit: spring back where it was.
    UIView.animate{ duration = 0.5, dampingRatio = 0.5, velocity = 1, animations = function()
      view.frame = self.frameAtStart
    end }
  end
end

-- Shared with the other Presentr presentations: scripts/lib/presentr.lua.
local PopupPresentationController = require("lib.presentr").controller("PopupPresentationController", {
  cornerRadius = 4,
  dimAlpha = 0.7,
  duration = 0.4,
  frame = function(bounds)
    -- Presentr floors its sizes (ModalSize.calculateWidth / calculateHeight).
    local width = math.floor(bounds.width - SIDE_MARGIN * 2)
    local height = math.floor(bounds.height * HEIGHT_FRACTION)
    return CGRect(bounds.midX - width / 2, bounds.midY - height / 2, width, height)
  end,
  didInstallChrome = function(controller, view)
    controller.swipeDismissing = false
    view:addGestureRecognizer(UIPanGestureRecognizer.new(function(gesture) presentedViewSwipe(controller, gesture) end))
  end,
  -- The swipe moves the view; a dismissal starts where the view is.
  keepsFrameWhileDismissing = true,
})
PopupPresentationController.interactiveDismissal = { pan = "down" }

return PopupPresentationController
