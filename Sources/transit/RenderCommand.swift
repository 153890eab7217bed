import Foundation
import TransitCore
import TransitLua
import TransitRender

/// `transit render`: runs the file, samples the presentation tree, rasterizes and writes.
func commandRender(_ arguments: ArraySlice<String>) throws -> Int32 {
    let options = try parseOptions(arguments, allowed: ["-o", "--output", "--fps", "--scale", "--scene", "--device", "--ios",
                                                        "--tty", "--unsafe", "--budget", "--memory", "--no-status-bar", "--allow-read"])
    if options.tty && options.output != nil { throw UsageError(message: "give either -o OUT or --tty, not both") }
    if options.tty && !TerminalPlayer.isTerminal(STDOUT_FILENO) {
        throw UsageError(message: "--tty needs a terminal: stdout is not a terminal (use -o out.gif instead)")
    }
    guard let file = options.file else { throw UsageError(message: "missing FILE (see transit --help)") }
    let output = options.output ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent + ".gif"
    let target = options.tty ? nil : try OutputTarget(path: output)

    if target?.format == .filmstrip {
        return try renderFilmstrip(options, target: target!)
    }
    if let target, target.format == .gif || target.format == .directory {
        guard let (world, frameCount) = try renderStreamed(options, to: target) else { return 1 }
        printProblems(world)
        FileHandle.standardError.write(Data("rendered \(frameCount) frame\(frameCount == 1 ? "" : "s") (\(formatNumber(world.now)) s at \(formatNumber(options.fps)) fps) to \(output)\n".utf8))
        return world.problems.isEmpty ? 0 : 1
    }
    // The players and the timeline need every frame's snapshot (and the players every image).
    let (world, runtime, url) = try makeRuntime(options)
    // The window's trees (the timeline and the player's curves read the app's layers) and the
    // screen's (what is drawn: the window with the status bar over it).
    var snapshots: [(time: Double, tree: LayerSnapshot)] = []
    var screens: [LayerSnapshot] = []
    var run = sceneRun(options)
    run.frameInterval = 1 / options.fps
    run.onFrame = { time in
        let tree = world.window.layer.snapshot(at: time)
        snapshots.append((time, tree))
        screens.append(screenFrame(world, at: time, options, window: tree))
    }
    do {
        try runtime.runScene(url, run)
    } catch {
        FileHandle.standardError.write(Data("\(Traceback.forUser(error))\n".utf8))
        return 1
    }
    let rasterizer = Rasterizer(scale: renderScale(options, world), background: Color(white: 0))
    let size = world.screen.bounds.size
    let times = snapshots.map(\.time)
    guard let target else {
        let frames = FramePipeline.render(screens, rasterizer: rasterizer, size: size) { $0.makeImage() }
        try TerminalPlayer(frames: frames, times: times, fps: options.fps, title: url.lastPathComponent).play()
        return 0
    }
    try writing(target) {
        if target.format == .json {
            try target.writeTimeline(samples: snapshots, fps: options.fps, world: world)
        } else {
            let frames = FramePipeline.render(screens, rasterizer: rasterizer, size: size) { $0.makeImage() }
            try target.writePlayer(PlayerDocument(title: url.lastPathComponent, fps: options.fps, frames: frames, times: times,
                                                  snapshots: snapshots.map(\.tree), trace: world.trace.entries))
        }
    }
    printProblems(world)
    FileHandle.standardError.write(Data("rendered \(snapshots.count) frame\(snapshots.count == 1 ? "" : "s") (\(formatNumber(world.now)) s at \(formatNumber(options.fps)) fps) to \(output)\n".utf8))
    return world.problems.isEmpty ? 0 : 1
}

