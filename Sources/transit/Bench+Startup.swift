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
    // posix_spawn and waitpid directly: Foundation's Process adds tens of milliseconds of its
    // own (it closes every descriptor and waits through a run loop), which is not start-up.
    let devNull = open("/dev/null", O_WRONLY)
    defer { close(devNull) }
    for _ in 0..<rounds {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, devNull, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, devNull, STDERR_FILENO)
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable.path), strdup("run"), strdup(scene.path), nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = MonotonicClock.seconds()
        guard posix_spawn(&pid, executable.path, &actions, nil, argv, environ) == 0 else {
            throw BenchError.cannotStart(executable: executable.path, errno: nil)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let elapsed = MonotonicClock.seconds() - start
        guard status == 0 else { throw BenchError.childFailed(command: "transit run", status: status, output: "") }
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
