import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua
@testable import TransitRender

/// Runs a scene on the 200×200 screen and rasterizes the window at the given times (scale 1).
private func render(_ source: String, at times: [Double]) throws -> [RasterImage] {
    let (trees, size) = try sceneSnapshots(source, at: times)
    let rasterizer = Rasterizer(scale: 1, background: Color(white: 0))
    return trees.map { rasterizer.render($0, size: size) }
}

/// A screen whose left half is black and right half white: a sharp edge at x = 100.
private let blackAndWhite = """
    local vc = UIViewController.new{ backgroundColor = UIColor.white }
    transit.window.rootViewController = vc
    vc.view:addSubview(UIView.new{ frame = CGRect(0, 0, 100, 200), backgroundColor = UIColor.black })
    """

@Suite struct BlurTests {
    /// The effect view covers (50, 50)–(150, 150) across the edge. The thin material's tint is
    /// a quarter of a near-white (247) over the blur: it darkens white by 2 levels at most, so
    /// more darkening of the white side is black carried over the edge by the blur.
    @Test func blurMixesTheEdgeBehindItAndLeavesEverythingElseAlone() throws {
        let frames = try render(blackAndWhite + """
            local fx = UIVisualEffectView{ effect = UIBlurEffect{ style = "systemUltraThinMaterial" } }
            fx.frame = CGRect(50, 50, 100, 100)
            vc.view:addSubview(fx)
            transit.wait(0.1)
            """, at: [0.1])
        let image = try #require(frames.first)
        let whiteNearEdge = image.pixel(x: 104, y: 100), blackNearEdge = image.pixel(x: 96, y: 100)
        let blackFarFromEdge = image.pixel(x: 55, y: 100)
        #expect(whiteNearEdge.r < 200, "white next to the edge takes in black: \(whiteNearEdge)")
        #expect(blackNearEdge.r > blackFarFromEdge.r + 30, "black next to the edge takes in white: \(blackNearEdge) vs \(blackFarFromEdge)")
        // Outside the effect view nothing changes, even within the blur's reach.
        #expect(isColor(image.pixel(x: 96, y: 45), 0, 0, 0))
        #expect(isColor(image.pixel(x: 104, y: 45), 255, 255, 255))
        #expect(isColor(image.pixel(x: 45, y: 100), 0, 0, 0))
        #expect(isColor(image.pixel(x: 155, y: 100), 255, 255, 255))
        #expect(isColor(image.pixel(x: 104, y: 155), 255, 255, 255))
    }

    /// Inside a half-transparent container (drawn as a group, clipped, so its surface is offset)
    /// the blur still takes in the screen behind: the group's alpha then cross-fades it.
    @Test func effectInsideAFadedContainerStillBlursTheScreenBehind() throws {
        let frames = try render(blackAndWhite + """
            local container = UIView.new{ frame = CGRect(40, 40, 120, 120), alpha = 0.5, clipsToBounds = true }
            vc.view:addSubview(container)
            local fx = UIVisualEffectView{ effect = UIBlurEffect{ style = "systemUltraThinMaterial" } }
            fx.frame = CGRect(10, 10, 100, 100)
            container:addSubview(fx)
            transit.wait(0.1)
            """, at: [0.1])
        let image = frames[0]
        // Half of the blurred value (about 182) over white: about 218; the group alone holds
        // no black to blur, which would leave about 254.
        #expect(image.pixel(x: 104, y: 100).r < 235, "\(image.pixel(x: 104, y: 100))")
        #expect(isColor(image.pixel(x: 104, y: 45), 255, 255, 255))
        #expect(isColor(image.pixel(x: 96, y: 45), 0, 0, 0))
    }

    /// What the faded container drew before the effect view is behind it too.
    @Test func effectInsideAFadedContainerBlursWhatTheContainerDrew() throws {
        let frames = try render("""
            local vc = UIViewController.new{ backgroundColor = UIColor.white }
            transit.window.rootViewController = vc
            local container = UIView.new{ frame = CGRect(20, 20, 160, 160), alpha = 0.5, clipsToBounds = true }
            container:addSubview(UIView.new{ frame = CGRect(0, 0, 80, 160), backgroundColor = UIColor.black })
            vc.view:addSubview(container)
            local fx = UIVisualEffectView{ effect = UIBlurEffect{ style = "systemUltraThinMaterial" } }
            fx.frame = CGRect(30, 30, 100, 100)
            container:addSubview(fx)
            transit.wait(0.1)
            """, at: [0.1])
        // The container's black reaches 4 points past its edge (x = 100): about 182 in the
        // group, 218 over the white screen; without it, white blurred stays about 254.
        #expect(frames[0].pixel(x: 104, y: 100).r < 235, "\(frames[0].pixel(x: 104, y: 100))")
    }

