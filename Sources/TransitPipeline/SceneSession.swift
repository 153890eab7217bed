import Foundation
import TransitCore
import TransitLua
import TransitRender

/// One run of a file: a fresh world and Lua state built from a configuration, the scene run on
/// virtual time, and the window's presentation tree handed out at the sampled times. Every
/// command that runs a file goes through here (docs/design.md §1, "The run pipeline").
public final class SceneSession {
    public let configuration: RunConfiguration
    public let world: World
    public let runtime: LuaRuntime

    /// Which times of the run are sampled.
    public enum Sampling: Sendable, Equatable {
        /// None: the run only runs (check, the first pass of a filmstrip).
        case none
        /// Every frame at the configuration's fps.
        case everyFrame
        /// Exactly these times (sorted).
        case times([Double])
    }

    /// Builds the world and the runtime; the file must exist and be readable. `quiet` drops
    /// the scene's printed lines and UIKit's warnings (a repeated pass would print them twice).
    public init(_ configuration: RunConfiguration, quiet: Bool = false) throws {
        try Self.checkFile(of: configuration)
        self.configuration = configuration
        world = World(device: configuration.device, systemVersion: configuration.systemVersion)
        var options = LuaRuntime.Options()
        options.unsafe = configuration.unsafe
        options.budget = configuration.budget
        options.memoryLimit = configuration.memoryMegabytes << 20
        world.warningHandler = quiet ? nil : { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        world.textMeasurer = CairoTextMeasurer()
        runtime = try LuaRuntime(world: world, options: options)
        if quiet { runtime.output = { _ in } }
        runtime.readableDirectories = configuration.readableDirectories
        runtime.imageLoader = { [weak runtime] url in
            guard let data = runtime?.fileRecord?.read(url.path) ?? FileManager.default.contents(atPath: url.path) else { throw PipelineError.imageMissing }
            let image = try PNGDecoder.decode([UInt8](data))
            return ImageContent(width: image.width, height: image.height, rgba: image.pixels)
        }
    }

    /// The file must exist, be a file and be readable (checked again when a spare is taken).
    static func checkFile(of configuration: RunConfiguration) throws {
        let file = configuration.file
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else { throw PipelineError.noSuchFile(file.relativePath) }
        guard !isDirectory.boolValue else { throw PipelineError.isDirectory(file.relativePath) }
        guard FileManager.default.isReadableFile(atPath: file.path) else { throw PipelineError.notReadable(file.relativePath) }
    }

    // A live reload starts from a fresh world and Lua state, and making them (the state, every
    // bound class) is a tenth of what a light reload takes before its first frame. So after each
    // reload the next one's session is made ahead, while nobody waits, and parked here: one
    // spare, taken only by a reload of the same configuration. It has run nothing (the file is
    // read when the scene runs), so nothing of one version reaches the next.
    nonisolated(unsafe) private static var spare: SceneSession?
    private static let spareLock = NSLock()

    /// Makes the session a next live reload of `configuration` will take (replacing any other).
    public static func prepareSpare(_ configuration: RunConfiguration) {
        guard let session = try? SceneSession(configuration) else { return }
        spareLock.lock()
        spare = session
        spareLock.unlock()
    }

    /// A fresh session for `configuration`: the spare made ahead if it is for the same one.
    public static func fresh(_ configuration: RunConfiguration) throws -> SceneSession {
        spareLock.lock()
        let taken = spare
        spare = nil
        spareLock.unlock()
        if let taken, taken.configuration == configuration {
            try checkFile(of: configuration)
            return taken
        }
        return try SceneSession(configuration)
    }

    /// How the file runs: a scene as it is, an effect inside the configured or default scene.
    public var sceneRun: SceneRun {
        var run = SceneRun()
        run.effectScene = configuration.scene ?? LuaRuntime.defaultScriptsDirectory?.appendingPathComponent("scenes/default.lua")
        return run
    }

    /// Runs the scene; `onFrame` gets each sampled time and the window's tree then. A script's
    /// error comes back as it was raised (the caller shows its traceback).
    public func run(sampling: Sampling = .none, configure: (inout SceneRun) -> Void = { _ in },
                    onFrame: ((_ time: Double, _ window: LayerSnapshot) throws -> Void)? = nil) throws {
        try run(sampling: sampling, configure: configure, onStep: onFrame.map { onFrame in { time, window in try onFrame(time, window()) } })
    }

    /// As `run`, for a caller that does not want every sampled frame's tree: `onStep` gets the
    /// time and a function that takes the window's tree then, most of a step's cost (a live
    /// reload steps past the frames behind its viewer without them).
    public func run(sampling: Sampling = .none, configure: (inout SceneRun) -> Void = { _ in },
                    onStep: ((_ time: Double, _ window: () -> LayerSnapshot) throws -> Void)?) throws {
        var run = sceneRun
        switch sampling {
        case .none: break
        case .everyFrame: run.frameInterval = 1 / configuration.fps
        case .times(let times): run.sampleTimes = times
        }
        if let onStep {
            run.onFrame = { [world] time in try onStep(time, { world.window.layer.snapshot(at: time) }) }
        }
        configure(&run)
        try runtime.runScene(configuration.file, run)
    }

    /// What the screen shows: the window's tree with the status bar over it (unless the
    /// configuration leaves it out).
    public func screen(_ window: LayerSnapshot, at time: Double) -> LayerSnapshot {
        world.screenSnapshot(window, at: time, statusBar: configuration.statusBar)
    }

    public var scale: Double { configuration.scale.value(for: configuration.device) }

    /// A rasterizer at the configured scale, or at `scale` pixels per point when given.
    public func makeRasterizer(scale: Double? = nil) -> Rasterizer { Rasterizer(scale: scale ?? self.scale, background: Color(white: 0)) }

    /// The frames' size in pixels.
    public var pixelSize: (width: Int, height: Int) { Rasterizer(scale: scale).pixelSize(of: world.screen.bounds.size) }

    /// The file's name as titles show it.
    public var title: String { configuration.file.lastPathComponent }
}
