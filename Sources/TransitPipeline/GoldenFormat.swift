import Foundation
import TransitCore
import TransitRender

/// Records one cell of a golden reference (docs/testing.md): a first pass finds the transitions,
/// a second (the run is deterministic) samples each from its start every `sampleInterval` to its
/// end and, when `drawsFrames`, draws the screen at the middle of each and at the end of the
/// first. Frames are drawn on this thread at those few times: a worker pool would draw every
/// sample, and only a handful are kept. Writes nothing; `transit test` writes the reference.
public final class GoldenFormat: OutputFormat {
    /// 30 samples a second on the cell a reference draws (the render default, fine enough to
    /// catch a changed curve).
    public static let sampleInterval = 1.0 / 30
    /// The other cells of the quick matrix are there to catch what changes on another device
    /// or iOS version: each transition is sampled at its start, a quarter, half, three quarters
    /// and its end (sampled as finely, they made the references of the two effects cut into
    /// hundreds of pieces 10 MB).
    public static let otherCellsFractions = [0, 0.25, 0.5, 0.75]
    static let framePercents = [50]

    public let drawsFrames: Bool
    /// Sampling every `sampleInterval`, or at these fractions of each transition (and its end).
    public let fractions: [Double]?
    public private(set) var phases: [GoldenPhase] = []
    public private(set) var samples: [GoldenSample] = []
    /// The second pass's trace.
    public private(set) var events: [String] = []
    /// The drawn frames with their images, in order of time.
    public private(set) var frames: [(frame: GoldenFrame, image: RasterImage)] = []

    /// Which phase each sample time belongs to; which frame each drawing time is.
    private var sampleTimes: [Double: String] = [:]
    private var frameTimes: [Double: [GoldenFrame]] = [:]
    private var session: SceneSession?
    private var rasterizer: Rasterizer?

    public init(drawsFrames: Bool, fractions: [Double]? = nil) {
        self.drawsFrames = drawsFrames
        self.fractions = fractions
    }

    public var passes: Int { 2 }

    public func sampling(forPass pass: Int) -> SceneSession.Sampling {
        pass == 0 ? .none : .times(Array(Set(sampleTimes.keys).union(frameTimes.keys)).sorted())
    }

    public func keeper(forPass pass: Int) -> (@Sendable (RasterFrame) -> any Sendable)? { nil }

    public func begin(pass: Int, session: SceneSession, destination: URL?) throws {
        guard pass == 1 else { return }
        self.session = session
        if drawsFrames { rasterizer = session.makeRasterizer() }
    }

    public func frame(_ frame: SampledFrame, pass: Int) throws {
        guard pass == 1, let session else { return }
        if let phase = sampleTimes[frame.time] {
            samples.append(GoldenSample(time: frame.time, phase: phase, tree: frame.window))
        }
        if let wanted = frameTimes[frame.time], let rasterizer {
            let image = rasterizer.render(session.screen(frame.window, at: frame.time), size: session.world.screen.bounds.size)
            for golden in wanted { frames.append((golden, image)) }
        }
    }

    public func end(pass: Int, session: SceneSession, destination: URL?) throws {
        guard pass == 0 else {
            frames.sort { ($0.frame.time, $0.frame.file) < ($1.frame.time, $1.frame.file) }
            events = session.world.trace.lines
            self.session = nil
            rasterizer = nil
            return
        }
        phases = session.world.transitionHistory.map { GoldenPhase(phase: $0.phase, start: $0.start, end: $0.end, completed: $0.completed) }
        for (index, phase) in phases.enumerated() {
            // A transition that never ended (stuck) is sampled at its start only.
            let end = phase.end ?? phase.start
            if let fractions {
                for fraction in fractions {
                    let time = Self.onGrid(phase.start + (end - phase.start) * fraction)
                    if time < end - 1e-9, sampleTimes[time] == nil { sampleTimes[time] = phase.phase }
                }
            } else {
                var k = 0
                while true {
                    let time = Self.onGrid(phase.start + Double(k) * Self.sampleInterval)
                    if time >= end - 1e-9 { break }
                    if sampleTimes[time] == nil { sampleTimes[time] = phase.phase }
                    k += 1
                }
            }
            sampleTimes[Self.onGrid(end)] = phase.phase
            guard drawsFrames else { continue }
            var percents = Self.framePercents
            if index == 0 { percents.append(100) }
            for percent in percents {
                let time = Self.onGrid(phase.start + (end - phase.start) * Double(percent) / 100)
                let name = "frame-\(index + 1)-\(phase.phase.replacingOccurrences(of: " ", with: "-"))-\(percent).png"
                frameTimes[time, default: []].append(GoldenFrame(file: name, phase: phase.phase, percent: percent, time: time))
            }
        }
    }

    /// Virtual time is kept on a nanosecond grid (docs/design.md §8): so are the samples.
    static func onGrid(_ time: Double) -> Double { (time * 1e9).rounded() / 1e9 }
}
