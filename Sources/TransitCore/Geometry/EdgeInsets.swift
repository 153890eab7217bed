// UIEdgeInsets: distances in from each edge of a rectangle (safe areas, layout margins, the cap
// insets of a resizable snapshot).

public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    public var isZero: Bool { self == .zero }

    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }

    public static func + (a: EdgeInsets, b: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }

    /// Edge by edge, the larger inset.
    public func union(_ other: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: max(top, other.top), left: max(left, other.left), bottom: max(bottom, other.bottom), right: max(right, other.right))
    }

    public var description: String {
        "(\(formatNumber(top)), \(formatNumber(left)), \(formatNumber(bottom)), \(formatNumber(right)))"
    }
}

extension Rect {
    /// UIEdgeInsetsInsetRect / `rect.inset(by:)`: the rectangle shrunk by the insets.
    public func inset(by insets: EdgeInsets) -> Rect {
        let r = standardized
        return Rect(x: r.x + insets.left, y: r.y + insets.top,
                    width: r.width - insets.left - insets.right, height: r.height - insets.top - insets.bottom)
    }
}
