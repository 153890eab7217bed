// GIF frame delays are whole centiseconds; spreading the rounding keeps the total length right
// (30 fps is 3.33 cs a frame: delays go 3, 4, 3, 3, 4, 3, ...).

extension GIFEncoder {
    public static func frameDelays(count: Int, fps: Double) -> [Int] {
        guard count > 0, fps.isFinite, fps > 0 else { return [] }
        var delays: [Int] = []
        delays.reserveCapacity(count)
        var written = 0
        for index in 1...count {
            // A GIF delay is at most 65535 cs; the bound only keeps a tiny fps from trapping.
            let next = clampedInt((Double(index) * 100 / fps).rounded(), in: 0...(1 << 48))
            delays.append(max(1, next - written))
            written = max(next, written + 1)
        }
        return delays
    }
}
