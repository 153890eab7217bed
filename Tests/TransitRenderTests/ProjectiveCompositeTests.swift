import CCairo
import CProjection
import Foundation
import Testing
import TransitCore
@testable import TransitRender

/// CProjection's one-pass projective composite against a reference computed here in plain Swift
/// doubles: each pixel's coverage the exact area of the pixel's square inside the projected quad
/// (the source rectangle cut to the part in front of the eye and on the canvas, projected, then
/// cut to the square); its colour the source sampled bilinearly at the pixel centre's preimage,
/// solved back to the source plane by Cramer's rule (not the adjugate the compositor uses);
/// composited OVER the background.
@Suite struct ProjectiveCompositeTests {
    static let background: UInt32 = 0xFF40_6080  // opaque, (64, 96, 128)

    /// A small raster of distinct colours, some translucent (premultiplied).
    static func source(width: Int = 8, height: Int = 6, opaque: Bool = false) -> [UInt32] {
        (0..<(width * height)).map { index in
            let x = index % width, y = index / width
            let a: UInt32 = opaque || (x + y) % 3 != 0 ? 255 : 128
            let r = UInt32(x * 255 / max(1, width - 1)) * a / 255, g = UInt32(y * 255 / max(1, height - 1)) * a / 255
            let b = UInt32((x * 37 + y * 91) % 256) * a / 255
            return a << 24 | r << 16 | g << 8 | b
        }
    }

