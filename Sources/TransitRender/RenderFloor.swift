import CCairo
import CProjection
import Foundation

/// The least the frames of a render cost without Transit, for `transit bench` to compare with
/// (render.catalogue_vs_floor): the composites Transit's rasterizer recorded for each frame
/// (CompositeLog.swift) done again with cairo and CProjection alone. Each frame is cleared; each
/// painted layer is one image of its on-screen size composited through its affine placement
/// (bilinear, at its alpha, inside the clip it had); each group and each 3D layer's flat offscreen
/// is a cleared offscreen of the same size, composited back; each 3D composite is CProjection's
/// raw loop on the same quad; then the GIF's colour runs are collected from the frame. No scene,
/// no tree walk, no text or path rasterization, no snapshot or shadow made: only the pixels moved.
public enum RenderFloor {
    /// Seconds by `clock` to replay every frame of `log` on a `width` × `height` frame.
    public static func seconds(replaying log: CompositeLog, width: Int, height: Int, clock: () -> Double) throws -> Double {
        let frames = log.frames
        guard width > 0, height > 0, !frames.isEmpty else { throw RenderError("the render floor has no frames to replay") }
        let replay = try Replay(frames: frames, width: width, height: height)
        defer { replay.release() }
        var runs = 0
        let start = clock()
        for frame in frames { runs += replay.run(frame) }
        let elapsed = clock() - start
        // The runs are used, so the collection is not optimised away.
        guard runs > 0 else { throw RenderError("the render floor's frames had no pixels") }
        return elapsed
    }

    /// The surfaces a replay draws with, made before it is timed.
    private final class Replay {
        /// The images layers are composited from: one, sized for the largest, its top-left part
        /// used for smaller ones. Rows of opaque and translucent colour, so OVER blends.
        let source: OpaquePointer
        let sourceWidth: Int, sourceHeight: Int
        let frame: OpaquePointer
        let frameContext: OpaquePointer
        let width: Int, height: Int
        /// Offscreens by size, reused from frame to frame (a stack may hold two of one size).
        private var pool: [Int: [OpaquePointer]] = [:]
        private struct Target {
            let surface: OpaquePointer
            let context: OpaquePointer
            /// The target's pixel (0, 0) in the space its operations were recorded in.
            let originX: Int, originY: Int
        }
        private var stack: [Target] = []

        static let largestSide = 4096

        init(frames: [[CompositeLog.Operation]], width: Int, height: Int) throws {
            var largest = (width: 1, height: 1)
            for frame in frames {
                for operation in frame {
                    switch operation {
                    case .image(let w, let h, _, _, _), .project(let w, let h, _, _, _, false):
                        largest = (max(largest.width, w), max(largest.height, h))
                    default: break
                    }
                }
            }
            sourceWidth = min(largest.width, Self.largestSide)
            sourceHeight = min(largest.height, Self.largestSide)
            self.width = width
            self.height = height
            guard let source = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(sourceWidth), Int32(sourceHeight)),
                  let frame = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
                  let frameContext = cairo_create(frame) else {
                throw RenderError("the render floor could not allocate its \(width)×\(height) surfaces")
            }
            self.source = source
            self.frame = frame
            self.frameContext = frameContext
            if let context = cairo_create(source) {
                for row in 0..<(sourceHeight / 10 + 1) {
                    cairo_set_source_rgba(context, Double(row % 5) / 5, Double(row % 7) / 7, 0.5, row % 3 == 0 ? 0.6 : 1)
                    cairo_rectangle(context, 0, Double(row * 10), Double(sourceWidth), 10)
                    cairo_fill(context)
                }
                cairo_destroy(context)
            }
            cairo_surface_flush(source)
        }

        func release() {
            cairo_destroy(frameContext)
            cairo_surface_destroy(frame)
            cairo_surface_destroy(source)
            for surfaces in pool.values { surfaces.forEach { cairo_surface_destroy($0) } }
        }

