-- Seed 000 (seeds/000_4f1a4cad19f924ad.txt): the custom QTranstionAnimation (FromTop and
-- FadeInOut, 0.5 s), the transitioning delegate and animator in one singleton, with
-- QPresentationController (contentFrame 300×400 centred, a cover view colorWithWhite:0.8
-- alpha:0.3 inserted at index 0 in containerViewWillLayoutSubviews, tap on the cover
-- dismisses). Numbers are the seed's. The file returns the shared instance, FromTop (the
-- seed's animatType is an NS_ENUM property, 0 until set: QTranstionAnimationType_FromTop).
-- An effect:  transit run scripts/seeds/000_modal_styles_and_cover.lua [--trace]
-- The seed's usage (the four system modalTransitionStyles, then both custom types, a tap on the
-- cover dismissing), as a scene:  transit run scripts/seeds/000_scene.lua [--trace]
--                                 transit render scripts/seeds/000_scene.lua -o /tmp/000.gif

local kScreenW, kScreenH = UIScreen.main.bounds.width, UIScreen.main.bounds.height

---------------------------------------------------------------------------------------------
-- QPresentationController (自定義容器)
local QPresentationController = UIPresentationController:subclass("QPresentationController")

function QPresentationController:containerViewWillLayoutSubviews()
  QPresentationController.super.containerViewWillLayoutSubviews(self)

  self:presentedView().frame = self.contentFrame
  -- insertSubview:atIndex:0 (Lua indices start at 1).
  self.containerView:insertSubview(self:coverView(), 1)
end

function QPresentationController:didMissAction()
  self.presentedViewController:dismiss(true, nil)
end

function QPresentationController:coverView()
  if not self._coverView then
    self._coverView = UIView.new{ frame = UIScreen.main.bounds, name = "coverView" }
    self._coverView.backgroundColor = UIColor{ white = 0.8, alpha = 0.3 }
    local tap = UITapGestureRecognizer.new(function() self:didMissAction() end)
    self._coverView:addGestureRecognizer(tap)
  end
  return self._coverView
end

---------------------------------------------------------------------------------------------
-- QTranstionAnimation (轉場對象): a singleton, the delegate and the animator.
local QTranstionAnimation = NSObject:subclass("QTranstionAnimation")
QTranstionAnimation.Type_FromTop = "FromTop"      -- 上進上出
QTranstionAnimation.Type_FadeInOut = "FadeInOut"  -- 淡入淡出

local transtion = nil
function QTranstionAnimation.shareInstance()
  if transtion == nil then transtion = QTranstionAnimation.new() end
  return transtion
end

-- UIViewControllerContextTransitioning
function QTranstionAnimation:animateTransition(transitionContext)
  if self.isPresnted == true then
    -- 1.取出view
    local presentedView = transitionContext:view("to")
    -- 2.放入containerView
    transitionContext.containerView:addSubview(presentedView)
    -- 3.自定義添加動畫
    if self.animatType == QTranstionAnimation.Type_FromTop then
      presentedView.frame = CGRect(0, -kScreenH, kScreenW, kScreenH)
      UIView.animate(self:transitionDuration(transitionContext), function()
        presentedView.frame = CGRect(0, 0, kScreenW, kScreenH)
      end, function(finished)
        transitionContext:completeTransition(true)
      end)
    elseif self.animatType == QTranstionAnimation.Type_FadeInOut then
      presentedView.alpha = 0
      UIView.animate(self:transitionDuration(transitionContext), function()
        presentedView.alpha = 1.0
      end, function(finished)
        transitionContext:completeTransition(true)
      end)
    end
  else
    -- 1.取出view
    local dismissedView = transitionContext:view("from")
    -- 2.放入containerView
    transitionContext.containerView:addSubview(dismissedView)
    -- 3.自定義添加動畫
    if self.animatType == QTranstionAnimation.Type_FromTop then
      UIView.animate(self:transitionDuration(transitionContext), function()
        dismissedView.frame = CGRect(0, -kScreenH, kScreenW, kScreenH)
      end, function(finished)
        transitionContext:completeTransition(true)
      end)
    elseif self.animatType == QTranstionAnimation.Type_FadeInOut then
      dismissedView.alpha = 1
      UIView.animate(self:transitionDuration(transitionContext), function()
        dismissedView.alpha = 0
      end, function(finished)
        transitionContext:completeTransition(true)
      end)
    end
  end
end

function QTranstionAnimation:transitionDuration(transitionContext)
  return 0.5
end

-- UIViewControllerTransitioningDelegate
-- 設置負責進場的對象
function QTranstionAnimation:animationControllerForPresented(presented, presenting, source)
  self.isPresnted = true
  return self
end
-- 設置負責出場的對象
function QTranstionAnimation:animationControllerForDismissed(dismissed)
  self.isPresnted = false
  return self
end
-- 該方法為對容器的處理
function QTranstionAnimation:presentationControllerForPresented(presented, presenting, source)
  local persentVC = QPresentationController.new(presented, presenting)
  persentVC.contentFrame = CGRect((kScreenW - 300) / 2, (kScreenH - 400) / 2, 300, 400)
  return persentVC
end

local animation = QTranstionAnimation.shareInstance()
animation.animatType = QTranstionAnimation.Type_FromTop
animation.modalPresentationStyle = "custom"  -- moreVC.modalPresentationStyle = UIModalPresentationCustom
return animation
