import CCairo

/// The least one frame of a two-screen transition costs without Transit, for `transit bench`
/// to compare with (render.catalogue_vs_floor): cairo clears a frame, composites two
/// full-screen images over it (the second at half alpha and a pixel's shift, as a cross-fade
/// that moves), and the GIF's colour runs are collected from the result.
public enum RenderFloor {
    /// Milliseconds a frame by `clock` (seconds), over `frames` frames of `width`×`height` pixels.
    public static func milliseconds(width: Int, height: Int, frames: Int, clock: () -> Double) throws -> Double {
        guard width > 0, height > 0, frames > 0,
              let frame = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              let from = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
              let to = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw RenderError("the render floor could not allocate \(width)×\(height) surfaces")
        }
        defer { cairo_surface_destroy(frame); cairo_surface_destroy(from); cairo_surface_destroy(to) }
        // Two screens with rows of colour, so the colour runs are not one run a row.
        for (surface, shade) in [(from, 0.9), (to, 0.3)] {
            guard let context = cairo_create(surface) else { continue }
            for row in 0..<(height / 20) {
                cairo_set_source_rgb(context, shade, Double(row % 7) / 7, 1 - shade)
                cairo_rectangle(context, 0, Double(row * 20), Double(width), 10)
                cairo_fill(context)
            }
            cairo_destroy(context)
        }
        var runs = 0
        let start = clock()
        for index in 0..<frames {
            guard let context = cairo_create(frame) else { continue }
            cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgb(context, 1, 1, 1)
            cairo_paint(context)
            cairo_set_operator(context, CAIRO_OPERATOR_OVER)
            cairo_set_source_surface(context, from, 0, 0)
            cairo_paint(context)
            cairo_set_source_surface(context, to, Double(index % 3), 0)
            cairo_paint_with_alpha(context, 0.5)
            cairo_destroy(context)
            cairo_surface_flush(frame)
            runs += ColourRuns(RasterFrame(surface: frame)).words.count
        }
        let elapsed = clock() - start
        // The runs are used, so the collection is not optimised away.
        guard runs > 0 else { throw RenderError("the render floor's frames had no pixels") }
        return elapsed * 1000 / Double(frames)
    }
}
