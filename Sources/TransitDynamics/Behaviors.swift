import Foundation
import TransitCore

// UIKit's dynamic behaviors: what each asks of the items it holds. They only hold settings;
// the animator (DynamicAnimator.swift) turns them into Box2D bodies, joints and forces at each
// step. A change to a setting tells the animator, which resumes if it had paused.
// docs/semantics.md ("UIKit Dynamics") has the numbers and where they come from.

/// `UIDynamicBehavior`: the base, with child behaviors.
open class DynamicBehavior: HostObject {
    open override class var className: String { "UIDynamicBehavior" }
    /// The animator the behavior was added to (UIKit's `dynamicAnimator`).
    public internal(set) weak var dynamicAnimator: DynamicAnimator?
    /// Behaviors added with `addChildBehavior`, applied as if added to the animator too.
    public private(set) var childBehaviors: [DynamicBehavior] = []
    weak var parent: DynamicBehavior?
    /// Its items (a snap's one, an attachment's one or two).
    open var dynamicItems: [View] { [] }

    public func addChildBehavior(_ child: DynamicBehavior) throws {
        guard child !== self, !child.contains(self) else {
            throw DynamicsError.invalid("a behavior cannot be its own child or descendant")
        }
        guard child.parent == nil, child.dynamicAnimator == nil else {
            throw DynamicsError.invalid("the behavior already belongs to another behavior or an animator")
        }
        child.parent = self
        childBehaviors.append(child)
        changed(structure: true)
    }

    public func removeChildBehavior(_ child: DynamicBehavior) {
        guard let index = childBehaviors.firstIndex(where: { $0 === child }) else { return }
        childBehaviors.remove(at: index)
        child.parent = nil
        changed(structure: true)
    }

    func contains(_ other: DynamicBehavior) -> Bool {
        childBehaviors.contains { $0 === other || $0.contains(other) }
    }

    /// This behavior and its descendants, depth first (the order UIKit applies them in).
    var flattened: [DynamicBehavior] { [self] + childBehaviors.flatMap(\.flattened) }

    /// The animator this behavior reaches through its parents.
    public var owningAnimator: DynamicAnimator? { dynamicAnimator ?? parent?.owningAnimator }

    /// A setting changed: `structure` when bodies, fixtures or joints must be rebuilt.
    func changed(structure: Bool) { owningAnimator?.behaviorChanged(structure: structure) }
}

public enum DynamicsError: Error, CustomStringConvertible {
    case invalid(String)
    public var description: String { if case .invalid(let message) = self { return message }; return "" }
}

/// Behaviors holding a list of items (gravity, collision, push, dynamic item behavior).
open class ItemListBehavior: DynamicBehavior {
    public private(set) var items: [View] = []
    open override var dynamicItems: [View] { items }

    public init(world: World, items: [View]) {
        super.init(world: world)
        for item in items where !self.items.contains(where: { $0 === item }) { self.items.append(item) }
    }

    public func addItem(_ item: View) {
        guard !items.contains(where: { $0 === item }) else { return }
        items.append(item)
        changed(structure: true)
    }

    public func removeItem(_ item: View) {
        guard let index = items.firstIndex(where: { $0 === item }) else { return }
        items.remove(at: index)
        changed(structure: true)
    }
}

/// A direction given either as a vector or as angle and magnitude (gravity and push).
struct DirectedVector {
    var vector: Vector
    var angle: Double { (vector.dx == 0 && vector.dy == 0) ? storedAngle : atan2(vector.dy, vector.dx) }
    var magnitude: Double { (vector.dx * vector.dx + vector.dy * vector.dy).squareRoot() }
    /// UIKit keeps the angle when the magnitude is 0 (setting magnitude 0 then back).
    var storedAngle: Double

    init(_ vector: Vector) { self.vector = vector; storedAngle = atan2(vector.dy, vector.dx) }

    mutating func set(angle: Double, magnitude: Double) {
        storedAngle = angle
        vector = Vector(dx: magnitude * cos(angle), dy: magnitude * sin(angle))
    }
}

