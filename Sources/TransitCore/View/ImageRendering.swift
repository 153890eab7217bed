// Pictures of views: `drawHierarchy(in:afterScreenUpdates:)` into an image context, the image
// contexts of `UIGraphicsImageRenderer` and `UIGraphicsBeginImageContextWithOptions`, and
// `resizableSnapshotView(from:afterScreenUpdates:withCapInsets:)`.
//
// What an image of views is here: TransitCore does not draw, so a picture is the views'
// presentation tree at the moment it was taken, frozen as a LayerSnapshot (as `snapshotView`
// freezes one). The renderer rasterizes it wherever the image is shown; changing the views
// afterwards changes nothing in it, because a LayerSnapshot is an immutable value
// (docs/semantics.md, "Snapshots and images").

/// One image context: what was drawn into it so far, back to front. Scripts meet it as the
/// argument of an image renderer's block (UIGraphicsImageRendererContext).
public final class ImageContext: HostObject {
    public override class var className: String { "UIGraphicsImageRendererContext" }
    public let size: Size
    public let isOpaque: Bool
    /// The pictures drawn so far, each placed in the context's coordinates (points, top left).
    public private(set) var drawings: [LayerSnapshot] = []

    /// More drawings than any picture needs; a script drawing in a loop gets an error instead
    /// of growing memory without bound.
    public static let maximumDrawings = 10_000

    public init(world: World, size: Size, isOpaque: Bool) {
        self.size = size; self.isOpaque = isOpaque
        super.init(world: world)
    }

    /// Sizes a context accepts: positive, finite and at most this many points on a side.
    public static let maximumSide = 16_384.0

    public static func isValid(_ size: Size) -> Bool {
        size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0
            && size.width <= maximumSide && size.height <= maximumSide
    }

    /// Adds `view`'s hierarchy as it is on screen now, its bounds scaled to fill `rect`.
    /// `afterScreenUpdates` lays the view out first (the screen would show that layout).
    func draw(_ view: View, in rect: Rect, afterScreenUpdates: Bool) throws {
        guard drawings.count < ImageContext.maximumDrawings else {
            throw ModelUsageError.viewHierarchy("more than \(ImageContext.maximumDrawings) drawings in one image context")
        }
        if afterScreenUpdates { try view.layoutIfNeeded() }
        let tree = view.picture()
        let source = tree.bounds.size
        guard source.width > 0, source.height > 0, rect.width != 0, rect.height != 0 else { return }
        // The picture's bounds land on `rect`: scaled about its centre, centred on the rect's.
        let placed = LayerSnapshot(name: "drawHierarchy of \(tree.name)", bounds: tree.bounds,
                                   position: Point(x: rect.midX, y: rect.midY),
                                   transform: .scale(rect.width / source.width, rect.height / source.height, 1),
                                   sublayers: [tree])
        drawings.append(placed)
    }

    /// The image of everything drawn so far (UIGraphicsGetImageFromCurrentImageContext, the
    /// renderer's result): a picture the size of the context, clipped to it; opaque contexts
    /// start black, as an opaque bitmap does.
    public func image() -> ImageContent {
        let picture = LayerSnapshot(name: "UIImage", bounds: Rect(origin: .zero, size: size),
                                    position: Point(x: size.width / 2, y: size.height / 2),
                                    backgroundColor: isOpaque ? Color(white: 0) : nil, masksToBounds: true,
                                    sublayers: drawings)
        return ImageContent(width: Int(saturating: size.width.rounded(.up)), height: Int(saturating: size.height.rounded(.up)),
                            rgba: [], picture: picture)
    }
}

/// UIGraphicsImageRenderer: makes images of a fixed size from drawing blocks.
public final class ImageRenderer: HostObject {
    public override class var className: String { "UIGraphicsImageRenderer" }
    public let size: Size

    public init(world: World, size: Size) {
        self.size = size
        super.init(world: world)
    }

    /// Runs `body` with a new context current and returns what it drew.
    public func image(_ body: (ImageContext) throws -> Void) throws -> ImageContent {
        try world.renderImage(size: size, isOpaque: false, body)
    }
}

extension World {
    public var currentImageContext: ImageContext? { imageContexts.last }

    public func beginImageContext(size: Size, isOpaque: Bool) {
        imageContexts.append(ImageContext(world: self, size: size, isOpaque: isOpaque))
    }

    /// Ends the current image context; nothing happens when there is none (as in UIKit).
    public func endImageContext() {
        if !imageContexts.isEmpty { imageContexts.removeLast() }
    }

    /// Runs `body` with a fresh context current (UIGraphicsImageRenderer's `image`), ending it
    /// even when `body` throws, and returns what was drawn.
    public func renderImage(size: Size, isOpaque: Bool, _ body: (ImageContext) throws -> Void) throws -> ImageContent {
        let context = ImageContext(world: self, size: size, isOpaque: isOpaque)
        imageContexts.append(context)
        defer { imageContexts.removeAll { $0 === context } }
        try body(context)
        return context.image()
    }
}

