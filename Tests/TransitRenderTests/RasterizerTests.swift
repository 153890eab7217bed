import Foundation
import Testing
import TransitCore
@testable import TransitRender

@Suite struct RasterizerTests {
    let frame = Rect(x: 50, y: 60, width: 100, height: 100)

    @Test func solidViewLandsOnItsFrame() {
        let image = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [Scene.view(frame, Scene.red)]),
                                               size: Size(width: 200, height: 200))
        #expect(image.width == 200 && image.height == 200)
        #expect(isColor(image.pixel(x: Int(frame.midX), y: Int(frame.midY) + 0), 255, 0, 0))
        #expect(isColor(image.pixel(x: 100, y: 110), 255, 0, 0))
        #expect(isColor(image.pixel(x: Int(frame.minX), y: Int(frame.minY)), 255, 0, 0))
        #expect(isColor(image.pixel(x: Int(frame.maxX) - 1, y: Int(frame.maxY) - 1), 255, 0, 0))
        #expect(isWhite(image.pixel(x: 10, y: 10)))
        #expect(isWhite(image.pixel(x: Int(frame.minX) - 1, y: 100)))
        #expect(isWhite(image.pixel(x: Int(frame.maxX), y: 100)))
        #expect(isWhite(image.pixel(x: 100, y: Int(frame.minY) - 1)))
        #expect(isWhite(image.pixel(x: 100, y: Int(frame.maxY))))
    }

    @Test func scaleTwoDoublesPixelCoordinates() {
        let scale = 2.0
        let image = Rasterizer(scale: scale).render(Scene.canvas(200, 200, [Scene.view(frame, Scene.red)]),
                                                   size: Size(width: 200, height: 200))
        #expect(image.width == 400 && image.height == 400)
        #expect(isColor(image.pixel(x: Int(100 * scale), y: Int(110 * scale)), 255, 0, 0))
        #expect(isColor(image.pixel(x: Int(frame.minX * scale), y: Int(frame.minY * scale)), 255, 0, 0))
        #expect(isWhite(image.pixel(x: Int(frame.minX * scale) - 1, y: 220)))
        #expect(isWhite(image.pixel(x: Int(frame.maxX * scale), y: 220)))
    }

    @Test func halfOpacityBlendsOverWhite() {
        var view = Scene.view(frame, Scene.red)
        view.opacity = 0.5
        let image = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [view]), size: Size(width: 200, height: 200))
        let expected = Int((255 * 0.5 + 255 * 0.5).rounded()), faded = Int((255 * 0.5).rounded())
        #expect(isColor(image.pixel(x: 100, y: 110), expected, faded, faded, tolerance: 2))
    }

    @Test func parentOpacityFadesChildrenAsOneGroup() {
        // Two opaque children overlapping in x ∈ [60, 80): with group opacity the overlap looks
        // exactly like the top child alone (no red showing through).
        let left = Scene.view(Rect(x: 0, y: 0, width: 80, height: 50), Scene.red)
        let right = Scene.view(Rect(x: 60, y: 0, width: 80, height: 50), Scene.blue)
        var parent = Scene.view(Rect(x: 20, y: 20, width: 140, height: 50), nil, sublayers: [left, right])
        parent.opacity = 0.5
        let image = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [parent]), size: Size(width: 200, height: 200))
        let overlap = image.pixel(x: 20 + 70, y: 40), blueOnly = image.pixel(x: 20 + 120, y: 40)
        #expect(isColor(overlap, Int(blueOnly.r), Int(blueOnly.g), Int(blueOnly.b), tolerance: 1))
        #expect(isColor(overlap, 128, 128, 255, tolerance: 2))
        #expect(isColor(image.pixel(x: 20 + 30, y: 40), 255, 128, 128, tolerance: 2))
    }

    @Test func cornerRadiusLeavesCornersWhite() {
        var view = Scene.view(frame, Scene.red)
        view.cornerRadius = 20
        let image = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [view]), size: Size(width: 200, height: 200))
        // The corner pixel's centre is (20 − 0.5)·√2 ≈ 27.6 pt from the arc centre: outside radius 20.
        #expect(isWhite(image.pixel(x: Int(frame.minX), y: Int(frame.minY))))
        #expect(isWhite(image.pixel(x: Int(frame.maxX) - 1, y: Int(frame.maxY) - 1)))
        #expect(isColor(image.pixel(x: Int(frame.midX), y: Int(frame.minY)), 255, 0, 0))

        view.maskedCorners = [.minXMinY]
        let masked = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [view]), size: Size(width: 200, height: 200))
        #expect(isWhite(masked.pixel(x: Int(frame.minX), y: Int(frame.minY))))
        #expect(isColor(masked.pixel(x: Int(frame.maxX) - 1, y: Int(frame.maxY) - 1), 255, 0, 0))
    }

    @Test func masksToBoundsClipsChildren() {
        let child = Scene.view(Rect(x: 50, y: 50, width: 100, height: 100), Scene.blue)
        var parent = Scene.view(Rect(x: 20, y: 20, width: 100, height: 100), nil, sublayers: [child])
        let unclipped = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [parent]), size: Size(width: 200, height: 200))
        #expect(isColor(unclipped.pixel(x: 140, y: 140), 0, 0, 255))
        parent.masksToBounds = true
        let clipped = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [parent]), size: Size(width: 200, height: 200))
        #expect(isColor(clipped.pixel(x: 100, y: 100), 0, 0, 255))
        #expect(isWhite(clipped.pixel(x: 140, y: 140)))
        #expect(isWhite(clipped.pixel(x: 20 + 100, y: 100)))
    }

    @Test func backFacingSingleSidedLayerIsCulled() {
        var view = Scene.view(frame, Scene.red)
        view.transform = .rotation(.pi, 0, 1, 0)
        view.isDoubleSided = false
        let culled = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [view]), size: Size(width: 200, height: 200))
        #expect(isAllWhite(culled))
        view.isDoubleSided = true
        let shown = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [view]), size: Size(width: 200, height: 200))
        #expect(isColor(shown.pixel(x: 100, y: 110), 255, 0, 0))
    }

    @Test func perspectiveRotationDrawsATrapezoid() {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        var card = Scene.view(Rect(x: 50, y: 50, width: 100, height: 100), Scene.red)
        card.transform = .rotation(60 * .pi / 180, 0, 1, 0)
        var container = Scene.view(Rect(x: 0, y: 0, width: 200, height: 200), nil, sublayers: [card])
        container.sublayerTransform = perspective
        let image = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [container]), size: Size(width: 200, height: 200))

        // Expected outline: the card's corners relative to the shared centre (100, 100),
        // rotated, then projected; top and bottom edges stay straight lines.
        let matrix = card.transform.concatenating(perspective)
        func corner(_ x: Double, _ y: Double) -> Point {
            let p = matrix.project(x: x, y: y, z: 0).point
            return Point(x: p.x + 100, y: p.y + 100)
        }
        let topLeft = corner(-50, -50), topRight = corner(50, -50), bottomLeft = corner(-50, 50), bottomRight = corner(50, 50)
        func lineY(_ a: Point, _ b: Point, at x: Double) -> Double { a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x) }
        let leftColumn = Int(min(topLeft.x, topRight.x).rounded(.up)) + 2
        let rightColumn = Int(max(topLeft.x, topRight.x).rounded(.down)) - 3
        for column in [leftColumn, rightColumn] {
            let x = Double(column) + 0.5
            let expected = lineY(bottomLeft, bottomRight, at: x) - lineY(topLeft, topRight, at: x)
            #expect(abs(Double(redRun(in: image, column: column)) - expected) <= 2.5, "column \(column)")
        }
        #expect(abs(redRun(in: image, column: leftColumn) - redRun(in: image, column: rightColumn)) > 10)
    }

    @Test func quarterTurnSwapsWidthAndHeight() {
        var view = Scene.view(Rect(x: 50, y: 80, width: 100, height: 40), Scene.red)
        view.transform = Transform2D.rotation(.pi / 2).as3D
        let image = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [view]), size: Size(width: 200, height: 200))
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<200 { for x in 0..<200 where image.pixel(x: x, y: y).r > 200 && image.pixel(x: x, y: y).g < 50 { xs.append(x); ys.append(y) } }
        #expect(xs.max()! - xs.min()! + 1 == 40)
        #expect(ys.max()! - ys.min()! + 1 == 100)
    }

    @Test func nonFiniteGeometryIsSkipped() {
        var broken = Scene.view(frame, Scene.red)
        broken.position = Point(x: .nan, y: 10)
        var infinite = Scene.view(frame, Scene.red)
        infinite.transform.m11 = .infinity
        var zeroScale = Scene.view(frame, Scene.red)
        zeroScale.transform = .scale(0, 0, 1)
        let image = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [broken, infinite, zeroScale]),
                                               size: Size(width: 200, height: 200))
        #expect(isAllWhite(image))
        #expect(Rasterizer(scale: 1).render(Scene.canvas(10, 10, []), size: Size(width: .nan, height: 5)).width == 0)
    }

    /// A card turned 80° about y and brought to 450 of the eye's 500: its near edge is almost at
    /// the eye (w ≈ 0.002), so it projects thousands of points away, and its far edge at
    /// 50·cos 80° / w ≈ 44 points to the other side of the centre. The card covers the centre and
    /// everything on its near side, and nothing beyond its far edge. A renderer that drops
    /// geometry near the eye leaves the canvas white; one that draws it without the perspective
    /// divide shows a strip 17 points wide; one that flips it through infinity covers both sides.
    @Test func layersNearlyAtTheEyeProjectToTheirPerspectiveExtent() {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        var card = Scene.view(Rect(x: 50, y: 50, width: 100, height: 100), Scene.red,
                              sublayers: [Scene.view(Rect(x: 10, y: 10, width: 20, height: 20), Scene.blue)])
        let angle = 80 * Double.pi / 180, depth = 450.0, eye = 500.0
        card.transform = Transform3D.rotation(angle, 0, 1, 0).concatenating(.translation(0, 0, depth))
        var container = Scene.view(Rect(x: 0, y: 0, width: 200, height: 200), nil, sublayers: [card])
        container.sublayerTransform = perspective
        let image = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [container]), size: Size(width: 200, height: 200))

        // The far edge (half width 50, pushed back by 50·sin 80°) and the near edge, in w.
        let farW = 1 - (depth - 50 * sin(angle)) / eye, nearW = 1 - (depth + 50 * sin(angle)) / eye
        #expect(nearW > 0 && nearW < 0.01, "the near edge is in front of the eye, and close to it")
        let farEdge = 50 * cos(angle) / farW
        // On the centre row (the blue sublayer is above it): left and right of the centre, inside
        // the far edge, beyond it, and at the canvas's edge.
        let inside = Int(farEdge) - 10, beyond = Int(farEdge) + 10
        #expect(isColor(image.pixel(x: 100, y: 100), 255, 0, 0, tolerance: 3), "the centre is on the card")
        #expect(isColor(image.pixel(x: 100 - inside, y: 100), 255, 0, 0, tolerance: 3))
        #expect(isColor(image.pixel(x: 100 + inside, y: 100), 255, 0, 0, tolerance: 3))
        let whiteBeyond = [100 - beyond, 100 + beyond].filter { isWhite(image.pixel(x: $0, y: 100)) }
        #expect(whiteBeyond.count == 1, "exactly one side is beyond the far edge; white at \(whiteBeyond)")
        // The near side is covered to the canvas's edge: the side that is not white beyond.
        let nearSideEdge = whiteBeyond.first.map { $0 < 100 ? 199 : 0 } ?? -1
        if nearSideEdge >= 0 { #expect(isColor(image.pixel(x: nearSideEdge, y: 100), 255, 0, 0, tolerance: 3)) }
    }

    @Test func perspectiveWithSublayersIsOneProjectedPicture() {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        var card = Scene.view(Rect(x: 50, y: 50, width: 100, height: 100), Scene.red,
                              sublayers: [Scene.view(Rect(x: 0, y: 0, width: 100, height: 50), Scene.blue)])
        card.transform = .rotation(30 * .pi / 180, 0, 1, 0)
        var container = Scene.view(Rect(x: 0, y: 0, width: 200, height: 200), nil, sublayers: [card])
        container.sublayerTransform = perspective
        let image = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [container]), size: Size(width: 200, height: 200))
        #expect(isColor(image.pixel(x: 100, y: 75), 0, 0, 255, tolerance: 3))
        #expect(isColor(image.pixel(x: 100, y: 125), 255, 0, 0, tolerance: 3))
        #expect(isWhite(image.pixel(x: 5, y: 5)))
    }

    @Test func shadowDarkensBelowTheLayer() {
        var view = Scene.view(frame, Scene.red)
        view.shadowOpacity = 1
        view.shadowRadius = 4
        view.shadowOffset = Size(width: 0, height: 10)
        let image = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [view]), size: Size(width: 200, height: 200))
        let below = image.pixel(x: 100, y: Int(frame.maxY) + 4)
        #expect(below.r < 200)
        #expect(isWhite(image.pixel(x: 100, y: Int(frame.maxY) + 10 + 4 * 4)))
        #expect(isColor(image.pixel(x: 100, y: 110), 255, 0, 0))
    }

    @Test func aShadowPathShapesTheShadowEvenWithoutABackground() {
        // Apple, CALayer.shadowPath: "If you specify a value for this property, the layer
        // creates its shadow using the specified path instead of the layer's composited alpha
        // channel." A clear layer with a path 20 pt wide in its right half casts a shadow there.
        var view = Scene.view(frame, Color(white: 0, alpha: 0))
        view.shadowOpacity = 1
        view.shadowRadius = 0
        view.shadowOffset = Size(width: 0, height: 0)
        view.shadowPath = .rect(Rect(x: 60, y: 20, width: 20, height: 40))
        let image = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [view]), size: Size(width: 200, height: 200))
        #expect(isColor(image.pixel(x: Int(frame.minX) + 70, y: Int(frame.minY) + 40), 0, 0, 0))
        #expect(isWhite(image.pixel(x: Int(frame.minX) + 30, y: Int(frame.minY) + 40)))
        #expect(isWhite(image.pixel(x: Int(frame.minX) + 70, y: Int(frame.minY) + 70)))
    }

    @Test func borderIsDrawnInsideOnTop() {
        var view = Scene.view(frame, Scene.red, sublayers: [Scene.view(Rect(x: 0, y: 0, width: 100, height: 100), Scene.red)])
        view.borderWidth = 5
        view.borderColor = Scene.blue
        let image = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [view]), size: Size(width: 200, height: 200))
        #expect(isColor(image.pixel(x: Int(frame.minX) + 2, y: 110), 0, 0, 255))
        #expect(isColor(image.pixel(x: Int(frame.minX) + 6, y: 110), 255, 0, 0))
        #expect(isWhite(image.pixel(x: Int(frame.minX) - 1, y: 110)))
    }

    @Test func zPositionReordersSiblings() {
        var back = Scene.view(Rect(x: 50, y: 50, width: 100, height: 100), Scene.red)
        back.zPosition = 1
        let front = Scene.view(Rect(x: 50, y: 50, width: 100, height: 100), Scene.blue)
        let image = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [back, front]), size: Size(width: 200, height: 200))
        #expect(isColor(image.pixel(x: 100, y: 100), 255, 0, 0))
    }

    @Test func imageContentFillsPerContentMode() {
        // 2×1 image: left red, right blue, stretched over 100×100.
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 255]
        var view = Scene.view(frame, nil)
        view.content = .image(ImageContent(width: 2, height: 1, rgba: pixels, contentMode: .scaleToFill))
        let image = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [view]), size: Size(width: 200, height: 200))
        #expect(isColor(image.pixel(x: Int(frame.minX) + 5, y: 110), 255, 0, 0, tolerance: 2))
        #expect(isColor(image.pixel(x: Int(frame.maxX) - 5, y: 110), 0, 0, 255, tolerance: 2))
        // Aspect fit: a 2:1 image in a square leaves the top quarter empty.
        view.content = .image(ImageContent(width: 2, height: 1, rgba: pixels, contentMode: .scaleAspectFit))
        let fitted = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [view]), size: Size(width: 200, height: 200))
        #expect(isWhite(fitted.pixel(x: Int(frame.minX) + 5, y: Int(frame.minY) + 10)))
        #expect(isColor(fitted.pixel(x: Int(frame.minX) + 5, y: Int(frame.midY)), 255, 0, 0, tolerance: 2))
    }

    @Test func snapshotContentScalesTheTree() {
        let tree = LayerSnapshot(bounds: Rect(x: 0, y: 0, width: 50, height: 50), position: Point(x: 999, y: 999),
                                 backgroundColor: Scene.blue,
                                 sublayers: [Scene.view(Rect(x: 0, y: 0, width: 25, height: 50), Scene.red)])
        var view = Scene.view(frame, nil)
        view.content = .snapshot(tree)
        let image = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [view]), size: Size(width: 200, height: 200))
        #expect(isColor(image.pixel(x: Int(frame.minX) + 45, y: 110), 255, 0, 0))
        #expect(isColor(image.pixel(x: Int(frame.minX) + 55, y: 110), 0, 0, 255))
        #expect(isWhite(image.pixel(x: Int(frame.maxX) + 1, y: 110)))
    }

    @Test func textDrawsInsideItsBounds() {
        var label = Scene.view(Rect(x: 20, y: 80, width: 160, height: 40), nil)
        label.content = .text(TextContent(text: "Hello", fontSize: 20, fontWeight: .bold, alignment: .center))
        let image = Rasterizer(scale: 1).render(Scene.canvas(200, 200, [label]), size: Size(width: 200, height: 200))
        var dark = 0
        for y in 80..<120 { for x in 20..<180 where image.pixel(x: x, y: y).r < 100 { dark += 1 } }
        #expect(dark > 50)
        #expect(isWhite(image.pixel(x: 25, y: 100)))
        var outside = 0
        for y in 0..<200 where y < 75 || y > 125 { for x in 0..<200 where image.pixel(x: x, y: y).r < 250 { outside += 1 } }
        #expect(outside == 0)
    }

    @Test func textLayoutWrapsAndTruncates() {
        let measure: (String) -> Double = { Double($0.count) * 10 }
        #expect(TextPainter.layout("aaa bbb ccc", width: 75, maximumLines: 0, measure: measure) == ["aaa bbb", "ccc"])
        #expect(TextPainter.layout("aaa bbb ccc", width: 75, maximumLines: 1, measure: measure) == ["aaa bb…"])
        #expect(TextPainter.layout("abcdefghij", width: 45, maximumLines: 5, measure: measure) == ["abcd", "efgh", "ij"])
        #expect(TextPainter.layout("one\ntwo", width: 500, maximumLines: 5, measure: measure) == ["one", "two"])
    }

    @Test func renderingIsDeterministic() throws {
        var label = Scene.view(Rect(x: 10, y: 10, width: 180, height: 40), Color(white: 0.9))
        label.content = .text(TextContent(text: "Deterministic text wraps", fontSize: 14, numberOfLines: 0))
        label.cornerRadius = 8
        label.shadowOpacity = 0.5
        let scene = Scene.canvas(200, 200, [label, Scene.view(frame, Scene.red)])
        let first = try PNGEncoder.encode(Rasterizer(scale: 2).render(scene, size: Size(width: 200, height: 200)))
        let second = try PNGEncoder.encode(Rasterizer(scale: 2).render(scene, size: Size(width: 200, height: 200)))
        #expect(first == second)
    }
}

