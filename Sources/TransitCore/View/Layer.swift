// CALayer: the model values a view's appearance is made of, the animations running on them,
// and the presentation values (what is on screen) at any virtual time.

public enum LayerProperty: Int, CaseIterable, Sendable {
    case position, bounds, anchorPoint, zPosition, transform, sublayerTransform, opacity
    case backgroundColor, cornerRadius, borderWidth, borderColor
    case shadowColor, shadowOpacity, shadowRadius, shadowOffset
    // CAShapeLayer's (ShapeLayer.swift) and CAGradientLayer's (GradientLayer.swift).
    case path, fillColor, strokeColor, lineWidth, strokeStart, strokeEnd
    case colors, locations, startPoint, endPoint

    /// The key path scripts use (`colors` is CAGradientLayer.colors).
    public var name: String { String(describing: self) }

    /// Transforms animate from the current presentation value to the new one, replacing
    /// earlier animations; the other view properties animate additively (docs/semantics.md).
    /// The shape and gradient properties only change on standalone layers, whose implicit
    /// animations go from the value on screen to the new one, as Core Animation's do.
    var isAdditive: Bool {
        switch self {
        case .transform, .sublayerTransform: return false
        default: return !isSubclassProperty
        }
    }

    /// Whether the property belongs to a layer subclass (read through `Layer.subclassValue`).
    /// Every case is listed, with no `default`, so a property added later must say which it is
    /// (its position in the declaration decides nothing).
    var isSubclassProperty: Bool {
        switch self {
        case .position, .bounds, .anchorPoint, .zPosition, .transform, .sublayerTransform, .opacity,
             .backgroundColor, .cornerRadius, .borderWidth, .borderColor,
             .shadowColor, .shadowOpacity, .shadowRadius, .shadowOffset:
            return false
        case .path, .fillColor, .strokeColor, .lineWidth, .strokeStart, .strokeEnd,
             .colors, .locations, .startPoint, .endPoint:
            return true
        }
    }
}

/// Not final: CAShapeLayer, CAGradientLayer and CATransformLayer are subclasses in this module
/// (the class is not open, so the optimiser still sees every override).
public class Layer: HostObject {
    public override class var className: String { "CALayer" }

    public internal(set) weak var view: View? { didSet { isViewLayer = view != nil } }

    /// Every value a snapshot shows, in one struct: sampling reads it with one access instead of
    /// twenty (each access to a class's stored property is checked for exclusivity at run time,
    /// and those checks were a sixth of sampling).
    struct Model {
        var position: Point = Point.zero
        var bounds: Rect = Rect.zero
        var anchorPoint: Point = Point(x: 0.5, y: 0.5)
        var zPosition: Double = 0.0
        var transform: Transform3D = Transform3D.identity
        var sublayerTransform: Transform3D = Transform3D.identity
        var opacity: Double = 1.0
        var backgroundColor: Color? = nil
        var cornerRadius: Double = 0.0
        var borderWidth: Double = 0.0
        var borderColor: Color = Color(white: 0)
        var shadowColor: Color = Color(white: 0)
        var shadowOpacity: Double = 0.0
        var shadowRadius: Double = 3.0
        var shadowOffset: Size = Size(width: 0, height: -3)
        var maskedCorners: MaskedCorners = .all
        /// CALayer.shadowPath: the shadow's shape, when set (not animated in Transit).
        var shadowPath: BezierPath?
        var masksToBounds: Bool = false
        var isDoubleSided: Bool = true
        var isHidden: Bool = false
        var content: LayerContent = .none
    }
    private var model = Model()

