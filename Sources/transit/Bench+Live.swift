import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TransitCore
import TransitLua
import TransitPipeline
import TransitRender

// What a user of `watch` waits for after a save, for four effects from light to heavy:
// `reload.visible`, save → the new version's first frame on screen, in the served page (headless
// Chromium, which reports it itself once the frame was painted) and on the `--tty` screen (a
// pseudo-terminal the terminal player draws on); and `reload.complete`, save → every frame out,
// against a plain `transit render` of the same file (a GIF, the command's default output)
// measured in the same run. Saves are renames, as editors save, and include the 5 ms debounce.

/// The effects measured, light to heavy.
let liveBenchEffects = ["animators/crossDissolve.lua", "presentations/popup.lua", "animators/explode.lua", "animators/checkerboard.lua"]

func benchLive(_ rounds: Int) throws -> [BenchFigure] {
    guard let scripts = LuaRuntime.defaultScriptsDirectory else { throw BenchError.noScriptsDirectory }
    let browser = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first { FileManager.default.isExecutableFile(atPath: $0) }
    let saves = max(3, rounds / 3)
    var figures: [BenchFigure] = []
    // --quick (5 rounds: scripts/test) measures the lightest effect only, to keep the path tested.
    // TRANSIT_BENCH_EFFECTS=explode,checkerboard measures those alone (with TRANSIT_BENCH_ONLY=live,
    // for looking at one effect under TRANSIT_LIVE_DEBUG=1 or perf).
    let chosen = ProcessInfo.processInfo.environment["TRANSIT_BENCH_EFFECTS"]?.split(separator: ",").map(String.init)
    for effect in rounds < 10 ? Array(liveBenchEffects.prefix(1)) : liveBenchEffects
    where chosen.map({ $0.contains(URL(fileURLWithPath: effect).deletingPathExtension().lastPathComponent) }) ?? true {
        let name = URL(fileURLWithPath: effect).deletingPathExtension().lastPathComponent
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-bench-live-\(getpid())-\(name)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name + ".lua")
        let source = try String(contentsOf: scripts.appendingPathComponent(effect), encoding: .utf8)
        func save(_ round: Int) throws {
            let temporary = directory.appendingPathComponent(".\(name).lua.swp")
            try Data((source + "\n-- save \(round)\n").utf8).write(to: temporary)
            guard rename(temporary.path, file.path) == 0 else { throw BenchError.cannotRename(directory: directory.path) }
        }
        try save(0)
        var options = Options()
        options.file = file.path

        // The floor: a plain render of the same file to a GIF.
        var plain: [Double] = []
        for _ in 0..<2 {
            let start = MonotonicClock.seconds()
            try RenderJob.run(try options.runConfiguration(), format: try OutputFormats.format(forPath: directory.appendingPathComponent("plain.gif").path),
                              to: directory.appendingPathComponent("plain.gif").path, progress: false,
                              prepare: { session, _ in session.runtime.output = { _ in } })
            plain.append((MonotonicClock.seconds() - start) * 1000)
        }

        // The served page.
        if let browser {
            let (visible, complete) = try measureServedPage(options: options, browser: browser, saves: saves, save: save)
            figures.append(.median("reload.visible.\(name)", visible, unit: "ms", target: 100,
                                   "save → \(name)'s first new frame painted in the served page (headless Chromium reports it), \(saves) saves 1 s apart"))
            figures.append(.ratio("reload.complete.\(name)", value: complete, baseline: plain, unit: "ms", target: 1.5,
                                  "save → every frame streamed to the page, vs `transit render` of the same file to a GIF"))
        }
        // The terminal player.
        let terminal = try measureTerminal(options: options, saves: saves, save: save)
        figures.append(.median("reload.visible_tty.\(name)", terminal, unit: "ms", target: 100,
                               "save → \(name)'s first new frame written to the --tty screen (a pseudo-terminal), \(saves) saves"))
    }
    if browser == nil {
        FileHandle.standardError.write(Data("bench: chromium is not installed; reload.visible and reload.complete for the page are not measured\n".utf8))
    }
    return figures
}

