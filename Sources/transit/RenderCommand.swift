import Foundation
import TransitCore
import TransitLua
import TransitRender

/// `transit render`: runs the file, samples the presentation tree, rasterizes and writes.
func commandRender(_ arguments: ArraySlice<String>) throws -> Int32 {
    let options = try parseOptions(arguments, allowed: ["-o", "--output", "--fps", "--scale", "--scene", "--device", "--ios",
                                                        "--tty", "--unsafe", "--budget", "--memory"])
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
    let (world, runtime, url) = try makeRuntime(options)
    var snapshots: [(time: Double, tree: LayerSnapshot)] = []
    var run = sceneRun(options)
    run.frameInterval = 1 / options.fps
    run.onFrame = { time in snapshots.append((time, world.window.layer.snapshot(at: time))) }
    do {
        try runtime.runScene(url, run)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        return 1
    }
    let rasterizer = Rasterizer(scale: renderScale(options, world), background: Color(white: 0))
    let frames = renderFrames(snapshots.map(\.tree), rasterizer: rasterizer, size: world.screen.bounds.size)
    let times = snapshots.map(\.time)
    if options.tty {
        try TerminalPlayer(frames: frames, times: times, fps: options.fps, title: url.lastPathComponent).play()
        return 0
    }
    try writing(target!) {
        if target!.format == .json {
            try target!.writeTimeline(samples: snapshots, fps: options.fps, world: world)
        } else if target!.format == .html {
            try target!.writePlayer(PlayerDocument(title: url.lastPathComponent, fps: options.fps, frames: frames, times: times,
                                                   snapshots: snapshots.map(\.tree), trace: world.trace.entries))
        } else {
            try target!.write(frames: frames, times: times, fps: options.fps, trace: world.trace.lines, title: url.lastPathComponent)
        }
    }
    printProblems(world)
    FileHandle.standardError.write(Data("rendered \(frames.count) frame\(frames.count == 1 ? "" : "s") (\(formatNumber(world.now)) s at \(formatNumber(options.fps)) fps) to \(output)\n".utf8))
    return world.problems.isEmpty ? 0 : 1
}

func renderScale(_ options: Options, _ world: World) -> Double {
    options.deviceScale ? world.screen.scale : (options.scale ?? 1)
}

/// The filmstrip: a first run finds the transitions, a second (identical, the simulation is
/// deterministic) samples each at 0, 25, 50, 75 and 100 % of its span.
/// `readFiles` receives the files the runs read (watch follows them).
func renderFilmstrip(_ options: Options, target: OutputTarget, readFiles: ([URL]) -> Void = { _ in }) throws -> Int32 {
    let (firstWorld, firstRuntime, url) = try makeRuntime(options)
    firstRuntime.output = { _ in }  // the second run prints the log
    defer { readFiles(firstRuntime.loadedFiles) }
    do { try firstRuntime.runScene(url, sceneRun(options)) } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
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
    run.onFrame = { time in snapshots[time] = world.window.layer.snapshot(at: time) }
    try runtime.runScene(url, run)
    let rasterizer = Rasterizer(scale: renderScale(options, world), background: Color(white: 0))
    let size = world.screen.bounds.size
    let ordered = run.sampleTimes
    let images = renderFrames(ordered.map { snapshots[$0] ?? world.window.layer.snapshot(at: $0) }, rasterizer: rasterizer, size: size)
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
