import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua
@testable import TransitRender

// Scripts can set any finite number (and snapshots built in Swift any Double at all): a frame
// must never trap on one. Each case puts one layer with an absurd value under a small normal
// view (the witness) and renders; the frame has the canvas's size, and the witness still draws,
// so the absurd layer neither trapped nor left cairo in an error state that drops later drawing.

private let canvasSize = 100.0
/// The witness: a red square drawn after (over) the extreme layer.
private let witnessFrame = Rect(x: 70, y: 70, width: 20, height: 20)

private let extremes: [Double] = [1e300, -1e300, 1e18, -1e18, 1e9, -1e9, .greatestFiniteMagnitude,
                                  -.greatestFiniteMagnitude, 1e-300, -1e-300, .nan, .infinity, -.infinity]

/// A layer that exercises most of the painter: background, text, border, shadow.
private func baseLayer(content: LayerContent = .text(TextContent(text: "hello world", numberOfLines: 0))) -> LayerSnapshot {
    LayerSnapshot(bounds: Rect(x: 0, y: 0, width: 40, height: 40), position: Point(x: 30, y: 30),
                  backgroundColor: Scene.blue, cornerRadius: 4, borderWidth: 2, borderColor: Color(white: 0.5),
                  shadowOpacity: 0.5, shadowRadius: 3, content: content)
}

private func path(through points: [Point]) -> BezierPath {
    var path = BezierPath()
    path.move(to: points[0])
    for point in points.dropFirst() { path.addLine(to: point) }
    path.close()
    return path
}

private func perspective(_ m34: Double) -> Transform3D {
    var transform = Transform3D.identity
    transform.m34 = m34
    return transform
}

/// One way of putting an absurd value `v` into a layer.
private struct Mutation: CustomTestStringConvertible, Sendable {
    let name: String
    let make: @Sendable (Double) -> LayerSnapshot
    var testDescription: String { name }
}

