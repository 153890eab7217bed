-- Helpers on view hierarchies that several shipped effects need (`require("lib.views")`).

local views = {}

-- The first view named `name` in `root`'s hierarchy (depth first, `root` included), or nil.
-- An effect finds the element it animates in screens it did not build by the name the scene
-- gave it (`UIView.new{ name = "row 3" }`), as an app would use an outlet or a tag.
function views.named(root, name)
  if root.name == name then return root end
  for _, subview in ipairs(root.subviews) do
    local found = views.named(subview, name)
    if found then return found end
  end
  return nil
end

return views
