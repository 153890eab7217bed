import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// CABasicAnimation, CAKeyframeAnimation, CASpringAnimation and CAAnimationGroup added with
// `layer:add`, checked against values written out from Core Animation's documented rules (the
// timing function, beginTime, fillMode, repeatCount, autoreverses, from/to/by), not against
// what the layer reports through another path.


/// A window with a committed standalone layer `l` (opacity 1, position (50, 50)).
private func harnessWithLayer() throws -> Harness {
    let h = try Harness()
    try h.run("""
        host = UIView.new{ frame = CGRect(0, 0, 100, 100) }
        transit.window:addSubview(host)
        l = CALayer.new{ frame = CGRect(40, 40, 20, 20) }
        host.layer:addSublayer(l)
        """)
    try h.world.advance(to: 1)
    return h
}

@Suite struct BasicAnimationTimingTests {
    /// CABasicAnimation with easeIn, begin 0.5 s after adding, 2 s long: before it begins no
    /// effect (fillMode removed), then fromValue → toValue on the curve, then the model value.
    @Test func timingFunctionBeginTimeAndRemovalFollowTheOracle() throws {
        let h = try harnessWithLayer()
        try h.run("""
            a = CABasicAnimation{ keyPath = "opacity", fromValue = 0.2, toValue = 0.8, duration = 2,
                                  beginTime = CACurrentMediaTime() + 0.5, timingFunction = CAMediaTimingFunction("easeIn") }
            l:add(a, "fade")
            """)
        func oracle(_ t: Double) -> Double {
            let local = t - 1.5
            if local < 0 || local >= 2 { return 1 }  // removed fill: the model value
            return 0.2 + 0.6 * TimingFunction.easeIn.value(at: local / 2)
        }
        for t in [1.25, 1.5, 1.75, 2.5, 3.0, 3.49, 3.5, 4.0] {
            try h.world.advance(to: t)
            #expect(abs(try h.number("return l:presentation().opacity") - oracle(t)) < 1e-9, "t = \(t)")
        }
        #expect(try h.run("return #l:animationKeys()") == "0")
    }

    @Test func fillModesAndIsRemovedOnCompletion() throws {
        let h = try harnessWithLayer()
        try h.run("""
            back = CABasicAnimation{ keyPath = "position.x", fromValue = 0, toValue = 100, duration = 1,
                                     beginTime = transit.now() + 1, fillMode = "backwards" }
            l:add(back, "back")
            fwd = CABasicAnimation{ keyPath = "opacity", fromValue = 1, toValue = 0.25, duration = 1,
                                    fillMode = "forwards", isRemovedOnCompletion = false }
            l:add(fwd, "fwd")
            """)
        try h.world.advance(to: 1.5)
        // Backwards fill: fromValue before the begin time.
        #expect(try h.number("return l:presentation().position.x") == 0)
        try h.world.advance(to: 3)
        // Forwards fill and kept: the end value stays; the model is unchanged.
        #expect(try h.number("return l:presentation().opacity") == 0.25)
        #expect(try h.number("return l.opacity") == 1)
        #expect(try h.run("return table.concat(l:animationKeys(), ',')") == "fwd")
        #expect(try h.bool("return l:animation('fwd') == fwd"))
        try h.run("l:removeAnimation('fwd')")
        #expect(try h.number("return l:presentation().opacity") == 1)
    }

    @Test func repeatCountAndAutoreversesFoldTheCycle() throws {
        let h = try harnessWithLayer()
        try h.run("""
            l:add(CABasicAnimation{ keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1,
                                    repeatCount = 2, autoreverses = true }, "pulse")
            """)
        // Linear by default: t within each 2 s cycle goes 0 → 1 → 0.
        let samples: [(Double, Double)] = [(1.25, 0.25), (1.75, 0.75), (2.25, 0.75), (2.75, 0.25), (3.5, 0.5), (4.5, 0.5)]
        for (t, expected) in samples {
            try h.world.advance(to: t)
            #expect(abs(try h.number("return l:presentation().opacity") - expected) < 1e-9, "t = \(t)")
        }
        try h.world.advance(to: 5.01)
        #expect(try h.number("return l:presentation().opacity") == 1)
    }

