import Foundation

/// CASpringAnimation's physics: a unit mass-spring-damper pulled from 0 to 1,
/// m·x'' + c·x' + k·(x − 1) = 0 with x(0) = 0 and x'(0) = initialVelocity (in units of the total
/// distance per second, UIKit's convention). Solved in closed form so any frame time can be
/// sampled directly, with no integration state to carry between frames.
public struct Spring: Hashable, Sendable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public var initialVelocity: Double

    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// SwiftUI / UISpringTimingParameters' perceptual form: `response` is the undamped period
    /// in seconds, so stiffness = (2π / response)² and damping = 4π·ζ / response, with mass 1.
    public init(dampingRatio: Double, response: Double, initialVelocity: Double) {
        let angularFrequency = 2 * Double.pi / response
        self.init(
            mass: 1,
            stiffness: angularFrequency * angularFrequency,
            damping: 2 * dampingRatio * angularFrequency,
            initialVelocity: initialVelocity)
    }

    /// `UISpringTimingParameters()`'s damping ratio (Apple's documentation of init()): the
    /// ratio of UIKit's modal spring, mass 3, stiffness 1000, damping 500 (docs/sources.md §3.7).
    public static let uikitDefaultDampingRatio = 4.56

    /// ζ = c / (2√(k·m)): below 1 it oscillates, 1 is critical, above 1 it creeps in.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// A spring whose parameters describe no physical motion (non-finite, mass or stiffness ≤ 0,
    /// negative damping) completes at once: 0 at t ≤ 0, 1 after, settling duration 0.
    public var isDegenerate: Bool {
        !(mass.isFinite && mass > 0 && stiffness.isFinite && stiffness > 0
            && damping.isFinite && damping >= 0 && initialVelocity.isFinite)
    }

    /// Normalized progress at t seconds: 0 at t ≤ 0 (and for NaN), 1 at t = +∞; overshoots past 1
    /// when under-damped. Allocation-free.
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        if isDegenerate || t == .infinity { return 1 }
        return 1 + Solution(self).state(at: t).offset
    }

    /// dx/dt in units of the total distance per second: initialVelocity at t = 0, 0 before the
    /// start, for NaN, at t = +∞ and for a degenerate spring.
    public func velocity(at t: Double) -> Double {
        guard t >= 0, t < .infinity, !isDegenerate else { return 0 }
        return Solution(self).state(at: t).velocity
    }

    /// The first time after which the spring's mechanical energy stays below that of a rest
    /// displacement of 0.001: (x − 1)² + (m/k)·v² ≤ 0.001². Energy never increases when damping
    /// ≥ 0 (dE/dt = −c·v²), so once below it stays below, which makes a bisection exact and
    /// deterministic; it implies |x − 1| ≤ 0.001 and |v| ≤ 0.001·√(k/m) from then on.
    /// 0 for a degenerate spring, +∞ for an undamped one (it never settles).
    public var settlingDuration: Double {
        if isDegenerate { return 0 }
        let solution = Solution(self)
        guard solution.decayRate > 0 else { return .infinity }
        let threshold = Spring.settlingTolerance * Spring.settlingTolerance
        var lower = 0.0
        var upper = 1 / solution.decayRate
        var expansions = 0
        while solution.energy(at: upper) > threshold {
            lower = upper
            upper *= 2
            expansions += 1
            if expansions > 1100 || !upper.isFinite { return .infinity }
        }
        for _ in 0..<200 {
            let middle = (lower + upper) * 0.5
            if middle <= lower || middle >= upper { break }
            if solution.energy(at: middle) > threshold { lower = middle } else { upper = middle }
            if upper - lower <= 1e-12 * upper { break }
        }
        return upper
    }

    /// The rest band: settled means within 0.001 of the total distance (and as little energy).
    public static let settlingTolerance = 0.001

    /// UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:):
    /// mass 1, damping = 2ζ√k, and the stiffness for which `settlingDuration == duration`.
    /// With no initial velocity the settling time scales exactly as 1/√k, so k is closed-form;
    /// otherwise k is found by bisection on log √k. ζ ≤ 0.001 is raised to 0.001 (an undamped
    /// spring cannot settle at any duration), NaN/∞ ζ becomes 1, a non-finite velocity 0, and a
    /// duration that is not finite and positive gives a degenerate spring that completes at once.
    public static func uikit(duration: Double, dampingRatio: Double, initialVelocity: Double) -> Spring {
        let ratio = dampingRatio.isFinite ? max(dampingRatio, 0.001) : 1
        let velocity = initialVelocity.isFinite ? initialVelocity : 0
        guard duration.isFinite, duration > 0 else {
            return Spring(mass: 1, stiffness: .infinity, damping: .infinity, initialVelocity: velocity)
        }
        func spring(angularFrequency: Double) -> Spring {
            Spring(mass: 1, stiffness: angularFrequency * angularFrequency,
                   damping: 2 * ratio * angularFrequency, initialVelocity: velocity)
        }
        // Dimensionless settling time of the same ratio at ω0 = 1 with no initial velocity.
        let unitSettling = spring(angularFrequency: 1).withInitialVelocity(0).settlingDuration
        let guess = unitSettling / duration
        if velocity == 0 { return spring(angularFrequency: guess) }

        // Settling time falls as ω0 grows; bracket the target, then bisect geometrically.
        var slow = guess, fast = guess
        var steps = 0
        while spring(angularFrequency: slow).settlingDuration < duration, steps < 200 { slow /= 2; steps += 1 }
        steps = 0
        while spring(angularFrequency: fast).settlingDuration > duration, steps < 200 { fast *= 2; steps += 1 }
        for _ in 0..<200 {
            let middle = (slow * fast).squareRoot()
            if middle <= slow || middle >= fast { break }
            if spring(angularFrequency: middle).settlingDuration > duration { slow = middle } else { fast = middle }
            if fast - slow <= 1e-13 * fast { break }
        }
        return spring(angularFrequency: fast)
    }

    private func withInitialVelocity(_ velocity: Double) -> Spring {
        Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    }
}

