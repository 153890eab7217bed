import Foundation
import Testing
@testable import TransitCore

/// Independent reference: RK4 on m·x'' + c·x' + k·(x − 1) = 0, sampled on a grid of `step`.
private func integrate(mass: Double, stiffness: Double, damping: Double, velocity: Double,
                       until end: Double, step: Double = 1e-4) -> [(t: Double, x: Double, v: Double)] {
    func acceleration(_ x: Double, _ v: Double) -> Double { (-damping * v - stiffness * (x - 1)) / mass }
    var x = 0.0, v = velocity, t = 0.0
    var samples = [(t, x, v)]
    let steps = Int((end / step).rounded())
    for i in 1...steps {
        let k1x = v, k1v = acceleration(x, v)
        let k2x = v + 0.5 * step * k1v, k2v = acceleration(x + 0.5 * step * k1x, v + 0.5 * step * k1v)
        let k3x = v + 0.5 * step * k2v, k3v = acceleration(x + 0.5 * step * k2x, v + 0.5 * step * k2v)
        let k4x = v + step * k3v, k4v = acceleration(x + step * k3x, v + step * k3v)
        x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        t = Double(i) * step
        samples.append((t, x, v))
    }
    return samples
}

struct SpringTests {
    @Test(arguments: [0.25, 0.7, 1.0, 2.0], [0.0, 5.0, -3.0])
    func closedFormMatchesNumericalIntegration(ratio: Double, velocity: Double) {
        for (mass, stiffness) in [(1.0, 100.0), (2.5, 40.0)] {
            let damping = 2 * ratio * (stiffness * mass).squareRoot()
            let spring = Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
            #expect(abs(spring.dampingRatio - ratio) < 1e-12)
            let samples = integrate(mass: mass, stiffness: stiffness, damping: damping, velocity: velocity, until: 4)
            for sample in samples where Int((sample.t * 1e4).rounded()) % 500 == 0 {
                #expect(abs(spring.value(at: sample.t) - sample.x) < 1e-4, "ζ \(ratio) v \(velocity) t \(sample.t)")
                #expect(abs(spring.velocity(at: sample.t) - sample.v) < 1e-3, "ζ \(ratio) v \(velocity) t \(sample.t)")
            }
        }
    }

    @Test func nearCriticalRatiosAgreeWithCritical() {
        let critical = Spring(mass: 1, stiffness: 100, damping: 20)
        let slightlyUnder = Spring(mass: 1, stiffness: 100, damping: 20 * (1 - 1e-7))
        let slightlyOver = Spring(mass: 1, stiffness: 100, damping: 20 * (1 + 1e-7))
        for t in stride(from: 0.0, through: 2, by: 0.01) {
            #expect(abs(critical.value(at: t) - slightlyUnder.value(at: t)) < 1e-5)
            #expect(abs(critical.value(at: t) - slightlyOver.value(at: t)) < 1e-5)
        }
    }

    @Test func overdampedIsNotClampedToCritical() {
        let over = Spring(mass: 1, stiffness: 100, damping: 60)  // ζ = 3
        let critical = Spring(mass: 1, stiffness: 100, damping: 20)
        #expect(abs(over.dampingRatio - 3) < 1e-12)
        #expect(over.value(at: 0.3) < critical.value(at: 0.3) - 0.1)
        // Slow mode of the two-exponential solution: 1 − x ≈ C·e^(r1·t), r1 = −ω0(ζ − √(ζ²−1)).
        let slowRate = -10 * (3 - (8.0).squareRoot())
        let ratio = (1 - over.value(at: 3)) / (1 - over.value(at: 2))
        #expect(abs(log(ratio) - slowRate) < 1e-6)
    }