    // Model values. Setting one inside an animation block also adds an animation.
    public var position: Point {
        get { model.position }
        set { let old = model.position; model.position = newValue; changed(.position, .point(old), .point(newValue)) }
    }
    public var bounds: Rect {
        get { model.bounds }
        set { let old = model.bounds; model.bounds = newValue; changed(.bounds, .rect(old), .rect(newValue)); boundsDidChange(from: old) }
    }
    public var anchorPoint: Point {
        get { model.anchorPoint }
        set { let old = model.anchorPoint; model.anchorPoint = newValue; changed(.anchorPoint, .point(old), .point(newValue)) }
    }
    public var zPosition: Double {
        get { model.zPosition }
        set { let old = model.zPosition; model.zPosition = newValue; changed(.zPosition, .number(old), .number(newValue)) }
    }
    public var transform: Transform3D {
        get { model.transform }
        set { let old = model.transform; model.transform = newValue; changed(.transform, .transform(old), .transform(newValue)) }
    }
    public var sublayerTransform: Transform3D {
        get { model.sublayerTransform }
        set { let old = model.sublayerTransform; model.sublayerTransform = newValue; changed(.sublayerTransform, .transform(old), .transform(newValue)) }
    }
    public var opacity: Double {
        get { model.opacity }
        set { let old = model.opacity; model.opacity = newValue; changed(.opacity, .number(old), .number(newValue)) }
    }
    public var backgroundColor: Color? {
        get { model.backgroundColor }
        set { let old = model.backgroundColor; model.backgroundColor = newValue; changed(.backgroundColor, .color(old ?? clearColor), .color(newValue ?? clearColor)) }
    }
    public var cornerRadius: Double {
        get { model.cornerRadius }
        set { let old = model.cornerRadius; model.cornerRadius = newValue; changed(.cornerRadius, .number(old), .number(newValue)) }
    }
    public var borderWidth: Double {
        get { model.borderWidth }
        set { let old = model.borderWidth; model.borderWidth = newValue; changed(.borderWidth, .number(old), .number(newValue)) }
    }
    public var borderColor: Color {
        get { model.borderColor }
        set { let old = model.borderColor; model.borderColor = newValue; changed(.borderColor, .color(old), .color(newValue)) }
    }
    public var shadowColor: Color {
        get { model.shadowColor }
        set { let old = model.shadowColor; model.shadowColor = newValue; changed(.shadowColor, .color(old), .color(newValue)) }
    }
    public var shadowOpacity: Double {
        get { model.shadowOpacity }
        set { let old = model.shadowOpacity; model.shadowOpacity = newValue; changed(.shadowOpacity, .number(old), .number(newValue)) }
    }
    public var shadowRadius: Double {
        get { model.shadowRadius }
        set { let old = model.shadowRadius; model.shadowRadius = newValue; changed(.shadowRadius, .number(old), .number(newValue)) }
    }
    /// Core Animation's default shadow offset is (0, −3).
    public var shadowOffset: Size {
        get { model.shadowOffset }
        set { let old = model.shadowOffset; model.shadowOffset = newValue; changed(.shadowOffset, .size(old), .size(newValue)) }
    }

    // Not animatable.
    /// CALayer.shadowPath: the shadow takes this shape (in the layer's coordinates) instead of
    /// the layer's rounded bounds or what it draws.
    public var shadowPath: BezierPath? {
        get { model.shadowPath }
        set { model.shadowPath = newValue; modelVersion &+= 1 }
    }

    public var maskedCorners: MaskedCorners {
        get { model.maskedCorners }
        set { model.maskedCorners = newValue; modelVersion &+= 1 }
    }
    public var masksToBounds: Bool {
        get { model.masksToBounds }
        set { model.masksToBounds = newValue; modelVersion &+= 1 }
    }
    public var isDoubleSided: Bool {
        get { model.isDoubleSided }
        set { model.isDoubleSided = newValue; modelVersion &+= 1 }
    }
    public var isHidden: Bool {
        get { model.isHidden }
        set { model.isHidden = newValue; modelVersion &+= 1 }
    }
    public var content: LayerContent {
        get { model.content }
        set {
            recharge(bytes: Self.pixelBytes(newValue) - Self.pixelBytes(model.content))
            model.content = newValue
            modelVersion &+= 1
        }
    }

    /// The decoded pixels an image content holds (a picture of views holds none of its own).
    static func pixelBytes(_ content: LayerContent) -> Int {
        if case .image(let image) = content { return image.rgba.count }
        return 0
    }

