-- A field of self a function tests is optional, parenthesised when UIKit types it as a protocol;
-- returned where UIKit's result is not optional, it is unwrapped (Swift cannot return nil there).
local Card = NSObject:subclass("Card")

function Card:transitionDuration(ctx)
  return 0.3
end

function Card:interruptibleAnimator(ctx)
  if self.context and self.context == ctx then return self.animator end
  local animator = UIViewPropertyAnimator.new(0.3, "easeInOut")
  self.context, self.animator = ctx, animator
  return animator
end

function Card:animateTransition(ctx)
  self:interruptibleAnimator(ctx):startAnimation()
end

function Card:animationEnded(completed)
  if self.animator then self.animator:stopAnimation(true) end
  self.context, self.animator = nil, nil
end

return Card
