import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// Layers as objects through Lua: the tree (Core Animation's one list of sublayers, with the
// subviews' layers in it), masks, contents, the subclasses, UIBezierPath and CGPath, and the
// implicit animations of standalone layers with CATransaction.


@Suite struct LayerTreeTests {
    @Test func constructorsTakeAnOptionsTableAndRejectUnknownKeys() throws {
        let h = try Harness()
        #expect(try h.run("""
            local a = CALayer()
            local b = CALayer.new{ frame = CGRect(10, 20, 30, 40), name = "b", zPosition = 2 }
            local c = CAShapeLayer{ lineWidth = 3 }
            local d = CAGradientLayer.new{ type = "radial" }
            local e = CATransformLayer()
            return table.concat({ tostring(a.frame), tostring(b.position), b.name, tostring(b.zPosition),
              tostring(c.lineWidth), d.type, tostring(e.bounds) }, " ")
            """) == "CGRect(0, 0, 0, 0) CGPoint(25, 40) b 2.0 3.0 radial CGRect(0, 0, 0, 0)")
        #expect(try h.error("CALayer{ framme = CGRect(0, 0, 1, 1) }")?.contains("unknown option \"framme\"") == true)
        #expect(try h.error("local l = CAShapeLayer(); l.strokeEnds = 1")?.contains("strokeEnds") == true)
        #expect(try h.error("local l = CALayer(); l.frame = CGRect(0/0, 0, 1, 1)")?.contains("CALayer.frame: must be finite") == true)
    }

    @Test func addSublayerGoesAboveEverySubviewAndInsertAtZeroBelow() throws {
        let h = try Harness()
        #expect(try h.run("""
            local v = UIView.new()
            local s1 = UIView.new{ name = "s1" }
            v:addSubview(s1)
            local top = CALayer.new{ name = "top" }
            v.layer:addSublayer(top)
            local s2 = UIView.new{ name = "s2" }
            v:addSubview(s2)                       -- a later subview goes above the layer
            local bottom = CALayer.new{ name = "bottom" }
            v.layer:insertSublayer(bottom, 0)
            local order = {}
            for _, l in ipairs(v.layer.sublayers) do
              order[#order + 1] = (l == s1.layer and "s1") or (l == s2.layer and "s2") or l.name
            end
            return table.concat(order, ",") .. " " .. tostring(top.superlayer == v.layer)
              .. " " .. tostring(s1.layer.superlayer == v.layer)
            """) == "bottom,s1,top,s2 true true")
    }

    @Test func insertBelowAndAboveSiblingsAndRemoveFromSuperlayer() throws {
        let h = try Harness()
        #expect(try h.run("""
            local p = CALayer()
            local a, b, c, d = CALayer{ name = "a" }, CALayer{ name = "b" }, CALayer{ name = "c" }, CALayer{ name = "d" }
            p:addSublayer(a); p:addSublayer(b)
            p:insertSublayerBelow(c, b)
            p:insertSublayerAbove(d, b)
            local function names() local t = {} for _, l in ipairs(p.sublayers) do t[#t + 1] = l.name end return table.concat(t) end
            local before = names()
            c:removeFromSuperlayer()
            p:insertSublayer(a, 3)                 -- moving: 1-based position among the others
            return before .. " " .. names() .. " " .. tostring(c.superlayer)
            """) == "acbd bda nil")
        #expect(try h.error("local p, x = CALayer(), CALayer(); p:insertSublayerBelow(CALayer(), x)")?
            .contains("CALayer.insertSublayerBelow: CALayer is not a sublayer of CALayer") == true)
    }

    @Test(.timeLimit(.minutes(1))) func viewLayersAndCyclesAreRefused() throws {
        let h = try Harness()
        #expect(try h.error("local v = UIView.new(); CALayer():addSublayer(v.layer)")?
            .contains("test.lua:1: CALayer.addSublayer: UIView.layer is a view's layer; move the view with addSubview") == true)
        #expect(try h.error("local v = UIView.new(); v.layer:removeFromSuperlayer()")?
            .contains("use removeFromSuperview") == true)
        #expect(try h.error("local a, b = CALayer(), CALayer(); a:addSublayer(b); b:addSublayer(a)")?
            .contains("a layer cannot be a sublayer of itself or of its own sublayers") == true)
        #expect(try h.error("local a = CALayer(); a:addSublayer(a)")?.contains("itself") == true)
        #expect(try h.error("CALayer():addSublayer(UIView.new())")?
            .contains("argument 1 (layer) must be a CALayer (got UIView)") == true)
    }

    @Test func maskIsAStandaloneLayerWithoutSuperlayer() throws {
        let h = try Harness()
        #expect(try h.run("""
            local v = UIView.new()
            local m = CAShapeLayer()
            v.layer.mask = m
            local r = tostring(v.layer.mask == m) .. " " .. tostring(m.superlayer) .. " " .. #v.layer.sublayers
            v.layer.mask = nil
            return r .. " " .. tostring(v.layer.mask)
            """) == "true nil 0 nil")
        #expect(try h.error("local p, m = CALayer(), CALayer(); p:addSublayer(m); CALayer().mask = m")?
            .contains("CALayer.mask: the mask layer must not have a superlayer") == true)
        #expect(try h.error("local v = UIView.new(); CALayer().mask = v.layer")?.contains("a mask must be a standalone layer") == true)
    }

    @Test func contentsAndAcceptedProperties() throws {
        let h = try Harness()
        #expect(try h.run("""
            local l = CALayer()
            local before = tostring(l.contents)
            l.contentsGravity = "resizeAspectFill"
            l.shouldRasterize = true
            l.rasterizationScale = 3
            l.isDoubleSided = false
            l.anchorPoint = CGPoint(0, 0)
            l.masksToBounds = true
            return before .. " " .. l.contentsGravity .. " " .. tostring(l.shouldRasterize) .. " "
              .. tostring(l.rasterizationScale) .. " " .. tostring(l.isDoubleSided) .. " " .. tostring(l.anchorPoint)
            """) == "nil resizeAspectFill true 3.0 false CGPoint(0, 0)")
        #expect(try h.error("CALayer().contentsGravity = 'top'")?.contains("unknown CALayerContentsGravity \"top\"") == true)
        #expect(try h.error("CALayer().contents = 3")?.contains("must be a UIImage") == true)
    }
}

@Suite struct BezierPathTests {
    @Test func initialisersTakeOptionsTables() throws {
        let h = try Harness()
        #expect(try h.run("return tostring(UIBezierPath{ rect = CGRect(1, 2, 3, 4) }.bounds)") == "CGRect(1, 2, 3, 4)")
        #expect(try h.run("return tostring(UIBezierPath{ ovalIn = CGRect(0, 0, 20, 10) }.cgPath.boundingBox)") == "CGRect(0, 0, 20, 10)")
        #expect(try h.run("return tostring(UIBezierPath.new{ roundedRect = CGRect(0, 0, 100, 50), cornerRadius = 16 }.bounds)") == "CGRect(0, 0, 100, 50)")
        #expect(try h.bool("""
            return UIBezierPath{ roundedRect = CGRect(0, 0, 10, 10), byRoundingCorners = { "topLeft" }, cornerRadii = CGSize(4, 4) }.isEmpty
            """) == false)
        // A quarter arc of radius 10 about (50, 50) from 0 to π/2, clockwise on screen (y down):
        // from (60, 50) to (50, 60); its Bézier control points stay inside that box.
        let box = try h.run("""
            local b = UIBezierPath{ arcCenter = CGPoint(50, 50), radius = 10, startAngle = 0, endAngle = math.pi / 2, clockwise = true }.bounds
            return string.format("%.3f %.3f %.3f %.3f", b.x, b.y, b.width, b.height)
            """)
        #expect(box == "50.000 50.000 10.000 10.000")
        #expect(try h.bool("return UIBezierPath().isEmpty"))
        #expect(try h.error("UIBezierPath{ ovalln = CGRect(0, 0, 1, 1) }")?.contains("UIBezierPath.new: unknown option \"ovalln\"") == true)
        #expect(try h.error("UIBezierPath{ rect = CGRect(0, 0, 1, 1), cornerRadius = 3 }")?.contains("unknown option \"cornerRadius\"; accepted: rect. Not taken with rect") == true)
        #expect(try h.error("UIBezierPath{ roundedRect = CGRect(0, 0, 1, 1) }")?.contains("needs cornerRadius") == true)
        #expect(try h.error("UIBezierPath{ ovalIn = CGRect(0, 0, 1/0, 1) }")?.contains("ovalIn must be a finite CGRect") == true)
        #expect(try h.error("UIBezierPath{ arcCenter = CGPoint(0, 0), radius = 1, startAngle = 0 }")?.contains("endAngle (a number) is required") == true)
    }

    @Test func elementsBoundsIncludeControlPointsAndMethodsCheckArguments() throws {
        let h = try Harness()
        #expect(try h.run("""
            local p = UIBezierPath()
            p:move(CGPoint(0, 0))
            p:addLine(CGPoint(10, 0))
            p:addQuadCurve(CGPoint(10, 10), CGPoint(30, 5))
            p:addCurve(CGPoint(0, 10), CGPoint(5, 40), CGPoint(0, 20))
            p:close()
            local q = p:copy()
            q:apply(CGAffineTransform.translation(100, 0))
            p:append(q)
            return tostring(q.bounds) .. " " .. tostring(p.bounds) .. " " .. tostring(q.currentPoint)
            """) == "CGRect(100, 0, 30, 40) CGRect(0, 0, 130, 40) CGPoint(100, 0)")
        #expect(try h.error("UIBezierPath():addLine(CGPoint(0/0, 1))")?.contains("UIBezierPath.addLine: to must be finite") == true)
        #expect(try h.error("UIBezierPath():addArc(CGPoint(0, 0), 1/0, 0, 1, true)")?.contains("radius must be a finite number") == true)
        #expect(try h.error("UIBezierPath():move(CGPoint(1e300, 0))")?.contains("within ±1e9") == true)
        #expect(try h.bool("local p = UIBezierPath{ rect = CGRect(0, 0, 1, 1) }; p:removeAllPoints(); return p.isEmpty"))
        #expect(BezierPath().boundingBox.isNull)
    }

    @Test func shapeAndGradientPropertiesRoundTrip() throws {
        let h = try Harness()
        #expect(try h.run("""
            local s = CAShapeLayer()
            local defaults = tostring(s.fillColor) .. " " .. tostring(s.strokeColor) .. " " .. s.lineWidth .. " " .. s.strokeEnd
            s.path = UIBezierPath{ ovalIn = CGRect(0, 0, 10, 10) }     -- a UIBezierPath is taken as its cgPath
            s.fillColor = nil
            s.strokeColor = UIColor.red
            s.fillRule = "evenOdd"; s.lineCap = "round"; s.lineJoin = "bevel"
            s.lineDashPattern = { 4, 2 }
            return defaults .. " | " .. tostring(s.path.boundingBox) .. " " .. tostring(s.fillColor) .. " " .. s.fillRule
              .. " " .. s.lineCap .. " " .. s.lineJoin .. " " .. #s.lineDashPattern
            """) == "UIColor(0, 0, 0, 1) nil 1.0 1.0 | CGRect(0, 0, 10, 10) nil evenOdd round bevel 2")
        #expect(try h.run("""
            local g = CAGradientLayer{ colors = { UIColor.red, UIColor.blue }, locations = { 0, 1 } }
            return #g.colors .. " " .. #g.locations .. " " .. tostring(g.startPoint) .. " " .. tostring(g.endPoint) .. " " .. g.type
            """) == "2 2 CGPoint(0.5, 0) CGPoint(0.5, 1) axial")
        #expect(try h.error("CAGradientLayer().type = 'conic'")?.contains("unknown CAGradientLayerType \"conic\"") == true)
        #expect(try h.error("CAGradientLayer().colors = { UIColor.red, 3 }")?.contains("entry 2 must be a UIColor") == true)
        #expect(try h.error("CAGradientLayer().locations = { 0, 0/0 }")?.contains("entry 2 must be finite") == true)
        #expect(try h.error("CAShapeLayer().path = UIView.new()")?.contains("CAShapeLayer.path must be a CGPath or a UIBezierPath (got UIView)") == true)
    }
}

@Suite struct ImplicitAnimationTests {
    /// A committed standalone layer (made in an earlier turn) in the window.
    private func committedLayer(_ h: Harness) throws {
        try h.run("""
            host = UIView.new{ frame = CGRect(0, 0, 100, 100) }
            transit.window:addSubview(host)
            l = CALayer.new{ frame = CGRect(0, 0, 10, 10) }
            host.layer:addSublayer(l)
            """)
        try h.world.advance(to: 0.1)
    }

    @Test func standaloneLayerChangesAnimateForAQuarterSecondWithTheDefaultCurve() throws {
        let h = try Harness()
        try committedLayer(h)
        try h.run("l.opacity = 0")
        #expect(try h.run("return l.opacity") == "0.0")
        try h.world.advance(to: 0.1 + 0.125)
        let half = try h.number("return l:presentation().opacity")
        #expect(abs(half - (1 - TimingFunction.default.value(at: 0.5))) < 1e-9)
        try h.world.advance(to: 0.1 + 0.25)
        #expect(try h.number("return l:presentation().opacity") == 0)
    }

    @Test func newLayersDisabledActionsAndViewLayersDoNotAnimate() throws {
        let h = try Harness()
        try committedLayer(h)
        // Made this turn: not committed, so no animation.
        try h.run("fresh = CALayer(); host.layer:addSublayer(fresh); fresh.opacity = 0")
        #expect(try h.run("return fresh:presentation().opacity") == "0.0")
        try h.run("CATransaction.begin(); CATransaction.setDisableActions(true); l.opacity = 0.5; CATransaction.commit()")
        #expect(try h.run("return l:presentation().opacity") == "0.5")
        // A view's layer outside an animation block changes at once.
        try h.run("host.layer.opacity = 0.3")
        #expect(try h.run("return host.layer:presentation().opacity") == "0.3")
        // performWithoutAnimation turns implicit actions off too.
        try h.run("UIView.performWithoutAnimation(function() l.opacity = 1 end)")
        #expect(try h.run("return l:presentation().opacity") == "1.0")
    }

    @Test func transactionDurationTimingAndCompletionBlock() throws {
        let h = try Harness()
        try committedLayer(h)
        try h.run("""
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction("linear"))
            CATransaction.setCompletionBlock(function() doneAt = transit.now() end)
            l.position = CGPoint(105, 5)
            CATransaction.commit()
            """)
        #expect(try h.run("return CATransaction.animationDuration()") == "0.25")
        try h.world.advance(to: 0.6)
        #expect(abs(try h.number("return l:presentation().position.x") - 55) < 1e-9)
        #expect(try h.run("return tostring(doneAt)") == "nil")
        try h.world.advance(to: 1.2)
        #expect(abs(try h.number("return doneAt") - 1.1) < 1e-9)
        #expect(try h.error("CATransaction.commit()")?.contains("CATransaction.commit: CATransaction.commit without a matching CATransaction.begin") == true)
        #expect(try h.error("CATransaction.setAnimationDuration(-1)")?.contains("must be in 0...1e6") == true)
    }

    /// Apple, CATransaction.setCompletionBlock: the block runs "as soon as all animations
    /// subsequently added by this transaction group have completed"; UIView's blocks add Core
    /// Animation animations to the current transaction, so the block waits for them.
    @Test func transactionCompletionBlockWaitsForUIViewAnimateBlocksAddedInIt() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new{ frame = CGRect(0, 0, 10, 10) }
            transit.window:addSubview(v)
            order = {}
            CATransaction.begin()
            CATransaction.setCompletionBlock(function() doneAt = transit.now(); order[#order + 1] = "transaction" end)
            UIView.animate(0.5, function() v.alpha = 0 end, function() order[#order + 1] = "short" end)
            UIView.animateKeyframes{ duration = 0.8, animations = function()
                UIView.addKeyframe(0, 1, function() v.center = CGPoint(50, 50) end) end }
            UIView.animate(1, function() v.frame = CGRect(0, 0, 20, 20) end, function() order[#order + 1] = "long" end)
            CATransaction.commit()
            """)
        try h.world.advance(to: 0.9)
        #expect(try h.run("return tostring(doneAt)") == "nil")
        try h.world.advance(to: 1.5)
        #expect(abs(try h.number("return doneAt") - 1) < 1e-9)
        #expect(try h.run("return table.concat(order, ' ')") == "short long transaction")
    }

