-- A field of a record may be assigned on the local the table was made into, before the record is
-- passed on: the struct's field is a var, optional when the table leaves it out; a table stored
-- in a field is a struct named after the field.
local function prepare(view, dimmed)
  local part = { view = view }
  if dimmed then
    part.dimming = UIView.new{ frame = view.bounds, alpha = 0 }
    part.saved = { alpha = view.alpha, hidden = view.isHidden }
  end
  return part
end

local Dim = NSObject:subclass("Dim")

function Dim:transitionDuration(ctx)
  return 0.25
end

function Dim:animateTransition(ctx)
  local toView = ctx:view("to")
  local part = prepare(toView, true)
  if part.dimming then toView:addSubview(part.dimming) end
  UIView.animate(self:transitionDuration(ctx), function()
    if part.dimming then part.dimming.alpha = 0.4 end
  end, function(finished)
    if part.saved then toView.alpha = part.saved.alpha end
    ctx:completeTransition(true)
  end)
end

return Dim
