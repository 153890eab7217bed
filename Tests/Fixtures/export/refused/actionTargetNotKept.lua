local Pull = UIPercentDrivenInteractiveTransition:subclass("PullInteraction")

function Pull.attach(presented)
  local self = Pull.new()
  presented.view:addGestureRecognizer(UIPanGestureRecognizer.new(function(g) self:handlePan(g) end))
end

function Pull:handlePan(recognizer)
  self:finish()
end

local Delegate = NSObject:subclass("PullDelegate")

function Delegate:animationControllerForPresented(presented, presenting, source)
  Pull.attach(presented)
  return nil
end

return Delegate
