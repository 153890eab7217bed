// One simulation: the virtual clock and run loop, the device and window, the trace, and the
// script layer the model calls into. Nothing here reads the wall clock.

public final class World {
    /// Virtual seconds since the simulation began.
    public private(set) var now: Double = 0
    /// Run-loop turns processed so far; two events at the same time run in different turns.
    public private(set) var turn: Int = 0

    public var device: Device
    public var systemVersion: Double
    /// The iOS versions Transit models (`--ios`): 7, the oldest (a context without `view(...)`),
    /// to 18, the newest whose behaviour it knows (iPad's `automatic` becomes a form sheet).
    public static let oldestSystemVersion = 7.0
    public static let newestSystemVersion = 18.0
    /// The first version with `viewForKey:` on the context and presentation controllers.
    public static let transitionAPIVersion = 8.0
    public static var supportedSystemVersions: ClosedRange<Double> { oldestSystemVersion...newestSystemVersion }
    /// The memory held for scripts (counted against the Lua state's limit by TransitLua).
    public let hostMemory = HostMemory()
    /// Auto Layout's engine, once a constraint was made (LayoutEngine.swift).
    var autoLayoutEngine: LayoutEngine?
    /// The backing layer the next View(world:) is built with (a Lua subclass's layerClass).
    public var pendingBackingLayer: ((World) -> Layer)?
    /// UIApplication.shared, once a script asks for it (Application.swift).
    var sharedApplication: Application?
    /// Views that asked for updateConstraints and have not had it (a layout pass skips the
    /// walk while there are none).
    var pendingConstraintUpdates = 0
    /// Views already reported for an ambiguous layout (once each).
    var reportedAmbiguity = Set<ObjectIdentifier>()
    /// Views whose never-drawn snapshot was reported (MistakeChecks.swift).
    var reportedUndrawnSnapshots = Set<ObjectIdentifier>()
    /// Run-loop turns ended (each ends with a layout and UIKit's render): what a view was
    /// drawn in (MistakeChecks.swift). `turn` counts events only, not the scene's own turns.
    var turnsEnded = 0
    /// Hooks called under their former name (Hook.formerNames), warned about once each.
    var warnedFormerNames = Set<String>()
    /// Where UIKit's console warnings go besides the trace (the tool: stderr; tests collect them).
    public var warningHandler: ((String) -> Void)?
    /// Measures labels' text for their intrinsic size (the renderer's; nil: an estimate).
    public var textMeasurer: (any TextMeasuring)?
    public let trace = Trace()
    /// Every problem reported so far (`report`), oldest first.
    public internal(set) var problemRecords: [Problem] = []
    /// Judgements waiting for the end of the current run-loop turn (`atEndOfTurn`).
    var endOfTurnWork: [() -> Void] = []
    /// Contexts whose transition the completeTransition deadline finished: a late call on one
    /// is not a second call (complete-never-called already said what happened).
    var timedOutContexts: [WeakContext] = []
    /// Issue 22 item 4: the transitions whose frames the one-frame-flash check samples (FlashCheck.swift).
    var flashWatches: [FlashWatch] = []
    /// The flash check's buffer for a view's chain of superviews (reused, not made per view).
    var flashChain: [View] = []
    public weak var scripting: Scripting?
    /// State that modules built on the model keep per world, by the type that keeps it
    /// (TransitDynamics' step clock): the world holds it and lets it go with itself.
    public var attachments: [ObjectIdentifier: AnyObject] = [:]

    /// The root time space: local time is world time.
    public let rootTimeSpace: TimeSpace
    /// Every animation group that has not ended yet, in creation order (for sampling and tests).
    public var liveGroups: [AnimationGroup] { liveGroupRoster.elements }
    var liveGroupRoster = Roster<GroupInWorld>()

    /// Unfinished groups and their animations hold each other; let them go with the world.
    deinit {
        for group in liveGroupRoster.elements { group.releaseAnimations() }
    }

