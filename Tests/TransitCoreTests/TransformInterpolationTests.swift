import Foundation
import Testing
@testable import TransitCore

private func nearlyEqual(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
    zip(a.elements, b.elements).allSatisfy { abs($0 - $1) <= tolerance }
}

private func mapped(_ m: Transform3D, _ x: Double, _ y: Double, _ z: Double) -> (Double, Double, Double) {
    let projected = m.project(x: x, y: y, z: z)
    return (projected.point.x, projected.point.y, projected.z)
}

struct TransformInterpolationTests {
    @Test func halfTurnAboutYToIdentityPassesThroughQuarterTurn() {
        let middle = Transform3D.interpolate(from: .rotation(.pi, 0, 1, 0), to: .identity, fraction: 0.5)
        let plus = Transform3D.rotation(.pi / 2, 0, 1, 0), minus = Transform3D.rotation(-.pi / 2, 0, 1, 0)
        #expect(nearlyEqual(middle, plus) || nearlyEqual(middle, minus))
        // Mapped points: y axis fixed, x axis lands on ±z, z axis on ∓x (a rotation, not a squash).
        let (ax, ay, az) = mapped(middle, 1, 0, 0)
        #expect(abs(ax) < 1e-9 && abs(ay) < 1e-9 && abs(abs(az) - 1) < 1e-9)
        let (bx, by, bz) = mapped(middle, 0, 1, 0)
        #expect(abs(bx) < 1e-9 && abs(by - 1) < 1e-9 && abs(bz) < 1e-9)
        let (cx, _, cz) = mapped(middle, 0, 0, 1)
        #expect(abs(abs(cx) - 1) < 1e-9 && abs(cz) < 1e-9 && cx * az < 0)
    }

    @Test func scaleAndTranslationInterpolateLinearly() {
        for f in [0.0, 0.25, 0.5, 0.8, 1.0, -0.2, 1.3] {
            let scale = Transform3D.interpolate(from: .identity, to: .scale(2, 2, 2), fraction: f)
            #expect(nearlyEqual(scale, .scale(1 + f, 1 + f, 1 + f)))
            let translation = Transform3D.interpolate(from: .translation(10, -20, 5), to: .translation(-30, 40, 0), fraction: f)
            #expect(nearlyEqual(translation, .translation(10 - 40 * f, -20 + 60 * f, 5 - 5 * f)))
        }
        #expect(abs(Transform3D.interpolate(from: .identity, to: .scale(2, 2, 2), fraction: 0.5).m11 - 1.5) < 1e-12)
    }

    @Test func planarRotationHasConstantAngularSpeed() {
        for f in stride(from: 0.0, through: 1.0, by: 0.125) {
            let value = Transform2D.interpolate(from: .identity, to: .rotation(.pi / 2), fraction: f)
            let expected = Transform2D.rotation(f * .pi / 2)
            #expect(abs(value.a - expected.a) < 1e-9 && abs(value.b - expected.b) < 1e-9)
            #expect(abs(value.c - expected.c) < 1e-9 && abs(value.d - expected.d) < 1e-9)
        }
        let middle = Transform3D.interpolate(from: .identity, to: .rotation(.pi / 2, 0, 0, 1), fraction: 0.5)
        #expect(nearlyEqual(middle, .rotation(.pi / 4, 0, 0, 1)))
    }

    @Test func combinedAffineMatchesComposedParts() {
        // scale(2, 3), then rotate 1 rad, then translate (40, −10): every part blends on its own.
        let target = Transform2D.scale(2, 3).concatenating(.rotation(1)).concatenating(.translation(40, -10))
        for f in [0.1, 0.5, 0.75] {
            let value = Transform2D.interpolate(from: .identity, to: target, fraction: f)
            let expected = Transform2D.scale(1 + f, 1 + 2 * f).concatenating(.rotation(f)).concatenating(.translation(40 * f, -10 * f))
            for (x, y) in zip([value.a, value.b, value.c, value.d, value.tx, value.ty],
                              [expected.a, expected.b, expected.c, expected.d, expected.tx, expected.ty]) {
                #expect(abs(x - y) < 1e-9)
            }
            #expect(Transform3D.interpolate(from: .identity, to: target.as3D, fraction: f).isAffine)
        }
    }

    static let matrices: [Transform3D] = {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        var skew = Transform3D.identity
        skew.m21 = 0.4
        skew.m31 = -0.2
        skew.m32 = 0.3
        return [
            .identity,
            .rotation(2.5, 1, -2, 0.5),
            .scale(2, 0.5, 3).concatenating(.rotation(0.8, 0, 1, 1)).concatenating(.translation(5, 6, 7)),
            skew.concatenating(.rotation(-1.2, 1, 1, 1)).concatenating(.translation(-3, 2, 0)),
            Transform3D.rotation(.pi / 3, 0, 1, 0).concatenating(.translation(0, 0, -100)).concatenating(perspective),
            .scale(-1, 1, 1),
            .scale(1, -2, 1).concatenating(.rotation(0.5, 0, 0, 1)),
            .scale(-1, -1, -1),
            .rotation(.pi, 1, 0, 0),
            .rotation(.pi, 0, 0, 1),
        ]
    }()

