-- A scene for Apple's tab-bar Slide sample (scripts/interactions/slideBetweenTabs.lua, run as
-- `transit run ... --scene` this file): from the middle tab, a pan to the left that turns back
-- to the right. The reversal cancels the switch to the third tab; the coordinator's completion
-- starts the switch to the first tab with the finger still down. UIKit takes the cancelled
-- switch's incoming view out of the window, and the new switch moves the staying one: neither
-- is cancel-not-restored (issue 22 item 3).
local effect = transit.effect
local W = transit.screen.bounds.width
local tabs = UITabBarController.new{ viewControllers = {
  UIViewController.new{ title = "One", backgroundColor = UIColor.systemBlue },
  UIViewController.new{ title = "Two", backgroundColor = UIColor.systemGreen },
  UIViewController.new{ title = "Three", backgroundColor = UIColor.systemOrange } } }
tabs.delegate = effect
effect:setTabBarController(tabs)
transit.window.rootViewController = tabs
tabs.selectedIndex = 2
transit.wait(0.2)
local y = tabs.view.bounds.midY
transit.touch.pan{ from = CGPoint(W * 0.5, y), to = CGPoint(W * 0.35, y), duration = 0.3, release = false }
transit.wait(0.3)
transit.touch.pan{ from = CGPoint(W * 0.35, y), to = CGPoint(W * 0.95, y), duration = 0.5, release = true }
transit.wait(2)
