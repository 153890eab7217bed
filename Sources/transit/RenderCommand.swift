import Foundation
import TransitCore
import TransitLua
import TransitPipeline
import TransitRender

/// `transit render`: runs the file through the pipeline into the format its output's name
/// chooses (TransitPipeline's OutputFormats), or plays it in the terminal.
func commandRender(_ arguments: ArraySlice<String>) throws -> Int32 {
    let options = try parseOptions(arguments, command: "render")
    if options.tty && options.output != nil { throw UsageError(message: "give either -o OUT or --tty, not both") }
    if options.tty && !TerminalPlayer.isTerminal(STDOUT_FILENO) {
        throw UsageError(message: "--tty needs a terminal: stdout is not a terminal (use -o out.gif instead)")
    }
    guard let file = options.file else { throw UsageError(message: "missing FILE (see transit --help)") }
    let configuration = try options.runConfiguration()
    if options.tty {
        let frames = FrameCollector()
        try RenderJob.run(configuration, format: frames, to: nil)
        try TerminalPlayer(frames: frames.images, times: frames.times, fps: options.fps, title: configuration.file.lastPathComponent).play()
        return 0
    }
    let output = options.output ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent + ".gif"
    let format = try OutputFormats.format(forPath: output, options: options.formatOptions)
    let outcome = try RenderJob.run(configuration, format: format, to: output)
    let world = outcome.session.world
    printProblems(world)
    if let filmstrip = format as? FilmstripFormat {
        let rows = filmstrip.rows
        say("rendered a filmstrip of \(rows.count) row\(rows.count == 1 ? "" : "s") (\(rows.map(\.title).joined(separator: ", "))) to \(output)")
    } else {
        say("rendered \(outcome.frames) frame\(outcome.frames == 1 ? "" : "s") (\(formatNumber(world.now)) s at \(formatNumber(options.fps)) fps) to \(output)")
    }
    return world.problems.isEmpty ? 0 : 1
}
