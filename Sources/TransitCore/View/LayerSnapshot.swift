// The presentation tree at one instant, as plain values: what every output (rasterizer, JSON
// timeline, REPL tree) reads. Built by `Layer.snapshot(at:)`; immutable and Sendable so frames
// can be rendered in parallel.

public struct MaskedCorners: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let minXMinY = MaskedCorners(rawValue: 1)
    public static let maxXMinY = MaskedCorners(rawValue: 2)
    public static let minXMaxY = MaskedCorners(rawValue: 4)
    public static let maxXMaxY = MaskedCorners(rawValue: 8)
    public static let all: MaskedCorners = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]

    /// Core Animation's names, as Lua scripts spell them (`layerMinXMinYCorner`, ...).
    public static let names: [(String, MaskedCorners)] = [
        ("layerMinXMinYCorner", .minXMinY), ("layerMaxXMinYCorner", .maxXMinY),
        ("layerMinXMaxYCorner", .minXMaxY), ("layerMaxXMaxYCorner", .maxXMaxY),
    ]
}

public enum TextAlignment: String, CaseIterable, Sendable {
    case left, center, right, justified, natural
}

public enum FontWeight: String, CaseIterable, Sendable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// Weights at or above semibold render with the bold face.
    public var isBold: Bool {
        switch self {
        case .semibold, .bold, .heavy, .black: return true
        default: return false
        }
    }
}

public struct TextContent: Hashable, Sendable {
    public var text: String
    public var fontSize: Double
    public var fontWeight: FontWeight
    public var color: Color
    public var alignment: TextAlignment
    /// 0 means as many lines as fit, as UILabel does.
    public var numberOfLines: Int

    public init(text: String, fontSize: Double = 17, fontWeight: FontWeight = .regular,
                color: Color = Color(white: 0), alignment: TextAlignment = .natural, numberOfLines: Int = 1) {
        self.text = text; self.fontSize = fontSize; self.fontWeight = fontWeight
        self.color = color; self.alignment = alignment; self.numberOfLines = numberOfLines
    }
}

public enum ContentMode: String, CaseIterable, Sendable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, center
}

/// A UIImage: decoded image pixels (8-bit RGBA, straight alpha, row-major, no padding), or a
/// picture of views taken by `drawHierarchy` in an image context (ImageRendering.swift): then
/// `rgba` is empty and `picture` is the frozen presentation tree, drawn like a snapshot view's.
public struct ImageContent: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]
    public var contentMode: ContentMode
    /// The picture's tree, its bounds the image's rectangle in points; nil for decoded pixels.
    public var picture: LayerSnapshot?

    public init(width: Int, height: Int, rgba: [UInt8], contentMode: ContentMode = .scaleToFill,
                picture: LayerSnapshot? = nil) {
        self.width = width; self.height = height; self.rgba = rgba; self.contentMode = contentMode
        self.picture = picture
    }
}

public indirect enum LayerContent: Hashable, Sendable {
    case none
    case text(TextContent)
    case image(ImageContent)
    /// A `snapshotView` draws the tree it copied, fitted to its own bounds.
    case snapshot(LayerSnapshot)
    /// A visual effect view's backdrop: what is behind the layer, blurred and tinted
    /// (VisualEffectView.swift); the layer's opacity is the effect's intensity.
    case backdrop(BackdropContent)
    /// A CAShapeLayer's path, filled and stroked (ShapeLayer.swift).
    case shape(ShapeContent)
    /// A CAGradientLayer's gradient (GradientLayer.swift).
    case gradient(GradientContent)
    /// The system status bar drawn over the window (StatusBar.swift): time, signal, Wi-Fi and
    /// battery in the layer's bounds.
    case statusBar(StatusBarContent)
}

