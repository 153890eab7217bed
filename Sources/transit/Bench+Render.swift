import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TransitCore
import TransitLua
import TransitPipeline
import TransitRender

/// `transit bench`: the render figures. One frame rasterized, the default scene to a GIF end to
/// end, and how peak memory grows with the number of frames (docs/performance/render.md).
func benchRender(_ rounds: Int) throws -> [BenchFigure] {
    guard let scene = LuaRuntime.defaultScriptsDirectory?.appendingPathComponent("scenes/default.lua").path else {
        throw BenchError.noScriptsDirectory
    }
    // Memory first: the children's peaks are read before this process has grown (see childPeakMiB).
    let memory = try benchRenderMemory()
    return [try benchRenderFrame(rounds, scene: scene), try benchRenderDefaultGIF(rounds, scene: scene), memory,
            try benchRenderPNG(rounds, scene: scene)] + (try benchRenderCatalogue(quick: rounds < 21)) + [try benchGallery()]
}

/// Every shipped effect's frames rendered at scale 1 and 30 fps as `transit render -o x.gif` renders
/// them (the world and Lua state made, the scene run, each sampled frame rasterized on the
/// workers and reduced to its GIF colour runs), in process CPU time, against that effect's own
/// floor measured in the same process: the composites those frames were drawn with (recorded
/// from the same frames by another, untimed rasterization), done again with cairo and CProjection
/// alone — each painted layer one image of its on-screen size through its placement, each group
/// and 3D offscreen an offscreen of its size, each 3D composite CProjection's loop on the same
/// quad — plus each frame's clear and its colour runs (RenderFloor.swift). The figure is the
/// worst effect's ratio (target ≤ 4×). The GIF's encoding after the colour runs (palette, mapping,
/// LZW, the file) is not in the floor; the whole GIF's CPU is measured too and shown beside it,
/// and the two heaviest effects' whole GIFs are figures of their own. `--quick` measures each
/// effect once, else three times (the median). TRANSIT_BENCH_CATALOGUE=1 prints every effect's row.
private func benchRenderCatalogue(quick: Bool) throws -> [BenchFigure] {
    guard let scripts = LuaRuntime.defaultScriptsDirectory else { throw BenchError.noScriptsDirectory }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-bench-catalogue-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var effects: [URL] = []
    for category in ["animators", "presentations", "interactions"] {
        let folder = scripts.appendingPathComponent(category)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        effects += names.filter { $0.hasSuffix(".lua") }.sorted().map { folder.appendingPathComponent($0) }
    }
    let rounds = quick ? 1 : 3
    struct Row {
        let name: String, frames: Int, composites: Int
        let render: Double, gif: Double, floor: Double
        var ratio: Double { render / floor }
        func perFrame(_ seconds: Double) -> Double { seconds * 1000 / Double(max(1, frames)) }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    var rows: [Row] = []
    for effect in effects {
        // animators/cardStack and presentations/cardStack: the category tells them apart.
        let name = effect.deletingLastPathComponent().lastPathComponent + "/" + effect.deletingPathExtension().lastPathComponent
        var renders: [Double] = [], gifs: [Double] = [], floors: [Double] = [], frames = 0
        let (log, size) = try recordComposites(of: effect)
        for _ in 0..<rounds {
            ShadowCache.shared.removeAll()
            SnapshotRasterCache.shared.removeAll()
            let before = processCPUSeconds()
            frames = try renderFrames(of: effect)
            renders.append(processCPUSeconds() - before)

            ShadowCache.shared.removeAll()
            SnapshotRasterCache.shared.removeAll()
            let gifStart = processCPUSeconds()
            let outcome = try RenderJob.run(RunConfiguration(file: effect), format: GIFFormat(), to: directory.appendingPathComponent("effect.gif").path,
                                            progress: false, prepare: { session, _ in session.runtime.output = { _ in }; session.world.warningHandler = nil })
            gifs.append(processCPUSeconds() - gifStart)
            guard outcome.frames == frames, log.counts.frames == frames else {
                throw BenchError.roundInvalid("\(name): the runs made \(frames), \(outcome.frames) and \(log.counts.frames) frames")
            }
            floors.append(try RenderFloor.seconds(replaying: log, width: Int(size.width), height: Int(size.height), clock: threadCPUSeconds))
        }
        rows.append(Row(name: name, frames: frames, composites: log.counts.operations,
                        render: median(renders), gif: median(gifs), floor: median(floors)))
    }
    func shown(_ value: Double) -> String { formatNumber((value * 100).rounded() / 100) }
    if ProcessInfo.processInfo.environment["TRANSIT_BENCH_CATALOGUE"] == "1" {
        print("| effect | frames | composites a frame | render, ms a frame | floor, ms a frame | render ÷ floor | whole GIF, ms a frame | GIF ÷ floor |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for row in rows.sorted(by: { $0.ratio > $1.ratio }) {
            print("| \(row.name) | \(row.frames) | \(shown(Double(row.composites) / Double(max(1, row.frames)))) | \(shown(row.perFrame(row.render))) | "
                  + "\(shown(row.perFrame(row.floor))) | \(shown(row.ratio))× | \(shown(row.perFrame(row.gif))) | \(shown(row.gif / row.floor))× |")
        }
    }
    let worst = rows.max { $0.ratio < $1.ratio }!
    let over = rows.filter { $0.ratio > 4 }.sorted { $0.ratio > $1.ratio }
    let gifRatios = rows.map { $0.gif / $0.floor }
    var figures = [BenchFigure(name: "render.catalogue_vs_floor", value: worst.perFrame(worst.render), unit: "ms",
                               baseline: worst.perFrame(worst.floor), ratio: worst.ratio, target: 4, met: worst.ratio <= 4,
                               spread: [rows.map(\.ratio).min()!, worst.ratio],
                               detail: "worst effect \(worst.name): process CPU a frame of its render to GIF colour runs (scale 1, 30 fps) ÷ its floor a frame (thread CPU: its recorded composites replayed with cairo and CProjection alone, the clear and the colour runs); \(rows.count) shipped effects, \(shown(rows.map(\.ratio).min()!))–\(shown(worst.ratio))×; the whole GIF (with palette, mapping and LZW) \(shown(gifRatios.min()!))–\(shown(gifRatios.max()!))× the floor; over 4×: "
                                   + (over.isEmpty ? "none" : over.map { "\($0.name) \(shown($0.ratio))×" }.joined(separator: ", ")))]
    for (name, target) in [("explode", 1.5), ("checkerboard", 3.0)] {
        guard let row = rows.first(where: { $0.name == "animators/" + name }) else { continue }
        figures.append(BenchFigure.median("render.\(name)_gif", [row.gif * 1000], unit: "ms", target: target * 1000,
                                          "process CPU of the whole GIF (scale 1, 30 fps), median of \(rounds) run\(rounds == 1 ? "" : "s")"))
    }
    return figures
}

/// The frames of `transit render -o x.gif`'s run of `effect`, up to their GIF colour runs: the
/// session made, the scene run and sampled as the GIF samples it, each frame (with the status
/// bar) rasterized on the workers and reduced to colour runs, as GIFFormat's keeper does. Returns
/// the number of frames.
private func renderFrames(of effect: URL) throws -> Int {
    let session = try SceneSession(RunConfiguration(file: effect), quiet: true)
    session.runtime.output = { _ in }
    session.world.warningHandler = nil
    var pixels = 0, frames = 0
    let stream = FrameStream(rasterizer: session.makeRasterizer(), size: session.world.screen.bounds.size,
                             keep: { ColourRuns($0) }, deliver: { runs in pixels += runs.width * runs.height; frames += 1 })
    try session.run(sampling: GIFFormat().sampling(forPass: 0), onFrame: { time, window in stream.submit(session.screen(window, at: time)) })
    stream.finish()
    guard pixels > 0 else { throw BenchError.roundInvalid("\(effect.lastPathComponent) rendered no pixels") }
    return frames
}

/// The composites of every frame `transit render -o x.gif` draws for `effect`: the same run of
/// the scene (frames sampled as the GIF samples them, the status bar drawn over each), each frame
/// rasterized once more with a CompositeLog, untimed.
private func recordComposites(of effect: URL) throws -> (CompositeLog, Size) {
    let session = try SceneSession(RunConfiguration(file: effect), quiet: true)
    session.runtime.output = { _ in }
    session.world.warningHandler = nil
    var screens: [LayerSnapshot] = []
    try session.run(sampling: GIFFormat().sampling(forPass: 0), onFrame: { time, window in screens.append(session.screen(window, at: time)) })
    let log = CompositeLog()
    var rasterizer = session.makeRasterizer()
    rasterizer.compositeLog = log
    let size = session.world.screen.bounds.size
    for screen in screens { _ = rasterizer.render(screen, size: size) { $0.width } }
    return (log, size)
}

/// One mid-transition frame of the default scene encoded as PNG the way every PNG output does
/// (PNGEncoder: libpng, zlib level 1, no row filter, RGB from the RGBA pixels), against the
/// floor: libpng at the same settings fed rows that are already RGB, so all it measures is
/// zlib and libpng. The detail adds what the previous encoder (cairo's PNG writer, libpng's
/// default level 6 and adaptive filters) takes and writes, for the before/after.
private func benchRenderPNG(_ rounds: Int, scene: String) throws -> BenchFigure {
    let session = try SceneSession(RunConfiguration(file: URL(fileURLWithPath: scene)), quiet: true)
    var snapshots: [LayerSnapshot] = []
    try session.run(sampling: .everyFrame, onFrame: { _, window in snapshots.append(window) })
    guard !snapshots.isEmpty else { throw BenchError.roundInvalid("the default scene produced no frames") }
    let image = Rasterizer(scale: 1, background: Color(white: 0)).render(snapshots[snapshots.count / 2], size: session.world.screen.bounds.size)
    var rgb = [UInt8](repeating: 0, count: image.width * image.height * 3)
    for index in 0..<(image.width * image.height) {
        rgb[3 * index] = image.pixels[4 * index]; rgb[3 * index + 1] = image.pixels[4 * index + 1]; rgb[3 * index + 2] = image.pixels[4 * index + 2]
    }
    func milliseconds(repeats: Int, _ body: () throws -> Int) rethrows -> (ms: Double, bytes: Int) {
        let start = threadCPUSeconds()
        var bytes = 0
        for _ in 0..<repeats { bytes = try body() }
        return ((threadCPUSeconds() - start) * 1000 / Double(repeats), bytes)
    }
    var ours: [Double] = [], floor: [Double] = [], ourBytes = 0, floorBytes = 0
    for _ in 0..<rounds {
        let o = try milliseconds(repeats: 5) { try PNGEncoder.encode(image).count }
        let f = try milliseconds(repeats: 5) { try PNGEncoder.floorEncode(rgb: rgb, width: image.width, height: image.height).count }
        ours.append(o.ms); floor.append(f.ms); ourBytes = o.bytes; floorBytes = f.bytes
    }
    let before = try milliseconds(repeats: 3) { try PNGEncoder.encode(image, settings: .libpngDefault).count }
    func shown(_ value: Double) -> String { formatNumber((value * 100).rounded() / 100) }
    return BenchFigure.ratio("render.png_frame", value: ours, baseline: floor, unit: "ms", target: 1.3,
                             "thread CPU, one \(image.width)×\(image.height) frame → \(ourBytes / 1024) KiB (floor: libpng level 1, no filter, rows already RGB → \(floorBytes / 1024) KiB); libpng's defaults (level 6, adaptive filters, the old encoder's settings): \(shown(before.ms)) ms → \(before.bytes / 1024) KiB")
}

/// A mid-transition frame of the default scene (the Message card half faded in, its shadow
/// drawn), 393×852 at scale 1, rasterized again and again. The shadow cache is emptied first,
/// so the detail line also shows the cold first frame; the figure is the steady state every
/// frame after the first sees.
private func benchRenderFrame(_ rounds: Int, scene: String) throws -> BenchFigure {
    let session = try SceneSession(RunConfiguration(file: URL(fileURLWithPath: scene)), quiet: true)
    let world = session.world
    var snapshots: [(time: Double, tree: LayerSnapshot)] = []
    try session.run(sampling: .everyFrame, onFrame: { time, window in snapshots.append((time, window)) })
    guard let present = world.transitionHistory.first, let end = present.end else {
        throw BenchError.roundInvalid("the default scene made no transition")
    }
    let middle = (present.start + end) / 2
    guard let frame = snapshots.min(by: { abs($0.time - middle) < abs($1.time - middle) }) else {
        throw BenchError.roundInvalid("the default scene produced no frames")
    }
    let size = world.screen.bounds.size
    let rasterizer = Rasterizer(scale: 1, background: Color(white: 0))
    // Thread CPU time: the frame is drawn on this thread alone, and other processes on a busy
    // machine do not count against it.
    func milliseconds(_ rasterizer: Rasterizer, repeats: Int) -> Double {
        let start = threadCPUSeconds()
        for _ in 0..<repeats { _ = rasterizer.render(frame.tree, size: size) }
        return (threadCPUSeconds() - start) * 1000 / Double(repeats)
    }
    ShadowCache.shared.removeAll()
    let cold = milliseconds(rasterizer, repeats: 1)
    var samples: [Double] = [], uncached: [Double] = []
    for _ in 0..<rounds {
        samples.append(milliseconds(rasterizer, repeats: 10))
        uncached.append(milliseconds(Rasterizer(scale: 1, background: Color(white: 0), shadowCache: nil), repeats: 2))
    }
    func shown(_ value: Double) -> String { formatNumber((value * 100).rounded() / 100) }
    return BenchFigure.median("render.frame", samples, unit: "ms", target: 5,
                              "thread CPU, default scene at t=\(formatNumber(frame.time))s, \(Int(size.width))×\(Int(size.height)) scale 1, shadow cache warm; first frame (cache empty) \(shown(cold)) ms; without the cache \(shown(uncached.sorted()[uncached.count / 2])) ms")
}

/// Run + rasterize + encode of the default scene (present and dismiss) to a GIF at 30 fps, the
/// way `transit render -o x.gif` does it (one run of the scene, written to a file), in process CPU time
/// (every thread).
private func benchRenderDefaultGIF(_ rounds: Int, scene: String) throws -> BenchFigure {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-bench-gif-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("default.gif").path
    let configuration = RunConfiguration(file: URL(fileURLWithPath: scene))
    var samples: [Double] = [], frames = 0
    for _ in 0..<rounds {
        ShadowCache.shared.removeAll()
        let before = processCPUSeconds()
        let outcome = try RenderJob.run(configuration, format: GIFFormat(), to: target, progress: false,
                                        prepare: { session, _ in session.runtime.output = { _ in }; session.world.warningHandler = nil })
        samples.append(processCPUSeconds() - before)
        frames = outcome.frames
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: target)[.size] as? Int) ?? 0
    return BenchFigure.median("render.default_gif", samples.map { $0 * 1000 }, unit: "ms", target: 1000,
                              "CPU time (user+sys, all threads): run once, rasterize once, encode \(frames) frames at 30 fps → \(bytes / 1024) KiB")
}

