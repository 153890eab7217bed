import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua
import TransitDynamics

// UIKit Dynamics through Lua, against Apple's documented numbers (docs/semantics.md, "UIKit
// Dynamics"): gravity 1000 points/s² per unit of magnitude, a push of magnitude 1 accelerating a
// 100 × 100 item of density 1 at 100 points/s², snap damping 0.5. Box2D integrates with
// semi-implicit Euler at h = 1/240 s: after n steps of a constant acceleration a the distance is
// a·h²·n(n+1)/2 = ½·a·t² + ½·a·h·t, so the expected values allow ½·a·h·t more than the formula.

private let setUp = """
local ref = UIView{frame = CGRect(0, 0, 400, 800)}
transit.window:addSubview(ref)
function box(x, y, w, h) local v = UIView{frame = CGRect(x, y, w, h)}; ref:addSubview(v); return v end
animator = UIDynamicAnimator(ref)

"""

/// The integrator's excess over ½·a·t² (see the header), with a hundredth of a point for
/// Box2D's single precision.
private func eulerExcess(_ acceleration: Double, _ t: Double) -> Double { 0.5 * acceleration * t / 240 + 0.01 }

@Suite struct DynamicsTests {
    @Test func gravityAloneFallsHalfGTSquared() throws {
        let r = try runScene(setUp + """
            local v = box(100, 0, 100, 100)
            animator:addBehavior(UIGravityBehavior{v})
            transit.wait(0.5)
            fallen = v.center.y - 50
            drift = v.center.x - 150
            """)
        let expected = 0.5 * 1000 * 0.25
        let fallen = try r.number("fallen")
        #expect(fallen >= expected && fallen <= expected + eulerExcess(1000, 0.5))
        #expect(try r.number("drift") == 0)
    }

    @Test func gravityMagnitudeAndAngleScaleTheAcceleration() throws {
        let r = try runScene(setUp + """
            local v = box(100, 100, 50, 50)
            local g = UIGravityBehavior{items = {v}}
            g.angle = 0
            g.magnitude = 2
            animator:addBehavior(g)
            transit.wait(0.3)
            dx, dy = v.center.x - 125, v.center.y - 125
            direction = g.gravityDirection.dx
            """)
        let expected = 0.5 * 2000 * 0.09
        #expect(abs(try r.number("direction") - 2) < 1e-12)
        let dx = try r.number("dx")
        #expect(dx >= expected && dx <= expected + eulerExcess(2000, 0.3))
        #expect(abs(try r.number("dy")) < 1e-6)
    }

    @Test func continuousPushFollowsApplesFormulaAndDensity() throws {
        // Magnitude 1 on 100 × 100 at density 1: 100 points/s²; at density 2, half that.
        let r = try runScene(setUp + """
            local light, heavy = box(0, 0, 100, 100), box(0, 200, 100, 100)
            local push = UIPushBehavior({light, heavy}, "continuous")
            push.pushDirection = CGVector(1, 0)
            animator:addBehavior(push)
            local material = UIDynamicItemBehavior{heavy}
            material.density = 2
            animator:addBehavior(material)
            transit.wait(0.5)
            light_dx, heavy_dx = light.center.x - 50, heavy.center.x - 50
            """)
        let light = try r.number("light_dx"), heavy = try r.number("heavy_dx")
        #expect(light >= 12.5 && light <= 12.5 + eulerExcess(100, 0.5))
        #expect(heavy >= 6.25 && heavy <= 6.25 + eulerExcess(50, 0.5))
    }

    @Test func instantaneousPushGivesTheVelocityOfAnImpulse() throws {
        // An impulse of magnitude 1 gives mass 1 (100 × 100, density 1) 100 points/s and mass 2
        // (200 × 100) 50 points/s; the push then turns itself off.
        let r = try runScene(setUp + """
            local one, two = box(0, 0, 100, 100), box(0, 300, 200, 100)
            local push = UIPushBehavior{items = {one, two}, mode = "instantaneous"}
            push.angle = math.pi / 2
            push.magnitude = 1
            animator:addBehavior(push)
            local probe = UIDynamicItemBehavior{one, two}
            animator:addBehavior(probe)
            transit.wait(0.1)
            v1, v2 = probe:linearVelocity(one).y, probe:linearVelocity(two).y
            stillActive = push.active
            """)
        #expect(abs(try r.number("v1") - 100) < 0.01)
        #expect(abs(try r.number("v2") - 50) < 0.01)
        #expect(try r.bool("stillActive") == false)
    }