    @Test func missingEndpointsResolveAgainstTheValueBeneath() throws {
        let h = try harnessWithLayer()
        // to only: from the model value 50; by only: model → model + by; from + by.
        try h.run("l:add(CABasicAnimation{ keyPath = 'position.x', toValue = 150, duration = 1 }, 'x')")
        try h.run("l:add(CABasicAnimation{ keyPath = 'position.y', byValue = -40, duration = 1 }, 'y')")
        try h.run("l:add(CABasicAnimation{ keyPath = 'bounds.size.width', fromValue = 10, byValue = 30, duration = 1 }, 'w')")
        try h.world.advance(to: 1.5)
        #expect(try h.run("return tostring(l:presentation().position)") == "CGPoint(100, 30)")
        #expect(try h.number("return l:presentation().bounds.width") == 25)
        // Additive: added to the model value.
        try h.run("l:add(CABasicAnimation{ keyPath = 'opacity', fromValue = -0.5, toValue = 0, duration = 1, isAdditive = true }, 'o')")
        #expect(try h.number("return l:presentation().opacity") == 0.5)
    }

    @Test func transformKeyPathsSetOneComponent() throws {
        let h = try harnessWithLayer()
        try h.run("""
            l.transform = CATransform3D.scale(2, 2, 1)
            l:add(CABasicAnimation{ keyPath = "transform.rotation.z", fromValue = 0, toValue = math.pi, duration = 1 }, "spin")
            """)
        try h.world.advance(to: 1.5)
        // Half a turn's half: 90° with the scale of 2 kept.
        let m11 = try h.number("return l:presentation().transform.m11"), m12 = try h.number("return l:presentation().transform.m12")
        #expect(abs(m11) < 1e-9 && abs(m12 - 2) < 1e-9)
        try h.run("l:add(CABasicAnimation{ keyPath = 'transform.scale', fromValue = 1, toValue = 3, duration = 1 }, 'spin')")
        #expect(abs(try h.number("return l:presentation().transform.m11") - 1) < 1e-9)
        try h.world.advance(to: 2)
        #expect(abs(try h.number("return l:presentation().transform.m22") - 2) < 1e-9)
    }

