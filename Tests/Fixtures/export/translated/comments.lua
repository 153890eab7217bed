-- Comments stay where they are,
-- line comments as //.

local Kept = NSObject:subclass("Kept")

--[[ A long comment
spanning two lines. ]]
function Kept:transitionDuration(ctx)
  return 0.3 -- trailing
end

function Kept:animateTransition(ctx)
  -- before a statement
  ctx:completeTransition(true)
  -- at the end of a block
end

return Kept
