import TransitCore

// A frame as 24-bit-colour text: each character cell shows two pixels with "▀" (foreground =
// upper pixel, background = lower). The image is fitted into columns × (rows·2) pixels keeping
// its aspect, centred, each pixel the average of the source pixels it covers (composited over
// black). Exactly `rows` lines joined by "\n", each ending with an ANSI reset.
public enum TerminalFrame {
    /// Pixels per point to draw a screen of `size` points at, for an area of `columns` × `rows`
    /// cells: `samples` × `samples` source pixels for each of the terminal's pixels (a cell is one
    /// pixel wide and two tall). `render` averages a larger image down to that grid anyway, so
    /// drawing more is work nobody sees: a 390 × 844 pt phone in 120 × 39 cells is 36 × 78
    /// terminal pixels, and drawing it at 0.18 rather than 1 is 1/30 of the pixels. Never above
    /// `limit` (the scale the run asked for), never below 1/64 of it.
    public static func drawingScale(for size: Size, columns: Int, rows: Int, samples: Int = 2, limit: Double) -> Double {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0, columns > 0, rows > 0,
              limit.isFinite, limit > 0 else { return limit }
        let fit = min(Double(columns) / size.width, Double(rows * 2) / size.height)
        return min(limit, max(limit / 64, fit * Double(max(1, samples))))
    }

    public static func render(_ image: RasterImage, columns: Int, rows: Int) -> String {
        let rowCount = max(0, rows), columnCount = max(0, columns)
        guard image.width > 0, image.height > 0, columnCount > 0, rowCount > 0 else {
            return Array(repeating: reset, count: rowCount).joined(separator: "\n")
        }
        let pixelRows = rowCount * 2
        let factor = min(Double(columnCount) / Double(image.width), Double(pixelRows) / Double(image.height))
        let fittedWidth = max(1, min(columnCount, Int(Double(image.width) * factor)))
        let fittedHeight = max(1, min(pixelRows, Int(Double(image.height) * factor)))
        let offsetX = (columnCount - fittedWidth) / 2, offsetY = (pixelRows - fittedHeight) / 2

        // Box-average the source into the fitted grid once.
        var grid = [(UInt8, UInt8, UInt8)](repeating: (0, 0, 0), count: fittedWidth * fittedHeight)
        image.pixels.withUnsafeBufferPointer { pixels in
            for gy in 0..<fittedHeight {
                let y0 = gy * image.height / fittedHeight, y1 = max(y0 + 1, (gy + 1) * image.height / fittedHeight)
                for gx in 0..<fittedWidth {
                    let x0 = gx * image.width / fittedWidth, x1 = max(x0 + 1, (gx + 1) * image.width / fittedWidth)
                    var r = 0, g = 0, b = 0
                    for y in y0..<y1 {
                        for x in x0..<x1 {
                            let offset = (y * image.width + x) * 4, a = Int(pixels[offset + 3])
                            r += Int(pixels[offset]) * a; g += Int(pixels[offset + 1]) * a; b += Int(pixels[offset + 2]) * a
                        }
                    }
                    let divisor = (y1 - y0) * (x1 - x0) * 255
                    grid[gy * fittedWidth + gx] = (UInt8(r / divisor), UInt8(g / divisor), UInt8(b / divisor))
                }
            }
        }
        func color(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)? {
            let gx = x - offsetX, gy = y - offsetY
            guard gx >= 0, gy >= 0, gx < fittedWidth, gy < fittedHeight else { return nil }
            return grid[gy * fittedWidth + gx]
        }
        var lines: [String] = []
        lines.reserveCapacity(rowCount)
        for row in 0..<rowCount {
            var line = ""
            for column in 0..<columnCount {
                switch (color(column, row * 2), color(column, row * 2 + 1)) {
                case let (upper?, lower?):
                    line += "\u{1B}[38;2;\(upper.0);\(upper.1);\(upper.2)m\u{1B}[48;2;\(lower.0);\(lower.1);\(lower.2)m▀"
                case let (upper?, nil):
                    line += "\u{1B}[49m\u{1B}[38;2;\(upper.0);\(upper.1);\(upper.2)m▀"
                case let (nil, lower?):
                    line += "\u{1B}[49m\u{1B}[38;2;\(lower.0);\(lower.1);\(lower.2)m▄"
                case (nil, nil):
                    line += "\u{1B}[0m "
                }
            }
            lines.append(line + reset)
        }
        return lines.joined(separator: "\n")
    }

    static let reset = "\u{1B}[0m"
}
