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
            try benchRenderPNG(rounds, scene: scene)] + (try benchRenderCatalogue(quick: rounds < 21))
}

/// Every shipped effect rendered to a GIF at scale 1 and 30 fps, as `transit render -o x.gif`
/// does it (one run of the scene, rasterized on the workers, written to a file), in process CPU
/// time per frame, against a floor measured in the same run: the least a frame of a two-screen
/// transition costs without Transit — cairo clearing a frame of the same size, compositing two
/// full-screen images over it (one at half alpha, as a cross-fade does) and the GIF's colour runs
/// collected from it. The figure is the worst effect's ratio (target ≤ 4×); the two heaviest
/// effects' whole GIFs are figures of their own. `--quick` renders each effect once, else three
/// times (the median).
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
    var perFrame: [(name: String, milliseconds: Double, seconds: Double)] = []
    var size = Size(width: 393, height: 852)
    for effect in effects {
        var samples: [(perFrame: Double, total: Double)] = []
        for _ in 0..<rounds {
            ShadowCache.shared.removeAll()
            SnapshotRasterCache.shared.removeAll()
            let before = processCPUSeconds()
            let outcome = try RenderJob.run(RunConfiguration(file: effect), format: GIFFormat(), to: directory.appendingPathComponent("effect.gif").path,
                                            progress: false, prepare: { session, _ in session.runtime.output = { _ in }; session.world.warningHandler = nil })
            let seconds = processCPUSeconds() - before
            size = outcome.session.world.screen.bounds.size
            samples.append((seconds * 1000 / Double(max(1, outcome.frames)), seconds))
        }
        samples.sort { $0.total < $1.total }
        let median = samples[samples.count / 2]
        perFrame.append((effect.deletingPathExtension().lastPathComponent, median.perFrame, median.total))
    }
    let floor = try RenderFloor.milliseconds(width: Int(size.width), height: Int(size.height), frames: quick ? 60 : 180, clock: threadCPUSeconds)
    let worst = perFrame.max { $0.milliseconds < $1.milliseconds }!
    let over = perFrame.filter { $0.milliseconds > 4 * floor }.sorted { $0.milliseconds > $1.milliseconds }
    func shown(_ value: Double) -> String { formatNumber((value * 100).rounded() / 100) }
    var figures = [BenchFigure(name: "render.catalogue_vs_floor", value: worst.milliseconds, unit: "ms", baseline: floor, ratio: worst.milliseconds / floor,
                               target: 4, met: worst.milliseconds <= 4 * floor, spread: perFrame.map(\.milliseconds).sorted().prefix(1) + [worst.milliseconds],
                               detail: "process CPU a frame, GIF at scale 1, 30 fps, \(perFrame.count) shipped effects, worst \(worst.name); floor: cairo clears a \(Int(size.width))×\(Int(size.height)) frame, composites two full-screen images and the GIF's colour runs are collected; over 4×: "
                                   + (over.isEmpty ? "none" : over.map { "\($0.name) \(shown($0.milliseconds / floor))×" }.joined(separator: ", ")))]
    for (name, target) in [("explode", 1.5), ("checkerboard", 3.0)] {
        guard let effect = perFrame.first(where: { $0.name == name }) else { continue }
        figures.append(BenchFigure.median("render.\(name)_gif", [effect.seconds * 1000], unit: "ms", target: target * 1000,
                                          "process CPU of the whole GIF (scale 1, 30 fps), median of \(rounds) run\(rounds == 1 ? "" : "s")"))
    }
    return figures
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