/// A GIF or a directory of PNGs, streamed: frames are rasterized while the scene runs and each is
/// reduced to what the output needs as soon as it is drawn, so memory does not grow with the
/// number of frames (docs/performance/render.md). Nothing is written when the scene fails: a GIF
/// is written beside the target and renamed over it; PNGs go to a directory beside the target
/// and are moved into it once all are written. Returns nil when the scene failed (error printed).
func renderStreamed(_ options: Options, to target: OutputTarget) throws -> (world: World, frames: Int)? {
    var result: (world: World, frames: Int)?
    try writing(target) {
        if target.format == .gif {
            do {
                try AtomicOutput.write(target) { temporary in
                    result = try renderGIF(options, to: temporary)
                    if result == nil { throw SceneFailed() }  // leaves the target as it was
                }
            } catch is SceneFailed {}
            return
        }
        let url = URL(fileURLWithPath: target.path)
        let staging = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent)-transit-\(getpid())")
        defer { try? FileManager.default.removeItem(at: staging) }
        result = try renderPNGs(options, into: staging)
        guard result != nil else { return }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: staging.path).sorted() {
            guard rename(staging.appendingPathComponent(name).path, url.appendingPathComponent(name).path) == 0 else {
                throw OutputError(message: "\(target.path): cannot write \(name) (\(String(cString: strerror(errno))))")
            }
        }
    }
    return result
}

/// The scene failed and said so; nothing is written.
private struct SceneFailed: Error {}

/// One run of the scene with every sampled frame rasterized on the way; nil when the scene
/// raised an error (printed, unless `quiet`).
private func runAndRasterize<Frame: Sendable>(_ options: Options, quiet: Bool = false, keep: @escaping @Sendable (RasterFrame) -> Frame,
                                    deliver: @escaping (Frame) -> Void) throws -> (world: World, frames: Int)? {
    let (world, runtime, url) = try makeRuntime(options)
    // A quiet run repeats one that printed: its log and warnings would print twice.
    if quiet { runtime.output = { _ in }; world.warningHandler = nil }
    let pipeline = FramePipeline(rasterizer: Rasterizer(scale: renderScale(options, world), background: Color(white: 0)),
                                 size: world.screen.bounds.size, keep: keep, deliver: deliver)
    var frames = 0
    var run = sceneRun(options)
    run.frameInterval = 1 / options.fps
    run.onFrame = { time in
        pipeline.submit(screenFrame(world, at: time, options))
        frames += 1
    }
    do {
        try runtime.runScene(url, run)
    } catch {
        _ = pipeline.finish()
        if !quiet { FileHandle.standardError.write(Data("\(Traceback.forUser(error))\n".utf8)) }
        return nil
    }
    _ = pipeline.finish()
    return (world, frames)
}

/// Two runs of the (deterministic) scene. The first counts every frame's colours into one
/// histogram, keeping nothing else; the palette is built from it; the second maps each frame to
/// that palette on the workers and writes it to the file as soon as the frames before it are
/// written. Same palette, same frames, same bytes as `GIFEncoder.encode` of all frames at once.
func renderGIF(_ options: Options, to target: OutputTarget, quiet: Bool = false) throws -> (world: World, frames: Int)? {
    var histogram = ColourHistogram()
    guard let counted = try runAndRasterize(options, quiet: quiet, keep: { frame -> ColourHistogram in
        var frameHistogram = ColourHistogram()
        frameHistogram.add(frame)
        return frameHistogram
    }, deliver: { histogram.add($0) }) else { return nil }
    guard counted.frames > 0 else { throw OutputError(message: "nothing to render: the scene produced no frames") }

    let palette = Palette(histogram: histogram)
    let delays = GIFEncoder.frameDelays(count: counted.frames, fps: options.fps)
    let pixels = Rasterizer(scale: renderScale(options, counted.world)).pixelSize(of: counted.world.screen.bounds.size)
    let writer = try GIFWriter(width: pixels.width, height: pixels.height, palette: palette, output: GIFOutput.file(target.path))
    var written = 0
    var failure: Error?
    let progress = ProgressReporter(total: quiet ? 0 : counted.frames, label: "rendering")
    defer { progress.finish() }
    guard try runAndRasterize(options, quiet: true, keep: { frame -> [UInt8] in
        var indices: [UInt8] = []
        palette.indices(for: frame, into: &indices)
        return indices
    }, deliver: { indices in
        guard failure == nil else { return }
        do {
            guard written < delays.count else { throw OutputError(message: "the scene ran differently the second time (it must be deterministic)") }
            try writer.add(indices: indices, delayInCentiseconds: delays[written])
            written += 1
            progress.advance()
        } catch {
            failure = error
        }
    }) != nil else { throw OutputError(message: "the scene failed when run a second time") }
    if let failure { throw failure }
    guard written == counted.frames else { throw OutputError(message: "the scene ran differently the second time (it must be deterministic)") }
    try writer.finish()
    return counted
}