    @Test func effectAnimatedToNilMixesLessAndLessUntilNothing() throws {
        let frames = try render(blackAndWhite + """
            local fx = UIVisualEffectView{ effect = UIBlurEffect{ style = "systemUltraThinMaterial" } }
            fx.frame = CGRect(50, 50, 100, 100)
            vc.view:addSubview(fx)
            transit.wait(0.1)
            UIView.animate{ duration = 1, options = { "curveLinear" }, animations = function() fx.effect = nil end }
            transit.wait(1.5)
            """, at: [0.1, 0.35, 0.6, 0.85, 1.5])
        // How much black reached a white pixel 4 points right of the edge.
        let mixing = frames.map { 255 - Int($0.pixel(x: 104, y: 100).r) }
        #expect(mixing[0] > 0)
        for index in 1..<mixing.count {
            #expect(mixing[index] < mixing[index - 1], "mixing \(mixing) must fall while the effect goes")
        }
        #expect(mixing.last == 0)
        #expect(isColor(frames.last!.pixel(x: 96, y: 100), 0, 0, 0), "no tint is left either")
    }

    @Test func effectAnimatedBackBlursAgain() throws {
        let frames = try render(blackAndWhite + """
            local fx = UIVisualEffectView.new{ frame = CGRect(50, 50, 100, 100) }
            vc.view:addSubview(fx)
            transit.wait(0.1)
            UIView.animate(1, function() fx.effect = UIBlurEffect{ style = "dark" } end)
            transit.wait(1.5)
            """, at: [0.1, 1.5])
        #expect(isColor(frames[0].pixel(x: 104, y: 100), 255, 255, 255), "without an effect nothing is blurred")
        #expect(frames[1].pixel(x: 104, y: 100).r < 200)
    }

    @Test func blurredFramesAreTheSameBytesEveryTime() throws {
        let scene = blackAndWhite + """
            local fx = UIVisualEffectView{ effect = UIBlurEffect{ style = "regular" } }
            fx.frame = CGRect(20, 30, 150, 120)
            fx.layer.cornerRadius = 12
            vc.view:addSubview(fx)
            transit.wait(0.1)
            """
        let first = try render(scene, at: [0.1]), second = try render(scene, at: [0.1])
        #expect(first[0].pixels == second[0].pixels)
    }

    @Test func absurdGeometryIsDrawnOrSkippedWithoutTrapping() throws {
        let frames = try render(blackAndWhite + """
            local huge = UIVisualEffectView{ effect = UIBlurEffect{ style = "dark" } }
            huge.frame = CGRect(-1e8, -1e8, 1e9, 1e9)
            huge.transform = CGAffineTransform.scale(1e6, 1e-6)
            vc.view:addSubview(huge)
            local tiny = UIVisualEffectView{ effect = UIBlurEffect{ style = "light" } }
            tiny.frame = CGRect(10, 10, 1e-9, 1e-9)
            vc.view:addSubview(tiny)
            local image = UIGraphicsImageRenderer{ size = CGSize(16384, 1e-3) }:image(function()
              vc.view:drawHierarchy(CGRect(-1e12, 0, 1e15, 1), false)
            end)
            vc.view:addSubview(UIImageView.new{ image = image, frame = CGRect(0, 0, 50, 50) })
            transit.wait(0.1)
            """, at: [0.1])
        #expect(frames.count == 1)
    }

    @Test func aUniformBackdropStaysUniform() {
        // Edges extend the border pixels: blurring one colour gives that colour everywhere.
        let colour: UInt32 = 0xFF40_8020
        var pixels = [UInt32](repeating: colour, count: 37 * 23)
        BackdropBlur.blur(&pixels, width: 37, height: 23, sigma: 6)
        #expect(pixels.allSatisfy { $0 == colour })
    }

