-- A Lua init is a Swift init typed by the first X.new(...); it runs after the superclass's part,
-- so super.init() comes first. Fields may be read before the method that assigns them.
local Slide = NSObject:subclass("SlideAnimator")

function Slide:init(duration)
  self.duration = duration
end

function Slide:transitionDuration(ctx)
  return self.duration
end

function Slide:animateTransition(ctx)
  ctx:completeTransition(true)
end

local Delegate = NSObject:subclass("SlideDelegate")

function Delegate:animationControllerForPresented(presented, presenting, source)
  return Slide.new(0.4)
end

return Delegate.new()