    /// CATransaction and implicit animations (CoreAnimation.swift).
    let coreAnimation = CoreAnimationState()
    /// Animation context stack: set while a `UIView.animate` block (or similar) runs.
    var animationContexts: [AnimationContext] = [] {
        didSet { viewLayerChanges.animate = animationContexts.last.map { $0.group != nil && $0.kind != .disabled } ?? false }
    }
    /// Whether a change to a view's layer makes an animation now, kept as the stack changes;
    /// every layer shares it (Layer.changed).
    let viewLayerChanges = ViewLayerChanges()
    /// Time space new animations join (a transition or property animator may redirect it).
    var timeSpaceStack: [TimeSpace] = []

    var pendingLayout: [WeakView] = []
    /// UIKit's stack of image contexts (`UIGraphicsBeginImageContextWithOptions`, an image
    /// renderer's block): `drawHierarchy` draws into the top one (ImageRendering.swift).
    public internal(set) var imageContexts: [ImageContext] = []
    /// Turns run since virtual time last moved, to stop work that reschedules itself forever.
    private var turnsAtThisInstant = 0
    /// True while `advance` runs events: model code may be on the stack.
    public private(set) var isAdvancing = false
    static let maximumTurnsPerInstant = 100_000
    /// Timer and display-link ticks allowed in one second of virtual time: 16 × a 120 Hz screen.
    /// A repeating Timer with an interval of 0 or less fires every 0.1 ms (Foundation's floor),
    /// 10,000 times a virtual second, each under its own instruction budget: with no bound on
    /// their number a scene that waits runs for hours (found by `transit fuzz`).
    public static let maximumTicksPerSecond = 2_000
    private var ticksSecond = 0.0
    private var ticksInSecond = 0
    /// Timer and display-link callbacks in all, since the run began (or the REPL's last chunk):
    /// a stated bound whatever the rate (docs/sandbox.md).
    public static let maximumRecurringCallbacks = 200_000
    private var recurringCallbacks = 0
    /// The latest virtual time anything may move the clock to: the scene's limit while a scene
    /// runs (so transit.step and seek cannot skip it), else 10^9 s, past which a 120 Hz display
    /// link's refresh count would no longer be exact in a Double.
    public static let latestTime = 1e9
    public var timeLimit = World.latestTime
    /// Presentations begun at this instant: a completion that presents the next one at once
    /// would otherwise stack controllers without end.
    public static let maximumPresentationsPerInstant = 1_000
    var presentationsInstant = -1.0
    var presentationsAtThisInstant = 0
    /// Virtual seconds after a transition's duration before a missing completeTransition is
    /// reported (docs/design.md §3: 2 s).
    public var completeTransitionGrace = 2.0
    /// Supplies UIKit's own presentation controllers and animators (the Lua runtime loads
    /// them from scripts/system); without one, system styles present without animation.
    public weak var systemStyles: SystemStyleProvider?
    /// Transitions in flight, oldest first.
    public internal(set) var activeTransitions: [Transition] = []
    /// Every transition that began, with when it began and ended (outputs find phases here).
    public internal(set) var transitionHistory: [TransitionRecord] = []
    /// The synthetic touch in progress, if any.
    var currentTouch: TouchTracker?
    private var events = EventQueue()
    private var nextSequence = 0
    /// Numbers layers in creation order (see `Layer.serial`); 1-based so 0 means "not a model layer".
    private var layersCreated = 0

    /// The next layer's serial: counted per world, so the same script numbers its layers the same way every run.
    func nextLayerSerial() -> Int {
        layersCreated += 1
        return layersCreated
    }

    public private(set) var window: Window!
    /// The status bar's appearance over time (StatusBar.swift).
    public let statusBar = StatusBarTimeline()
    public var screen: Screen { Screen(device: device, orientation: orientation) }
    public var orientation: Orientation = .portrait

    public init(device: Device = .defaultProfile, systemVersion: Double = 17) {
        self.device = device
        self.systemVersion = systemVersion
        self.rootTimeSpace = TimeSpace.root()
        self.window = Window(world: self)
        trace.memory = hostMemory
    }

    // MARK: - Events

    /// Runs `action` at virtual time `time`, after everything already scheduled for that time.
    /// `recurring` marks the ticks of repeating timers and display links: they run while time
    /// moves but do not keep a finished scene settling (`nextSettlingEventTime`).
    @discardableResult
    public func schedule(at time: Double, label: String, recurring: Bool = false, _ action: @escaping () throws -> Void) -> EventToken {
        let token = EventToken()
        let event = ScheduledEvent(time: max(World.onTimeGrid(time), now), sequence: nextSequence, label: label, token: token,
                                   recurring: recurring, action: action)
        nextSequence += 1
        events.insert(event)
        return token
    }

