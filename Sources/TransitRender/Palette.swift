// One global GIF palette for a whole animation: median cut over a 5-bit-per-channel histogram of
// every pixel of every frame (translucent pixels composited over white), then a 32×32×32
// nearest-colour table so mapping a pixel is one lookup. Deterministic: no randomness, stable
// tie-breaks, and the histogram is integer sums, so the order frames are added in (by whichever
// worker finishes first) cannot change it.

/// The colour statistics a palette is built from: per 5-bit bin, how many pixels fell in it and
/// the sums of their channels. Compact (one fixed-size table however many frames are added), so
/// frames can be counted as they are drawn and then dropped.
public struct ColourHistogram: Sendable {
    var counts: [Int]
    var sums: [Int]  // r, g, b of bin i at 3i, 3i+1, 3i+2

    public init() {
        counts = [Int](repeating: 0, count: Palette.binCount)
        sums = [Int](repeating: 0, count: Palette.binCount * 3)
    }

    /// Counts every pixel of `frame`. Runs of identical pixels (most of a UI frame) are counted
    /// at once.
    public mutating func add(_ frame: RasterImage) { count(frame) }

    /// Counts every pixel of a frame still in the rasterizer's buffer; the same counts as adding
    /// `frame.makeImage()`.
    public mutating func add(_ frame: RasterFrame) { count(frame) }

    private mutating func count<Pixels: PixelRuns>(_ frame: Pixels) {
        counts.withUnsafeMutableBufferPointer { counts in
            sums.withUnsafeMutableBufferPointer { sums in
                frame.forEachRun { _, run, rgba in
                    let (r, g, b) = Palette.flatten(rgba & 0xFF, (rgba >> 8) & 0xFF, (rgba >> 16) & 0xFF, rgba >> 24)
                    let bin = Palette.bin(r, g, b)
                    counts[bin] += run
                    sums[3 * bin] += Int(r) * run; sums[3 * bin + 1] += Int(g) * run; sums[3 * bin + 2] += Int(b) * run
                }
            }
        }
    }

    public mutating func add(_ other: ColourHistogram) {
        for bin in 0..<Palette.binCount where other.counts[bin] > 0 {
            counts[bin] += other.counts[bin]
            sums[3 * bin] += other.sums[3 * bin]; sums[3 * bin + 1] += other.sums[3 * bin + 1]; sums[3 * bin + 2] += other.sums[3 * bin + 2]
        }
    }
}

/// Immutable once built, so frames are mapped to indices on several threads at once.
public struct Palette: Sendable {
    private(set) var colors: [(red: UInt8, green: UInt8, blue: UInt8)]
    /// Palette index per bin, for every bin the histogram saw (others are computed on demand).
    private let lookup: [UInt16]
    private let binColors: [(red: Int, green: Int, blue: Int)]

    static let binCount = 32 * 32 * 32
    static let unknown: UInt16 = 0xFFFF

    @inline(__always)
    static func flatten(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) -> (UInt32, UInt32, UInt32) {
        if a == 255 { return (r, g, b) }
        let background = 255 * (255 - a)
        return ((r * a + background + 127) / 255, (g * a + background + 127) / 255, (b * a + background + 127) / 255)
    }

