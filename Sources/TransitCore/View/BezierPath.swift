import Foundation

// UIBezierPath and CGPath: a list of path elements in a layer's coordinates. Arcs, ovals and
// rounded corners are stored as cubic Bézier curves (as Core Graphics does), so two paths built
// the same way (two `ovalIn` circles) have the same elements and a path animation interpolates
// their points one by one.

public enum PathElement: Hashable, Sendable {
    case move(Point)
    case line(Point)
    case quad(Point, Point)
    case cubic(Point, Point, Point)
    case close

    /// The element's points, control points first.
    public var points: [Point] {
        switch self {
        case .move(let p), .line(let p): return [p]
        case .quad(let c, let p): return [c, p]
        case .cubic(let c1, let c2, let p): return [c1, c2, p]
        case .close: return []
        }
    }

    func sameKind(as other: PathElement) -> Bool {
        switch (self, other) {
        case (.move, .move), (.line, .line), (.quad, .quad), (.cubic, .cubic), (.close, .close): return true
        default: return false
        }
    }

    func mapped(_ f: (Point) -> Point) -> PathElement {
        switch self {
        case .move(let p): return .move(f(p))
        case .line(let p): return .line(f(p))
        case .quad(let c, let p): return .quad(f(c), f(p))
        case .cubic(let c1, let c2, let p): return .cubic(f(c1), f(c2), f(p))
        case .close: return .close
        }
    }
}

public struct BezierPath: Hashable, Sendable {
    /// A path longer than this is refused (scripts building paths in loops without end).
    public static let maximumElements = 100_000

    public private(set) var elements: [PathElement] = []
    /// Where the current subpath began (for `close`) and the current point.
    private var subpathStart: Point?
    public private(set) var currentPoint: Point?

    public init() {}

