import CCairo
import Foundation
import TransitCore

// A snapshot view (`snapshotView(afterScreenUpdates:)`) is a picture in UIKit: the view's layers
// drawn once into a bitmap at the screen's scale, then composited like an image wherever the
// snapshot goes. Transit keeps the frozen layer tree (so a frame at any scale stays sharp), and
// draws it the way UIKit shows it: rasterized once, at the frame's scale, into a bitmap of the
// tree's bounds, which every use then samples. Effects made of snapshot pieces (explode,
// checkerboard, fold, cube, flip) put the same snapshot in dozens of clipped views; before,
// each piece drew the whole tree again (text laid out and rendered per piece, per frame).
//
// The bitmap depends only on the tree and the scale, so it is memoized for the snapshot's life
// (`SnapshotRasterCache`): by the tree's storage identity first, then by value (pieces made by
// snapshotting one snapshot view again hold equal trees in distinct storages). A render with the
// cache and one without make the same bitmaps and so the same pixels.

/// One snapshot tree drawn at `density` pixels per point over its bounds. Immutable once made.
final class SnapshotRaster: @unchecked Sendable {
    let width: Int
    let height: Int
    let stride: Int
    /// Premultiplied ARGB32, written once before the raster is shared, read only afterwards.
    private let data: UnsafeMutablePointer<UInt8>
    var byteCount: Int { stride * height }

    /// The largest side a snapshot bitmap may have, in pixels.
    static let maximumSide = 8192

    init?(tree: LayerSnapshot, density: Double, painter: LayerPainter, depth: Int) {
        let bounds = tree.bounds
        guard bounds.isFinite, bounds.width > 0, bounds.height > 0, density.isFinite, density > 0 else { return nil }
        let width = clampedInt((bounds.width * density).rounded(.up), in: 0...Self.maximumSide)
        let height = clampedInt((bounds.height * density).rounded(.up), in: 0...Self.maximumSide)
        guard width > 0, height > 0 else { return nil }
        self.width = width
        self.height = height
        stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        data = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * height)
        data.initialize(repeating: 0, count: stride * height)
        guard let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride)) else { return }
        if let context = cairo_create(surface) {
            LayerPainter.configureText(context)
            let mapping = Homography.translation(-bounds.origin.x, -bounds.origin.y).concatenating(.scale(density, density))
            painter.draw(tree, in: mapping, context: context, depth: depth)
            cairo_destroy(context)
        }
        cairo_surface_flush(surface)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
    }

    deinit { data.deallocate() }

    /// Fills the bitmap's rectangle (0, 0, width, height) in the context's current user space
    /// (one unit a bitmap pixel), sampled bilinearly with its edge pixels extended, so only the
    /// rectangle's own edge is anti-aliased. A fresh cairo surface wraps the shared bytes for each
    /// paint and is finished before returning (ShadowMask.paint explains why).
    func paint(_ context: OpaquePointer, alpha: Double) {
        guard alpha > 0, let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(width),
                                                                           Int32(height), Int32(stride)) else { return }
        cairo_save(context)
        cairo_set_source_surface(context, surface, 0, 0)
        if let pattern = cairo_get_source(context) {
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        }
        cairo_rectangle(context, 0, 0, Double(width), Double(height))
        if alpha >= 1 {
            cairo_fill(context)
        } else {
            cairo_clip(context)
            cairo_paint_with_alpha(context, alpha)
        }
        cairo_restore(context)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
    }
}

/// A bounded, thread-safe memo of snapshot bitmaps, least recently used evicted first (the
/// shadow cache's rules: made outside the lock, the same bytes whichever thread wins).
public final class SnapshotRasterCache: @unchecked Sendable {
    public static let shared = SnapshotRasterCache()

    private struct IdentityKey: Hashable {
        let identity: ObjectIdentifier
        let density: Double
    }

    private struct ValueKey: Hashable {
        let tree: LayerSnapshot
        let density: Double
    }