        /// One frame; returns its number of colour runs.
        func run(_ operations: [CompositeLog.Operation]) -> Int {
            cairo_set_operator(frameContext, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgb(frameContext, 0, 0, 0)
            cairo_paint(frameContext)
            cairo_set_operator(frameContext, CAIRO_OPERATOR_OVER)
            stack = [Target(surface: frame, context: frameContext, originX: 0, originY: 0)]
            for operation in operations {
                switch operation {
                case .offscreen(let rect): pushOffscreen(rect)
                case .image(let w, let h, let toTarget, let alpha, let clip): image(w, h, toTarget, alpha, clip)
                case .composite(let alpha, let clip): compositeTop(alpha: alpha, clip: clip)
                case .project(let w, let h, let toTarget, let opacity, let clip, let offscreen):
                    project(w, h, toTarget, opacity, clip, fromOffscreen: offscreen)
                }
            }
            // An offscreen left open by a recording that stopped early is dropped.
            while stack.count > 1 { recycle(stack.removeLast()) }
            cairo_surface_flush(frame)
            return ColourRuns(RasterFrame(surface: frame)).words.count
        }

        private func key(_ width: Int, _ height: Int) -> Int { width << 20 | height }

        private func pushOffscreen(_ rect: CompositeLog.PixelRect) {
            let w = min(max(1, rect.width), 16384), h = min(max(1, rect.height), 16384)
            let surface: OpaquePointer
            if var free = pool[key(w, h)], let reused = free.popLast() {
                pool[key(w, h)] = free
                surface = reused
                cairo_surface_flush(surface)
                if let data = cairo_image_surface_get_data(surface) {
                    memset(data, 0, Int(cairo_image_surface_get_stride(surface)) * h)
                }
                cairo_surface_mark_dirty(surface)
            } else {
                guard let made = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { return }
                surface = made
            }
            guard let context = cairo_create(surface) else { return }
            stack.append(Target(surface: surface, context: context, originX: rect.x0, originY: rect.y0))
        }

        private func recycle(_ target: Target) {
            cairo_destroy(target.context)
            let w = Int(cairo_image_surface_get_width(target.surface)), h = Int(cairo_image_surface_get_height(target.surface))
            pool[key(w, h), default: []].append(target.surface)
        }

        /// `clip` in the top target's pixels.
        private func clipRect(_ clip: CompositeLog.PixelRect, _ target: Target) -> (x: Double, y: Double, w: Double, h: Double) {
            (Double(clip.x0 - target.originX), Double(clip.y0 - target.originY), Double(clip.width), Double(clip.height))
        }

        private func image(_ w: Int, _ h: Int, _ toTarget: Homography, _ alpha: Double, _ clip: CompositeLog.PixelRect) {
            guard let target = stack.last, toTarget.h33 != 0 else { return }
            let context = target.context
            // A source larger than the floor's image covers the same area from a scaled one.
            let sw = min(w, sourceWidth), sh = min(h, sourceHeight)
            let placed = Homography.scale(Double(w) / Double(sw), Double(h) / Double(sh)).concatenating(toTarget)
                .concatenating(.translation(-Double(target.originX), -Double(target.originY)))
            let q = placed.h33
            var matrix = cairo_matrix_t(xx: placed.h11 / q, yx: placed.h12 / q, xy: placed.h21 / q, yy: placed.h22 / q,
                                        x0: placed.h31 / q, y0: placed.h32 / q)
            guard abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx) > 1e-12 else { return }
            cairo_save(context)
            let c = clipRect(clip, target)
            cairo_rectangle(context, c.x, c.y, c.w, c.h)
            cairo_clip(context)
            cairo_set_matrix(context, &matrix)
            cairo_set_source_surface(context, source, 0, 0)
            if let pattern = cairo_get_source(context) { cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR) }
            cairo_rectangle(context, 0, 0, Double(sw), Double(sh))
            if alpha >= 1 {
                cairo_fill(context)
            } else {
                cairo_clip(context)
                cairo_paint_with_alpha(context, alpha)
            }
            cairo_restore(context)
        }

        private func compositeTop(alpha: Double, clip: CompositeLog.PixelRect) {
            guard stack.count > 1 else { return }
            let top = stack.removeLast()
            defer { recycle(top) }
            guard let target = stack.last else { return }
            cairo_surface_flush(top.surface)
            let context = target.context
            cairo_save(context)
            let c = clipRect(clip, target)
            cairo_rectangle(context, c.x, c.y, c.w, c.h)
            cairo_clip(context)
            cairo_set_source_surface(context, top.surface, Double(top.originX - target.originX), Double(top.originY - target.originY))
            cairo_paint_with_alpha(context, alpha)
            cairo_restore(context)
        }

        private func project(_ w: Int, _ h: Int, _ toTarget: Homography, _ opacity: Double, _ clip: CompositeLog.PixelRect,
                             fromOffscreen: Bool) {
            var offscreen: Target?
            if fromOffscreen {
                guard stack.count > 1 else { return }
                offscreen = stack.removeLast()
            }
            defer { if let offscreen { recycle(offscreen) } }
            guard let target = stack.last else { return }
            let sourceSurface = offscreen?.surface ?? source
            cairo_surface_flush(sourceSurface)
            cairo_surface_flush(target.surface)
            guard let sourceData = cairo_image_surface_get_data(sourceSurface), let targetData = cairo_image_surface_get_data(target.surface) else { return }
            let sw = offscreen == nil ? min(w, sourceWidth) : Int(cairo_image_surface_get_width(sourceSurface))
            let sh = offscreen == nil ? min(h, sourceHeight) : Int(cairo_image_surface_get_height(sourceSurface))
            let placed = Homography.scale(Double(w) / Double(sw), Double(h) / Double(sh)).concatenating(toTarget)
                .concatenating(.translation(-Double(target.originX), -Double(target.originY)))
            let raster = transit_raster(pixels: UnsafeRawPointer(sourceData).assumingMemoryBound(to: UInt32.self),
                                        width: Int32(sw), height: Int32(sh), stride: cairo_image_surface_get_stride(sourceSurface))
            let canvas = transit_canvas(pixels: UnsafeMutableRawPointer(targetData).assumingMemoryBound(to: UInt32.self),
                                        width: cairo_image_surface_get_width(target.surface), height: cairo_image_surface_get_height(target.surface),
                                        stride: cairo_image_surface_get_stride(target.surface))
            let c = clipRect(clip, target)
            let rect = transit_pixel_rect(x0: Int32(clamping: Int(c.x)), y0: Int32(clamping: Int(c.y)),
                                          x1: Int32(clamping: Int(c.x + c.w)), y1: Int32(clamping: Int(c.y + c.h)))
            _ = ProjectiveComposite.withMatrix(placed) { transit_project(canvas, rect, raster, $0, opacity) }
            cairo_surface_mark_dirty(target.surface)
        }
    }
}
