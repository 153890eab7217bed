// NSLayoutConstraint: `firstItem.firstAttribute (relation) secondItem.secondAttribute ×
// multiplier + constant`, at a priority. A constraint does nothing until it is active; then the
// world's layout engine (LayoutEngine.swift) solves it with the others and layout sets frames.

/// NSLayoutConstraint.Attribute (left-to-right: leading is left, trailing is right).
public enum LayoutAttribute: String, CaseIterable, Sendable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY, notAnAttribute

    /// Which axis the attribute belongs to (constraints may only relate attributes of one axis).
    public var axis: LayoutAxis? {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX: return .horizontal
        case .top, .bottom, .height, .centerY: return .vertical
        case .notAnAttribute: return nil
        }
    }

    /// A size, not a position: only a dimension may be set to a constant alone.
    public var isDimension: Bool { self == .width || self == .height }
}

/// NSLayoutConstraint.Axis, the argument of the content-hugging and compression setters.
public enum LayoutAxis: String, CaseIterable, Sendable { case horizontal, vertical }

/// NSLayoutConstraint.Relation.
public enum LayoutConstraintRelation: String, CaseIterable, Sendable {
    case lessThanOrEqual, equal, greaterThanOrEqual

    /// How descriptions write it: `<=`, `==`, `>=`.
    public var symbol: String {
        switch self {
        case .lessThanOrEqual: return "<="
        case .equal: return "=="
        case .greaterThanOrEqual: return ">="
        }
    }
}

/// What a constraint may relate: a view or a layout guide.
public protocol LayoutItem: HostObject {
    /// The view whose hierarchy the item lives in (the view itself, or a guide's owning view).
    var layoutOwner: View? { get }
}

extension View: LayoutItem {
    public var layoutOwner: View? { self }
}

extension LayoutGuide: LayoutItem {
    public var layoutOwner: View? { owningView }
}

/// Why a constraint cannot be made or changed (UIKit raises an exception for each).
public enum LayoutConstraintError: Error, CustomStringConvertible {
    case mixedAxes(LayoutAttribute, LayoutAttribute)
    case positionToConstant(LayoutAttribute)
    case noCommonAncestor(String)
    case priorityOutOfRange(Double)
    case requiredPriorityChange(from: Double, to: Double)
    case notFinite(String)
    case releasedItem(LayoutAttribute)

    public var description: String {
        switch self {
        case .mixedAxes(let a, let b):
            return "invalid pairing of layout attributes: a constraint cannot relate \(a.rawValue) (\(a.isDimension ? "a size" : "a \(a.axis?.rawValue ?? "") position")) to \(b.rawValue) (\(b.isDimension ? "a size" : "a \(b.axis?.rawValue ?? "") position")): relate a position to a position of the same axis, or a size to a size"
        case .positionToConstant(let a):
            return "a constraint of \(a.rawValue) alone to a constant is invalid: only width and height can equal a constant; relate \(a.rawValue) to another item's attribute"
        case .noCommonAncestor(let constraint):
            return "unable to activate \(constraint) because its items have no common ancestor: does it reference items in different view hierarchies? That's illegal (add both views to one hierarchy first)"
        case .priorityOutOfRange(let priority):
            return "priority must be in 1...1000 (UILayoutPriority; got \(formatNumber(priority)))"
        case .requiredPriorityChange(let from, let to):
            return "mutating a priority from \(formatNumber(from)) to \(formatNumber(to)) on an active constraint is not supported: a constraint is required (1000) or optional for its whole life while active; deactivate it, change the priority, activate it again"
        case .notFinite(let what):
            return "\(what) must be a finite number"
        case .releasedItem(let attribute):
            return "the \(attribute.rawValue) anchor's view or guide has been released: make constraints from anchors of items that are alive"
        }
    }
}

public final class LayoutConstraint: HostObject {
    public override class var className: String { "NSLayoutConstraint" }

