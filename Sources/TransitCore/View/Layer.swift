// CALayer: the model values a view's appearance is made of, the animations running on them,
// and the presentation values (what is on screen) at any virtual time.

public enum LayerProperty: Int, CaseIterable, Sendable {
    case position, bounds, anchorPoint, zPosition, transform, sublayerTransform, opacity
    case backgroundColor, cornerRadius, borderWidth, borderColor
    case shadowColor, shadowOpacity, shadowRadius, shadowOffset

    public var name: String { String(describing: self) }

    /// Transforms animate from the current presentation value to the new one, replacing
    /// earlier animations; every other property animates additively (docs/semantics.md).
    var isAdditive: Bool { self != .transform && self != .sublayerTransform }
}

public final class Layer: HostObject {
    public override class var className: String { "CALayer" }

    public internal(set) weak var view: View?

    // Model values. Setting one inside an animation block also adds an animation.
    public var position = Point.zero { didSet { changed(.position, .point(oldValue), .point(position)) } }
    public var bounds = Rect.zero { didSet { changed(.bounds, .rect(oldValue), .rect(bounds)); boundsDidChange(from: oldValue) } }
    public var anchorPoint = Point(x: 0.5, y: 0.5) { didSet { changed(.anchorPoint, .point(oldValue), .point(anchorPoint)) } }
    public var zPosition = 0.0 { didSet { changed(.zPosition, .number(oldValue), .number(zPosition)) } }
    public var transform = Transform3D.identity { didSet { changed(.transform, .transform(oldValue), .transform(transform)) } }
    public var sublayerTransform = Transform3D.identity { didSet { changed(.sublayerTransform, .transform(oldValue), .transform(sublayerTransform)) } }
    public var opacity = 1.0 { didSet { changed(.opacity, .number(oldValue), .number(opacity)) } }
    public var backgroundColor: Color? { didSet { changed(.backgroundColor, .color(oldValue ?? clearColor), .color(backgroundColor ?? clearColor)) } }
    public var cornerRadius = 0.0 { didSet { changed(.cornerRadius, .number(oldValue), .number(cornerRadius)) } }
    public var borderWidth = 0.0 { didSet { changed(.borderWidth, .number(oldValue), .number(borderWidth)) } }
    public var borderColor: Color = Color(white: 0) { didSet { changed(.borderColor, .color(oldValue), .color(borderColor)) } }
    public var shadowColor: Color = Color(white: 0) { didSet { changed(.shadowColor, .color(oldValue), .color(shadowColor)) } }
    public var shadowOpacity = 0.0 { didSet { changed(.shadowOpacity, .number(oldValue), .number(shadowOpacity)) } }
    public var shadowRadius = 3.0 { didSet { changed(.shadowRadius, .number(oldValue), .number(shadowRadius)) } }
    /// Core Animation's default shadow offset is (0, −3).
    public var shadowOffset = Size(width: 0, height: -3) { didSet { changed(.shadowOffset, .size(oldValue), .size(shadowOffset)) } }

    // Not animatable.
    public var maskedCorners: MaskedCorners = .all
    public var masksToBounds = false
    public var isDoubleSided = true
    public var isHidden = false
    public var content: LayerContent = .none

    /// Running animations, oldest first (all properties; see `track` for the per-property index).
    public var animations: [LayerAnimation] {
        var all: [LayerAnimation] = []
        for track in tracks { track.forEach { all.append($0) } }
        return all.sorted { $0.layerSequence < $1.layerSequence }
    }

    /// Running animations indexed by property (`LayerProperty.rawValue`), each track oldest
    /// first: the fold order of that property's presentation value. Empty until the layer's
    /// first animation, so the many layers that never animate pay nothing.
    private var tracks: ContiguousArray<Roster<LayerAnimation>> = []
    /// Bit `property.rawValue` is set while that property has running animations: sampling
    /// evaluates only these and reads every other property's model value directly.
    private var animatedProperties: UInt32 = 0
    /// Numbers animations in the order they were added, across properties.
    private var animationsAdded = 0

    private let clearColor = Color(white: 0, alpha: 0)

    /// Identifies this layer across snapshots taken at different times. Names repeat
    /// ("UIView") and tree paths change when a transition moves a view into its container, so
    /// tools that follow one layer over time (the HTML player's curves) match on this number.
    public let serial: Int

