import CLua
import TransitCore
import TransitDynamics

// UIKit Dynamics (TransitDynamics): UIDynamicAnimator, its behaviors and their delegates.
// Initialisers take UIKit's arguments in order or an options table with Swift's labels
// (`UISnapBehavior(item, point)` or `UISnapBehavior{item = v, snapTo = point}`). Every number is
// checked here, before it reaches Box2D: non-finite values and values beyond the stated ranges
// are errors naming the argument, so no script can reach one of Box2D's asserts.

extension TransitAPI {
    nonisolated(unsafe) static let dynamicsEnums: [APIEnum] = [
        APIEnum(name: "UIPushBehaviorMode", cases: PushBehavior.Mode.allCases.map(\.rawValue), doc: "UIPushBehavior modes"),
        APIEnum(name: "UICollisionBehaviorMode", cases: CollisionBehavior.Mode.allCases.map(\.rawValue), doc: "UICollisionBehavior.collisionMode"),
        APIEnum(name: "UIAttachmentBehaviorType", cases: ["items", "anchor"], doc: "UIAttachmentBehavior.attachedBehaviorType"),
    ]

    static func dynamicsClasses() -> [APIClass] {
        [dynamicAnimatorClass(), dynamicBehaviorClass(), gravityClass(), collisionClass(), pushClass(), snapClass(),
         attachmentClass(), dynamicItemClass()]
    }

    static func dynamicsProtocols() -> [APIProtocol] {
        typealias A = Hook.DynamicAnimatorDelegate
        typealias C = Hook.CollisionBehaviorDelegate
        let animator = [parameter("animator", .object("UIDynamicAnimator"))]
        return [
            APIProtocol(name: A.protocolName, doc: "A dynamic animator's delegate: told when it pauses (every item at rest) and resumes.",
                        hooks: [
                            hook(A.dynamicAnimatorDidPause, animator, swift: "optional func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)",
                                 "every item came to rest (or no behavior is left): the animator stopped stepping"),
                            hook(A.dynamicAnimatorWillResume, animator, swift: "optional func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)",
                                 "the animator is about to step again (also before its first step)"),
                        ], usedAs: "animator.delegate"),
            APIProtocol(name: C.protocolName, doc: "A collision behavior's delegate: told when an item begins to touch a boundary or another item.",
                        hooks: [
                            hook(C.beganContactForItemWithBoundaryIdentifier,
                                 [parameter("behavior", .object("UICollisionBehavior")), parameter("item", .object("UIView")),
                                  parameter("identifier", .optional(.string), "nil for the reference bounds"), parameter("point", .value("CGPoint"))],
                                 swift: "optional func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint)",
                                 "an item began touching a boundary (point in the reference view's coordinates)"),
                            hook(C.beganContactForItemWithItem,
                                 [parameter("behavior", .object("UICollisionBehavior")), parameter("item1", .object("UIView")),
                                  parameter("item2", .object("UIView")), parameter("point", .value("CGPoint"))],
                                 swift: "optional func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: any UIDynamicItem, with item2: any UIDynamicItem, at p: CGPoint)",
                                 "two items began touching"),
                        ], usedAs: "collision.collisionDelegate"),
        ]
    }