    @inline(__always)
    static func bin(_ r: UInt32, _ g: UInt32, _ b: UInt32) -> Int {
        Int(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3))
    }

    public init(frames: [RasterImage], maximumColors: Int = 256) {
        var histogram = ColourHistogram()
        for frame in frames { histogram.add(frame) }
        self.init(histogram: histogram, maximumColors: maximumColors)
    }

    public init(histogram: ColourHistogram, maximumColors: Int = 256) {
        let counts = histogram.counts, sums = histogram.sums
        var bins: [(bin: Int, count: Int, color: (Int, Int, Int))] = []
        binColors = (0..<Palette.binCount).map { bin in
            let c = counts[bin]
            if c == 0 { return (((bin >> 10) & 31) * 8 + 4, ((bin >> 5) & 31) * 8 + 4, (bin & 31) * 8 + 4) }
            return ((sums[3 * bin] + c / 2) / c, (sums[3 * bin + 1] + c / 2) / c, (sums[3 * bin + 2] + c / 2) / c)
        }
        for bin in 0..<Palette.binCount where counts[bin] > 0 {
            bins.append((bin, counts[bin], binColors[bin]))
        }
        var colors = Palette.medianCut(bins, maximumColors: max(1, min(256, maximumColors)))
        if colors.isEmpty { colors = [(255, 255, 255)] }
        var lookup = [UInt16](repeating: Palette.unknown, count: Palette.binCount)
        for entry in bins { lookup[entry.bin] = Palette.nearest(binColors[entry.bin], in: colors) }
        self.colors = colors
        self.lookup = lookup
    }

    private static func medianCut(_ bins: [(bin: Int, count: Int, color: (Int, Int, Int))],
                                  maximumColors: Int) -> [(red: UInt8, green: UInt8, blue: UInt8)] {
        typealias Entry = (bin: Int, count: Int, color: (Int, Int, Int))
        func channel(_ entry: Entry, _ index: Int) -> Int {
            index == 0 ? entry.color.0 : index == 1 ? entry.color.1 : entry.color.2
        }
        func widest(_ box: [Entry]) -> (channel: Int, range: Int) {
            var best = (channel: 0, range: -1)
            for index in 0..<3 {
                var low = Int.max, high = Int.min
                for entry in box { let v = channel(entry, index); low = min(low, v); high = max(high, v) }
                if high - low > best.range { best = (index, high - low) }
            }
            return best
        }
        var boxes: [[Entry]] = bins.isEmpty ? [] : [bins]
        while boxes.count < maximumColors {
            var chosen = -1, chosenScore = 0.0
            for (index, box) in boxes.enumerated() where box.count > 1 {
                let population = box.reduce(0) { $0 + $1.count }
                let score = Double(widest(box).range + 1) * Double(population).squareRoot()
                if score > chosenScore { chosen = index; chosenScore = score }
            }
            guard chosen >= 0 else { break }
            let axis = widest(boxes[chosen]).channel
            let sorted = boxes[chosen].sorted {
                channel($0, axis) != channel($1, axis) ? channel($0, axis) < channel($1, axis) : $0.bin < $1.bin
            }
            let half = sorted.reduce(0) { $0 + $1.count } / 2
            var running = 0, split = 1
            for (index, entry) in sorted.enumerated() {
                running += entry.count
                if running >= half { split = index + 1; break }
            }
            split = min(max(1, split), sorted.count - 1)
            boxes[chosen] = Array(sorted[..<split])
            boxes.append(Array(sorted[split...]))
        }
        return boxes.map { box in
            let population = max(1, box.reduce(0) { $0 + $1.count })
            let r = box.reduce(0) { $0 + $1.color.0 * $1.count }, g = box.reduce(0) { $0 + $1.color.1 * $1.count }
            let b = box.reduce(0) { $0 + $1.color.2 * $1.count }
            return (UInt8((r + population / 2) / population), UInt8((g + population / 2) / population),
                    UInt8((b + population / 2) / population))
        }
    }

    /// Maps one frame to palette indices. A bin the histogram never saw (only when a frame is
    /// mapped that was not counted) gets the entry nearest its centre.
    public func indices(for frame: RasterImage, into output: inout [UInt8]) { map(frame, into: &output) }

    /// The same indices as for `frame.makeImage()`, read from the rasterizer's buffer.
    public func indices(for frame: RasterFrame, into output: inout [UInt8]) { map(frame, into: &output) }

    private func map<Pixels: PixelRuns>(_ frame: Pixels, into output: inout [UInt8]) {
        let count = frame.width * frame.height
        if output.count != count { output = [UInt8](repeating: 0, count: count) }
        let palette = colors
        let representatives = binColors
        lookup.withUnsafeBufferPointer { table in
            output.withUnsafeMutableBufferPointer { target in
                frame.forEachRun { start, run, rgba in
                    let (r, g, b) = Palette.flatten(rgba & 0xFF, (rgba >> 8) & 0xFF, (rgba >> 16) & 0xFF, rgba >> 24)
                    let bin = Palette.bin(r, g, b)
                    var entry = table[bin]
                    if entry == Palette.unknown { entry = Palette.nearest(representatives[bin], in: palette) }
                    (target.baseAddress! + start).update(repeating: UInt8(truncatingIfNeeded: entry), count: run)
                }
            }
        }
    }

    /// The index of an opaque colour (already flattened over white).
    @inline(__always)
    func index(ofFlattened r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt8 {
        let bin = Palette.bin(r, g, b)
        var entry = lookup[bin]
        if entry == Palette.unknown { entry = Palette.nearest(binColors[bin], in: colors) }
        return UInt8(truncatingIfNeeded: entry)
    }

    private static func nearest(_ color: (red: Int, green: Int, blue: Int),
                                in palette: [(red: UInt8, green: UInt8, blue: UInt8)]) -> UInt16 {
        var best = 0, bestDistance = Int.max
        for (index, entry) in palette.enumerated() {
            let dr = Int(entry.red) - color.red, dg = Int(entry.green) - color.green, db = Int(entry.blue) - color.blue
            let distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db
            if distance < bestDistance { best = index; bestDistance = distance }
        }
        return UInt16(best)
    }
}
