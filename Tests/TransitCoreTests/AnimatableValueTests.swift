import Foundation
import Testing
@testable import TransitCore

struct AnimatableValueTests {
    static let fractions = [0.0, 0.25, 0.5, 0.9, 1.0, -0.3, 1.4]

    // Reference blend written as the weighted average, not the implementation's a + (b − a)·f.
    private func blend(_ a: Double, _ b: Double, _ f: Double) -> Double { (1 - f) * a + f * b }

    @Test func numbersPointsSizesRectsAndColorsBlendComponentWise() {
        for f in Self.fractions {
            let number = AnimatableValue.interpolate(from: .number(-2), to: .number(6), fraction: f)
            guard case let .number(n) = number else { Issue.record("case"); continue }
            #expect(abs(n - blend(-2, 6, f)) < 1e-12)

            let point = AnimatableValue.interpolate(from: .point(Point(x: 1, y: 2)), to: .point(Point(x: -3, y: 10)), fraction: f)
            guard case let .point(p) = point else { Issue.record("case"); continue }
            #expect(abs(p.x - blend(1, -3, f)) < 1e-12 && abs(p.y - blend(2, 10, f)) < 1e-12)

            let size = AnimatableValue.interpolate(from: .size(Size(width: 10, height: 0)), to: .size(Size(width: 0, height: 40)), fraction: f)
            guard case let .size(s) = size else { Issue.record("case"); continue }
            #expect(abs(s.width - blend(10, 0, f)) < 1e-12 && abs(s.height - blend(0, 40, f)) < 1e-12)

            let from = Rect(x: 0, y: 20, width: 100, height: 50), to = Rect(x: 40, y: -20, width: 300, height: 10)
            let rect = AnimatableValue.interpolate(from: .rect(from), to: .rect(to), fraction: f)
            guard case let .rect(r) = rect else { Issue.record("case"); continue }
            #expect(abs(r.x - blend(0, 40, f)) < 1e-12 && abs(r.y - blend(20, -20, f)) < 1e-12)
            #expect(abs(r.width - blend(100, 300, f)) < 1e-12 && abs(r.height - blend(50, 10, f)) < 1e-12)

            let color = AnimatableValue.interpolate(from: .color(Color(red: 1, green: 0, blue: 0.5, alpha: 1)),
                                                    to: .color(Color(red: 0, green: 1, blue: 0.5, alpha: 0)), fraction: f)
            guard case let .color(c) = color else { Issue.record("case"); continue }
            #expect(abs(c.red - blend(1, 0, f)) < 1e-12 && abs(c.green - blend(0, 1, f)) < 1e-12)
            #expect(abs(c.blue - 0.5) < 1e-12 && abs(c.alpha - blend(1, 0, f)) < 1e-12)
        }
    }

    @Test func endpointsAreExact() {
        let a = AnimatableValue.number(0.1), b = AnimatableValue.number(0.7)
        #expect(AnimatableValue.interpolate(from: a, to: b, fraction: 0) == a)
        #expect(AnimatableValue.interpolate(from: a, to: b, fraction: 1) == b)
        let t0 = AnimatableValue.transform(Transform3D.rotation(0.3, 1, 2, 3).translated(4, 5, 6))
        let t1 = AnimatableValue.transform(Transform3D.scale(2, 3, 4))
        #expect(AnimatableValue.interpolate(from: t0, to: t1, fraction: 0) == t0)
        #expect(AnimatableValue.interpolate(from: t0, to: t1, fraction: 1) == t1)
    }

    @Test func mismatchedCasesAndNonFiniteFractions() {
        let number = AnimatableValue.number(3), point = AnimatableValue.point(Point(x: 1, y: 1))
        #expect(AnimatableValue.interpolate(from: number, to: point, fraction: 0.2) == point)
        #expect(AnimatableValue.interpolate(from: number, to: point, fraction: 0) == point)
        #expect(number.adding(point) == number)
        #expect(number.subtracting(point) == number)
        #expect(number.distance(to: point) == 0)
        let other = AnimatableValue.number(5)
        #expect(AnimatableValue.interpolate(from: number, to: other, fraction: .nan) == number)
        #expect(AnimatableValue.interpolate(from: number, to: other, fraction: -.infinity) == number)
        #expect(AnimatableValue.interpolate(from: number, to: other, fraction: .infinity) == other)
    }

    static let samples: [AnimatableValue] = [
        .number(2.5),
        .point(Point(x: 3, y: -4)),
        .size(Size(width: 7, height: 9)),
        .rect(Rect(x: 1, y: 2, width: 3, height: 4)),
        .color(Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)),
        .transform(Transform3D.rotation(0.7, 0, 0, 1).translated(10, 20, 0)),
    ]
    static let deltas: [AnimatableValue] = [
        .number(-1),
        .point(Point(x: 0.5, y: 0.25)),
        .size(Size(width: -2, height: 1)),
        .rect(Rect(x: -1, y: 1, width: 10, height: -2)),
        .color(Color(red: 0.1, green: -0.1, blue: 0.2, alpha: -0.3)),
        .transform(Transform3D.scale(2, 2, 1).rotated(0.3, 0, 0, 1)),
    ]

    @Test func addingSubtractingAndZero() {
        for (value, delta) in zip(Self.samples, Self.deltas) {
            #expect(value.adding(value.zero) == value)
            #expect(valuesNearlyEqual(value.subtracting(value), value.zero))
            #expect(valuesNearlyEqual(value.adding(delta).subtracting(delta), value))
            #expect(valuesNearlyEqual(value.subtracting(delta).adding(delta), value))
        }
        #expect(AnimatableValue.number(2).adding(.number(3)) == .number(5))
        #expect(AnimatableValue.rect(Rect(x: 1, y: 2, width: 3, height: 4)).adding(.rect(Rect(x: 1, y: 1, width: 1, height: 1)))
                == .rect(Rect(x: 2, y: 3, width: 4, height: 5)))
        // Transforms: the added transform applies first (local space), as CATransform3DRotate does.
        let base = Transform3D.translation(100, 0, 0)
        let rotation = Transform3D.rotation(.pi / 2, 0, 0, 1)
        #expect(valuesNearlyEqual(AnimatableValue.transform(base).adding(.transform(rotation)), .transform(base.rotated(.pi / 2, 0, 0, 1))))
        // A singular delta cannot be removed.
        let singular = AnimatableValue.transform(.scale(0, 1, 1))
        #expect(AnimatableValue.transform(base).subtracting(singular) == .transform(base))
        #expect(AnimatableValue.transform(base).zero == .transform(.identity))
        #expect(AnimatableValue.color(.init(white: 1)).zero == .color(Color(red: 0, green: 0, blue: 0, alpha: 0)))
    }

    @Test func distances() {
        #expect(AnimatableValue.point(Point(x: 0, y: 0)).distance(to: .point(Point(x: 3, y: 4))) == 5)
        #expect(AnimatableValue.number(-2).distance(to: .number(5)) == 7)
        #expect(AnimatableValue.rect(.zero).distance(to: .rect(Rect(x: 1, y: 1, width: 1, height: 1))) == 2)
        let a = Transform3D.identity, b = Transform3D.translation(3, 4, 12)
        #expect(AnimatableValue.transform(a).distance(to: .transform(b)) == 13)
    }
}