/// Peak RSS of `transit render` for 600 frames against 60 frames of the same run, each in a
/// child process so the peaks are its own. The run is the default scene with a 2.5 s fade
/// (6.2 s long), so both frame counts fit the allowed frame rates (1...120 fps).
private func benchRenderMemory() throws -> BenchFigure {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-bench-render-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let effect = directory.appendingPathComponent("slow-fade.lua")
    try Data(benchFadeEffect(duration: 2.5).utf8).write(to: effect)
    let session = try SceneSession(RunConfiguration(file: effect), quiet: true)
    try session.run()
    let length = session.world.now
    guard length > 0 else { throw BenchError.roundInvalid("the memory scene has no length") }
    // Frames are taken at 0, 1/fps, ... up to the end: choose fps so the count lands near N.
    func fps(for frames: Int) -> Double { min(120, Double(frames - 1) / length) }
    var small: [Double] = [], large: [Double] = []
    let floor = resetPeakMemory()
    for _ in 0..<3 {
        small.append(try childPeakMiB(file: effect.path, fps: fps(for: 60), output: directory.appendingPathComponent("60.gif").path))
        large.append(try childPeakMiB(file: effect.path, fps: fps(for: 600), output: directory.appendingPathComponent("600.gif").path))
    }
    var figure = BenchFigure.ratio("render.memory_ratio", value: large, baseline: small, unit: "MiB", target: 1.5,
                                   "peak RSS (wait4) of `transit render` to GIF, default scene with a 2.5 s fade: 600 frames (value) vs 60 frames (baseline); floor \(formatNumber(floor.rounded())) MiB")
    // A child's ru_maxrss starts at this process's RSS (see childPeakMiB): a peak at the floor is
    // the floor, not the child, and the ratio would mean nothing.
    if small.min()! <= floor * 1.02 {
        figure.met = false
        figure.detail += " — NOT MEASURED: a child's peak is at the floor"
    }
    return figure
}

