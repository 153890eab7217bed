import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TransitCore
import TransitLua
import TransitPipeline
import TransitRender

/// `transit bench`: the GIF encoder's figures (docs/formats.md, "GIF: what each frame stores").
/// A few shipped effects are rendered once each, at scale 1 and 30 fps as `transit render`
/// does, their frames mapped through the one palette, and then only the writer is measured:
///
/// - `render.gif_vs_gifsicle`: the size of Transit's GIF against `gifsicle -O3` run on it, the
///   worst of the effects (target ≤ 1.05×). Without gifsicle on PATH it is not measured, and
///   says so.
/// - `render.gif_encode`: the writer's CPU time for all their frames (thread CPU, the writer
///   runs on one thread), against the floor measured in the same run: the same writer storing
///   each changed rectangle as it is, one giflib pass a frame (`GIFWriter.Storage.asIs`).
///   Transit compresses each rectangle in two forms and keeps the shorter, so about 2× is what
///   the design costs.
func benchGIF(_ rounds: Int) throws -> [BenchFigure] {
    guard let scripts = LuaRuntime.defaultScriptsDirectory else { throw BenchError.noScriptsDirectory }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-bench-gif-size-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let gifsicle = findExecutable("gifsicle")
    // --quick (fewer rounds): one encode each, enough for the sizes and a rough CPU ratio.
    let repeats = rounds < 21 ? 1 : 7
    var sizes: [(name: String, ours: Int, gifsicle: Int)] = []
    var frameCount = 0
    // The effects nearest the limit when this was measured (circularReveal, heroPush, pan,
    // edgePan), one where marking every unchanged pixel wins (crossfade) and a presentation.
    let effects = ["animators/circularReveal", "animators/heroPush", "animators/pan", "animators/crossfade",
                   "interactions/edgePan", "presentations/popup"]
    var oursByRound = [Double](repeating: 0, count: repeats), floorByRound = [Double](repeating: 0, count: repeats)
    for effect in effects {
        let file = scripts.appendingPathComponent(effect + ".lua")
        let frames = FrameCollector(rasterizes: true)  // in memory: the writer is run on them again and again
        _ = try RenderJob.run(RunConfiguration(file: file), format: frames, to: nil, progress: false,
                              prepare: { session, _ in session.runtime.output = { _ in }; session.world.warningHandler = nil })
        guard let first = frames.images.first else { throw BenchError.roundInvalid("\(effect) produced no frames") }
        let palette = Palette(frames: frames.images)
        let indexed: [[UInt8]] = frames.images.map { image in
            var indices: [UInt8] = []
            palette.indices(for: image, into: &indices)
            return indices
        }
        let delays = GIFEncoder.frameDelays(count: indexed.count, fps: 30)
        frameCount += indexed.count
        func encode(_ storage: GIFWriter.Storage) throws -> (seconds: Double, bytes: [UInt8]) {
            let output = GIFOutput.memory()
            let start = threadCPUSeconds()
            let writer = try GIFWriter(width: first.width, height: first.height, palette: palette, output: output, storage: storage)
            for (index, indices) in indexed.enumerated() { try writer.add(indices: indices, delayInCentiseconds: delays[index]) }
            try writer.finish()
            return (threadCPUSeconds() - start, output.bytes)
        }
        var bytes: [UInt8] = []
        for round in 0..<repeats {
            let smallest = try encode(.smallest), asIs = try encode(.asIs)
            oursByRound[round] += smallest.seconds * 1000
            floorByRound[round] += asIs.seconds * 1000
            bytes = smallest.bytes
        }
        if let gifsicle {
            let ourFile = directory.appendingPathComponent("ours.gif"), theirs = directory.appendingPathComponent("gifsicle.gif")
            try Data(bytes).write(to: ourFile)
            let run = runChild(gifsicle, ["-O3", ourFile.path, "-o", theirs.path])
            guard run.status == 0 else {
                throw BenchError.childFailed(command: "gifsicle -O3 (\(effect))", status: run.status, output: String(run.error.suffix(2000)))
            }
            let optimised = (try FileManager.default.attributesOfItem(atPath: theirs.path)[.size] as? Int) ?? 0
            guard optimised > 0 else { throw BenchError.roundInvalid("gifsicle wrote nothing for \(effect)") }
            sizes.append((String(effect.split(separator: "/").last!), bytes.count, optimised))
        }
    }
    func shown(_ value: Double) -> String { formatNumber((value * 1000).rounded() / 1000) }
    let sizeFigure: BenchFigure
    if sizes.isEmpty {
        sizeFigure = BenchFigure(name: "render.gif_vs_gifsicle", value: 0, unit: "KiB", baseline: nil, ratio: nil, target: 1.05, met: false,
                                 spread: [], detail: "NOT MEASURED: gifsicle is not on PATH (scripts/setup --test installs it)")
    } else {
        let ratios = sizes.map { Double($0.ours) / Double($0.gifsicle) }
        let worst = ratios.indices.max { ratios[$0] < ratios[$1] }!
        sizeFigure = BenchFigure(name: "render.gif_vs_gifsicle", value: Double(sizes[worst].ours) / 1024, unit: "KiB",
                                 baseline: Double(sizes[worst].gifsicle) / 1024, ratio: ratios[worst], target: 1.05,
                                 met: ratios[worst] <= 1.05, spread: [Double(sizes[worst].ours) / 1024, Double(sizes[worst].ours) / 1024],
                                 detail: "\(sizes[worst].name), the worst of \(sizes.count) effects (scale 1, 30 fps): Transit's GIF (value) against gifsicle -O3 run on it (baseline); "
                                     + zip(sizes, ratios).map { "\($0.0.name) \($0.0.ours)/\($0.0.gifsicle) = \(shown($0.1))" }.joined(separator: ", "))
    }
    let encodeFigure = BenchFigure.ratio("render.gif_encode", value: oursByRound, baseline: floorByRound, unit: "ms", target: 2.5,
                                         "thread CPU of the GIF writer for the \(frameCount) frames of those effects (changed rectangle in two forms, the shorter kept), median of \(repeats); floor: the same writer storing each rectangle as it is (one giflib pass a frame)")
    return [sizeFigure, encodeFigure]
}
