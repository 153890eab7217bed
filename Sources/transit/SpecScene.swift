import Foundation
import TransitCore
import TransitLua
import TransitPipeline
import TransitRender

// What `transit.scene{...}` runs for a spec inside `transit lua` (docs/specs.md): one effect or
// scene in a fresh world and sandboxed Lua state, through the pipeline's SceneSession as
// `transit run` does, with every frame's screen kept so the spec can ask what was shown when.
// The spec's own state never touches the effect's: they are two Lua states, and what crosses
// is values (numbers, strings, tables of them).

/// What a spec asked for, read from the options table (SpecBindings.swift).
struct SpecSceneRequest {
    var file: URL
    var scene: URL?
    var device = Device.defaultProfile
    var systemVersion = 17.0
    /// The default scene's phases to run (nil: all of them).
    var phases: [String]?
    /// Frames per second of virtual time sampled while the scene runs; other times are run again.
    var fps = 60.0
    var scale = 1.0
    var statusBar = true
    var budget: Int64 = 100_000_000
    var memoryMegabytes = 256

    static let keys = ["effect", "scene", "device", "ios", "phases", "fps", "scale", "statusBar", "budget", "memory"]
    /// The names transitions have (TransitionRecord.phase), which the default scene filters by.
    static let phaseNames = ["present", "dismiss", "interactive cancel", "interactive finish", "push", "pop", "tab switch"]

    var configuration: RunConfiguration {
        var configuration = RunConfiguration(file: file)
        configuration.scene = scene
        configuration.device = device
        configuration.systemVersion = systemVersion
        configuration.fps = fps
        configuration.scale = .points(scale)
        configuration.statusBar = statusBar
        configuration.budget = budget
        configuration.memoryMegabytes = memoryMegabytes
        return configuration
    }
}

/// Why `transit.scene` or a question to its result failed. `atCaller`: a mistake in the spec's
/// own call (it gets the spec's line); otherwise the message names its own place (the effect's
/// `file:line:`).
struct SpecSceneFailure: Error {
    var message: String
    var atCaller = true
}

/// One finished run and what a spec can ask of it.
final class SpecSceneRun {
    let request: SpecSceneRequest
    private(set) var samples: [(time: Double, screen: LayerSnapshot)] = []
    private(set) var transitions: [TransitionRecord] = []
    private(set) var trace: [String] = []
    private(set) var log: [String] = []
    private(set) var warnings: [String] = []
    private(set) var problems: [Problem] = []
    /// Virtual seconds the run took, the settling of its last animations included.
    private(set) var duration = 0.0
    private(set) var screenSize = Size(width: 0, height: 0)
    /// Screens at times between the sampled frames, each from a run of its own (runs are
    /// deterministic, so it is the same run stopped at another instant).
    private var exactScreens: [Double: LayerSnapshot] = [:]

    /// What a session's callbacks collect (they outlive the call that sets them up).
    private final class Collected {
        var samples: [(time: Double, screen: LayerSnapshot)] = []
        var log: [String] = []
        var warnings: [String] = []
    }

    init(_ request: SpecSceneRequest) throws {
        self.request = request
        let collected = Collected()
        let session = try Self.session(request, collected)
        defer {
            samples = collected.samples
            log = collected.log
            warnings = collected.warnings
        }
        try Self.run(session, request, sampling: .everyFrame, collected)
        let world = session.world
        transitions = world.transitionHistory
        trace = world.trace.lines
        problems = world.problemRecords
        duration = world.now
        screenSize = world.screen.bounds.size
    }

    private static func session(_ request: SpecSceneRequest, _ collected: Collected) throws -> SceneSession {
        let session: SceneSession
        do {
            session = try SceneSession(request.configuration)
        } catch let error as PipelineError {
            throw SpecSceneFailure(message: "transit.scene: \(error)")
        }
        session.runtime.output = { collected.log.append($0) }
        session.world.warningHandler = { collected.warnings.append($0) }
        return session
    }

    private static func run(_ session: SceneSession, _ request: SpecSceneRequest, sampling: SceneSession.Sampling, _ collected: Collected) throws {
        do {
            if let phases = request.phases {
                // The names were checked against phaseNames: no quoting is needed.
                try session.runtime.evaluate("transit.phases = { " + phases.map { "[\"\($0)\"] = true" }.joined(separator: ", ") + " }")
            }
            try session.run(sampling: sampling, onFrame: { time, window in
                collected.samples.append((time, session.screen(window, at: time)))
            })
        } catch let error as EffectReturned {
            throw SpecSceneFailure(message: "transit.scene: \(error.file) returns a value, so it is an effect: pass it as effect = \"\(error.file)\"")
        } catch {
            throw SpecSceneFailure(message: Traceback.forUser(error), atCaller: false)
        }
    }

