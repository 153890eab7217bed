import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua
@testable import TransitRender

/// Runs a scene and rasterizes the window at the given times.
private func render(_ source: String, at times: [Double], scale: Double = 1) throws -> [RasterImage] {
    let (trees, size) = try sceneSnapshots(source, at: times)
    let rasterizer = Rasterizer(scale: scale, background: Color(white: 0))
    return trees.map { rasterizer.render($0, size: size) }
}

@Suite struct SceneRenderTests {
    @Test func animatedRedViewLandsOnItsFinalFrame() throws {
        let frames = try render("""
            local vc = UIViewController.new{ backgroundColor = UIColor.white }
            transit.window.rootViewController = vc
            local red = UIView.new{ frame = CGRect(0, 0, 40, 40), backgroundColor = UIColor.red }
            vc.view:addSubview(red)
            UIView.animate(0.5, function() red.frame = CGRect(120, 100, 40, 40) end)
            transit.wait(1)
            """, at: [1.0])
        let image = try #require(frames.first)
        let inside = image.pixel(x: 140, y: 120), outside = image.pixel(x: 20, y: 20), edge = image.pixel(x: 118, y: 120)
        #expect(inside.r == 255 && inside.g == 0 && inside.b == 0)
        #expect(outside.r == 255 && outside.g == 255 && outside.b == 255)
        #expect(edge.g == 255)
    }

    @Test func halfTurnOfASingleSidedViewIsInvisiblePastNinetyDegrees() throws {
        let frames = try render("""
            local vc = UIViewController.new{ backgroundColor = UIColor.white }
            transit.window.rootViewController = vc
            local card = UIView.new{ frame = CGRect(50, 50, 100, 100), backgroundColor = UIColor.blue }
            card.layer.isDoubleSided = false
            vc.view:addSubview(card)
            UIView.animate{ duration = 1, options = { "curveLinear" }, animations = function()
              card.layer.transform = CATransform3D.rotation(math.pi, 0, 1, 0)
            end }
            transit.wait(1)
            """, at: [0.25, 0.75])
        // At 45° the card shows; at 135° its back faces the viewer and it is culled.
        #expect(frames[0].pixel(x: 100, y: 100).b == 255)
        let back = frames[1].pixel(x: 100, y: 100)
        #expect(back.r == 255 && back.g == 255 && back.b == 255)
    }

    @Test func halfAlphaOverWhiteBlendsHalfway() throws {
        let frames = try render("""
            local vc = UIViewController.new{ backgroundColor = UIColor.white }
            transit.window.rootViewController = vc
            local view = UIView.new{ frame = CGRect(0, 0, 100, 100), backgroundColor = UIColor.black }
            view.alpha = 0.5
            vc.view:addSubview(view)
            transit.wait(0.1)
            """, at: [0.1])
        let pixel = frames[0].pixel(x: 50, y: 50)
        #expect(abs(Int(pixel.r) - 128) <= 1 && pixel.r == pixel.g && pixel.g == pixel.b)
    }

    @Test func gifOfARunHasOneFramePerSampleAndDelaysThatAddUp() throws {
        let times = (0..<31).map { Double($0) / 30 }
        let frames = try render("""
            local vc = UIViewController.new{ backgroundColor = UIColor.white }
            transit.window.rootViewController = vc
            transit.wait(1)
            """, at: times)
        let delays = GIFEncoder.frameDelays(count: frames.count, fps: 30)
        let bytes = try GIFEncoder.encode(frames: frames, delaysInCentiseconds: delays)
        let decoded = try GIFDecoder.decode(bytes)
        #expect(decoded.frames.count == 31)
        #expect(decoded.delays == delays)
        #expect(delays.reduce(0, +) == Int((31.0 * 100 / 30).rounded()))
        #expect(try GIFEncoder.encode(frames: frames, delaysInCentiseconds: delays) == bytes)
    }
}

@Suite struct ContentShadowTests {
    /// Apple's CustomPresentation wraps its rounded view in a view with no background whose layer
    /// has the shadow: the shadow must follow the wrapped content.
    @Test func aLayerWithoutBackgroundCastsTheShadowOfItsContents() throws {
        let frames = try render("""
            local vc = UIViewController.new{ backgroundColor = UIColor.white }
            transit.window.rootViewController = vc
            local wrapper = UIView.new{ frame = CGRect(50, 50, 100, 100) }
            wrapper.layer.shadowOpacity = 1
            wrapper.layer.shadowRadius = 4
            wrapper.layer.shadowOffset = CGSize(0, 20)
            wrapper:addSubview(UIView.new{ frame = CGRect(0, 0, 100, 100), backgroundColor = UIColor.red })
            vc.view:addSubview(wrapper)
            transit.wait(0.1)
            """, at: [0.1])
        let image = try #require(frames.first)
        // Below the red square by the offset: shadow (dark); far away: white; inside: red.
        let shadow = image.pixel(x: 100, y: 160), clear = image.pixel(x: 100, y: 190), inside = image.pixel(x: 100, y: 100)
        #expect(shadow.r < 100 && shadow.g < 100)
        #expect(clear.r == 255 && clear.g == 255)
        #expect(inside.r == 255 && inside.g == 0)
    }
}
