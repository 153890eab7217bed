import CBox2D
import Foundation
import TransitCore

// UIDynamicAnimator on virtual time, driven by Box2D. The animator steps a Box2D world of its
// own at fixed steps of 1/240 s on the grid k/240 of virtual time (each step's instant computed
// from k, never summed), so a render at any frame rate sees the same states at the same times;
// Box2D is deterministic given the same steps. One clock per world (DynamicsClock, below) steps
// every running animator; its steps are `recurring` events, as display-link ticks are: they run while time moves but do not keep a finished scene waiting. When every
// body is at rest (no point of it moved more than ¼ point in 0.1 s, or asleep in Box2D) the
// animator pauses and tells its delegate; a change to a behavior wakes it. Box2D works in metres: 1 m is 100 points, so
// UIKit's gravity (1000 points/s²) is 10 m/s², a 100 × 100 point item of density 1 has mass
// 1 kg, and a push of magnitude 1 (100 points/s² on that item) is a force of 1 N.
// docs/semantics.md ("UIKit Dynamics") has the decisions and their evidence.

/// `UIDynamicAnimator(referenceView:)`.
public final class DynamicAnimator: HostObject {
    public override class var className: String { "UIDynamicAnimator" }

    public static let stepsPerSecond = 240
    public static let pointsPerMeter = 100.0
    static let velocityIterations: Int32 = 8
    static let positionIterations: Int32 = 3
    /// Items are boxes at least 1 point and at most 100,000 points on a side: Box2D refuses a
    /// degenerate polygon, and beyond that its single-precision arithmetic loses the point.
    public static let minimumItemSide = 1.0
    public static let maximumItemSide = 100_000.0
    /// Speeds are kept within 10^6 points/s (Box2D moves at most 2 m, 200 points, a step, and an
    /// infinite velocity scaled to that limit is NaN).
    public static let maximumSpeed = 1_000_000.0

    public let referenceView: View
    public private(set) var behaviors: [DynamicBehavior] = []
    /// `UIDynamicAnimatorDelegate`: a script table or object (Hook.DynamicAnimatorDelegate).
    public var delegate: AnyObject?
    public private(set) var isRunning = false
    /// Seconds of virtual time the animator has run (steps taken / 240), pauses left out.
    public var elapsedTime: Double { Double(stepsTaken) / Double(DynamicAnimator.stepsPerSecond) }

    private let physics: OpaquePointer
    private var bodies: [Body] = []
    private var needsRebuild = true
    /// Set by a start or a resume: the next step first tells the delegate it resumes.
    private var announcesResume = false
    private var stepsTaken = 0
    /// The collision rules of the latest rebuild, which Box2D's contact filter reads.
    private let rules = CollisionRules()

    final class Body {
        let item: View
        let id: Int32
        var mass = 1.0
        init(item: View, id: Int32) { self.item = item; self.id = id }
    }

    public init(world: World, referenceView: View) {
        self.referenceView = referenceView
        physics = tb_world_create()
        super.init(world: world)
        tb_world_set_filter(physics, Unmanaged.passUnretained(rules).toOpaque(), collisionFilter)
    }

    deinit { tb_world_destroy(physics) }

    // MARK: - Behaviors

    public func addBehavior(_ behavior: DynamicBehavior) throws {
        if behavior.dynamicAnimator === self { return }
        guard behavior.dynamicAnimator == nil, behavior.parent == nil else {
            throw DynamicsError.invalid("the behavior already belongs to another animator or behavior")
        }
        behavior.dynamicAnimator = self
        behaviors.append(behavior)
        behaviorChanged(structure: true)
    }

