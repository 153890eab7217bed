@testable import TransitCore

// What the tests of this target share.

/// Component-wise closeness, 1e-9.
func valuesNearlyEqual(_ a: AnimatableValue, _ b: AnimatableValue, tolerance: Double = 1e-9) -> Bool {
    func near(_ x: [Double], _ y: [Double]) -> Bool { zip(x, y).allSatisfy { abs($0 - $1) <= tolerance } }
    switch (a, b) {
    case let (.number(x), .number(y)): return near([x], [y])
    case let (.point(x), .point(y)): return near([x.x, x.y], [y.x, y.y])
    case let (.size(x), .size(y)): return near([x.width, x.height], [y.width, y.height])
    case let (.rect(x), .rect(y)): return near([x.x, x.y, x.width, x.height], [y.x, y.y, y.width, y.height])
    case let (.color(x), .color(y)):
        return near([x.red, x.green, x.blue, x.alpha], [y.red, y.green, y.blue, y.alpha])
    case let (.transform(x), .transform(y)): return near(x.elements, y.elements)
    default: return false
    }
}

/// SplitMix64: a seeded generator, so a failing random system can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