    public init(elements: [PathElement]) {
        for element in elements.prefix(Self.maximumElements) { append(element) }
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// Whether every coordinate is finite (the bindings refuse other paths).
    public var isFinite: Bool { elements.allSatisfy { $0.points.allSatisfy(\.isFinite) } }

    public var isFull: Bool { elements.count >= Self.maximumElements }

    mutating func append(_ element: PathElement) {
        guard elements.count < Self.maximumElements else { return }
        switch element {
        case .move(let p): subpathStart = p; currentPoint = p
        case .line(let p), .quad(_, let p), .cubic(_, _, let p):
            if currentPoint == nil { elements.append(.move(p)); subpathStart = p }
            currentPoint = p
        case .close:
            guard currentPoint != nil else { return }
            currentPoint = subpathStart
        }
        elements.append(element)
    }

    public mutating func move(to p: Point) { append(.move(p)) }
    public mutating func addLine(to p: Point) { append(.line(p)) }
    public mutating func addQuadCurve(to p: Point, control: Point) { append(.quad(control, p)) }
    public mutating func addCurve(to p: Point, control1: Point, control2: Point) { append(.cubic(control1, control2, p)) }
    public mutating func close() { append(.close) }
    public mutating func append(_ other: BezierPath) { for element in other.elements { append(element) } }

    /// UIBezierPath.addArc: a line from the current point to the arc's start (when there is a
    /// current point), then the arc as cubic segments of at most a quarter turn. Angles in
    /// radians, measured as in UIKit (y down: positive angles turn clockwise on screen).
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        let r = abs(radius)
        let start = Point(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle))
        if currentPoint == nil { append(.move(start)) } else { append(.line(start)) }
        var sweep = endAngle - startAngle
        // UIKit: clockwise sweeps go towards increasing angles, wrapped into 0...2π.
        let full = 2 * Double.pi
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + full }
            if sweep > full { sweep = full }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - full }
            if sweep < -full { sweep = -full }
        }
        guard sweep != 0, sweep.isFinite, r > 0 else { return }
        let segments = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up) - 1e-9))
        let step = sweep / Double(segments)
        var angle = startAngle
        for _ in 0..<segments {
            appendArcSegment(center: center, radius: r, from: angle, to: angle + step)
            angle += step
        }
    }

    private mutating func appendArcSegment(center: Point, radius r: Double, from a0: Double, to a1: Double) {
        let k = 4.0 / 3.0 * tan((a1 - a0) / 4)
        let p0 = Point(x: center.x + r * cos(a0), y: center.y + r * sin(a0))
        let p3 = Point(x: center.x + r * cos(a1), y: center.y + r * sin(a1))
        let c1 = Point(x: p0.x - k * r * sin(a0), y: p0.y + k * r * cos(a0))
        let c2 = Point(x: p3.x + k * r * sin(a1), y: p3.y - k * r * cos(a1))
        append(.cubic(c1, c2, p3))
    }

    // MARK: - UIBezierPath's initialisers

    public static func rect(_ rect: Rect) -> BezierPath {
        let r = rect.standardized
        var path = BezierPath()
        path.move(to: Point(x: r.minX, y: r.minY))
        path.addLine(to: Point(x: r.maxX, y: r.minY))
        path.addLine(to: Point(x: r.maxX, y: r.maxY))
        path.addLine(to: Point(x: r.minX, y: r.maxY))
        path.close()
        return path
    }

    /// An ellipse inscribed in `rect`: a move and four quarter curves, clockwise from the right
    /// (the same elements for every rect, so ovals interpolate into one another).
    public static func oval(in rect: Rect) -> BezierPath {
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let k = 0.5522847498307936
        var path = BezierPath()
        path.move(to: Point(x: cx + rx, y: cy))
        path.addCurve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + k * ry), control2: Point(x: cx + k * rx, y: cy + ry))
        path.addCurve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - k * rx, y: cy + ry), control2: Point(x: cx - rx, y: cy + k * ry))
        path.addCurve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - k * ry), control2: Point(x: cx - k * rx, y: cy - ry))
        path.addCurve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + k * rx, y: cy - ry), control2: Point(x: cx + rx, y: cy - k * ry))
        path.close()
        return path
    }

    /// A rounded rectangle: every corner a quarter curve (a zero-length one when the corner is
    /// not rounded), so rounded rects interpolate. Radii are clamped to half of each side.
    public static func roundedRect(_ rect: Rect, cornerRadii: Size, corners: MaskedCorners = .all) -> BezierPath {
        let r = rect.standardized
        let rx = max(0, min(cornerRadii.width.isFinite ? cornerRadii.width : 0, r.width / 2))
        let ry = max(0, min(cornerRadii.height.isFinite ? cornerRadii.height : 0, r.height / 2))
        let k = 0.5522847498307936
        var path = BezierPath()
        func radii(_ corner: MaskedCorners) -> (Double, Double) { corners.contains(corner) ? (rx, ry) : (0, 0) }
        let (ax, ay) = radii(.minXMinY), (bx, by) = radii(.maxXMinY)
        let (cx, cy) = radii(.maxXMaxY), (dx, dy) = radii(.minXMaxY)
        path.move(to: Point(x: r.minX + ax, y: r.minY))
        path.addLine(to: Point(x: r.maxX - bx, y: r.minY))
        path.addCurve(to: Point(x: r.maxX, y: r.minY + by), control1: Point(x: r.maxX - bx + k * bx, y: r.minY),
                      control2: Point(x: r.maxX, y: r.minY + by - k * by))
        path.addLine(to: Point(x: r.maxX, y: r.maxY - cy))
        path.addCurve(to: Point(x: r.maxX - cx, y: r.maxY), control1: Point(x: r.maxX, y: r.maxY - cy + k * cy),
                      control2: Point(x: r.maxX - cx + k * cx, y: r.maxY))
        path.addLine(to: Point(x: r.minX + dx, y: r.maxY))
        path.addCurve(to: Point(x: r.minX, y: r.maxY - dy), control1: Point(x: r.minX + dx - k * dx, y: r.maxY),
                      control2: Point(x: r.minX, y: r.maxY - dy + k * dy))
        path.addLine(to: Point(x: r.minX, y: r.minY + ay))
        path.addCurve(to: Point(x: r.minX + ax, y: r.minY), control1: Point(x: r.minX, y: r.minY + ay - k * ay),
                      control2: Point(x: r.minX + ax - k * ax, y: r.minY))
        path.close()
        return path
    }

    public static func arc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) -> BezierPath {
        var path = BezierPath()
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        return path
    }

    // MARK: - Geometry

    /// CGPath.boundingBox and UIBezierPath.bounds: the smallest rectangle holding every point
    /// of the path, control points included; `Rect.null` for an empty path.
    public var boundingBox: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for element in elements {
            for p in element.points {
                minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX, minY <= maxY else { return .null }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public func applying(_ transform: Transform2D) -> BezierPath {
        BezierPath(elements: elements.map { $0.mapped { transform.apply(to: $0) } })
    }

    /// Whether `other` has the same elements in the same order (then the two interpolate).
    public func isCompatible(with other: BezierPath) -> Bool {
        elements.count == other.elements.count && zip(elements, other.elements).allSatisfy { $0.sameKind(as: $1) }
    }

    /// Point by point from `from` to `to`; paths of different shapes (Core Animation leaves the
    /// result undefined) show `from` for the first half and `to` for the second.
    public static func interpolate(from: BezierPath, to: BezierPath, fraction f: Double) -> BezierPath {
        guard from.isCompatible(with: to) else { return f < 0.5 ? from : to }
        var path = BezierPath()
        path.elements.reserveCapacity(from.elements.count)
        func mix(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f) }
        for (a, b) in zip(from.elements, to.elements) {
            switch (a, b) {
            case let (.move(p), .move(q)): path.append(.move(mix(p, q)))
            case let (.line(p), .line(q)): path.append(.line(mix(p, q)))
            case let (.quad(c, p), .quad(d, q)): path.append(.quad(mix(c, d), mix(p, q)))
            case let (.cubic(c1, c2, p), .cubic(d1, d2, q)): path.append(.cubic(mix(c1, d1), mix(c2, d2), mix(p, q)))
            default: path.append(.close)
            }
        }
        return path
    }

    /// Euclidean distance over every point (paced keyframes); 0 for incompatible paths.
    public func distance(to other: BezierPath) -> Double {
        guard isCompatible(with: other) else { return 0 }
        var sum = 0.0
        for (a, b) in zip(elements, other.elements) {
            for (p, q) in zip(a.points, b.points) { sum += (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y) }
        }
        return sum.squareRoot()
    }
}

extension BezierPath: CustomStringConvertible {
    public var description: String { "CGPath(\(elements.count) elements, bounds \(boundingBox))" }
}

/// UIBezierPath: a mutable path object.
public final class BezierPathObject: HostObject {
    public override class var className: String { "UIBezierPath" }
    public var path: BezierPath
    public init(world: World, path: BezierPath = BezierPath()) {
        self.path = path
        super.init(world: world)
    }
}

/// CGPath: an immutable path, what CAShapeLayer.path holds (`bezierPath.cgPath`).
public final class PathObject: HostObject {
    public override class var className: String { "CGPath" }
    public let path: BezierPath
    public init(world: World, path: BezierPath) {
        self.path = path
        super.init(world: world)
    }
}