    /// The implicit transaction of a turn is a transaction too: a completion block set outside
    /// begin/commit waits for the blocks animated in the same turn.
    @Test func implicitTransactionCompletionBlockWaitsForUIViewAnimate() throws {
        let h = try Harness()
        try h.run("""
            v = UIView.new{ frame = CGRect(0, 0, 10, 10) }
            transit.window:addSubview(v)
            CATransaction.setCompletionBlock(function() doneAt = transit.now() end)
            UIView.animate(0.4, function() v.alpha = 0 end)
            """)
        try h.world.advance(to: 1)
        #expect(abs(try h.number("return doneAt") - 0.4) < 1e-9)
    }

    @Test func aTransactionWithoutAnimationsCompletesOnTheNextTurn() throws {
        let h = try Harness()
        try h.run("CATransaction.begin(); CATransaction.setCompletionBlock(function() done = true end); CATransaction.commit()")
        #expect(try h.run("return tostring(done)") == "nil")
        try h.world.drain()
        #expect(try h.bool("return done"))
    }

    @Test func gradientColorsAndLocationsAnimateComponentByComponent() throws {
        let h = try Harness()
        try h.run("""
            host = UIView.new{ frame = CGRect(0, 0, 100, 100) }
            transit.window:addSubview(host)
            g = CAGradientLayer{ colors = { UIColor.red, UIColor.blue }, locations = { 0, 1 } }
            host.layer:addSublayer(g)
            """)
        try h.world.advance(to: 1)
        try h.run("""
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction("linear"))
            g.colors = { UIColor.blue, UIColor.red }
            g.locations = { 0.5, 1 }
            """)
        try h.world.advance(to: 1.125)
        let layer = try #require(h.world.window.subviews.first?.layer.standaloneSublayers.first)
        guard case .gradient(let gradient) = layer.snapshot(at: h.world.now).content else { Issue.record("no gradient"); return }
        #expect(gradient.colors == [Color(red: 0.5, green: 0, blue: 0.5, alpha: 1), Color(red: 0.5, green: 0, blue: 0.5, alpha: 1)])
        #expect(gradient.locations == [0.25, 1])
    }

