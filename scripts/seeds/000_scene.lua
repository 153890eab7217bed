-- Seed 000's usage, as a scene: a home screen presents a "QMoreViewController" six times, with
-- each of the four system modalTransitionStyles, then with QTranstionAnimation's shared
-- instance (000_modal_styles_and_cover.lua), FromTop and FadeInOut, a tap on the cover
-- dismissing. Numbers are the seed's.
-- Run:  transit run scripts/seeds/000_scene.lua [--trace]
--       transit render scripts/seeds/000_scene.lua -o /tmp/000.gif

local kScreenW = UIScreen.main.bounds.width

-- [QTranstionAnimation shareInstance]: the effect file returns it (the class's constants and
-- functions are read through it).
local shared = require("seeds.000_modal_styles_and_cover")

local home = UIViewController.new{ title = "Home" }
home.view.backgroundColor = UIColor.systemGray6
home.view:addSubview(UILabel.new{ frame = CGRect(20, 80, kScreenW - 40, 40), text = "Home",
  fontSize = 32, fontWeight = "bold" })
transit.window.rootViewController = home

local function QMoreViewController(caption)
  local moreVC = UIViewController.new{ title = "More" }
  moreVC.view.backgroundColor = UIColor.systemTeal
  moreVC.view:addSubview(UILabel.new{ frame = CGRect(20, 120, 260, 60), text = caption,
    fontSize = 22, fontWeight = "semibold", numberOfLines = 0, textColor = UIColor.white })
  return moreVC
end

-- 1. The four system styles. The seed era (iOS 7–12) presented fullScreen by default, and
-- partialCurl requires fullScreen, so the style is set explicitly.
for _, style in ipairs({ "coverVertical", "flipHorizontal", "crossDissolve", "partialCurl" }) do
  local moreVC = QMoreViewController(style)
  moreVC.modalPresentationStyle = "fullScreen"
  moreVC.modalTransitionStyle = style
  transit.log("present", style)
  home:present(moreVC, true, nil)
  transit.wait(1.0)
  transit.log("dismiss", style)
  moreVC:dismiss(true, nil)
  transit.wait(1.0)
end

-- 2. 最後 具體使用: the custom transition with the cover view; a tap on the cover dismisses.
for _, kind in ipairs({ shared.Type_FromTop, shared.Type_FadeInOut }) do
  local animation = shared.shareInstance()
  animation.animatType = kind
  local moreVC = QMoreViewController("QTranstionAnimation " .. kind)
  moreVC.modalPresentationStyle = "custom"
  moreVC.transitioningDelegate = animation
  transit.log("present", kind)
  home:present(moreVC, true, function() transit.log("presented", kind) end)
  transit.wait(1.0)
  transit.log("tap the cover", kind)
  transit.touch.tap{ at = CGPoint(20, 60) }   -- outside the 300×400 content frame
  transit.wait(1.0)
  transit.log("dismissed", kind, moreVC.presentingViewController == nil)
end