/// A child started with posix_spawn (vfork semantics) inherits, at exec, this process's peak RSS
/// as its own starting ru_maxrss (Linux copies the old mm's high-water mark into the child's
/// accounting). So before the children run: give freed heap back to the system and reset this
/// process's high-water mark to its current RSS (/proc/self/clear_refs, "5"). Returns that RSS
/// in MiB: no child can report less, and a child that really uses more reports its own peak.
@_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32

private func resetPeakMemory() -> Double {
    _ = mallocTrim(0)
    if let file = fopen("/proc/self/clear_refs", "w") {
        fputs("5", file)
        fclose(file)
    }
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kib = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
        return kib / 1024
    }
    return 0
}

/// Runs `transit render` in a child and returns its peak resident set in MiB.
private func childPeakMiB(file: String, fps: Double, output: String) throws -> Double {
    let arguments = ["/proc/self/exe", "render", file, "-o", output, "--fps", String(fps)]
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let errors = output + ".stderr"
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
    guard spawned == 0 else { throw BenchError.cannotStart(executable: executable, errno: spawned) }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid else { throw BenchError.waitFailed }
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
        let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        throw BenchError.childFailed(command: "transit render --fps \(fps)", status: status, output: String(message.suffix(2000)))
    }
    return Double(usage.ru_maxrss) / 1024  // ru_maxrss is in KiB on Linux
}