    struct Canvas {
        var pixels: [UInt32]
        let width: Int, height: Int
        init(_ width: Int, _ height: Int) {
            self.width = width
            self.height = height
            pixels = Array(repeating: ProjectiveCompositeTests.background, count: width * height)
        }
        subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }
    }

    /// Runs the compositor; returns the number of pixels it says it changed.
    @discardableResult
    static func composite(_ canvas: inout Canvas, clip: (Int, Int, Int, Int)? = nil, source: [UInt32], width: Int, height: Int,
                          mapping: [Double], opacity: Double = 1, scalar: Bool = false) -> Int64 {
        let rect = clip.map { transit_pixel_rect(x0: Int32($0.0), y0: Int32($0.1), x1: Int32($0.2), y1: Int32($0.3)) }
            ?? transit_pixel_rect(x0: 0, y0: 0, x1: Int32(canvas.width), y1: Int32(canvas.height))
        let (canvasWidth, canvasHeight) = (canvas.width, canvas.height)
        return canvas.pixels.withUnsafeMutableBufferPointer { target in
            source.withUnsafeBufferPointer { pixels in
                mapping.withUnsafeBufferPointer { h in
                    (scalar ? transit_project_scalar : transit_project)(transit_canvas(pixels: target.baseAddress, width: Int32(canvasWidth), height: Int32(canvasHeight),
                                                   stride: Int32(canvasWidth * 4)),
                                    rect, transit_raster(pixels: pixels.baseAddress, width: Int32(width), height: Int32(height),
                                                         stride: Int32(width * 4)),
                                    h.baseAddress, opacity)
                }
            }
        }
    }

    /// Source pixel space → target: the source (width × height pixels, shown `size` target pixels
    /// per source pixel) centred on the origin, turned `degrees` about the vertical axis, pushed
    /// `depth` away (and first rolled `roll` degrees in its plane), seen with perspective m34 = -1/`eye`, then moved to `centre`.
    static func mapping(width: Int, height: Int, size: Double, degrees: Double, roll: Double = 0, depth: Double = 0,
                        eye: Double = 500, centre: (Double, Double)) -> [Double] {
        var perspective = Transform3D.identity
        perspective.m34 = -1 / eye
        let m = Transform3D.translation(-Double(width) / 2, -Double(height) / 2, 0)
            .concatenating(.scale(size, size, 1))
            .concatenating(.rotation(roll * .pi / 180, 0, 0, 1))
            .concatenating(.rotation(degrees * .pi / 180, 0, 1, 0))
            .concatenating(.translation(0, 0, depth))
            .concatenating(perspective)
            .concatenating(.translation(centre.0, centre.1, 0))
        let h = Homography(flattening: m)
        return [h.h11, h.h12, h.h13, h.h21, h.h22, h.h23, h.h31, h.h32, h.h33]
    }

    /// Where target point (X, Y) comes from on the source plane, and its w; nil when the
    /// mapping's 2 × 2 system there is singular.
    static func preimage(_ h: [Double], _ X: Double, _ Y: Double) -> (x: Double, y: Double, w: Double)? {
        // X (h2 x + h5 y + h8) = h0 x + h3 y + h6, likewise Y: two linear equations in x, y.
        let a11 = h[0] - X * h[2], a12 = h[3] - X * h[5], b1 = X * h[8] - h[6]
        let a21 = h[1] - Y * h[2], a22 = h[4] - Y * h[5], b2 = Y * h[8] - h[7]
        let determinant = a11 * a22 - a12 * a21
        guard determinant != 0, determinant.isFinite else { return nil }
        let x = (b1 * a22 - a12 * b2) / determinant, y = (a11 * b2 - b1 * a21) / determinant
        return (x, y, h[2] * x + h[5] * y + h[8])
    }

    typealias Vertex = (x: Double, y: Double)

    /// The part of a convex polygon where a x + b y + c ≥ 0.
    static func cut(_ polygon: [Vertex], _ a: Double, _ b: Double, _ c: Double) -> [Vertex] {
        var kept: [Vertex] = []
        for (index, p) in polygon.enumerated() {
            let q = polygon[(index + 1) % polygon.count]
            let fp = a * p.x + b * p.y + c, fq = a * q.x + b * q.y + c
            if fp >= 0 { kept.append(p) }
            if (fp >= 0) != (fq >= 0) {
                let t = fp / (fp - fq)
                kept.append((p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)))
            }
        }
        return kept
    }

    /// The quad as it shows on a canvas of `size`: the source rectangle cut, in the source plane,
    /// to w > 0 and to the canvas (X ≥ 0 as X - 0·w ≥ 0, ...), then projected.
    static func visibleQuad(_ h: [Double], width: Int, height: Int, canvas: (Int, Int)) -> [Vertex] {
        let (cw, ch) = (Double(canvas.0), Double(canvas.1))
        var quad: [Vertex] = [(0, 0), (Double(width), 0), (Double(width), Double(height)), (0, Double(height))]
        quad = cut(quad, h[2], h[5], h[8] - 1e-12)
        quad = cut(quad, h[0], h[3], h[6])
        quad = cut(quad, cw * h[2] - h[0], cw * h[5] - h[3], cw * h[8] - h[6])
        quad = cut(quad, h[1], h[4], h[7])
        quad = cut(quad, ch * h[2] - h[1], ch * h[5] - h[4], ch * h[8] - h[7])
        return quad.map { p in
            let w = h[2] * p.x + h[5] * p.y + h[8]
            return ((h[0] * p.x + h[3] * p.y + h[6]) / w, (h[1] * p.x + h[4] * p.y + h[7]) / w)
        }
    }

    static func coverage(_ quad: [Vertex], x: Int, y: Int) -> Double {
        guard quad.count >= 3 else { return 0 }
        var square = cut(quad, 1, 0, -Double(x))
        square = cut(square, -1, 0, Double(x + 1))
        square = cut(square, 0, 1, -Double(y))
        square = cut(square, 0, -1, Double(y + 1))
        guard square.count >= 3 else { return 0 }
        var twice = 0.0
        for (index, p) in square.enumerated() {
            let q = square[(index + 1) % square.count]
            twice += p.x * q.y - q.x * p.y
        }
        return abs(twice) / 2
    }

    /// (a, r, g, b) of premultiplied `source` sampled bilinearly at source point (x, y), edge pixels extended.
    static func sample(_ source: [UInt32], width: Int, height: Int, _ x: Double, _ y: Double) -> [Double] {
        let sx = min(max(x - 0.5, 0), Double(width - 1)), sy = min(max(y - 0.5, 0), Double(height - 1))
        let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let fx = sx - Double(x0), fy = sy - Double(y0)
        func channels(_ p: UInt32) -> [Double] { [24, 16, 8, 0].map { Double((p >> UInt32($0)) & 255) } }
        let p00 = channels(source[y0 * width + x0]), p10 = channels(source[y0 * width + x1])
        let p01 = channels(source[y1 * width + x0]), p11 = channels(source[y1 * width + x1])
        return (0..<4).map { c in
            (p00[c] * (1 - fx) + p10[c] * fx) * (1 - fy) + (p01[c] * (1 - fx) + p11[c] * fx) * fy
        }
    }

    static func channels(_ p: UInt32) -> [Int] { [24, 16, 8, 0].map { Int((p >> UInt32($0)) & 255) } }

    /// The reference pixel: the centre's sample times opacity and coverage, OVER the background.
    static func reference(_ h: [Double], quad: [Vertex], x: Int, y: Int, source: [UInt32], width: Int, height: Int,
                          opacity: Double) -> (pixel: [Double], coverage: Double) {
        let cover = min(1, coverage(quad, x: x, y: y))
        let back = channels(background).map(Double.init)
        guard cover > 0, let p = preimage(h, Double(x) + 0.5, Double(y) + 0.5) else { return (back, cover) }
        let s = sample(source, width: width, height: height, p.x, p.y).map { $0 * opacity * cover }
        let keep = 1 - s[0] / 255
        return ((0..<4).map { s[$0] + back[$0] * keep }, cover)
    }

    /// Compares every pixel with the reference: untouched where the quad does not reach, within
    /// 3 levels where the pixel and its neighbours are covered whole (the compositor's fixed
    /// point: sample positions in 1/256 pixel, up to a level between neighbours 255 apart, as this
    /// source has; opacity in 1/256 steps; four roundings of half a level); each pixel's coverage (an
    /// opaque white source on black) within 2/255 of the exact area; and the SSE2 loop's bytes
    /// equal to the scalar code's, which other architectures run.
    static func checkAgainstReference(_ h: [Double], width: Int = 8, height: Int = 6, canvasSize: (Int, Int) = (120, 90),
                                      opacity: Double = 1, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let source = source(width: width, height: height)
        let quad = visibleQuad(h, width: width, height: height, canvas: canvasSize)
        var canvas = Canvas(canvasSize.0, canvasSize.1)
        composite(&canvas, source: source, width: width, height: height, mapping: h, opacity: opacity)
        var scalar = Canvas(canvasSize.0, canvasSize.1)
        composite(&scalar, source: source, width: width, height: height, mapping: h, opacity: opacity, scalar: true)
        #expect(canvas.pixels == scalar.pixels, "SSE2 and scalar loops differ", sourceLocation: sourceLocation)

        let white = [UInt32](repeating: 0xFFFF_FFFF, count: width * height)
        var black = Canvas(canvasSize.0, canvasSize.1)
        black.pixels = Array(repeating: 0xFF00_0000, count: black.pixels.count)
        composite(&black, source: white, width: width, height: height, mapping: h, opacity: 1)

        var coverages = [Double](repeating: 0, count: canvas.width * canvas.height)
        var worstInterior = 0, worstCoverage = 0.0, untouchedViolations = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let cover = min(1, coverage(quad, x: x, y: y))
                coverages[y * canvas.width + x] = cover
                if cover == 0 && canvas[x, y] != background { untouchedViolations += 1 }
                worstCoverage = max(worstCoverage, abs(Double(black[x, y] & 255) / 255 - cover))
            }
        }
        for y in 1..<(canvas.height - 1) {
            for x in 1..<(canvas.width - 1) {
                let interior = (-1...1).allSatisfy { dy in (-1...1).allSatisfy { dx in coverages[(y + dy) * canvas.width + x + dx] > 1 - 1e-9 } }
                guard interior else { continue }
                let (expected, _) = reference(h, quad: quad, x: x, y: y, source: source, width: width, height: height, opacity: opacity)
                let difference = zip(channels(canvas[x, y]), expected).map { abs(Double($0) - $1) }.max()!
                worstInterior = max(worstInterior, Int(difference.rounded(.up)))
            }
        }
        #expect(untouchedViolations == 0, "pixels changed that the quad does not reach: \(untouchedViolations)", sourceLocation: sourceLocation)
        #expect(worstInterior <= 3, "worst interior difference \(worstInterior) levels", sourceLocation: sourceLocation)
        #expect(worstCoverage <= 2.0 / 255, "worst coverage difference \(worstCoverage * 255) levels", sourceLocation: sourceLocation)
        #expect(coverages.contains { $0 > 0 }, "the quad shows", sourceLocation: sourceLocation)
    }

    @Test func anAffineQuadMatchesTheReference() {
        // No perspective: a 10× enlargement moved off the grid by a fraction.
        Self.checkAgainstReference([10, 0, 0, 0, 10, 0, 20.3, 15.7, 1])
        Self.checkAgainstReference([10, 0, 0, 0, 10, 0, 20.3, 15.7, 1], opacity: 0.4)
    }

    @Test func perspectiveQuadsMatchTheReference() {
        for degrees in [25.0, 60, -70, 120] {
            Self.checkAgainstReference(Self.mapping(width: 8, height: 6, size: 11, degrees: degrees, centre: (60, 45)))
        }
        // Rotated about the line of sight too: every edge slanted.
        Self.checkAgainstReference(Self.mapping(width: 8, height: 6, size: 9, degrees: 50, roll: 30, centre: (60, 45)), opacity: 0.7)
    }

    @Test func aQuadPartlyBehindTheEyeShowsOnlyItsFrontPart() {
        // Turned 80° and pushed to within 40 points of the eye: the near edge is behind it.
        let h = Self.mapping(width: 8, height: 6, size: 12, degrees: 80, depth: 460, eye: 500, centre: (60, 45))
        let nearW = h[2] * 8 + h[5] * 0 + h[8], farW = h[8]
        #expect((nearW > 0) != (farW > 0), "one side of the quad is behind the eye (w \(nearW), \(farW))")
        Self.checkAgainstReference(h)
    }

    @Test func aQuadWhollyBehindTheEyeDrawsNothing() {
        let h = Self.mapping(width: 8, height: 6, size: 10, degrees: 10, depth: 600, eye: 500, centre: (60, 45))
        var canvas = Canvas(120, 90)
        let changed = Self.composite(&canvas, source: Self.source(), width: 8, height: 6, mapping: h)
        #expect(changed == 0)
        #expect(canvas.pixels.allSatisfy { $0 == Self.background })
    }

    @Test func edgeOnAndDegenerateQuadsDrawAtMostTheirSliver() {
        // Exactly edge-on: the quad collapses onto a line, nothing shows.
        var canvas = Canvas(120, 90)
        #expect(Self.composite(&canvas, source: Self.source(), width: 8, height: 6, mapping: [0, 0, 0, 0, 10, 0, 60, 15, 1]) == 0)
        #expect(canvas.pixels.allSatisfy { $0 == Self.background })
        // A singular mapping with perspective: every point onto one line through the centre.
        #expect(Self.composite(&canvas, source: Self.source(), width: 8, height: 6, mapping: [1, 1, 0.01, 2, 2, 0.02, 60, 60, 1]) == 0)
        #expect(canvas.pixels.allSatisfy { $0 == Self.background })
        // Nearly edge-on: a sliver a fraction of a pixel wide, compared with the reference.
        Self.checkAgainstReference(Self.mapping(width: 8, height: 6, size: 10, degrees: 89.8, centre: (60, 45)))
    }

    @Test func hugeAndTinyQuads() {
        // A million times enlarged: the whole canvas shows a fraction of one source pixel.
        Self.checkAgainstReference([1e6, 0, 0, 0, 1e6, 0, -3.9e6, -2.9e6, 1])
        // A millionth of a pixel: nothing visible.
        var canvas = Canvas(120, 90)
        Self.composite(&canvas, source: Self.source(), width: 8, height: 6, mapping: [1e-6, 0, 0, 0, 1e-6, 0, 60.5, 45.5, 1])
        let changed = zip(canvas.pixels, [UInt32](repeating: Self.background, count: canvas.pixels.count))
            .map { zip(Self.channels($0), Self.channels($1)).map { abs($0 - $1) }.max()! }.max()!
        #expect(changed <= 1)
        // The same quads with the mapping multiplied through by 1e-300 and 1e300 (homogeneous:
        // the same image).
        for factor in [1e-300, 1e290] {
            let h = Self.mapping(width: 8, height: 6, size: 11, degrees: 40, centre: (60, 45))
            var plain = Canvas(120, 90), scaled = Canvas(120, 90)
            Self.composite(&plain, source: Self.source(), width: 8, height: 6, mapping: h)
            Self.composite(&scaled, source: Self.source(), width: 8, height: 6, mapping: h.map { $0 * factor })
            #expect(plain.pixels == scaled.pixels, "scaled by \(factor)")
        }
    }

    /// Every number a script could push into a mapping: nothing traps, nothing is written outside
    /// the clip, and every pixel stays valid premultiplied colour (no channel above alpha).
    @Test func extremeNumbersNeverTrapOrCorrupt() {
        let values: [Double] = [0, 1, -1, 1e-300, -1e-300, 1e300, -1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
                                .infinity, -.infinity, .nan, 500, -0.002]
        var generator = SeededGenerator(seed: 34)
        let source = Self.source()
        for round in 0..<400 {
            var h = Self.mapping(width: 8, height: 6, size: 10, degrees: Double(round % 180), centre: (60, 45))
            for _ in 0..<(1 + round % 3) { h[Int.random(in: 0..<9, using: &generator)] = values.randomElement(using: &generator)! }
            var canvas = Canvas(120, 90)
            Self.composite(&canvas, clip: (10, 10, 100, 80), source: source, width: 8, height: 6, mapping: h,
                           opacity: [0, 0.5, 1, 7, -1, .nan][round % 6])
            for y in 0..<canvas.height {
                for x in 0..<canvas.width {
                    let p = Self.channels(canvas[x, y])
                    if !(10..<100).contains(x) || !(10..<80).contains(y) {
                        #expect(canvas[x, y] == Self.background, "written outside the clip with \(h)")
                    }
                    #expect(p[1] <= p[0] && p[2] <= p[0] && p[3] <= p[0], "not premultiplied at \(x),\(y) with \(h)")
                }
            }
        }
        // Sizes and strides that cannot be read draw nothing.
        var canvas = Canvas(120, 90)
        let h = Self.mapping(width: 8, height: 6, size: 10, degrees: 30, centre: (60, 45))
        for (width, height) in [(0, 6), (8, 0), (-8, 6), (8, -6)] {
            #expect(Self.composite(&canvas, source: source, width: width, height: height, mapping: h) == 0)
        }
        #expect(canvas.pixels.allSatisfy { $0 == Self.background })
    }

    @Test func aClipRectangleLimitsTheCompositeAndChangesNothingInside() {
        let h = Self.mapping(width: 8, height: 6, size: 11, degrees: 55, centre: (60, 45))
        var whole = Canvas(120, 90), clipped = Canvas(120, 90)
        Self.composite(&whole, source: Self.source(), width: 8, height: 6, mapping: h)
        Self.composite(&clipped, clip: (40, 20, 70, 60), source: Self.source(), width: 8, height: 6, mapping: h)
        var outside = 0, worstInside = 0
        for y in 0..<90 {
            for x in 0..<120 {
                if (40..<70).contains(x) && (20..<60).contains(y) {
                    worstInside = max(worstInside, zip(Self.channels(whole[x, y]), Self.channels(clipped[x, y])).map { abs($0 - $1) }.max()!)
                } else if clipped[x, y] != Self.background {
                    outside += 1
                }
            }
        }
        #expect(outside == 0)
        #expect(worstInside <= 1, "inside the clip the composite is the unclipped one (rounding aside): \(worstInside)")
        #expect(whole.pixels != clipped.pixels, "the quad reaches beyond the clip, so clipping changes something")
    }

    /// Through cairo: written in place under a clip of whole-pixel rectangles, through a scratch
    /// image under any other clip; the two give the same pixels where both apply, and a rounded
    /// clip keeps its outside untouched.
    @Test func inPlaceAndScratchPathsAgree() throws {
        let sourcePixels = Self.source(width: 8, height: 6)
        let mapping = Homography(flattening: Transform3D.translation(-4, -3, 0).concatenating(.scale(11, 11, 1))
            .concatenating(.rotation(0.9, 0, 1, 0))
            .concatenating({ var p = Transform3D.identity; p.m34 = -1.0 / 500; return p }())
            .concatenating(.translation(60, 45, 0)))
        func render(_ clip: (OpaquePointer) -> Void) -> [UInt32] {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 120, 90)!
            defer { cairo_surface_destroy(surface) }
            let context = cairo_create(surface)!
            cairo_set_source_rgb(context, 0.25, 0.375, 0.5)
            cairo_paint(context)
            clip(context)
            sourcePixels.withUnsafeBufferPointer { pixels in
                ProjectiveComposite.draw(ProjectionSource(pixels: pixels.baseAddress!, width: 8, height: 6, stride: 32),
                                         mapping: mapping, opacity: 0.8, context: context)
            }
            if cairo_get_group_target(context) != surface {
                cairo_pop_group_to_source(context)
                cairo_paint(context)
            }
            cairo_destroy(context)
            cairo_surface_flush(surface)
            let data = cairo_image_surface_get_data(surface)!
            return (0..<(120 * 90)).map { UnsafeRawPointer(data).load(fromByteOffset: $0 * 4, as: UInt32.self) }
        }
        // A whole-pixel clip: cairo lists it as a rectangle, so it is written in place.
        let inPlace = render { cairo_rectangle($0, 30, 10, 60, 70); cairo_clip($0) }
        // The same inside a group cairo pushed: in place on the group's surface, whose origin is
        // the clip's corner (the device offset).
        let inGroup = render { context in
            cairo_rectangle(context, 30, 10, 60, 70)
            cairo_clip(context)
            cairo_push_group(context)
        }
        // The rectangle and a triangle in a far corner the quad does not reach: a path, not
        // rectangles, so the scratch path, then cairo under the clip.
        let throughScratch = render { context in
            cairo_rectangle(context, 30, 10, 60, 70)
            cairo_move_to(context, 0, 0)
            cairo_line_to(context, 5, 0)
            cairo_line_to(context, 0, 5)
            cairo_close_path(context)
            cairo_clip(context)
        }
        #expect(inPlace == inGroup)
        #expect(inPlace == throughScratch)
        #expect(inPlace.contains { $0 != 0xFF40_6080 }, "the quad is drawn")
        // A circle: nothing outside it changes.
        let circled = render { context in
            cairo_arc(context, 60, 45, 20, 0, 2 * .pi)
            cairo_clip(context)
        }
        var outside = 0
        for y in 0..<90 {
            for x in 0..<120 where hypot(Double(x) + 0.5 - 60, Double(y) + 0.5 - 45) > 21 && circled[y * 120 + x] != 0xFF40_6080 {
                outside += 1
            }
        }
        #expect(outside == 0)
        #expect(circled != inPlace)
    }
}