    /// UIKit's "next run loop iteration": same virtual time, a later turn.
    @discardableResult
    public func async(label: String, _ action: @escaping () throws -> Void) -> EventToken {
        schedule(at: now, label: label, action)
    }

    public var nextEventTime: Double? { events.firstLive()?.time }
    public var hasPendingEvents: Bool { events.firstLive() != nil }
    /// The earliest event that is not the tick of a repeating timer or display link: what a
    /// scene whose code ended still waits for (an app's run loop would tick those forever).
    public var nextSettlingEventTime: Double? { events.firstLive { !$0.recurring }?.time }

    /// Advances the clock to `time`, running every event due on the way, in order. A script
    /// error in an event stops the advance and is rethrown; the clock stays at that event.
    /// Starts the limits of a run afresh: time may move `seconds` past now, and the counts of
    /// callbacks start from zero (a scene's start; each chunk at the REPL).
    public func startRunLimits(allowing seconds: Double) {
        timeLimit = min(World.latestTime, now + seconds)
        recurringCallbacks = 0
    }

    public func advance(to requested: Double) throws {
        guard requested.isFinite else { throw ModelUsageError.runLoop("time must be finite") }
        guard requested <= timeLimit else {
            throw ModelUsageError.runLoop(timeLimit < World.latestTime
                ? "virtual time would pass this run's limit of t=\(formatNumber(timeLimit)) s (the scene may run 600 s of virtual time; the REPL moves at most 600 s a chunk)"
                : "virtual time cannot pass \(formatNumber(World.latestTime)) s")
        }
        let time = World.onTimeGrid(requested)
        guard !isAdvancing else {
            throw ModelUsageError.runLoop("virtual time cannot move from inside a callback that runs while time moves (a completion, a gesture action, a hook); wait in the scene's own code instead")
        }
        isAdvancing = true
        defer { isAdvancing = false }
        // Code that ran outside an event (a scene's own lines) ends its turn: a layout pass,
        // then the work queued for the end of the turn (problem checks).
        try layoutPendingViews()
        runEndOfTurnWork()
        try scripting?.runPendingDeinits()
        while let first = events.firstLive(), first.time <= time {
            _ = events.removeFirst()
            if first.token.isCancelled { continue }
            if first.time > now { turnsAtThisInstant = 0 }
            sampleFlashFrames(before: first.time)
            now = max(now, first.time)
            turn += 1
            turnsAtThisInstant += 1
            guard turnsAtThisInstant <= World.maximumTurnsPerInstant else {
                events.removeAll()
                throw ModelUsageError.runLoop("more than \(World.maximumTurnsPerInstant) run-loop turns at t=\(formatNumber(now)) s without time passing: a completion keeps scheduling work for the same instant (for example an animation of duration 0 whose completion starts another)")
            }
            if first.recurring {
                let second = now.rounded(.down)
                if second != ticksSecond { ticksSecond = second; ticksInSecond = 0 }
                ticksInSecond += 1
                recurringCallbacks += 1
                guard recurringCallbacks <= World.maximumRecurringCallbacks else {
                    events.removeAll()
                    throw ModelUsageError.runLoop("more than \(World.maximumRecurringCallbacks) timer and display-link callbacks in this run (at t=\(formatNumber(now)) s): invalidate timers and display links you no longer need")
                }
                guard ticksInSecond <= World.maximumTicksPerSecond else {
                    events.removeAll()
                    throw ModelUsageError.runLoop("more than \(World.maximumTicksPerSecond) timer and display-link callbacks in one second of virtual time (at t=\(formatNumber(now)) s): a repeating Timer with an interval of 0 or less fires every 0.1 ms, far faster than any screen shows; use an interval of a frame (1/60 s) or more, or a CADisplayLink")
                }
            }
            try first.action()
            try layoutPendingViews()
            runEndOfTurnWork()
            scripting?.turnDidEnd()
            try scripting?.runPendingDeinits()
        }
        sampleFlashFrames(before: time)
        now = max(now, time)
        try layoutPendingViews()
        runEndOfTurnWork()
    }

