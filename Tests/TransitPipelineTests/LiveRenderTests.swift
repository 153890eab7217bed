import Foundation
import Testing
@testable import TransitCore
@testable import TransitPipeline
@testable import TransitRender

/// What a live reload promises (watch --serve / --tty): every frame drawn once, the one nearest
/// the viewer's playhead first and then outward, the same pixels a plain render draws, and a
/// cancel that stops it.
@Suite struct LiveRenderTests {
    final class Recorder: @unchecked Sendable {
        let lock = NSLock()
        var frames: [(index: Int, time: Double, png: [UInt8])] = []
        var ending: LiveRender.Ending?
        var sceneEndedWithFrames = -1
        let sceneEnded = DispatchSemaphore(value: 0)
        func add(_ index: Int, _ time: Double, _ png: [UInt8]) { lock.lock(); frames.append((index, time, png)); lock.unlock() }
        var all: [(index: Int, time: Double, png: [UInt8])] { lock.lock(); defer { lock.unlock() }; return frames }
    }

    /// Runs `file` live with one worker that holds its first frame until the scene has ended,
    /// so that every other frame is waiting when the worker picks again: from then on the order
    /// is the policy's alone, not the threads'.
    /// (A scene that fails or is cancelled never ends: then nothing is held.)
    func live(_ configuration: RunConfiguration, playhead: Double?, holdFirst: Bool = true, cancelAfterFirst: Bool = false) -> Recorder {
        let recorder = Recorder()
        var callbacks = LiveRender.Callbacks()
        final class Holder: @unchecked Sendable { let lock = NSLock(); var render: LiveRender? }
        let holder = Holder()
        callbacks.frame = { index, time, kept in
            let first = recorder.all.isEmpty
            recorder.add(index, time, kept as? [UInt8] ?? [])
            if first && cancelAfterFirst { holder.lock.lock(); holder.render?.cancel(); holder.lock.unlock() }
            if first && holdFirst { recorder.sceneEnded.wait() }
        }
        callbacks.sceneEnded = { _, times, _ in
            recorder.sceneEndedWithFrames = times.count
            recorder.sceneEnded.signal()
        }
        callbacks.ended = { ending in recorder.ending = ending }
        let made = LiveRender(configuration, workers: 1, keep: { (try? PNGEncoder.encode($0)) ?? [] }, playhead: { playhead }, callbacks: callbacks)
        holder.lock.lock(); holder.render = made; holder.lock.unlock()
        made.start()
        made.waitUntilEnded()
        return recorder
    }

    @Test(.timeLimit(.minutes(1))) func framesAreDrawnOnceNearestThePlayheadFirstAndEqualARender() throws {
        let directory = try RenderJobTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = RenderJobTests.configuration(directory, "fade.lua")
        let playhead = 0.95
        let recorder = live(configuration, playhead: playhead)
        guard case .completed(let completion)? = recorder.ending else { Issue.record("\(String(describing: recorder.ending))"); return }
        let frames = recorder.all
        #expect(frames.count == completion.times.count && recorder.sceneEndedWithFrames == frames.count)
        #expect(Set(frames.map(\.index)) == Set(0..<frames.count))  // each once
        // After the first (taken while the scene ran), nearest the playhead first, then outward.
        let distances = frames.dropFirst().map { abs($0.time - playhead) }
        #expect(distances == distances.sorted(), "\(frames.map(\.index))")
        // The first frame drawn is whichever was nearest among those the scene had reached then.
        let nearest = completion.times.enumerated().filter { $0.offset != frames[0].index }
            .min { abs($0.element - playhead) < abs($1.element - playhead) }!.offset
        #expect(frames[1].index == nearest)

        // The pixels are a plain render's.
        let collector = FrameCollector()
        try RenderJob.run(configuration, format: collector, to: nil, progress: false)
        for frame in frames {
            #expect(frame.png == (try PNGEncoder.encode(collector.images[frame.index])), "frame \(frame.index)")
        }
    }

    @Test(.timeLimit(.minutes(1))) func withoutAPlayheadFramesGoInOrder() throws {
        let directory = try RenderJobTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = live(RenderJobTests.configuration(directory, "fade.lua"), playhead: nil)
        #expect(recorder.all.map(\.index) == Array(0..<recorder.all.count))
    }

    @Test(.timeLimit(.minutes(1))) func aCancelledReloadStopsAndSaysSo() throws {
        let directory = try RenderJobTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = live(RenderJobTests.configuration(directory, "fade.lua"), playhead: nil, holdFirst: false, cancelAfterFirst: true)
        guard case .cancelled? = recorder.ending else { Issue.record("\(String(describing: recorder.ending))"); return }
        // The worker picks again only if the cancel had not come: at most the frame it was
        // drawing and none after it.
        #expect(recorder.all.count == 1)
    }

    @Test(.timeLimit(.minutes(1))) func aScriptErrorFails() throws {
        let directory = try RenderJobTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = live(RenderJobTests.configuration(directory, "broken.lua"), playhead: nil, holdFirst: false)
        guard case .failed(let error)? = recorder.ending else { Issue.record("\(String(describing: recorder.ending))"); return }
        #expect("\(error)".contains("broken on purpose"))
    }

    /// The pick: nearest in time, the earlier of two equally near, ends clamp.
    @Test func theNearestPendingFrame() {
        let snapshot = LayerSnapshot()
        let pending = [0.0, 0.1, 0.2, 0.3].enumerated().map { (index: $0.offset, time: $0.element, snapshot: snapshot) }
        #expect(LiveRender.nearest(to: nil, in: pending) == 0)
        #expect(LiveRender.nearest(to: 0.14, in: pending) == 1)
        #expect(LiveRender.nearest(to: 0.15, in: pending) == 1)
        #expect(LiveRender.nearest(to: 0.16, in: pending) == 2)
        #expect(LiveRender.nearest(to: -5, in: pending) == 0)
        #expect(LiveRender.nearest(to: 9, in: pending) == 3)
    }
}
