import Foundation

// Core Animation's explicit animations (CABasicAnimation, CAKeyframeAnimation,
// CASpringAnimation, CAAnimationGroup) added with `layer.add(_:forKey:)`, the implicit
// animations of standalone layers, and CATransaction.
//
// An added animation becomes one AnimationGroup on the timeline with one LayerAnimation per
// animated key path: presentation values stay folds over the running animations (its change is
// `.coreAnimation`, resolved against the value beneath at each sample), so nothing here keeps
// state that sampling writes. The animation's parameters are copied when it is added, as Core
// Animation copies the object: changing it afterwards changes nothing on screen.

// MARK: - Key paths

/// The part of a property a key path like `position.x` or `transform.rotation.z` names.
public enum KeyPathComponent: String, Sendable, CaseIterable {
    case x, y, width, height, originX, originY, size, origin
    case rotationX, rotationY, rotationZ, scale, scaleX, scaleY, scaleZ
    case translation, translationX, translationY, translationZ

    /// The component of `value`; nil when the value is not of the property's kind.
    func extract(from value: AnimatableValue) -> AnimatableValue? {
        switch (self, value) {
        case (.x, .point(let p)): return .number(p.x)
        case (.y, .point(let p)): return .number(p.y)
        case (.width, .size(let s)): return .number(s.width)
        case (.height, .size(let s)): return .number(s.height)
        case (.width, .rect(let r)): return .number(r.size.width)
        case (.height, .rect(let r)): return .number(r.size.height)
        case (.originX, .rect(let r)): return .number(r.origin.x)
        case (.originY, .rect(let r)): return .number(r.origin.y)
        case (.size, .rect(let r)): return .size(r.size)
        case (.origin, .rect(let r)): return .point(r.origin)
        case (_, .transform(let t)): return transformComponent(t)
        default: return nil
        }
    }

    /// `value` with this component replaced by `part`.
    func inject(_ part: AnimatableValue, into value: AnimatableValue) -> AnimatableValue {
        switch (self, value, part) {
        case let (.x, .point(p), .number(n)): return .point(Point(x: n, y: p.y))
        case let (.y, .point(p), .number(n)): return .point(Point(x: p.x, y: n))
        case let (.width, .size(s), .number(n)): return .size(Size(width: n, height: s.height))
        case let (.height, .size(s), .number(n)): return .size(Size(width: s.width, height: n))
        case let (.width, .rect(r), .number(n)): return .rect(Rect(x: r.origin.x, y: r.origin.y, width: n, height: r.size.height))
        case let (.height, .rect(r), .number(n)): return .rect(Rect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: n))
        case let (.originX, .rect(r), .number(n)): return .rect(Rect(x: n, y: r.origin.y, width: r.size.width, height: r.size.height))
        case let (.originY, .rect(r), .number(n)): return .rect(Rect(x: r.origin.x, y: n, width: r.size.width, height: r.size.height))
        case let (.size, .rect(r), .size(s)): return .rect(Rect(origin: r.origin, size: s))
        case let (.origin, .rect(r), .point(p)): return .rect(Rect(origin: p, size: r.size))
        case let (_, .transform(t), _): return .transform(injectTransform(part, into: t))
        default: return value
        }
    }

    /// The kind of value this component takes, for checking fromValue/toValue.
    var partKind: String {
        switch self {
        case .size, .translation: return "CGSize"
        case .origin: return "CGPoint"
        default: return "number"
        }
    }

    /// Rotation about z and the scales come from the 2D part of the matrix (rotation then scale,
    /// no skew: what CATransform3DMakeRotation/Scale build); x and y rotations are not read back
    /// (0) and apply before the transform beneath.
    private func transformComponent(_ t: Transform3D) -> AnimatableValue? {
        let sx = (t.m11 * t.m11 + t.m12 * t.m12).squareRoot(), sy = (t.m21 * t.m21 + t.m22 * t.m22).squareRoot()
        switch self {
        case .rotationZ: return .number(atan2(t.m12, t.m11))
        case .rotationX, .rotationY: return .number(0)
        case .scale, .scaleX: return .number(sx)
        case .scaleY: return .number(sy)
        case .scaleZ: return .number(t.m33)
        case .translationX: return .number(t.m41)
        case .translationY: return .number(t.m42)
        case .translationZ: return .number(t.m43)
        case .translation: return .size(Size(width: t.m41, height: t.m42))
        default: return nil
        }
    }

    private func injectTransform(_ part: AnimatableValue, into t: Transform3D) -> Transform3D {
        var result = t
        let sx = (t.m11 * t.m11 + t.m12 * t.m12).squareRoot(), sy = (t.m21 * t.m21 + t.m22 * t.m22).squareRoot()
        let angle = atan2(t.m12, t.m11)
        func set2D(scaleX: Double, scaleY: Double, angle: Double) {
            result.m11 = scaleX * cos(angle); result.m12 = scaleX * sin(angle)
            result.m21 = -scaleY * sin(angle); result.m22 = scaleY * cos(angle)
        }
        switch (self, part) {
        case let (.rotationZ, .number(n)): set2D(scaleX: sx, scaleY: sy, angle: n)
        case let (.rotationX, .number(n)): result = Transform3D.rotation(n, 1, 0, 0).concatenating(t)
        case let (.rotationY, .number(n)): result = Transform3D.rotation(n, 0, 1, 0).concatenating(t)
        case let (.scale, .number(n)): set2D(scaleX: n, scaleY: n, angle: angle); result.m33 = n
        case let (.scaleX, .number(n)): set2D(scaleX: n, scaleY: sy, angle: angle)
        case let (.scaleY, .number(n)): set2D(scaleX: sx, scaleY: n, angle: angle)
        case let (.scaleZ, .number(n)): result.m33 = n
        case let (.translationX, .number(n)): result.m41 = n
        case let (.translationY, .number(n)): result.m42 = n
        case let (.translationZ, .number(n)): result.m43 = n
        case let (.translation, .size(s)): result.m41 = s.width; result.m42 = s.height
        default: break
        }
        return result
    }
}