    public func removeBehavior(_ behavior: DynamicBehavior) {
        guard let index = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: index)
        behavior.dynamicAnimator = nil
        behaviorChanged(structure: true)
    }

    public func removeAllBehaviors() {
        for behavior in behaviors { behavior.dynamicAnimator = nil }
        behaviors.removeAll()
        behaviorChanged(structure: true)
    }

    /// Every behavior in effect, children after their parent, in the order they were added.
    var allBehaviors: [DynamicBehavior] { behaviors.flatMap(\.flattened) }

    /// The items of every behavior, once each, in the order they first appear.
    public var items: [View] {
        var seen = Set<ObjectIdentifier>()
        var result: [View] = []
        for behavior in allBehaviors {
            for item in behavior.dynamicItems where seen.insert(ObjectIdentifier(item)).inserted { result.append(item) }
        }
        return result
    }

    /// A behavior's setting changed: rebuild when `structure`, and run again if paused.
    func behaviorChanged(structure: Bool) {
        if structure { needsRebuild = true }
        for body in bodies { tb_body_wake(physics, body.id) }
        resume()
    }

    /// `updateItem(usingCurrentState:)`: the body takes the item's current center and rotation.
    public func updateItem(usingCurrentState item: View) {
        guard let body = bodies.first(where: { $0.item === item }) else { return }
        let (position, angle) = placement(of: item)
        tb_body_set_transform(physics, body.id, position.x, position.y, angle)
        needsRebuild = true
        tb_body_wake(physics, body.id)
        resume()
    }

    // MARK: - Velocities (UIDynamicItemBehavior)

    public func linearVelocity(of item: View) -> Point {
        guard let body = body(for: item) else { return .zero }
        let state = self.state(of: body)
        return Point(x: state.vx * DynamicAnimator.pointsPerMeter, y: state.vy * DynamicAnimator.pointsPerMeter)
    }

    public func angularVelocity(of item: View) -> Double {
        guard let body = body(for: item) else { return 0 }
        return state(of: body).omega
    }

    public func addLinearVelocity(_ velocity: Point, to item: View) {
        rebuildIfNeeded()
        guard let body = body(for: item) else { return }
        let state = self.state(of: body)
        let limit = DynamicAnimator.maximumSpeed / DynamicAnimator.pointsPerMeter
        tb_body_set_velocity(physics, body.id, clamp(state.vx + velocity.x / DynamicAnimator.pointsPerMeter, limit),
                             clamp(state.vy + velocity.y / DynamicAnimator.pointsPerMeter, limit), state.omega)
        tb_body_wake(physics, body.id)
        resume()
    }

    public func addAngularVelocity(_ velocity: Double, to item: View) {
        rebuildIfNeeded()
        guard let body = body(for: item) else { return }
        let state = self.state(of: body)
        tb_body_set_velocity(physics, body.id, state.vx, state.vy, clamp(state.omega + velocity, 1_000))
        tb_body_wake(physics, body.id)
        resume()
    }

    private func body(for item: View) -> Body? { bodies.first { $0.item === item } }

    private func clamp(_ value: Double, _ limit: Double) -> Double { min(max(value, -limit), limit) }

    // MARK: - Running

    /// Starts stepping at the clock's next step, if there is something to move.
    private func resume() {
        guard !isRunning else { return }
        guard !allBehaviors.isEmpty else { return }
        isRunning = true
        announcesResume = true
        DynamicsClock.shared(in: world).add(self)
    }

    /// One step, at instant k / 240 (called by the world's DynamicsClock).
    func step(_ k: Int) throws {
        if announcesResume {
            announcesResume = false
            if let delegate, try world.responds(delegate, Hook.DynamicAnimatorDelegate.dynamicAnimatorWillResume) {
                _ = try world.callScript(delegate, Hook.DynamicAnimatorDelegate.dynamicAnimatorWillResume, [.object(self)])
            }
        }
        guard isRunning else { return }
        guard !allBehaviors.isEmpty else { try pauseAndTell(); return }
        rebuildIfNeeded()
        applyForces()
        tb_world_step(physics, 1 / Double(DynamicAnimator.stepsPerSecond), DynamicAnimator.velocityIterations,
                      DynamicAnimator.positionIterations)
        stepsTaken += 1
        writeItems()
        try reportContacts()
        // A delegate may have paused it (removing every behavior) or changed a behavior, which
        // wants at least one more step.
        guard isRunning else { return }
        let atRest = updateRest()
        if !needsRebuild && (atRest || needsNothing) { try pauseAndTell() }
    }

    /// Rest: every body asleep in Box2D, or no point of any item moved more than a quarter of a
    /// point over the last 0.1 s (24 steps; the center's displacement plus the rotation times the
    /// half diagonal) while either going back and forth (its path at least twice its
    /// displacement) or moving slower than Box2D's sleep tolerances (1 point/s and 2°/s). Box2D's
    /// own sleeping waits half a second, and the solver's sub-point chatter of an item pinned by a
    /// joint and pressed on a boundary by a force keeps resetting its timer; a transition that
    /// completes in dynamicAnimatorDidPause should end when the motion visibly has. The
    /// back-and-forth condition keeps an item that starts to move under a weak force from being
    /// taken for one at rest (under 10 points/s² from rest still is, as under 2 points/s² is for
    /// Box2D's own rule).
    public static let restDistance = 0.25
    public static let restSteps = 24
    public static let restLinearSpeed = 1.0
    public static let restAngularSpeed = 2.0 * Double.pi / 180
    private var stepsAtRest = 0
    private struct RestWindow { var x, y, angle: Double; var path = 0.0; var lastX, lastY, lastAngle: Double }
    /// Where each body was when the current run of still steps began, and the path since.
    private var restWindows: [Int32: RestWindow] = [:]

    /// Counts still steps, and restarts the count from here when something moved.
    private func updateRest() -> Bool {
        if bodies.allSatisfy({ tb_body_is_awake(physics, $0.id) == 0 }) { return true }
        var still = restWindows.count == bodies.count
        var fresh: [Int32: RestWindow] = [:]
        for body in bodies {
            let s = state(of: body)
            fresh[body.id] = RestWindow(x: s.x, y: s.y, angle: s.angle, lastX: s.x, lastY: s.y, lastAngle: s.angle)
            guard still, var window = restWindows[body.id] else { still = false; continue }
            let size = body.item.bounds.size
            let halfDiagonal = (size.width * size.width + size.height * size.height).squareRoot() / 2
            func movement(_ x: Double, _ y: Double, _ angle: Double) -> Double {
                ((s.x - x) * (s.x - x) + (s.y - y) * (s.y - y)).squareRoot() * DynamicAnimator.pointsPerMeter
                    + abs(s.angle - angle) * halfDiagonal
            }
            window.path += movement(window.lastX, window.lastY, window.lastAngle)
            (window.lastX, window.lastY, window.lastAngle) = (s.x, s.y, s.angle)
            restWindows[body.id] = window
            let moved = movement(window.x, window.y, window.angle)
            let speed = (s.vx * s.vx + s.vy * s.vy).squareRoot() * DynamicAnimator.pointsPerMeter
            let slow = speed < DynamicAnimator.restLinearSpeed && abs(s.omega) < DynamicAnimator.restAngularSpeed
            if !(moved <= DynamicAnimator.restDistance && (moved * 2 <= window.path || slow)) { still = false }
        }
        if still {
            stepsAtRest += 1
        } else {
            stepsAtRest = 0
            restWindows = fresh
        }
        return stepsAtRest >= DynamicAnimator.restSteps
    }

    /// No body: nothing to move.
    private var needsNothing: Bool { bodies.isEmpty }

    private func pause() {
        stepsAtRest = 0
        restWindows = [:]
        isRunning = false
        announcesResume = false
        DynamicsClock.shared(in: world).remove(self)
    }

    private func pauseAndTell() throws {
        pause()
        if let delegate, try world.responds(delegate, Hook.DynamicAnimatorDelegate.dynamicAnimatorDidPause) {
            _ = try world.callScript(delegate, Hook.DynamicAnimatorDelegate.dynamicAnimatorDidPause, [.object(self)])
        }
    }

    // MARK: - Building the Box2D world

    /// Positions beyond ±10^6 points are clamped there (a view may be anywhere; Box2D keeps
    /// single-precision floats, and the shim refuses nothing).
    static let coordinateLimit = 1_000_000.0

    /// A coordinate in points as Box2D metres, clamped (NaN cannot come from a view, but 0 then).
    static func metres(_ points: Double) -> Double {
        guard points.isFinite else { return 0 }
        return min(max(points, -coordinateLimit), coordinateLimit) / pointsPerMeter
    }

    /// The item's center in the reference view's coordinates (metres) and its rotation.
    private func placement(of item: View) -> (Point, Double) {
        let center = item.superview.map { $0.convert(item.center, to: referenceView) } ?? item.center
        let t = item.transform
        let angle = atan2(t.b, t.a)
        return (Point(x: DynamicAnimator.metres(center.x), y: DynamicAnimator.metres(center.y)), angle.isFinite ? angle : 0)
    }

    private func rebuildIfNeeded() {
        guard needsRebuild else { return }
        needsRebuild = false
        let behaviors = allBehaviors
        let items = self.items

        // Bodies: keep those of items still present (with their velocities), add the new ones.
        let present = Set(items.map(ObjectIdentifier.init))
        for body in bodies where !present.contains(ObjectIdentifier(body.item)) { tb_body_destroy(physics, body.id) }
        bodies.removeAll { !present.contains(ObjectIdentifier($0.item)) }
        for item in items where !bodies.contains(where: { $0.item === item }) {
            let (position, angle) = placement(of: item)
            bodies.append(Body(item: item, id: tb_body_create(physics, position.x, position.y, angle)))
        }

        // Materials: the latest dynamic item behavior holding an item decides each property.
        var collisionSets: [Int32: [Int]] = [:]
        let collisions = behaviors.compactMap { $0 as? CollisionBehavior }
        for (index, collision) in collisions.enumerated() {
            for item in collision.items {
                if let body = body(for: item) { collisionSets[body.id, default: []].append(index) }
            }
        }
        for body in bodies {
            let material = behaviors.compactMap { $0 as? DynamicItemBehavior }.last { $0.items.contains { $0 === body.item } }
            let size = body.item.bounds.size
            let side = { (s: Double) in min(max(s.isFinite ? s : 0, DynamicAnimator.minimumItemSide), DynamicAnimator.maximumItemSide) }
            let halfWidth = side(size.width) / 2 / DynamicAnimator.pointsPerMeter
            let halfHeight = side(size.height) / 2 / DynamicAnimator.pointsPerMeter
            tb_body_set_box(physics, body.id, halfWidth, halfHeight, material?.density ?? 1, material?.friction ?? 0,
                            material?.elasticity ?? 0, Int64(body.id) + 1)
            tb_body_set_damping(physics, body.id, material?.resistance ?? 0, material?.angularResistance ?? 0)
            tb_body_set_fixed_rotation(physics, body.id, (material?.allowsRotation ?? true) ? 0 : 1)
            body.mass = tb_body_mass(physics, body.id)
        }

        // Boundaries: each collision behavior's segments (and its reference bounds).
        tb_edges_clear(physics)
        var boundaryOwners: [(behavior: Int, identifier: String?)] = []
        let scale = 1 / DynamicAnimator.pointsPerMeter
        for (index, collision) in collisions.enumerated() {
            var segments: [(Point, Point, String?)] = collision.boundaries.map { ($0.from, $0.to, $0.identifier) }
            if collision.translatesReferenceBoundsIntoBoundary {
                let r = referenceView.bounds
                let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
                for i in 0..<4 where r.width > 0 || r.height > 0 { segments.append((corners[i], corners[(i + 1) % 4], nil)) }
            }
            for (from, to, identifier) in segments {
                boundaryOwners.append((index, identifier))
                tb_edge_add(physics, DynamicAnimator.metres(from.x), DynamicAnimator.metres(from.y),
                            DynamicAnimator.metres(to.x), DynamicAnimator.metres(to.y), -Int64(boundaryOwners.count))
            }
        }
        rules.update(collisions: collisions, sets: collisionSets, boundaries: boundaryOwners,
                     bodies: Dictionary(uniqueKeysWithValues: bodies.map { ($0.id, $0.item) }))

        // Joints: destroyed and made again from the behaviors' current settings.
        for joint in joints { tb_joint_destroy(physics, joint) }
        joints = []
        for behavior in behaviors {
            if let snap = behavior as? SnapBehavior, let body = body(for: snap.item) {
                let maxForce = body.mass * 10_000
                joints.append(tb_joint_mouse(physics, body.id, snap.snapPoint.x * scale, snap.snapPoint.y * scale,
                                             SnapBehavior.frequency, snap.dampingRatio, maxForce))
            }
            if let attachment = behavior as? AttachmentBehavior, let body = body(for: attachment.item) {
                let a = worldPoint(of: body, offset: attachment.offset)
                var otherID: Int32 = -1
                var b = Point(x: attachment.anchorPoint.x * scale, y: attachment.anchorPoint.y * scale)
                if let other = attachment.attachedItem {
                    guard let otherBody = self.body(for: other), otherBody !== body else { continue }
                    otherID = otherBody.id
                    b = worldPoint(of: otherBody, offset: attachment.attachedOffset)
                }
                if attachment.frequency <= 0 && attachment.length < AttachmentBehavior.pinLength {
                    joints.append(tb_joint_revolute(physics, otherID, body.id, b.x, b.y, a.x, a.y))
                } else {
                    joints.append(tb_joint_distance(physics, otherID, body.id, b.x, b.y, a.x, a.y,
                                                    max(attachment.length, AttachmentBehavior.pinLength) * scale,
                                                    attachment.frequency, attachment.damping))
                }
            }
        }
        // A fresh build starts every body awake: settings changed.
        for body in bodies { tb_body_wake(physics, body.id) }
    }

    private var joints: [Int32] = []

    private func worldPoint(of body: Body, offset: Point) -> Point {
        let state = self.state(of: body)
        let scale = 1 / DynamicAnimator.pointsPerMeter
        let c = cos(state.angle), s = sin(state.angle)
        return Point(x: state.x + (c * offset.x - s * offset.y) * scale, y: state.y + (s * offset.x + c * offset.y) * scale)
    }

    private struct BodyState { var x, y, angle, vx, vy, omega: Double }

    private func state(of body: Body) -> BodyState {
        var s = BodyState(x: 0, y: 0, angle: 0, vx: 0, vy: 0, omega: 0)
        tb_body_get_state(physics, body.id, &s.x, &s.y, &s.angle, &s.vx, &s.vy, &s.omega)
        return s
    }

    // MARK: - A step

    private func applyForces() {
        let metresPerPoint = 1 / DynamicAnimator.pointsPerMeter
        for behavior in allBehaviors {
            if let gravity = behavior as? GravityBehavior {
                let g = gravity.gravityDirection
                let ax = g.dx * GravityBehavior.pointsPerSecondSquared * metresPerPoint
                let ay = g.dy * GravityBehavior.pointsPerSecondSquared * metresPerPoint
                for item in gravity.items {
                    guard let body = body(for: item) else { continue }
                    let s = state(of: body)
                    tb_body_apply_force(physics, body.id, body.mass * ax, body.mass * ay, s.x, s.y)
                }
            }
            if let push = behavior as? PushBehavior, push.active {
                let f = push.pushDirection
                let fx = f.dx * PushBehavior.pointsPerSecondSquaredPerUnit * metresPerPoint
                let fy = f.dy * PushBehavior.pointsPerSecondSquaredPerUnit * metresPerPoint
                for item in push.items {
                    guard let body = body(for: item) else { continue }
                    let s = state(of: body)
                    if push.mode == .continuous {
                        tb_body_apply_force(physics, body.id, fx, fy, s.x, s.y)
                    } else {
                        tb_body_apply_impulse(physics, body.id, fx, fy, s.x, s.y)
                    }
                }
                // UIKit turns an instantaneous push off once it has been applied.
                if push.mode == .instantaneous { push.deactivateAfterApplying() }
            }
        }
    }

    /// Writes each item's center and rotation, as UIKit's animator does, in its superview's
    /// coordinates (converted from the reference view's).
    private func writeItems() {
        world.withoutAnimation {
            for body in bodies {
                let s = state(of: body)
                let center = Point(x: s.x * DynamicAnimator.pointsPerMeter, y: s.y * DynamicAnimator.pointsPerMeter)
                guard center.x.isFinite, center.y.isFinite, s.angle.isFinite else { continue }
                body.item.center = body.item.superview.map { referenceView.convert(center, to: $0) } ?? center
                body.item.transform = .rotation(s.angle)
            }
        }
    }

    private func reportContacts() throws {
        let count = tb_contact_count(physics)
        guard count > 0 else { return }
        var reports: [(CollisionBehavior, [ScriptValue], Hook.CollisionBehaviorDelegate)] = []
        for index in 0..<count {
            var tagA: Int64 = 0, tagB: Int64 = 0, x = 0.0, y = 0.0
            tb_contact_get(physics, index, &tagA, &tagB, &x, &y)
            let point = ScriptValue.point(Point(x: x * DynamicAnimator.pointsPerMeter, y: y * DynamicAnimator.pointsPerMeter))
            if tagA < 0 || tagB < 0 {
                let (boundary, itemTag) = tagA < 0 ? (tagA, tagB) : (tagB, tagA)
                guard let owner = rules.boundary(boundary), let item = rules.item(itemTag) else { continue }
                let behavior = rules.collisions[owner.behavior]
                let identifier: ScriptValue = owner.identifier.map { .string($0) } ?? .none
                reports.append((behavior, [.object(behavior), .object(item), identifier, point], Hook.CollisionBehaviorDelegate.beganContactForItemWithBoundaryIdentifier))
            } else if let a = rules.item(tagA), let b = rules.item(tagB) {
                for behavior in rules.sharedCollisions(tagA, tagB) {
                    reports.append((behavior, [.object(behavior), .object(a), .object(b), point], Hook.CollisionBehaviorDelegate.beganContactForItemWithItem))
                }
            }
        }
        for (behavior, arguments, hook) in reports {
            guard let delegate = behavior.collisionDelegate, try world.responds(delegate, hook) else { continue }
            _ = try world.callScript(delegate, hook, arguments)
        }
    }
}

