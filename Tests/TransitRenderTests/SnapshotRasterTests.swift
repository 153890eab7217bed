import Testing
import TransitCore
@testable import TransitRender

/// Snapshot views are drawn as UIKit shows them: a bitmap of the view's bounds taken once at the
/// screen's scale, which every use samples (docs/semantics.md, "Snapshots are bitmaps").
@Suite struct SnapshotRasterTests {
    /// A screen cut into pieces the way explode and checkerboard do it: clipping views, each
    /// holding a snapshot of one snapshot view shifted so its square shows, some turned and faded.
    private let pieces = """
        local vc = UIViewController.new{ backgroundColor = UIColor.white }
        transit.window.rootViewController = vc
        local source = UIView.new{ frame = CGRect(0, 0, 200, 200), backgroundColor = UIColor.systemTeal }
        source:addSubview(UILabel.new{ frame = CGRect(10, 80, 180, 40), text = "Snapshot", fontSize = 30 })
        source:addSubview(UIView.new{ frame = CGRect(20, 20, 60, 40), backgroundColor = UIColor.red })
        vc.view:addSubview(source)
        transit.wait(0.05)
        local snapshot = source:snapshotView(true)
        source:removeFromSuperview()
        for row = 0, 3 do
          for column = 0, 3 do
            local piece = UIView.new{ frame = CGRect(column * 50, row * 50, 50, 50), clipsToBounds = true }
            local picture = snapshot:snapshotView(false)
            picture.frame = CGRect(-column * 50, -row * 50, 200, 200)
            piece:addSubview(picture)
            vc.view:addSubview(piece)
            piece.center = CGPoint(piece.center.x + column * 7.3, piece.center.y + row * 5.1)
            piece.transform = CGAffineTransform.rotation((row - column) * 0.2)
            piece.alpha = 1 - row * 0.2
          end
        end
        transit.wait(0.1)
        """

    @Test func aRenderWithTheCacheIsPixelIdenticalToOneWithout() throws {
        let (trees, size) = try sceneSnapshots(pieces, at: [0.15])
        let tree = try #require(trees.first)
        let cache = SnapshotRasterCache()
        let cached = Rasterizer(scale: 2, snapshotCache: cache)
        let first = cached.render(tree, size: size), second = cached.render(tree, size: size)
        let uncached = Rasterizer(scale: 2, snapshotCache: nil).render(tree, size: size)
        #expect(first.pixels == uncached.pixels)
        #expect(second.pixels == uncached.pixels)
        // Sixteen pieces, each a snapshot of one unchanged snapshot view: they share its tree,
        // found by identity (two entries: that tree and the source's inside it), drawn once.
        let statistics = cache.statistics
        #expect(statistics.entries == 2, "\(statistics)")
        #expect(statistics.misses <= 2, "\(statistics)")
        #expect(statistics.hits >= 30, "\(statistics)")
    }

    /// UIKit's snapshot is an image of the view's bounds: a subview hanging outside the view is
    /// not in it, though it shows on the view itself (which does not clip).
    @Test func aSnapshotHoldsOnlyTheViewsBounds() throws {
        let (trees, size) = try sceneSnapshots("""
            local vc = UIViewController.new{ backgroundColor = UIColor.white }
            transit.window.rootViewController = vc
            local source = UIView.new{ frame = CGRect(20, 20, 60, 60), backgroundColor = UIColor.blue }
            source:addSubview(UIView.new{ frame = CGRect(50, 0, 40, 20), backgroundColor = UIColor.red })
            vc.view:addSubview(source)
            transit.wait(0.05)
            local snapshot = source:snapshotView(true)
            snapshot.frame = CGRect(20, 150, 60, 60)
            vc.view:addSubview(snapshot)
            transit.wait(0.1)
            """, at: [0.1])
        let image = Rasterizer(scale: 1).render(try #require(trees.first), size: size)
        #expect(isColor(image.pixel(x: 85, y: 25), 255, 0, 0), "the live view's overhanging subview shows")
        #expect(isColor(image.pixel(x: 75, y: 155), 255, 0, 0), "inside the bounds, the snapshot has it")
        #expect(isColor(image.pixel(x: 85, y: 155), 255, 255, 255), "outside them, it does not")
    }
}
