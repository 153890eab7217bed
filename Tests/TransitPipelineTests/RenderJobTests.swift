import Foundation
import Testing
@testable import TransitCore
@testable import TransitPipeline
@testable import TransitRender

/// The run pipeline: every format through one job, written atomically, the same bytes however
/// it is reached.
@Suite struct RenderJobTests {
    /// A directory with a short effect file (a 0.3 s fade in the default scene) and `broken.lua`.
    static func workspace() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("""
            local Fade = NSObject:subclass("Fade")
            function Fade:transitionDuration(ctx) return 0.3 end
            function Fade:animateTransition(ctx)
              local to = ctx:view("to")
              if to then ctx.containerView:addSubview(to) to.alpha = 0 end
              UIView.animate(0.3, function() if to then to.alpha = 1 end local from = ctx:view("from") if from and not to then from.alpha = 0 end end,
                function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
            end
            return Fade
            """.utf8).write(to: directory.appendingPathComponent("fade.lua"))
        try Data("transit.wait(0.2)\nerror('broken on purpose')\n".utf8).write(to: directory.appendingPathComponent("broken.lua"))
        return directory
    }

    static func configuration(_ directory: URL, _ name: String) -> RunConfiguration {
        var configuration = RunConfiguration(file: directory.appendingPathComponent(name))
        configuration.fps = 10
        return configuration
    }

    @Test func theStreamedGIFIsTheSameBytesAsTheOneEncodedFromFramesInMemory() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let streamed = directory.appendingPathComponent("streamed.gif").path, memory = directory.appendingPathComponent("memory.gif").path
        try RenderJob.run(Self.configuration(directory, "fade.lua"), format: GIFFormat(), to: streamed, progress: false)
        try RenderJob.run(Self.configuration(directory, "fade.lua"), format: InMemoryGIFFormat(), to: memory, progress: false)
        let a = try Data(contentsOf: URL(fileURLWithPath: streamed)), b = try Data(contentsOf: URL(fileURLWithPath: memory))
        #expect(!a.isEmpty)
        #expect(a == b)
        // And the same bytes run after run.
        try RenderJob.run(Self.configuration(directory, "fade.lua"), format: GIFFormat(), to: streamed, progress: false)
        #expect(try Data(contentsOf: URL(fileURLWithPath: streamed)) == a)
    }

    /// A GIF draws each frame once: the scene runs one time, and the palette and the mapping
    /// read the colour runs that run kept (issue: every GIF used to run and rasterise twice).
    @Test func aGIFRunsTheSceneOnce() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        var runs = 0
        let outcome = try RenderJob.run(Self.configuration(directory, "fade.lua"), format: GIFFormat(),
                                        to: directory.appendingPathComponent("once.gif").path, progress: false,
                                        prepare: { _, _ in runs += 1 })
        #expect(runs == 1)
        #expect(outcome.frames > 1)
    }

    /// A run that fails leaves the output that was there untouched, whatever the format, and
    /// leaves no temporary file beside it.
    @Test(arguments: ["out.gif", "out.png", "out.html", "out.json", "frames"])
    func aFailedRunLeavesTheLastGoodOutputAndNoTemporaryFile(name: String) throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(name).path
        try RenderJob.run(Self.configuration(directory, "fade.lua"), format: try OutputFormats.format(forPath: path), to: path, progress: false)
        let before = try snapshot(path)
        #expect(!before.isEmpty)
        #expect(throws: PipelineError.self) {
            try RenderJob.run(Self.configuration(directory, "broken.lua"), format: try OutputFormats.format(forPath: path), to: path, progress: false)
        }
        #expect(try snapshot(path) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func aScriptsErrorComesBackAsScriptFailedWithItsMessage() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try RenderJob.run(Self.configuration(directory, "broken.lua"), format: FrameCollector(), to: nil, progress: false)
            Issue.record("expected the scene's error")
        } catch PipelineError.scriptFailed(let error) {
            #expect("\(error)".contains("broken.lua:2: broken on purpose"))
        }
    }

    @Test func anUnknownOutputTypeNamesEverySupportedOne() throws {
        do {
            _ = try OutputFormats.format(forPath: "/tmp/out.avi")
            Issue.record("expected an error")
        } catch let error as PipelineError {
            #expect(error.isUsage)
            for ext in OutputFormats.supportedExtensions { #expect(error.description.contains("." + ext), "\(error)") }
        }
        #expect(throws: PipelineError.self) { _ = try OutputFormats.format(forPath: "/no/such/directory/out.gif") }
    }

    /// The timeline samples every frame at the configured rate and draws none; the player and
    /// the collector keep one image per sampled time.
    @Test func formatsSeeEverySampledFrameInOrder() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let frames = FrameCollector()
        let outcome = try RenderJob.run(Self.configuration(directory, "fade.lua"), format: frames, to: nil, progress: false)
        #expect(frames.images.count == outcome.frames)
        #expect(frames.times == frames.times.sorted())
        #expect(zip(frames.times, frames.times.dropFirst()).allSatisfy { abs(($1 - $0) - 0.1) < 1e-9 })
        let timeline = FrameCollector(rasterizes: false)
        try RenderJob.run(Self.configuration(directory, "fade.lua"), format: timeline, to: nil, progress: false)
        #expect(timeline.images.isEmpty)
        #expect(timeline.times == frames.times)
    }

    /// The filmstrip's first pass finds the transitions; its second samples each at five points.
    @Test func theFilmstripSamplesEachPhaseAtFivePoints() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let filmstrip = FilmstripFormat()
        let path = directory.appendingPathComponent("strip.png").path
        try RenderJob.run(Self.configuration(directory, "fade.lua"), format: filmstrip, to: path, progress: false)
        #expect(filmstrip.rows.map(\.title) == ["present", "dismiss"])
        #expect(filmstrip.rows.allSatisfy { $0.times.count == 5 })
        let image = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(image.width > 0 && image.height > 0)
    }
}

