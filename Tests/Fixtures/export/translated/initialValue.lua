-- A field set at the top of the file on the instance the file returns is the initial value of
-- a stored property: the app's object starts with it.
local Slide = NSObject:subclass("Slide")

function Slide:init(edge)
  self.edge = edge
end

function Slide:transitionDuration(ctx)
  return 0.35
end

function Slide:animateTransition(ctx)
  local toView = ctx:view("to")
  if self.edge == "right" then toView.alpha = 0 end
  ctx:completeTransition(true)
end

local Delegate = NSObject:subclass("SlideDelegate")

function Delegate:animationControllerForPresented(presented, presenting, source)
  return Slide.new(self.targetEdge)
end

local delegate = Delegate.new()
delegate.targetEdge = "right"  -- in from the right
return delegate
