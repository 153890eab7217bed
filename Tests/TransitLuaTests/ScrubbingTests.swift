import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// The easeIn curve, the cubic Bézier from (0, 0) through control points (0.42, 0) and (1, 1) to
/// (1, 1), at x: solve x(t) = x by bisection (x is increasing in t), then y(t).
private func easeIn(_ x: Double) -> Double {
    func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var low = 0.0, high = 1.0
    for _ in 0..<100 {
        let mid = (low + high) / 2
        if bezier(mid, 0.42, 1) < x { low = mid } else { high = mid }
    }
    return bezier((low + high) / 2, 0, 1)
}

private func scrubScene(scrubsLinearly: Bool) -> String {
    """
    v = UIView.new{ frame = CGRect(0, 0, 100, 100) }
    transit.window:addSubview(v)
    a = UIViewPropertyAnimator.new{ duration = 1, curve = "easeIn" }
    a.scrubsLinearly = \(scrubsLinearly)
    a:addAnimations(function() v.center = CGPoint(250, 50) end)
    a:pauseAnimation()
    a.fractionComplete = 0.5
    transit.wait(0.1)
    x = v.layer:presentation().position.x
    fraction = a.fractionComplete

    """
}

@Suite struct ScrubbingTests {
    /// Apple, UIViewPropertyAnimator.scrubsLinearly: when false, scrubbing a paused animator
    /// follows its timing curve; fractionComplete still reads what was set.
    @Test func scrubbingAnEaseInAnimatorWithScrubsLinearlyFalseFollowsTheCurve() throws {
        let result = try runScene(scrubScene(scrubsLinearly: false))
        // From x 50 to 250: 200 pt, easeIn(0.5) of the way.
        let expected = 50 + 200 * easeIn(0.5)
        #expect(abs(easeIn(0.5) - 0.5) > 0.1)   // the curve is not the identity here
        #expect(abs(try result.number("x") - expected) < 1e-6)
        #expect(abs(try result.number("fraction") - 0.5) < 1e-12)
    }

    /// The default, scrubsLinearly = true: a paused animator's fractionComplete maps linearly.
    @Test func scrubbingAnEaseInAnimatorWithScrubsLinearlyTrueIsLinear() throws {
        let result = try runScene(scrubScene(scrubsLinearly: true))
        #expect(abs(try result.number("x") - 150) < 1e-6)
        #expect(abs(try result.number("fraction") - 0.5) < 1e-12)
    }

    /// After a curved scrub the animator runs on from where the view is, to the end.
    @Test func anAnimatorScrubbedAlongTheCurveFinishesAtTheEnd() throws {
        let result = try runScene(scrubScene(scrubsLinearly: false) + """
            a:continueAnimation(nil, 1)
            transit.wait(2)
            final = v.layer:presentation().position.x
            """)
        #expect(abs(try result.number("final") - 250) < 1e-6)
    }
}