    private static func dynamicAnimatorClass() -> APIClass {
        var cls = APIClass(name: "UIDynamicAnimator", superclass: "NSObject",
                           doc: "Runs dynamic behaviors on its reference view's subviews, stepping Box2D at 240 Hz of virtual time.", isValue: false)
        cls.matches = { $0 is DynamicAnimator }
        cls.constructorParameters = [parameter("referenceView", .union([.object("UIView"), .options(referenceViewOptions)]), "the view whose coordinates the behaviors use, or {referenceView = view}")]
        cls.construct = { call in
            let index = try call.initialiserArgument(1, option: "referenceView", table: referenceViewOptions)
            defer { call.popInitialiserArgument(1) }
            guard let view = call.runtime.object(at: index) as? View else {
                throw call.fail(argument: 1, "(referenceView) must be a UIView (got \(call.runtime.typeDescription(at: index)))")
            }
            return DynamicAnimator(world: call.runtime.world, referenceView: view)
        }
        cls.properties = [
            property("referenceView", .object("UIView"), "the view whose coordinate system the behaviors use", of: DynamicAnimator.self,
                     get: { call, a in call.push(a.referenceView) }),
            property("behaviors", .list(.object("UIDynamicBehavior")), "the behaviors added, in order", of: DynamicAnimator.self,
                     get: { call, a in call.pushList(a.behaviors) }),
            property("isRunning", .boolean, "true while it steps; false once every item is at rest", of: DynamicAnimator.self,
                     get: { call, a in call.push(a.isRunning) }),
            property("elapsedTime", .number, "seconds of virtual time it has run (pauses left out)", of: DynamicAnimator.self,
                     get: { call, a in call.push(a.elapsedTime) }),
            property("delegate", .optional(.protocolObject("", Hook.DynamicAnimatorDelegate.protocolName)), "told when it pauses and resumes", of: DynamicAnimator.self,
                     get: { call, a in call.push(a.delegate) },
                     set: { call, a, newValue in a.delegate = newValue }),
        ]
        cls.methods = [
            method("addBehavior", .object("behavior", DynamicBehavior.self), doc: "starts applying the behavior", of: DynamicAnimator.self) { call, a, behavior in
                try call.dynamics { try a.addBehavior(behavior) }; return 0
            },
            method("removeBehavior", .object("behavior", DynamicBehavior.self), doc: "stops applying the behavior", of: DynamicAnimator.self) { call, a, behavior in
                a.removeBehavior(behavior); return 0
            },
            method("removeAllBehaviors", [], "removes every behavior (the animator pauses)", of: DynamicAnimator.self) { _, a in
                a.removeAllBehaviors(); return 0
            },
            method("items", .value("rect", Rect.self), returns: .list(.object("UIView")),
                   doc: "the items whose frames intersect the rectangle (reference view coordinates; Swift items(in:))", of: DynamicAnimator.self) { call, a, rect in
                call.pushList(a.items.filter { item in
                    let frame = item.superview.map { $0.convert(item.frame, to: a.referenceView) } ?? item.frame
                    return frame.intersects(rect)
                }); return 1
            },
            method("updateItem", .object("usingCurrentState", View.self),
                   doc: "the animator takes the item's current center and transform (Swift updateItem(usingCurrentState:))", of: DynamicAnimator.self) { _, a, item in
                a.updateItem(usingCurrentState: item); return 0
            },
        ]
        return cls
    }

    private static func dynamicBehaviorClass() -> APIClass {
        var cls = APIClass(name: "UIDynamicBehavior", superclass: "NSObject", doc: "The base of the dynamic behaviors; it groups child behaviors.", isValue: false)
        cls.matches = { $0 is DynamicBehavior }
        cls.construct = { call in DynamicBehavior(world: call.runtime.world) }
        cls.properties = [
            property("dynamicAnimator", .optional(.object("UIDynamicAnimator")), "the animator it was added to", of: DynamicBehavior.self,
                     get: { call, b in call.push(b.dynamicAnimator) }),
            property("childBehaviors", .list(.object("UIDynamicBehavior")), "behaviors added with addChildBehavior", of: DynamicBehavior.self,
                     get: { call, b in call.pushList(b.childBehaviors) }),
        ]
        cls.methods = [
            method("addChildBehavior", .object("behavior", DynamicBehavior.self), doc: "applies the child with this behavior", of: DynamicBehavior.self) { call, b, child in
                try call.dynamics { try b.addChildBehavior(child) }; return 0
            },
            method("removeChildBehavior", .object("behavior", DynamicBehavior.self), doc: "removes a child", of: DynamicBehavior.self) { _, b, child in
                b.removeChildBehavior(child); return 0
            },
        ]
        return cls
    }

    /// items, addItem and removeItem, shared by the behaviors that hold a list.
    private static func itemListMembers() -> (properties: [APIProperty], methods: [APIFunction]) {
        ([property("items", .list(.object("UIView")), "its items", of: ItemListBehavior.self, get: { call, b in call.pushList(b.items) })],
         [method("addItem", .object("item", View.self), doc: "adds an item", of: ItemListBehavior.self) { call, b, item in
             try call.checkDynamicItem(item, argument: 1, name: "item"); b.addItem(item); return 0
         },
          method("removeItem", .object("item", View.self), doc: "removes an item", of: ItemListBehavior.self) { _, b, item in
              b.removeItem(item); return 0
          }])
    }

