import Foundation
import Testing
@testable import TransitCore

private func number(_ value: AnimatableValue) -> Double {
    if case let .number(n) = value { return n }
    return .nan
}

/// Independent Catmull-Rom: Hermite basis with tangents (p[i+1] − p[i−1]) / 2, ends repeated.
private func hermiteCatmullRom(_ p: [Double], segment i: Int, s: Double) -> Double {
    func at(_ j: Int) -> Double { p[min(max(j, 0), p.count - 1)] }
    let m0 = (at(i + 1) - at(i - 1)) / 2, m1 = (at(i + 2) - at(i)) / 2
    let h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s
    let h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s
    return h00 * at(i) + h10 * m0 + h01 * at(i + 1) + h11 * m1
}

struct KeyframeTrackTests {
    @Test func linearUsesKeyTimes() {
        let track = KeyframeTrack(values: [.number(0), .number(10), .number(20)], keyTimes: [0, 0.25, 1], mode: .linear)
        #expect(number(track.value(at: 0)) == 0)
        #expect(abs(number(track.value(at: 0.125)) - 5) < 1e-12)
        #expect(number(track.value(at: 0.25)) == 10)
        #expect(abs(number(track.value(at: 0.625)) - 15) < 1e-12)
        #expect(number(track.value(at: 1)) == 20)
        #expect(number(track.value(at: 1.5)) == 20)
        #expect(number(track.value(at: -1)) == 0)
        #expect(number(track.value(at: .nan)) == 0)
    }

    @Test func invalidKeyTimesFallBackToEvenSpacing() {
        let values: [AnimatableValue] = [.number(0), .number(10), .number(40)]
        for keyTimes in [[], [0, 1], [0, 0.8, 0.5], [0, .nan, 1], [0, 0.5, 1.5]] as [[Double]] {
            let track = KeyframeTrack(values: values, keyTimes: keyTimes, mode: .linear)
            #expect(track.resolvedKeyTimes == [0, 0.5, 1])
            #expect(abs(number(track.value(at: 0.75)) - 25) < 1e-12)
        }
        let discrete = KeyframeTrack(values: values, keyTimes: [0.5], mode: .discrete)
        #expect(number(discrete.value(at: 0.3)) == 0)
        #expect(number(discrete.value(at: 0.34)) == 10)
        #expect(number(discrete.value(at: 0.7)) == 40)
    }

    @Test func zeroLengthSegmentIsAJump() {
        let track = KeyframeTrack(values: [.number(0), .number(1), .number(5), .number(6)], keyTimes: [0, 0.5, 0.5, 1], mode: .linear)
        #expect(abs(number(track.value(at: 0.499999)) - 0.999998) < 1e-9)
        #expect(number(track.value(at: 0.5)) == 5)
        #expect(abs(number(track.value(at: 0.75)) - 5.5) < 1e-12)
    }

    @Test func discreteHoldsEachValueOverItsInterval() {
        let values: [AnimatableValue] = [.number(1), .number(2), .number(3)]
        let track = KeyframeTrack(values: values, keyTimes: [0, 0.5, 0.8], mode: .discrete)
        #expect(number(track.value(at: 0)) == 1)
        #expect(number(track.value(at: 0.49)) == 1)
        #expect(number(track.value(at: 0.5)) == 2)
        #expect(number(track.value(at: 0.79)) == 2)
        #expect(number(track.value(at: 0.8)) == 3)
        #expect(number(track.value(at: 1)) == 3)
        // Core Animation's n + 1 form.
        let closed = KeyframeTrack(values: values, keyTimes: [0, 0.2, 0.6, 1], mode: .discrete)
        #expect(number(closed.value(at: 0.19)) == 1)
        #expect(number(closed.value(at: 0.2)) == 2)
        #expect(number(closed.value(at: 0.6)) == 3)
        #expect(number(closed.value(at: 1)) == 3)
    }

    @Test func pacedMovesAtConstantSpeed() {
        let values: [AnimatableValue] = [.point(Point(x: 0, y: 0)), .point(Point(x: 3, y: 4)), .point(Point(x: 3, y: 14))]
        let track = KeyframeTrack(values: values, keyTimes: [0, 0.9, 1], mode: .paced)  // key times ignored
        #expect(track.resolvedKeyTimes.count == 3)
        #expect(abs(track.resolvedKeyTimes[1] - 1.0 / 3) < 1e-12)
        // Path length 15: at fraction f the point is 15·f along the polyline.
        for f in stride(from: 0.0, through: 1.0, by: 0.05) {
            let travelled = 15 * f
            let expected = travelled <= 5
                ? Point(x: 3 * travelled / 5, y: 4 * travelled / 5)
                : Point(x: 3, y: 4 + (travelled - 5))
            guard case let .point(p) = track.value(at: f) else { Issue.record("case"); continue }
            #expect(abs(p.x - expected.x) < 1e-9 && abs(p.y - expected.y) < 1e-9)
        }
        // All values equal: no distance, even spacing, no division by zero.
        let still = KeyframeTrack(values: [.number(2), .number(2), .number(2)], keyTimes: [], mode: .paced)
        #expect(still.resolvedKeyTimes == [0, 0.5, 1])
        #expect(number(still.value(at: 0.3)) == 2)
    }

