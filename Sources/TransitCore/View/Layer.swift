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

    /// Running animations, oldest first.
    public internal(set) var animations: [LayerAnimation] = []

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
        var value = model
        for animation in animations where animation.property == property {
            value = animation.apply(to: value, atWorld: time)
        }
        return value
    }

    public func presentationValue(_ property: LayerProperty) -> AnimatableValue {
        presentationValue(property, at: world.now)
    }

    public func hasAnimations(for property: LayerProperty) -> Bool {
        animations.contains { $0.property == property }
    }

    /// The presentation tree rooted at this layer at world time `time`.
    public func snapshot(at time: Double) -> LayerSnapshot {
        func number(_ p: LayerProperty) -> Double {
            if case .number(let n) = presentationValue(p, at: time) { return n }
            return 0
        }
        func color(_ p: LayerProperty) -> Color {
            if case .color(let c) = presentationValue(p, at: time) { return c }
            return clearColor
        }
        func transform3D(_ p: LayerProperty) -> Transform3D {
            if case .transform(let t) = presentationValue(p, at: time) { return t }
            return .identity
        }
        var snapshot = LayerSnapshot()
        snapshot.name = view?.traceName ?? "CALayer"
        snapshot.serial = serial
        if animations.isEmpty {
            snapshot.bounds = bounds; snapshot.position = position; snapshot.anchorPoint = anchorPoint
            snapshot.zPosition = zPosition; snapshot.transform = transform
            snapshot.sublayerTransform = sublayerTransform; snapshot.opacity = opacity
            snapshot.backgroundColor = backgroundColor; snapshot.cornerRadius = cornerRadius
            snapshot.borderWidth = borderWidth; snapshot.borderColor = borderColor
            snapshot.shadowColor = shadowColor; snapshot.shadowOpacity = shadowOpacity
            snapshot.shadowRadius = shadowRadius; snapshot.shadowOffset = shadowOffset
        } else {
            if case .rect(let r) = presentationValue(.bounds, at: time) { snapshot.bounds = r }
            if case .point(let p) = presentationValue(.position, at: time) { snapshot.position = p }
            if case .point(let p) = presentationValue(.anchorPoint, at: time) { snapshot.anchorPoint = p }
            if case .size(let s) = presentationValue(.shadowOffset, at: time) { snapshot.shadowOffset = s }
            snapshot.zPosition = number(.zPosition)
            snapshot.transform = transform3D(.transform)
            snapshot.sublayerTransform = transform3D(.sublayerTransform)
            snapshot.opacity = number(.opacity)
            let background = color(.backgroundColor)
            snapshot.backgroundColor = backgroundColor == nil && !hasAnimations(for: .backgroundColor) ? nil : background
            snapshot.cornerRadius = number(.cornerRadius)
            snapshot.borderWidth = number(.borderWidth)
            snapshot.borderColor = color(.borderColor)
            snapshot.shadowColor = color(.shadowColor)
            snapshot.shadowOpacity = number(.shadowOpacity)
            snapshot.shadowRadius = number(.shadowRadius)
        }
        snapshot.maskedCorners = maskedCorners
        snapshot.masksToBounds = masksToBounds
        snapshot.isDoubleSided = isDoubleSided
        snapshot.isHidden = isHidden
        snapshot.content = content
        if let view {
            snapshot.sublayers = view.subviews.map { $0.layer.snapshot(at: time) }
        }
        return snapshot
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

    func add(_ animation: LayerAnimation) { animations.append(animation) }

    func remove(_ animation: LayerAnimation) {
        animations.removeAll { $0 === animation }
    }
}
