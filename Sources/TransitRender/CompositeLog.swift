import CCairo
import Foundation
import TransitCore

// What a frame's drawing amounts to once Transit's scene, tree walk and bookkeeping are taken
// away: a list of image composites, offscreens and projections, each of the size it had. The
// render floor (RenderFloor.swift) replays such a list with cairo and CProjection alone, so
// `transit bench` can say how far a shipped effect's render is from the least its pixels cost
// (render.catalogue_vs_floor). Recording never changes a pixel; a Rasterizer records only when
// given a log.

/// The composites of every frame a Rasterizer drew while it held this log.
public final class CompositeLog: @unchecked Sendable {
    /// Whole pixels [x0, x1) × [y0, y1), in the space of the target they are on.
    struct PixelRect: Sendable, Equatable {
        var x0: Int, y0: Int, x1: Int, y1: Int
        var width: Int { max(0, x1 - x0) }
        var height: Int { max(0, y1 - y0) }
    }

    enum Operation: Sendable {
        /// A new target on top of the current one: a group or a 3D layer's flat offscreen, its
        /// pixel (0, 0) at `origin` of the space its composites are recorded in.
        case offscreen(PixelRect)
        /// An image of `width` × `height` pixels composited onto the current target through
        /// `toTarget` (affine: source pixels to the target's space), at `alpha`, inside `clip`.
        case image(width: Int, height: Int, toTarget: Homography, alpha: Double, clip: PixelRect)
        /// The top offscreen composited onto the target under it at its origin, at `alpha`, inside `clip`.
        case composite(alpha: Double, clip: PixelRect)
        /// A raster of `width` × `height` pixels (the top offscreen when `offscreen`, else an
        /// image) composited onto the current target through the projective `toTarget`.
        case project(width: Int, height: Int, toTarget: Homography, opacity: Double, clip: PixelRect, offscreen: Bool)
    }

    private let lock = NSLock()
    private var recorded: [[Operation]] = []

    public init() {}

    /// Every recorded frame, in the order their renders finished.
    var frames: [[Operation]] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Frames recorded, and operations in all of them.
    public var counts: (frames: Int, operations: Int) {
        let all = frames
        return (all.count, all.reduce(0) { $0 + $1.count })
    }

    func append(_ frame: [Operation]) {
        lock.lock()
        recorded.append(frame)
        lock.unlock()
    }
}

/// One frame's operations as a render on one thread adds them.
final class FrameRecorder {
    var operations: [CompositeLog.Operation] = []

    /// The context's clip in device space, as whole pixels (outward).
    static func clip(_ context: OpaquePointer) -> CompositeLog.PixelRect {
        var saved = cairo_matrix_t()
        cairo_get_matrix(context, &saved)
        cairo_identity_matrix(context)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(context, &x0, &y0, &x1, &y1)
        cairo_set_matrix(context, &saved)
        func pixel(_ value: Double) -> Int { clampedInt(value, in: -(1 << 24)...(1 << 24)) }
        return CompositeLog.PixelRect(x0: pixel(x0.rounded(.down)), y0: pixel(y0.rounded(.down)),
                                      x1: pixel(x1.rounded(.up)), y1: pixel(y1.rounded(.up)))
    }

    /// A layer painted with the affine `mapping` (its bounds space to the device): one image of
    /// its on-screen size, as a compositor holding each layer as a finished picture would draw it.
    func image(covering rect: Rect, mapping: Homography, alpha: Double, context: OpaquePointer) {
        guard mapping.isAffine, rect.isFinite, rect.width > 0, rect.height > 0 else { return }
        let w = mapping.h33
        let xScale = hypot(mapping.h11, mapping.h12) / w, yScale = hypot(mapping.h21, mapping.h22) / w
        guard xScale > 0, yScale > 0, xScale.isFinite, yScale.isFinite else { return }
        let width = clampedInt((rect.width * xScale).rounded(.up), in: 0...16384)
        let height = clampedInt((rect.height * yScale).rounded(.up), in: 0...16384)
        guard width > 0, height > 0 else { return }
        let toTarget = Homography.scale(1 / xScale, 1 / yScale)
            .concatenating(.translation(rect.minX, rect.minY))
            .concatenating(mapping)
        operations.append(.image(width: width, height: height, toTarget: toTarget, alpha: alpha, clip: Self.clip(context)))
    }
}

extension LayerPainter {
    /// cairo_push_group, recorded as an offscreen the size cairo gives the group (the clip).
    func pushGroup(_ context: OpaquePointer) {
        cairo_push_group(context)
        if let recorder { recorder.operations.append(.offscreen(FrameRecorder.clip(context))) }
    }

    /// Pops the group pushed last and paints it at `alpha` (recorded as its composite).
    func popGroupAndPaint(_ context: OpaquePointer, alpha: Double) {
        cairo_pop_group_to_source(context)
        if let recorder { recorder.operations.append(.composite(alpha: alpha, clip: FrameRecorder.clip(context))) }
        cairo_paint_with_alpha(context, alpha)
    }

    /// cairo_pop_group (the caller paints the pattern), recorded as the group's composite.
    func popGroup(_ context: OpaquePointer) -> OpaquePointer? {
        let pattern = cairo_pop_group(context)
        if let recorder { recorder.operations.append(.composite(alpha: 1, clip: FrameRecorder.clip(context))) }
        return pattern
    }
}