    @Test func snapshotImageShowsTheViewAsItWasWhenTaken() throws {
        let frames = try render("""
            local vc = UIViewController.new{ backgroundColor = UIColor.white }
            transit.window.rootViewController = vc
            local card = UIView.new{ frame = CGRect(10, 10, 80, 80), backgroundColor = UIColor.red }
            vc.view:addSubview(card)
            local image = UIGraphicsImageRenderer{ size = CGSize(80, 80) }:image(function(context)
              card:drawHierarchy(card.bounds, true)
            end)
            card.backgroundColor = UIColor.blue
            vc.view:addSubview(UIImageView.new{ image = image, frame = CGRect(110, 110, 80, 80) })
            transit.wait(0.1)
            """, at: [0.1])
        #expect(isColor(frames[0].pixel(x: 50, y: 50), 0, 0, 255), "the view changed")
        #expect(isColor(frames[0].pixel(x: 150, y: 150), 255, 0, 0), "its image did not")
    }

    @Test func olderImageContextFunctionsMakeTheSamePicture() throws {
        let frames = try render("""
            local vc = UIViewController.new{ backgroundColor = UIColor.white }
            transit.window.rootViewController = vc
            local card = UIView.new{ frame = CGRect(0, 0, 40, 40), backgroundColor = UIColor.green }
            vc.view:addSubview(card)
            UIGraphicsBeginImageContextWithOptions(CGSize(80, 40), true, 0)
            card:drawHierarchy(CGRect(0, 0, 40, 40), false)
            local image = UIGraphicsGetImageFromCurrentImageContext()
            UIGraphicsEndImageContext()
            card:removeFromSuperview()
            vc.view:addSubview(UIImageView.new{ image = image, frame = CGRect(100, 100, 80, 40) })
            transit.wait(0.1)
            """, at: [0.1])
        #expect(isColor(frames[0].pixel(x: 110, y: 120), 0, 255, 0), "the view drawn in the left half")
        #expect(isColor(frames[0].pixel(x: 170, y: 120), 0, 0, 0), "an opaque context starts black")
        #expect(isColor(frames[0].pixel(x: 20, y: 20), 255, 255, 255), "the view itself is gone")
    }

    /// The source: red left half, blue right half of a 100×100 view at (0, 0).
    private let halves = """
        local vc = UIViewController.new{ backgroundColor = UIColor.white }
        transit.window.rootViewController = vc
        local source = UIView.new{ frame = CGRect(0, 0, 100, 100) }
        source:addSubview(UIView.new{ frame = CGRect(0, 0, 50, 100), backgroundColor = UIColor.red })
        source:addSubview(UIView.new{ frame = CGRect(50, 0, 50, 100), backgroundColor = UIColor.blue })
        vc.view:addSubview(source)
        """

    @Test func resizableSnapshotShowsOnlyItsRect() throws {
        let frames = try render(halves + """
            local snapshot = source:resizableSnapshotView(CGRect(50, 20, 50, 60), false)
            snapshot.frame = CGRect(120, 120, 50, 60)
            vc.view:addSubview(snapshot)
            transit.wait(0.1)
            """, at: [0.1])
        let image = frames[0]
        #expect(isColor(image.pixel(x: 122, y: 122), 0, 0, 255))
        #expect(isColor(image.pixel(x: 167, y: 177), 0, 0, 255))
        #expect(isColor(image.pixel(x: 172, y: 150), 255, 255, 255), "nothing past the rect's width")
        #expect(isColor(image.pixel(x: 150, y: 182), 255, 255, 255), "nothing past the rect's height")
    }

    @Test func resizableSnapshotKeepsItsCapsWhenStretched() throws {
        // A 20-point red cap on the left of a 40-point rect (red 30–50, blue 50–70), stretched
        // to 100 points: the cap stays 20 wide, the middle stretches.
        let frames = try render(halves + """
            local snapshot = source:resizableSnapshotView(CGRect(30, 0, 40, 100), false, { left = 20 })
            vc.view:addSubview(snapshot)
            snapshot.frame = CGRect(100, 100, 100, 100)
            transit.wait(0.1)
            """, at: [0.1])
        let image = frames[0]
        #expect(isColor(image.pixel(x: 102, y: 150), 255, 0, 0))
        #expect(isColor(image.pixel(x: 117, y: 150), 255, 0, 0))
        #expect(isColor(image.pixel(x: 123, y: 150), 0, 0, 255), "the middle (blue) starts after the cap")
        #expect(isColor(image.pixel(x: 197, y: 150), 0, 0, 255))
    }
}