    /// Bumped by every change a snapshot could show (model values, running animations), so a
    /// snapshot taken at one version stays valid while the version and the sublayers' snapshots
    /// do not change (see `snapshot(at:)`).
    var modelVersion = 0
    /// The last snapshot taken while nothing was animating, and the version it shows.
    private var stillSnapshot: (version: Int, snapshot: LayerSnapshot)?

    /// Running animations, oldest first.
    public var animations: [LayerAnimation] { running.elements }
    /// A block animation without `allowUserInteraction` is animating this layer (UIKit ignores
    /// touches on such views until the block ends).
    var isAnimatedWithoutUserInteraction: Bool {
        running.elements.contains { $0.group.blocksUserInteraction && !$0.group.isFinished }
    }


    /// This layer's running animations in the order they were added: the fold order of every
    /// property's presentation value (a property's animations are the ones of that property, in
    /// this order). One roster per layer, with O(1) removal through the animation's slot.
    private var running = Roster<AnimationOnLayer>()
    /// Bit `property.rawValue` is set while that property has running animations (how many is in
    /// `runningCount`): sampling evaluates only these and reads every other property's model
    /// value directly.
    private var animatedProperties: UInt32 = 0
    /// Allocated with the first animation, so the many layers that never animate pay nothing.
    private var runningCount: [Int32] = []

    private let clearColor = Color(white: 0, alpha: 0)

    /// Identifies this layer across snapshots taken at different times. Names repeat
    /// ("UIView") and tree paths change when a transition moves a view into its container, so
    /// tools that follow one layer over time (the HTML player's curves) match on this number.
    public let serial: Int

    // Fields for layers as objects, declared after the ones sampling reads so those keep their
    // place in the object (and their cache lines).

    /// Whether a view owns this layer, read without loading the weak `view` (every animatable
    /// change asks, and a weak load goes through the side table).
    private(set) var isViewLayer = false
    /// The world's: whether a change of a view's layer is recorded now (`changed`).
    private let viewLayerChanges: ViewLayerChanges
    /// What layers as objects add (standalone sublayers, mask, keyed animations, name, ...),
    /// allocated on first use: the many view layers that never need it pay 8 bytes, and the
    /// fields sampling reads stay as close together as before.
    private(set) var extras: LayerExtras?
    var ensuredExtras: LayerExtras {
        if let extras { return extras }
        let made = LayerExtras()
        extras = made
        return made
    }

    /// Core Animation animations by key (`layer:add(animation, key)`; implicit ones under their
    /// property's name); change them through `ensuredExtras`. CoreAnimation.swift.
    var animationsByKey: [AnimationKey: KeyedAnimation] { extras?.animationsByKey ?? [:] }
    /// Standalone sublayers and the mask; nil (nothing allocated) for the many layers without.
    var tree: LayerTree? {
        get { extras?.tree }
        set { if newValue != nil || extras != nil { ensuredExtras.tree = newValue } }
    }
    /// The standalone layer this one is a sublayer or mask of (a view's layer's superlayer is its
    /// superview's layer, see `superlayer`).
    var parentLayer: Layer? {
        get { extras?.parentLayer }
        set { if newValue != nil || extras != nil { ensuredExtras.parentLayer = newValue } }
    }
    /// CALayer.name, shown in traces and trees.
    public var name: String? {
        get { extras?.name }
        set { recharge(from: extras?.name, to: newValue); ensuredExtras.name = newValue; modelVersion &+= 1 }
    }
    public var contentsGravity: ContentMode {
        get { extras?.contentsGravity ?? .scaleToFill }
        set {
            ensuredExtras.contentsGravity = newValue
            modelVersion &+= 1
            if case .image(var image) = content { image.contentMode = newValue; content = .image(image) }
        }
    }
    /// Accepted and kept; rasterizing changes nothing in Transit's pictures.
    public var shouldRasterize: Bool {
        get { extras?.shouldRasterize ?? false }
        set { ensuredExtras.shouldRasterize = newValue }
    }
    public var rasterizationScale: Double {
        get { extras?.rasterizationScale ?? 1 }
        set { ensuredExtras.rasterizationScale = newValue }
    }

    /// A layer with its model, extras and animation roster, measured: about 500 bytes.
    open override class var estimatedBytes: Int { 512 }

