import CCairo
import TransitCore

// A contact sheet of a transition: one row per phase, its title above, its frames left to right,
// each labelled underneath. Layout in pixels, with p = round(8·scale), t = round(18·scale),
// l = round(16·scale) and the row's cells w_ij × h_ij (their own pixel sizes):
//   width  = max(2p, max_i (p + Σ_j (w_ij + p)))
//   height = p + Σ_i (t + max_j h_ij + l + p)
// Cells sit at x = p + Σ_{k<j} (w_ik + p), y = rowTop + t, top-aligned; background light grey.
public struct Filmstrip {
    public struct Layout: Equatable, Sendable {
        public var padding: Int, titleHeight: Int, labelHeight: Int
        public init(scale: Double) {
            let factor = scale.isFinite && scale > 0 ? scale : 1
            // compose refuses sheets over 32767 pixels a side; a larger part could only overflow.
            padding = clampedInt((8 * factor).rounded(), in: 0...32767)
            titleHeight = clampedInt((18 * factor).rounded(), in: 0...32767)
            labelHeight = clampedInt((16 * factor).rounded(), in: 0...32767)
        }

        /// The documented size formula, shared by `compose` and tests.
        public func size(rows: [[(width: Int, height: Int)]]) -> (width: Int, height: Int) {
            var width = 2 * padding, height = padding
            for cells in rows {
                width = max(width, cells.reduce(padding) { $0 + $1.width + padding })
                height += titleHeight + (cells.map(\.height).max() ?? 0) + labelHeight + padding
            }
            return (width, height)
        }
    }

    public static let backgroundGrey = 0.94

    public static func compose(rows: [(title: String, cells: [(label: String, image: RasterImage)])], scale: Double) -> RasterImage {
        let layout = Layout(scale: scale)
        let factor = scale.isFinite && scale > 0 ? scale : 1
        let size = layout.size(rows: rows.map { $0.cells.map { ($0.image.width, $0.image.height) } })
        guard size.width <= 32767, size.height <= 32767,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height)) else {
            return RasterImage(width: min(size.width, 32767), height: min(size.height, 32767))
        }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { return RasterImage(width: size.width, height: size.height) }
        defer { cairo_destroy(context) }
        LayerPainter.configureText(context)
        cairo_set_source_rgb(context, backgroundGrey, backgroundGrey, backgroundGrey)
        cairo_paint(context)

        let padding = Double(layout.padding), titleHeight = Double(layout.titleHeight), labelHeight = Double(layout.labelHeight)
        var top = padding
        for row in rows {
            TextPainter.selectFont(context, size: 13 * factor, bold: true)
            cairo_set_source_rgb(context, 0.1, 0.1, 0.1)
            cairo_move_to(context, padding, top + titleHeight * 0.72)
            cairo_show_text(context, row.title)
            let cellTop = top + titleHeight
            let rowHeight = Double(row.cells.map(\.image.height).max() ?? 0)
            var left = padding
            for cell in row.cells {
                if let image = CairoBridge.makeSurface(from: cell.image) {
                    cairo_set_source_surface(context, image, left, cellTop)
                    cairo_rectangle(context, left, cellTop, Double(cell.image.width), Double(cell.image.height))
                    cairo_fill(context)
                    cairo_surface_destroy(image)
                }
                cairo_save(context)
                cairo_rectangle(context, left, cellTop + rowHeight, Double(cell.image.width) + padding, labelHeight)
                cairo_clip(context)
                TextPainter.selectFont(context, size: 11 * factor, bold: false)
                cairo_set_source_rgb(context, 0.25, 0.25, 0.25)
                cairo_move_to(context, left, cellTop + rowHeight + labelHeight * 0.75)
                cairo_show_text(context, cell.label)
                cairo_restore(context)
                left += Double(cell.image.width) + padding
            }
            top += titleHeight + rowHeight + labelHeight + padding
        }
        return CairoBridge.makeImage(from: surface)
    }
}