/// A parsed key path: the layer property and, for `position.x` and the like, the component.
public struct AnimationKeyPath: Sendable, Equatable {
    public let property: LayerProperty
    public let component: KeyPathComponent?

    static let components: [String: (LayerProperty, KeyPathComponent?)] = {
        var table: [String: (LayerProperty, KeyPathComponent?)] = [:]
        for property in LayerProperty.allCases { table[property.name] = (property, nil) }
        table["position.x"] = (.position, .x); table["position.y"] = (.position, .y)
        table["anchorPoint.x"] = (.anchorPoint, .x); table["anchorPoint.y"] = (.anchorPoint, .y)
        table["startPoint.x"] = (.startPoint, .x); table["startPoint.y"] = (.startPoint, .y)
        table["endPoint.x"] = (.endPoint, .x); table["endPoint.y"] = (.endPoint, .y)
        table["bounds.size"] = (.bounds, .size); table["bounds.origin"] = (.bounds, .origin)
        table["bounds.size.width"] = (.bounds, .width); table["bounds.size.height"] = (.bounds, .height)
        table["bounds.origin.x"] = (.bounds, .originX); table["bounds.origin.y"] = (.bounds, .originY)
        table["shadowOffset.width"] = (.shadowOffset, .width); table["shadowOffset.height"] = (.shadowOffset, .height)
        for base in ["transform", "sublayerTransform"] {
            let property: LayerProperty = base == "transform" ? .transform : .sublayerTransform
            table["\(base).rotation"] = (property, .rotationZ)
            table["\(base).rotation.z"] = (property, .rotationZ)
            table["\(base).rotation.x"] = (property, .rotationX)
            table["\(base).rotation.y"] = (property, .rotationY)
            table["\(base).scale"] = (property, .scale)
            table["\(base).scale.x"] = (property, .scaleX)
            table["\(base).scale.y"] = (property, .scaleY)
            table["\(base).scale.z"] = (property, .scaleZ)
            table["\(base).translation"] = (property, .translation)
            table["\(base).translation.x"] = (property, .translationX)
            table["\(base).translation.y"] = (property, .translationY)
            table["\(base).translation.z"] = (property, .translationZ)
        }
        return table
    }()

    /// Every key path Transit animates, sorted (for messages).
    public static var all: [String] { components.keys.sorted() }

    public init?(_ text: String) {
        guard let (property, component) = Self.components[text] else { return nil }
        self.property = property; self.component = component
    }