    /// A behavior built from a list of items: `Class(items)` or `Class{items = {...}}`.
    private static func itemListClass(_ name: String, _ doc: String, matches: @escaping (AnyObject) -> Bool,
                                      make: @escaping (World, [View]) -> ItemListBehavior) -> APIClass {
        var cls = APIClass(name: name, superclass: "UIDynamicBehavior", doc: doc, isValue: false)
        cls.matches = matches
        cls.constructorParameters = [parameter("items", .optional(.union([.list(.object("UIView")), .options(itemsOptions)])), "a list of views, or {items = {...}} (Swift init(items:)); nil: none yet")]
        cls.construct = { call in
            let items = try call.itemsArgument(1, option: "items", table: itemsOptions)
            return make(call.runtime.world, items)
        }
        let shared = itemListMembers()
        cls.properties = shared.properties
        cls.methods = shared.methods
        return cls
    }

    private static func gravityClass() -> APIClass {
        var cls = itemListClass("UIGravityBehavior", "Accelerates its items: magnitude 1 is 1000 points/s² (Apple), downwards by default.",
                                matches: { $0 is GravityBehavior }, make: { GravityBehavior(world: $0, items: $1) })
        cls.properties += [
            property("gravityDirection", .vector("gravityDirection", limit: 1000), "the acceleration in units of 1000 points/s² (default (0, 1))", of: GravityBehavior.self,
                     get: { call, g in call.push(g.gravityDirection) }, set: { _, g, v in g.gravityDirection = v }),
            property("angle", .ranged("angle", -1e6, 1e6), "the direction in radians (π/2: down)", of: GravityBehavior.self,
                     get: { call, g in call.push(g.angle) }, set: { _, g, v in g.angle = v }),
            property("magnitude", .ranged("magnitude", -1000, 1000), "1.0: 1000 points/s² (default 1); 0 makes the vector (0, 0) and the angle 0", of: GravityBehavior.self,
                     get: { call, g in call.push(g.magnitude) }, set: { _, g, v in g.magnitude = v }),
        ]
        cls.methods += [
            method("setAngle", .ranged("angle", -1e6, 1e6), .ranged("magnitude", -1000, 1000), doc: "sets both (Swift setAngle(_:magnitude:))", of: GravityBehavior.self) { _, g, angle, magnitude in
                g.magnitude = magnitude; g.angle = angle; return 0
            },
        ]
        return cls
    }

    private static func collisionClass() -> APIClass {
        var cls = itemListClass("UICollisionBehavior", "Keeps its items from passing through each other and through its boundaries.",
                                matches: { $0 is CollisionBehavior }, make: { CollisionBehavior(world: $0, items: $1) })
        cls.properties += [
            property("translatesReferenceBoundsIntoBoundary", .boolean(), "the reference view's bounds are a boundary (identifier nil)", of: CollisionBehavior.self,
                     get: { call, c in call.push(c.translatesReferenceBoundsIntoBoundary) }, set: { _, c, v in c.translatesReferenceBoundsIntoBoundary = v }),
            property("collisionMode", .enumeration("", CollisionBehavior.Mode.self, "UICollisionBehaviorMode"), "items, boundaries or everything (default)", of: CollisionBehavior.self,
                     get: { call, c in call.push(c.collisionMode.rawValue) }, set: { _, c, v in c.collisionMode = v }),
            property("collisionDelegate", .optional(.protocolObject("", Hook.CollisionBehaviorDelegate.protocolName)), "told when contacts begin", of: CollisionBehavior.self,
                     get: { call, c in call.push(c.collisionDelegate) },
                     set: { call, c, newValue in c.collisionDelegate = newValue }),
            property("boundaryIdentifiers", .list(.string), "the identifiers of the boundaries added", of: CollisionBehavior.self,
                     get: { call, c in
                         lua_createtable(call.L, Int32(c.boundaries.count), 0)
                         for (i, boundary) in c.boundaries.enumerated() { call.push(boundary.identifier); lua_rawseti(call.L, -2, lua_Integer(i + 1)) }
                     }),
        ]
        cls.methods += [
            method("addBoundary", .string("withIdentifier"), .coordinate("from"), .coordinate("to"),
                   doc: "a segment items cannot cross (Swift addBoundary(withIdentifier:from:to:)); the same identifier replaces it", of: CollisionBehavior.self) { call, c, identifier, from, to in
                try call.dynamics { try c.addBoundary(identifier: identifier, from: from, to: to) }; return 0
            },
            method("removeBoundary", .string("withIdentifier"), doc: "removes a boundary", of: CollisionBehavior.self) { _, c, identifier in
                c.removeBoundary(identifier: identifier); return 0
            },
            method("removeAllBoundaries", [], "removes every boundary added (not the reference bounds)", of: CollisionBehavior.self) { _, c in
                c.removeAllBoundaries(); return 0
            },
        ]
        return cls
    }