/// Which fixtures collide, as the collision behaviors say; read by Box2D's contact filter
/// during a step (no script runs then).
final class CollisionRules {
    private(set) var collisions: [CollisionBehavior] = []
    private var sets: [Int32: [Int]] = [:]
    private var boundaries: [(behavior: Int, identifier: String?)] = []
    private var items: [Int32: View] = [:]

    func update(collisions: [CollisionBehavior], sets: [Int32: [Int]], boundaries: [(behavior: Int, identifier: String?)], bodies: [Int32: View]) {
        self.collisions = collisions
        self.sets = sets
        self.boundaries = boundaries
        items = bodies
    }

    /// Item tags are body id + 1; boundary tags are -(index + 1).
    func item(_ tag: Int64) -> View? {
        guard tag > 0, tag <= Int64(Int32.max) else { return nil }
        return items[Int32(tag - 1)]
    }

    func boundary(_ tag: Int64) -> (behavior: Int, identifier: String?)? {
        let index = Int(-tag) - 1
        return index >= 0 && index < boundaries.count ? boundaries[index] : nil
    }

    func sharedCollisions(_ a: Int64, _ b: Int64) -> [CollisionBehavior] {
        let first = sets[Int32(a - 1)] ?? [], second = sets[Int32(b - 1)] ?? []
        return first.filter { second.contains($0) && collisions[$0].collidesWithItems }.map { collisions[$0] }
    }