    /// Whether a layer of this class has the property.
    public func applies(to layer: Layer) -> Bool {
        switch property {
        case .path, .fillColor, .strokeColor, .lineWidth, .strokeStart, .strokeEnd: return layer is ShapeLayer
        case .colors, .locations, .startPoint, .endPoint: return layer is GradientLayer
        default: return true
        }
    }
}

// MARK: - The change an added animation makes

/// How a Core Animation animation turns the value beneath it (the model value and older
/// animations) and its progress into the value on screen. Immutable.
public final class CoreAnimationChange {
    public enum Kind {
        /// CABasicAnimation's from/to/by; nil endpoints resolve against the value beneath.
        case basic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
        case keyframes(KeyframeTrack)
    }
    public let kind: Kind
    public let component: KeyPathComponent?
    /// CAPropertyAnimation.isAdditive: the animated value is added to the value beneath.
    public let isAdditive: Bool

    init(kind: Kind, component: KeyPathComponent?, isAdditive: Bool) {
        self.kind = kind; self.component = component; self.isAdditive = isAdditive
    }

    func apply(to value: AnimatableValue, progress: Double) -> AnimatableValue {
        let beneath = component.flatMap { $0.extract(from: value) } ?? value
        let base = isAdditive ? beneath.zero : beneath
        var animated: AnimatableValue
        switch kind {
        case let .basic(from, to, by):
            // CABasicAnimation's rules for which values are set.
            let start: AnimatableValue, end: AnimatableValue
            switch (from, to, by) {
            case let (from?, to?, _): start = from; end = to
            case let (from?, nil, by?): start = from; end = from.adding(by)
            case let (nil, to?, by?): start = to.subtracting(by); end = to
            case let (from?, nil, nil): start = from; end = base
            case let (nil, to?, nil): start = base; end = to
            case let (nil, nil, by?): start = base; end = base.adding(by)
            case (nil, nil, nil): start = base; end = base
            }
            animated = AnimatableValue.interpolate(from: start, to: end, fraction: progress)
        case .keyframes(let track):
            animated = track.value(at: min(1, max(0, progress)))
        }
        if isAdditive { animated = beneath.adding(animated) }
        guard let component else { return animated }
        return component.inject(animated, into: value)
    }
}

// MARK: - The animation objects scripts make

public enum FillMode: String, CaseIterable, Sendable {
    case removed, forwards, backwards, both
}

/// CAAnimation: timing shared by every kind.
public class CoreAnimationObject: HostObject {
    public override class var className: String { "CAAnimation" }
    /// 0 takes the transaction's duration (0.25 s by default), as Core Animation does.
    public var duration = 0.0
    /// 0: when added; otherwise a time on CACurrentMediaTime()'s clock.
    public var beginTime = 0.0
    /// nil: linear, Core Animation's default for explicit animations.
    public var timingFunction: TimingFunction?
    public var fillMode = FillMode.removed
    public var isRemovedOnCompletion = true
    public var repeatCount = 0.0
    public var autoreverses = false
    /// CAAnimationDelegate, held strongly as Core Animation does: a script object or a host object.
    public var delegate: AnyObject?

    /// Animations nested deeper than this in groups are refused.
    public static let maximumNesting = 16
}

/// CAPropertyAnimation.
public class PropertyAnimationObject: CoreAnimationObject {
    public override class var className: String { "CAPropertyAnimation" }
    public var keyPath: String?
    public var isAdditive = false
}

/// CABasicAnimation.
public class BasicAnimationObject: PropertyAnimationObject {
    public override class var className: String { "CABasicAnimation" }
    public var fromValue: AnimatableValue?
    public var toValue: AnimatableValue?
    public var byValue: AnimatableValue?
}

/// CASpringAnimation: a basic animation timed by a damped spring.
public final class SpringAnimationObject: BasicAnimationObject {
    public override class var className: String { "CASpringAnimation" }
    public var mass = 1.0
    public var stiffness = 100.0
    public var damping = 10.0
    public var initialVelocity = 0.0
    public var spring: Spring { Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity) }
    public var settlingDuration: Double { spring.settlingDuration }
}

/// CAKeyframeAnimation.
public final class KeyframeAnimationObject: PropertyAnimationObject {
    public override class var className: String { "CAKeyframeAnimation" }
    public var values: [AnimatableValue] = []
    public var keyTimes: [Double]?
    public var calculationMode = KeyframeCalculationMode.linear
    /// CAKeyframeAnimation.path, for `position`: values are sampled along it (paced).
    public var path: BezierPath?
}