    @Test func shapePathAnimatesImplicitlyPointByPoint() throws {
        let h = try Harness()
        try h.run("""
            host = UIView.new{ frame = CGRect(0, 0, 100, 100) }
            transit.window:addSubview(host)
            s = CAShapeLayer{ path = UIBezierPath{ ovalIn = CGRect(40, 40, 20, 20) }.cgPath }
            host.layer:addSublayer(s)
            """)
        try h.world.advance(to: 1)
        try h.run("CATransaction.setAnimationTimingFunction(CAMediaTimingFunction('linear')); s.path = UIBezierPath{ ovalIn = CGRect(0, 0, 100, 100) }.cgPath")
        try h.world.advance(to: 1.125)
        let layer = try #require(h.world.window.subviews.first?.layer.standaloneSublayers.first)
        guard case .shape(let shape) = layer.snapshot(at: h.world.now).content else { Issue.record("no shape"); return }
        // Half way between the two circles' boxes.
        #expect(shape.path.boundingBox == Rect(x: 20, y: 20, width: 60, height: 60))
    }
}

@Suite struct LayerLifetimeTests {
    @Test func layersTheModelHoldsSurviveCollectionAndDroppedOnesAreReleased() throws {
        let h = try Harness()
        try h.run("""
            host = UIView.new()
            transit.window:addSubview(host)
            do
              host.layer:addSublayer(CAShapeLayer{ name = "kept" })
              host.layer.mask = CALayer{ name = "m" }
            end
            """)
        h.runtime.collectGarbage()
        h.runtime.collectGarbage()
        #expect(try h.run("return host.layer.sublayers[1].name .. ' ' .. host.layer.mask.name") == "kept m")
        weak var released: Layer?
        released = h.world.window.subviews.first?.layer.standaloneSublayers.first
        #expect(released != nil)
        try h.run("host.layer.sublayers[1]:removeFromSuperlayer()")
        h.runtime.collectGarbage()
        h.runtime.collectGarbage()
        #expect(released == nil)
    }
}
