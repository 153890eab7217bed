-- Broken on purpose: presentation-controller-ignored. A half-sheet ported from a Swift app: the
-- transitioning delegate vends its UIPresentationController, but the controller's
-- modalPresentationStyle is never set to "custom". UIKit asks the delegate for a presentation
-- controller only for the custom style: before iOS 13 the sheet is shown full screen, from
-- iOS 13 as a page sheet, and HalfSheetPresentationController never runs.
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
-- (missing) sheet.modalPresentationStyle = "custom"
home:present(sheet, true, nil)
transit.wait(1)
sheet:dismiss(true, nil)
transit.wait(1)