/// CAAnimationGroup: its animations run on one timeline, their times relative to the group's.
public final class AnimationGroupObject: CoreAnimationObject {
    public override class var className: String { "CAAnimationGroup" }
    public var animations: [CoreAnimationObject] = []
}

/// An added animation as its layer keeps it: the group on the timeline and, for
/// `animation(forKey:)`, the object the script added.
final class KeyedAnimation {
    let group: AnimationGroup
    let animations: [LayerAnimation]
    let object: CoreAnimationObject?
    init(group: AnimationGroup, animations: [LayerAnimation], object: CoreAnimationObject?) {
        self.group = group; self.animations = animations; self.object = object
    }
}

// MARK: - CATransaction

/// One CATransaction: its settings and the animations added while it was open, whose ends its
/// completion block waits for.
final class CATransactionState {
    var disableActions = false
    var duration = 0.25
    var timingFunction: TimingFunction?
    var completion: (() throws -> Void)?
    var pending = 0
    var committed = false
    let isImplicit: Bool
    unowned let world: World

    init(world: World, isImplicit: Bool, inheriting parent: CATransactionState?) {
        self.world = world; self.isImplicit = isImplicit
        if let parent { disableActions = parent.disableActions; duration = parent.duration; timingFunction = parent.timingFunction }
    }

    func animationStarted() { pending += 1 }

    func animationEnded() throws {
        pending -= 1
        try completeIfDone()
    }

    /// An animation ended while its own completion raised: the block runs on the next turn.
    func animationEndedLater() {
        pending -= 1
        if committed, pending <= 0, completion != nil {
            world.async(label: "CATransaction completion") { [self] in try completeIfDone() }
        }
    }

    func completeIfDone() throws {
        guard committed, pending <= 0, let completion else { return }
        self.completion = nil
        try completion()
    }
}

/// The world's Core Animation state: open transactions and this turn's implicit one.
public final class CoreAnimationState {
    var transactions: [CATransactionState] = []
    var implicitTransaction: CATransactionState?
    public init() {}
}

extension World {
    /// The transaction changes and animations join: the innermost open one, else this turn's
    /// implicit transaction (committed at the end of the turn).
    func currentTransaction() -> CATransactionState {
        if let open = coreAnimation.transactions.last { return open }
        if let implicit = coreAnimation.implicitTransaction { return implicit }
        let implicit = CATransactionState(world: self, isImplicit: true, inheriting: nil)
        coreAnimation.implicitTransaction = implicit
        async(label: "CATransaction commit (implicit)") { [unowned self] in
            if coreAnimation.implicitTransaction === implicit { coreAnimation.implicitTransaction = nil }
            implicit.committed = true
            try implicit.completeIfDone()
        }
        return implicit
    }

    /// CATransaction.begin.
    public func beginTransaction() throws {
        guard coreAnimation.transactions.count < 64 else {
            throw ModelUsageError.animation(.naming("CATransaction.begin", ": more than 64 nested transactions (a begin without commit in a loop?)"))
        }
        // Inside the turn's implicit transaction when there is one (it is the outermost).
        let outer = coreAnimation.transactions.last ?? coreAnimation.implicitTransaction
        coreAnimation.transactions.append(CATransactionState(world: self, isImplicit: false, inheriting: outer))
    }

    /// CATransaction.commit: the completion block runs once every animation added inside has
    /// ended (on the next turn when there were none).
    public func commitTransaction() throws {
        guard let transaction = coreAnimation.transactions.popLast() else {
            throw ModelUsageError.animation(.naming("CATransaction.commit", " without a matching CATransaction.begin"))
        }
        transaction.committed = true
        if transaction.pending <= 0, transaction.completion != nil {
            async(label: "CATransaction completion") { try transaction.completeIfDone() }
        }
    }

    /// CATransaction.flush: Transit commits the implicit transaction at the end of the turn anyway.
    public var transactionDisablesActions: Bool {
        get { currentTransaction().disableActions }
        set { currentTransaction().disableActions = newValue }
    }
    public var transactionAnimationDuration: Double {
        get { currentTransaction().duration }
        set { currentTransaction().duration = newValue }
    }
    public var transactionTimingFunction: TimingFunction? {
        get { currentTransaction().timingFunction }
        set { currentTransaction().timingFunction = newValue }
    }
    public func setTransactionCompletion(_ completion: (() throws -> Void)?) {
        currentTransaction().completion = completion
    }