/// One layer's presentation values and its sublayers' snapshots.
///
/// A value type whose fields live in one immutable, shared storage object: copying a snapshot,
/// putting it in an array of sublayers or handing a frame to another thread copies a pointer,
/// not the ~450 bytes of values (copying those was a fifth of the time of sampling 10,000
/// layers). Storage is never written after it is built; a setter builds a new storage with the
/// one field changed, so two snapshots share state but never alias anything mutable.
public struct LayerSnapshot: Hashable, Sendable {
    /// The stored values. Immutable, hence Sendable; `LayerSnapshot` copies it to change a field.
    struct Fields: Hashable, Sendable {
        var name: String
        var serial: Int
        var bounds: Rect
        var position: Point
        var anchorPoint: Point
        var zPosition: Double
        var transform: Transform3D
        var sublayerTransform: Transform3D
        var opacity: Double
        var isHidden: Bool
        var backgroundColor: Color?
        var cornerRadius: Double
        var maskedCorners: MaskedCorners
        var borderWidth: Double
        var borderColor: Color?
        var shadowColor: Color?
        var shadowOpacity: Double
        var shadowRadius: Double
        var shadowOffset: Size
        var masksToBounds: Bool
        var isDoubleSided: Bool
        var content: LayerContent
        var sublayers: [LayerSnapshot]
        /// CALayer.mask: its alpha, in this layer's bounds space, masks the layer and its sublayers.
        var mask: LayerSnapshot?
        /// False for a CATransformLayer: its sublayers share its superlayer's 3D space.
        var flattensSublayers = true
        var shadowPath: BezierPath? = nil
    }

    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    /// The identity of this value's storage: two snapshots with the same identity are the same
    /// value (the storage is immutable). A renderer memoizes work per snapshot by it, holding the
    /// snapshot so the identity is not reused while remembered.
    public var storageIdentity: ObjectIdentifier { ObjectIdentifier(storage) }

    /// Core Animation's defaults, also what a snapshot falls back to.
    static let defaultAnchorPoint = Point(x: 0.5, y: 0.5)
    static let defaultShadowOffset = Size(width: 0, height: -3)

    /// Replaces the storage with a copy that has one field changed.
    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    /// For tooling (REPL tree, JSON): the view's `name`, else its class name.
    public var name: String {
        get { storage.fields.name }
        set { update { $0.name = newValue } }
    }
    /// The model layer's `Layer.serial`: the same layer has the same serial in every snapshot of
    /// one run, wherever it sits in the tree. 0 for trees built by hand (tests).
    public var serial: Int {
        get { storage.fields.serial }
        set { update { $0.serial = newValue } }
    }
    public var bounds: Rect {
        get { storage.fields.bounds }
        set { update { $0.bounds = newValue } }
    }
    public var position: Point {
        get { storage.fields.position }
        set { update { $0.position = newValue } }
    }
    public var anchorPoint: Point {
        get { storage.fields.anchorPoint }
        set { update { $0.anchorPoint = newValue } }
    }
    public var zPosition: Double {
        get { storage.fields.zPosition }
        set { update { $0.zPosition = newValue } }
    }
    public var transform: Transform3D {
        get { storage.fields.transform }
        set { update { $0.transform = newValue } }
    }
    public var sublayerTransform: Transform3D {
        get { storage.fields.sublayerTransform }
        set { update { $0.sublayerTransform = newValue } }
    }
    public var opacity: Double {
        get { storage.fields.opacity }
        set { update { $0.opacity = newValue } }
    }
    public var isHidden: Bool {
        get { storage.fields.isHidden }
        set { update { $0.isHidden = newValue } }
    }
    public var backgroundColor: Color? {
        get { storage.fields.backgroundColor }
        set { update { $0.backgroundColor = newValue } }
    }
    public var cornerRadius: Double {
        get { storage.fields.cornerRadius }
        set { update { $0.cornerRadius = newValue } }
    }
    public var maskedCorners: MaskedCorners {
        get { storage.fields.maskedCorners }
        set { update { $0.maskedCorners = newValue } }
    }
    public var borderWidth: Double {
        get { storage.fields.borderWidth }
        set { update { $0.borderWidth = newValue } }
    }
    public var borderColor: Color? {
        get { storage.fields.borderColor }
        set { update { $0.borderColor = newValue } }
    }
    public var shadowColor: Color? {
        get { storage.fields.shadowColor }
        set { update { $0.shadowColor = newValue } }
    }
    public var shadowOpacity: Double {
        get { storage.fields.shadowOpacity }
        set { update { $0.shadowOpacity = newValue } }
    }
    public var shadowRadius: Double {
        get { storage.fields.shadowRadius }
        set { update { $0.shadowRadius = newValue } }
    }
    public var shadowOffset: Size {
        get { storage.fields.shadowOffset }
        set { update { $0.shadowOffset = newValue } }
    }
    public var masksToBounds: Bool {
        get { storage.fields.masksToBounds }
        set { update { $0.masksToBounds = newValue } }
    }
    public var isDoubleSided: Bool {
        get { storage.fields.isDoubleSided }
        set { update { $0.isDoubleSided = newValue } }
    }
    public var content: LayerContent {
        get { storage.fields.content }
        set { update { $0.content = newValue } }
    }
    public var sublayers: [LayerSnapshot] {
        get { storage.fields.sublayers }
        set { update { $0.sublayers = newValue } }
    }
    public var mask: LayerSnapshot? {
        get { storage.fields.mask }
        set { update { $0.mask = newValue } }
    }
    public var flattensSublayers: Bool {
        get { storage.fields.flattensSublayers }
        set { update { $0.flattensSublayers = newValue } }
    }

