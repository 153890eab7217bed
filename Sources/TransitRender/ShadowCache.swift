import CCairo
import Foundation
import TransitCore

// Blurring a shadow is the most expensive thing a frame does, and a shadow rarely changes from
// one frame to the next (a card fading in keeps its shape; only the paint alpha moves). So the
// blurred mask is memoized. The mask is alpha only: colour, shadowOpacity and layer opacity are
// applied when it is painted, which is why they are not in the key and why one mask serves
// every frame of a fade.

/// Everything the blurred mask's bytes depend on, and so everything a hit must match exactly.
/// The mask is `width`×`height` A8 pixels holding `shape` (rounded by `cornerRadius` on
/// `maskedCorners`), filled through `mapping` (the layer's bounds space → the mask's own pixel
/// space, i.e. the device mapping with the mask's integer origin subtracted), then blurred with
/// `sigma` device pixels. Device scale, layer transforms and the sub-pixel position all live in
/// `mapping`; the crop by the clip lives in `mapping` and the size. Doubles compare exactly.
struct ShadowMaskKey: Hashable, Sendable {
    var mapping: Homography
    var shape: Rect
    var cornerRadius: Double
    var maskedCorners: MaskedCorners
    var sigma: Double
    var width: Int
    var height: Int
    /// The shadowPath the mask was filled with (nil: the rounded rect).
    var path: BezierPath?

    init(mapping: Homography, shape: Rect, cornerRadius: Double, maskedCorners: MaskedCorners,
         sigma: Double, width: Int, height: Int) {
        self.mapping = mapping
        self.shape = shape
        self.cornerRadius = cornerRadius
        self.maskedCorners = maskedCorners
        self.sigma = sigma
        self.width = width
        self.height = height
    }
}

/// A finished, immutable A8 mask. A class so a painter can keep it alive while it paints even
/// if another thread evicts it from the cache meanwhile.
final class ShadowMask: @unchecked Sendable {
    let width: Int
    let height: Int
    let stride: Int
    /// Written once before the mask is shared, read only afterwards.
    private let data: UnsafeMutablePointer<UInt8>

    var byteCount: Int { stride * height }

    /// Builds the mask with `fill` (which draws the shape into an A8 cairo context) and blurs it.
    init(width: Int, height: Int, sigma: Double, fill: (OpaquePointer) -> Void) {
        self.width = width
        self.height = height
        stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(width)))
        data = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * height)
        data.initialize(repeating: 0, count: stride * height)
        if let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_A8, Int32(width), Int32(height), Int32(stride)) {
            if let context = cairo_create(surface) {
                fill(context)
                cairo_destroy(context)
            }
            cairo_surface_flush(surface)
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
        }
        ShadowBlur.blur(data, width: width, height: height, stride: stride, sigma: sigma)
    }

    deinit { data.deallocate() }

    /// Paints the current source of `context` through the mask, its top-left at device (x, y).
    /// A fresh cairo surface wraps the shared bytes for each paint (cairo surfaces carry mutable
    /// state, so one is never shared between threads); it is finished before returning, so
    /// cairo keeps no reference to the bytes.
    func paint(_ context: OpaquePointer, x: Double, y: Double) {
        guard let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_A8, Int32(width),
                                                                Int32(height), Int32(stride)) else { return }
        cairo_mask_surface(context, surface, x, y)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
    }
}

/// A bounded, thread-safe memo of blurred shadow masks, least recently used evicted first.
/// Frames render concurrently through one cache: lookups and insertions take a lock, blurring
/// happens outside it (two threads missing on the same key both blur, and produce the same
/// bytes, so it does not matter which one is kept). The cache never changes pixels, so eviction
/// order — which depends on thread timing — cannot make output nondeterministic.
public final class ShadowCache: @unchecked Sendable {
    /// One process-wide cache: every frame of a run shares the card's shadow.
    public static let shared = ShadowCache()

    public let byteLimit: Int
    public let entryLimit: Int

    private let lock = NSLock()
    private var entries: [ShadowMaskKey: (mask: ShadowMask, lastUse: UInt64)] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0
    private var counts = (hits: 0, misses: 0)

    /// 64 MiB holds a few dozen full-screen shadows at scale 3; a mask larger than a quarter of
    /// the limit is blurred each time rather than flushing everything else.
    public init(byteLimit: Int = 64 << 20, entryLimit: Int = 256) {
        self.byteLimit = max(0, byteLimit)
        self.entryLimit = max(0, entryLimit)
    }

    public var statistics: (hits: Int, misses: Int, entries: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (counts.hits, counts.misses, entries.count, bytes)
    }

    public func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
        bytes = 0
        counts = (0, 0)
    }

    /// The mask for `key`, made by `make` on a miss.
    func mask(for key: ShadowMaskKey, make: () -> ShadowMask) -> ShadowMask {
        lock.lock()
        clock += 1
        if let entry = entries[key] {
            entries[key] = (entry.mask, clock)
            counts.hits += 1
            lock.unlock()
            return entry.mask
        }
        counts.misses += 1
        lock.unlock()

        let mask = make()
        guard mask.byteCount <= byteLimit / 4 else { return mask }
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        if let existing = entries[key] {
            entries[key] = (existing.mask, clock)
            return existing.mask
        }
        entries[key] = (mask, clock)
        bytes += mask.byteCount
        while bytes > byteLimit || entries.count > entryLimit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            bytes -= oldest.value.mask.byteCount
        }
        return mask
    }
}