    private static func pushClass() -> APIClass {
        var cls = APIClass(name: "UIPushBehavior", superclass: "UIDynamicBehavior",
                           doc: "A force on its items: magnitude 1 accelerates a 100 × 100 point item of density 1 at 100 points/s² (Apple).", isValue: false)
        cls.matches = { $0 is PushBehavior }
        cls.constructorParameters = [
            parameter("items", .union([.list(.object("UIView")), .options(pushOptions)]), "a list of views, or {items = {...}, mode = ...} (Swift init(items:mode:))"),
            parameter("mode", .optional(.enumeration("UIPushBehaviorMode")), "continuous or instantaneous"),
        ]
        cls.construct = { call in
            var mode: PushBehavior.Mode
            if call.isTable(1), call.hasKey(1, "items") || call.hasKey(1, "mode") {
                let text = try call.stringOption(1, "mode")
                guard let text, let value = PushBehavior.Mode(rawValue: text) else {
                    throw call.fail("option mode must be \"continuous\" or \"instantaneous\" (got \(text.map { "\"\($0)\"" } ?? "nil"))")
                }
                mode = value
            } else {
                guard !call.isNil(2) else { throw call.fail(argument: 2, "(mode) must be \"continuous\" or \"instantaneous\" (got nil)") }
                mode = try call.enumeration(2, PushBehavior.Mode.self, "UIPushBehaviorMode")
            }
            let items = try call.itemsArgument(1, option: "items", table: pushOptions)
            return PushBehavior(world: call.runtime.world, items: items, mode: mode)
        }
        let shared = itemListMembers()
        cls.properties = shared.properties + [
            property("mode", .enumeration("UIPushBehaviorMode"), "continuous or instantaneous", of: PushBehavior.self,
                     get: { call, p in call.push(p.mode.rawValue) }),
            property("active", .boolean(), "whether it pushes; an instantaneous push turns itself off once applied (set true to push again)", of: PushBehavior.self,
                     get: { call, p in call.push(p.active) }, set: { _, p, v in p.active = v }),
            property("pushDirection", .vector("pushDirection", limit: 1e6), "the force, in units of 100 points/s² on mass 1 (default (0, 0))", of: PushBehavior.self,
                     get: { call, p in call.push(p.pushDirection) }, set: { _, p, v in p.pushDirection = v }),
            property("angle", .ranged("angle", -1e6, 1e6), "the direction in radians", of: PushBehavior.self,
                     get: { call, p in call.push(p.angle) }, set: { _, p, v in p.angle = v }),
            property("magnitude", .ranged("magnitude", -1e6, 1e6), "the strength (default 0)", of: PushBehavior.self,
                     get: { call, p in call.push(p.magnitude) }, set: { _, p, v in p.magnitude = v }),
        ]
        cls.methods = shared.methods + [
            method("setAngle", .ranged("angle", -1e6, 1e6), .ranged("magnitude", -1e6, 1e6), doc: "sets both (Swift setAngle(_:magnitude:))", of: PushBehavior.self) { _, p, angle, magnitude in
                p.magnitude = magnitude; p.angle = angle; return 0
            },
        ]
        return cls
    }

    private static func snapClass() -> APIClass {
        var cls = APIClass(name: "UISnapBehavior", superclass: "UIDynamicBehavior",
                           doc: "Springs an item to a point, settling there (damping 0.5 by default, as UIKit's).", isValue: false)
        cls.matches = { $0 is SnapBehavior }
        cls.constructorParameters = [
            parameter("item", .union([.object("UIView"), .options(snapOptions)]), "the view, or {item = view, snapTo = point} (Swift init(item:snapTo:))"),
            parameter("snapTo", .optional(.value("CGPoint")), "the point, in the reference view's coordinates"),
        ]
        cls.construct = { call in
            let (item, point): (View, Point)
            if call.isTable(1) {
                try call.checkOptions(1, snapOptions)
                item = try call.viewOption(1, "item")
                guard let value = try call.pointOption(1, "snapTo") else { throw call.fail("option snapTo (a CGPoint) is required") }
                point = try call.checkedCoordinate(value, "option snapTo")
            } else {
                guard let view = call.runtime.object(at: call.index(1)) as? View else { throw call.argumentError(1, "a UIView") }
                item = view
                guard let value = call.runtime.read(Point.self, at: call.index(2)) else {
                    throw call.fail(argument: 2, "(snapTo) must be a CGPoint (got \(call.runtime.typeDescription(at: call.index(2))))")
                }
                point = try call.checkedCoordinate(value, "argument 2 (snapTo)")
            }
            try call.checkDynamicItem(item, argument: 1, name: "item")
            return SnapBehavior(world: call.runtime.world, item: item, snapPoint: point)
        }
        cls.properties = [
            property("snapPoint", .coordinate("snapPoint"), "where the item settles (reference view coordinates)", of: SnapBehavior.self,
                     get: { call, s in call.push(s.snapPoint) }, set: { _, s, v in s.snapPoint = v }),
            property("damping", .ranged("damping", 0, 1), "0 (most oscillation) ... 1 (least); default 0.5", of: SnapBehavior.self,
                     get: { call, s in call.push(s.damping) }, set: { _, s, v in s.damping = v }),
            property("items", .list(.object("UIView")), "its one item", of: SnapBehavior.self, get: { call, s in call.pushList([s.item]) }),
        ]
        return cls
    }

    private static func attachmentClass() -> APIClass {
        var cls = APIClass(name: "UIAttachmentBehavior", superclass: "UIDynamicBehavior",
                           doc: "Holds an item at a distance from an anchor point or from another item: a rigid rod, or a spring with frequency.", isValue: false)
        cls.matches = { $0 is AttachmentBehavior }
        cls.constructorParameters = [parameter("options", .options(attachmentOptions),
            "{item =, attachedToAnchor =} or {item =, attachedTo =}, with offsetFromCenter (and attachedOffsetFromCenter) as CGPoints (Swift's UIOffset)")]
        cls.construct = { call in
            guard call.isTable(1) else { throw call.argumentError(1, "an options table {item =, attachedToAnchor = point} or {item =, attachedTo = view}") }
            try call.checkOptions(1, attachmentOptions)
            let item = try call.viewOption(1, "item")
            try call.checkDynamicItem(item, argument: 1, name: "item")
            let offset = try call.pointOption(1, "offsetFromCenter").map { try call.checkedCoordinate($0, "option offsetFromCenter") } ?? .zero
            let anchor = try call.pointOption(1, "attachedToAnchor").map { try call.checkedCoordinate($0, "option attachedToAnchor") }
            let hasOther = call.hasKey(1, "attachedTo")
            switch (anchor, hasOther) {
            case (let anchor?, false):
                return AttachmentBehavior(world: call.runtime.world, item: item, offset: offset, anchor: anchor)
            case (nil, true):
                let other = try call.viewOption(1, "attachedTo")
                guard other !== item else { throw call.fail("option attachedTo must be another view than item") }
                try call.checkDynamicItem(other, argument: 1, name: "attachedTo")
                let otherOffset = try call.pointOption(1, "attachedOffsetFromCenter").map { try call.checkedCoordinate($0, "option attachedOffsetFromCenter") } ?? .zero
                return AttachmentBehavior(world: call.runtime.world, item: item, offset: offset, attachedTo: other, attachedOffset: otherOffset)
            default:
                throw call.fail("give exactly one of attachedToAnchor (a CGPoint) and attachedTo (a UIView)")
            }
        }
        cls.properties = [
            property("anchorPoint", .coordinate("anchorPoint"), "the anchor (reference view coordinates); for two items, where the second was attached", of: AttachmentBehavior.self,
                     get: { call, a in call.push(a.anchorPoint) }, set: { _, a, v in a.anchorPoint = v }),
            property("length", .ranged("length", 0, 1e6), "points between the attachment points (measured at creation)", of: AttachmentBehavior.self,
                     get: { call, a in call.push(a.length) }, set: { _, a, v in a.length = v }),
            property("damping", .ranged("damping", 0, 1000), "the spring's damping ratio (with a frequency)", of: AttachmentBehavior.self,
                     get: { call, a in call.push(a.damping) }, set: { _, a, v in a.damping = v }),
            property("frequency", .ranged("frequency", 0, 1000), "the spring's frequency in hertz; 0 (default): a rigid attachment", of: AttachmentBehavior.self,
                     get: { call, a in call.push(a.frequency) }, set: { _, a, v in a.frequency = v }),
            property("attachedBehaviorType", .enumeration("UIAttachmentBehaviorType"), "items or anchor", of: AttachmentBehavior.self,
                     get: { call, a in call.push(a.kind.rawValue) }),
            property("items", .list(.object("UIView")), "its one or two items", of: AttachmentBehavior.self, get: { call, a in call.pushList(a.dynamicItems) }),
        ]
        return cls
    }

    private static func dynamicItemClass() -> APIClass {
        var cls = itemListClass("UIDynamicItemBehavior", "Its items' material (elasticity, friction, density, resistance, rotation) and velocities.",
                                matches: { $0 is DynamicItemBehavior }, make: { DynamicItemBehavior(world: $0, items: $1) })
        func material(_ name: String, _ lower: Double, _ upper: Double, _ doc: String, _ key: ReferenceWritableKeyPath<DynamicItemBehavior, Double>) -> APIProperty {
            property(name, .ranged(name, lower, upper), doc, of: DynamicItemBehavior.self,
                     get: { call, b in call.push(b[keyPath: key]) }, set: { _, b, v in b[keyPath: key] = v })
        }
        cls.properties += [
            material("elasticity", 0, 1, "0: no bounce ... 1: an elastic collision (default 0)", \.elasticity),
            material("friction", 0, 1000, "0: items slide along each other freely (default 0)", \.friction),
            material("density", 0.001, 1e6, "with the area, the mass: a 100 × 100 item of density 1 has mass 1 (default 1)", \.density),
            material("resistance", 0, 1e6, "linear velocity damping, per second (default 0)", \.resistance),
            material("angularResistance", 0, 1e6, "angular velocity damping, per second (default 0)", \.angularResistance),
            property("allowsRotation", .boolean(), "false: the items never rotate (default true)", of: DynamicItemBehavior.self,
                     get: { call, b in call.push(b.allowsRotation) }, set: { _, b, v in b.allowsRotation = v }),
        ]
        cls.methods += [
            method("addLinearVelocity", .coordinate("velocity"), .object("item", View.self),
                   doc: "adds points/s to the item's velocity (Swift addLinearVelocity(_:for:)); the behavior must be in an animator", of: DynamicItemBehavior.self) { call, b, velocity, item in
                guard let animator = call.animator(of: b) else { throw call.fail("the behavior must be added to an animator first") }
                animator.addLinearVelocity(velocity, to: item); return 0
            },
            method("linearVelocity", .object("item", View.self), returns: .value("CGPoint"),
                   doc: "the item's velocity in points/s (Swift linearVelocity(for:))", of: DynamicItemBehavior.self) { call, b, item in
                call.push(call.animator(of: b)?.linearVelocity(of: item) ?? .zero); return 1
            },
            method("addAngularVelocity", .ranged("velocity", -1000, 1000), .object("item", View.self),
                   doc: "adds radians/s to the item's spin (Swift addAngularVelocity(_:for:))", of: DynamicItemBehavior.self) { call, b, velocity, item in
                guard let animator = call.animator(of: b) else { throw call.fail("the behavior must be added to an animator first") }
                animator.addAngularVelocity(velocity, to: item); return 0
            },
            method("angularVelocity", .object("item", View.self), returns: .number,
                   doc: "the item's spin in radians/s (Swift angularVelocity(for:))", of: DynamicItemBehavior.self) { call, b, item in
                call.push(call.animator(of: b)?.angularVelocity(of: item) ?? 0); return 1
            },
        ]
        return cls
    }
}