/// The bytes of a file, or of every file in a directory (sorted by name).
private func snapshot(_ path: String) throws -> [String: Data] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [:] }
    if !isDirectory.boolValue { return [path: try Data(contentsOf: URL(fileURLWithPath: path))] }
    var result: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: path) {
        result[name] = try Data(contentsOf: URL(fileURLWithPath: path).appendingPathComponent(name))
    }
    return result
}

/// An HTML player carrying one video stream (render --player-frames, watch --serve): the
/// payload the page (or the live server) reads has the stream and the frame times, no PNGs.
@Suite struct PlayerVideoTests {
    @Test(arguments: ["webm", "mp4"])
    func aVideoPlayerCarriesOneStreamAndEveryFramesTime(codec: String) throws {
        let directory = try RenderJobTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let player = PlayerFormat(video: codec)
        let outcome = try RenderJob.run(RenderJobTests.configuration(directory, "fade.lua"), format: player, to: nil, progress: false)
        let document = player.playerDocument(outcome.session)
        #expect(document.frames.isEmpty)
        #expect(document.times.count == outcome.frames)
        let payload = try PlayerPayload.json(document)
        #expect(payload.contains("\"video\":\"data:video/\(codec);base64,"))
        #expect(payload.contains("\"frameCount\":\(outcome.frames)"))
        #expect(!payload.contains("data:image/png"))
        // Beside the page instead (the gallery's way): the page names the file.
        let beside = PlayerFormat(video: codec, videoFile: directory.appendingPathComponent("fade.\(codec)").path)
        let page = directory.appendingPathComponent("fade.html").path
        try RenderJob.run(RenderJobTests.configuration(directory, "fade.lua"), format: beside, to: page, progress: false)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("\"video\":\"fade.\(codec)\""))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("fade.\(codec)").path))
    }
}
