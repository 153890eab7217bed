-- A local of the file that a function assigns is a global of the Swift file, nil until then and
-- typed by what is assigned (a singleton's shared instance); a local bound to what a class
-- function returns is the file's instance, whose fields set at the top are initial values.
local Shared = NSObject:subclass("Shared")

local shared = nil
function Shared.sharedInstance()
  if shared == nil then shared = Shared.new() end
  return shared
end

function Shared:transitionDuration(ctx)
  return self.duration
end

function Shared:animateTransition(ctx)
  ctx.containerView:addSubview(ctx:view("to"))
  ctx:completeTransition(true)
end

local animator = Shared.sharedInstance()
animator.duration = 0.4
return animator