/// Coordinates and vectors beyond this are refused: Box2D keeps positions in single precision,
/// which at 10^6 points (10^4 m) still resolves a hundredth of a point.
let dynamicsCoordinateLimit = 1e6

extension Argument where Value == Double {
    /// A finite number in lower...upper.
    static func ranged(_ name: String, _ lower: Double, _ upper: Double, _ doc: String = "") -> Self {
        Argument(name, .number, doc) { call, position in
            let index = call.index(position)
            guard lua_type(call.L, index) == LUA_TNUMBER else { throw call.mismatch(position, .number) }
            let value = lua_tonumberx(call.L, index, nil)
            guard value.isFinite, value >= lower, value <= upper else {
                throw call.fail("\(call.argumentLabel(position, name))must be a finite number in \(formatNumber(lower))...\(formatNumber(upper)) (got \(formatNumber(value)))")
            }
            return value
        }
    }
}

extension Argument where Value == Point {
    /// A finite CGPoint within ±10^6 points.
    static func coordinate(_ name: String, _ doc: String = "") -> Self {
        Argument(name, .value("CGPoint"), doc) { call, position in
            guard let value = call.runtime.read(Point.self, at: call.index(position)) else { throw call.mismatch(position, .value("CGPoint")) }
            return try call.checkedCoordinate(value, call.site is PropertyEntry ? "" : "argument \(position) (\(name))")
        }
    }
}