    /// CACurrentMediaTime(): virtual seconds (the clock `beginTime` is measured on).
    public var mediaTime: Double { now }

    // MARK: Implicit animations

    /// A standalone layer's animatable property changed outside `performWithoutAnimation`: Core
    /// Animation's default action, a basic animation from the value on screen to the new one
    /// for the transaction's duration, keyed by the property's name (replacing the previous
    /// one). Layers made in this turn (not committed yet) and disabled actions do not animate.
    func implicitChange(_ layer: Layer, _ property: LayerProperty, from old: AnimatableValue, to new: AnimatableValue) {
        if let context = animationContexts.last, context.kind == .disabled { return }
        guard layer.animatesImplicitly, old != new else { return }
        let transaction = currentTransaction()
        guard !transaction.disableActions, transaction.duration.isFinite, transaction.duration > 0 else { return }
        let from = layer.presentationValue(property, at: now, model: old)
        let key = property.name
        layer.removeKeyedAnimation(key)
        let space = currentTimeSpace
        let begin = space.localTime(atWorld: now)
        let group = AnimationGroup(world: self, space: space, nominalEnd: begin + transaction.duration,
                                   label: "implicit \(key)", completion: nil)
        group.isCoreAnimation = true
        let clock = AnimationClock(timing: .curve(transaction.timingFunction ?? .default), beginTime: begin,
                                   duration: transaction.duration, repeatCount: 1, autoreverses: false, group: group)
        let animation = LayerAnimation(property: property, change: .absolute(from: from, to: new), clock: clock, layer: layer)
        group.add(animation, to: layer)
        let keyed = KeyedAnimation(group: group, animations: [animation], object: nil)
        layer.ensuredExtras.animationsByKey[.named(key)] = keyed
        transaction.animationStarted()
        group.completion = { [weak layer] _ in
            if let layer, layer.animationsByKey[.named(key)] === keyed { layer.extras?.animationsByKey[.named(key)] = nil }
            try transaction.animationEnded()
        }
        group.start()
    }

    // MARK: Explicit animations

    /// `layer.add(animation, forKey:)`. Throws (with a message for the script) when the
    /// animation cannot run on this layer: an unknown key path, values of the wrong kind.
    public func addAnimation(_ object: CoreAnimationObject, to layer: Layer, forKey key: String?) throws {
        let transaction = currentTransaction()
        let duration = object.duration > 0 ? object.duration : transaction.duration
        guard duration.isFinite, duration < 1e9 else { throw ModelUsageError.animation("duration must be a finite number of seconds (got \(formatNumber(object.duration)))") }
        let space = currentTimeSpace
        let localNow = space.localTime(atWorld: now)
        let begin = object.beginTime > 0 ? localNow + (object.beginTime - now) : localNow
        guard begin.isFinite else { throw ModelUsageError.animation("beginTime must be finite") }

        let label = "\(object.displayClassName)" + ((object as? PropertyAnimationObject)?.keyPath.map { " \($0)" } ?? "")
        let group = AnimationGroup(world: self, space: space, nominalEnd: begin + duration * (object.autoreverses ? 2 : 1) * max(1, object.repeatCount),
                                   label: label, completion: nil)
        group.isCoreAnimation = true
        group.keepsAnimationsWhenFinished = !object.isRemovedOnCompletion
        var animations: [LayerAnimation] = []
        try buildAnimations(object, on: layer, group: group, begin: begin, duration: duration,
                            inherited: object, depth: 0, into: &animations)
        if let key { layer.removeKeyedAnimation(key) }
        for animation in animations { group.add(animation, to: layer) }
        let keyed = KeyedAnimation(group: group, animations: animations, object: object)
        let storedKey = key.map(AnimationKey.named) ?? .anonymous(ObjectIdentifier(keyed))
        layer.ensuredExtras.animationsByKey[storedKey] = keyed
        transaction.animationStarted()
        let delegate = object.delegate
        var startEvent: EventToken?
        group.completion = { [weak layer, unowned self] finished in
            startEvent?.cancel()
            if let layer, layer.animationsByKey[storedKey] === keyed, !(finished && !object.isRemovedOnCompletion) {
                layer.extras?.animationsByKey[storedKey] = nil
            }
            if let delegate, try responds(delegate, Hook.AnimationDelegate.animationDidStop) {
                _ = try callScript(delegate, Hook.AnimationDelegate.animationDidStop, [.object(object), .boolean(finished)])
            }
            try transaction.animationEnded()
        }
        if let delegate {
            let startTime = space.worldTime(whenLocalReaches: begin, notBefore: now) ?? now
            startEvent = schedule(at: startTime, label: "animationDidStart \(label)") { [unowned self, weak group] in
                guard let group, !group.isFinished else { return }
                if try responds(delegate, Hook.AnimationDelegate.animationDidStart) {
                    _ = try callScript(delegate, Hook.AnimationDelegate.animationDidStart, [.object(object)])
                }
            }
        }
        group.start()
    }