    private struct Entry {
        let raster: SnapshotRaster
        /// Held so the storage identity is not reused while the entry exists.
        let tree: LayerSnapshot
        var lastUse: UInt64
    }

    public let byteLimit: Int
    private let lock = NSLock()
    private var byIdentity: [IdentityKey: Entry] = [:]
    private var byValue: [ValueKey: SnapshotRaster] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0
    private var counts = (hits: 0, misses: 0)

    /// 192 MiB: a few dozen full-screen bitmaps at scale 3.
    public init(byteLimit: Int = 192 << 20) {
        self.byteLimit = max(0, byteLimit)
    }

    public var statistics: (hits: Int, misses: Int, entries: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (counts.hits, counts.misses, byIdentity.count, bytes)
    }

    public func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        byIdentity.removeAll()
        byValue.removeAll()
        bytes = 0
    }

    func raster(for tree: LayerSnapshot, density: Double, make: () -> SnapshotRaster?) -> SnapshotRaster? {
        let key = IdentityKey(identity: tree.storageIdentity, density: density)
        lock.lock()
        clock += 1
        if var entry = byIdentity[key] {
            entry.lastUse = clock
            byIdentity[key] = entry
            counts.hits += 1
            lock.unlock()
            return entry.raster
        }
        // Another storage holding the same tree (hashing the tree once per storage).
        let valueKey = ValueKey(tree: tree, density: density)
        if let raster = byValue[valueKey] {
            byIdentity[key] = Entry(raster: raster, tree: tree, lastUse: clock)
            counts.hits += 1
            lock.unlock()
            return raster
        }
        counts.misses += 1
        lock.unlock()

        guard let raster = make() else { return nil }
        guard raster.byteCount <= byteLimit / 4 else { return raster }
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        if let existing = byValue[valueKey] {
            byIdentity[key] = Entry(raster: existing, tree: tree, lastUse: clock)
            return existing
        }
        byValue[valueKey] = raster
        byIdentity[key] = Entry(raster: raster, tree: tree, lastUse: clock)
        bytes += raster.byteCount
        evict()
        return raster
    }

    /// Drops the least recently used bitmaps (with every identity that shares them) until the
    /// cache fits.
    private func evict() {
        while bytes > byteLimit, let oldest = byIdentity.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            let raster = oldest.value.raster
            let shared = byIdentity.filter { $0.value.raster === raster }.map(\.key)
            for key in shared { byIdentity[key] = nil }
            if let valueKey = byValue.first(where: { $0.value === raster })?.key { byValue[valueKey] = nil }
            bytes -= raster.byteCount
        }
    }
}

extension LayerPainter {
    /// A snapshot's content: its tree's bitmap at the frame's scale, placed so the tree's bounds
    /// fill the layer's bounds (as UIKit stretches a snapshot whose view was resized).
    func drawSnapshot(_ tree: LayerSnapshot, in layer: LayerSnapshot, mapping: Homography, alpha: Double,
                      context: OpaquePointer, depth: Int) {
        let source = tree.bounds, target = layer.bounds
        guard source.isFinite, source.width > 0, source.height > 0, target.isFinite else { return }
        let density = scale
        // Made once for the snapshot's life, not a frame's work: not recorded for the floor.
        var unrecorded = self
        unrecorded.recorder = nil
        let make = { SnapshotRaster(tree: tree, density: density, painter: unrecorded, depth: depth + 1) }
        guard let raster = snapshotCache.map({ $0.raster(for: tree, density: density, make: make) }) ?? make() else { return }
        // Bitmap pixel → the tree's point → the layer's bounds → the device.
        let placement = Homography.scale(1 / density, 1 / density)
            .concatenating(.scale(target.width / source.width, target.height / source.height))
            .concatenating(.translation(target.origin.x, target.origin.y))
            .concatenating(mapping)
        guard LayerPainter.apply(placement, to: context) else { return }
        raster.paint(context, alpha: alpha)
        LayerPainter.apply(mapping, to: context)
    }
}
