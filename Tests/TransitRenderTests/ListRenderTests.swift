import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua
@testable import TransitRender

/// A zoom from a collection view's cell, rendered to PNG mid-animation: the cell's snapshot
/// grows from the cell's frame in the container to the whole screen. The expected rect comes
/// from Apple's flow layout rules and the ease-in curve's control points, computed here.
@Suite struct ListRenderTests {
    /// CAMediaTimingFunction easeIn: the cubic Bézier (0.42, 0), (1, 1); the progress at a
    /// time fraction, by bisection on x (independent of Transit's solver).
    private func easeIn(_ t: Double) -> Double {
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if bezier(mid, 0.42, 1) < t { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, 0, 1)
    }

    @Test func aCellZoomsToFullScreenAlongTheCurve() throws {
        // 200 × 200 screen. Items 50 × 50, spacing 10: 3 fit a line (170 ≤ 200), the 50 left
        // over makes gaps of 25, so columns at x = 0, 75, 150 and lines every 60. Item 5 is
        // line 2, column 2: (75, 60); with the content scrolled 20 up it shows at (75, 40).
        let (trees, size) = try sceneSnapshots("""
            local green, grey = UIColor(0, 1, 0, 1), UIColor(0.5, 0.5, 0.5, 1)
            Grid = UICollectionViewController:subclass("Grid")
            function Grid:viewDidLoad() self.collectionView:register(UICollectionViewCell, "c") end
            function Grid:numberOfItemsInSection() return 30 end
            function Grid:cellForItemAt(cv, path)
              local cell = cv:dequeueReusableCell("c", path)
              cell.contentView.backgroundColor = path.item == 5 and green or grey
              return cell
            end
            Zoom = NSObject:subclass("Zoom")
            function Zoom:transitionDuration() return 1 end
            function Zoom:animateTransition(ctx)
              local container = ctx.containerView
              local cv = ctx:viewController("from").collectionView
              local cell = cv:cellForItem(cv.indexPathsForSelectedItems[1])
              local snapshot = cell:snapshotView(false)
              snapshot.frame = cell:convert(cell.bounds, container)
              container:addSubview(snapshot)
              UIView.animate{ duration = 1, options = { "curveEaseIn" }, animations = function()
                snapshot.frame = container.bounds
              end, completion = function()
                snapshot:removeFromSuperview()
                container:addSubview(ctx:view("to"))
                ctx:completeTransition(true)
              end }
            end
            function Grid:didSelectItemAt(cv, path)
              local detail = UIViewController.new{ backgroundColor = UIColor(1, 0, 0, 1) }
              detail.modalPresentationStyle = "fullScreen"
              detail.transitioningDelegate = { animationControllerForPresented = function() return Zoom.new() end }
              self:present(detail, true)
            end
            vc = Grid.new{ collectionViewLayout = UICollectionViewFlowLayout.new() }
            transit.window.rootViewController = vc
            transit.wait(0.1)
            vc.collectionView.contentOffset = CGPoint(0, 20)
            transit.wait(0.1)
            transit.touch.tap{ at = CGPoint(100, 65) }
            transit.wait(2)
            """, at: [0.75])
        // The tap goes down at 0.2 s and lifts 0.05 s later (transit.touch.tap), when the item is
        // selected and the zoom begins: it runs from 0.25 s to 1.25 s, so 0.75 s is halfway.
        let p = easeIn(0.5)
        let start = Rect(x: 75, y: 40, width: 50, height: 50), end = Rect(x: 0, y: 0, width: 200, height: 200)
        let expected = Rect(x: start.x + (end.x - start.x) * p, y: start.y + (end.y - start.y) * p,
                            width: start.width + (end.width - start.width) * p, height: start.height + (end.height - start.height) * p)
        let image = Rasterizer(scale: 1, background: Color(white: 0)).render(try #require(trees.first), size: size)
        let png = try PNGDecoder.decode(try PNGEncoder.encode(image))
        func isGreen(_ x: Double, _ y: Double) -> Bool {
            let pixel = png.pixel(x: Int(x), y: Int(y))
            return pixel.g > 200 && pixel.r < 60 && pixel.b < 60
        }
        // Inside, 2 pt in from each edge: the snapshot of the green cell.
        for (x, y) in [(expected.minX + 2, expected.minY + 2), (expected.maxX - 3, expected.minY + 2),
                       (expected.minX + 2, expected.maxY - 3), (expected.maxX - 3, expected.maxY - 3), (expected.midX, expected.midY)] {
            #expect(isGreen(x, y), "inside at (\(x), \(y))")
        }
        // Outside, 2 pt beyond each edge: the grid behind (white gaps, grey cells), not green.
        for (x, y) in [(expected.minX - 3, expected.midY), (expected.maxX + 2, expected.midY),
                       (expected.midX, expected.minY - 3), (expected.midX, expected.maxY + 2)] {
            #expect(!isGreen(x, y), "outside at (\(x), \(y))")
        }
        // Not the start or the end: the curve moved it (easeIn is slow at first).
        #expect(p > 0.25 && p < 0.5)
    }
}