    public override init(world: World) {
        serial = world.nextLayerSerial()
        super.init(world: world)
    }

    public override var traceName: String { view.map { "\($0.traceName).layer" } ?? "CALayer" }

    // MARK: - Model access by property

    public func modelValue(_ property: LayerProperty) -> AnimatableValue {
        switch property {
        case .position: return .point(position)
        case .bounds: return .rect(bounds)
        case .anchorPoint: return .point(anchorPoint)
        case .zPosition: return .number(zPosition)
        case .transform: return .transform(transform)
        case .sublayerTransform: return .transform(sublayerTransform)
        case .opacity: return .number(opacity)
        case .backgroundColor: return .color(backgroundColor ?? clearColor)
        case .cornerRadius: return .number(cornerRadius)
        case .borderWidth: return .number(borderWidth)
        case .borderColor: return .color(borderColor)
        case .shadowColor: return .color(shadowColor)
        case .shadowOpacity: return .number(shadowOpacity)
        case .shadowRadius: return .number(shadowRadius)
        case .shadowOffset: return .size(shadowOffset)
        }
    }

    /// Sets a model value without creating an animation (used to restore state on cancel).
    public func restoreModelValue(_ property: LayerProperty, _ value: AnimatableValue) {
        world.withoutAnimation {
            switch (property, value) {
            case (.position, .point(let p)): position = p
            case (.bounds, .rect(let r)): bounds = r
            case (.anchorPoint, .point(let p)): anchorPoint = p
            case (.zPosition, .number(let n)): zPosition = n
            case (.transform, .transform(let t)): transform = t
            case (.sublayerTransform, .transform(let t)): sublayerTransform = t
            case (.opacity, .number(let n)): opacity = n
            case (.backgroundColor, .color(let c)): backgroundColor = c.alpha == 0 && backgroundColor == nil ? nil : c
            case (.cornerRadius, .number(let n)): cornerRadius = n
            case (.borderWidth, .number(let n)): borderWidth = n
            case (.borderColor, .color(let c)): borderColor = c
            case (.shadowColor, .color(let c)): shadowColor = c
            case (.shadowOpacity, .number(let n)): shadowOpacity = n
            case (.shadowRadius, .number(let n)): shadowRadius = n
            case (.shadowOffset, .size(let s)): shadowOffset = s
            default: break
            }
        }
    }

    // MARK: - Presentation

    /// The value on screen at world time `time`: the model value with every running animation
    /// applied in order.
    public func presentationValue(_ property: LayerProperty, at time: Double) -> AnimatableValue {
        presentationValue(property, at: time, model: modelValue(property))
    }

    /// The value on screen if the model value were `model` (used while a change is applied:
    /// the model already holds the new value, the screen still shows the old one).
    func presentationValue(_ property: LayerProperty, at time: Double, model: AnimatableValue) -> AnimatableValue {
        guard hasAnimations(for: property) else { return model }
        var value = model
        tracks[property.rawValue].forEach { value = $0.apply(to: value, atWorld: time) }
        return value
    }

    public func presentationValue(_ property: LayerProperty) -> AnimatableValue {
        presentationValue(property, at: world.now)
    }

    public func hasAnimations(for property: LayerProperty) -> Bool {
        animatedProperties & (1 << UInt32(property.rawValue)) != 0
    }

