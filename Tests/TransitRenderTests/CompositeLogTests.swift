import Foundation
import Testing
import TransitCore
@testable import TransitRender

/// What a Rasterizer holding a CompositeLog records for the render floor (docs/performance/render.md,
/// "The render floor, effect by effect"): a painted layer is one image of its on-screen size,
/// a faded subtree a group, a 3D layer an offscreen and its projection; and recording changes no pixel.
@Suite struct CompositeLogTests {
    static func tree() -> LayerSnapshot {
        var card = Scene.view(Rect(x: 10, y: 20, width: 50, height: 40), Scene.red)
        card.transform = Transform3D.scale(2, 2, 1)  // on screen 100 × 80
        var faded = Scene.view(Rect(x: 100, y: 100, width: 30, height: 30), Scene.blue,
                               sublayers: [Scene.view(Rect(x: 5, y: 5, width: 10, height: 10), Scene.red)])
        faded.opacity = 0.5
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        var turned = Scene.view(Rect(x: 40, y: 150, width: 60, height: 40), Scene.blue,
                                sublayers: [Scene.view(Rect(x: 0, y: 0, width: 30, height: 20), Scene.red)])
        turned.transform = Transform3D.rotation(0.6, 0, 1, 0)
        var stage = Scene.view(Rect(x: 0, y: 0, width: 200, height: 200), nil, sublayers: [turned])
        stage.sublayerTransform = perspective
        return Scene.canvas(200, 200, [card, faded, stage])
    }

    @Test func eachPaintedLayerGroupAndProjectionIsRecordedWithItsSize() throws {
        let log = CompositeLog()
        var rasterizer = Rasterizer(scale: 1, background: Color(white: 0))
        rasterizer.compositeLog = log
        let recorded = rasterizer.render(Self.tree(), size: Size(width: 200, height: 200))
        let plain = Rasterizer(scale: 1, background: Color(white: 0)).render(Self.tree(), size: Size(width: 200, height: 200))
        #expect(recorded.pixels == plain.pixels, "recording changes no pixel")

        let frame = try #require(log.frames.first)
        #expect(log.counts == (1, frame.count))
        let images = frame.compactMap { operation -> (Int, Int, Double)? in
            if case .image(let w, let h, _, let alpha, _) = operation { return (w, h, alpha) }
            return nil
        }
        #expect(images.contains { $0.0 == 100 && $0.1 == 80 && $0.2 == 1 }, "the scaled card: its on-screen size, \(images)")
        #expect(images.contains { $0.0 == 30 && $0.1 == 30 }, "the faded view, drawn in its group")
        let offscreens = frame.filter { if case .offscreen = $0 { return true }; return false }.count
        let composites = frame.filter { if case .composite(let alpha, _) = $0 { return alpha == 0.5 }; return false }.count
        let projections = frame.compactMap { operation -> Bool? in
            if case .project(_, _, _, _, _, let fromOffscreen) = operation { return fromOffscreen }
            return nil
        }
        #expect(offscreens == 2, "the faded group and the turned layer's flat offscreen")
        #expect(composites == 1, "the group painted back at its opacity")
        #expect(projections == [true], "the turned layer's offscreen, projected once")
    }

    @Test func theFloorReplaysARecordedRun() throws {
        let log = CompositeLog()
        var rasterizer = Rasterizer(scale: 1, background: Color(white: 0))
        rasterizer.compositeLog = log
        for _ in 0..<3 { _ = rasterizer.render(Self.tree(), size: Size(width: 200, height: 200)) }
        var ticks = 0.0
        let seconds = try RenderFloor.seconds(replaying: log, width: 200, height: 200) { ticks += 1; return ticks }
        #expect(seconds == 1, "timed once around the whole replay")
        #expect(throws: RenderError.self) { try RenderFloor.seconds(replaying: CompositeLog(), width: 200, height: 200) { 0 } }
    }
}
