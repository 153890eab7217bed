-- Seed 004's usage, as a scene: the presenting (original) controller, a checkout screen,
-- presents YLSCheckoutSignatureController (004_dimming_presentation.lua) for a model with the
-- seed's presentModal:, then dismisses it.
-- Run:  transit run scripts/seeds/004_scene.lua --device "iPad landscape" [--trace]
--       (--ios 7 takes the seed's pre-iOS 8 branch: formSheet + crossDissolve, and the
--       controller's viewWillAppear styles the form sheet's wrapper view)

local screen = UIScreen.main.bounds

-- The frame the signature controller is presented in (the effect's seedFrame), for the log.
local function seedFrame()
  if screen.width >= 1024 and screen.height >= 768 then
    return CGRect(62, 114, 900, 540)
  end
  local sx, sy = screen.width / 1024, screen.height / 768
  return CGRect(62 * sx, 114 * sy, 900 * sx, 540 * sy)
end

local YLSCheckoutSignatureController = require("seeds.004_dimming_presentation")

-- The presenting (original) controller.
local checkout = UIViewController.new{ title = "Checkout" }
checkout.view.backgroundColor = UIColor.systemGray6
checkout.view:addSubview(UILabel.new{ frame = CGRect(40, 40, 600, 44), text = "Checkout", fontSize = 34, fontWeight = "bold" })
for i = 1, 6 do
  local row = UIView.new{ frame = CGRect(40, 100 + i * 64, screen.width - 80, 52), backgroundColor = UIColor.white }
  row.layer.cornerRadius = 8
  row:addSubview(UILabel.new{ frame = CGRect(16, 0, 400, 52), text = "Item " .. i, fontSize = 18 })
  checkout.view:addSubview(row)
end
transit.window.rootViewController = checkout

local function presentModal(result)
  local controller = YLSCheckoutSignatureController.initWithModel(result)

  if tonumber(UIDevice.current.systemVersion) >= 8.0 then
    controller.modalPresentationStyle = "custom"
  else
    controller.modalTransitionStyle = "crossDissolve"
    controller.modalPresentationStyle = "formSheet"
  end

  checkout:present(controller, true, nil)
  return controller
end

transit.log("present", "frame", seedFrame())
local controller = presentModal({ total = "$42.00" })
transit.wait(1.0)
transit.log("dismiss")
controller:dismiss(true, function() transit.log("dismissed") end)
transit.wait(1.0)
