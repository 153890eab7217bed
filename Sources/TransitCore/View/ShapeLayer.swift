// CAShapeLayer: a path filled and stroked in the layer's coordinates. Its path, colours, line
// width and stroke ends animate like any layer property (implicitly on a committed layer, or
// with CABasicAnimation); the renderer trims the stroke to strokeStart...strokeEnd.

public enum FillRule: String, CaseIterable, Sendable { case nonZero, evenOdd }
public enum LineCap: String, CaseIterable, Sendable { case butt, round, square }
public enum LineJoin: String, CaseIterable, Sendable { case miter, round, bevel }

/// What a shape layer draws at one instant.
public struct ShapeContent: Hashable, Sendable {
    public var path: BezierPath
    public var fillColor: Color?
    public var strokeColor: Color?
    public var lineWidth: Double
    public var strokeStart: Double
    public var strokeEnd: Double
    public var fillRule: FillRule
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var lineDashPattern: [Double]

    public init(path: BezierPath, fillColor: Color? = Color(white: 0), strokeColor: Color? = nil,
                lineWidth: Double = 1, strokeStart: Double = 0, strokeEnd: Double = 1,
                fillRule: FillRule = .nonZero, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
                lineDashPattern: [Double] = []) {
        self.path = path; self.fillColor = fillColor; self.strokeColor = strokeColor
        self.lineWidth = lineWidth; self.strokeStart = strokeStart; self.strokeEnd = strokeEnd
        self.fillRule = fillRule; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.lineDashPattern = lineDashPattern
    }
}

public final class ShapeLayer: Layer {
    public override class var className: String { "CAShapeLayer" }

    private static let clear = Color(white: 0, alpha: 0)

    /// nil draws nothing. Core Animation's defaults: black fill, no stroke, width 1, whole stroke.
    public var path: BezierPath? {
        didSet { changed(.path, .path(oldValue ?? BezierPath()), .path(path ?? BezierPath())) }
    }
    public var fillColor: Color? = Color(white: 0) {
        didSet { changed(.fillColor, .color(oldValue ?? Self.clear), .color(fillColor ?? Self.clear)) }
    }
    public var strokeColor: Color? {
        didSet { changed(.strokeColor, .color(oldValue ?? Self.clear), .color(strokeColor ?? Self.clear)) }
    }
    public var lineWidth = 1.0 { didSet { changed(.lineWidth, .number(oldValue), .number(lineWidth)) } }
    public var strokeStart = 0.0 { didSet { changed(.strokeStart, .number(oldValue), .number(strokeStart)) } }
    public var strokeEnd = 1.0 { didSet { changed(.strokeEnd, .number(oldValue), .number(strokeEnd)) } }
    public var fillRule = FillRule.nonZero { didSet { modelVersion &+= 1 } }
    public var lineCap = LineCap.butt { didSet { modelVersion &+= 1 } }
    public var lineJoin = LineJoin.miter { didSet { modelVersion &+= 1 } }
    public var lineDashPattern: [Double] = [] { didSet { modelVersion &+= 1 } }

    override func subclassValue(_ property: LayerProperty) -> AnimatableValue? {
        switch property {
        case .path: return .path(path ?? BezierPath())
        case .fillColor: return .color(fillColor ?? Self.clear)
        case .strokeColor: return .color(strokeColor ?? Self.clear)
        case .lineWidth: return .number(lineWidth)
        case .strokeStart: return .number(strokeStart)
        case .strokeEnd: return .number(strokeEnd)
        default: return nil
        }
    }

    override func setSubclassValue(_ property: LayerProperty, _ value: AnimatableValue) {
        switch (property, value) {
        case (.path, .path(let p)): path = p.isEmpty && path == nil ? nil : p
        case (.fillColor, .color(let c)): fillColor = c.alpha == 0 && fillColor == nil ? nil : c
        case (.strokeColor, .color(let c)): strokeColor = c.alpha == 0 && strokeColor == nil ? nil : c
        case (.lineWidth, .number(let n)): lineWidth = n
        case (.strokeStart, .number(let n)): strokeStart = n
        case (.strokeEnd, .number(let n)): strokeEnd = n
        default: break
        }
    }

    override func presentedContent(at time: Double, content: LayerContent) -> LayerContent {
        func number(_ p: LayerProperty, _ model: Double) -> Double {
            guard hasAnimations(for: p), case .number(let n) = presentationValue(p, at: time) else { return model }
            return n
        }
        func color(_ p: LayerProperty, _ model: Color?) -> Color? {
            guard hasAnimations(for: p), case .color(let c) = presentationValue(p, at: time) else { return model }
            return c
        }
        var shown = path
        if hasAnimations(for: .path), case .path(let p) = presentationValue(.path, at: time) { shown = p }
        guard let shown else { return content }
        return .shape(ShapeContent(
            path: shown, fillColor: color(.fillColor, fillColor), strokeColor: color(.strokeColor, strokeColor),
            lineWidth: number(.lineWidth, lineWidth), strokeStart: number(.strokeStart, strokeStart),
            strokeEnd: number(.strokeEnd, strokeEnd), fillRule: fillRule, lineCap: lineCap, lineJoin: lineJoin,
            lineDashPattern: lineDashPattern))
    }
}