/// Core Animation orders the sublayers of one layer by depth in their shared 3D space (under a
/// perspective sublayerTransform): VCTransitionsLibrary's flip turns its to-half towards the
/// viewer over a static half that comes later among the siblings, and the turning half shows.
@Suite struct DepthOrderTests {
    func flip(angle: Double) -> RasterImage {
        var perspective = Transform3D.identity
        perspective.m34 = -0.002
        // The turning half: anchored at its left edge (the centre line), turned about y.
        var turning = Scene.view(Rect(x: 100, y: 0, width: 100, height: 200), Scene.blue)
        turning.anchorPoint = Point(x: 0, y: 0.5)
        turning.position = Point(x: 100, y: 100)
        turning.transform = .rotation(angle, 0, 1, 0)
        // The static half, later in sibling order, flat.
        let still = Scene.view(Rect(x: 100, y: 0, width: 100, height: 200), Scene.red)
        var container = Scene.view(Rect(x: 0, y: 0, width: 200, height: 200), nil, sublayers: [turning, still])
        container.sublayerTransform = perspective
        return Rasterizer(scale: 1).render(Scene.canvas(200, 200, [container]), size: Size(width: 200, height: 200))
    }

    @Test func aLayerTurnedTowardsTheViewerDrawsOverAFlatSiblingAfterIt() {
        // −0.4 rad about y from the left edge brings the far edge towards the viewer (+z).
        let image = flip(angle: -0.4)
        #expect(isColor(image.pixel(x: 130, y: 100), 0, 0, 255, tolerance: 3))
        // VCTransitionsLibrary ends its turn at −0.001 rad so the half stays in front.
        #expect(isColor(flip(angle: -0.001).pixel(x: 150, y: 100), 0, 0, 255, tolerance: 3))
    }

