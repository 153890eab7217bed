import Testing
@testable import TransitRender

/// ShadowBlur (the A8 shadow masks' blur) against the three box blurs written out plainly here:
/// each box the sum of the window (zero beyond the mask's edge) divided by the window with
/// rounding, by a division; every pass over a copy. The blur's running sums, its reciprocal for
/// the division and its row-at-a-time vertical passes must give the same bytes.
@Suite struct ShadowBlurTests {
    static func reference(_ mask: [UInt8], width: Int, height: Int, sigma: Double) -> [UInt8] {
        guard sigma >= 0.5 else { return mask }
        let radius = BackdropBlur.boxRadius(sigma: min(sigma, ShadowBlur.maximumSigma))
        let window = 2 * radius + 1
        var values = mask.map(Int.init)
        func box(_ line: [Int]) -> [Int] {
            line.indices.map { index in
                let sum = line[max(0, index - radius)...min(line.count - 1, index + radius)].reduce(0, +)
                return (sum + window / 2) / window
            }
        }
        for _ in 0..<3 {
            for y in 0..<height {
                let row = box(Array(values[(y * width)..<((y + 1) * width)]))
                for x in 0..<width { values[y * width + x] = row[x] }
            }
            for x in 0..<width {
                let column = box((0..<height).map { values[$0 * width + x] })
                for y in 0..<height { values[y * width + x] = column[y] }
            }
        }
        return values.map { UInt8($0) }
    }

    @Test func theBlurIsTheThreeBoxesItStandsFor() {
        var generator = SeededGenerator(seed: 26)
        // Sizes below, at and above the boxes' reach; sparse shapes and noise; sigmas from under
        // half a pixel (no blur) to wider than the mask.
        for (width, height, sigma) in [(1, 1, 3.0), (7, 5, 0.4), (7, 5, 0.5), (31, 17, 2.0), (40, 3, 6.5), (3, 40, 6.5),
                                       (64, 48, 13.0), (20, 20, 40.0), (9, 70, 1.3)] {
            var mask = [UInt8](repeating: 0, count: width * height)
            for index in mask.indices where UInt8.random(in: 0...255, using: &generator) < 60 {
                mask[index] = [255, 128, 1, UInt8.random(in: 0...255, using: &generator)].randomElement(using: &generator)!
            }
            let stride = width + 3  // rows padded, as cairo's are
            var padded = [UInt8](repeating: 0xAB, count: stride * height)
            for y in 0..<height { for x in 0..<width { padded[y * stride + x] = mask[y * width + x] } }
            padded.withUnsafeMutableBufferPointer { ShadowBlur.blur($0.baseAddress!, width: width, height: height, stride: stride, sigma: sigma) }
            let blurred = (0..<height).flatMap { y in padded[(y * stride)..<(y * stride + width)] }
            #expect(blurred == Self.reference(mask, width: width, height: height, sigma: sigma), "\(width)×\(height), σ \(sigma)")
            #expect((0..<height).allSatisfy { y in padded[(y * stride + width)..<((y + 1) * stride)].allSatisfy { $0 == 0xAB } },
                    "the padding between rows is left alone")
        }
    }

    @Test func theReciprocalDividesExactlyForEveryWindowAndSum() {
        for window in [1, 3, 5, 7, 9, 25, 101, 255, 1001, 4097, 8193] {
            let divide = ShadowBlur.Divider(window: window)
            for sum in stride(from: 0, through: 255 * window, by: max(1, window / 7)) {
                #expect(Int(divide(Int64(sum))) == (sum + window / 2) / window, "window \(window), sum \(sum)")
            }
            #expect(Int(divide(Int64(255 * window))) == 255)
        }
    }
}
