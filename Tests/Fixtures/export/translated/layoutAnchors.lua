-- Auto Layout anchors: a size anchor's constraint{equalToConstant = ...} is NSLayoutDimension's
-- constraint(equalToConstant:), a relation's key is its argument label, and a table written
-- over several lines is an array of one element a line.
local Card = UIPresentationController:subclass("Card")

function Card:presentationTransitionWillBegin()
  local card = self:presentedView()
  local container = self.containerView
  card.translatesAutoresizingMaskIntoConstraints = false
  local width = card.widthAnchor:constraint{equalToConstant = 300}
  width.priority = UILayoutPriority.defaultHigh
  NSLayoutConstraint.activate{
    card.centerXAnchor:constraint{equalTo = container.centerXAnchor},
    card.centerYAnchor:constraint{equalTo = container.centerYAnchor, constant = 20},
    card.heightAnchor:constraint{equalTo = card.widthAnchor, multiplier = 1.2},
    width,
  }
end

return Card
