import Foundation
import TransitCore
import TransitRender

/// Rasterizes frames on worker threads as snapshots are submitted — while the simulation is still
/// producing them, so on two cores the first frame is out a few milliseconds after the scene
/// reaches it, and the last one shortly after the scene ends. Snapshots are immutable values, so
/// workers never see the world change under them.
///
/// Each frame goes through `keep` on its worker, straight from the rasterizer's buffer, and only
/// what `keep` returns lives on: the image (`makeImage()`) for the players, a colour histogram or a frame's palette indices for a GIF, a PNG's
/// bytes. Then either every kept frame is returned by `finish()` in order, or — with `deliver` —
/// each is handed over in order, on the submitting thread, as soon as it and the frames before it
/// are done, and dropped. At most 2 × cores + 2 frames are queued, being drawn or waiting to be
/// delivered, so a long scene never piles up frames (docs/performance/render.md).
public final class FrameStream<Frame: Sendable>: @unchecked Sendable {
    private let rasterizer: Rasterizer
    private let size: Size
    private let keep: @Sendable (RasterFrame) -> Frame
    private let deliver: ((Frame) -> Void)?
    private let progress: ProgressReporter?
    private let queue = DispatchQueue(label: "transit.frames", attributes: .concurrent)
    private let window = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
    /// Guards `finished` and `firstFrameTime`, and wakes the submitting thread when a frame is done.
    private let condition = NSCondition()
    private var finished: [Int: Frame] = [:]
    private var firstFrameTime: Double?
    // Touched only by the submitting thread.
    private var submitted = 0
    private var delivered = 0
    private var kept: [Frame] = []

    public init(rasterizer: Rasterizer, size: Size, progress: ProgressReporter? = nil,
         keep: @escaping @Sendable (RasterFrame) -> Frame, deliver: ((Frame) -> Void)? = nil) {
        self.rasterizer = rasterizer
        self.size = size
        self.progress = progress
        self.keep = keep
        self.deliver = deliver
    }

    /// Queues a snapshot (waiting first if the window is full); frames keep the order they were
    /// submitted in.
    public func submit(_ snapshot: LayerSnapshot) {
        handOver(whileMoreThan: window - 1)
        let index = submitted
        submitted += 1
        queue.async { [self] in
            let frame = rasterizer.render(snapshot, size: size, reading: keep)
            condition.lock()
            finished[index] = frame
            if index == 0 { firstFrameTime = MonotonicClock.seconds() }
            condition.signal()
            condition.unlock()
            progress?.advance()
        }
    }

    /// Waits for every queued frame. Returns the kept frames in order (empty with `deliver`, which
    /// has had them all) and the monotonic time the first one was finished.
    @discardableResult
    public func finish() -> (frames: [Frame], firstFrameTime: Double?) {
        handOver(whileMoreThan: 0)
        progress?.finish()
        condition.lock()
        defer { condition.unlock() }
        let frames = kept
        kept = []
        return (frames, firstFrameTime)
    }

    /// Hands over finished frames in order; waits while more than `limit` are not handed over.
    private func handOver(whileMoreThan limit: Int) {
        while true {
            condition.lock()
            while submitted - delivered > limit && finished[delivered] == nil { condition.wait() }
            guard let frame = finished.removeValue(forKey: delivered) else {
                condition.unlock()
                return
            }
            condition.unlock()
            delivered += 1
            if let deliver { deliver(frame) } else { kept.append(frame) }
        }
    }
}