/// frame-0000.png, ...: each PNG is encoded on the worker that drew it and written in order.
func renderPNGs(_ options: Options, into directory: URL) throws -> (world: World, frames: Int)? {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var written = 0
    var failure: Error?
    guard let result = try runAndRasterize(options, keep: { frame in Result { try PNGEncoder.encode(frame.makeImage()) } }, deliver: { png in
        guard failure == nil else { return }
        do {
            let name = String(format: "frame-%04d.png", written)
            try Data(png.get()).write(to: directory.appendingPathComponent(name))
            written += 1
        } catch {
            failure = error
        }
    }) else { return nil }
    if let failure { throw failure }
    guard result.frames > 0 else { throw OutputError(message: "nothing to render: the scene produced no frames") }
    return result
}

func renderScale(_ options: Options, _ world: World) -> Double {
    options.deviceScale ? world.screen.scale : (options.scale ?? 1)
}

/// The filmstrip: a first run finds the transitions, a second (identical, the simulation is
/// deterministic) samples each at 0, 25, 50, 75 and 100 % of its span.
/// `readFiles` receives the files the runs read (watch follows them).
func renderFilmstrip(_ options: Options, target: OutputTarget, readFiles: ([URL]) -> Void = { _ in }) throws -> Int32 {
    let (firstWorld, firstRuntime, url) = try makeRuntime(options)
    firstRuntime.output = { _ in }  // the second run prints the log and the warnings
    firstWorld.warningHandler = nil
    defer { readFiles(firstRuntime.loadedFiles) }
    do { try firstRuntime.runScene(url, sceneRun(options)) } catch {
        FileHandle.standardError.write(Data("\(Traceback.forUser(error))\n".utf8))
        return 1
    }
    let fractions = [0.0, 0.25, 0.5, 0.75, 1.0]
    var rows: [(title: String, times: [Double])] = firstWorld.transitionHistory.compactMap { record in
        guard let end = record.end else { return nil }
        return (record.phase, fractions.map { record.start + (end - record.start) * $0 })
    }
    if rows.isEmpty { rows = [("scene", fractions.map { firstWorld.now * $0 })] }
    let (world, runtime, _) = try makeRuntime(options)
    var snapshots: [Double: LayerSnapshot] = [:]
    var run = sceneRun(options)
    run.sampleTimes = Array(Set(rows.flatMap(\.times))).sorted()
    run.onFrame = { time in snapshots[time] = screenFrame(world, at: time, options) }
    try runtime.runScene(url, run)
    let rasterizer = Rasterizer(scale: renderScale(options, world), background: Color(white: 0))
    let size = world.screen.bounds.size
    let ordered = run.sampleTimes
    let images = renderFrames(ordered.map { snapshots[$0] ?? screenFrame(world, at: $0, options) }, rasterizer: rasterizer, size: size)
    let imageAt = Dictionary(uniqueKeysWithValues: zip(ordered, images))
    let sheetRows = rows.map { row in
        (title: row.title, cells: zip(row.times, fractions).map { time, fraction in
            (label: "t=\(String(format: "%.3f", time))s \(Int(fraction * 100))%", image: imageAt[time]!)
        })
    }
    try writing(target) { try target.writeFilmstrip(Filmstrip.compose(rows: sheetRows, scale: 1)) }
    printProblems(world)
    FileHandle.standardError.write(Data("rendered a filmstrip of \(rows.count) row\(rows.count == 1 ? "" : "s") (\(rows.map(\.title).joined(separator: ", "))) to \(target.path)\n".utf8))
    return world.problems.isEmpty ? 0 : 1
}

/// A failed write (a full disk, a path that is not writable after all) is a usage error with
/// one line, like the checks made before rendering.
func writing(_ target: OutputTarget, _ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as OutputError {
        throw error
    } catch {
        throw OutputError(message: "\(target.path): cannot write: \((error as NSError).localizedDescription)")
    }
}