    /// Weak, as UIKit's: a constraint never keeps its views alive.
    public private(set) weak var firstItem: (any LayoutItem)?
    public let firstAttribute: LayoutAttribute
    public let relation: LayoutConstraintRelation
    public private(set) weak var secondItem: (any LayoutItem)?
    public let secondAttribute: LayoutAttribute
    public let multiplier: Double
    public var identifier: String? { didSet { recharge(from: oldValue, to: identifier) } }
    /// Set by the engine: made from an autoresizing mask, an intrinsic size or a system guide
    /// (UIKit's NSAutoresizingMaskLayoutConstraint, NSContentSizeLayoutConstraint, ...).
    public internal(set) var origin: Origin = .script

    public enum Origin: String, Sendable { case script, autoresizingMask, contentSize, systemGuide }

    /// The constant; changing it on an active constraint re-solves incrementally and asks the
    /// items' superviews for layout (the frames move at the next layout pass, or at once inside
    /// layoutIfNeeded, animated inside an animation block).
    public var constant: Double {
        didSet { if constant != oldValue { world.layoutEngine.constantChanged(self) } }
    }

    public private(set) var priority: Double

    /// The view whose `constraints` lists this one while it is active (the items' nearest common
    /// ancestor, as `isActive = true` chooses it).
    public internal(set) weak var installedOn: View?
    /// The priority the engine gave it when it broke it (UIKit "recovers by breaking" one of
    /// unsatisfiable required constraints); nil while it holds as declared.
    public internal(set) var brokenAtPriority: Double?

    public init(world: World, item: any LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutConstraintRelation,
                toItem: (any LayoutItem)?, attribute secondAttribute: LayoutAttribute, multiplier: Double, constant: Double,
                priority: Double = LayoutPriority.required) throws {
        guard multiplier.isFinite else { throw LayoutConstraintError.notFinite("multiplier") }
        guard constant.isFinite else { throw LayoutConstraintError.notFinite("constant") }
        guard priority >= 1 && priority <= 1000 else { throw LayoutConstraintError.priorityOutOfRange(priority) }
        if toItem == nil || secondAttribute == .notAnAttribute {
            guard attribute.isDimension else { throw LayoutConstraintError.positionToConstant(attribute) }
        } else if attribute.isDimension != secondAttribute.isDimension
                    || (!attribute.isDimension && attribute.axis != secondAttribute.axis) {
            // A size may follow any size (an aspect ratio relates height to width); a position
            // only a position of its own axis (UIKit: "Invalid pairing of layout attributes").
            throw LayoutConstraintError.mixedAxes(attribute, secondAttribute)
        }
        self.firstItem = item
        self.firstAttribute = attribute
        self.relation = relation
        self.secondItem = secondAttribute == .notAnAttribute ? nil : toItem
        self.secondAttribute = toItem == nil ? .notAnAttribute : secondAttribute
        self.multiplier = toItem == nil ? 0 : multiplier
        self.constant = constant
        self.priority = priority
        super.init(world: world)
    }

    /// `isActive`: activating installs the constraint on the items' nearest common ancestor
    /// (an error if they have none); deactivating removes it.
    public var isActive: Bool { installedOn != nil }

    public func setActive(_ active: Bool) throws {
        if active == isActive { return }
        if active { try world.layoutEngine.activate(self) } else { world.layoutEngine.deactivate(self) }
    }

    public func setPriority(_ newValue: Double) throws {
        guard newValue >= 1 && newValue <= 1000 else { throw LayoutConstraintError.priorityOutOfRange(newValue) }
        guard newValue != priority else { return }
        if isActive && (newValue == LayoutPriority.required) != (priority == LayoutPriority.required) {
            throw LayoutConstraintError.requiredPriorityChange(from: priority, to: newValue)
        }
        priority = newValue
        if isActive { world.layoutEngine.priorityChanged(self) }
    }