    @Test func snapEndsAtTheSnapPointAndThePauseIsReported() throws {
        let r = try runScene(setUp + """
            local v = box(0, 0, 60, 60)
            local snap = UISnapBehavior(v, CGPoint(250, 400))
            damping = snap.damping
            animator:addBehavior(snap)
            animator.delegate = { dynamicAnimatorDidPause = function(_, a) pausedAt = transit.now(); running = a.isRunning end }
            transit.wait(0.05)
            early = v.center.x
            transit.wait(4)
            x, y = v.center.x, v.center.y
            """)
        #expect(try r.number("damping") == 0.5)
        let early = try r.number("early")
        #expect(early > 30 && early < 250)
        let x = try r.number("x"), y = try r.number("y")
        #expect(abs(x - 250) < 0.5 && abs(y - 400) < 0.5)
        #expect(try r.number("pausedAt") < 4)
        #expect(try r.bool("running") == false)
    }

    @Test func aWeakForceFromRestIsNotTakenForRest() throws {
        // Magnitude 0.2 on mass 1: 20 points/s², so 0.1 point in the first 0.1 s (under the rest
        // rule's ¼ point, but always the same way, and already faster than 1 point/s) and
        // 40 points after 2 s.
        let r = try runScene(setUp + """
            local v = box(0, 0, 100, 100)
            local push = UIPushBehavior({v}, "continuous")
            push.pushDirection = CGVector(0.2, 0)
            animator:addBehavior(push)
            transit.wait(2)
            moved, running = v.center.x - 50, animator.isRunning
            """)
        let moved = try r.number("moved")
        #expect(moved >= 40 && moved <= 40 + eulerExcess(20, 2))
        #expect(try r.bool("running"))
    }

    @Test func aRigidAttachmentKeepsItsLength() throws {
        // A pendulum: the attachment point (the item's top-left corner) stays 150 points from the
        // anchor while gravity swings it.
        let r = try runScene(setUp + """
            local v = box(200, 100, 40, 40)
            local rod = UIAttachmentBehavior{item = v, offsetFromCenter = CGPoint(-20, -20), attachedToAnchor = CGPoint(50, 100)}
            length = rod.length
            animator:addBehavior(rod)
            animator:addBehavior(UIGravityBehavior{v})
            worst = 0
            for i = 1, 40 do
              transit.wait(0.05)
              local t = v.transform
              local px = v.center.x + t.a * -20 + t.c * -20
              local py = v.center.y + t.b * -20 + t.d * -20
              worst = math.max(worst, math.abs(math.sqrt((px - 50)^2 + (py - 100)^2) - length))
            end
            swung = v.center.y
            """)
        #expect(try r.number("length") == 150)
        #expect(try r.number("worst") < 1)
        #expect(try r.number("swung") > 150)
    }

    @Test func collisionKeepsAnItemInsideTheReferenceBounds() throws {
        let r = try runScene(setUp + """
            local v = box(150, 300, 80, 80)
            local collision = UICollisionBehavior{v}
            collision.translatesReferenceBoundsIntoBoundary = true
            animator:addBehavior(collision)
            animator:addBehavior(UIGravityBehavior{v})
            local kick = UIDynamicItemBehavior{v}
            kick.elasticity = 0.8
            animator:addBehavior(kick)
            kick:addLinearVelocity(CGPoint(2500, -1500), v)
            outside = 0
            for i = 1, 120 do
              transit.wait(1 / 60)
              local f = v.frame
              outside = math.max(outside, -f.minX, -f.minY, f.maxX - 400, f.maxY - 800)
              right = math.max(right or 0, f.maxX)
            end
            """)
        // Box2D lets shapes overlap by its slop, half a point.
        #expect(try r.number("outside") < 1)
        // It went somewhere: thrown right and up, it reached the right edge.
        #expect(try r.number("right") > 390)
    }

    @Test func allowsRotationFalseKeepsTheTransformIdentity() throws {
        let script = """
            local v = box(200, 100, 40, 40)
            animator:addBehavior(UIAttachmentBehavior{item = v, offsetFromCenter = CGPoint(-20, -20), attachedToAnchor = CGPoint(50, 100)})
            animator:addBehavior(UIGravityBehavior{v})
            local material = UIDynamicItemBehavior{v}
            material.allowsRotation = ALLOWS
            animator:addBehavior(material)
            transit.wait(1)
            b = v.transform.b
            """
        let fixed = try runScene(setUp + script.replacingOccurrences(of: "ALLOWS", with: "false"))
        let free = try runScene(setUp + script.replacingOccurrences(of: "ALLOWS", with: "true"))
        #expect(try fixed.number("b") == 0)
        // The same swing rotates an item that may rotate: the test above could fail.
        #expect(abs(try free.number("b")) > 0.1)
    }

