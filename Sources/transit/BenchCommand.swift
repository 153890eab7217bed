import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TransitCore
import TransitLua
import TransitRender

// `transit bench [--json] [--quick]`: the performance figures, measured in this process. Timing
// targets live here and never in tests. Each figure is a median over rounds, with the spread
// (lowest–highest) so a noisy machine shows as noise rather than as a regression.

/// One measured figure, as `--json` writes it.
struct BenchFigure: Encodable {
    var name: String
    var value: Double
    var unit: String
    /// The same work done the reference way in the same run, when there is one.
    var baseline: Double?
    var ratio: Double?
    var target: Double
    var met: Bool
    var spread: [Double]
    var detail: String
}

func commandBench(_ arguments: ArraySlice<String>) throws -> Int32 {
    let parsed = try Commands.bench.parse(arguments)
    let json = parsed.has("--json"), quick = parsed.has("--quick")
    let rounds = quick ? 5 : 21
    var figures: [BenchFigure] = []
    // Each group lives in its own file (Bench+Group.swift) beside the code it measures.
    // Start-up first: a child spawned later would count this process's grown memory as its own
    // (a vfork child shares the parent's memory until exec, and Linux keeps that high-water mark).
    // TRANSIT_BENCH_ONLY=timeline (or startup, render, gif, bridge, lua, layout, reload, live) runs one group: for
    // profiling it alone (`perf record`), not for the figures, which are always all measured.
    let groups: [(String, (Int) throws -> [BenchFigure])] = [
        ("startup", benchStartup), ("render", benchRender), ("gif", benchGIF), ("bridge", benchBridge), ("lua", benchLua), ("timeline", benchTimeline), ("layout", benchLayout), ("reload", benchReload), ("live", benchLive),
    ]
    let only = ProcessInfo.processInfo.environment["TRANSIT_BENCH_ONLY"]
    if let only, !groups.contains(where: { $0.0 == only }) {
        throw UsageError(message: "TRANSIT_BENCH_ONLY=\(only) is not a group (expected one of \(groups.map(\.0).joined(separator: ", ")))")
    }
    for (name, group) in groups where only == nil || only == name {
        figures += try group(rounds)
    }
    if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        struct Report: Encodable { let figures: [BenchFigure] }
        FileHandle.standardOutput.write(try encoder.encode(Report(figures: figures)) + Data("\n".utf8))
    } else {
        for figure in figures {
            let value = formatNumber((figure.value * 10).rounded() / 10)
            let range = figure.spread.map { formatNumber(($0 * 10).rounded() / 10) }.joined(separator: "–")
            let goal: String
            if let ratio = figure.ratio, let baseline = figure.baseline {
                let shown = formatNumber((ratio * 100).rounded() / 100)
                goal = "baseline \(formatNumber((baseline * 10).rounded() / 10)) \(figure.unit), ratio \(shown)× (target \(formatNumber(figure.target))×)"
            } else {
                goal = "target < \(formatNumber(figure.target)) \(figure.unit)"
            }
            print("\(figure.name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(value) \(figure.unit) (\(range))  \(goal)  \(figure.met ? "met" : "NOT MET")  \(figure.detail)")
        }
    }
    return 0
}

/// Save → finished GIF, the way `transit watch -o` sees a save: the effect is written by rename
/// into a watched directory, inotify wakes the loop, the 5 ms debounce passes, and a fresh
/// world runs the default scene and renders it. Lurker polls every 0.5 s and Neovim debounces
/// 0.5 s. (What a live viewer sees first is `reload.visible`, Bench+Live.swift: the first frame
/// in memory, which this group once reported, is not something a user sees.)
func benchReload(_ rounds: Int) throws -> [BenchFigure] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let effect = directory.appendingPathComponent("fade.lua")
    func source(_ duration: Double) -> String { benchFadeEffect(duration: duration) }
    func save(_ text: String) throws {
        let temporary = directory.appendingPathComponent(".fade.lua.swp")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, effect.path) == 0 else { throw BenchError.cannotRename(directory: directory.path) }
    }
    try save(source(0.35))
    var options = Options()
    options.file = effect.path
    let reloader = Reloader(options: options)
    reloader.holdsOutput = true
    let target = directory.appendingPathComponent("fade.gif").path
    let watcher = try FileWatcher()
    let reloads = BackgroundReloads()
    _ = reloader.reloadAndWait(into: .file(target), reloads: reloads, saved: MonotonicClock.seconds())  // warm-up
    watcher.watch(reloader.watchedFiles)
    var whole: [Double] = [], frames = 0
    for round in 0..<rounds {
        let saved = MonotonicClock.seconds()
        try save(source(0.3 + Double(round % 5) * 0.01))
        guard !FileWatcher.wait([watcher.fileDescriptor], milliseconds: 5000).isEmpty, watcher.debouncedChanges() else {
            throw BenchError.timedOut("the save was not seen", seconds: 5)
        }
        guard case .completed = reloader.reloadAndWait(into: .file(target), reloads: reloads, saved: saved).result,
              let timing = reloader.lastTiming else { throw BenchError.reloadFailed }
        whole.append((timing.written - saved) * 1000)
        frames = timing.frames
    }
    return [
        BenchFigure.median("reload.gif", whole, unit: "ms", target: 300, "save → \(frames)-frame GIF renamed into place"),
    ]
}

extension BenchFigure {
    /// The median of `samples` (with their range as the spread) against an absolute target.
    static func median(_ name: String, _ samples: [Double], unit: String, target: Double, _ detail: String) -> BenchFigure {
        let sorted = samples.sorted()
        let median = sorted.isEmpty ? .nan : sorted[sorted.count / 2]
        return BenchFigure(name: name, value: median, unit: unit, baseline: nil, ratio: nil, target: target, met: median < target,
                           spread: sorted.isEmpty ? [] : [sorted.first!, sorted.last!], detail: detail)
    }

    /// A cost beside its baseline measured in the same run: `ratio` = value ÷ baseline, met when
    /// it is at most `target` (or, with `biggerIsBetter`, baseline ÷ value at least `target`).
    static func ratio(_ name: String, value: [Double], baseline: [Double], unit: String, target: Double,
                      biggerIsBetter: Bool = false, _ detail: String) -> BenchFigure {
        let values = value.sorted(), baselines = baseline.sorted()
        let median = values[values.count / 2], reference = baselines[baselines.count / 2]
        let ratio = biggerIsBetter ? reference / median : median / reference
        return BenchFigure(name: name, value: median, unit: unit, baseline: reference, ratio: ratio, target: target,
                           met: biggerIsBetter ? ratio >= target : ratio <= target,
                           spread: [values.first!, values.last!], detail: detail)
    }
}

/// The effect the benchmarks run: a cross-fade in the default scene, as a user's first script.
func benchFadeEffect(duration: Double) -> String {
    """
    local Fade = NSObject:subclass("Fade")
    function Fade:transitionDuration(ctx) return \(duration) end
    function Fade:animateTransition(ctx)
      local toVC = ctx:viewController("to")
      local presenting = toVC.presentingViewController == ctx:viewController("from")
      local view = presenting and ctx:view("to") or ctx:view("from")
      if presenting then
        view.frame = ctx:finalFrame(toVC)
        view.alpha = 0
        ctx.containerView:addSubview(view)
      end
      UIView.animate(\(duration), function() view.alpha = presenting and 1 or 0 end,
        function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
    end
    return Fade.new()
    """
}
