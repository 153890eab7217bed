// CAGradientLayer: colours at locations along a line (axial) or out from a centre (radial),
// filling the bounds. startPoint and endPoint are in the unit coordinate space of the bounds.

public enum GradientType: String, CaseIterable, Sendable { case axial, radial }

/// What a gradient layer draws at one instant.
public struct GradientContent: Hashable, Sendable {
    public var colors: [Color]
    /// nil spreads the colours evenly, as Core Animation does.
    public var locations: [Double]?
    public var startPoint: Point
    public var endPoint: Point
    public var type: GradientType

    public init(colors: [Color], locations: [Double]? = nil, startPoint: Point = Point(x: 0.5, y: 0),
                endPoint: Point = Point(x: 0.5, y: 1), type: GradientType = .axial) {
        self.colors = colors; self.locations = locations; self.startPoint = startPoint
        self.endPoint = endPoint; self.type = type
    }

    /// Each colour's stop: `locations` when it has one per colour, else evenly spread.
    public var stops: [(location: Double, color: Color)] {
        guard !colors.isEmpty else { return [] }
        if let locations, locations.count == colors.count {
            return zip(locations, colors).map { ($0, $1) }
        }
        if colors.count == 1 { return [(0, colors[0])] }
        return colors.enumerated().map { (Double($0.offset) / Double(colors.count - 1), $0.element) }
    }
}

public final class GradientLayer: Layer {
    public override class var className: String { "CAGradientLayer" }

    /// Lists longer than this are refused by the bindings.
    public static let maximumStops = 1_000

    public var colors: [Color]? {
        didSet { changed(.colors, .list(Self.flatten(oldValue ?? [])), .list(Self.flatten(colors ?? []))) }
    }
    public var locations: [Double]? {
        didSet { changed(.locations, .list(oldValue ?? []), .list(locations ?? [])) }
    }
    public var startPoint = Point(x: 0.5, y: 0) { didSet { changed(.startPoint, .point(oldValue), .point(startPoint)) } }
    public var endPoint = Point(x: 0.5, y: 1) { didSet { changed(.endPoint, .point(oldValue), .point(endPoint)) } }
    public var type = GradientType.axial { didSet { modelVersion &+= 1 } }

    /// Colours as an animation value (`.list`): red, green, blue, alpha four by four.
    public static func flattenColors(_ colors: [Color]) -> [Double] { flatten(colors) }
    static func flatten(_ colors: [Color]) -> [Double] { colors.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] } }
    static func unflatten(_ values: [Double]) -> [Color] {
        stride(from: 0, to: values.count - 3, by: 4).map { Color(red: values[$0], green: values[$0 + 1], blue: values[$0 + 2], alpha: values[$0 + 3]) }
    }

    override func subclassValue(_ property: LayerProperty) -> AnimatableValue? {
        switch property {
        case .colors: return .list(Self.flatten(colors ?? []))
        case .locations: return .list(locations ?? [])
        case .startPoint: return .point(startPoint)
        case .endPoint: return .point(endPoint)
        default: return nil
        }
    }

    override func setSubclassValue(_ property: LayerProperty, _ value: AnimatableValue) {
        switch (property, value) {
        case (.colors, .list(let l)): colors = l.isEmpty && colors == nil ? nil : Self.unflatten(l)
        case (.locations, .list(let l)): locations = l.isEmpty && locations == nil ? nil : l
        case (.startPoint, .point(let p)): startPoint = p
        case (.endPoint, .point(let p)): endPoint = p
        default: break
        }
    }

    override func presentedContent(at time: Double, content: LayerContent) -> LayerContent {
        guard var shownColors = colors, !shownColors.isEmpty else { return content }
        var shownLocations = locations
        if hasAnimations(for: .colors), case .list(let l) = presentationValue(.colors, at: time) { shownColors = Self.unflatten(l) }
        if hasAnimations(for: .locations), case .list(let l) = presentationValue(.locations, at: time) { shownLocations = l }
        func point(_ p: LayerProperty, _ model: Point) -> Point {
            guard hasAnimations(for: p), case .point(let q) = presentationValue(p, at: time) else { return model }
            return q
        }
        return .gradient(GradientContent(colors: shownColors, locations: shownLocations,
                                         startPoint: point(.startPoint, startPoint), endPoint: point(.endPoint, endPoint), type: type))
    }
}