    @Test func viewBlocksDoNotInterruptAddedAnimations() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new{ frame = CGRect(0, 0, 10, 10) }
            transit.window:addSubview(v)
            v.layer:add(CABasicAnimation{ keyPath = "transform.rotation.z", fromValue = 0, toValue = 1, duration = 1 }, "spin")
            UIView.animate(0.5, function() v.transform = CGAffineTransform.scale(2, 2) end)
            """)
        // The keyed animation is still attached beside the block's (listed by its key path).
        #expect(try h.run("return table.concat(v.layer:animationKeys(), ',')") == "spin,transform")
    }
}

@Suite struct CoreAnimationKindsTests {
    @Test func keyframeSpringAndGroup() throws {
        let h = try harnessWithLayer()
        try h.run("""
            l:add(CAKeyframeAnimation{ keyPath = "opacity", values = { 0, 1, 0.5 }, keyTimes = { 0, 0.25, 1 }, duration = 1 }, "k")
            s = CASpringAnimation{ keyPath = "position.x", fromValue = 0, toValue = 100, damping = 12, stiffness = 200 }
            s.duration = s.settlingDuration
            l:add(s, "s")
            g = CAAnimationGroup{ duration = 2, animations = {
              CABasicAnimation{ keyPath = "position.y", fromValue = 0, toValue = 10 },
              CABasicAnimation{ keyPath = "cornerRadius", fromValue = 0, toValue = 8, beginTime = 1, duration = 1 } } }
            l:add(g, "g")
            """)
        try h.world.advance(to: 1.125)
        #expect(abs(try h.number("return l:presentation().opacity") - 0.5) < 1e-9)
        let spring = Spring(mass: 1, stiffness: 200, damping: 12, initialVelocity: 0)
        #expect(abs(try h.number("return l:presentation().position.x") - 100 * spring.value(at: 0.125)) < 1e-9)
        // The group's children: the first over the group's 2 s, the second from 1 s for 1 s (no fill before).
        #expect(abs(try h.number("return l:presentation().position.y") - 10 * 0.0625) < 1e-9)
        #expect(try h.number("return l:presentation().cornerRadius") == 0)
        try h.world.advance(to: 2.5)
        #expect(abs(try h.number("return l:presentation().cornerRadius") - 4) < 1e-9)
    }

    @Test func delegateHearsStartAndStopAndRemovalIsUnfinished() throws {
        let h = try harnessWithLayer()
        try h.run("""
            log = {}
            d = { animationDidStart = function(self, anim) log[#log + 1] = "start " .. transit.now() .. " " .. tostring(anim == a) end,
                  animationDidStop = function(self, anim, finished) log[#log + 1] = "stop " .. transit.now() .. " " .. tostring(finished) end }
            a = CABasicAnimation{ keyPath = "opacity", toValue = 0, duration = 1, beginTime = transit.now() + 0.5, delegate = d }
            l:add(a, "a")
            b = CABasicAnimation{ keyPath = "opacity", toValue = 0.5, duration = 1, delegate = d }
            l:add(b, "b")
            """)
        try h.world.advance(to: 1.2)
        try h.run("l:removeAnimation('b')")
        try h.world.advance(to: 3)
        #expect(try h.run("return table.concat(log, '; ')") == "start 1.0 false; stop 1.2 false; start 1.5 true; stop 2.5 true")
    }

    @Test func addingUnderAnExistingKeyReplacesAndTheAddedObjectIsCopied() throws {
        let h = try harnessWithLayer()
        try h.run("""
            stops = {}
            d = { animationDidStop = function(self, anim, finished) stops[#stops + 1] = finished end }
            a = CABasicAnimation{ keyPath = "opacity", fromValue = 0, toValue = 0, duration = 1, delegate = d }
            l:add(a, "same")
            a.fromValue = 1; a.toValue = 1                      -- changes nothing already added
            """)
        #expect(try h.number("return l:presentation().opacity") == 0)
        try h.run("l:add(CABasicAnimation{ keyPath = 'opacity', fromValue = 0.5, toValue = 0.5, duration = 1 }, 'same')")
        try h.world.drain()
        #expect(try h.number("return l:presentation().opacity") == 0.5)
        #expect(try h.number("return #stops") == 1)
        #expect(try h.bool("return stops[1]") == false)
    }

    @Test func strokeEndAndPathAnimateOnShapeLayers() throws {
        let h = try harnessWithLayer()
        try h.run("""
            s = CAShapeLayer{ path = UIBezierPath{ ovalIn = CGRect(45, 45, 10, 10) }.cgPath }
            host.layer:addSublayer(s)
            s:add(CABasicAnimation{ keyPath = "strokeEnd", fromValue = 0, toValue = 1, duration = 1 }, "draw")
            s:add(CABasicAnimation{ keyPath = "path", toValue = UIBezierPath{ ovalIn = CGRect(0, 0, 100, 100) }, duration = 1 }, "grow")
            """)
        try h.world.advance(to: 1.5)
        let shape = try #require(h.world.window.subviews.first?.layer.standaloneSublayers.last)
        guard case .shape(let content) = shape.snapshot(at: h.world.now).content else { Issue.record("no shape"); return }
        #expect(content.strokeEnd == 0.5)
        #expect(content.path.boundingBox == Rect(x: 22.5, y: 22.5, width: 55, height: 55))
    }

    @Test func badAnimationsAreClearErrors() throws {
        let h = try harnessWithLayer()
        #expect(try h.error("CABasicAnimation{ keyPath = 'opacityy' }")?
            .contains("test.lua:1: CABasicAnimation.keyPath: \"opacityy\" is not a key path Transit animates") == true)
        #expect(try h.error("l:add(CABasicAnimation{ keyPath = 'strokeEnd', toValue = 1 }, 'k')")?
            .contains("CALayer.add: keyPath \"strokeEnd\" is not an animatable key path of CALayer") == true)
        #expect(try h.error("l:add(CABasicAnimation{ keyPath = 'opacity', toValue = CGPoint(1, 2) }, 'k')")?
            .contains("CALayer.add: toValue of a opacity animation must be a number (got a CGPoint)") == true)
        #expect(try h.error("l:add(CABasicAnimation(), 'k')")?.contains("has no keyPath") == true)
        #expect(try h.error("CABasicAnimation{ duration = 0/0 }")?.contains("duration: must be a finite number of seconds") == true)
        #expect(try h.error("CABasicAnimation{ toValue = 1/0 }")?.contains("must be finite") == true)
        #expect(try h.error("CABasicAnimation{ fillMode = 'sideways' }")?.contains("unknown CAMediaTimingFillMode \"sideways\"") == true)
        #expect(try h.error("CASpringAnimation{ mass = 0 }")?.contains("must be > 0") == true)
        #expect(try h.error("local g = CAAnimationGroup(); g.animations = { g }")?.contains("a group cannot contain itself") == true)
        #expect(try h.error("CABasicAnimation().bogus = 1")?.contains("bogus") == true)
    }
}