    func shouldCollide(_ a: Int64, _ b: Int64) -> Bool {
        if a > 0 && b > 0 { return !sharedCollisions(a, b).isEmpty }
        guard (a > 0) != (b > 0) else { return false }
        let (boundaryTag, itemTag) = a < 0 ? (a, b) : (b, a)
        guard let owner = boundary(boundaryTag) else { return false }
        return (sets[Int32(itemTag - 1)] ?? []).contains(owner.behavior) && collisions[owner.behavior].collidesWithBoundaries
    }
}

private func collisionFilter(_ context: UnsafeMutableRawPointer?, _ a: Int64, _ b: Int64) -> Int32 {
    guard let context else { return 1 }
    return Unmanaged<CollisionRules>.fromOpaque(context).takeUnretainedValue().shouldCollide(a, b) ? 1 : 0
}

/// Steps every running animator of a world at the instants k/240 of virtual time, in the order
/// they started: one recurring event per step however many animators run, so a scene with
/// several stays within the run loop's limits on ticks (World.maximumTicksPerSecond) and costs
/// one run-loop turn per step.
final class DynamicsClock {
    private unowned let world: World
    private var animators: [DynamicAnimator] = []
    private var token: EventToken?

    private init(world: World) { self.world = world }

    static func shared(in world: World) -> DynamicsClock {
        let key = ObjectIdentifier(DynamicsClock.self)
        if let clock = world.attachments[key] as? DynamicsClock { return clock }
        let clock = DynamicsClock(world: world)
        world.attachments[key] = clock
        return clock
    }

    func add(_ animator: DynamicAnimator) {
        guard !animators.contains(where: { $0 === animator }) else { return }
        animators.append(animator)
        guard token == nil else { return }
        let rate = Double(DynamicAnimator.stepsPerSecond)
        var k = Int(saturating: (world.now * rate).rounded(.down))
        while World.onTimeGrid(Double(k) / rate) <= world.now { k += 1 }
        schedule(k)
    }

    func remove(_ animator: DynamicAnimator) {
        animators.removeAll { $0 === animator }
    }

    private func schedule(_ k: Int) {
        // Instant k / 240, computed from k (never by adding up intervals).
        let time = World.onTimeGrid(Double(k) / Double(DynamicAnimator.stepsPerSecond))
        token = world.schedule(at: time, label: "UIDynamicAnimator", recurring: true) { [unowned self] in try self.tick(k) }
    }

    private func tick(_ k: Int) throws {
        token = nil
        guard !animators.isEmpty else { return }
        // The next step first, as a display link schedules its next refresh before calling back:
        // an error in one animator's delegate must not stop the clock.
        schedule(k + 1)
        // Animators started during this step (by a delegate) begin at the next one.
        for animator in animators where animator.isRunning { try animator.step(k) }
    }
}