/// `watch --serve` in this process, one headless Chromium on its page; each save's visible and
/// complete times in ms.
private func measureServedPage(options: Options, browser: String, saves: Int, save: (Int) throws -> Void) throws -> (visible: [Double], complete: [Double]) {
    let server = try LiveServer(port: 0, title: "bench", warn: { _ in })
    defer { server.stop() }
    let reloader = Reloader(options: options)
    reloader.holdsOutput = true
    let reloads = BackgroundReloads()
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent("transit-bench-chromium-\(getpid())")
    defer { try? FileManager.default.removeItem(at: profile) }
    let chromium = Process()
    chromium.executableURL = URL(fileURLWithPath: browser)
    chromium.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=1200,900", "--user-data-dir=" + profile.path, server.url]
    chromium.standardOutput = FileHandle.nullDevice
    chromium.standardError = FileHandle.nullDevice
    try chromium.run()
    defer {
        kill(chromium.processIdentifier, SIGKILL)
        chromium.waitUntilExit()
    }
    let deadline = MonotonicClock.seconds() + 60
    while server.pagesOpen == 0, MonotonicClock.seconds() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    guard server.pagesOpen > 0 else { throw BenchError.timedOut("Chromium did not open the live page", seconds: 60) }
    // The first version, then one warm-up save: the page and the caches are as a user's.
    _ = reloader.reloadAndWait(into: .server(server), reloads: reloads, saved: MonotonicClock.seconds())
    let watcher = try FileWatcher()
    watcher.watch(reloader.watchedFiles)
    var visible: [Double] = [], complete: [Double] = []
    for round in 0...saves {
        let saved = MonotonicClock.seconds()
        try save(round + 1)
        guard !FileWatcher.wait([watcher.fileDescriptor], milliseconds: 5000).isEmpty, watcher.debouncedChanges() else {
            throw BenchError.timedOut("the save was not seen", seconds: 5)
        }
        let report = reloader.reloadAndWait(into: .server(server), reloads: reloads, saved: saved)
        guard case .completed = report.result else { throw BenchError.reloadFailed }
        // A pause between saves, as between a user's: the page takes in the last version's
        // frames before the next save (a save within it would wait behind them).
        Thread.sleep(forTimeInterval: 1)
        guard round > 0 else { continue }
        guard let shown = report.visible else { throw BenchError.roundInvalid("the page did not report the new version") }
        visible.append((shown - saved) * 1000)
        complete.append((report.complete - saved) * 1000)
    }
    return (visible, complete)
}

/// `watch --tty` in this process, drawing on a pseudo-terminal; each save's visible time in ms.
private func measureTerminal(options: Options, saves: Int, save: (Int) throws -> Void) throws -> [Double] {
    var master: Int32 = -1, slave: Int32 = -1
    var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw BenchError.noPseudoTerminal }
    defer { close(master); close(slave) }
    let (masterEnd, slaveEnd) = (master, slave)
    let reloader = Reloader(options: options)
    reloader.holdsOutput = true
    let watcher = try FileWatcher()
    watcher.watch([URL(fileURLWithPath: options.file!)])
    final class Outcome: @unchecked Sendable {
        var error: Error?
        let done = DispatchSemaphore(value: 0)
        let watcher: FileWatcher
        init(_ watcher: FileWatcher) { self.watcher = watcher }
    }
    let outcome = Outcome(watcher)
    let file = options.file!
    let player = Thread {
        do { _ = try watchInTerminal(reloader, watcher: outcome.watcher, file: file, input: slaveEnd, output: slaveEnd, printsAfter: false) } catch { outcome.error = error }
        outcome.done.signal()
    }
    player.stackSize = 16 << 20
    player.start()
    // Drain what the player draws so it never blocks on a full terminal.
    let draining = Thread {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while buffer.withUnsafeMutableBytes({ read(masterEnd, $0.baseAddress, $0.count) }) > 0 {}
    }
    draining.start()
    func waitForVisible(after previous: Double?, seconds: Double) -> Double? {
        let deadline = MonotonicClock.seconds() + seconds
        while MonotonicClock.seconds() < deadline {
            if let value = reloader.lastVisible, value != previous { return value }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return nil
    }
    Thread.sleep(forTimeInterval: 1)  // the first version on screen
    var visible: [Double] = []
    for round in 0...saves {
        let previous = reloader.lastVisible
        LiveDebugLog.write("bench", "save")
        try save(round + 100)
        guard let seconds = waitForVisible(after: previous, seconds: 60) else {
            throw BenchError.timedOut("the terminal player did not show the save", seconds: 60)
        }
        if round > 0 { visible.append(seconds * 1000) }
        Thread.sleep(forTimeInterval: 0.3)
    }
    _ = "q".withCString { write(master, $0, 1) }
    _ = outcome.done.wait(timeout: .now() + 30)
    if let error = outcome.error { throw error }
    return visible
}