extension Argument where Value == Vector {
    /// A finite CGVector whose components are within ±limit.
    static func vector(_ name: String, limit: Double, _ doc: String = "") -> Self {
        Argument(name, .value("CGVector"), doc) { call, position in
            guard let value = call.runtime.read(Vector.self, at: call.index(position)) else { throw call.mismatch(position, .value("CGVector")) }
            guard value.dx.isFinite, value.dy.isFinite, abs(value.dx) <= limit, abs(value.dy) <= limit else {
                throw call.fail("\(call.argumentLabel(position, name))must be a CGVector with finite components within ±\(formatNumber(limit)) (got \(value))")
            }
            return value
        }
    }
}

extension HostCall {
    /// "argument 2 (magnitude) " for a method's argument, "" for a property's value.
    func argumentLabel(_ position: Int, _ name: String) -> String {
        site is PropertyEntry ? "" : "argument \(position) (\(name)) "
    }

    func checkedCoordinate(_ point: Point, _ what: String) throws -> Point {
        guard point.x.isFinite, point.y.isFinite, abs(point.x) <= dynamicsCoordinateLimit, abs(point.y) <= dynamicsCoordinateLimit else {
            let subject = what.isEmpty ? "" : what + " "
            throw fail("\(subject)must be a CGPoint with finite coordinates within ±\(formatNumber(dynamicsCoordinateLimit)) (got \(point))")
        }
        return point
    }

