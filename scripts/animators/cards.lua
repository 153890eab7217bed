-- Cards: the old screen tips back and shrinks like a card pushed into a deck, and the new
-- screen rises from the bottom in front of it; dismissing drops the card off the bottom and
-- brings the one behind forward again.
-- Port of VCTransitionsLibrary (ColinEberhardt/VCTransitionsLibrary,
-- AnimationControllers/CECardsAnimationController.m; docs/sources.md §2.2).
-- UIKit feature: cubic keyframe animations (`UIView.animateKeyframes` with
-- calculationModeCubic) of a 3D layer transform carrying its own perspective (m34 = -1/900).
-- Forward: the from view tips back to t1 (scale 0.95, 15° about X) and alpha 0.6 over
-- [0, 0.4], then to t2 (up 8 % of its height, scale 0.8) over [0.2, 0.6]; the to view rises
-- from below over [0.6, 1.0] (the library's "overshoot" keyframe offsets the model frame,
-- which is still off screen, so it shows no overshoot, on a device or here).
-- Reverse: the from view drops off the bottom over [0, 0.5]; the to view comes forward from
-- scale 0.6 / alpha 0.6 through t1 over [0.35, 0.7] to identity over [0.75, 1.0].
-- Parameters:
--   duration  seconds (CEReversibleAnimationController's default, 1.0)
-- It animates the presenter's view, so it presents fullScreen (the library's demo is a
-- navigation/modal full-screen swap).
-- Run:  transit run scripts/animators/cards.lua  /  transit render scripts/animators/cards.lua -o cards.gif

local params = { duration = 1.0 }

local CardsAnimationController = NSObject:subclass("CECardsAnimationController")

function CardsAnimationController:init()
  self.duration = params.duration
  self.reverse = false
end

function CardsAnimationController:transitionDuration(transitionContext)
  return self.duration
end

function CardsAnimationController:animateTransition(transitionContext)
  local fromVC = transitionContext:viewController("from")
  local toVC = transitionContext:viewController("to")
  local toView = toVC.view
  local fromView = fromVC.view
  if transitionContext.view then  -- the library reads the views this way since iOS 8
    toView = transitionContext:view("to")
    fromView = transitionContext:view("from")
  end
  -- Reversible: present forwards, dismiss in reverse (the library's clients set `reverse`).
  self.reverse = toVC.presentingViewController ~= fromVC
  if self.reverse then
    self:executeReverseAnimation(transitionContext, fromVC, toVC, fromView, toView)
  else
    self:executeForwardsAnimation(transitionContext, fromVC, toVC, fromView, toView)
  end
end

function CardsAnimationController:executeForwardsAnimation(transitionContext, fromVC, toVC, fromView, toView)
  local containerView = transitionContext.containerView

  -- positions the to- view off the bottom of the sceen
  local frame = transitionContext:initialFrame(fromVC)
  local offScreenFrame = CGRect(frame.x, frame.height, frame.width, frame.height)
  toView.frame = offScreenFrame

  containerView:insertSubviewAbove(toView, fromView)

  local t1 = self:firstTransform()
  local t2 = self:secondTransformWithView(fromView)

  UIView.animateKeyframes{ duration = self.duration, delay = 0.0, options = { "calculationModeCubic" },
    animations = function()
      -- push the from- view to the back
      UIView.addKeyframe(0.0, 0.4, function()
        fromView.layer.transform = t1
        fromView.alpha = 0.6
      end)
      UIView.addKeyframe(0.2, 0.4, function()
        fromView.layer.transform = t2
      end)
      -- slide the to- view upwards. In his original implementation Tope used a 'spring'
      -- animation, however this does not work with keyframes, so we siulate it by
      -- overshooting the final location in the first keyframe
      -- (toView.frame is the model value here, still off screen, as in UIKit: the view moves
      -- 30 pt up off screen and then rises in the last 0.2; there is no visible overshoot)
      UIView.addKeyframe(0.6, 0.2, function()
        toView.frame = toView.frame:offsetBy(0.0, -30.0)
      end)
      UIView.addKeyframe(0.8, 0.2, function()
        toView.frame = frame
      end)
    end,
    completion = function(finished)
      -- Not in the library: the presenter's view leaves the window tipped back; reset it so the
      -- next transition (or a cancel) starts from a clean view.
      if not transitionContext.transitionWasCancelled then
        fromView.layer.transform = CATransform3D.identity
        fromView.alpha = 1.0
      end
      transitionContext:completeTransition(not transitionContext.transitionWasCancelled)
    end }
end

function CardsAnimationController:executeReverseAnimation(transitionContext, fromVC, toVC, fromView, toView)
  local containerView = transitionContext.containerView

  -- positions the to- view behind the from- view
  local frame = transitionContext:initialFrame(fromVC)
  toView.frame = frame
  local scale = CATransform3D.identity
  toView.layer.transform = scale:scaled(0.6, 0.6, 1)
  toView.alpha = 0.6

  containerView:insertSubviewBelow(toView, fromView)

  local frameOffScreen = CGRect(frame.x, frame.height, frame.width, frame.height)

  local t1 = self:firstTransform()

  UIView.animateKeyframes{ duration = self.duration, delay = 0.0, options = { "calculationModeCubic" },
    animations = function()
      -- push the from- view off the bottom of the screen
      UIView.addKeyframe(0.0, 0.5, function()
        fromView.frame = frameOffScreen
      end)
      -- animate the to- view into place
      UIView.addKeyframe(0.35, 0.35, function()
        toView.layer.transform = t1
        toView.alpha = 1.0
      end)
      UIView.addKeyframe(0.75, 0.25, function()
        toView.layer.transform = CATransform3D.identity
      end)
    end,
    completion = function(finished)
      if transitionContext.transitionWasCancelled then
        toView.layer.transform = CATransform3D.identity
        toView.alpha = 1.0
        toView:removeFromSuperview()  -- not in the library: UIKit leaves it (docs/sources.md §1.2)
      end
      transitionContext:completeTransition(not transitionContext.transitionWasCancelled)
    end }
end

function CardsAnimationController:firstTransform()
  local t1 = CATransform3D.identity
  t1.m34 = 1.0 / -900
  t1 = t1:scaled(0.95, 0.95, 1)
  t1 = t1:rotated(15.0 * math.pi / 180.0, 1, 0, 0)
  return t1
end

function CardsAnimationController:secondTransformWithView(view)
  local t2 = CATransform3D.identity
  t2.m34 = self:firstTransform().m34
  t2 = t2:translated(0, view.frame.height * -0.08, 0)
  t2 = t2:scaled(0.8, 0.8, 1)
  return t2
end

local animator = CardsAnimationController.new()
animator.modalPresentationStyle = "fullScreen"
return animator
