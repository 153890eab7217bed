import Foundation
import TransitCore
import TransitLua
import TransitPipeline
import TransitRender

// Golden references (docs/testing.md): an effect's recorded cells (GoldenFormat) written as
// NAME.golden/timeline.json and a few PNG frames, and compared on later runs. The recorded cells
// are the quick matrix's (every device, style, path and iOS version of `transit check --matrix
// quick`), each run once; the first, iPhone 15 animated at the newest iOS, is sampled 30 times a
// second and draws the frames, the others at 0, 25, 50, 75 and 100 % of each transition.

/// The device of the cell whose frames a reference draws.
let goldenDevice = "iPhone 15"

/// The cells a reference records, first the one whose frames it draws: the quick matrix's
/// cells (`transit check`'s, docs/check.md) at each of its iOS versions, each path once.
func goldenCells(_ declaration: EffectDeclaration) -> [CheckCell] {
    var cells: [CheckCell] = []
    for ios in defaultCheckVersions.sorted(by: >) {
        cells += checkCells(declaration, devices: quickCheckDevices, ios: ios, matrix: .quick)
    }
    // The frames are drawn from the first cell: iPhone 15, animated, the newest iOS.
    if let first = cells.firstIndex(where: { $0.device == goldenDevice && $0.animated && $0.fraction == nil }) {
        cells.insert(cells.remove(at: first), at: 0)
    }
    for index in cells.indices { cells[index].rounds = 1 }
    return cells
}

/// A fresh run of the reference's cells, `jobs` at a time (each cell is a world of its own):
/// the reference it would write, and its frames' images.
func recordGolden(_ file: String, declaration: EffectDeclaration, scene: URL, jobs: Int = 1) throws -> (GoldenReference, [String: RasterImage]) {
    let recorded = parallelMap(Array(goldenCells(declaration).enumerated()), jobs: jobs) { index, cell in
        Result { try recordGoldenCell(file, cell: cell, index: index, scene: scene) }
    }
    var cells: [GoldenCell] = []
    var frames: [GoldenFrame] = []
    var images: [String: RasterImage] = [:]
    for result in recorded {
        let (cell, drawn) = try result.get()
        cells.append(cell)
        for (frame, image) in drawn {
            frames.append(frame)
            images[frame.file] = image
        }
    }
    return (GoldenReference(effect: URL(fileURLWithPath: file).lastPathComponent, cells: cells, frames: frames), images)
}

/// One cell of a reference: the first (`index` 0) is sampled finely and draws the frames.
private func recordGoldenCell(_ file: String, cell: CheckCell, index: Int, scene: URL) throws -> (GoldenCell, [(frame: GoldenFrame, image: RasterImage)]) {
    var configuration = RunConfiguration(file: URL(fileURLWithPath: file))
    configuration.device = Device.named(cell.device) ?? Device.defaultProfile
    configuration.systemVersion = cell.ios
    configuration.scene = scene
    let format = GoldenFormat(drawsFrames: index == 0, fractions: index == 0 ? nil : GoldenFormat.otherCellsFractions)
    var setupError: Error?
    try RenderJob.run(configuration, format: format, to: nil, progress: false, prepare: { session, _ in
        // The check already printed what matters; the scene's log is not the result.
        session.runtime.output = { _ in }
        session.world.warningHandler = nil
        do { try session.runtime.evaluate("transit.checkCell = \(cell.luaTable)") } catch { setupError = error }
    })
    if let setupError { throw setupError }
    // Messages name the cell: "present (iPhone 15)" for the reference cell, the others in
    // full ("present (iPad, iOS 8, fullScreen, present-dismiss animated)").
    let label = index == 0 ? cell.device : cell.name.replacingOccurrences(of: " / ", with: ", ")
    return (GoldenCell(name: cell.name, label: label, phases: format.phases, samples: format.samples, events: format.events), format.frames)
}

/// NAME.golden beside NAME.lua, or under `root` at the file's path (relative to the current
/// directory when it is under it, else its absolute path without the leading slash).
func goldenDirectory(for file: String, root: String?) -> URL {
    let url = URL(fileURLWithPath: file).standardizedFileURL
    let name = url.deletingPathExtension().lastPathComponent + ".golden"
    guard let root else { return url.deletingLastPathComponent().appendingPathComponent(name) }
    var relative = LuaRuntime.displayPath(url)
    while relative.hasPrefix("/") { relative.removeFirst() }
    let parent = (relative as NSString).deletingLastPathComponent
    return URL(fileURLWithPath: root).appendingPathComponent(parent).appendingPathComponent(name)
}