    public init(name: String = "", bounds: Rect = .zero, position: Point = .zero,
                anchorPoint: Point = Point(x: 0.5, y: 0.5), zPosition: Double = 0,
                transform: Transform3D = .identity, sublayerTransform: Transform3D = .identity,
                opacity: Double = 1, isHidden: Bool = false, backgroundColor: Color? = nil,
                cornerRadius: Double = 0, maskedCorners: MaskedCorners = .all,
                borderWidth: Double = 0, borderColor: Color? = Color(white: 0),
                shadowColor: Color? = Color(white: 0), shadowOpacity: Double = 0,
                shadowRadius: Double = 3, shadowOffset: Size = Size(width: 0, height: -3),
                masksToBounds: Bool = false, isDoubleSided: Bool = true,
                content: LayerContent = .none, sublayers: [LayerSnapshot] = [], mask: LayerSnapshot? = nil) {
        self.init(name: name, serial: 0, bounds: bounds, position: position, anchorPoint: anchorPoint,
                  zPosition: zPosition, transform: transform, sublayerTransform: sublayerTransform,
                  opacity: opacity, isHidden: isHidden, backgroundColor: backgroundColor,
                  cornerRadius: cornerRadius, maskedCorners: maskedCorners, borderWidth: borderWidth,
                  borderColor: borderColor, shadowColor: shadowColor, shadowOpacity: shadowOpacity,
                  shadowRadius: shadowRadius, shadowOffset: shadowOffset, masksToBounds: masksToBounds,
                  isDoubleSided: isDoubleSided, content: content, sublayers: sublayers, mask: mask)
    }

    /// Every field at once, with the serial: how `Layer.snapshot(at:)` builds one storage per layer.
    public init(name: String, serial: Int, bounds: Rect, position: Point, anchorPoint: Point,
                zPosition: Double, transform: Transform3D, sublayerTransform: Transform3D,
                opacity: Double, isHidden: Bool, backgroundColor: Color?, cornerRadius: Double,
                maskedCorners: MaskedCorners, borderWidth: Double, borderColor: Color?,
                shadowColor: Color?, shadowOpacity: Double, shadowRadius: Double, shadowOffset: Size,
                masksToBounds: Bool, isDoubleSided: Bool, content: LayerContent, sublayers: [LayerSnapshot],
                mask: LayerSnapshot? = nil, flattensSublayers: Bool = true, shadowPath: BezierPath? = nil) {
        storage = Storage(Fields(
            name: name, serial: serial, bounds: bounds, position: position, anchorPoint: anchorPoint,
            zPosition: zPosition, transform: transform, sublayerTransform: sublayerTransform,
            opacity: opacity, isHidden: isHidden, backgroundColor: backgroundColor,
            cornerRadius: cornerRadius, maskedCorners: maskedCorners, borderWidth: borderWidth,
            borderColor: borderColor, shadowColor: shadowColor, shadowOpacity: shadowOpacity,
            shadowRadius: shadowRadius, shadowOffset: shadowOffset, masksToBounds: masksToBounds,
            isDoubleSided: isDoubleSided, content: content, sublayers: sublayers, mask: mask,
            flattensSublayers: flattensSublayers, shadowPath: shadowPath))
    }

    /// Whether the two share one storage (a copy never changed since): for tests of sharing.
    public func sharesStorage(with other: LayerSnapshot) -> Bool { storage === other.storage }

    /// CALayer.shadowPath as captured.
    public var shadowPath: BezierPath? {
        get { storage.fields.shadowPath }
        set { update { $0.shadowPath = newValue } }
    }

    public static func == (a: LayerSnapshot, b: LayerSnapshot) -> Bool {
        a.storage === b.storage || a.storage.fields == b.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    /// The layer's frame in its superlayer when its transform is affine (Core Animation's rule:
    /// the bounding box of the transformed bounds around position and anchorPoint).
    public var frame: Rect {
        let w = bounds.width, h = bounds.height
        let corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: 0, y: h), Point(x: w, y: h)]
        let affine = transform.affine
        let mapped = corners.map { corner -> Point in
            let local = Point(x: corner.x - anchorPoint.x * w, y: corner.y - anchorPoint.y * h)
            return affine.apply(to: local) + position
        }
        let xs = mapped.map(\.x), ys = mapped.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }
}
