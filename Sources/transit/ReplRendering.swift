import CEdit
import Foundation
import TransitCore
import TransitLua
import TransitPipeline
import TransitRender

// The REPL helpers that draw the world (they need the rasterizer, which TransitLua does not
// link): show() prints the frame on screen now in the terminal, render(path) writes it as PNG.

/// A REPL drawing helper's refusal; the REPL prints it after the helper's name.
enum ReplHelperError: Error, CustomStringConvertible {
    case unexpectedArguments(count: Int)
    case argument(Int, name: String, mustBe: String, got: String)
    case notPNGPath(String)
    case cannotWrite(path: String, reason: String)

    var description: String {
        switch self {
        case .unexpectedArguments(let count): return "expected no arguments (got \(count))"
        case .argument(let index, let name, let expected, let got): return "argument \(index) (\(name)) must be \(expected) (got \(got))"
        case .notPNGPath(let path): return "writes PNG images: give a path ending in .png (got \"\(path)\")"
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        }
    }
}

func replRenderingHelpers(world: World, scale: Double, statusBar: Bool = true) -> [ReplFunction] {
    /// The screen at the current virtual time: the window, with the status bar over it unless
    /// `--no-status-bar`.
    func currentFrame(scale: Double) -> RasterImage {
        ScreenStill.draw(world, scale: scale, statusBar: statusBar)
    }
    let show = ReplFunction(name: "show", usage: "show()",
                            summary: "draws the frame on screen now in the terminal (24-bit colour half-blocks)") { arguments in
        guard arguments.isEmpty else { throw ReplHelperError.unexpectedArguments(count: arguments.count) }
        let size = replTerminalSize()
        // Half-blocks give two pixels a cell: rasterize at about the size shown, not more.
        let screen = world.screen.bounds.size
        let fit = min(Double(size.columns) / screen.width, Double((size.rows - 2) * 2) / screen.height)
        let image = currentFrame(scale: max(0.05, min(1, fit * 2)))
        let text = TerminalFrame.render(image, columns: size.columns, rows: max(1, size.rows - 2))
        print(text)
        print("t=\(formatNumber(world.now))s")
        transit_flush_stdout()
        return .none
    }
    let render = ReplFunction(name: "render", usage: "render(path)",
                              summary: "writes the frame on screen now as a PNG image (path ends in .png)") { arguments in
        guard arguments.count == 1, case .string(let path) = arguments[0] else {
            let got = arguments.first.map(\.typeName) ?? "nothing"
            throw ReplHelperError.argument(1, name: "path", mustBe: "a string ending in .png", got: got)
        }
        guard path.lowercased().hasSuffix(".png") else {
            throw ReplHelperError.notPNGPath(path)
        }
        let image = currentFrame(scale: scale)
        let bytes = try PNGEncoder.encode(image)
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ReplHelperError.cannotWrite(path: path, reason: (error as NSError).localizedDescription)
        }
        print("wrote \(path) (\(image.width)×\(image.height), t=\(formatNumber(world.now))s)")
        transit_flush_stdout()
        return .none
    }
    return [show, render]
}

/// The terminal's size in cells (stdout, else 80×24; $COLUMNS/$LINES when set).
func replTerminalSize() -> (columns: Int, rows: Int) {
    let environment = ProcessInfo.processInfo.environment
    var size = winsize()
    var columns = 80, rows = 24
    if withUnsafeMutablePointer(to: &size, { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }) == 0, size.ws_col > 0, size.ws_row > 0 {
        columns = Int(size.ws_col); rows = Int(size.ws_row)
    }
    if let text = environment["COLUMNS"], let value = Int(text), value > 0 { columns = value }
    if let text = environment["LINES"], let value = Int(text), value > 0 { rows = value }
    return (max(10, columns), max(6, rows))
}