    private func buildAnimations(_ object: CoreAnimationObject, on layer: Layer, group: AnimationGroup,
                                 begin: Double, duration: Double, inherited: CoreAnimationObject, depth: Int,
                                 into animations: inout [LayerAnimation]) throws {
        guard depth <= CoreAnimationObject.maximumNesting else {
            throw ModelUsageError.animation("animation groups nested deeper than \(CoreAnimationObject.maximumNesting)")
        }
        let fill = inherited.fillMode
        let fillsBackwards = fill == .backwards || fill == .both
        let fillsForwards = fill == .forwards || fill == .both
        if let groupObject = object as? AnimationGroupObject {
            for child in groupObject.animations {
                // A child's times are in the group's: its begin offsets it, a duration of 0 takes the group's.
                let childDuration = child.duration > 0 ? min(child.duration, duration) : duration
                try buildAnimations(child, on: layer, group: group, begin: begin + max(0, child.beginTime),
                                    duration: childDuration, inherited: inherited, depth: depth + 1, into: &animations)
            }
            return
        }
        guard let propertyObject = object as? PropertyAnimationObject else {
            throw ModelUsageError.animation("\(object.displayClassName) cannot be added: use CABasicAnimation, CAKeyframeAnimation, CASpringAnimation or CAAnimationGroup")
        }
        guard let keyPathText = propertyObject.keyPath else {
            throw ModelUsageError.animation("\(object.displayClassName) has no keyPath (set it, e.g. CABasicAnimation{keyPath = \"opacity\"})")
        }
        guard let keyPath = AnimationKeyPath(keyPathText), keyPath.applies(to: layer) else {
            let known = AnimationKeyPath.all.filter { AnimationKeyPath($0)!.applies(to: layer) }
            throw ModelUsageError.animation("keyPath \"\(keyPathText)\" is not an animatable key path of \(layer.displayClassName); animatable: \(known.joined(separator: ", "))")
        }
        let model = layer.modelValue(keyPath.property)
        let expected = keyPath.component.flatMap { $0.extract(from: model) } ?? model
        func checked(_ value: AnimatableValue?, _ name: String) throws -> AnimatableValue? {
            guard let value else { return nil }
            let converted = Self.convert(value, like: expected)
            guard let converted else {
                throw ModelUsageError.animation("\(name) of a \(keyPathText) animation must be \(Self.kindName(expected)) (got \(Self.kindName(value)))")
            }
            return converted
        }
        let kind: CoreAnimationChange.Kind
        var timing: AnimationTiming = .curve(object.timingFunction ?? .linear)
        if let basic = object as? BasicAnimationObject {
            kind = .basic(from: try checked(basic.fromValue, "fromValue"), to: try checked(basic.toValue, "toValue"),
                          by: try checked(basic.byValue, "byValue"))
            if let spring = basic as? SpringAnimationObject { timing = .spring(spring.spring) }
        } else if let keyframes = object as? KeyframeAnimationObject {
            var values = try keyframes.values.enumerated().map { try checked($0.element, "values[\($0.offset + 1)]")! }
            var mode = keyframes.calculationMode
            if let path = keyframes.path, keyPath.property == .position, keyPath.component == nil {
                values = Self.pointsAlong(path).map { .point($0) }
                if mode == .linear || mode == .cubic { mode = .paced }
            }
            guard !values.isEmpty else { throw ModelUsageError.animation("CAKeyframeAnimation needs values (or a path for position)") }
            kind = .keyframes(KeyframeTrack(values: values, keyTimes: keyframes.keyTimes ?? [], mode: mode))
        } else {
            throw ModelUsageError.animation("\(object.displayClassName) cannot be added to a layer")
        }
        let change = CoreAnimationChange(kind: kind, component: keyPath.component, isAdditive: propertyObject.isAdditive)
        let repeatCount = object.repeatCount.isFinite || object.repeatCount == .infinity ? max(1, object.repeatCount) : 1
        let clock = AnimationClock(timing: timing, beginTime: begin, duration: duration,
                                   repeatCount: repeatCount, autoreverses: object.autoreverses, group: group,
                                   fillsBackwards: fillsBackwards, fillsForwards: fillsForwards)
        animations.append(LayerAnimation(property: keyPath.property, change: .coreAnimation(change), clock: clock, layer: layer))
    }

