-- Seed 003 (seeds/003_075e2303678bf0b1.txt): HHTransitionAnimator, a
-- UIPercentDrivenInteractiveTransition subclass that is also the animator and the
-- transitioning delegate. Fade present (0.3 s, the seed's number); a left screen-edge pan on
-- the presented view dismisses interactively: progress = translation.x / view width, cancel
-- below 0.3, else finish; interactionControllerForDismissal returns self only while
-- interacting. The seed leaves the dismissal animation empty ("//dismiss動畫"): here it fades
-- out, the mirror of the present.
-- An effect:  transit run scripts/seeds/003_percent_driven_dismissal.lua [--trace]
--   (the default scene presents, dismisses, then edge-pans 10 % (cancels) and 90 % (finishes))
-- A scene with the seed's own hh_presentViewController and edge pans to 0.1 and 0.6:
--             transit run scripts/seeds/003_scene.lua [--trace]

local HHTransitionAnimator = UIPercentDrivenInteractiveTransition:subclass("HHTransitionAnimator")
HHTransitionAnimator.TypePresent = "present"
HHTransitionAnimator.TypeDismiss = "dismiss"

-- 轉場動畫時長
function HHTransitionAnimator:transitionDuration(transitionContext)
  return 0.3
end

-- 轉場動畫具體實現
function HHTransitionAnimator:animateTransition(transitionContext)
  if self.transitionType == HHTransitionAnimator.TypeDismiss then
    -- dismiss動畫 (empty in the seed): fade the presented view out.
    local fromView = transitionContext:view("from")
    UIView.animate(self:transitionDuration(transitionContext), function()
      fromView.alpha = 0
    end, function(finished)
      transitionContext:completeTransition(not transitionContext.transitionWasCancelled)
    end)
  else
    -- present動畫 - 這里是一個漸變效果
    local toView = transitionContext:view("to")
    transitionContext.containerView:addSubview(toView)
    toView.alpha = 0
    UIView.animate(self:transitionDuration(transitionContext), function()
      toView.alpha = 1
    end, function(finished)
      transitionContext:completeTransition(true)
    end)
  end
end

-- UIViewControllerTransitioningDelegate
-- 自定義present動畫
function HHTransitionAnimator:animationControllerForPresented(presented, presenting, source)
  self.transitionType = HHTransitionAnimator.TypePresent
  -- Not in the seed's delegate method: its hh_presentViewController category sets gestureVC;
  -- an effect run by the default scene gets the presented controller here (docs/design.md §2.9).
  if self.gestureVC ~= presented then
    self.gestureVC = presented
    self:addGestureToViewController(presented)
  end
  return self
end

function HHTransitionAnimator:animationControllerForDismissed(dismissed)
  self.transitionType = HHTransitionAnimator.TypeDismiss
  return self
end

-- 手勢驅動返回: a left screen-edge pan on the presented controller's view. The recognizer
-- each controller got is kept here, keyed by controller (a built-in view controller keeps no
-- fields of its own).
local edgeGestureOf = {}
function HHTransitionAnimator:addGestureToViewController(vc)
  if edgeGestureOf[vc] then return end  -- one recognizer per controller
  local ges = UIScreenEdgePanGestureRecognizer.new(function(g) self:handleGesture(g) end)
  ges.edges = "left"
  vc.view:addGestureRecognizer(ges)
  edgeGestureOf[vc] = ges
end

function HHTransitionAnimator:handleGesture(ges)
  local progress = ges:translation(ges.view).x / ges.view.bounds.width

  if ges.state == "began" then
    self.interacting = true
    self.gestureVC:dismiss(true, nil)
  elseif ges.state == "changed" then
    self:updateInteractiveTransition(progress)  -- 更新頁面返回進度
  elseif ges.state == "ended" then
    self.interacting = false
    if progress < 0.3 then
      transit.log("HHTransitionAnimator: progress", string.format("%.2f", progress), "< 0.3: cancel")
      self:cancelInteractiveTransition()  -- 滑動距離過短，取消頁面返回
    else
      transit.log("HHTransitionAnimator: progress", string.format("%.2f", progress), ">= 0.3: finish")
      self:finishInteractiveTransition()  -- 達到滑動返回距離，繼續執行頁面返回動畫
    end
  end
end

function HHTransitionAnimator:interactionControllerForDismissal(animator)
  if self.interacting then return self end
  return nil
end

local animator = HHTransitionAnimator.new()
animator.modalPresentationStyle = "custom"        -- vc.modalPresentationStyle = UIModalPresentationCustom
animator.interactiveDismissal = { edge = "left" }  -- how a scene drives it (docs/design.md §2.9)
return animator
