import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TransitLua
import TransitRender

/// `transit bench`: start-up. A child `transit run` of one present and dismiss, as a user runs
/// it: wall time from spawn to exit, and its peak resident memory (the kernel's ru_maxrss of
/// the children, which are all the same run).
func benchStartup(_ rounds: Int) throws -> [BenchFigure] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-bench-startup-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = directory.appendingPathComponent("present-dismiss.lua")
    try Data("""
        local A = UIViewController.new{ title = "A" }
        local B = UIViewController.new{ title = "B" }
        transit.window.rootViewController = A
        A:present(B, true)
        transit.wait(1)
        A:dismiss(true)
        transit.wait(1)
        """.utf8).write(to: scene)
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var wall: [Double] = []
    for _ in 0..<rounds {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["run", scene.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = MonotonicClock.seconds()
        try process.run()
        process.waitUntilExit()
        let elapsed = MonotonicClock.seconds() - start
        guard process.terminationStatus == 0 else { throw RuntimeError("bench: transit run exited \(process.terminationStatus)") }
        wall.append(elapsed * 1000)
    }
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    let peak = Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
    return [
        BenchFigure.median("startup.run", wall, unit: "ms", target: 50, "transit run of one present + dismiss, spawn to exit, \(rounds) runs"),
        BenchFigure.median("startup.rss", [peak], unit: "MiB", target: 50, "peak resident memory of those runs"),
    ]
}
