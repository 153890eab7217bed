// Layers as objects: standalone layers (`CALayer()`), their sublayers, masks and contents.
//
// A view's layer's sublayers are its subviews' layers, kept by the view (View.swift), plus the
// standalone layers a script adds. Each standalone sublayer remembers the subview it was placed
// above (none: below every subview), so `addSublayer` after `addSubview` draws above that
// subview and `insertSublayer(at: 0)` draws below all of them, as Core Animation's one list of
// sublayers does. A view's layer cannot be moved by the layer API (use the view's methods).

/// The standalone sublayers and the mask of one layer.
final class LayerTree {
    struct Entry {
        let layer: Layer
        /// Placed just above this subview's layer; nil with `anchored` false: below every subview.
        weak var above: View?
        let anchored: Bool
    }
    var sublayers: [Entry] = []
    var mask: Layer?
}

extension Layer {
    /// A layer tree deeper than this is refused (the renderer stops there too).
    public static let maximumTreeDepth = 200

    /// Every sublayer, back to front: the subviews' layers and the standalone sublayers.
    public var sublayers: [Layer] { orderedSublayers(view: view) }

    /// The standalone sublayers only, in order.
    public var standaloneSublayers: [Layer] { tree?.sublayers.map(\.layer) ?? [] }

    public var superlayer: Layer? {
        if let view { return view.superview?.layer }
        return parentLayer.flatMap { parent in parent.tree?.mask === self ? nil : parent }
    }

    public var mask: Layer? { tree?.mask }

    func orderedSublayers(view: View?) -> [Layer] {
        let subviews = view?.subviews ?? []
        guard let tree, !tree.sublayers.isEmpty else { return subviews.map(\.layer) }
        var result: [Layer] = []
        result.reserveCapacity(subviews.count + tree.sublayers.count)
        for entry in tree.sublayers where !entry.anchored { result.append(entry.layer) }
        for subview in subviews {
            result.append(subview.layer)
            for entry in tree.sublayers where entry.anchored && entry.above === subview { result.append(entry.layer) }
        }
        // Placed above a subview that has left since: on top.
        for entry in tree.sublayers where entry.anchored && !(entry.above.map { v in subviews.contains { $0 === v } } ?? false) {
            result.append(entry.layer)
        }
        return result
    }

    private func checkInsertable(_ layer: Layer, _ method: String) throws {
        if layer.view != nil {
            throw ModelUsageError.layerTree("\(layer.traceName) is a view's layer; move the view with addSubview/insertSubview instead")
        }
        var ancestor: Layer? = self
        var depth = 0
        while let current = ancestor {
            if current === layer { throw ModelUsageError.layerTree("a layer cannot be a sublayer of itself or of its own sublayers") }
            depth += 1
            if depth > Layer.maximumTreeDepth { throw ModelUsageError.layerTree("layer trees deeper than \(Layer.maximumTreeDepth) are not supported") }
            ancestor = current.view.map { $0.superview?.layer } ?? current.parentLayer
        }
    }

    /// Detaches a standalone layer from its superlayer or from the layer it masks.
    func detach() {
        guard let parent = parentLayer, let tree = parent.tree else { return }
        if tree.mask === self { tree.mask = nil }
        tree.sublayers.removeAll { $0.layer === self }
        parent.modelVersion &+= 1
        parentLayer = nil
    }

    private func insert(_ layer: Layer, entryIndex: Int, above: View?, anchored: Bool) {
        layer.detach()
        if tree == nil { tree = LayerTree() }
        let index = min(max(0, entryIndex), tree!.sublayers.count)
        tree!.sublayers.insert(LayerTree.Entry(layer: layer, above: above, anchored: anchored), at: index)
        layer.parentLayer = self
        modelVersion &+= 1
    }

    /// CALayer.addSublayer: on top of every sublayer.
    public func addSublayer(_ layer: Layer) throws {
        try checkInsertable(layer, "addSublayer")
        layer.detach()
        let top = view?.subviews.last
        insert(layer, entryIndex: tree?.sublayers.count ?? 0, above: top, anchored: top != nil)
    }

    /// CALayer.insertSublayer(_:at:): `index` 0-based in `sublayers`, clamped.
    public func insertSublayer(_ layer: Layer, at index: Int) throws {
        try checkInsertable(layer, "insertSublayer")
        layer.detach()
        let current = sublayers
        let position = min(max(0, index), current.count)
        try place(layer, afterSublayer: position == 0 ? nil : current[position - 1])
    }

