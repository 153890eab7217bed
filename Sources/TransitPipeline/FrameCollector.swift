import Foundation
import TransitCore
import TransitRender

/// Every frame in memory: the images, their times and the window's trees, for what shows them
/// all at once (the terminal player, the live server, the HTML player). Writes nothing itself.
public class FrameCollector: OutputFormat {
    public internal(set) var images: [RasterImage] = []
    public internal(set) var times: [Double] = []
    public internal(set) var windows: [LayerSnapshot] = []
    /// Whether frames are drawn (a timeline needs only the trees).
    let rasterizes: Bool

    public init(rasterizes: Bool = true) { self.rasterizes = rasterizes }

    public func keeper(forPass pass: Int) -> (@Sendable (RasterFrame) -> any Sendable)? {
        guard rasterizes else { return nil }
        return { frame in frame.makeImage() }
    }

    public func begin(pass: Int, session: SceneSession, destination: URL?) throws {}

    public func frame(_ frame: SampledFrame, pass: Int) throws {
        if let image = frame.kept as? RasterImage { images.append(image) }
        times.append(frame.time)
        windows.append(frame.window)
    }

    public func end(pass: Int, session: SceneSession, destination: URL?) throws {}

    /// What the HTML player shows of this run.
    public func playerDocument(_ session: SceneSession) -> PlayerDocument {
        PlayerDocument(title: session.title, fps: session.configuration.fps, frames: images, times: times,
                       snapshots: windows, trace: session.world.trace.entries)
    }
}