    /// Model errors (a behavior added twice, a boundary of no length) as this call's errors.
    func dynamics(_ body: () throws -> Void) throws {
        do { try body() } catch let error as DynamicsError { throw fail(error.description) }
    }

    func animator(of behavior: DynamicBehavior) -> DynamicAnimator? { behavior.owningAnimator }

    func hasKey(_ argument: Int, _ key: String) -> Bool {
        defer { transit_pop(L, 1) }
        return field(argument, key)
    }

    func stringOption(_ argument: Int, _ key: String) throws -> String? {
        defer { transit_pop(L, 1) }
        guard field(argument, key) else { return nil }
        guard lua_type(L, -1) == LUA_TSTRING else { throw fail("option \(key) must be a string (got \(runtime.typeDescription(at: -1)))") }
        return runtime.string(at: -1)
    }

    func viewOption(_ argument: Int, _ key: String) throws -> View {
        defer { transit_pop(L, 1) }
        guard field(argument, key), let view = runtime.object(at: -1) as? View else {
            throw fail("option \(key) must be a UIView (got \(runtime.typeDescription(at: -1)))")
        }
        return view
    }

    /// A dynamic item must have an area: Box2D cannot make a body of a point or a line.
    func checkDynamicItem(_ view: View, argument: Int, name: String, entry: Int? = nil) throws {
        let size = view.bounds.size
        let minimum = DynamicAnimator.minimumItemSide
        guard size.width >= minimum, size.height >= minimum else {
            let which = entry.map { " entry \($0)" } ?? ""
            throw fail(argument: argument, "(\(name))\(which) must be a view at least \(formatNumber(minimum))×\(formatNumber(minimum)) points (got \(formatNumber(size.width))×\(formatNumber(size.height)); give it a frame first)")
        }
    }

