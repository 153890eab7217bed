import Foundation
import Testing
import TransitCore
@testable import TransitRender

// The shadow cache must be invisible in the pixels: every render through it equals the render
// that blurs from scratch, whatever was cached before, and however many threads share it.
@Suite struct ShadowCacheTests {
    static let size = Size(width: 240, height: 200)

    /// A white card with a soft shadow, like the default scene's Message card.
    static func card(_ frame: Rect = Rect(x: 40, y: 40, width: 150, height: 110), cornerRadius: Double = 14,
                     shadowRadius: Double = 10, offset: Size = Size(width: 0, height: 4),
                     color: Color = Color(white: 0), opacity: Double = 1, layerOpacity: Double = 1) -> LayerSnapshot {
        var card = Scene.view(frame, Color(white: 1))
        card.cornerRadius = cornerRadius
        card.shadowRadius = shadowRadius
        card.shadowOffset = offset
        card.shadowColor = color
        card.shadowOpacity = opacity
        card.opacity = layerOpacity
        return Scene.canvas(size.width, size.height, [card])
    }

    static func render(_ tree: LayerSnapshot, scale: Double = 1, cache: ShadowCache?) -> RasterImage {
        Rasterizer(scale: scale, background: Color(red: 0.9, green: 0.92, blue: 0.95), shadowCache: cache)
            .render(tree, size: size)
    }

    @Test func cachedShadowIsPixelIdenticalToABlurFromScratch() {
        let cache = ShadowCache()
        let tree = Self.card()
        let uncached = Self.render(tree, cache: nil)
        let first = Self.render(tree, cache: cache)
        let second = Self.render(tree, cache: cache)
        #expect(cache.statistics.misses == 1)
        #expect(cache.statistics.hits == 1)
        #expect(first == uncached)
        #expect(second == uncached)
        // The shadow is really there: below the card it is darker than the background.
        #expect(uncached.pixel(x: 115, y: 154).r < Self.render(Self.card(opacity: 0), cache: nil).pixel(x: 115, y: 154).r)
    }

    /// Each variant changes one thing the shadow depends on; rendered through a cache that holds
    /// the original card's shadow, it must equal its own uncached render.
    @Test(arguments: [
        ("wider shape", card(Rect(x: 40, y: 40, width: 160, height: 110)), 1.0, true),
        ("moved half a pixel", card(Rect(x: 40.5, y: 40, width: 150, height: 110)), 1.0, true),
        ("moved a whole pixel", card(Rect(x: 41, y: 40, width: 150, height: 110)), 1.0, false),
        ("corner radius", card(cornerRadius: 4), 1.0, true),
        ("shadow radius", card(shadowRadius: 6), 1.0, true),
        ("shadow offset", card(offset: Size(width: 3, height: 4)), 1.0, true),
        ("scale 2", card(), 2.0, true),
        ("colour", card(color: Color(red: 0.8, green: 0.1, blue: 0.1)), 1.0, false),
        ("shadow opacity", card(opacity: 0.3), 1.0, false),
        ("layer opacity", card(layerOpacity: 0.5), 1.0, false),
    ])
    func aDifferentShadowIsNeverServedFromTheCache(_ name: String, _ tree: LayerSnapshot, _ scale: Double, _ newMask: Bool) {
        let cache = ShadowCache()
        _ = Self.render(Self.card(), cache: cache)
        let missesBefore = cache.statistics.misses
        let cached = Self.render(tree, scale: scale, cache: cache)
        #expect(cached == Self.render(tree, scale: scale, cache: nil), "\(name)")
        // Shape, radius, scale and sub-pixel position make a new mask; colour and opacities are
        // applied when the mask is painted, so they reuse it (and still match, above).
        #expect((cache.statistics.misses > missesBefore) == newMask, "\(name)")
    }

    @Test func theCacheStaysWithinItsBounds() {
        let cache = ShadowCache(byteLimit: 200_000, entryLimit: 3)
        for step in 0..<12 {
            _ = Self.render(Self.card(Rect(x: 40, y: 40, width: 100 + Double(step) * 5, height: 110)), cache: cache)
            let statistics = cache.statistics
            #expect(statistics.entries <= 3)
            #expect(statistics.bytes <= 200_000)
        }
        // The most recent shadow is still there; the oldest is gone.
        let before = cache.statistics
        _ = Self.render(Self.card(Rect(x: 40, y: 40, width: 155, height: 110)), cache: cache)
        #expect(cache.statistics.hits == before.hits + 1)
        _ = Self.render(Self.card(Rect(x: 40, y: 40, width: 100, height: 110)), cache: cache)
        #expect(cache.statistics.misses == before.misses + 1)
    }

    @Test func framesRenderedConcurrentlyThroughOneCacheMatchTheUncachedRenders() {
        let trees = (0..<24).map { index in
            Self.card(Rect(x: 40 + Double(index % 4) * 0.25, y: 40, width: 150, height: 110),
                      layerOpacity: 0.2 + Double(index % 6) * 0.15)
        }
        let expected = trees.map { Self.render($0, cache: nil) }
        let cache = ShadowCache()
        let results = ImageSlots(count: trees.count)
        DispatchQueue.concurrentPerform(iterations: trees.count * 4) { iteration in
            let index = iteration % trees.count
            results.set(index, Self.render(trees[index], cache: cache))
        }
        for index in trees.indices { #expect(results.get(index) == expected[index]) }
        #expect(cache.statistics.entries <= 4)
    }
}

/// Thread-safe result slots for the concurrency test.
final class ImageSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var images: [RasterImage?]
    init(count: Int) { images = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ image: RasterImage) { lock.lock(); images[index] = image; lock.unlock() }
    func get(_ index: Int) -> RasterImage? { lock.lock(); defer { lock.unlock() }; return images[index] }
}