/// `UIGravityBehavior(items:)`.
public final class GravityBehavior: ItemListBehavior {
    public override class var className: String { "UIGravityBehavior" }
    /// Apple: magnitude 1.0 is an acceleration of 1000 points/s².
    public static let pointsPerSecondSquared = 1000.0
    var direction = DirectedVector(Vector(dx: 0, dy: 1))

    public var gravityDirection: Vector {
        get { direction.vector }
        set { direction = DirectedVector(newValue); changed(structure: false) }
    }
    public var angle: Double {
        get { direction.angle }
        set { direction.set(angle: newValue, magnitude: direction.magnitude); changed(structure: false) }
    }
    public var magnitude: Double {
        get { direction.magnitude }
        set {
            // Apple: magnitude 0 makes the vector (0, 0) and resets the angle to 0.
            direction.set(angle: newValue == 0 ? 0 : direction.angle, magnitude: newValue)
            changed(structure: false)
        }
    }
}

/// `UICollisionBehavior(items:)`.
public final class CollisionBehavior: ItemListBehavior {
    public override class var className: String { "UICollisionBehavior" }
    public enum Mode: String, CaseIterable, Sendable { case items, boundaries, everything }
    public struct Boundary {
        public var identifier: String
        public var from: Point
        public var to: Point
    }

    public var collisionMode = Mode.everything { didSet { changed(structure: true) } }
    public var translatesReferenceBoundsIntoBoundary = false { didSet { changed(structure: true) } }
    public private(set) var boundaries: [Boundary] = []
    /// `UICollisionBehaviorDelegate`: a script table or object (Hook.CollisionBehaviorDelegate).
    public var collisionDelegate: AnyObject?

    /// Boundaries shorter than this are refused: Box2D finds no normal for a point.
    public static let minimumBoundaryLength = 0.1

    public func addBoundary(identifier: String, from: Point, to: Point) throws {
        let dx = to.x - from.x, dy = to.y - from.y
        guard (dx * dx + dy * dy).squareRoot() >= CollisionBehavior.minimumBoundaryLength else {
            throw DynamicsError.invalid("a boundary must be at least \(formatNumber(CollisionBehavior.minimumBoundaryLength)) point long (from \(from) to \(to))")
        }
        // UIKit replaces a boundary added again under the same identifier.
        boundaries.removeAll { $0.identifier == identifier }
        boundaries.append(Boundary(identifier: identifier, from: from, to: to))
        changed(structure: true)
    }

    public func removeBoundary(identifier: String) {
        boundaries.removeAll { $0.identifier == identifier }
        changed(structure: true)
    }

    public func removeAllBoundaries() {
        boundaries.removeAll()
        changed(structure: true)
    }

    var collidesWithItems: Bool { collisionMode != .boundaries }
    var collidesWithBoundaries: Bool { collisionMode != .items }
}

/// `UIPushBehavior(items:mode:)`.
public final class PushBehavior: ItemListBehavior {
    public override class var className: String { "UIPushBehavior" }
    public enum Mode: String, CaseIterable, Sendable { case continuous, instantaneous }
    /// Apple: magnitude 1.0 accelerates a 100 × 100 point item of density 1 (mass 1) at
    /// 100 points/s², so a magnitude is a force in mass × (100 points/s²), one Box2D newton.
    public static let pointsPerSecondSquaredPerUnit = 100.0

    public let mode: Mode
    var direction = DirectedVector(Vector(dx: 0, dy: 0))
    /// An instantaneous push is applied at the next step and then turns itself off (UIKit).
    public var active: Bool {
        get { isActive }
        set { isActive = newValue; changed(structure: false) }
    }
    private var isActive = true

    /// The animator's own switch-off once an instantaneous push is applied: not a change that
    /// should wake anything.
    func deactivateAfterApplying() { isActive = false }

    public init(world: World, items: [View], mode: Mode) {
        self.mode = mode
        super.init(world: world, items: items)
    }

    public var pushDirection: Vector {
        get { direction.vector }
        set { direction = DirectedVector(newValue); changed(structure: false) }
    }
    public var angle: Double {
        get { direction.angle }
        set { direction.set(angle: newValue, magnitude: direction.magnitude); changed(structure: false) }
    }
    public var magnitude: Double {
        get { direction.magnitude }
        set { direction.set(angle: direction.angle, magnitude: newValue); changed(structure: false) }
    }
}