private let mutations: [Mutation] = [
    Mutation(name: "bounds width") { v in var l = baseLayer(); l.bounds.size.width = v; return l },
    Mutation(name: "bounds height") { v in var l = baseLayer(); l.bounds.size.height = v; return l },
    Mutation(name: "bounds origin") { v in var l = baseLayer(); l.bounds.origin = Point(x: v, y: v); return l },
    Mutation(name: "position") { v in var l = baseLayer(); l.position = Point(x: v, y: -v); return l },
    Mutation(name: "anchorPoint") { v in var l = baseLayer(); l.anchorPoint = Point(x: v, y: v); return l },
    Mutation(name: "zPosition") { v in var l = baseLayer(); l.zPosition = v; return l },
    Mutation(name: "opacity") { v in var l = baseLayer(); l.opacity = v; return l },
    Mutation(name: "cornerRadius") { v in var l = baseLayer(); l.cornerRadius = v; return l },
    Mutation(name: "borderWidth") { v in var l = baseLayer(); l.borderWidth = v; return l },
    Mutation(name: "shadowRadius") { v in var l = baseLayer(); l.shadowRadius = v; return l },
    Mutation(name: "shadowOffset") { v in var l = baseLayer(); l.shadowOffset = Size(width: v, height: -v); return l },
    Mutation(name: "shadowOpacity") { v in var l = baseLayer(); l.shadowOpacity = v; return l },
    Mutation(name: "content shadow radius") { v in
        var l = baseLayer(); l.backgroundColor = nil; l.shadowOpacity = 1; l.shadowRadius = v; return l
    },
    Mutation(name: "content shadow offset") { v in
        var l = baseLayer(); l.backgroundColor = nil; l.shadowOpacity = 1; l.shadowOffset = Size(width: v, height: v); return l
    },
    Mutation(name: "tall content shadow") { v in
        var l = baseLayer(); l.backgroundColor = nil; l.shadowOpacity = 1; l.bounds.size.height = v; return l
    },
    Mutation(name: "colour components") { v in
        var l = baseLayer(); l.backgroundColor = Color(red: v, green: -v, blue: v, alpha: v)
        l.shadowColor = Color(red: v, green: v, blue: v, alpha: v); return l
    },
    Mutation(name: "affine scale") { v in var l = baseLayer(); l.transform = .scale(v, v, 1); return l },
    Mutation(name: "affine scale, one axis") { v in var l = baseLayer(); l.transform = .scale(v, 1, 1); return l },
    Mutation(name: "translation") { v in var l = baseLayer(); l.transform = .translation(v, v, v); return l },
    Mutation(name: "rotation angle") { v in var l = baseLayer(); l.transform = .rotation(v, 0, 0, 1); return l },
    Mutation(name: "m34") { v in var l = baseLayer(); l.transform = perspective(v).concatenating(.rotation(0.5, 0, 1, 0)); return l },
    Mutation(name: "m34 of a plain shape") { v in
        var l = baseLayer(content: .none); l.shadowOpacity = 0
        l.transform = perspective(v).concatenating(.rotation(0.5, 0, 1, 0)); return l
    },
    Mutation(name: "m44") { v in var l = baseLayer(); var t = Transform3D.identity; t.m44 = v; l.transform = t; return l },
    Mutation(name: "m14 and m24") { v in var l = baseLayer(); var t = Transform3D.identity; t.m14 = v; t.m24 = v; l.transform = t; return l },
    Mutation(name: "sublayerTransform m34") { v in
        var l = baseLayer(); var t = perspective(v); t.m11 = 0.5
        l.sublayers = [baseLayer()]; l.sublayerTransform = t; return l
    },
    Mutation(name: "font size") { v in
        baseLayer(content: .text(TextContent(text: "hello world", fontSize: v, numberOfLines: 0)))
    },
    Mutation(name: "numberOfLines") { v in
        baseLayer(content: .text(TextContent(text: "hello world again and again", numberOfLines: clampedInt(v, in: Int.min...Int.max))))
    },
    Mutation(name: "label height") { v in
        var l = baseLayer(); l.bounds.size.height = v; l.shadowOpacity = 0; return l
    },
    Mutation(name: "right-aligned label width") { v in
        var l = baseLayer(content: .text(TextContent(text: "hello", alignment: .right))); l.bounds.size.width = v; return l
    },
    Mutation(name: "centred label width") { v in
        var l = baseLayer(content: .text(TextContent(text: "hello", alignment: .center))); l.bounds.size.width = v; return l
    },
    Mutation(name: "image size") { v in
        let pixels = [UInt8](repeating: 200, count: 4 * 4 * 4)
        var l = baseLayer(content: .image(ImageContent(width: 4, height: 4, rgba: pixels, contentMode: .scaleAspectFit)))
        l.bounds.size = Size(width: v, height: 10); return l
    },
    Mutation(name: "centred image bounds") { v in
        let pixels = [UInt8](repeating: 200, count: 4 * 4 * 4)
        var l = baseLayer(content: .image(ImageContent(width: 4, height: 4, rgba: pixels, contentMode: .center)))
        l.bounds.origin = Point(x: v, y: 0); return l
    },
    Mutation(name: "image pixel count") { v in
        // Claimed dimensions that do not match the bytes are refused, not read past.
        let side = clampedInt(v, in: Int.min...Int.max)
        return baseLayer(content: .image(ImageContent(width: side, height: side, rgba: [1, 2, 3, 4])))
    },
    Mutation(name: "picture bounds") { v in
        let picture = Scene.view(Rect(x: 0, y: 0, width: v, height: 1e-300), Scene.blue)
        return baseLayer(content: .image(ImageContent(width: 1, height: 1, rgba: [], contentMode: .scaleAspectFill, picture: picture)))
    },
    Mutation(name: "snapshot bounds") { v in
        baseLayer(content: .snapshot(Scene.view(Rect(x: v, y: 0, width: 1 / v, height: 1e-300), Scene.blue)))
    },
    Mutation(name: "gradient points") { v in
        baseLayer(content: .gradient(GradientContent(colors: [Scene.red, Scene.blue], startPoint: Point(x: v, y: -v),
                                                     endPoint: Point(x: -v, y: v))))
    },
    Mutation(name: "radial gradient points") { v in
        baseLayer(content: .gradient(GradientContent(colors: [Scene.red, Scene.blue], startPoint: Point(x: 0.5, y: 0.5),
                                                     endPoint: Point(x: v, y: 1 / v), type: .radial)))
    },
    Mutation(name: "gradient locations") { v in
        baseLayer(content: .gradient(GradientContent(colors: [Scene.red, Scene.blue, Scene.red], locations: [v, -v, v])))
    },
    Mutation(name: "shape points") { v in
        baseLayer(content: .shape(ShapeContent(path: path(through: [Point(x: 0, y: 0), Point(x: v, y: 0), Point(x: v, y: v)]),
                                               strokeColor: Scene.red, lineWidth: 3, lineDashPattern: [4, 2])))
    },
    Mutation(name: "shape line width") { v in
        baseLayer(content: .shape(ShapeContent(path: path(through: [Point(x: 0, y: 0), Point(x: 30, y: 0), Point(x: 30, y: 30)]),
                                               strokeColor: Scene.red, lineWidth: v)))
    },
    Mutation(name: "shape dashes") { v in
        baseLayer(content: .shape(ShapeContent(path: path(through: [Point(x: 0, y: 0), Point(x: 30, y: 0), Point(x: 30, y: 30)]),
                                               strokeColor: Scene.red, lineDashPattern: [v, 1 / v, v])))
    },
    Mutation(name: "shape stroke trim") { v in
        baseLayer(content: .shape(ShapeContent(path: path(through: [Point(x: 0, y: 0), Point(x: v, y: 0), Point(x: 30, y: 30)]),
                                               strokeColor: Scene.red, strokeStart: -v, strokeEnd: v)))
    },
    Mutation(name: "backdrop radius") { v in baseLayer(content: .backdrop(BackdropContent(radius: v, tint: Color(white: 1, alpha: 0.3)))) },
    Mutation(name: "backdrop over a scaled layer") { v in
        var l = baseLayer(content: .backdrop(BackdropContent(radius: 20, tint: Color(white: 1, alpha: 0.3))))
        l.transform = .scale(v, 1 / v, 1); return l
    },
    Mutation(name: "mask bounds") { v in
        var l = baseLayer(); l.mask = Scene.view(Rect(x: 0, y: 0, width: v, height: v), Scene.red); return l
    },
    Mutation(name: "masked shadow radius") { v in
        var l = baseLayer(); l.shadowRadius = v; l.mask = Scene.view(Rect(x: 0, y: 0, width: 20, height: 20), Scene.red); return l
    },
    Mutation(name: "clipped sublayer") { v in
        var l = baseLayer(); l.masksToBounds = true
        l.sublayers = [Scene.view(Rect(x: -v, y: -v, width: 2 * v, height: v), Scene.red)]; return l
    },
    Mutation(name: "status bar bounds") { v in
        var l = baseLayer(content: .statusBar(StatusBarContent(glyphs: .dark, layout: .island))); l.bounds.size.width = v; return l
    },
]

