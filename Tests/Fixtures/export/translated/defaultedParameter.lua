-- A parameter a call leaves out and the function defaults first (`insets = insets or {}`): an
-- optional parameter, shadowed by a local; the other call's table types it, and a field no table
-- gives reads nil (its `or` default).
local TOP = 0

local function edges(view, to, insets)
  insets = insets or {}
  NSLayoutConstraint.activate{
    view.leftAnchor:constraint{equalTo = to.leftAnchor, constant = insets.left or 0},
    view.topAnchor:constraint{equalTo = to.topAnchor, constant = insets.top or 0},
  }
end

local Card = UIPresentationController:subclass("Card")

function Card:presentationTransitionWillBegin()
  local container = self.containerView
  local view = self.presentedViewController.view
  edges(view, container)
  edges(view, container, { top = TOP })
end

return Card
