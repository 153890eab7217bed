import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua


@Suite struct PropertyAnimatorTests {
    @Test func pausedAnimatorScrubsLinearlyAndRefusesScrubbingWhileRunning() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new()
            a = UIViewPropertyAnimator.new{ duration = 1, curve = "easeIn" }
            a:addAnimations(function() v.alpha = 0 end)
            a:pauseAnimation()
            a.fractionComplete = 0.3
            """)
        #expect(abs(try h.number("return v.layer:presentation().opacity") - 0.7) < 1e-9)
        #expect(try h.run("return a.state") == "active")
        try h.run("a:startAnimation()")
        let message = try h.error("a.fractionComplete = 0.5")
        #expect(message?.contains("fractionComplete can only be set while the animator is paused") == true)
    }

    /// Apple, fractionComplete: "Assigning a new value to this property causes the animator to
    /// update the animation progress to the value you specify" — an animator of duration 0
    /// too (the App Store card's drag: `UIViewPropertyAnimator(duration: 0, curve: .linear)`,
    /// pauseAnimation, then fractionComplete from the finger). Its progress is the fraction.
    @Test func aPausedAnimatorOfDurationZeroIsScrubbedByFractionComplete() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new{ frame = CGRect(0, 0, 100, 100) }
            a = UIViewPropertyAnimator.new{ duration = 0, curve = "linear" }
            a:addAnimations(function() v.transform = CGAffineTransform.scale(0.8, 0.8); v.alpha = 0 end)
            before = a.fractionComplete
            a:pauseAnimation()
            paused = a.fractionComplete
            a.fractionComplete = 0.25
            """)
        #expect(try h.number("return before") == 0)
        #expect(try h.number("return paused") == 0)
        #expect(abs(try h.number("return a.fractionComplete") - 0.25) < 1e-12)
        #expect(abs(try h.number("return v.layer:presentation().opacity") - 0.75) < 1e-9)
        #expect(abs(try h.number("return v.layer:presentation().transform.m11") - 0.95) < 1e-9)
        try h.world.advance(to: 1)
        #expect(abs(try h.number("return v.layer:presentation().opacity") - 0.75) < 1e-9)
    }

    /// A duration-0 animator has no time to run: startAnimation and continueAnimation reach
    /// the end at the instant they are called (UIKit finishes it at once), completing at .end.
    @Test func startOrContinueOnAnAnimatorOfDurationZeroFinishesAtOnce() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new()
            a = UIViewPropertyAnimator.new{ duration = 0, curve = "linear" }
            a:addAnimations(function() v.alpha = 0 end)
            a:addCompletion(function(position) done, doneAt = position, transit.now() end)
            a:pauseAnimation()
            a.fractionComplete = 0.5
            a:continueAnimation(nil, 1)
            b = UIViewPropertyAnimator.new{ duration = 0 }
            b:addAnimations(function() v.center = CGPoint(40, 40) end)
            b:addCompletion(function(position) bDone = position end)
            b:startAnimation()
            """)
        try h.world.drain()
        #expect(try h.run("return done .. ' ' .. a.state .. ' ' .. v.alpha") == "end inactive 0.0")
        #expect(try h.number("return doneAt") == 0)
        #expect(try h.run("return bDone .. ' ' .. tostring(v.center)") == "end CGPoint(40, 40)")
    }

    @Test func runningAnimatorFollowsItsCurveAndCompletesAtTheEnd() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new()
            a = UIViewPropertyAnimator.new{ duration = 2, curve = "easeInOut" }
            a:addAnimations(function() v.alpha = 0 end)
            a:addCompletion(function(position) done = position end)
            a:startAnimation()
            """)
        try h.world.advance(to: 0.5)
        let expected = 1 - TimingFunction.easeInEaseOut.value(at: 0.25)
        #expect(abs(try h.number("return v.layer:presentation().opacity") - expected) < 1e-6)
        #expect(try h.run("return tostring(done)") == "nil")
        try h.world.advance(to: 2)
        #expect(try h.run("return done .. ' ' .. a.state .. ' ' .. v.alpha") == "end inactive 0.0")
    }

    @Test func reversedAnimatorReturnsToTheStartValues() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new()
            a = UIViewPropertyAnimator.new{ duration = 1, curve = "linear" }
            a:addAnimations(function() v.alpha = 0 end)
            a:addCompletion(function(position) done = position end)
            a:startAnimation()
            """)
        try h.world.advance(to: 0.4)
        try h.run("a.isReversed = true")
        // From progress 0.4 back to 0 takes 0.4 s at the same speed.
        try h.world.advance(to: 0.6)
        #expect(abs(try h.number("return v.layer:presentation().opacity") - 0.8) < 1e-9)
        try h.world.advance(to: 0.81)
        #expect(try h.run("return done .. ' ' .. v.alpha") == "start 1.0")
    }

    @Test func stopThenFinishAtCurrentKeepsWhatIsOnScreen() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new()
            a = UIViewPropertyAnimator.new{ duration = 1, curve = "linear" }
            a:addAnimations(function() v.alpha = 0 end)
            a:addCompletion(function(position) done = position end)
            a:startAnimation()
            """)
        try h.world.advance(to: 0.25)
        try h.run("a:stopAnimation(false)")
        #expect(try h.run("return a.state .. ' ' .. tostring(done)") == "stopped nil")
        #expect(abs(try h.number("return v.alpha") - 0.75) < 1e-9)
        try h.run("a:finishAnimation('current')")
        #expect(try h.run("return a.state .. ' ' .. done") == "inactive current")
        #expect(try h.error("a:finishAnimation('end')")?.contains("must be stopped") == true)
        #expect(try h.error("a:finishAnimation('middle')")?.contains("unknown UIViewAnimatingPosition \"middle\"") == true)
    }

    @Test func pausesOnCompletionStaysActiveWithoutCompleting() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new()
            a = UIViewPropertyAnimator.new{ duration = 1, curve = "linear" }
            a.pausesOnCompletion = true
            a:addAnimations(function() v.alpha = 0 end)
            a:addCompletion(function(position) done = position end)
            a:startAnimation()
            """)
        try h.world.advance(to: 2)
        #expect(try h.run("return a.state .. ' ' .. tostring(a.isRunning) .. ' ' .. tostring(done) .. ' ' .. a.fractionComplete") == "active false nil 1.0")
    }

    /// Apple's documentation: the remaining animations run over durationFactor × the
    /// animator's original duration, whatever fraction is left.
    @Test func continueAnimationRunsTheRestOverDurationFactorTimesTheOriginalDuration() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new()
            a = UIViewPropertyAnimator.new{ duration = 1, curve = "linear" }
            a:addAnimations(function() v.alpha = 0 end)
            a:addCompletion(function(position) done = transit.now() end)
            a:pauseAnimation()
            a.fractionComplete = 0.5
            a:continueAnimation(nil, 2)
            """)
        try h.world.advance(to: 5)
        // The remaining half runs over 2 × 1 s (not over 2 × the remaining 0.5 s).
        #expect(abs(try h.number("return done") - 2.0) < 1e-9)
    }

    @Test func springParametersRunUntilTheSpringSettles() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new()
            local spring = UISpringTimingParameters{ mass = 1, stiffness = 100, damping = 10 }
            settle = spring:settlingDuration()
            a = UIViewPropertyAnimator.new{ duration = 0.1, timingParameters = spring }
            a:addAnimations(function() v.alpha = 0 end)
            a:addCompletion(function() done = transit.now() end)
            a:startAnimation()
            """)
        try h.world.advance(to: 10)
        let settle = try h.number("return settle")
        #expect(settle > 0.5)
        #expect(abs(try h.number("return done") - settle) < 1e-9)
    }
}

@Suite struct ViewTransitionTests {
    @Test func crossDissolveFadesASnapshotOfTheOldContent() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new{ frame = CGRect(0, 0, 100, 100) }
            UIView.transition{ with = v, duration = 1, options = { "transitionCrossDissolve" },
              animations = function() v.backgroundColor = UIColor.red end,
              completion = function(finished) done = finished end }
            """)
        #expect(try h.run("return #v.subviews") == "1")
        try h.world.advance(to: 0.5)
        #expect(abs(try h.number("return v.subviews[1].layer:presentation().opacity") - 0.5) < 1e-6)
        try h.world.advance(to: 1.01)
        #expect(try h.run("return #v.subviews .. ' ' .. tostring(done)") == "0 true")
    }

    @Test func flipShowsTheViewEdgeOnAtTheMidpoint() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new{ frame = CGRect(0, 0, 100, 100) }
            UIView.transition{ with = v, duration = 1, options = { "transitionFlipFromLeft" }, animations = function() end }
            """)
        try h.world.advance(to: 0.5)
        // Rotated 90° about Y: the x axis maps onto z, so m11 (cos) is 0.
        #expect(abs(try h.number("return v.layer:presentation().transform.m11")) < 1e-6)
        try h.world.advance(to: 2)
        #expect(try h.bool("return v.layer.transform.isIdentity"))
    }

    @Test func unknownTransitionOptionIsAnError() throws {
        let h = try Harness()
        let message = try h.error("UIView.transition{ with = UIView.new(), duration = 1, options = { 'transitionSpin' }, animations = function() end }")
        #expect(message?.contains("unknown UIViewAnimationOptions \"transitionSpin\"") == true)
    }
}