    @Test func aBoundaryContactReachesTheCollisionDelegate() throws {
        let r = try runScene(setUp + """
            local v = box(100, 0, 100, 100)
            local collision = UICollisionBehavior{v}
            collision:addBoundary("floor", CGPoint(0, 500), CGPoint(400, 500))
            collision.collisionDelegate = { beganContactForItemWithBoundaryIdentifier = function(_, b, item, id, p)
              if not hit then hit = id; hitY = p.y; hitAt = transit.now() end
            end }
            animator:addBehavior(collision)
            animator:addBehavior(UIGravityBehavior{v})
            transit.wait(2)
            """)
        #expect(try r.text("hit") == "floor")
        #expect(abs(try r.number("hitY") - 500) < 1.5)
        // Falling 400 points at 1000 points/s² takes √0.8 s.
        #expect(abs(try r.number("hitAt") - 0.8.squareRoot()) < 0.02)
    }

    @Test func badArgumentsAreClearErrorsBeforeBox2D() throws {
        let cases: [(String, String)] = [
            ("UIGravityBehavior{box(0, 0, 10, 10)}.magnitude = 0/0", "scene.lua:5: UIGravityBehavior.magnitude: must be a finite number in -1000...1000 (got nan)"),
            ("UISnapBehavior(box(0, 0, 10, 10), CGPoint(1/0, 0))", "scene.lua:5: UISnapBehavior.new: argument 2 (snapTo) must be a CGPoint with finite coordinates"),
            ("UIGravityBehavior{box(0, 0, 0, 0)}", "scene.lua:5: UIGravityBehavior.new: argument 1 (items) entry 1 must be a view at least 1×1 points"),
            ("UICollisionBehavior{}:addBoundary('b', CGPoint(1, 1), CGPoint(1, 1))", "scene.lua:5: UICollisionBehavior.addBoundary: a boundary must be at least 0.1 point long"),
            ("UIDynamicItemBehavior{}:addAngularVelocity(1e9, box(0, 0, 10, 10))", "scene.lua:5: UIDynamicItemBehavior.addAngularVelocity: argument 1 (velocity) must be a finite number in -1000...1000"),
            ("UIPushBehavior({}, 'sideways')", "scene.lua:5: UIPushBehavior.new: argument 2 (mode) must be one of \"continuous\", \"instantaneous\""),
            ("UIDynamicAnimator(42)", "scene.lua:5: UIDynamicAnimator.new: argument 1 (referenceView) must be"),
            ("UIDynamicItemBehavior{}.density = 0", "scene.lua:5: UIDynamicItemBehavior.density: must be a finite number in"),
        ]
        for (line, message) in cases {
            do {
                _ = try runScene(setUp + line)
                Issue.record("expected an error for \(line)")
            } catch let error as ScriptError {
                #expect(error.message.contains(message), "\(line): \(error.message)")
            }
        }
    }

    @Test func manyAnimatorsStepTogetherWithinTheRunLoopsLimits() throws {
        // Sixty animators at 240 steps a second each would be 14,400 ticks a second, past the
        // run loop's 2,000; one clock steps them all, and each falls as one alone does.
        let r = try runScene(setUp + """
            local falls = {}
            for i = 1, 60 do
              local a = UIDynamicAnimator(ref)
              local v = box(5 * i, 0, 4, 4)
              a:addBehavior(UIGravityBehavior{v})
              falls[i] = {a, v}
            end
            transit.wait(0.5)
            first, last = falls[1][2].center.y, falls[60][2].center.y
            """)
        let single = try runScene(setUp + """
            local v = box(5, 0, 4, 4)
            animator:addBehavior(UIGravityBehavior{v})
            transit.wait(0.5)
            y = v.center.y
            """)
        #expect(try r.number("first") == single.number("y"))
        #expect(try r.number("last") == single.number("y"))
    }

    @Test func coordinatesFarBeyondTheScreenAreClampedBeforeBox2D() throws {
        // A view at 1e308 points: finite for UIKit, infinite in Box2D's single precision (whose
        // assert would end the process). The body is placed at the 10^6 point limit instead.
        let r = try runScene(setUp + """
            local v = box(0, 0, 10, 10)
            v.center = CGPoint(1e308, -1e308)
            animator:addBehavior(UIGravityBehavior{v})
            transit.wait(0.1)
            x = v.center.x
            """)
        #expect(try r.number("x") == 1_000_000)
    }

    @Test func stepsFallOnTheVirtualTimeGrid() throws {
        // Whatever the scene waits, the state at t depends only on the steps at k/240 ≤ t.
        let a = try runScene(setUp + """
            local v = box(100, 0, 100, 100)
            animator:addBehavior(UIGravityBehavior{v})
            for i = 1, 7 do transit.wait(0.1) end
            y = string.format("%.17g", v.center.y)
            """)
        let b = try runScene(setUp + """
            local v = box(100, 0, 100, 100)
            animator:addBehavior(UIGravityBehavior{v})
            transit.wait(0.35); transit.wait(0.35)
            y = string.format("%.17g", v.center.y)
            """)
        let ya = try a.text("y"), yb = try b.text("y")
        #expect(ya == yb)
        #expect(try a.number("animator.elapsedTime") == 168.0 / 240)
    }
}