/// A second witness, for text: black letters on white. Cairo shares one FreeType face between
/// all contexts, and a glyph FreeType cannot make (a label under a 1e18 scale) used to break it
/// for every font size not yet cached, in every later frame: so each case draws its letters at
/// a size of its own.
private let textWitnessFrame = Rect(x: 5, y: 70, width: 60, height: 25)

private func textWitness(size: Double) -> LayerSnapshot {
    var layer = Scene.view(textWitnessFrame, Color(white: 1))
    layer.content = .text(TextContent(text: "WWW", fontSize: size, color: Color(white: 0)))
    return layer
}

/// Pixels of the text witness that are nearly black.
private func textWitnessInk(_ image: RasterImage, scale: Double) -> Int {
    var count = 0
    for y in Int(textWitnessFrame.minY * scale)..<Int(textWitnessFrame.maxY * scale) {
        for x in Int(textWitnessFrame.minX * scale)..<Int(textWitnessFrame.maxX * scale) {
            let p = image.pixel(x: x, y: y)
            if p.r < 80 && p.g < 80 && p.b < 80 { count += 1 }
        }
    }
    return count
}

private func render(_ extreme: LayerSnapshot, scale: Double = 1, witnessFontSize: Double = 14) -> RasterImage {
    let witness = Scene.view(witnessFrame, Scene.red)
    let root = Scene.canvas(canvasSize, canvasSize, [extreme, witness, textWitness(size: witnessFontSize)])
    return Rasterizer(scale: scale, shadowCache: nil).render(root, size: Size(width: canvasSize, height: canvasSize))
}