    /// A value in the kind of `model`: numbers, points, sizes, rects, colors, transforms and
    /// paths as they are; an affine transform for a 3D one (2D transforms arrive as 3D).
    static func convert(_ value: AnimatableValue, like model: AnimatableValue) -> AnimatableValue? {
        switch (value, model) {
        case (.number, .number), (.point, .point), (.size, .size), (.rect, .rect), (.color, .color),
             (.transform, .transform), (.path, .path), (.list, .list):
            return value
        default:
            return nil
        }
    }

    static func kindName(_ value: AnimatableValue) -> String {
        switch value {
        case .number: return "a number"
        case .point: return "a CGPoint"
        case .size: return "a CGSize"
        case .rect: return "a CGRect"
        case .color: return "a UIColor"
        case .transform: return "a CATransform3D"
        case .path: return "a CGPath"
        case .list: return "a list"
        }
    }

    /// Points along a path for keyframes along it: every element's end point, curves cut in 16.
    static func pointsAlong(_ path: BezierPath) -> [Point] {
        var points: [Point] = []
        var current = Point.zero
        var start = Point.zero
        for element in path.elements.prefix(10_000) {
            switch element {
            case .move(let p): current = p; start = p; points.append(p)
            case .line(let p): current = p; points.append(p)
            case .quad(let c, let p):
                for i in 1...16 {
                    let t = Double(i) / 16, u = 1 - t
                    points.append(Point(x: u * u * current.x + 2 * u * t * c.x + t * t * p.x, y: u * u * current.y + 2 * u * t * c.y + t * t * p.y))
                }
                current = p
            case .cubic(let c1, let c2, let p):
                for i in 1...16 {
                    let t = Double(i) / 16, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    points.append(Point(x: a * current.x + b * c1.x + c * c2.x + d * p.x, y: a * current.y + b * c1.y + c * c2.y + d * p.y))
                }
                current = p
            case .close: current = start; points.append(start)
            }
        }
        return points
    }
}

extension Layer {
    /// Removes the animation added under `key`; its delegate hears animationDidStop(finished: false).
    public func removeAnimation(forKey key: String) {
        removeKeyedAnimation(key)
    }

    func removeKeyedAnimation(_ key: String) {
        guard let keyed = extras?.animationsByKey.removeValue(forKey: .named(key)) else { return }
        if keyed.group.isFinished {
            for animation in keyed.animations { remove(animation) }
        } else {
            for animation in keyed.animations { keyed.group.animationWasInterrupted(animation) }
        }
    }

    /// CALayer.animationKeys(): the keys of the animations attached to the layer, sorted. Those
    /// added with a key are listed by it; the rest (UIView animation blocks, a standalone layer's
    /// implicit animations) by their property's key path, as Core Animation keys its actions
    /// (docs/semantics.md, "Animation keys").
    public var animationKeys: [String] {
        var keys = Set<String>()
        var listed = Set<ObjectIdentifier>()
        for (key, keyed) in animationsByKey {
            guard case .named(let name) = key else { continue }
            keys.insert(name)
            for animation in keyed.animations { listed.insert(ObjectIdentifier(animation)) }
        }
        for animation in animations where !listed.contains(ObjectIdentifier(animation)) {
            keys.insert(animation.property.name)
        }
        return keys.sorted()
    }

    /// CALayer.animation(forKey:): the object added under `key` (nil for implicit animations).
    public func animation(forKey key: String) -> CoreAnimationObject? { animationsByKey[.named(key)]?.object }

    /// The animation objects the layer holds (for ObjectGraph).
    var keyedAnimationObjects: [CoreAnimationObject] { animationsByKey.values.compactMap(\.object) }
}