    @Test func settlingMatchesAppleDocumentedExample() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 5)
        #expect(abs(spring.settlingDuration - 2.85) < 0.2)
    }

    @Test(arguments: [(1.0, 100.0, 5.0, 0.0), (1.0, 100.0, 10.0, 0.0), (1.0, 200.0, 28.28, 4.0),
                      (1.0, 100.0, 20.0, -6.0), (3.0, 50.0, 80.0, 2.0), (1.0, 300.0, 1.0, 0.0)])
    func settlingIsTheLastTimeOutsideTheBand(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
        let spring = Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
        let settling = spring.settlingDuration
        #expect(settling.isFinite && settling > 0)
        // Independently: energy (x−1)² + (m/k)v² from RK4 is above 0.001² before, below after.
        let samples = integrate(mass: mass, stiffness: stiffness, damping: damping, velocity: velocity,
                                until: settling * 1.5, step: 1e-4)
        for sample in samples {
            let energy = (sample.x - 1) * (sample.x - 1) + mass / stiffness * sample.v * sample.v
            if sample.t < settling - 1e-3 { #expect(energy > 1e-6 * (1 - 1e-6)) }
            if sample.t > settling + 1e-3 {
                #expect(energy < 1e-6)
                #expect(abs(sample.x - 1) < 0.001)
            }
        }
        // And it stays settled long after.
        for t in stride(from: settling, through: settling * 4, by: settling / 200) {
            #expect(abs(spring.value(at: t) - 1) <= 0.001 + 1e-12)
        }
    }

    @Test(arguments: [(0.5, 1.0, 0.0), (0.35, 0.7, 0.0), (1.2, 0.5, 3.0), (0.8, 1.0, -2.0),
                      (0.3, 2.0, 10.0), (0.4, 0.001, 0.0), (0.6, -1.0, 1.0)])
    func uikitSpringSettlesAtItsDuration(duration: Double, ratio: Double, velocity: Double) {
        let spring = Spring.uikit(duration: duration, dampingRatio: ratio, initialVelocity: velocity)
        let expectedRatio = max(ratio, 0.001)
        #expect(spring.mass == 1)
        #expect(spring.initialVelocity == velocity)
        #expect(abs(spring.damping - 2 * expectedRatio * spring.stiffness.squareRoot()) < 1e-9 * spring.damping)
        #expect(abs(spring.settlingDuration - duration) < 1e-6 * duration)
    }

    @Test func uikitWithoutVelocityScalesAsInverseSquareRootOfStiffness() {
        let short = Spring.uikit(duration: 0.5, dampingRatio: 0.7, initialVelocity: 0)
        let long = Spring.uikit(duration: 1.0, dampingRatio: 0.7, initialVelocity: 0)
        #expect(abs(short.stiffness / long.stiffness - 4) < 1e-9)
    }

    @Test func responseInitializer() {
        let spring = Spring(dampingRatio: 0.5, response: 0.5, initialVelocity: 0)
        #expect(abs(spring.dampingRatio - 0.5) < 1e-12)
        // Undamped period 2π/ω0 equals the response.
        #expect(abs(2 * Double.pi / (spring.stiffness / spring.mass).squareRoot() - 0.5) < 1e-12)
    }

    @Test func degenerateAndNonFiniteInputsNeverTrap() {
        let defaults = Spring()
        #expect(defaults.value(at: 0) == 0)
        #expect(defaults.value(at: -1) == 0)
        #expect(defaults.value(at: .nan) == 0)
        #expect(defaults.value(at: .infinity) == 1)
        #expect(abs(defaults.value(at: 1e6) - 1) < 1e-12)
        #expect(defaults.velocity(at: .nan) == 0)
        #expect(defaults.velocity(at: 0) == 0)
        #expect(Spring(initialVelocity: 4).velocity(at: 0) == 4)

        for broken in [Spring(mass: 0), Spring(stiffness: -1), Spring(damping: .nan), Spring(initialVelocity: .infinity),
                       Spring(mass: .infinity), Spring(damping: -2)] {
            #expect(broken.isDegenerate)
            #expect(broken.value(at: 0.1) == 1)
            #expect(broken.value(at: 0) == 0)
            #expect(broken.velocity(at: 0.1) == 0)
            #expect(broken.settlingDuration == 0)
        }
        #expect(Spring(damping: 0).settlingDuration == .infinity)
        #expect(abs(Spring(damping: 0).value(at: Double.pi / 10) - 2) < 1e-9)  // undamped: x = 1 − cos ω0t

        let instant = Spring.uikit(duration: 0, dampingRatio: 0.5, initialVelocity: 0)
        #expect(instant.isDegenerate && instant.value(at: 0.001) == 1)
        let nanDuration = Spring.uikit(duration: .nan, dampingRatio: .nan, initialVelocity: .nan)
        #expect(nanDuration.isDegenerate)
        let nanRatio = Spring.uikit(duration: 1, dampingRatio: .nan, initialVelocity: .nan)
        #expect(abs(nanRatio.dampingRatio - 1) < 1e-12 && nanRatio.initialVelocity == 0)
    }
}
