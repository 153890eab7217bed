import Foundation
import TransitCore
import TransitRender

/// Rasterizes frames while the simulation is still producing them: each snapshot is handed to
/// a worker as soon as it is taken, so on two cores the first frame is out a few milliseconds
/// after the scene reaches it, and the last one shortly after the scene ends. Snapshots are
/// immutable values, so workers never see the world change under them.
final class FramePipeline: @unchecked Sendable {
    private let rasterizer: Rasterizer
    private let size: Size
    private let queue = DispatchQueue(label: "transit.frames", attributes: .concurrent)
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var images: [RasterImage?] = []
    private var firstFrameTime: Double?
    /// Frames waiting or being drawn are bounded, so a long scene cannot queue every snapshot.
    private let slots = DispatchSemaphore(value: 2 * ProcessInfo.processInfo.activeProcessorCount + 2)

    init(rasterizer: Rasterizer, size: Size) {
        self.rasterizer = rasterizer
        self.size = size
    }

    /// Queues a snapshot; frames keep the order they were submitted in.
    func submit(_ snapshot: LayerSnapshot) {
        lock.lock()
        let index = images.count
        images.append(nil)
        lock.unlock()
        slots.wait()
        queue.async(group: group) { [self] in
            let image = rasterizer.render(snapshot, size: size)
            lock.lock()
            images[index] = image
            if index == 0 { firstFrameTime = MonotonicClock.seconds() }
            lock.unlock()
            slots.signal()
        }
    }

    /// Waits for every queued frame; returns them in order with the monotonic time the first
    /// one was finished.
    func finish() -> (frames: [RasterImage], firstFrameTime: Double?) {
        group.wait()
        lock.lock()
        defer { lock.unlock() }
        return (images.map { $0! }, firstFrameTime)
    }
}
