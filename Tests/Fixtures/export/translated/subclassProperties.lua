-- A Lua class's X.new{ ... } makes it with the initialiser it inherits and sets the properties the
-- table names; a UIColor given to a layer's colour is its cgColor.
local Card = UIViewController:subclass("Card")

function Card:viewDidLoad()
  self.view.backgroundColor = UIColor{ white = 0.8, alpha = 0.3 }
  self.view.layer.borderColor = UIColor.darkGray
end

local Reveal = NSObject:subclass("Reveal")

function Reveal:transitionDuration(ctx)
  return 0.3
end

function Reveal:animateTransition(ctx)
  local card = Card.new{ title = "Card" }
  ctx.containerView:addSubview(card.view)
  ctx:completeTransition(true)
end

return Reveal
