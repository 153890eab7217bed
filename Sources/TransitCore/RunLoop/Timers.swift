// Foundation's Timer and Core Animation's CADisplayLink on virtual time. Both are events on
// the world's queue, scheduled at exact instants computed from where they started (never by
// adding up intervals), so their callbacks run at the same virtual times whatever rate frames
// are rendered at. Ticks of repeating ones are `recurring` events: they run while time moves
// but do not keep a finished scene waiting (an app's run loop would run them forever).
// docs/semantics.md ("Run-loop helpers") has the decisions.

/// `Timer.scheduledTimer(withTimeInterval:repeats:block:)`.
public final class RunLoopTimer: HostObject {
    public override class var className: String { "Timer" }

    /// Foundation replaces an interval ≤ 0 by 0.1 ms (documented for scheduledTimer); shorter
    /// positive ones are raised to it too, so a timer always moves virtual time forward (one of
    /// 1e-300 s would otherwise fire at one instant until the run loop's turn limit stops it).
    public static let minimumInterval = 0.0001

    /// The interval given (after Foundation's minimum).
    public let interval: Double
    public let repeats: Bool
    /// Whether the timer will still fire (false after `invalidate` or a one-shot's firing).
    public private(set) var isValid = true
    /// The virtual time of the next scheduled firing.
    public private(set) var fireDate: Double
    private let start: Double
    private var firings = 0
    /// Released on invalidation, as the run loop releases a timer's block.
    private var block: ((RunLoopTimer) throws -> Void)?
    private var token: EventToken?

    /// Schedules the timer on the run loop at once (scheduledTimer's behaviour).
    public init(world: World, interval: Double, repeats: Bool, block: @escaping (RunLoopTimer) throws -> Void) {
        self.interval = max(interval, RunLoopTimer.minimumInterval)
        self.repeats = repeats
        self.block = block
        start = world.now
        fireDate = World.onTimeGrid(world.now + self.interval)
        super.init(world: world)
        scheduleNextFiring()
    }

    /// Foundation's `timeInterval`: the interval of a repeating timer, 0 for a one-shot.
    public var timeInterval: Double { repeats ? interval : 0 }

    private func scheduleNextFiring() {
        // The run loop holds the timer until it fires or is invalidated (a strong capture).
        token = world.schedule(at: fireDate, label: "Timer", recurring: repeats) { try self.scheduledFiring() }
    }

    private func scheduledFiring() throws {
        guard isValid else { return }
        firings += 1
        if repeats {
            // On the original schedule: firing n is at start + n·interval, not drifting.
            fireDate = World.onTimeGrid(start + Double(firings + 1) * interval)
            scheduleNextFiring()
        }
        try callBlock()
    }

    /// `fire()`: calls the block now; a repeating timer keeps its schedule, a one-shot is
    /// invalidated (Foundation's documented behaviour).
    public func fire() throws {
        guard isValid else { return }
        try callBlock()
    }

    private func callBlock() throws {
        // A one-shot timer is still valid inside its block and invalid after it.
        defer { if !repeats { invalidate() } }
        try block?(self)
    }

    public func invalidate() {
        isValid = false
        token?.cancel()
        token = nil
        block = nil
    }
}

/// `CADisplayLink(target:selector:)`: a callback at every refresh of the display, once added
/// to the run loop. Refreshes are on the grid k / maximumFramesPerSecond of virtual time.
public final class DisplayLink: HostObject {
    public override class var className: String { "CADisplayLink" }

    private var callback: ((DisplayLink) throws -> Void)?
    private var token: EventToken?
    public private(set) var isInRunLoop = false
    public private(set) var isValid = true
    /// The time of the refresh of the latest callback (0 before the first).
    public private(set) var timestamp = 0.0
    /// The time of the refresh after it, the frame being prepared.
    public private(set) var targetTimestamp = 0.0

    public var isPaused = false {
        didSet { if isPaused != oldValue { reschedule() } }
    }
    /// 0: the display's maximum rate; otherwise the nearest rate that divides it evenly.
    public var preferredFramesPerSecond = 0 {
        didSet { if preferredFramesPerSecond != oldValue { reschedule() } }
    }

    public init(world: World, callback: @escaping (DisplayLink) throws -> Void) {
        self.callback = callback
        super.init(world: world)
    }

    var maximumRate: Int { world.device.maximumFramesPerSecond }

    /// Refreshes between callbacks: 1 at the maximum rate, 2 for half of it, ...
    var refreshesPerCallback: Int {
        guard preferredFramesPerSecond > 0, preferredFramesPerSecond < maximumRate else { return 1 }
        // The divisor of the maximum rate whose rate is nearest the preferred one (ties: faster).
        let divisors = (1...maximumRate).filter { maximumRate % $0 == 0 }
        return divisors.min { a, b in
            let da = abs(Double(maximumRate) / Double(a) - Double(preferredFramesPerSecond))
            let db = abs(Double(maximumRate) / Double(b) - Double(preferredFramesPerSecond))
            return da < db || (da == db && a < b)
        } ?? 1
    }

    /// `duration`: the time between refreshes of the display.
    public var duration: Double { 1 / Double(maximumRate) }

    /// The time of refresh `k` (on the nanosecond grid, computed afresh each time).
    func refreshTime(_ k: Int) -> Double { World.onTimeGrid(Double(k) / Double(maximumRate)) }

    /// The first refresh that calls back strictly after `time`.
    func nextRefresh(after time: Double) -> Int {
        let step = refreshesPerCallback
        var k = Int(saturating: (time * Double(maximumRate)).rounded(.down))
        k -= k % step
        while refreshTime(k) <= time { k += step }
        while k - step >= 0 && refreshTime(k - step) > time { k -= step }
        return k
    }

    /// `add(to:forMode:)`: starts the callbacks (adding again, in another mode, changes nothing).
    public func addToRunLoop() {
        guard isValid, !isInRunLoop else { return }
        isInRunLoop = true
        reschedule()
    }

    /// `remove(from:forMode:)`: stops the callbacks until added again.
    public func removeFromRunLoop() {
        isInRunLoop = false
        reschedule()
    }

    public func invalidate() {
        isValid = false
        isInRunLoop = false
        reschedule()
        callback = nil
    }

    private func reschedule() {
        token?.cancel()
        token = nil
        guard isValid, isInRunLoop, !isPaused else { return }
        schedule(refresh: nextRefresh(after: world.now))
    }

    private func schedule(refresh k: Int) {
        token = world.schedule(at: refreshTime(k), label: "CADisplayLink", recurring: true) { try self.refresh(k) }
    }

    private func refresh(_ k: Int) throws {
        guard isValid, isInRunLoop, !isPaused else { return }
        let step = refreshesPerCallback
        timestamp = refreshTime(k)
        targetTimestamp = refreshTime(k + step)
        schedule(refresh: k + step)
        try callback?(self)
    }
}
