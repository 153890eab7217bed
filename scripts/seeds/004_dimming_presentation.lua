-- Seed 004 (seeds/004_cc155f669ec6de72.txt, kyfxbl.iteye.com/blog/2147888):
-- YLSMainPresentationController, a UIPresentationController with a gray dimming view faded
-- 0 → 0.5 alongside the presentation and → 0 alongside the dismissal, and the presented frame
-- (62, 114, 900, 540). YLSCheckoutSignatureController is its own transitioningDelegate and
-- gives no animator, so UIKit's coverVertical animates it (scripts/system/coverVertical.lua).
-- (62, 114, 900, 540) is centred on a 1024×768 landscape iPad. Transit's "iPad landscape"
-- profile is 1180×820: on it the seed's frame is used as is (it fits; it is left of centre, as
-- it would be on a larger iPad). On any screen smaller than 1024×768 the frame is scaled from
-- 1024×768 to the screen, so it also runs on the default iPhone.
-- The file returns the class YLSCheckoutSignatureController, which the seed's usage presents
-- (004_scene.lua); as an effect, its presentationControllerForPresented is the transitioning
-- delegate of what Transit's scenes present.
-- An effect:  transit run scripts/seeds/004_dimming_presentation.lua [--trace]
-- The seed's usage (a checkout screen presents the signature controller, then dismisses it),
-- as a scene:  transit run scripts/seeds/004_scene.lua --device "iPad landscape" [--trace]
--           (--ios 7 takes the seed's pre-iOS 8 branch: formSheet + crossDissolve, and its
--           viewWillAppear moves the form sheet's wrapper view to the same frame, rounds it and
--           sets a dark gray border colour; the seed sets no border width, so none shows)

local screen = UIScreen.main.bounds

local function seedFrame()
  if screen.width >= 1024 and screen.height >= 768 then
    return CGRect(62, 114, 900, 540)
  end
  local sx, sy = screen.width / 1024, screen.height / 768
  return CGRect(62 * sx, 114 * sy, 900 * sx, 540 * sy)
end

---------------------------------------------------------------------------------------------
-- YLSMainPresentationController
local YLSMainPresentationController = UIPresentationController:subclass("YLSMainPresentationController")

function YLSMainPresentationController:init(presentedViewController, presentingViewController)
  -- self = [super initWithPresentedViewController:... presentingViewController:...] (done by .new)
  self.dimmingView = UIView.new()
  self.dimmingView.backgroundColor = UIColor.gray
  self.dimmingView.alpha = 0.0
end

function YLSMainPresentationController:presentationTransitionWillBegin()
  local dimmingView = self.dimmingView
  dimmingView.frame = self.containerView.bounds
  self.containerView:addSubview(dimmingView)
  self.containerView:addSubview(self:presentedView())

  local coordinator = self.presentingViewController.transitionCoordinator

  coordinator:animateAlongsideTransition(function(context)
    dimmingView.alpha = 0.5
  end, nil)
end

function YLSMainPresentationController:presentationTransitionDidEnd(completed)
  if not completed then
    self.dimmingView:removeFromSuperview()
  end
end

function YLSMainPresentationController:dismissalTransitionWillBegin()
  local dimmingView = self.dimmingView
  local coordinator = self.presentingViewController.transitionCoordinator

  coordinator:animateAlongsideTransition(function(context)
    dimmingView.alpha = 0.0
  end, nil)
end

function YLSMainPresentationController:dismissalTransitionDidEnd(completed)
  if completed then
    self.dimmingView:removeFromSuperview()
  end
end

function YLSMainPresentationController:frameOfPresentedViewInContainerView()
  return seedFrame()  -- CGRectMake(62.f, 114.f, 900.f, 540.f) on a 1024×768 or larger screen
end

---------------------------------------------------------------------------------------------
-- YLSCheckoutSignatureController <UIViewControllerTransitioningDelegate>
local YLSCheckoutSignatureController = UIViewController:subclass("YLSCheckoutSignatureController")

-- initWithModel: (the seed's usage passes a dictionary; the scene passes { total = "$42.00" }).
-- Only the scene calls it, so the annotation gives the model its type (a struct in Swift).
---@param model { total: string }
function YLSCheckoutSignatureController.initWithModel(model)
  local controller = YLSCheckoutSignatureController.new{ title = "Signature" }
  controller.model = model
  controller.transitioningDelegate = controller  -- self.transitioningDelegate = self
  return controller
end

function YLSCheckoutSignatureController:viewDidLoad()
  self.view.backgroundColor = UIColor.white
  self.view:addSubview(UILabel.new{ frame = CGRect(24, 24, 400, 32), text = "Please sign: " .. tostring(self.model.total),
    fontSize = 24, fontWeight = "bold" })
  local pad = UIView.new{ frame = CGRect(24, 80, math.min(480, seedFrame().width - 48), 200), backgroundColor = UIColor.systemGray6, name = "signaturePad" }
  pad.layer.borderWidth = 1
  pad.layer.borderColor = UIColor.lightGray
  self.view:addSubview(pad)
end

-- Before iOS 8 the seed styles the form sheet's wrapper (UIKit's view around the controller's
-- view) here; from iOS 8 YLSMainPresentationController does the job.
function YLSCheckoutSignatureController:viewWillAppear(animated)
  -- in iOS8, handle by UIPresentationController
  if tonumber(UIDevice.current.systemVersion) >= 8.0 then
    return
  end

  self.view.superview.layer.cornerRadius = 10
  self.view.superview.layer.borderColor = UIColor.darkGray
  self.view.superview.clipsToBounds = true
  self.view.superview.frame = seedFrame()  -- CGRectMake(62, 114, 900, 540) on a 1024×768 or larger screen
end

function YLSCheckoutSignatureController:presentationControllerForPresented(presented, presenting, source)
  return YLSMainPresentationController.new(presented, presenting)
end

return YLSCheckoutSignatureController