    /// CALayer.insertSublayer(_:below:) and (_:above:): `sibling` must be a sublayer.
    public func insertSublayer(_ layer: Layer, relativeTo sibling: Layer, above: Bool) throws {
        let method = above ? "insertSublayer(above:)" : "insertSublayer(below:)"
        try checkInsertable(layer, method)
        guard sibling !== layer else { throw ModelUsageError.layerTree("a layer cannot be placed next to itself") }
        layer.detach()
        let current = sublayers
        guard let index = current.firstIndex(where: { $0 === sibling }) else {
            throw ModelUsageError.layerTree("\(sibling.traceName) is not a sublayer of \(traceName)")
        }
        try place(layer, afterSublayer: above ? current[index] : (index == 0 ? nil : current[index - 1]))
    }

    /// Puts `layer` just above `previous` (nil: at the bottom) among the sublayers.
    private func place(_ layer: Layer, afterSublayer previous: Layer?) throws {
        guard let previous else {
            insert(layer, entryIndex: 0, above: nil, anchored: false)
            return
        }
        if let subview = previous.view {
            // First among the entries anchored to that subview.
            let index = tree?.sublayers.firstIndex { $0.anchored && $0.above === subview } ?? (tree?.sublayers.count ?? 0)
            insert(layer, entryIndex: index, above: subview, anchored: true)
        } else if let entries = tree?.sublayers, let index = entries.firstIndex(where: { $0.layer === previous }) {
            insert(layer, entryIndex: index + 1, above: entries[index].above, anchored: entries[index].anchored)
        }
    }

    /// CALayer.removeFromSuperlayer for standalone layers.
    public func removeFromSuperlayer() throws {
        if view != nil {
            throw ModelUsageError.layerTree("\(traceName) is a view's layer; use removeFromSuperview")
        }
        detach()
    }

    /// CALayer.mask: a standalone layer without a superlayer; nil removes it.
    public func setMask(_ layer: Layer?) throws {
        guard let layer else {
            tree?.mask?.detach()
            return
        }
        if layer === tree?.mask { return }
        if layer.view != nil { throw ModelUsageError.layerTree("\(layer.traceName) is a view's layer; a mask must be a standalone layer (CALayer(), CAShapeLayer(), ...)") }
        if layer === self { throw ModelUsageError.layerTree("a layer cannot mask itself") }
        if layer.parentLayer != nil, layer.parentLayer?.tree?.mask !== layer {
            throw ModelUsageError.layerTree("the mask layer must not have a superlayer (call removeFromSuperlayer first)")
        }
        try checkInsertable(layer, "mask")
        layer.detach()
        tree?.mask?.detach()
        if tree == nil { tree = LayerTree() }
        tree!.mask = layer
        layer.parentLayer = self
        modelVersion &+= 1
    }

    /// CALayer.frame: derived from bounds, position, anchorPoint and transform; setting it sets
    /// the bounds' size and the position.
    public var frame: Rect {
        get {
            let b = bounds, a = anchorPoint, w = b.width, h = b.height
            let affine = transform.affine
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            for (cx, cy) in [(0.0, 0.0), (w, 0), (0, h), (w, h)] {
                let p = affine.apply(to: Point(x: cx - a.x * w, y: cy - a.y * h)) + position
                minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
            }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
        set {
            let size = Size(width: abs(newValue.width), height: abs(newValue.height))
            let origin = newValue.standardized.origin
            if bounds.size != size { bounds = Rect(origin: bounds.origin, size: size) }
            position = Point(x: origin.x + anchorPoint.x * size.width, y: origin.y + anchorPoint.y * size.height)
        }
    }

    /// CALayer.contents: an image, or nil.
    public var contents: ImageContent? {
        get { if case .image(let image) = content { return image } else { return nil } }
        set {
            guard var image = newValue else { content = .none; return }
            image.contentMode = contentsGravity
            content = .image(image)
        }
    }

    /// Whether Core Animation would animate a change of this standalone layer now: it was
    /// committed (made in an earlier run-loop turn, or before time last moved) and is not a
    /// view's layer.
    var animatesImplicitly: Bool {
        guard !isViewLayer else { return false }
        guard let extras, extras.createdInTurn >= 0 else { return true }
        return extras.createdInTurn != world.turn || extras.createdAt != world.now
    }
}

/// CATransformLayer: its sublayers are placed in its superlayer's 3D space instead of being
/// flattened into its plane, and it draws nothing of its own (the renderer skips its
/// background, border, shadow and contents).
public final class TransformLayer: Layer {
    public override class var className: String { "CATransformLayer" }
    override func presentedContent(at time: Double, content: LayerContent) -> LayerContent { .none }
}
