// A perceptual comparison of two frames in the manner of pixelmatch (Mapbox, ISC): a pixel
// differs when the YIQ distance of its colours (Kotsarenko and Ramos, "Measuring perceived color
// difference using YIQ NTSC transmission color space in mobile applications", 2010) exceeds
// 35215 × threshold², the largest possible distance being 35215; a differing pixel that is
// antialiasing in either image (Vysniauskas, "Anti-aliased pixel and intensity slope detector",
// 2009: a brightness slope through it, whose darkest or brightest neighbour sits in a flat area
// in both images) is not counted. Written from the algorithm, not ported: Transit links no
// JavaScript. Transparent pixels are blended over white first, as pixelmatch does.

public struct PixelDifference: Sendable {
    /// Pixels that differ beyond the threshold and are not antialiasing.
    public let count: Int
    /// Differing pixels discounted as antialiasing.
    public let antialiased: Int
    /// A heat map: the reference faded to grey, each differing pixel red (brighter the further
    /// apart), antialiasing yellow.
    public let heatMap: RasterImage
}

public enum PixelMatch {
    /// Compares two images of the same size (`threshold` in 0...1; pixelmatch's default 0.1).
    public static func compare(_ a: RasterImage, _ b: RasterImage, threshold: Double = 0.1) -> PixelDifference? {
        guard a.width == b.width, a.height == b.height else { return nil }
        let width = a.width, height = a.height
        let maxDelta = 35215 * threshold * threshold
        var heat = [UInt8](repeating: 255, count: width * height * 4)
        var count = 0, antialiased = 0
        a.pixels.withUnsafeBufferPointer { one in
            b.pixels.withUnsafeBufferPointer { two in
                for y in 0..<height {
                    for x in 0..<width {
                        let position = (y * width + x) * 4
                        let delta = colorDelta(one, two, position, position, brightnessOnly: false)
                        if abs(delta) > maxDelta {
                            if isAntialiased(one, x, y, width, height, other: two) || isAntialiased(two, x, y, width, height, other: one) {
                                antialiased += 1
                                heat[position] = 255; heat[position + 1] = 255; heat[position + 2] = 0
                            } else {
                                count += 1
                                // Brighter red the nearer the distance is to the largest possible.
                                let strength = min(1, abs(delta) / 35215)
                                heat[position] = 255
                                heat[position + 1] = UInt8(200 * (1 - strength))
                                heat[position + 2] = UInt8(200 * (1 - strength))
                            }
                        } else {
                            // The reference, faded: where the differences are in the picture.
                            let grey = UInt8(max(0, min(255, blend(luma(one, position), alpha: 0.1 * Double(one[position + 3]) / 255))))
                            heat[position] = grey; heat[position + 1] = grey; heat[position + 2] = grey
                        }
                        heat[position + 3] = 255
                    }
                }
            }
        }
        return PixelDifference(count: count, antialiased: antialiased, heatMap: RasterImage(width: width, height: height, validatedPixels: heat))
    }

    private static func blend(_ channel: Double, alpha: Double) -> Double { 255 + (channel - 255) * alpha }

    private static func luma(_ image: UnsafeBufferPointer<UInt8>, _ position: Int) -> Double {
        rgbToY(Double(image[position]), Double(image[position + 1]), Double(image[position + 2]))
    }

    private static func rgbToY(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }
    private static func rgbToI(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.59597799 - g * 0.27417610 - b * 0.32180189 }
    private static func rgbToQ(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.21147017 - g * 0.52261711 + b * 0.31114694 }

    /// The squared YIQ distance of pixel `k` of `one` and `m` of `two`, negative when the second
    /// is brighter; with `brightnessOnly`, the difference of their Y alone.
    static func colorDelta(_ one: UnsafeBufferPointer<UInt8>, _ two: UnsafeBufferPointer<UInt8>, _ k: Int, _ m: Int, brightnessOnly: Bool) -> Double {
        if one[k] == two[m] && one[k + 1] == two[m + 1] && one[k + 2] == two[m + 2] && one[k + 3] == two[m + 3] { return 0 }
        var r1 = Double(one[k]), g1 = Double(one[k + 1]), b1 = Double(one[k + 2])
        var r2 = Double(two[m]), g2 = Double(two[m + 1]), b2 = Double(two[m + 2])
        let a1 = Double(one[k + 3]) / 255, a2 = Double(two[m + 3]) / 255
        if a1 < 1 { r1 = blend(r1, alpha: a1); g1 = blend(g1, alpha: a1); b1 = blend(b1, alpha: a1) }
        if a2 < 1 { r2 = blend(r2, alpha: a2); g2 = blend(g2, alpha: a2); b2 = blend(b2, alpha: a2) }
        let y1 = rgbToY(r1, g1, b1), y2 = rgbToY(r2, g2, b2)
        let y = y1 - y2
        if brightnessOnly { return y }
        let i = rgbToI(r1, g1, b1) - rgbToI(r2, g2, b2)
        let q = rgbToQ(r1, g1, b1) - rgbToQ(r2, g2, b2)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    /// Whether pixel (x, y) of `image` is antialiasing: among its 8 neighbours at most 2 equal
    /// it, some are darker and some brighter, and the darkest or the brightest lies in a flat
    /// area (3 or more equal neighbours) in both images.
    static func isAntialiased(_ image: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int,
                              other: UnsafeBufferPointer<UInt8>) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let position = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var darkest = 0.0, brightest = 0.0
        var darkestAt = (0, 0), brightestAt = (0, 0)
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(image, image, position, (y * width + x) * 4, brightnessOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < darkest {
                    darkest = delta; darkestAt = (x, y)
                } else if delta > brightest {
                    brightest = delta; brightestAt = (x, y)
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(image, darkestAt.0, darkestAt.1, width, height) && hasManySiblings(other, darkestAt.0, darkestAt.1, width, height))
            || (hasManySiblings(image, brightestAt.0, brightestAt.1, width, height) && hasManySiblings(other, brightestAt.0, brightestAt.1, width, height))
    }

    /// Whether 3 or more of the pixel's neighbours equal it exactly (an image edge counts as one).
    static func hasManySiblings(_ image: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let position = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let other = (y * width + x) * 4
                if image[position] == image[other] && image[position + 1] == image[other + 1]
                    && image[position + 2] == image[other + 2] && image[position + 3] == image[other + 3] {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
