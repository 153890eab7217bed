import Foundation
import Testing
@testable import TransitCore

/// Independent reference: Bernstein form of the curve, and plain bisection on t to 1e-13.
private func referenceValue(_ p1: Point, _ p2: Point, at x: Double) -> Double {
    func bezier(_ a: Double, _ b: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    var low = 0.0, high = 1.0
    while high - low > 1e-13 {
        let mid = (low + high) / 2
        if bezier(p1.x, p2.x, mid) < x { low = mid } else { high = mid }
    }
    return bezier(p1.y, p2.y, (low + high) / 2)
}

struct TimingFunctionTests {
    static let curves: [(String, Point, Point)] = [
        ("default", Point(x: 0.25, y: 0.1), Point(x: 0.25, y: 1)),
        ("easeIn", Point(x: 0.42, y: 0), Point(x: 1, y: 1)),
        ("easeOut", Point(x: 0, y: 0), Point(x: 0.58, y: 1)),
        ("easeInEaseOut", Point(x: 0.42, y: 0), Point(x: 0.58, y: 1)),
        ("linear", Point(x: 0, y: 0), Point(x: 1, y: 1)),
    ]

    @Test(arguments: curves.map(\.0))
    func namedCurvesMatchIndependentSolver(name: String) throws {
        let entry = try #require(Self.curves.first { $0.0 == name })
        let function = try #require(TimingFunction.named(name))
        #expect(function.controlPoint1 == entry.1 && function.controlPoint2 == entry.2)
        for step in 0...2000 {
            let x = Double(step) / 2000
            let expected = referenceValue(entry.1, entry.2, at: x)
            #expect(abs(function.value(at: x) - expected) < 1e-6, "\(name) at \(x)")
        }
    }

    @Test(arguments: [
        (Point(x: 0, y: 1), Point(x: 1, y: 0)),
        (Point(x: 1, y: 0), Point(x: 0, y: 1)),
        (Point(x: 0.1, y: 1.5), Point(x: 0.3, y: -0.5)),
        (Point(x: 0.9, y: 0.1), Point(x: 0.1, y: 0.9)),
        (Point(x: 0.68, y: -0.55), Point(x: 0.265, y: 1.55)),
        (Point(x: 0.05, y: 0.7), Point(x: 0.1, y: 1)),
    ])
    func arbitraryCurvesMatchIndependentSolver(first: Point, second: Point) {
        let function = TimingFunction(controlPoint1: first, controlPoint2: second)
        for step in 0...4000 {
            let x = Double(step) / 4000
            #expect(abs(function.value(at: x) - referenceValue(first, second, at: x)) < 1e-6, "\(first) \(second) at \(x)")
        }
        for x in [1e-9, 1e-7, 1e-5, 1 - 1e-5, 1 - 1e-7, 1 - 1e-9] {
            #expect(abs(function.value(at: x) - referenceValue(first, second, at: x)) < 1e-6)
        }
    }

    @Test func easeInEaseOutIsSymmetric() {
        #expect(TimingFunction.easeInEaseOut.value(at: 0.5) == 0.5)
        for x in stride(from: 0.0, through: 1.0, by: 0.01) {
            let sum = TimingFunction.easeInEaseOut.value(at: x) + TimingFunction.easeInEaseOut.value(at: 1 - x)
            #expect(abs(sum - 1) < 1e-9)
        }
    }

    @Test func outOfRangeAndNonFiniteInputs() {
        let function = TimingFunction.default
        #expect(function.value(at: -0.5) == 0)
        #expect(function.value(at: 0) == 0)
        #expect(function.value(at: 1) == 1)
        #expect(function.value(at: 7) == 1)
        #expect(function.value(at: .nan) == 0)
        #expect(function.value(at: .infinity) == 1)
        #expect(function.value(at: -.infinity) == 0)
        #expect(TimingFunction.named("bogus") == nil)
    }

    @Test func nonFiniteControlPointsGiveLinearAndXIsClamped() {
        let broken = TimingFunction(controlPoint1: Point(x: .nan, y: 0), controlPoint2: Point(x: 1, y: .infinity))
        #expect(broken == .linear)
        #expect(broken.value(at: 0.3) == 0.3)
        let clamped = TimingFunction(controlPoint1: Point(x: -1, y: 0.2), controlPoint2: Point(x: 3, y: 0.8))
        #expect(clamped.controlPoint1.x == 0 && clamped.controlPoint2.x == 1)
        for step in 0...100 {
            let x = Double(step) / 100
            #expect(abs(clamped.value(at: x) - referenceValue(Point(x: 0, y: 0.2), Point(x: 1, y: 0.8), at: x)) < 1e-6)
        }
    }

    @Test func namedCurvesAreMonotone() {
        for name in ["default", "easeIn", "easeOut", "easeInEaseOut", "linear"] {
            let function = TimingFunction.named(name)!
            var previous = 0.0
            for step in 0...1000 {
                let y = function.value(at: Double(step) / 1000)
                #expect(y >= previous - 1e-12)
                previous = y
            }
        }
    }
}
