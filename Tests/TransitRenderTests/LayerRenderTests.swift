import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua
@testable import TransitRender

// Pixels of the Core Animation layers: gradients, shapes, masks and the circular reveal (a
// CAShapeLayer mask whose path grows from a small circle to one covering the view).

private func render(_ source: String, at times: [Double]) throws -> [RasterImage] {
    let (trees, size) = try sceneSnapshots(source, at: times)
    let rasterizer = Rasterizer(scale: 1, background: Color(white: 0))
    return trees.map { rasterizer.render($0, size: size) }
}

/// A white root view controller, so uncovered pixels are white.
private let screen = """
    local vc = UIViewController.new{ backgroundColor = UIColor.white }
    transit.window.rootViewController = vc
    root = vc.view

    """

@Suite struct LayerRenderTests {
    @Test func axialGradientRunsFromStartToEndColour() throws {
        let image = try #require(try render(screen + """
            local g = CAGradientLayer{ frame = CGRect(0, 0, 200, 100), colors = { UIColor.red, UIColor.blue } }
            root.layer:addSublayer(g)
            transit.wait(0.1)
            """, at: [0.1]).first)
        // Top to bottom by default (startPoint (0.5, 0), endPoint (0.5, 1)).
        #expect(isColor(image.pixel(x: 100, y: 0), 255, 0, 0, tolerance: 4))
        #expect(isColor(image.pixel(x: 100, y: 99), 0, 0, 255, tolerance: 4))
        #expect(isColor(image.pixel(x: 100, y: 50), 126, 0, 128, tolerance: 4))
        // Constant along the other axis, and nothing below the layer.
        #expect(image.pixel(x: 10, y: 25) == image.pixel(x: 190, y: 25))
        #expect(isWhite(image.pixel(x: 100, y: 150)))
    }

    @Test func locationsAndRadialGradients() throws {
        let image = try #require(try render(screen + """
            local a = CAGradientLayer{ frame = CGRect(0, 0, 200, 20), colors = { UIColor.red, UIColor.blue },
                                       locations = { 0.5, 1 }, startPoint = CGPoint(0, 0.5), endPoint = CGPoint(1, 0.5) }
            root.layer:addSublayer(a)
            local r = CAGradientLayer{ frame = CGRect(0, 100, 100, 100), colors = { UIColor.green, UIColor.black },
                                       type = "radial", startPoint = CGPoint(0.5, 0.5), endPoint = CGPoint(1, 1) }
            root.layer:addSublayer(r)
            transit.wait(0.1)
            """, at: [0.1]).first)
        // Left of the first location the first colour pads; half way between 0.5 and 1 is the mix.
        #expect(isColor(image.pixel(x: 40, y: 10), 255, 0, 0, tolerance: 2))
        #expect(isColor(image.pixel(x: 150, y: 10), 128, 0, 128, tolerance: 6))
        // Radial: the start colour at the centre, the end colour from the radius (50) out.
        #expect(isColor(image.pixel(x: 50, y: 150), 0, 255, 0, tolerance: 8))
        #expect(isColor(image.pixel(x: 75, y: 150), 0, 128, 0, tolerance: 8))
        #expect(isColor(image.pixel(x: 2, y: 102), 0, 0, 0, tolerance: 2))
    }

    @Test func shapeLayerFillsAndStrokesItsPathWithStrokeEnd() throws {
        let image = try #require(try render(screen + """
            local s = CAShapeLayer{ path = UIBezierPath{ rect = CGRect(20, 20, 60, 60) }.cgPath, fillColor = UIColor.red }
            root.layer:addSublayer(s)
            local line = UIBezierPath()
            line:move(CGPoint(0, 150)); line:addLine(CGPoint(200, 150))
            local t = CAShapeLayer{ path = line.cgPath, fillColor = nil, strokeColor = UIColor.blue, lineWidth = 10, strokeEnd = 0.5 }
            root.layer:addSublayer(t)
            transit.wait(0.1)
            """, at: [0.1]).first)
        #expect(isColor(image.pixel(x: 50, y: 50), 255, 0, 0))
        #expect(isWhite(image.pixel(x: 85, y: 50)))
        // The stroke covers the first half of the line's length only.
        #expect(isColor(image.pixel(x: 50, y: 150), 0, 0, 255))
        #expect(isColor(image.pixel(x: 98, y: 150), 0, 0, 255))
        #expect(isWhite(image.pixel(x: 102, y: 150)))
        #expect(isWhite(image.pixel(x: 150, y: 150)))
    }

    @Test func aShapeMaskShowsTheLayerOnlyInsideThePath() throws {
        let image = try #require(try render(screen + """
            local v = UIView.new{ frame = CGRect(50, 50, 100, 100), backgroundColor = UIColor.red }
            root:addSubview(v)
            local child = UIView.new{ frame = CGRect(0, 0, 100, 50), backgroundColor = UIColor.blue }
            v:addSubview(child)
            local m = CAShapeLayer{ path = UIBezierPath{ ovalIn = CGRect(25, 25, 50, 50) }.cgPath }
            v.layer.mask = m
            transit.wait(0.1)
            """, at: [0.1]).first)
        // Inside the circle: the view and its subview; outside (still inside the view): white.
        #expect(isColor(image.pixel(x: 100, y: 110), 255, 0, 0))
        #expect(isColor(image.pixel(x: 100, y: 90), 0, 0, 255))
        #expect(isWhite(image.pixel(x: 55, y: 55)))
        #expect(isWhite(image.pixel(x: 100, y: 70)))
        #expect(isWhite(image.pixel(x: 145, y: 145)))
    }

    /// BubbleTransition's reveal: the mask's path animates from a 20 pt circle to one of radius
    /// 150 about the view's centre, linearly over 1 s. Half way the radius is 80.
    @Test func circularRevealMidAnimation() throws {
        let frames = try render(screen + """
            local v = UIView.new{ frame = CGRect(0, 0, 200, 200), backgroundColor = UIColor.red }
            root:addSubview(v)
            local m = CAShapeLayer{ path = UIBezierPath{ ovalIn = CGRect(90, 90, 20, 20) }.cgPath }
            v.layer.mask = m
            local grow = CABasicAnimation{ keyPath = "path", duration = 1,
              toValue = UIBezierPath{ ovalIn = CGRect(-50, -50, 300, 300) }.cgPath }
            grow.fillMode = "forwards"
            grow.isRemovedOnCompletion = false
            m:add(grow, "reveal")
            transit.wait(1.5)
            """, at: [0, 0.5, 1.25])
        #expect(frames.count == 3)
        let start = frames[0], middle = frames[1], end = frames[2]
        // At 0: only the small circle.
        #expect(isColor(start.pixel(x: 100, y: 100), 255, 0, 0))
        #expect(isWhite(start.pixel(x: 100, y: 115)))
        // Half way: radius 80 (ovals interpolate point by point, so the shape is a circle).
        #expect(isColor(middle.pixel(x: 100, y: 100 + 75), 255, 0, 0))
        #expect(isWhite(middle.pixel(x: 100, y: 100 + 85)))
        #expect(isColor(middle.pixel(x: 100 + 52, y: 100 + 52), 255, 0, 0))   // 74 pt along the diagonal
        #expect(isWhite(middle.pixel(x: 100 + 60, y: 100 + 60)))              // 85 pt
        // After the end, kept with a forwards fill: the whole view.
        #expect(isColor(end.pixel(x: 2, y: 2), 255, 0, 0))
        #expect(isColor(end.pixel(x: 198, y: 198), 255, 0, 0))
    }

    /// A CATransformLayer turned 90° about y holds a face turned back by −90°: in one 3D space
    /// the turns cancel and the face shows flat; flattened into the edge-on transform layer's
    /// plane (what a plain CALayer does) it vanishes.
    @Test func transformLayerSublayersShareTheSuperlayers3DSpace() throws {
        let source = screen + """
            local perspective = CATransform3D.identity
            perspective.m34 = -1 / 500
            root.layer.sublayerTransform = perspective
            local cube = KIND{ frame = CGRect(50, 50, 100, 100), transform = CATransform3D.rotation(math.pi / 2, 0, 1, 0) }
            root.layer:addSublayer(cube)
            cube:addSublayer(CALayer{ frame = CGRect(0, 0, 100, 100), backgroundColor = UIColor.blue,
                                      transform = CATransform3D.rotation(-math.pi / 2, 0, 1, 0) })
            transit.wait(0.1)
            """
        let transformLayer = try #require(try render(source.replacingOccurrences(of: "KIND", with: "CATransformLayer"), at: [0.1]).first)
        #expect(isColor(transformLayer.pixel(x: 100, y: 100), 0, 0, 255))
        #expect(isColor(transformLayer.pixel(x: 55, y: 55), 0, 0, 255))
        #expect(isWhite(transformLayer.pixel(x: 45, y: 100)))
        #expect(isWhite(transformLayer.pixel(x: 155, y: 100)))
        let plain = try #require(try render(source.replacingOccurrences(of: "KIND", with: "CALayer"), at: [0.1]).first)
        #expect(isWhite(plain.pixel(x: 55, y: 55)))
    }

    /// CALayer.contents draws the image in the bounds by contentsGravity (here a 2×1 image,
    /// red then blue, stretched over 100×50 with resize, fitted with resizeAspect).
    @Test func contentsImageFillsTheBoundsByGravity() throws {
        let world = World(device: Device.named("200x200@1")!)
        let runtime = try LuaRuntime(world: world)
        runtime.imageLoader = { _ in ImageContent(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 255]) }
        try runtime.evaluate("""
            local vc = UIViewController.new{ backgroundColor = UIColor.white }
            transit.window.rootViewController = vc
            local a = CALayer{ frame = CGRect(0, 0, 100, 50) }
            a.contents = transit.image("two.png")
            vc.view.layer:addSublayer(a)
            local b = CALayer{ frame = CGRect(0, 100, 100, 100), contentsGravity = "resizeAspect" }
            b.contents = transit.image("two.png")
            vc.view.layer:addSublayer(b)
            """, chunkName: "=contents.lua")
        let image = Rasterizer(scale: 1, background: Color(white: 0)).render(world.window.layer.snapshot(at: world.now), size: Size(width: 200, height: 200))
        #expect(isColor(image.pixel(x: 10, y: 25), 255, 0, 0))
        #expect(isColor(image.pixel(x: 90, y: 25), 0, 0, 255))
        // Aspect fit: 100 × 50 centred in the 100 × 100 bounds, white above and below.
        #expect(isWhite(image.pixel(x: 10, y: 110)))
        #expect(isColor(image.pixel(x: 10, y: 150), 255, 0, 0))
        #expect(isWhite(image.pixel(x: 10, y: 190)))
    }

    @Test func rendersAreByteIdentical() throws {
        let source = screen + """
            local v = UIView.new{ frame = CGRect(10, 10, 180, 180), backgroundColor = UIColor.red }
            root:addSubview(v)
            v.layer:addSublayer(CAGradientLayer{ frame = CGRect(0, 0, 180, 90), colors = { UIColor.green, UIColor.blue }, type = "radial", endPoint = CGPoint(1, 1) })
            local s = CAShapeLayer{ path = UIBezierPath{ roundedRect = CGRect(20, 20, 140, 140), cornerRadius = 30 }.cgPath,
                                    strokeColor = UIColor.black, lineWidth = 4, fillColor = nil, strokeStart = 0.1, strokeEnd = 0.8 }
            v.layer:addSublayer(s)
            v.layer.mask = CAShapeLayer{ path = UIBezierPath{ ovalIn = CGRect(0, 0, 180, 180) }.cgPath }
            transit.wait(0.1)
            """
        let first = try render(source, at: [0.1]), second = try render(source, at: [0.1])
        #expect(first.first?.pixels == second.first?.pixels)
        #expect(first.first != nil)
    }
}
