-- Circular reveal: the new screen appears inside a circle that grows from a point (a floating
-- button, a tapped cell) until it covers the screen, and shrinks back into that point on
-- dismissal, as BubbleTransition (andreamazz/BubbleTransition) and Material's circular reveal do.
-- Shows: a CAShapeLayer used as a layer `mask`, its `path` (a UIBezierPath oval's cgPath)
-- animated by a CABasicAnimation{ keyPath = "path" }, and CATransaction's completion block
-- calling completeTransition when the animation ends. BubbleTransition grows a round view
-- instead; a mask reveals the screen itself, which is what most circular reveals do.
-- Parameters:
--   duration       seconds (BubbleTransition's default, 0.5)
--   startingPoint  where the circle starts, in the screen's coordinates (nil: a floating
--                  button's centre, 44 pt in from the bottom-right corner)
--   startRadius    the circle's radius at the start (and at the end of the dismissal)
-- Run:  transit run scripts/animators/circularReveal.lua  /  transit render scripts/animators/circularReveal.lua -o circularReveal.gif

local params = { duration = 0.5, startingPoint = nil, startRadius = 1 }

local CircularReveal = NSObject:subclass("CircularReveal")

function CircularReveal:transitionDuration(ctx)
  return ctx.isAnimated and params.duration or 0
end

-- A circle as a path: what the mask's `path` animates between.
local function circle(center, radius)
  return UIBezierPath{ ovalIn = CGRect(center.x - radius, center.y - radius, 2 * radius, 2 * radius) }.cgPath
end

function CircularReveal:animateTransition(ctx)
  local container = ctx.containerView
  local toVC = ctx:viewController("to")
  local presenting = toVC.presentingViewController == ctx:viewController("from")
  local view = presenting and ctx:view("to") or ctx:view("from")
  if presenting then
    view.frame = ctx:finalFrame(toVC)
    container:addSubview(view)
  end

  -- The circle that covers the view: its radius reaches the corner farthest from the start
  -- (BubbleTransition's frameForBubble measures the same distance).
  local bounds = view.bounds
  local start = params.startingPoint and container:convert(params.startingPoint, view)
    or CGPoint(bounds.width - 44, bounds.height - 44)
  local reach = math.sqrt(math.max(start.x, bounds.width - start.x) ^ 2 + math.max(start.y, bounds.height - start.y) ^ 2)
  local small, large = circle(start, params.startRadius), circle(start, reach)

  local function finish()
    view.layer.mask = nil
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end
  if not ctx.isAnimated then return finish() end

  -- The mask's model value is where it ends; the animation shows the way there. A new layer
  -- does not animate its first values implicitly, so setting the path here jumps no frame.
  local mask = CAShapeLayer()
  mask.frame = bounds
  mask.path = presenting and large or small
  view.layer.mask = mask

  local reveal = CABasicAnimation{ keyPath = "path" }
  reveal.fromValue = presenting and small or large
  reveal.toValue = presenting and large or small
  reveal.duration = self:transitionDuration(ctx)
  reveal.timingFunction = CAMediaTimingFunction.new("easeInEaseOut")
  -- The completion block runs once every animation added in the transaction has ended.
  CATransaction.begin()
  CATransaction.setCompletionBlock(finish)
  mask:add(reveal, "reveal")
  CATransaction.commit()
end

return CircularReveal