    /// The items' nearest common ancestor (a guide counts as its owning view), or nil.
    var commonAncestor: View? {
        guard let first = firstItem?.layoutOwner else { return nil }
        guard let secondItem else { return first }
        guard let second = secondItem.layoutOwner else { return nil }
        // The usual shapes, answered without building a set: the same view, a view and its
        // superview, two siblings.
        if first === second { return first }
        let firstParent = first.superview, secondParent = second.superview
        if firstParent === second { return second }
        if secondParent === first { return first }
        if let firstParent, firstParent === secondParent { return firstParent }
        var ancestors = Set<ObjectIdentifier>()
        var view: View? = first
        while let current = view { ancestors.insert(ObjectIdentifier(current)); view = current.superview }
        view = second
        while let current = view {
            if ancestors.contains(ObjectIdentifier(current)) { return current }
            view = current.superview
        }
        return nil
    }

    /// As UIKit describes one: `UIView "card".top == UIView "root".top + 16`.
    public var formula: String {
        func name(_ item: (any LayoutItem)?) -> String { item?.traceName ?? "a released item" }
        var text = "\(name(firstItem)).\(firstAttribute.rawValue) \(relation.symbol) "
        if secondItem != nil {
            text += (multiplier == 1 ? "" : "\(formatNumber(multiplier)) * ") + "\(name(secondItem)).\(secondAttribute.rawValue)"
            if constant != 0 { text += constant > 0 ? " + \(formatNumber(constant))" : " - \(formatNumber(-constant))" }
        } else {
            text += formatNumber(constant)
        }
        if priority != LayoutPriority.required { text += " @\(formatNumber(priority))" }
        return text
    }

    public override var traceName: String {
        let name = identifier.map { "\"\($0)\" " } ?? ""
        return "NSLayoutConstraint \(name)\(formula)"
    }
}

/// NSLayoutAnchor: an item's attribute, from which constraints are made. UIKit's three kinds
/// are three classes, so an x-axis anchor cannot be related to a y-axis one.
public class LayoutAnchor: HostObject {
    public override class var className: String { "NSLayoutAnchor" }
    /// Weak, as UIKit's: an anchor does not keep its view.
    public private(set) weak var item: (any LayoutItem)?
    public let attribute: LayoutAttribute

    init(world: World, item: any LayoutItem, attribute: LayoutAttribute) {
        self.item = item
        self.attribute = attribute
        super.init(world: world)
    }

    /// The anchor of `attribute` of `item`, of the class its axis asks for.
    public static func of(_ item: any LayoutItem, _ attribute: LayoutAttribute) -> LayoutAnchor {
        switch attribute {
        case .width, .height: return DimensionAnchor(world: item.world, item: item, attribute: attribute)
        case .top, .bottom, .centerY: return YAxisAnchor(world: item.world, item: item, attribute: attribute)
        default: return XAxisAnchor(world: item.world, item: item, attribute: attribute)
        }
    }

    /// `constraint(equalTo:constant:)` and the others: an inactive constraint between the two.
    public func constraint(_ relation: LayoutConstraintRelation, to other: LayoutAnchor?, multiplier: Double = 1, constant: Double = 0) throws -> LayoutConstraint {
        guard let item else { throw LayoutConstraintError.releasedItem(attribute) }
        if let other {
            guard type(of: other) == type(of: self) || (self is DimensionAnchor && other is DimensionAnchor) else {
                throw LayoutConstraintError.mixedAxes(attribute, other.attribute)
            }
            guard let otherItem = other.item else { throw LayoutConstraintError.releasedItem(other.attribute) }
            return try LayoutConstraint(world: world, item: item, attribute: attribute, relatedBy: relation, toItem: otherItem,
                                        attribute: other.attribute, multiplier: multiplier, constant: constant)
        }
        return try LayoutConstraint(world: world, item: item, attribute: attribute, relatedBy: relation, toItem: nil,
                                    attribute: .notAnAttribute, multiplier: 0, constant: constant)
    }

    public override var traceName: String { "\(item?.traceName ?? "a released item").\(attribute.rawValue)Anchor" }
}

public final class XAxisAnchor: LayoutAnchor { public override class var className: String { "NSLayoutXAxisAnchor" } }
public final class YAxisAnchor: LayoutAnchor { public override class var className: String { "NSLayoutYAxisAnchor" } }
public final class DimensionAnchor: LayoutAnchor { public override class var className: String { "NSLayoutDimension" } }