    /// Argument 1 of an initialiser that also takes `{option = value}`: the stack index of the
    /// value (pushed when it came from the table; `popInitialiserArgument` pops it).
    func initialiserArgument(_ argument: Int, option: String, table: OptionTable) throws -> Int32 {
        if isTable(argument), runtime.object(at: index(argument)) == nil {
            try checkOptions(argument, table)
            _ = field(argument, option)
            return lua_gettop(L)
        }
        lua_pushvalue(L, index(argument))
        return lua_gettop(L)
    }

    func popInitialiserArgument(_ argument: Int) { transit_pop(L, 1) }

    /// The items of `Class(items)` or `Class{items = {...}}`: a list of views with an area.
    func itemsArgument(_ argument: Int, option: String, table: OptionTable) throws -> [View] {
        let known = Set(table.fields.map(\.name))
        guard !isNil(argument) else { return [] }
        guard isTable(argument) else { throw argumentError(argument, "a list of UIViews or {\(option) = {...}}") }
        var list = index(argument)
        var pushed = false
        if hasKey(argument, option) || known.contains(where: { $0 != option && hasKey(argument, $0) }) {
            try checkOptions(argument, table)
            _ = field(argument, option)
            pushed = true
            list = lua_gettop(L)
            if lua_type(L, list) == LUA_TNIL { transit_pop(L, 1); return [] }
            guard lua_type(L, list) == LUA_TTABLE else {
                defer { transit_pop(L, 1) }
                throw fail("option \(option) must be a list of UIViews (got \(runtime.typeDescription(at: list)))")
            }
        }
        defer { if pushed { transit_pop(L, 1) } }
        var views: [View] = []
        let count = Int(lua_rawlen(L, list))
        for position in 0..<count {
            lua_rawgeti(L, list, lua_Integer(position + 1))
            defer { transit_pop(L, 1) }
            guard let view = runtime.object(at: -1) as? View else {
                throw fail(argument: argument, "(\(option)) entry \(position + 1) must be a UIView (got \(runtime.typeDescription(at: -1)))")
            }
            try checkDynamicItem(view, argument: argument, name: option, entry: position + 1)
            views.append(view)
        }
        return views
    }
}

extension TransitAPI {
    static let referenceViewOptions = OptionTable("UIDynamicAnimator.Options", "UIDynamicAnimator{...} (Swift's init(referenceView:))", [
        .required("referenceView", .object("UIView"), "the view whose coordinates the behaviors use"),
    ])
    static let itemsOptions = OptionTable("UIDynamicBehavior.ItemsOptions", "A behavior's {items = {...}} (Swift's init(items:))", [
        .optional("items", .list(.object("UIView")), "the views it acts on, each with an area"),
    ])
    static let pushOptions = OptionTable("UIPushBehavior.Options", "UIPushBehavior{...} (Swift's init(items:mode:))", [
        .optional("items", .list(.object("UIView")), "the views it pushes"),
        .required("mode", .enumeration("UIPushBehaviorMode"), "continuous or instantaneous"),
    ])
    static let snapOptions = OptionTable("UISnapBehavior.Options", "UISnapBehavior{...} (Swift's init(item:snapTo:))", [
        .required("item", .object("UIView")), .required("snapTo", .value("CGPoint"), "in the reference view's coordinates"),
    ])
    static let attachmentOptions = OptionTable("UIAttachmentBehavior.Options", "UIAttachmentBehavior{...}: an item held to an anchor point or to another item", [
        .required("item", .object("UIView")), .optional("offsetFromCenter", .value("CGPoint"), "Swift's UIOffset"),
        .optional("attachedToAnchor", .value("CGPoint"), "this or attachedTo is required"), .optional("attachedTo", .object("UIView")),
        .optional("attachedOffsetFromCenter", .value("CGPoint")),
    ])
}
