import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// A backdrop filling the window and, over it, a box with a child, each with a tap recorder; the
/// box animates its alpha for 2 s with `options`, and taps land on the child's centre at 0.5 s
/// (during the animation) and at 3 s (after it).
private func animatingScene(options: String, animate: String = "UIView.animate") -> String {
    """
    calls = {}
    local function recorder(name)
      return UITapGestureRecognizer.new(function(g) if g.state == "ended" then calls[#calls + 1] = name .. "@" .. transit.now() end end)
    end
    root = UIViewController.new()
    transit.window.rootViewController = root
    back = UIView.new{ frame = transit.window.bounds }
    root.view:addSubview(back)
    box = UIView.new{ frame = CGRect(50, 100, 200, 200) }
    child = UIView.new{ frame = CGRect(50, 50, 100, 100) }
    box:addSubview(child)
    root.view:addSubview(box)
    back:addGestureRecognizer(recorder("back"))
    box:addGestureRecognizer(recorder("box"))
    child:addGestureRecognizer(recorder("child"))
    \(animate){ duration = 2, options = \(options), animations = function() box.alpha = 0.5 end }
    transit.wait(0.5)
    transit.touch.tap{ at = CGPoint(150, 200) }
    transit.wait(3 - transit.now())
    transit.touch.tap{ at = CGPoint(150, 200) }
    transit.wait(1)
    result = table.concat(calls, " ")
    """
}

@Suite struct AnimatingInteractionTests {
    /// Apple, UIView.AnimationOptions.allowUserInteraction: "Allow the user to interact with views
    /// while they are being animated"; without it UIKit disables interaction with the animating
    /// views (and what they contain) until the animation ends. The touch goes to the view behind.
    @Test func aViewAnimatedWithoutAllowUserInteractionTakesNoTouchesUntilTheAnimationEnds() throws {
        let result = try runScene(animatingScene(options: "{}"))
        let calls = try #require(try result.text("result")).split(separator: " ").map(String.init)
        #expect(calls.count == 2, "\(calls)")
        #expect(calls.first?.hasPrefix("back@") == true, "\(calls)")
        #expect(calls.last?.hasPrefix("child@") == true, "\(calls)")
    }

    @Test func aViewAnimatedWithAllowUserInteractionTakesTouches() throws {
        let result = try runScene(animatingScene(options: "{ \"allowUserInteraction\" }"))
        let calls = try #require(try result.text("result")).split(separator: " ").map(String.init)
        #expect(calls.count == 2, "\(calls)")
        #expect(calls.allSatisfy { $0.hasPrefix("child@") }, "\(calls)")
    }

    /// Keyframe blocks take the same option (UIView.KeyframeAnimationOptions.allowUserInteraction).
    @Test func keyframeAnimationsBlockTouchesUnlessTheyAllowUserInteraction() throws {
        let keyframes = "UIView.animateKeyframes"
        let blocked = try runScene(animatingScene(options: "{}", animate: keyframes).replacingOccurrences(
            of: "animations = function() box.alpha = 0.5 end",
            with: "animations = function() UIView.addKeyframe(0, 1, function() box.alpha = 0.5 end) end"))
        #expect(try blocked.text("result")?.hasPrefix("back@") == true)
        let allowed = try runScene(animatingScene(options: "{ \"allowUserInteraction\" }", animate: keyframes).replacingOccurrences(
            of: "animations = function() box.alpha = 0.5 end",
            with: "animations = function() UIView.addKeyframe(0, 1, function() box.alpha = 0.5 end) end"))
        #expect(try allowed.text("result")?.hasPrefix("child@") == true)
    }

    /// A property animator's views stay interactive (UIViewPropertyAnimator.isUserInteractionEnabled
    /// is true by default), so only UIView's block animations block touches.
    @Test func aPropertyAnimatorLeavesItsViewsInteractive() throws {
        let result = try runScene(animatingScene(options: "{}").replacingOccurrences(
            of: "UIView.animate{ duration = 2, options = {}, animations = function() box.alpha = 0.5 end }",
            with: "animator = UIViewPropertyAnimator.new{ duration = 2, curve = \"linear\" }\nanimator:addAnimations(function() box.alpha = 0.5 end)\nanimator:startAnimation()"))
        let calls = try #require(try result.text("result")).split(separator: " ").map(String.init)
        #expect(calls.count == 2 && calls.allSatisfy { $0.hasPrefix("child@") }, "\(calls)")
    }
}
