-- An action function that only calls a method of an object with the recognizer is UIKit's
-- target and action: the object is the target, the method @objc, named with #selector. A target
-- and a method's name are the same.
local Pull = UIPercentDrivenInteractiveTransition:subclass("PullInteraction")

function Pull.attach(presented)
  local self = Pull.new()
  self.presented = presented
  presented.view:addGestureRecognizer(UIPanGestureRecognizer.new(function(g) self:handlePan(g) end))
  return self
end

function Pull:handlePan(recognizer)
  if recognizer.state == "began" then
    self.presented:dismiss(true, nil)
  elseif recognizer.state == "ended" then
    self:finish()
  end
end

function Pull:watch(recognizer)
  recognizer:addTarget(self, "handleTap")
end

function Pull:unwatch(recognizer)
  recognizer:removeTarget(self, "handleTap")
end

function Pull:handleTap()
  self:cancel()
end

local Delegate = NSObject:subclass("PullDelegate")

function Delegate:animationControllerForPresented(presented, presenting, source)
  self.interaction = Pull.attach(presented)
  local tap = UITapGestureRecognizer.new(self, "tapped")
  self.interaction:watch(tap)
  self.interaction:unwatch(tap)
  presented.view:addGestureRecognizer(tap)
  return nil
end

function Delegate:tapped(recognizer)
  self.interaction:cancel()
end

return Delegate
