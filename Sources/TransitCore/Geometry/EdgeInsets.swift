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

/// NSDirectionalEdgeInsets: insets named by reading direction. Transit lays out left to right
/// only (every view's effectiveUserInterfaceLayoutDirection is leftToRight), so leading is
/// left and trailing is right (docs/semantics.md, "Layout direction").
public struct DirectionalEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }

    public static let zero = DirectionalEdgeInsets()

    public var isFinite: Bool { top.isFinite && leading.isFinite && bottom.isFinite && trailing.isFinite }

    /// The same insets by edge, in a left-to-right layout.
    public init(leftToRight insets: EdgeInsets) {
        self.init(top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right)
    }

    /// The same insets by direction, in a left-to-right layout.
    public var leftToRight: EdgeInsets { EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing) }

    public var description: String {
        "(\(formatNumber(top)), \(formatNumber(leading)), \(formatNumber(bottom)), \(formatNumber(trailing)))"
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