    /// The presentation tree rooted at this layer at world time `time`. Only animated
    /// properties are folded; the rest are the model values (what the fold would return).
    public func snapshot(at time: Double) -> LayerSnapshot {
        let animated = animatedProperties
        func isAnimated(_ p: LayerProperty) -> Bool { animated & (1 << UInt32(p.rawValue)) != 0 }
        // The fallbacks below are what a snapshot holds when an animation yields a value of
        // another kind (it never does for values set through the model; kept for exactness).
        func number(_ p: LayerProperty, _ model: Double) -> Double {
            guard isAnimated(p) else { return model }
            if case .number(let n) = presentationValue(p, at: time, model: .number(model)) { return n }
            return 0
        }
        func color(_ p: LayerProperty, _ model: Color) -> Color {
            guard isAnimated(p) else { return model }
            if case .color(let c) = presentationValue(p, at: time, model: .color(model)) { return c }
            return clearColor
        }
        func transform3D(_ p: LayerProperty, _ model: Transform3D) -> Transform3D {
            guard isAnimated(p) else { return model }
            if case .transform(let t) = presentationValue(p, at: time, model: .transform(model)) { return t }
            return .identity
        }
        func point(_ p: LayerProperty, _ model: Point, fallback: Point) -> Point {
            guard isAnimated(p) else { return model }
            if case .point(let value) = presentationValue(p, at: time, model: .point(model)) { return value }
            return fallback
        }
        var presentedBounds = bounds
        if isAnimated(.bounds) {
            if case .rect(let r) = presentationValue(.bounds, at: time, model: .rect(bounds)) { presentedBounds = r } else { presentedBounds = .zero }
        }
        var presentedShadowOffset = shadowOffset
        if isAnimated(.shadowOffset) {
            if case .size(let s) = presentationValue(.shadowOffset, at: time, model: .size(shadowOffset)) {
                presentedShadowOffset = s
            } else {
                presentedShadowOffset = LayerSnapshot.defaultShadowOffset
            }
        }
        let presentedBackground: Color? = backgroundColor == nil && !isAnimated(.backgroundColor)
            ? nil : color(.backgroundColor, backgroundColor ?? clearColor)
        var sublayers: [LayerSnapshot] = []
        if let view, !view.subviews.isEmpty {
            sublayers.reserveCapacity(view.subviews.count)
            for subview in view.subviews { sublayers.append(subview.layer.snapshot(at: time)) }
        }
        return LayerSnapshot(
            name: view?.traceName ?? "CALayer", serial: serial,
            bounds: presentedBounds,
            position: point(.position, position, fallback: .zero),
            anchorPoint: point(.anchorPoint, anchorPoint, fallback: LayerSnapshot.defaultAnchorPoint),
            zPosition: number(.zPosition, zPosition),
            transform: transform3D(.transform, transform),
            sublayerTransform: transform3D(.sublayerTransform, sublayerTransform),
            opacity: number(.opacity, opacity), isHidden: isHidden,
            backgroundColor: presentedBackground,
            cornerRadius: number(.cornerRadius, cornerRadius), maskedCorners: maskedCorners,
            borderWidth: number(.borderWidth, borderWidth), borderColor: color(.borderColor, borderColor),
            shadowColor: color(.shadowColor, shadowColor), shadowOpacity: number(.shadowOpacity, shadowOpacity),
            shadowRadius: number(.shadowRadius, shadowRadius), shadowOffset: presentedShadowOffset,
            masksToBounds: masksToBounds, isDoubleSided: isDoubleSided,
            content: content, sublayers: sublayers)
    }

    // MARK: - Animation plumbing

    private func changed(_ property: LayerProperty, _ old: AnimatableValue, _ new: AnimatableValue) {
        world.layer(self, willChange: property, from: old, to: new)
    }

    private func boundsDidChange(from old: Rect) {
        guard old.size != bounds.size, let view else { return }
        view.boundsSizeDidChange(from: old.size)
    }

    /// Removes every running animation; their groups complete with finished = false.
    public func removeAllAnimations() {
        for animation in animations { animation.group.animationWasInterrupted(animation) }
    }

    /// Adds `animation` at the end of its property's track.
    func add(_ animation: LayerAnimation) {
        if tracks.isEmpty {
            tracks = ContiguousArray(repeating: Roster(slot: \.slotInLayer), count: LayerProperty.allCases.count)
        }
        animation.layerSequence = animationsAdded
        animationsAdded += 1
        tracks[animation.property.rawValue].append(animation)
        animatedProperties |= 1 << UInt32(animation.property.rawValue)
    }

    /// Takes `animation` off its track in O(1); nothing happens when it is not on it.
    func remove(_ animation: LayerAnimation) {
        let index = animation.property.rawValue
        guard !tracks.isEmpty, tracks[index].contains(animation) else { return }
        tracks[index].remove(animation)
        if tracks[index].isEmpty { animatedProperties &= ~(1 << UInt32(index)) }
    }

    /// The running animations of `property`, oldest first, copied so the caller may remove them.
    func animations(of property: LayerProperty) -> [LayerAnimation] {
        hasAnimations(for: property) ? tracks[property.rawValue].elements : []
    }

    /// The newest running animation of `property` for which `predicate` holds.
    func lastAnimation(of property: LayerProperty, where predicate: (LayerAnimation) -> Bool) -> LayerAnimation? {
        hasAnimations(for: property) ? tracks[property.rawValue].last(where: predicate) : nil
    }
}
