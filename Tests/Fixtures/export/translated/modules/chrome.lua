-- A class factory: each call makes a presentation controller with the call's options.
local chrome = {}

local function below(shown, bounds)
  return CGRect(shown.x, bounds.height, shown.width, shown.height)
end

function chrome.controller(name, options)
  local dimAlpha = options.dimAlpha or 0.5
  local hidden = options.hidden or below
  local Controller = UIPresentationController:subclass(name)

  function Controller:frameOfPresentedViewInContainerView()
    return options.frame(self.containerView.bounds)
  end

  function Controller:presentationTransitionWillBegin()
    local dimming = UIView.new{ frame = self.containerView.bounds }
    dimming.backgroundColor = UIColor.black:withAlphaComponent(dimAlpha)
    self.containerView:addSubview(dimming)
    if options.cornerRadius then
      self.presentedViewController.view.layer.cornerRadius = options.cornerRadius
    end
    if options.rounded then
      self.presentedViewController.view.clipsToBounds = true
    end
  end

  function Controller:dismissalTransitionWillBegin()
    self:presentedView().frame = hidden(self:presentedView().frame, self.containerView.bounds)
  end

  return Controller
end

return chrome