    @Test func aLayerTurnedAwayStaysBehindAndFlatSiblingsKeepTheirOrder() {
        #expect(isColor(flip(angle: 0.4).pixel(x: 130, y: 100), 255, 0, 0, tolerance: 3))
        #expect(isColor(flip(angle: 0).pixel(x: 150, y: 100), 255, 0, 0, tolerance: 3))
    }

    /// Frames are drawn into buffers reused from frame to frame (FrameBuffers): what a buffer
    /// held never shows. A full red frame, then a translucent background with a small square:
    /// everywhere but the square is exactly the background, as in a frame drawn into fresh memory;
    /// and an opaque frame's words (OpaqueFrame) are its image's colours, a translucent one has none.
    @Test func reusedFrameBuffersNeverShowTheFrameBefore() {
        let size = Size(width: 40, height: 30)
        let red = Rasterizer(scale: 1, background: Color(red: 1, green: 0, blue: 0))
        let translucent = Rasterizer(scale: 1, background: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        let square = Scene.canvas(40, 30, [Scene.view(Rect(x: 10, y: 10, width: 5, height: 5), Scene.red)])
        for _ in 0..<(FrameBuffers.shared.limit + 2) { _ = red.render(Scene.canvas(40, 30, []), size: size) }
        let image = translucent.render(square, size: size)
        for (x, y) in [(0, 0), (39, 29), (20, 5)] {
            let p = image.pixel(x: x, y: y)
            #expect(p.r == 0 && p.g == 0 && p.b >= 254 && (127...128).contains(p.a), "the background at (\(x), \(y)): \(p)")
        }
        #expect(image.pixel(x: 12, y: 12) == (r: 255, g: 0, b: 0, a: 255))
        #expect(translucent.render(square, size: size) { $0.opaqueCopy() } == nil, "a translucent frame has no opaque words")
        let opaque = red.render(square, size: size) { frame in (frame.opaqueCopy(), frame.makeImage()) }
        #expect(opaque.0?.rasterImage().pixels == opaque.1.pixels)
    }
}

