/// Where a live viewer (the served page, the terminal player) is looking, as it last said, and
/// how that moves: the time it showed at a monotonic instant, the rate its time advances (the
/// playback speed while playing, 0 when paused), and whether it loops (the page) or stops on the
/// last frame (the terminal player).
///
/// A live reload draws first the frame the viewer will be showing when that frame arrives, not
/// the one it showed when it last reported: while a heavy frame is drawn a playing viewer moves
/// on, and a frame drawn for where it was would land behind it, unseen until it comes round
/// again. So the reported time is carried forward to the moment of arrival.
public struct Playhead: Sendable, Equatable {
    /// The time shown (seconds into the transition).
    public var time: Double
    /// When it was shown (monotonic seconds, `MonotonicClock`).
    public var at: Double
    /// Transition seconds per second of wall time: the playback speed, 0 when paused.
    public var rate: Double
    /// The length playback wraps at (the last frame's time plus one frame), nil when playback
    /// stops on the last frame.
    public var loop: Double?

    public init(time: Double, at: Double, rate: Double = 0, loop: Double? = nil) {
        self.time = time.isFinite ? time : 0
        self.at = at
        self.rate = rate.isFinite && rate > 0 ? min(rate, 16) : 0
        self.loop = loop.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    /// A viewer standing still at `time`.
    public static func still(_ time: Double) -> Playhead { Playhead(time: time, at: 0) }

    public var isPlaying: Bool { rate > 0 }

    /// The time on screen at the monotonic instant `instant`: wrapped into the loop when it loops.
    /// (A viewer that stops on its last frame is clamped there by whoever knows the frames.)
    public func time(at instant: Double) -> Double {
        let moved = time + max(0, instant - at) * rate
        guard isPlaying, let loop, moved >= loop else { return moved }
        return moved.truncatingRemainder(dividingBy: loop)
    }
}