    // MARK: - Questions

    /// The screen (the window and the status bar over it) at `time`.
    func screen(at time: Double) throws -> LayerSnapshot {
        guard time.isFinite, time >= 0 else { throw SpecSceneFailure(message: "the time must be a number of seconds, 0 or more (got \(formatNumber(time)))") }
        guard time <= duration + 1e-9 else {
            throw SpecSceneFailure(message: "t=\(formatNumber(time)) s is after the run ended (at \(formatNumber(duration)) s: result.duration)")
        }
        if let sample = samples.first(where: { abs($0.time - time) < 1e-9 }) { return sample.screen }
        if let screen = exactScreens[time] { return screen }
        let collected = Collected()
        let session = try Self.session(request, collected)
        try Self.run(session, request, sampling: .times([time]), collected)
        guard let screen = collected.samples.first?.screen else {
            throw SpecSceneFailure(message: "t=\(formatNumber(time)) s was not reached when the scene was run again", atCaller: false)
        }
        exactScreens[time] = screen
        return screen
    }

    /// The transition running at `time`, else the latest begun before it.
    func transition(at time: Double) -> TransitionRecord? {
        transitions.last { $0.start <= time + 1e-9 && ($0.end ?? duration) >= time - 1e-9 }
            ?? transitions.last { $0.start <= time + 1e-9 }
    }

    /// The layer a spec names: a role of the transition at `time` (`toView`, `fromView`: the
    /// views of the context's "to" and "from" controllers), a name as the trace and the timeline
    /// show it (`UIView "card"`, `UIViewController "Message".view`, `containerView`) or a view's
    /// own `name` (`card`). Nil when no such layer is on screen then; an error when no frame of
    /// the run showed one (a misspelt name).
    func layer(_ name: String, at time: Double) throws -> LayerSnapshot? {
        var wanted = name
        if name == "toView" || name == "fromView" {
            guard let record = transition(at: time) else {
                throw SpecSceneFailure(message: "no transition had begun at t=\(formatNumber(time)) s, so there is no \(name)")
            }
            wanted = (name == "toView" ? record.to : record.from) + ".view"
        }
        let screen = try screen(at: time)
        if let found = Self.find(wanted, in: screen) { return found }
        if samples.contains(where: { Self.find(wanted, in: $0.screen) != nil }) { return nil }
        var seen: [String] = []
        func collect(_ tree: LayerSnapshot) {
            if seen.count < 12, tree.name.contains("\""), !seen.contains(tree.name) { seen.append(tree.name) }
            tree.sublayers.forEach(collect)
        }
        collect(screen)
        throw SpecSceneFailure(message: "no frame of the run shows a view named \(name == wanted ? "" : "\(name), ")\"\(wanted)\"; on screen at t=\(formatNumber(time)) s: " + seen.joined(separator: ", "))
    }

    /// Depth first, the first layer named `name` exactly, else the first whose quoted name is it.
    static func find(_ name: String, in tree: LayerSnapshot) -> LayerSnapshot? {
        func exact(_ tree: LayerSnapshot) -> LayerSnapshot? {
            if tree.name == name { return tree }
            for child in tree.sublayers { if let found = exact(child) { return found } }
            return nil
        }
        let quoted = "\"\(name)\""
        func short(_ tree: LayerSnapshot) -> LayerSnapshot? {
            if tree.name.hasSuffix(" " + quoted) { return tree }
            for child in tree.sublayers { if let found = short(child) { return found } }
            return nil
        }
        return exact(tree) ?? short(tree)
    }

    /// The properties `result:value` reads.
    static let properties = ["alpha", "opacity", "frame", "x", "y", "width", "height", "center", "bounds", "transform",
                             "isHidden", "cornerRadius", "zPosition"]

    /// The screen drawn at `time` as RGBA pixels (the pipeline's rasterizer, the request's scale).
    func frame(at time: Double) throws -> RasterImage {
        let screen = try screen(at: time)
        return Rasterizer(scale: request.scale, background: Color(white: 0)).render(screen, size: screenSize)
    }
}
