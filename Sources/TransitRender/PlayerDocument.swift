import TransitCore

/// Everything the HTML player shows of one run: the rendered frames (as images, or as one video
/// stream), the presentation tree each was rendered from (for the curves panel), and the trace
/// (highlighted as time passes).
public struct PlayerDocument: Sendable {
    public var title: String
    public var fps: Double
    /// The frames as images; empty when `video` carries them.
    public var frames: [RasterImage]
    /// Each frame's time (with a video: the frames the stream holds, one per interval).
    public var times: [Double]
    public var snapshots: [LayerSnapshot]
    public var trace: [TraceEntry]
    public var video: PlayerVideo?

    public init(title: String, fps: Double, frames: [RasterImage], times: [Double], snapshots: [LayerSnapshot], trace: [TraceEntry],
                video: PlayerVideo? = nil) {
        self.title = title
        self.fps = fps
        self.frames = frames
        self.times = times
        self.snapshots = snapshots
        self.trace = trace
        self.video = video
    }

    /// How many frames the player steps through.
    var frameCount: Int { video == nil ? frames.count : times.count }
}

/// The frames as one encoded stream (`render -o x.html --player-frames webm`): the page seeks
/// it to each frame's time instead of swapping images, so a player is the size of a video.
public struct PlayerVideo: Sendable {
    public enum Source: Sendable {
        /// In the page, as a data URI (a player that is one file).
        case embedded([UInt8])
        /// A file the page names by a relative URL (the gallery: each video stored once, beside
        /// the page and shown by the index card too).
        case file(String)
    }
    /// "video/webm", "video/mp4".
    public var mimeType: String
    public var source: Source
    public var width: Int
    public var height: Int

    public init(mimeType: String, source: Source, width: Int, height: Int) {
        self.mimeType = mimeType
        self.source = source
        self.width = width
        self.height = height
    }
}
