import TransitCore

/// Everything the HTML player shows of one run: the rendered frames, the presentation tree
/// each was rendered from (for the curves panel), and the trace (highlighted as time passes).
public struct PlayerDocument: Sendable {
    public var title: String
    public var fps: Double
    public var frames: [RasterImage]
    public var times: [Double]
    public var snapshots: [LayerSnapshot]
    public var trace: [TraceEntry]

    public init(title: String, fps: Double, frames: [RasterImage], times: [Double], snapshots: [LayerSnapshot], trace: [TraceEntry]) {
        self.title = title
        self.fps = fps
        self.frames = frames
        self.times = times
        self.snapshots = snapshots
        self.trace = trace
    }
}
