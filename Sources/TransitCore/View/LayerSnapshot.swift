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

/// Decoded image pixels: 8-bit RGBA, straight alpha, row-major, no padding.
public struct ImageContent: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]
    public var contentMode: ContentMode

    public init(width: Int, height: Int, rgba: [UInt8], contentMode: ContentMode = .scaleToFill) {
        self.width = width; self.height = height; self.rgba = rgba; self.contentMode = contentMode
    }
}

public indirect enum LayerContent: Hashable, Sendable {
    case none
    case text(TextContent)
    case image(ImageContent)
    /// A `snapshotView` draws the tree it copied, fitted to its own bounds.
    case snapshot(LayerSnapshot)
}

public struct LayerSnapshot: Hashable, Sendable {
    /// For tooling (REPL tree, JSON): the view's `name`, else its class name.
    public var name: String
    /// The model layer's `Layer.serial`: the same layer has the same serial in every snapshot of
    /// one run, wherever it sits in the tree. 0 for trees built by hand (tests).
    public var serial: Int = 0
    public var bounds: Rect
    public var position: Point
    public var anchorPoint: Point
    public var zPosition: Double
    public var transform: Transform3D
    public var sublayerTransform: Transform3D
    public var opacity: Double
    public var isHidden: Bool
    public var backgroundColor: Color?
    public var cornerRadius: Double
    public var maskedCorners: MaskedCorners
    public var borderWidth: Double
    public var borderColor: Color?
    public var shadowColor: Color?
    public var shadowOpacity: Double
    public var shadowRadius: Double
    public var shadowOffset: Size
    public var masksToBounds: Bool
    public var isDoubleSided: Bool
    public var content: LayerContent
    public var sublayers: [LayerSnapshot]

    public init(name: String = "", bounds: Rect = .zero, position: Point = .zero,
                anchorPoint: Point = Point(x: 0.5, y: 0.5), zPosition: Double = 0,
                transform: Transform3D = .identity, sublayerTransform: Transform3D = .identity,
                opacity: Double = 1, isHidden: Bool = false, backgroundColor: Color? = nil,
                cornerRadius: Double = 0, maskedCorners: MaskedCorners = .all,
                borderWidth: Double = 0, borderColor: Color? = Color(white: 0),
                shadowColor: Color? = Color(white: 0), shadowOpacity: Double = 0,
                shadowRadius: Double = 3, shadowOffset: Size = Size(width: 0, height: -3),
                masksToBounds: Bool = false, isDoubleSided: Bool = true,
                content: LayerContent = .none, sublayers: [LayerSnapshot] = []) {
        self.name = name; self.bounds = bounds; self.position = position
        self.anchorPoint = anchorPoint; self.zPosition = zPosition; self.transform = transform
        self.sublayerTransform = sublayerTransform; self.opacity = opacity; self.isHidden = isHidden
        self.backgroundColor = backgroundColor; self.cornerRadius = cornerRadius
        self.maskedCorners = maskedCorners; self.borderWidth = borderWidth
        self.borderColor = borderColor; self.shadowColor = shadowColor
        self.shadowOpacity = shadowOpacity; self.shadowRadius = shadowRadius
        self.shadowOffset = shadowOffset; self.masksToBounds = masksToBounds
        self.isDoubleSided = isDoubleSided; self.content = content; self.sublayers = sublayers
    }

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
