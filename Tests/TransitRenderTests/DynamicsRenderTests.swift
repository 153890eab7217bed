import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua
@testable import TransitRender

// A UISnapBehavior seen in pixels: a red 40 × 40 view snapped from (30, 30) to (160, 160) on a 200 × 200 screen on
// white is red where it starts, then red only on the diagonal between the two points, then red
// on the snap point once at rest (docs/semantics.md, "UIKit Dynamics").
@Suite struct DynamicsRenderTests {
    @Test func aSnappedViewLeavesItsPlaceAlongTheDiagonalAndRestsOnTheSnapPoint() throws {
        let (trees, size) = try sceneSnapshots("""
            local vc = UIViewController.new{ backgroundColor = UIColor.white }
            transit.window.rootViewController = vc
            local red = UIView.new{ frame = CGRect(10, 10, 40, 40), backgroundColor = UIColor.red }
            vc.view:addSubview(red)
            local animator = UIDynamicAnimator(vc.view)
            transit.wait(0.5)
            animator:addBehavior(UISnapBehavior(red, CGPoint(160, 160)))
            transit.wait(3)
            """, at: [0.5, 0.55, 3.5])
        let rasterizer = Rasterizer(scale: 1, background: Color(white: 0))
        let frames = trees.map { rasterizer.render($0, size: size) }
        func isRed(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool { isColor(image.pixel(x: x, y: y), 255, 0, 0) }
        // The red pixels' centroid.
        func centroid(_ image: RasterImage) -> (x: Double, y: Double, count: Int) {
            var sx = 0.0, sy = 0.0, n = 0
            for y in 0..<Int(size.height) { for x in 0..<Int(size.width) where isRed(image, x, y) { sx += Double(x); sy += Double(y); n += 1 } }
            return (sx / Double(max(n, 1)), sy / Double(max(n, 1)), n)
        }
        #expect(isRed(frames[0], 30, 30) && !isRed(frames[0], 160, 160))
        let mid = centroid(frames[1])
        #expect(mid.count > 1000)
        // Mid-flight it has left both places, its middle on the diagonal towards the snap point.
        #expect(!isRed(frames[1], 30, 30) && !isRed(frames[1], 160, 160))
        #expect(mid.x > 52 && mid.x < 138 && abs(mid.x - mid.y) < 2)
        #expect(isRed(frames[2], 160, 160) && isRed(frames[2], 142, 142) && isRed(frames[2], 178, 178) && !isRed(frames[2], 30, 30))
        #expect(!isRed(frames[2], 137, 160) && !isRed(frames[2], 183, 160))
    }
}