@Suite struct ExtremeNumberRenderTests {
    @Test(arguments: mutations, extremes)
    fileprivate func anExtremeValueNeitherTrapsNorSpoilsTheFrame(_ mutation: Mutation, _ value: Double) {
        // A font size no other case uses (between 12 and 16 points), so a broken font face shows.
        let key = "\(mutation.name) \(value)".unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) % 4000 }
        for scale in [1.0, 2.0] {
            let image = render(mutation.make(value), scale: scale, witnessFontSize: 12 + Double(key) / 1000 + scale / 10_000)
            let side = Int(canvasSize * scale)
            #expect(image.width == side && image.height == side, "at @\(scale)")
            let centre = Int(witnessFrame.midX * scale)
            #expect(isColor(image.pixel(x: centre, y: centre), 255, 0, 0), "at @\(scale): the witness did not draw")
            #expect(textWitnessInk(image, scale: scale) > 20, "at @\(scale): the text witness did not draw")
        }
    }
}

/// Renders a Lua scene on the 200×200 test screen at 0.1 s.
private func renderScene(_ source: String) throws -> RasterImage {
    let (trees, size) = try sceneSnapshots(source + "\ntransit.wait(0.1)\n", at: [0.1])
    return Rasterizer(scale: 1, shadowCache: nil).render(try #require(trees.first), size: size)
}

/// Nearly black pixels in the rectangle (text ink).
private func ink(_ image: RasterImage, in rect: Rect) -> Int {
    var count = 0
    for y in Int(rect.minY)..<Int(rect.maxY) {
        for x in Int(rect.minX)..<Int(rect.maxX) {
            let p = image.pixel(x: x, y: y)
            if p.r < 80 && p.g < 80 && p.b < 80 { count += 1 }
        }
    }
    return count
}

/// What scripts reported, and what the absurd values should look like.
@Suite struct ExtremeScriptRenderTests {
    /// `Int(height / lineHeight)` trapped: the line count of a label 1e300 points tall. Its one
    /// line is centred 5e299 points down, so the frame is the frame without the label.
    @Test func aLabelOf1e300PointsTallRendersAsIfAway() throws {
        let label = "local l = UILabel.new(); l.frame = CGRect(0, 0, 100, 1e300); l.text = \"hello\"\n"
            + "transit.window:addSubview(l)\n"
        let image = try renderScene(label)
        let empty = try renderScene("")
        #expect(image.width == 200 && image.height == 200)
        #expect(image.pixels == empty.pixels)
        // The same label at a normal height does draw, so the comparison above can fail.
        let normal = try renderScene(label.replacingOccurrences(of: "1e300", with: "40"))
        #expect(ink(normal, in: Rect(x: 0, y: 0, width: 100, height: 40)) > 20)
    }

    /// The box blur's radius for sigma 1e300 trapped. A shadow that wide is spread too thin to
    /// see; the text itself still draws.
    @Test func aTextShadowOfRadius1e300DrawsTheTextOnly() throws {
        let script = """
            local l = UILabel.new(); l.frame = CGRect(0, 0, 100, 40); l.text = "hello"
            l.layer.shadowOpacity = 1; l.layer.shadowRadius = RADIUS
            transit.window:addSubview(l)
            """
        let image = try renderScene(script.replacingOccurrences(of: "RADIUS", with: "1e300"))
        let plain = try renderScene(script.replacingOccurrences(of: "l.layer.shadowOpacity = 1; l.layer.shadowRadius = RADIUS", with: ""))
        #expect(image.width == 200 && image.height == 200)
        #expect(ink(image, in: Rect(x: 0, y: 0, width: 100, height: 40)) > 20)
        #expect(image.pixels == plain.pixels)
    }

    /// A band 2e9 points wide, turned by 0.2 rad about its centre (50, 50): its outline reaches
    /// past cairo's fixed-point range, where cairo drew nothing of it (or filled the canvas),
    /// so it is clipped to the canvas first. The band keeps its place and slope.
    @Test func aHugeTurnedRectIsClippedToTheCanvas() throws {
        var band = Scene.view(Rect(x: 50 - 1e9, y: 40, width: 2e9, height: 20), Scene.blue)
        band.transform = .rotation(0.2, 0, 0, 1)
        let image = render(band)
        #expect(image.width == 100 && image.height == 100)
        // Centre line y = 50 + (x − 50)·tan 0.2, half-height 10 / cos 0.2 ≈ 10.2.
        for (x, y) in [(50, 50), (0, 40), (99, 60), (10, 35)] { #expect(isColor(image.pixel(x: x, y: y), 0, 0, 255), "(\(x), \(y))") }
        for (x, y) in [(50, 35), (50, 65), (0, 55), (99, 45)] { #expect(isWhite(image.pixel(x: x, y: y)), "(\(x), \(y))") }
    }

    /// A view scaled by 1e9 with rounded corners covers the canvas; its corners, 2e10 pixels
    /// away, do not show (cairo_arc on them never finished).
    @Test func aViewScaledBy1e9CoversTheCanvas() throws {
        var layer = Scene.view(Rect(x: 10, y: 10, width: 40, height: 40), Scene.blue)
        layer.cornerRadius = 10
        layer.transform = .scale(1e9, 1e9, 1)
        let image = render(layer)
        for (x, y) in [(0, 0), (99, 0), (0, 99), (50, 50), (60, 99)] {
            #expect(isColor(image.pixel(x: x, y: y), 0, 0, 255), "(\(x), \(y))")
        }
    }

    /// A corner radius of 1e300 on a view 2e7 points a side is half the side: the view is a
    /// circle 1e7 points in radius, its top passing through (50, 50). Drawn as chords clipped to
    /// the canvas (cairo_arc never finished on it), it still shows as an edge at y = 50.
    @Test func aHugeCornerRadiusKeepsTheCurveInTheCanvas() throws {
        let radius = 1e7
        var layer = Scene.view(Rect(x: 50 - radius, y: 50, width: 2 * radius, height: 2 * radius), Scene.blue)
        layer.cornerRadius = 1e300
        let image = render(layer)
        for x in [0, 50, 99] {
            #expect(isWhite(image.pixel(x: x, y: 48)), "x = \(x)")
            #expect(isColor(image.pixel(x: x, y: 52), 0, 0, 255), "x = \(x)")
        }
    }

    /// A border wider than the view fills it, as Core Animation draws it.
    @Test func aHugeBorderWidthFillsTheView() throws {
        var layer = Scene.view(Rect(x: 10, y: 10, width: 40, height: 40), Scene.blue)
        layer.borderWidth = 1e300
        layer.borderColor = Color(red: 0, green: 1, blue: 0)
        let image = render(layer)
        for (x, y) in [(11, 11), (30, 30), (48, 48)] { #expect(isColor(image.pixel(x: x, y: y), 0, 255, 0)) }
        #expect(isWhite(image.pixel(x: 55, y: 30)))
    }
}
