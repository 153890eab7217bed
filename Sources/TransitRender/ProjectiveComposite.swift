import CCairo
import CProjection

// A layer turned in 3D (perspective through m34) is one picture under a projective mapping, as
// Core Animation composites it. cairo's matrices are affine and pixman's transforms 16.16 fixed
// point, too coarse for a perspective row, so the picture is drawn by CProjection's one pass
// (docs/performance/render.md, "One projective composite"): every pixel of the projected quad
// maps back through the inverse homography in doubles and samples the raster bilinearly.

/// Premultiplied ARGB32 pixels (cairo's format) that a projective composite reads; valid while
/// the memory it points into is.
struct ProjectionSource {
    let pixels: UnsafePointer<UInt32>
    let width: Int
    let height: Int
    /// Bytes from one row to the next.
    let stride: Int

    var raster: transit_raster {
        transit_raster(pixels: pixels, width: Int32(clamping: width), height: Int32(clamping: height),
                       stride: Int32(clamping: stride))
    }

    /// An image surface's pixels (flushed); nil for another format or an empty surface.
    init?(surface: OpaquePointer) {
        cairo_surface_flush(surface)
        guard cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
              let data = cairo_image_surface_get_data(surface) else { return nil }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        guard width > 0, height > 0 else { return nil }
        self.init(pixels: UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self), width: width, height: height,
                  stride: Int(cairo_image_surface_get_stride(surface)))
    }

    init(pixels: UnsafePointer<UInt32>, width: Int, height: Int, stride: Int) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.stride = stride
    }
}

enum ProjectiveComposite {
    /// Calls `body` with the row-major 3×3 CProjection takes (the same row-vector convention),
    /// kept on the stack.
    static func withMatrix<Result>(_ h: Homography, _ body: (UnsafePointer<Double>) -> Result) -> Result {
        var m = (h.h11, h.h12, h.h13, h.h21, h.h22, h.h23, h.h31, h.h32, h.h33)
        return withUnsafeBytes(of: &m) { body($0.bindMemory(to: Double.self).baseAddress!) }
    }

    /// Composites `source` OVER whatever the context draws to now (the frame, or a group pushed on
    /// it), under the context's clip, at `opacity`. `mapping` takes the source's pixel space to
    /// device space, which must be the context's user space (an identity matrix).
    ///
    /// When the target is an image surface, the operator OVER and the clip a set of whole-pixel
    /// rectangles (the frame's own clip, a clipped group), the pixels are written in place, one
    /// pass per rectangle. Any other clip (rounded, antialiased) goes through a scratch image the
    /// size of the quad, which cairo then composites under the clip: the same pixels where the
    /// clip is whole, cairo's coverage at a soft clip edge.
    static func draw(_ source: ProjectionSource, mapping: Homography, opacity: Double, context: OpaquePointer) {
        guard opacity > 0, mapping.isFinite else { return }
        if drawInPlace(source, mapping: mapping, opacity: opacity, context: context) { return }
        drawThroughScratch(source, mapping: mapping, opacity: opacity, context: context)
    }

    private static func drawInPlace(_ source: ProjectionSource, mapping: Homography, opacity: Double, context: OpaquePointer) -> Bool {
        guard cairo_get_operator(context) == CAIRO_OPERATOR_OVER, let target = cairo_get_group_target(context),
              cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32 else { return false }
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        let limit = Double(1 << 24)
        guard offsetX == offsetX.rounded(), offsetY == offsetY.rounded(), abs(offsetX) < limit, abs(offsetY) < limit,
              let list = cairo_copy_clip_rectangle_list(context) else { return false }
        defer { cairo_rectangle_list_destroy(list) }
        // Only a clip cairo holds as whole-pixel rectangles (no clip at all is "not representable").
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return false }
        let rectangles = UnsafeBufferPointer(start: list.pointee.rectangles, count: Int(max(0, list.pointee.num_rectangles)))
        for r in rectangles {
            guard r.x == r.x.rounded(), r.y == r.y.rounded(), r.width == r.width.rounded(), r.height == r.height.rounded(),
                  abs(r.x) < limit, abs(r.y) < limit, r.width < limit, r.height < limit else { return false }
        }
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return false }
        let canvas = transit_canvas(pixels: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                    width: cairo_image_surface_get_width(target), height: cairo_image_surface_get_height(target),
                                    stride: cairo_image_surface_get_stride(target))
        // Device space to the target's pixels: cairo adds the device offset.
        var changed = false
        withMatrix(mapping.concatenating(.translation(offsetX, offsetY))) { m in
            for r in rectangles {
                let clip = transit_pixel_rect(x0: Int32(r.x + offsetX), y0: Int32(r.y + offsetY),
                                              x1: Int32(r.x + r.width + offsetX), y1: Int32(r.y + r.height + offsetY))
                if transit_project(canvas, clip, source.raster, m, opacity) > 0 { changed = true }
            }
        }
        if changed { cairo_surface_mark_dirty(target) }
        return true
    }

    private static func drawThroughScratch(_ source: ProjectionSource, mapping: Homography, opacity: Double, context: OpaquePointer) {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(context, &x0, &y0, &x1, &y1)
        func pixel(_ value: Double) -> Int32 { Int32(clampedInt(value, in: -(1 << 24)...(1 << 24))) }
        let clip = transit_pixel_rect(x0: pixel(x0.rounded(.down)), y0: pixel(y0.rounded(.down)),
                                      x1: pixel(x1.rounded(.up)), y1: pixel(y1.rounded(.up)))
        var bounds = transit_pixel_rect()
        guard withMatrix(mapping, { transit_projection_bounds($0, Int32(clamping: source.width), Int32(clamping: source.height), clip, &bounds) }) != 0,
              let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, bounds.x1 - bounds.x0, bounds.y1 - bounds.y0) else { return }
        defer { cairo_surface_destroy(scratch) }
        guard let data = cairo_image_surface_get_data(scratch) else { return }
        let canvas = transit_canvas(pixels: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                    width: bounds.x1 - bounds.x0, height: bounds.y1 - bounds.y0,
                                    stride: cairo_image_surface_get_stride(scratch))
        let changed = withMatrix(mapping.concatenating(.translation(-Double(bounds.x0), -Double(bounds.y0)))) {
            transit_project(canvas, transit_pixel_rect(x0: 0, y0: 0, x1: canvas.width, y1: canvas.height), source.raster, $0, opacity)
        }
        guard changed > 0 else { return }
        cairo_surface_mark_dirty(scratch)
        cairo_set_source_surface(context, scratch, Double(bounds.x0), Double(bounds.y0))
        cairo_paint(context)
    }
}