    /// Virtual times are kept on a nanosecond grid. Times reached by different sums of the same
    /// durations (a scene waiting 0.05 s seven times after 0.2 s, an animation of 0.35 s started
    /// at 0.2 s) differ in their last bits; snapped to the grid they are equal, so whether an
    /// event is due never depends on how time got there: the run, a render at any frame rate
    /// and the REPL see the same events at the same instants.
    public static func onTimeGrid(_ time: Double) -> Double {
        guard time.isFinite, abs(time) < 1e9 else { return time }
        return (time * 1_000_000_000).rounded() / 1_000_000_000
    }

    /// Runs the events due now (pending "next turn" work) without moving the clock.
    public func drain() throws { try advance(to: now) }

    // MARK: - Scripts

    /// Calls a script hook and records the call and its result in the trace.
    public func callScript(_ object: AnyObject, _ hook: some HookName, _ arguments: [ScriptValue]) throws -> ScriptValue {
        try callScript(object, named: hook.rawValue, arguments)
    }

    /// The call by name, for names that are no case: a renamed hook's former name, an
    /// overridable property's getter.
    func callScript(_ object: AnyObject, named hook: String, _ arguments: [ScriptValue]) throws -> ScriptValue {
        guard let scripting else { return .none }
        let entry = trace.begin(time: now, turn: turn, object: describe(object), hook: hook,
                                arguments: arguments.map(\.traceDescription))
        do {
            let result = try scripting.call(object, hook, arguments)
            trace.end(entry, result: result.traceDescription)
            return result
        } catch {
            trace.end(entry, result: "error")
            throw error
        }
    }

    /// An error about what a script's hook returned, placed at the hook's definition
    /// ("fade.lua:3: transitionDuration must return ..."), since no Lua line is running then.
    public func hookError(_ object: AnyObject?, _ hook: some HookName, _ message: String) -> ScriptError {
        hookError(object, named: hook.rawValue, message)
    }

    func hookError(_ object: AnyObject?, named hook: String, _ message: String) -> ScriptError {
        ScriptError(message, at: object.flatMap { scripting?.location(of: $0, hook) })
    }

    /// Whether a script object or an overriding model object implements `hook`.
    public func responds(_ object: AnyObject, _ hook: some HookName) throws -> Bool {
        try responds(object, named: hook.rawValue)
    }

    func responds(_ object: AnyObject, named hook: String) throws -> Bool {
        try scripting?.responds(object, hook) ?? false
    }

    public func describe(_ object: AnyObject) -> String {
        if let host = object as? HostObject { return host.traceName }
        if let script = object as? ScriptObject { return script.scriptDescription }
        return "object"
    }

    /// Runs `work` when the current run-loop turn ends (after its event and its layout), to
    /// judge what a script left once its callback has returned.
    public func atEndOfTurn(_ work: @escaping () -> Void) {
        endOfTurnWork.append(work)
    }

    /// Runs the judgements queued for the turn that ended (in the order they were queued).
    public func runEndOfTurnWork() {
        turnsEnded += 1
        while !endOfTurnWork.isEmpty {
            let pending = endOfTurnWork
            endOfTurnWork = []
            for work in pending { work() }
        }
    }

    /// The time space new animations join.
    public var currentTimeSpace: TimeSpace { timeSpaceStack.last ?? rootTimeSpace }

    /// Runs `body` with new animations joining `space`.
    @discardableResult
    public func withTimeSpace<T>(_ space: TimeSpace, _ body: () throws -> T) rethrows -> T {
        timeSpaceStack.append(space)
        defer { timeSpaceStack.removeLast() }
        return try body()
    }
}

public final class EventToken {
    public private(set) var isCancelled = false
    public func cancel() { isCancelled = true }
}

struct ScheduledEvent {
    let time: Double
    let sequence: Int
    let label: String
    let token: EventToken
    let recurring: Bool
    let action: () throws -> Void
}

/// Whether a change to a view's layer makes an animation now (`layer(_:didChange:from:to:)`
/// records one): the innermost animation context is a block or keyframes with a group. Every
/// model write asks, so each layer keeps this object rather than reading it through its
/// `unowned` world, which costs two atomic operations per read.
final class ViewLayerChanges {
    var animate = false
}
