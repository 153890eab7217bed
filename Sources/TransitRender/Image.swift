import CCairo
import TransitCore

// UIImageView's content modes; one image pixel is one point (ImageContent carries no scale).
enum ImagePainter {
    static func destination(for image: ImageContent, in bounds: Rect) -> Rect {
        let rect = bounds.standardized
        let imageWidth = Double(image.width), imageHeight = Double(image.height)
        switch image.contentMode {
        case .scaleToFill:
            return rect
        case .scaleAspectFit, .scaleAspectFill:
            let horizontal = rect.width / imageWidth, vertical = rect.height / imageHeight
            let factor = image.contentMode == .scaleAspectFit ? min(horizontal, vertical) : max(horizontal, vertical)
            let width = imageWidth * factor, height = imageHeight * factor
            return Rect(x: rect.midX - width / 2, y: rect.midY - height / 2, width: width, height: height)
        case .center:
            return Rect(x: rect.midX - imageWidth / 2, y: rect.midY - imageHeight / 2, width: imageWidth, height: imageHeight)
        }
    }

    static func draw(_ image: ImageContent, in bounds: Rect, alpha: Double, context: OpaquePointer) {
        guard image.width > 0, image.height > 0, image.width <= 16384, image.height <= 16384,
              image.rgba.count == image.width * image.height * 4,
              let raster = try? RasterImage(width: image.width, height: image.height, pixels: image.rgba),
              let surface = CairoBridge.makeSurface(from: raster) else { return }
        defer { cairo_surface_destroy(surface) }
        let target = destination(for: image, in: bounds)
        guard target.isFinite, target.width > 0, target.height > 0 else { return }
        // A matrix cairo cannot invert (a 1e300-point image view) would put the whole context
        // in an error state and drop the rest of the frame.
        let scaleX = target.width / Double(image.width), scaleY = target.height / Double(image.height)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        cairo_matrix_translate(&matrix, target.x, target.y)
        cairo_matrix_scale(&matrix, scaleX, scaleY)
        guard CairoBridge.isInvertible(matrix) else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_translate(context, target.x, target.y)
        cairo_scale(context, scaleX, scaleY)
        cairo_set_source_surface(context, surface, 0, 0)
        if let pattern = cairo_get_source(context) {
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        }
        Paths.addRect(context, x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        cairo_clip(context)
        cairo_paint_with_alpha(context, CairoBridge.clamp01(alpha))
    }
}