    @Test(arguments: 0..<matrices.count)
    func decompositionRoundTrips(index: Int) throws {
        let matrix = Self.matrices[index]
        let parts = try #require(DecomposedTransform(matrix))
        #expect(nearlyEqual(parts.recomposed, matrix), "\(matrix) → \(parts.recomposed)")
        let q = (parts.quaternionX, parts.quaternionY, parts.quaternionZ, parts.quaternionW)
        #expect(abs(q.0 * q.0 + q.1 * q.1 + q.2 * q.2 + q.3 * q.3 - 1) < 1e-12)
        // Endpoints through the decomposition path too (fractions next to 0 and 1).
        let other = Self.matrices[(index + 1) % Self.matrices.count]
        #expect(nearlyEqual(Transform3D.interpolate(from: matrix, to: other, fraction: 1e-12), matrix, 1e-8))
        #expect(nearlyEqual(Transform3D.interpolate(from: other, to: matrix, fraction: 1 - 1e-12), matrix, 1e-8))
        #expect(Transform3D.interpolate(from: matrix, to: other, fraction: 0) == matrix)
        #expect(Transform3D.interpolate(from: other, to: matrix, fraction: 1) == matrix)
    }

    @Test func perspectiveBlendsLinearly() {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        let middle = Transform3D.interpolate(from: .identity, to: perspective, fraction: 0.5)
        var expected = Transform3D.identity
        expected.m34 = -1.0 / 1000
        #expect(nearlyEqual(middle, expected, 1e-12))
    }

    @Test func mirrorStaysInItsPlane() {
        let middle = Transform3D.interpolate(from: .identity, to: .scale(-1, 1, 1), fraction: 0.5)
        #expect(nearlyEqual(middle, .scale(0, 1, 1)))
        let flipY = Transform2D.interpolate(from: .identity, to: .scale(1, -1), fraction: 0.25)
        #expect(abs(flipY.a - 1) < 1e-9 && abs(flipY.d - 0.5) < 1e-9 && abs(flipY.b) < 1e-9 && abs(flipY.c) < 1e-9)
    }

    @Test func singularMatricesSwitchAtHalfway() {
        let collapsed = Transform3D.scale(0, 0, 1)
        let start = Transform3D.translation(5, 5, 0)
        #expect(DecomposedTransform(collapsed) == nil)
        #expect(Transform3D.interpolate(from: start, to: collapsed, fraction: 0.49) == start)
        #expect(Transform3D.interpolate(from: start, to: collapsed, fraction: 0.5) == collapsed)
        #expect(Transform2D.interpolate(from: .identity, to: .scale(0, 0), fraction: 0.7) == .scale(0, 0))
        var noW = Transform3D.identity
        noW.m44 = 0
        #expect(DecomposedTransform(noW) == nil)
    }

    @Test func nonFiniteInputsNeverTrap() {
        var broken = Transform3D.identity
        broken.m11 = .nan
        #expect(DecomposedTransform(broken) == nil)
        #expect(Transform3D.interpolate(from: .identity, to: broken, fraction: 0.2) == .identity)
        #expect(Transform3D.interpolate(from: .identity, to: .scale(2, 2, 1), fraction: .nan) == .identity)
        #expect(Transform3D.interpolate(from: .identity, to: .scale(2, 2, 1), fraction: .infinity) == .scale(2, 2, 1))
        var huge = Transform3D.identity
        huge.m11 = 1e308; huge.m22 = 1e308; huge.m33 = 1e308
        _ = Transform3D.interpolate(from: .identity, to: huge, fraction: 0.5)
    }

    @Test func shortestArcIsTaken() {
        // 0 → 270° about z goes the short way, through −45°.
        let middle = Transform2D.interpolate(from: .identity, to: .rotation(3 * .pi / 2), fraction: 0.5)
        let expected = Transform2D.rotation(-.pi / 4)
        #expect(abs(middle.a - expected.a) < 1e-9 && abs(middle.b - expected.b) < 1e-9)
    }
}

struct ProjectiveScaleTests {
    @Test func overallScaleOfTheMatrixDoesNotChangeProjectedPoints() {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        let target = Transform3D.rotation(.pi / 3, 0, 1, 0).concatenating(.translation(0, 0, -100)).concatenating(perspective)
        #expect(target.m44 != 1)
        var normalized = target
        for name in 0..<16 { normalized[name / 4, name % 4] = target[name / 4, name % 4] / target.m44 }
        for f in [0.2, 0.5, 0.9] {
            let a = Transform3D.interpolate(from: .identity, to: target, fraction: f)
            let b = Transform3D.interpolate(from: .identity, to: normalized, fraction: f)
            for (x, y, z) in [(10.0, 20.0, 0.0), (-50.0, 5.0, 30.0), (0.0, 0.0, 0.0)] {
                let pa = a.project(x: x, y: y, z: z), pb = b.project(x: x, y: y, z: z)
                #expect(abs(pa.point.x - pb.point.x) < 1e-9 && abs(pa.point.y - pb.point.y) < 1e-9)
            }
        }
    }
}