extension View {
    /// This view's presentation tree now, with its own position and transform undone: its
    /// bounds are the picture's frame. Frozen: a value no later change reaches.
    func picture() -> LayerSnapshot {
        var tree = layer.snapshot(at: world.now)
        tree.transform = .identity
        tree.position = Point(x: tree.bounds.minX + tree.anchorPoint.x * tree.bounds.width,
                              y: tree.bounds.minY + tree.anchorPoint.y * tree.bounds.height)
        return tree
    }

    /// UIKit's drawHierarchy: draws the view into the current image context, its bounds filling
    /// `rect`. False when there is no current context (nothing to draw into).
    public func drawHierarchy(in rect: Rect, afterScreenUpdates: Bool) throws -> Bool {
        guard let context = world.currentImageContext else { return false }
        try context.draw(self, in: rect, afterScreenUpdates: afterScreenUpdates)
        return true
    }

    /// A view showing the part `rect` (in this view's bounds) of this view now. With cap insets,
    /// resizing the snapshot view stretches only the middle: the caps keep their size, as a
    /// resizable image's do (when the view is smaller than its caps, they shrink in proportion).
    public func resizableSnapshotView(from rect: Rect, afterScreenUpdates: Bool, withCapInsets insets: EdgeInsets) throws -> View {
        if afterScreenUpdates { try layoutIfNeeded() }
        let region = rect.standardized
        let tree = picture()
        let snapshot = ResizableSnapshotView(world: world, picture: tree, region: region, capInsets: insets)
        snapshot.name = "snapshot of \(traceName)"
        return snapshot
    }
}

/// The part `rect` of `tree` (in the tree's bounds space), clipped to it: a tree whose bounds
/// are `rect`, for a `.snapshot` content to fit into a layer.
private func crop(_ tree: LayerSnapshot, to rect: Rect) -> LayerSnapshot {
    LayerSnapshot(name: tree.name, bounds: rect, position: Point(x: rect.midX, y: rect.midY),
                  masksToBounds: true, sublayers: [tree])
}

/// A resizable snapshot: without cap insets one picture fitted to the bounds; with them up to
/// nine pieces whose autoresizing masks keep the caps' size and stretch the middle, so a size
/// change inside an animation block animates the pieces with it.
final class ResizableSnapshotView: View {
    private let capInsets: EdgeInsets

    /// One of the nine pieces; it knows its place, so the view needs no list of them.
    final class Piece: View {
        let column: Int, row: Int
        init(world: World, column: Int, row: Int) {
            self.column = column; self.row = row
            super.init(world: world)
        }
    }

    init(world: World, picture: LayerSnapshot, region: Rect, capInsets: EdgeInsets) {
        self.capInsets = EdgeInsets(top: max(0, capInsets.top), left: max(0, capInsets.left),
                                    bottom: max(0, capInsets.bottom), right: max(0, capInsets.right))
        super.init(world: world, frame: Rect(origin: .zero, size: region.size))
        guard !self.capInsets.isZero else {
            layer.content = .snapshot(crop(picture, to: region))
            return
        }
        let xs = ResizableSnapshotView.stops(region.minX, region.width, self.capInsets.left, self.capInsets.right)
        let ys = ResizableSnapshotView.stops(region.minY, region.height, self.capInsets.top, self.capInsets.bottom)
        let horizontal: [Set<AutoresizingMask>] = [[.flexibleRightMargin], [.flexibleWidth], [.flexibleLeftMargin]]
        let vertical: [Set<AutoresizingMask>] = [[.flexibleBottomMargin], [.flexibleHeight], [.flexibleTopMargin]]
        world.withoutAnimation {
            for row in 0..<3 {
                for column in 0..<3 {
                    let source = Rect(x: xs[column], y: ys[row], width: xs[column + 1] - xs[column], height: ys[row + 1] - ys[row])
                    guard source.width > 0, source.height > 0 else { continue }
                    let piece = Piece(world: world, column: column, row: row)
                    piece.name = "snapshot piece \(column),\(row)"
                    piece.isUserInteractionEnabled = false
                    piece.layer.content = .snapshot(crop(picture, to: source))
                    piece.autoresizingMask = horizontal[column].union(vertical[row])
                    try? addSubview(piece)  // a fresh view into a fresh view: cannot fail
                }
            }
            layOutPieces()
        }
    }

    /// The four edges of the three bands along one axis: caps at each end, shrunk in proportion
    /// when the length is shorter than both, so they never overlap.
    static func stops(_ origin: Double, _ length: Double, _ leading: Double, _ trailing: Double) -> [Double] {
        let caps = leading + trailing
        let factor = caps > length && caps > 0 ? max(0, length) / caps : 1
        let start = leading * factor, end = trailing * factor
        return [origin, origin + start, origin + length - end, origin + length]
    }

    /// Autoresizing keeps the pieces right while the view is larger than its caps; this also
    /// covers the shrunk caps.
    override func layoutSubviews() throws {
        layOutPieces()
    }

    private func layOutPieces() {
        let size = bounds.size
        let xs = ResizableSnapshotView.stops(0, size.width, capInsets.left, capInsets.right)
        let ys = ResizableSnapshotView.stops(0, size.height, capInsets.top, capInsets.bottom)
        for case let piece as Piece in subviews {
            piece.frame = Rect(x: xs[piece.column], y: ys[piece.row],
                               width: xs[piece.column + 1] - xs[piece.column], height: ys[piece.row + 1] - ys[piece.row])
        }
    }
}
