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
        let made = LiveRender(configuration, workers: 1, keep: { (try? PNGEncoder.encode($0)) ?? [] }, playhead: { playhead.map(Playhead.still) }, callbacks: callbacks)
        holder.lock.lock(); holder.render = made; holder.lock.unlock()
        made.start()
        made.waitUntilEnded()
        return recorder
    }

    /// Each live frame's PNG is the one of a plain render's frame at its index.
    func expectAPlainRendersPixels(_ frames: [(index: Int, time: Double, png: [UInt8])], _ configuration: RunConfiguration) throws {
        let collector = FrameCollector()
        try RenderJob.run(configuration, format: collector, to: nil, progress: false)
        for frame in frames {
            #expect(frame.png == (try PNGEncoder.encode(collector.images[frame.index])), "frame \(frame.index)")
        }
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

        try expectAPlainRendersPixels(frames, configuration)
    }

    /// A viewer looking at a later time: the scene steps past the frames before it without
    /// their trees, draws the viewer's first, and a second run of the same bytes draws the rest;
    /// the reload's trees and pixels are a plain run's, every frame once.
    @Test(.timeLimit(.minutes(1))) func framesBehindTheViewerAreSteppedPastAndDrawnByASecondRun() throws {
        let directory = try RenderJobTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = RenderJobTests.configuration(directory, "fade.lua")
        let recorder = live(configuration, playhead: 0.95)
        guard case .completed(let completion)? = recorder.ending else { Issue.record("\(String(describing: recorder.ending))"); return }
        let interval = 1 / configuration.fps
        #expect(completion.steppedPast == completion.times.firstIndex { $0 >= 0.95 - interval * 0.999 })
        #expect(completion.steppedPast > 0)
        let frames = recorder.all
        #expect(abs(frames[0].time - 0.95) <= interval)
        #expect(frames.map(\.index).sorted() == Array(0..<completion.times.count))

        let plain = try SceneSession(configuration, quiet: true)
        var times: [Double] = [], windows: [LayerSnapshot] = []
        try plain.run(sampling: .everyFrame, onFrame: { time, window in times.append(time); windows.append(window) })
        #expect(completion.times == times)
        #expect(completion.windows == windows)
        try expectAPlainRendersPixels(frames, configuration)
    }

    /// Nothing looked at: nothing is stepped past.
    @Test(.timeLimit(.minutes(1))) func withoutAPlayheadNothingIsSteppedPast() throws {
        let directory = try RenderJobTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = live(RenderJobTests.configuration(directory, "fade.lua"), playhead: nil)
        guard case .completed(let completion)? = recorder.ending else { Issue.record("\(String(describing: recorder.ending))"); return }
        #expect(completion.steppedPast == 0)
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

    /// A playing viewer: the first frame it will reach from where it will be, the one on screen
    /// then included; none behind it while the scene may still reach one ahead; once the scene is
    /// done, a looping viewer comes round to the first, one that stops rests on the last.
    @Test func theFrameAPlayingViewerWillReach() {
        let snapshot = LayerSnapshot()
        let pending = [0.0, 0.1, 0.2, 0.3].enumerated().map { (index: $0.offset, time: $0.element, snapshot: snapshot) }
        let looping = Playhead(time: 0, at: 0, rate: 1, loop: 0.4)
        let stopping = Playhead(time: 0, at: 0, rate: 1)
        // 0.14 is inside frame 1's tenth of a second: frame 1 is on screen then.
        #expect(LiveRender.pick(for: looping, at: 0.14, in: pending, interval: 0.1, sceneDone: false) == 1)
        #expect(LiveRender.pick(for: looping, at: 0.2, in: pending, interval: 0.1, sceneDone: false) == 2)
        #expect(LiveRender.pick(for: looping, at: 0.35, in: pending, interval: 0.1, sceneDone: false) == 3)
        #expect(LiveRender.pick(for: looping, at: 0.45, in: pending, interval: 0.1, sceneDone: false) == nil)
        #expect(LiveRender.pick(for: looping, at: 0.45, in: pending, interval: 0.1, sceneDone: true) == 0)
        #expect(LiveRender.pick(for: stopping, at: 0.45, in: pending, interval: 0.1, sceneDone: true) == 3)
        // Standing still: nearest, but not before the scene reached the time looked at.
        let still = Playhead.still(0.14)
        #expect(LiveRender.pick(for: still, at: 0.14, in: pending, interval: 0.1, sceneDone: false) == 1)
        #expect(LiveRender.pick(for: still, at: 0.9, in: pending, interval: 0.1, sceneDone: false) == nil)
        #expect(LiveRender.pick(for: still, at: 0.9, in: pending, interval: 0.1, sceneDone: true) == 3)
        #expect(LiveRender.pick(for: nil, at: nil, in: pending, interval: 0.1, sceneDone: false) == 0)
    }

    /// Where a viewer will be: carried forward by its rate, wrapped into its loop; a paused one stays.
    @Test func aPlayheadMovesAtItsRateAndWraps() {
        let playing = Playhead(time: 0.3, at: 10, rate: 0.5, loop: 1)
        #expect(abs(playing.time(at: 10.4) - 0.5) < 1e-9)
        #expect(abs(playing.time(at: 12) - 0.3) < 1e-9)   // 0.3 + 1.0, wrapped at 1
        #expect(Playhead(time: 0.3, at: 10).time(at: 99) == 0.3)
        #expect(Playhead(time: 0.3, at: 10, rate: 1).time(at: 12) == 2.3)   // no loop: not wrapped
        #expect(Playhead(time: .nan, at: 0, rate: .infinity).isPlaying == false)
    }
}