/// `UISnapBehavior(item:snapTo:)`.
public final class SnapBehavior: DynamicBehavior {
    public override class var className: String { "UISnapBehavior" }
    public let item: View
    public var snapPoint: Point { didSet { changed(structure: true) } }
    /// Apple: 0 (most oscillation) ... 1 (least); default 0.5.
    public var damping = 0.5 { didSet { changed(structure: true) } }
    public override var dynamicItems: [View] { [item] }

    /// The spring, decided (UIKit does not document it): 3 Hz, damping ratio 0.1 + 0.9 · damping.
    public static let frequency = 3.0
    public var dampingRatio: Double { 0.1 + 0.9 * min(max(damping, 0), 1) }

    public init(world: World, item: View, snapPoint: Point) {
        self.item = item
        self.snapPoint = snapPoint
        super.init(world: world)
    }
}

/// `UIAttachmentBehavior`: an item to an anchor point, or two items to each other.
public final class AttachmentBehavior: DynamicBehavior {
    public override class var className: String { "UIAttachmentBehavior" }
    public enum Kind: String, Sendable { case items, anchor }

    public let item: View
    public let attachedItem: View?
    /// Offsets from each item's center, in the item's own (rotating) coordinates.
    public let offset: Point
    public let attachedOffset: Point
    public var anchorPoint: Point { didSet { changed(structure: true) } }
    public var length: Double { didSet { changed(structure: true) } }
    /// 0 (the default) with frequency 0 is a rigid rod; with a frequency, a spring's damping ratio.
    public var damping = 0.0 { didSet { changed(structure: true) } }
    /// Hertz of the spring; 0 (the default): rigid.
    public var frequency = 0.0 { didSet { changed(structure: true) } }
    public var kind: Kind { attachedItem == nil ? .anchor : .items }
    public override var dynamicItems: [View] { [item] + (attachedItem.map { [$0] } ?? []) }

    /// An attachment shorter than this is a pin (Box2D's revolute joint): a distance joint needs
    /// a length above Box2D's slop (half a point) to know which way to pull.
    public static let pinLength = 1.0

    public init(world: World, item: View, offset: Point, anchor: Point) {
        self.item = item
        attachedItem = nil
        self.offset = offset
        attachedOffset = .zero
        anchorPoint = anchor
        length = AttachmentBehavior.distance(AttachmentBehavior.attachmentPoint(of: item, offset: offset), anchor)
        super.init(world: world)
    }

    public init(world: World, item: View, offset: Point, attachedTo other: View, attachedOffset: Point) {
        self.item = item
        attachedItem = other
        self.offset = offset
        self.attachedOffset = attachedOffset
        let a = AttachmentBehavior.attachmentPoint(of: item, offset: offset)
        let b = AttachmentBehavior.attachmentPoint(of: other, offset: attachedOffset)
        anchorPoint = b
        length = AttachmentBehavior.distance(a, b)
        super.init(world: world)
    }

    /// Where an item's attachment point is now, in its superview's coordinates (the reference
    /// view's for items directly in it): the length UIKit measures at creation.
    static func attachmentPoint(of item: View, offset: Point) -> Point {
        let t = item.transform
        return item.center + Point(x: t.a * offset.x + t.c * offset.y, y: t.b * offset.x + t.d * offset.y)
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}

/// `UIDynamicItemBehavior(items:)`: the items' material and velocities.
public final class DynamicItemBehavior: ItemListBehavior {
    public override class var className: String { "UIDynamicItemBehavior" }
    /// Restitution: 0 no bounce, 1 an elastic collision.
    public var elasticity = 0.0 { didSet { changed(structure: true) } }
    public var friction = 0.0 { didSet { changed(structure: true) } }
    /// Apple: 1 by default; with the item's area it gives the mass (100 × 100 at 1 is mass 1).
    public var density = 1.0 { didSet { changed(structure: true) } }
    /// Linear and angular velocity damping (Box2D's, per second).
    public var resistance = 0.0 { didSet { changed(structure: true) } }
    public var angularResistance = 0.0 { didSet { changed(structure: true) } }
    public var allowsRotation = true { didSet { changed(structure: true) } }
}
