-- The default scene: two mock screens, an inbox list with a navigation bar and a message
-- card. Until the transition engine lands, the card slides in and out with UIView.animate
-- on virtual time; present/dismiss replace this when it does.

local screen = transit.screen.bounds
local W, H = screen.width, screen.height

-- Screen A: a list with a navigation bar.
local inbox = UIViewController.new{ title = "Inbox", backgroundColor = UIColor.systemBackground }
local nav = UIView.new{ frame = CGRect(0, 0, W, 96), backgroundColor = UIColor.secondarySystemBackground, name = "navigationBar" }
nav:addSubview(UILabel.new{ frame = CGRect(16, 52, W - 32, 36), text = "Inbox", fontSize = 30, fontWeight = "bold" })
inbox.view:addSubview(nav)
local senders = { "Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Ken Thompson", "Frances Allen" }
for i, sender in ipairs(senders) do
  local y = 96 + (i - 1) * 76
  local row = UIView.new{ frame = CGRect(0, y, W, 76), name = "row " .. i }
  local avatar = UIView.new{ frame = CGRect(16, 14, 48, 48), backgroundColor = UIColor.systemBlue:withAlphaComponent(0.25 + 0.1 * (i % 5)) }
  avatar.layer.cornerRadius = 24
  row:addSubview(avatar)
  row:addSubview(UILabel.new{ frame = CGRect(76, 14, W - 92, 22), text = sender, fontSize = 17, fontWeight = "semibold" })
  row:addSubview(UILabel.new{ frame = CGRect(76, 38, W - 92, 20), text = "Re: the transition we talked about", fontSize = 14, textColor = UIColor.secondaryLabel })
  row:addSubview(UIView.new{ frame = CGRect(76, 75, W - 76, 1), backgroundColor = UIColor.separator })
  inbox.view:addSubview(row)
end
transit.window.rootViewController = inbox

-- Screen B: a message card.
local card = UIView.new{ frame = CGRect(0, H, W, H * 0.62), backgroundColor = UIColor.white, name = "card" }
card.layer.cornerRadius = 16
card.layer.maskedCorners = { "layerMinXMinYCorner", "layerMaxXMinYCorner" }
card.layer.shadowOpacity = 0.25
card.layer.shadowRadius = 12
card:addSubview(UILabel.new{ frame = CGRect(20, 24, W - 40, 30), text = "Message", fontSize = 24, fontWeight = "bold" })
card:addSubview(UILabel.new{ frame = CGRect(20, 64, W - 40, 120), numberOfLines = 0, fontSize = 16,
  text = "Transitions are where an app shows how its screens relate. This card slides up the way a sheet would." })
local dimming = UIView.new{ frame = screen, backgroundColor = UIColor.black, name = "dimming" }
dimming.alpha = 0
inbox.view:addSubview(dimming)
inbox.view:addSubview(card)

transit.wait(0.2)
UIView.animate{ duration = 0.5, dampingRatio = 0.85, animations = function()
  card.frame = CGRect(0, H * 0.38, W, H * 0.62)
  dimming.alpha = 0.4
end, completion = function(finished) transit.log("card shown", finished) end }
transit.wait(1.0)
UIView.animate(0.35, function()
  card.frame = CGRect(0, H, W, H * 0.62)
  dimming.alpha = 0
end, function(finished) transit.log("card hidden", finished) end)
transit.wait(0.5)