    public override init(world: World) {
        serial = world.nextLayerSerial()
        viewLayerChanges = world.viewLayerChanges
        drawsOwnContent = !(type(of: self) == Layer.self)
        flattensSublayers = !(type(of: self) == TransformLayer.self)
        super.init(world: world)
    }

    /// A standalone layer made by a script now: Core Animation does not animate the changes made
    /// to it before it is committed (the end of this run-loop turn), so its creation is noted.
    public convenience init(standaloneIn world: World) {
        self.init(world: world)
        ensuredExtras.createdInTurn = world.turn
        ensuredExtras.createdAt = world.now
    }

    public override var traceName: String {
        if let view { return "\(view.traceName).layer" }
        return standaloneName
    }

    /// A standalone layer's name in traces and trees: `CAShapeLayer "mask"`, or the class.
    var standaloneName: String {
        if let name { return "\(displayClassName) \"\(name)\"" }
        return displayClassName
    }

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
        default: return subclassValue(property) ?? .number(0)
        }
    }

    /// A subclass's own animatable property (CAShapeLayer.path, ...); nil when it has none.
    func subclassValue(_ property: LayerProperty) -> AnimatableValue? { nil }
    /// Sets a subclass's own property to `value` (already inside `withoutAnimation`).
    func setSubclassValue(_ property: LayerProperty, _ value: AnimatableValue) {}
    /// What the layer draws at `time`: its contents, or a subclass's drawing (a shape, a gradient).
    func presentedContent(at time: Double, content: LayerContent) -> LayerContent { content }
    /// Whether a subclass draws something of its own (a shape, a gradient; a transform layer
    /// nothing), asked through `presentedContent`; stored, so sampling a plain layer makes no
    /// dynamic call for it.
    let drawsOwnContent: Bool
    /// False for CATransformLayer (its sublayers are not flattened into its plane).
    let flattensSublayers: Bool

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
            case (let p, _) where p.isSubclassProperty: setSubclassValue(p, value)
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
        running.forEach { animation in
            if animation.property == property, animation.isInEffect(atWorld: time) { value = animation.apply(to: value, atWorld: time) }
        }
        return value
    }

    public func presentationValue(_ property: LayerProperty) -> AnimatableValue {
        presentationValue(property, at: world.now)
    }

    public func hasAnimations(for property: LayerProperty) -> Bool {
        animatedProperties & (1 << UInt32(property.rawValue)) != 0
    }

    /// The presentation tree rooted at this layer at world time `time`.
    ///
    /// Only animated properties are folded; the rest are the model values (what the fold would
    /// return). A layer with nothing animating whose model and sublayers' snapshots did not
    /// change since its last snapshot returns that snapshot again: the same storage, shared, so
    /// a frame costs allocations only for what moves.
    public func snapshot(at time: Double) -> LayerSnapshot {
        snapshot(at: time, view: view)
    }

    /// `view` is this layer's view, passed down by the caller that already holds it (reading
    /// the weak `view` reference costs more than the rest of an unchanged layer's work).
    private func snapshot(at time: Double, view: View?) -> LayerSnapshot {
        var sublayers: [LayerSnapshot] = []
        var mask: LayerSnapshot?
        let previous = stillSnapshot?.snapshot
        var sublayersUnchanged = previous != nil
        if let tree {
            sublayersUnchanged = treeSublayers(at: time, view: view, tree: tree, previous: previous,
                                               into: &sublayers, mask: &mask)
        } else if let view, !view.subviews.isEmpty {
            let subviews = view.subviews
            sublayers.reserveCapacity(subviews.count)
            let previousSublayers = previous?.sublayers ?? []
            sublayersUnchanged = sublayersUnchanged && previousSublayers.count == subviews.count
            // `subviews` keeps every subview alive for the walk, so they are visited without
            // retaining each: views and layers are weakly referenced elsewhere, which moves their
            // reference counts into side tables where every retain is a cache miss.
            subviews.withUnsafeBufferPointer { buffer in
                for index in buffer.indices {
                    let sublayer = Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef { subview in
                        subview.layer.snapshot(at: time, view: subview)
                    }
                    if sublayersUnchanged { sublayersUnchanged = sublayer.sharesStorage(with: previousSublayers[index]) }
                    sublayers.append(sublayer)
                }
            }
        } else if let previous {
            sublayersUnchanged = previous.sublayers.isEmpty
        }
        let name = view?.traceName ?? standaloneName
        if animatedProperties == 0, sublayersUnchanged, let still = stillSnapshot,
           still.version == modelVersion, still.snapshot.name == name {
            return still.snapshot
        }
        let snapshot = presentation(at: time, name: name, sublayers: sublayers, mask: mask)
        stillSnapshot = animatedProperties == 0 ? (modelVersion, snapshot) : nil
        return snapshot
    }

    /// The sublayers' snapshots (subviews' layers and standalone ones, in order) and the mask's,
    /// for a layer with a LayerTree (Layer+Tree.swift); whether all equal the previous snapshot's.
    private func treeSublayers(at time: Double, view: View?, tree: LayerTree, previous: LayerSnapshot?,
                               into sublayers: inout [LayerSnapshot], mask: inout LayerSnapshot?) -> Bool {
        let layers = orderedSublayers(view: view)
        sublayers.reserveCapacity(layers.count)
        var unchanged = previous != nil && previous!.sublayers.count == layers.count
        for (index, layer) in layers.enumerated() {
            let sublayer = layer.snapshot(at: time, view: layer.view)
            if unchanged { unchanged = sublayer.sharesStorage(with: previous!.sublayers[index]) }
            sublayers.append(sublayer)
        }
        mask = tree.mask.map { $0.snapshot(at: time, view: nil) }
        if unchanged {
            switch (mask, previous?.mask) {
            case (nil, nil): break
            case let (now?, before?): unchanged = now.sharesStorage(with: before)
            default: unchanged = false
            }
        }
        return unchanged
    }

    /// This layer's presentation values at `time` over the given sublayers.
    ///
    /// One pass over the running animations, each folded into its property's typed value, in
    /// the order they were added (per property that is the order `presentationValue` folds
    /// in, so the values are the same). A fold that ever yields a value of another kind (never
    /// for values set through the model) is redone by `presentationValue` with its fallbacks.
    private func presentation(at time: Double, name: String, sublayers: [LayerSnapshot], mask: LayerSnapshot?) -> LayerSnapshot {
        let model = self.model
        var bounds = model.bounds, position = model.position, anchorPoint = model.anchorPoint
        var zPosition = model.zPosition, transform = model.transform, sublayerTransform = model.sublayerTransform
        var opacity = model.opacity, background = model.backgroundColor ?? clearColor, cornerRadius = model.cornerRadius
        var borderWidth = model.borderWidth, borderColor = model.borderColor, shadowColor = model.shadowColor
        var shadowOpacity = model.shadowOpacity, shadowRadius = model.shadowRadius, shadowOffset = model.shadowOffset
        var irregular: UInt32 = 0
        if animatedProperties != 0 {
            running.forEach { animation in
                let bit: UInt32 = 1 << UInt32(animation.property.rawValue)
                guard irregular & bit == 0, animation.isInEffect(atWorld: time) else { return }
                // The typed fold when it covers the change, else the boxed one.
                func fold(_ value: inout Double) {
                    if let folded = animation.fold(value, atWorld: time) { value = folded; return }
                    if case .number(let n) = animation.apply(to: .number(value), atWorld: time) { value = n } else { irregular |= bit }
                }
                func fold(_ value: inout Point) {
                    if let folded = animation.fold(value, atWorld: time) { value = folded; return }
                    if case .point(let p) = animation.apply(to: .point(value), atWorld: time) { value = p } else { irregular |= bit }
                }
                func fold(_ value: inout Color) {
                    if let folded = animation.fold(value, atWorld: time) { value = folded; return }
                    if case .color(let c) = animation.apply(to: .color(value), atWorld: time) { value = c } else { irregular |= bit }
                }
                func fold(_ value: inout Transform3D) {
                    if let folded = animation.fold(value, atWorld: time) { value = folded; return }
                    if case .transform(let t) = animation.apply(to: .transform(value), atWorld: time) { value = t } else { irregular |= bit }
                }
                switch animation.property {
                case .bounds:
                    if let folded = animation.fold(bounds, atWorld: time) { bounds = folded; return }
                    if case .rect(let r) = animation.apply(to: .rect(bounds), atWorld: time) { bounds = r } else { irregular |= bit }
                case .shadowOffset:
                    if let folded = animation.fold(shadowOffset, atWorld: time) { shadowOffset = folded; return }
                    if case .size(let z) = animation.apply(to: .size(shadowOffset), atWorld: time) { shadowOffset = z } else { irregular |= bit }
                case .position: fold(&position)
                case .anchorPoint: fold(&anchorPoint)
                case .zPosition: fold(&zPosition)
                case .transform: fold(&transform)
                case .sublayerTransform: fold(&sublayerTransform)
                case .opacity: fold(&opacity)
                case .backgroundColor: fold(&background)
                case .cornerRadius: fold(&cornerRadius)
                case .borderWidth: fold(&borderWidth)
                case .borderColor: fold(&borderColor)
                case .shadowColor: fold(&shadowColor)
                case .shadowOpacity: fold(&shadowOpacity)
                case .shadowRadius: fold(&shadowRadius)
                default: return  // a subclass's property: folded by `presentedContent`
                }
            }
        }
        if irregular != 0 { refold(irregular, at: time, &bounds, &position, &anchorPoint, &shadowOffset) }
        // The rare irregular numbers, colors and transforms, with the fallbacks of the per-property fold.
        func settled(_ p: LayerProperty, _ value: Double) -> Double {
            guard irregular & (1 << UInt32(p.rawValue)) != 0 else { return value }
            if case .number(let n) = presentationValue(p, at: time) { return n }
            return 0
        }
        func settled(_ p: LayerProperty, _ value: Color) -> Color {
            guard irregular & (1 << UInt32(p.rawValue)) != 0 else { return value }
            if case .color(let c) = presentationValue(p, at: time) { return c }
            return clearColor
        }
        func settled(_ p: LayerProperty, _ value: Transform3D) -> Transform3D {
            guard irregular & (1 << UInt32(p.rawValue)) != 0 else { return value }
            if case .transform(let t) = presentationValue(p, at: time) { return t }
            return .identity
        }
        let presentedBackground: Color? = model.backgroundColor == nil && !hasAnimations(for: .backgroundColor)
            ? nil : settled(.backgroundColor, background)
        return LayerSnapshot(
            name: name, serial: serial, bounds: bounds, position: position, anchorPoint: anchorPoint,
            zPosition: settled(.zPosition, zPosition), transform: settled(.transform, transform),
            sublayerTransform: settled(.sublayerTransform, sublayerTransform),
            opacity: settled(.opacity, opacity), isHidden: model.isHidden, backgroundColor: presentedBackground,
            cornerRadius: settled(.cornerRadius, cornerRadius), maskedCorners: model.maskedCorners,
            borderWidth: settled(.borderWidth, borderWidth), borderColor: settled(.borderColor, borderColor),
            shadowColor: settled(.shadowColor, shadowColor), shadowOpacity: settled(.shadowOpacity, shadowOpacity),
            shadowRadius: settled(.shadowRadius, shadowRadius), shadowOffset: shadowOffset,
            masksToBounds: model.masksToBounds, isDoubleSided: model.isDoubleSided,
            content: drawsOwnContent ? presentedContent(at: time, content: model.content) : model.content,
            sublayers: sublayers, mask: mask, flattensSublayers: flattensSublayers, shadowPath: model.shadowPath)
    }

    /// Redoes the geometry properties whose one-pass fold left their kind, with the snapshot's
    /// fallbacks (its defaults) when the per-property fold does too.
    private func refold(_ irregular: UInt32, at time: Double, _ bounds: inout Rect, _ position: inout Point,
                        _ anchorPoint: inout Point, _ shadowOffset: inout Size) {
        func isIrregular(_ p: LayerProperty) -> Bool { irregular & (1 << UInt32(p.rawValue)) != 0 }
        if isIrregular(.bounds) {
            if case .rect(let r) = presentationValue(.bounds, at: time) { bounds = r } else { bounds = .zero }
        }
        if isIrregular(.position) {
            if case .point(let p) = presentationValue(.position, at: time) { position = p } else { position = .zero }
        }
        if isIrregular(.anchorPoint) {
            if case .point(let p) = presentationValue(.anchorPoint, at: time) { anchorPoint = p } else { anchorPoint = LayerSnapshot.defaultAnchorPoint }
        }
        if isIrregular(.shadowOffset) {
            if case .size(let z) = presentationValue(.shadowOffset, at: time) { shadowOffset = z } else { shadowOffset = LayerSnapshot.defaultShadowOffset }
        }
    }

    // MARK: - Animation plumbing

    /// Tells the world about a model change, which it records as an animation inside an animation
    /// block (a standalone layer's as an implicit one). Outside any block a view's layer has
    /// nothing to record, and the values are not even made: the write a script makes most (a
    /// frame, an alpha) is a store, not two copies of a 130-byte value and a call.
    @inline(__always)
    func changed(_ property: LayerProperty, _ old: @autoclosure () -> AnimatableValue, _ new: @autoclosure () -> AnimatableValue) {
        modelVersion &+= 1
        if isViewLayer && !viewLayerChanges.animate { return }
        world.layer(self, didChange: property, from: old(), to: new())
    }

    private func boundsDidChange(from old: Rect) {
        guard let view else { return }
        // A list lays its cells out again when its content offset (the bounds' origin) moves.
        if old.origin != bounds.origin { view.boundsOriginDidChange() }
        guard old.size != bounds.size else { return }
        view.boundsSizeDidChange(from: old.size)
    }

    /// Removes every running animation; their groups complete with finished = false.
    public func removeAllAnimations() {
        extras?.animationsByKey.removeAll()
        for animation in animations { animation.group.animationWasInterrupted(animation) }
    }

    /// Adds `animation` after the running ones.
    func add(_ animation: LayerAnimation) {
        modelVersion &+= 1
        running.append(animation)
        if runningCount.isEmpty { runningCount = [Int32](repeating: 0, count: LayerProperty.allCases.count) }
        runningCount[animation.property.rawValue] += 1
        animatedProperties |= 1 << UInt32(animation.property.rawValue)
    }

    /// Takes `animation` off this layer in O(1); nothing happens when it is not running here.
    func remove(_ animation: LayerAnimation) {
        guard running.contains(animation) else { return }
        running.remove(animation)
        modelVersion &+= 1
        let index = animation.property.rawValue
        runningCount[index] -= 1
        if runningCount[index] == 0 { animatedProperties &= ~(1 << UInt32(index)) }
    }

    /// The running animations of `property`, oldest first, copied so the caller may remove them.
    func animations(of property: LayerProperty) -> [LayerAnimation] {
        guard hasAnimations(for: property) else { return [] }
        return running.elements.filter { $0.property == property }
    }

    /// The newest running animation of `property` for which `predicate` holds.
    func lastAnimation(of property: LayerProperty, where predicate: (LayerAnimation) -> Bool) -> LayerAnimation? {
        guard hasAnimations(for: property) else { return nil }
        return running.last { $0.property == property && predicate($0) }
    }
}

/// The part of a layer only layers as objects use (see `Layer.extras`).
/// What a Core Animation animation is stored under: the script's key, or (added with a nil
/// key) the animation itself, which animationKeys never lists and no key can reach.
enum AnimationKey: Hashable {
    case named(String)
    case anonymous(ObjectIdentifier)
}

final class LayerExtras {
    var animationsByKey: [AnimationKey: KeyedAnimation] = [:]
    var tree: LayerTree?
    weak var parentLayer: Layer?
    var name: String?
    var contentsGravity = ContentMode.scaleToFill
    var shouldRasterize = false
    var rasterizationScale = 1.0
    /// When a script made the layer (`Layer(standaloneIn:)`); -1 and NaN otherwise.
    var createdInTurn = -1
    var createdAt = Double.nan
}