    @Test func cubicIsCatmullRomThroughTheValues() {
        let raw = [0.0, 2, 3, 7, 4]
        let keyTimes = [0, 0.1, 0.5, 0.6, 1]
        let track = KeyframeTrack(values: raw.map { .number($0) }, keyTimes: keyTimes, mode: .cubic)
        for (value, time) in zip(raw, keyTimes) {
            #expect(abs(number(track.value(at: time)) - value) < 1e-12)
        }
        for f in stride(from: 0.0, through: 1.0, by: 0.01) {
            let segment = (0..<(keyTimes.count - 1)).last { keyTimes[$0] <= f }!
            let s = (f - keyTimes[segment]) / (keyTimes[segment + 1] - keyTimes[segment])
            let expected = hermiteCatmullRom(raw, segment: min(segment, raw.count - 2), s: min(s, 1))
            #expect(abs(number(track.value(at: f)) - expected) < 1e-9, "f \(f)")
        }
        // Uniform midpoint of an interior segment: (−p0 + 9p1 + 9p2 − p3) / 16.
        let uniform = KeyframeTrack(values: [0.0, 2, 3, 7].map { .number($0) }, keyTimes: [], mode: .cubic)
        #expect(abs(number(uniform.value(at: 0.5)) - (-0 + 18 + 27 - 7) / 16.0) < 1e-12)
    }

    @Test func cubicWorksComponentWiseOnPoints() {
        let xs = [0.0, 10, 0, 10], ys = [0.0, 5, 20, 30]
        let values = zip(xs, ys).map { AnimatableValue.point(Point(x: $0, y: $1)) }
        let track = KeyframeTrack(values: values, keyTimes: [0, 1.0 / 3, 2.0 / 3, 1], mode: .cubic)
        for f in stride(from: 0.0, through: 1.0, by: 0.05) {
            let segment = min(Int(f * 3), 2)
            let s = f * 3 - Double(segment)
            guard case let .point(p) = track.value(at: f) else { Issue.record("case"); continue }
            #expect(abs(p.x - hermiteCatmullRom(xs, segment: segment, s: s)) < 1e-9)
            #expect(abs(p.y - hermiteCatmullRom(ys, segment: segment, s: s)) < 1e-9)
        }
    }

    @Test func cubicTransformsFallBackToLinearDecomposition() {
        let values: [AnimatableValue] = [.transform(.identity), .transform(.rotation(.pi / 2, 0, 0, 1)), .transform(.scale(2, 2, 1))]
        let cubic = KeyframeTrack(values: values, keyTimes: [0, 0.5, 1], mode: .cubic)
        let linear = KeyframeTrack(values: values, keyTimes: [0, 0.5, 1], mode: .linear)
        for f in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(cubic.value(at: f) == linear.value(at: f))
        }
        #expect(valuesNearlyEqual(cubic.value(at: 0.25), .transform(.rotation(.pi / 4, 0, 0, 1))))
    }

    @Test func cubicPacedUsesPacedTimesWithCatmullRom() {
        let raw = [0.0, 1, 4]  // distances 1 and 3: key times 0, 0.25, 1
        let track = KeyframeTrack(values: raw.map { .number($0) }, keyTimes: [0, 0.9, 1], mode: .cubicPaced)
        #expect(track.resolvedKeyTimes == [0, 0.25, 1])
        for f in stride(from: 0.0, through: 1.0, by: 0.05) {
            let segment = f < 0.25 ? 0 : 1
            let s = segment == 0 ? f / 0.25 : (f - 0.25) / 0.75
            #expect(abs(number(track.value(at: f)) - hermiteCatmullRom(raw, segment: segment, s: s)) < 1e-9)
        }
    }

    @Test func degenerateTracks() {
        #expect(KeyframeTrack(values: [], keyTimes: [], mode: .linear).value(at: 0.5) == .number(0))
        for mode in KeyframeCalculationMode.allCases {
            #expect(KeyframeTrack(values: [.number(9)], keyTimes: [0.3], mode: mode).value(at: 0.7) == .number(9))
            #expect(KeyframeTrack(values: [], keyTimes: [0, 1], mode: mode).value(at: .nan) == .number(0))
            let mixed = KeyframeTrack(values: [.number(1), .point(.zero), .number(3)], keyTimes: [], mode: mode)
            _ = mixed.value(at: 0.3)
            _ = mixed.value(at: .infinity)
        }
    }
}