/// Writes the reference into a temporary directory beside its place and swaps it in, so an
/// interrupted record leaves the old reference whole.
func writeGolden(_ reference: GoldenReference, images: [String: RasterImage], to directory: URL) throws {
    try FileManager.default.createDirectory(at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
    let destination = AtomicDestination(target: directory.path, isDirectory: true)
    do {
        try FileManager.default.createDirectory(at: destination.temporary, withIntermediateDirectories: false)
        try reference.timelineJSON.write(to: destination.temporary.appendingPathComponent(GoldenReference.timelineName))
        for frame in reference.frames {
            guard let image = images[frame.file] else { continue }
            try Data(try PNGEncoder.encode(image, settings: .smallest)).write(to: destination.temporary.appendingPathComponent(frame.file))
        }
        try destination.commit()
    } catch {
        destination.discard()
        throw error
    }
}

/// One frame of a failed comparison, for the report.
struct GoldenFrameDifference {
    var frame: GoldenFrame
    var reference: RasterImage?
    var new: RasterImage?
    var heatMap: RasterImage?
    var message: String
}

/// What the HTML report shows of an effect whose run differs from its reference.
struct GoldenReportEntry {
    var file: String
    var messages: [String]
    var frames: [GoldenFrameDifference]
    var expected: GoldenReference
    var got: GoldenReference
}

/// Mismatch lines a test prints at most (the report has them all).
let goldenMessageLimit = 20

/// Records, updates or compares the effect's reference.
func testGolden(_ file: String, display: String, declaration: EffectDeclaration, settings: TestSettings,
                report: inout [GoldenReportEntry]) -> TestOutcome {
    var outcome = TestOutcome(file: display, name: "golden reference", kind: "golden", status: .failed)
    let directory = goldenDirectory(for: file, root: settings.goldenRoot)
    let shownDirectory = LuaRuntime.displayPath(directory)
    do {
        let source = String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
        let tolerance = try GoldenTolerance(header: source, file: display)
        let timeline = directory.appendingPathComponent(GoldenReference.timelineName)
        let data = FileManager.default.contents(atPath: timeline.path)
        if data == nil && settings.mode == .compare {
            outcome.messages = ["no golden reference; run transit test --record (looked for \(shownDirectory))"]
            return outcome
        }
        let (fresh, images) = try recordGolden(file, declaration: declaration, scene: settings.checkScene, jobs: settings.jobs)
        func write(_ note: String) throws -> TestOutcome {
            try writeGolden(fresh, images: images, to: directory)
            outcome.status = .passed
            outcome.messages = [note + " " + shownDirectory]
            return outcome
        }
        if settings.mode == .record { return try write("recorded") }
        guard let data else { return try write("recorded (there was none)") }
        let reference = try GoldenReference(timeline: data, file: LuaRuntime.displayPath(timeline))
        var messages = reference.mismatches(fresh, tolerance: tolerance).map { "\(display): \($0)" }
        var differences: [GoldenFrameDifference] = []
        for frame in reference.frames {
            let path = directory.appendingPathComponent(frame.file).path
            let stored = FileManager.default.contents(atPath: path).flatMap { try? PNGDecoder.decode([UInt8]($0)) }
            let new = images[frame.file]
            let title = "frame \(frame.phase) \(frame.percent) % (\(frame.file))"
            guard let stored else {
                messages.append("\(display): \(title): the reference's PNG is missing or unreadable; run transit test --update")
                differences.append(GoldenFrameDifference(frame: frame, reference: nil, new: new, heatMap: nil, message: messages.last!))
                continue
            }
            guard let new else {
                messages.append("\(display): \(title): not drawn by the new run (its phases changed)")
                differences.append(GoldenFrameDifference(frame: frame, reference: stored, new: nil, heatMap: nil, message: messages.last!))
                continue
            }
            guard let difference = PixelMatch.compare(stored, new, threshold: tolerance.threshold) else {
                messages.append("\(display): \(title): expected \(stored.width)×\(stored.height) pixels, got \(new.width)×\(new.height)")
                differences.append(GoldenFrameDifference(frame: frame, reference: stored, new: new, heatMap: nil, message: messages.last!))
                continue
            }
            if difference.count > tolerance.pixels {
                messages.append("\(display): \(title) at \(describeSeconds(frame.time)): \(difference.count) pixels differ (allowed \(tolerance.pixels))")
                differences.append(GoldenFrameDifference(frame: frame, reference: stored, new: new, heatMap: difference.heatMap, message: messages.last!))
            }
        }
        for frame in fresh.frames where !reference.frames.contains(where: { $0.file == frame.file }) {
            messages.append("\(display): frame \(frame.phase) \(frame.percent) % (\(frame.file)): not in the reference")
        }
        if messages.isEmpty {
            outcome.status = .passed
            outcome.messages = ["matches \(shownDirectory)"]
            return outcome
        }
        if settings.mode == .update { return try write("updated (\(messages.count) difference\(messages.count == 1 ? "" : "s"))") }
        report.append(GoldenReportEntry(file: display, messages: messages, frames: differences, expected: reference, got: fresh))
        outcome.messages = ["\(messages.count) difference\(messages.count == 1 ? "" : "s") from \(shownDirectory)"] + messages.prefix(goldenMessageLimit)
        if messages.count > goldenMessageLimit { outcome.messages.append("… and \(messages.count - goldenMessageLimit) more (see the report)") }
        return outcome
    } catch let error as PipelineError {
        if case .scriptFailed(let underlying) = error {
            outcome.messages = Traceback.forUser(underlying).split(separator: "\n").map(String.init)
        } else {
            outcome.messages = ["\(error)"]
        }
        return outcome
    } catch {
        outcome.messages = ["\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"]
        return outcome
    }
}

func describeSeconds(_ time: Double) -> String { String(format: "%.3f s", time) }
