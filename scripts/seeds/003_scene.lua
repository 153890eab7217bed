-- Seed 003's usage, as a scene: ListViewController presents with the seed's
-- hh_presentViewController:animated:TransitionAnimator:completion: category (it sets the
-- animator as the delegate, gestureVC, custom style, and presents on the next turn, as its
-- dispatch_async does), then a left edge pan to 0.1 of the width (cancels: < 0.3) and one to
-- 0.6 (finishes). The animator is 003_percent_driven_dismissal.lua.
-- Run:  transit run scripts/seeds/003_scene.lua [--trace]

local screen = UIScreen.main.bounds

-- UIViewController (HHTransitionAnimator). objc_setAssociatedObject has no counterpart on a
-- built-in object (it keeps no fields of its own): the associations live in this table.
local associatedAnimator = {}
local function hh_presentViewController(self, vc, flag, animator, completion)
  associatedAnimator[self] = animator  -- objc_setAssociatedObject(..., RETAIN_NONATOMIC)
  associatedAnimator[self].gestureVC = vc
  vc.transitioningDelegate = associatedAnimator[self]
  vc.modalPresentationStyle = "custom"
  animator:addGestureToViewController(vc)
  self:present(vc, flag, completion)  -- present already starts on the next run-loop turn
end

local list = UIViewController.new{ title = "List" }
list.view.backgroundColor = UIColor.systemGray6
list.view:addSubview(UILabel.new{ frame = CGRect(20, 80, screen.width - 40, 40), text = "ListViewController",
  fontSize = 28, fontWeight = "bold" })
transit.window.rootViewController = list

-- - (void)onClick
local vc = UIViewController.new{ title = "Detail" }
vc.view.backgroundColor = UIColor.systemIndigo
vc.view:addSubview(UILabel.new{ frame = CGRect(20, 120, screen.width - 40, 60), numberOfLines = 0,
  text = "Swipe from the left edge to go back", fontSize = 20, textColor = UIColor.white })

local animator = require("seeds.003_percent_driven_dismissal")
transit.log("present")
hh_presentViewController(list, vc, true, animator, function() transit.log("presented") end)
transit.wait(0.8)

transit.log("interactive cancel: edge pan to 0.1")
transit.touch.edgePan{ edge = "left", to = 0.1, duration = 0.3, release = true }
transit.wait(1.0)
transit.log("still presented:", vc.presentingViewController == list, "alpha", vc.view.alpha)

transit.log("interactive finish: edge pan to 0.6")
transit.touch.edgePan{ edge = "left", to = 0.6, duration = 0.4, release = true }
transit.wait(1.0)
transit.log("dismissed:", vc.presentingViewController == nil)
