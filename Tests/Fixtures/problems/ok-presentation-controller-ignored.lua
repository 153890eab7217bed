-- The corrected twin of presentation-controller-ignored.lua: the style is "custom", so UIKit
-- asks the transitioning delegate for its presentation controller and the sheet covers half
-- the screen. Passes with no problem.
-- A scene: transit check runs it once per device and version.
local HalfSheet = UIPresentationController:subclass("HalfSheetPresentationController")

function HalfSheet:frameOfPresentedViewInContainerView()
  local bounds = self.containerView.bounds
  return CGRect(0, bounds.height / 2, bounds.width, bounds.height / 2)
end

local SheetDelegate = NSObject:subclass("HalfSheetTransitioningDelegate")

-- presentationController(forPresented:presenting:source:)
function SheetDelegate:presentationController(presented, presenting, source)
  return HalfSheet.new(presented, presenting)
end

local home = UIViewController.new{ title = "Home", backgroundColor = UIColor.systemBackground }
transit.window.rootViewController = home

local sheetDelegate = SheetDelegate.new()   -- kept, as a strong property would keep it
local sheet = UIViewController.new{ title = "Sheet", backgroundColor = UIColor.systemTeal }
sheet.transitioningDelegate = sheetDelegate
sheet.modalPresentationStyle = "custom"
home:present(sheet, true, nil)
transit.wait(1)
sheet:dismiss(true, nil)
transit.wait(1)
