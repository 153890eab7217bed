-- The class mechanism: a subclass of NSObject whose hooks are the animator protocol's methods.
local Fade = NSObject:subclass("Fade")

function Fade:transitionDuration(transitionContext)
  return 0.3
end

function Fade:animateTransition(transitionContext)
  local toView = transitionContext:view("to")
  transitionContext.containerView:addSubview(toView)
  transitionContext:completeTransition(true)
end

local animator = Fade.new()
animator.modalPresentationStyle = "fullScreen"
return animator
