// Points, sizes, rectangles and vectors: Core Graphics' value types, in Double.
//
// Named without the CG prefix so they never collide with Foundation's own CGRect family on Linux;
// the Lua bridge exposes them under UIKit's names (CGRect, CGPoint, ...).

public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)

    public var isFinite: Bool { x.isFinite && y.isFinite }
    public var description: String { "(\(formatNumber(x)), \(formatNumber(y)))" }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
}

public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)

    public var isFinite: Bool { width.isFinite && height.isFinite }
    public var description: String { "(\(formatNumber(width)), \(formatNumber(height)))" }
}

public struct Vector: Hashable, Sendable, CustomStringConvertible {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }
    public static let zero = Vector(dx: 0, dy: 0)

    public var isFinite: Bool { dx.isFinite && dy.isFinite }
    public var description: String { "(\(formatNumber(dx)), \(formatNumber(dy)))" }
}

public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var x: Double { get { origin.x } set { origin.x = newValue } }
    public var y: Double { get { origin.y } set { origin.y = newValue } }
    public var width: Double { get { size.width } set { size.width = newValue } }
    public var height: Double { get { size.height } set { size.height = newValue } }

    /// Core Graphics standardizes negative sizes before computing edges; so do we.
    public var standardized: Rect {
        var r = self
        if r.width < 0 { r.x += r.width; r.width = -r.width }
        if r.height < 0 { r.y += r.height; r.height = -r.height }
        return r
    }
    public var minX: Double { standardized.x }
    public var minY: Double { standardized.y }
    public var maxX: Double { let r = standardized; return r.x + r.width }
    public var maxY: Double { let r = standardized; return r.y + r.height }
    public var midX: Double { let r = standardized; return r.x + r.width / 2 }
    public var midY: Double { let r = standardized; return r.y + r.height / 2 }
    public var center: Point { Point(x: midX, y: midY) }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var isFinite: Bool { origin.isFinite && size.isFinite }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let r = standardized
        let inset = Rect(x: r.x + dx, y: r.y + dy, width: r.width - 2 * dx, height: r.height - 2 * dy)
        return inset.width < 0 || inset.height < 0 ? .null : inset
    }
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
    public func union(_ other: Rect) -> Rect {
        if isNull { return other }
        if other.isNull { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// Core Graphics' "null" rectangle, the result of an inset that leaves nothing.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)
    public var isNull: Bool { x == .infinity && y == .infinity }

    public var description: String {
        "(\(formatNumber(x)), \(formatNumber(y)), \(formatNumber(width)), \(formatNumber(height)))"
    }
}

/// Numbers print the way a person writes them: no trailing ".0", at most 4 decimals.
public func formatNumber(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value > 0 ? "inf" : "-inf" }
    let rounded = (value * 10000).rounded() / 10000
    if rounded == rounded.rounded() && abs(rounded) < 1e15 {
        return String(Int64(rounded))
    }
    var text = String(rounded)
    if text.contains("e") { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
}
