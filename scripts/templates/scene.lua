-- MyScene: a scene (`transit new scene` wrote this from scripts/templates/scene.lua). A file that
-- returns nothing is a scene: its top-level code runs on virtual time, and transit.wait(s) lets
-- time pass. Here a root screen presents a second one with a built-in style, then dismisses it.
--
-- Parameters (change them here):
--   STYLE       the presented screen's modalTransitionStyle   "coverVertical"
--   PAUSE       seconds the second screen stays up              0.5
--
-- Try it:  transit run MyScene.lua --trace   (prints the calls UIKit made, in order)
--          transit render MyScene.lua -o MyScene.gif
--          transit repl MyScene.lua          (a prompt on the scene's world at its end)

local STYLE = "coverVertical"
local PAUSE = 0.5

local bounds = transit.screen.bounds

-- The root screen: a title on a plain background.
local root = UIViewController.new{ title = "Root", backgroundColor = UIColor.systemBackground }
root.view:addSubview(UILabel.new{ frame = CGRect(0, 120, bounds.width, 40), text = "MyScene",
  fontSize = 28, fontWeight = "bold", textAlignment = "center" })
transit.window.rootViewController = root

-- The second screen: a coloured card, presented full screen.
local detail = UIViewController.new{ title = "Detail", backgroundColor = UIColor.systemIndigo }
detail.modalTransitionStyle = STYLE
detail.modalPresentationStyle = "fullScreen"

transit.wait(0.2)
transit.log("present")
root:present(detail, true, function() transit.log("presented") end)
transit.wait(0.5 + PAUSE)  -- coverVertical takes about half a second
transit.log("dismiss")
detail:dismiss(true, function() transit.log("dismissed") end)
transit.wait(1)
assert(root.presentedViewController == nil, "the detail screen should be dismissed by now")