/// The closed-form solution of u = x − 1 (u(0) = −1, u'(0) = v0) in the three damping regimes,
/// computed once per query from the parameters; only scalars, so it never allocates.
private struct Solution {
    enum Regime {
        // u = e^(−λt)·(a·cos ωd·t + b·sin ωd·t)
        case underdamped(decay: Double, frequency: Double, a: Double, b: Double)
        // u = e^(−ω0·t)·(a + b·t)
        case critical(decay: Double, a: Double, b: Double)
        // u = c1·e^(r1·t) + c2·e^(r2·t), r2 < r1 < 0
        case overdamped(slowRate: Double, fastRate: Double, slowWeight: Double, fastWeight: Double)
    }

    let regime: Regime
    let naturalFrequency: Double
    /// How fast the slowest mode decays, 1/s; 0 when undamped.
    let decayRate: Double

    init(_ spring: Spring) {
        let omega = (spring.stiffness / spring.mass).squareRoot()
        let zeta = spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot())
        let v0 = spring.initialVelocity
        naturalFrequency = omega
        if abs(zeta - 1) <= 1e-9 {
            regime = .critical(decay: omega, a: -1, b: v0 - omega)
            decayRate = omega
        } else if zeta < 1 {
            let decay = zeta * omega
            let frequency = omega * (1 - zeta * zeta).squareRoot()
            regime = .underdamped(decay: decay, frequency: frequency, a: -1, b: (v0 - decay) / frequency)
            decayRate = decay
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            // −ω0(ζ − √(ζ²−1)) written without the cancellation for large ζ.
            let slow = -omega / (zeta + root)
            let fast = -omega * (zeta + root)
            let fastWeight = (v0 + slow) / (fast - slow)
            regime = .overdamped(slowRate: slow, fastRate: fast, slowWeight: -1 - fastWeight, fastWeight: fastWeight)
            decayRate = -slow
        }
    }

    func state(at t: Double) -> (offset: Double, velocity: Double) {
        switch regime {
        case let .underdamped(decay, frequency, a, b):
            let envelope = exp(-decay * t)
            let cosine = cos(frequency * t), sine = sin(frequency * t)
            let offset = envelope * (a * cosine + b * sine)
            let velocity = envelope * ((b * frequency - a * decay) * cosine - (a * frequency + b * decay) * sine)
            return (offset, velocity)
        case let .critical(decay, a, b):
            let envelope = exp(-decay * t)
            return (envelope * (a + b * t), envelope * (b - decay * (a + b * t)))
        case let .overdamped(slow, fast, slowWeight, fastWeight):
            let slowTerm = slowWeight * exp(slow * t), fastTerm = fastWeight * exp(fast * t)
            return (slowTerm + fastTerm, slow * slowTerm + fast * fastTerm)
        }
    }

    /// Twice the mechanical energy per unit stiffness: u² + v²/ω0².
    func energy(at t: Double) -> Double {
        let (offset, velocity) = state(at: t)
        let scaled = velocity / naturalFrequency
        return offset * offset + scaled * scaled
    }
}