/// `transit gallery` of every shipped effect into a temporary directory, run once in a child as a
/// user runs it (its children, one per effect, as many at a time as there are cores): its wall
/// time against the target (< 20 s on the 2-core reference machine), with its CPU (its own and its
/// children's, from wait4) and the load average before and after in the detail, since others'
/// work on the machine stretches the wall time.
private func benchGallery() throws -> BenchFigure {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-bench-gallery-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let gallery = directory.appendingPathComponent("gallery").path
    func load() -> String {
        var averages = [Double](repeating: 0, count: 3)
        return getloadavg(&averages, 3) == 3 ? formatNumber((averages[0] * 10).rounded() / 10) : "?"
    }
    let loadBefore = load()
    let start = MonotonicClock.seconds()
    let usage = try runChild(["gallery", "-o", gallery], log: directory.appendingPathComponent("gallery.log").path, name: "transit gallery")
    let wall = MonotonicClock.seconds() - start
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
    let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
    var bytes = 0
    if let files = FileManager.default.enumerator(atPath: gallery) {
        for case let file as String in files {
            bytes += (try? FileManager.default.attributesOfItem(atPath: gallery + "/" + file)[.size] as? Int) ?? 0
        }
    }
    func shown(_ value: Double) -> String { formatNumber((value * 10).rounded() / 10) }
    return BenchFigure.median("render.gallery_wall", [wall * 1000], unit: "ms", target: 20_000,
                              "`transit gallery` of the shipped effects, \(ProcessInfo.processInfo.activeProcessorCount) at a time: wall time; CPU \(shown(cpu)) s (it and its children), \(shown(Double(bytes) / 1_000_000)) MB; load average \(loadBefore) before, \(load()) after (others' work stretches the wall time)")
}

/// Runs `/proc/self/exe ARGUMENTS` in a child, its output to `log`, and returns its resource
/// usage (wait4: its own and its waited-for children's).
private func runChild(_ arguments: [String], log: String, name: String) throws -> rusage {
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var argv: [UnsafeMutablePointer<CChar>?] = (["/proc/self/exe"] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
    guard spawned == 0 else { throw BenchError.cannotStart(executable: executable, errno: spawned) }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid else { throw BenchError.waitFailed }
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
        let message = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        throw BenchError.childFailed(command: name, status: status, output: String(message.suffix(2000)))
    }
    return usage
}

/// CPU seconds the calling thread has used.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
}

/// User + system CPU seconds of this process so far, every thread included.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}
