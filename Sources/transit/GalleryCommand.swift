import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TransitCore
import TransitLua
import TransitPipeline
import TransitRender

// `transit gallery [-o DIR] [--device D] [--jobs N]`: every shipped effect (each .lua under the
// scripts directory's animators/, presentations/ and interactions/, found on disk) rendered as a
// GIF, a filmstrip and an HTML player, and an index.html that shows them all playing.
//
// Each effect renders in a child process (`transit gallery --entry FILE --into DIR --report FILE`), as many at a
// time as there are cores: a script that crashes or hangs costs its own card, not the gallery,
// and the children's Lua states and rasterizers never share a process. The index is written
// from what the children report, in a fixed order and with no clock or absolute path in it, so
// the same scripts give the same bytes.

/// The directories under the scripts directory whose files are the shipped effects.
let galleryCategories = ["animators", "presentations", "interactions"]

/// The gallery's videos (VP9's fast preset at quality 33, CRF 42) and filmstrips (scale 0.4,
/// zlib's best level): the whole gallery of the shipped effects stays under 30 MB
/// (docs/formats.md, "The gallery").
let galleryVideoQuality = 33
let galleryFilmstripScale = 0.4

func commandGallery(_ arguments: ArraySlice<String>) throws -> Int32 {
    let parsed = try Commands.gallery.parse(arguments)
    if parsed.has("--entry") { return try commandGalleryEntry(parsed) }
    let output = parsed.text("--output") ?? "gallery"
    let device = parsed.device("--device") ?? Device.defaultProfile
    let jobs = parsed.integer("--jobs") ?? max(1, ProcessInfo.processInfo.activeProcessorCount)
    guard let scripts = LuaRuntime.defaultScriptsDirectory else { throw UsageError(message: "no scripts directory (set TRANSIT_PATH)") }
    let effects = GalleryEffect.discover(in: scripts)
    guard !effects.isEmpty else { throw UsageError(message: "no effects under \(scripts.path)/{\(galleryCategories.joined(separator: ","))}") }

    let directory = URL(fileURLWithPath: output)
    do {
        for category in Set(effects.map(\.category)) {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(category), withIntermediateDirectories: true)
        }
    } catch {
        throw PipelineError.cannotWrite(path: output, reason: "cannot create the gallery directory (\((error as NSError).localizedDescription))")
    }

    // Each child writes what the index shows about its effect to a file here (its stdout carries
    // the script's log, which may be long).
    let reports = FileManager.default.temporaryDirectory.appendingPathComponent("transit-gallery-\(getpid())")
    try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: reports) }

    let start = MonotonicClock.seconds()
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let progress = GalleryProgress(total: effects.count, jobs: min(jobs, effects.count))
    let outcomes = GalleryOutcomes(count: effects.count)
    let deviceName = device.name
    DispatchQueue.concurrentPerform(iterations: min(jobs, effects.count)) { _ in
        while let index = outcomes.takeNext() {
            let effect = effects[index]
            let report = reports.appendingPathComponent("\(index).json")
            let child = FuzzChild.run(executable, arguments: ["gallery", "--entry", effect.file.path,
                                                               "--into", directory.appendingPathComponent(effect.category).path,
                                                               "--device", deviceName, "--report", report.path],
                                      directory: directory, timeout: 600)
            let outcome = GalleryOutcome(child, report: GalleryEntryReport(file: report), scripts: scripts)
            outcomes.set(index, outcome)
            progress.finished(effect.label, failed: outcome.error != nil)
        }
    }
    progress.finish()

    let entries = zip(effects, outcomes.all).map { ($0, $1!) }
    let index = directory.appendingPathComponent("index.html")
    do {
        try Data(GalleryIndex.page(entries, device: deviceName).utf8).write(to: index, options: .atomic)
    } catch {
        throw PipelineError.cannotWrite(path: index.path, reason: (error as NSError).localizedDescription)
    }
    let failures = entries.filter { $0.1.error != nil }
    for (effect, outcome) in failures {
        FileHandle.standardError.write(Data("failed: \(effect.label): \(outcome.error!)\n".utf8))
    }
    let seconds = MonotonicClock.seconds() - start
    print("gallery: \(effects.count) effects, \(failures.count) failed, in \(String(format: "%.1f", seconds)) s (\(min(jobs, effects.count)) at a time)")
    print("open \(index.path)")
    return failures.isEmpty ? 0 : 1
}

/// One shipped effect file.
struct GalleryEffect {
    let category: String
    let name: String
    let file: URL
    /// The first sentence of the file's opening comment.
    let description: String

    var label: String { "\(category)/\(name)" }

    /// Every .lua file directly under each category directory, by category then name.
    static func discover(in scripts: URL) -> [GalleryEffect] {
        galleryCategories.flatMap { category -> [GalleryEffect] in
            let folder = scripts.appendingPathComponent(category)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { $0.hasSuffix(".lua") && !$0.hasPrefix(".") }.sorted().map { name in
                let file = folder.appendingPathComponent(name)
                let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                return GalleryEffect(category: category, name: String(name.dropLast(4)), file: file,
                                     description: describe(text))
            }
        }
    }

    /// The file's opening comment paragraph (after a `#!` line, `--` lines up to the first blank
    /// comment line or code; LuaLS `---@` annotations skipped), cut at its first sentence and at
    /// 200 characters: the catalogue's files begin with a comment saying what they do, often
    /// wrapped over several lines. Parenthesized source citations are left out.
    static func describe(_ source: String) -> String {
        var paragraph: [String] = []
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if number == 0 && trimmed.hasPrefix("#!") { continue }
            if trimmed.hasPrefix("---@") { if paragraph.isEmpty { continue } else { break } }
            guard trimmed.hasPrefix("--") else {
                if trimmed.isEmpty && paragraph.isEmpty { continue }
                break
            }
            var text = trimmed.drop { $0 == "-" }
            if text.hasPrefix("[[") || text.hasPrefix("[=[") { text = text.drop { $0 == "[" || $0 == "=" } }
            let words = text.trimmingCharacters(in: .whitespaces)
            if words.isEmpty { if paragraph.isEmpty { continue } else { break } }
            paragraph.append(words)
        }
        // Source citations in parentheses (file names, paths, "§") are for the reader of the file,
        // not for a card.
        var sentence = paragraph.joined(separator: " ")
            .replacingOccurrences(of: #"\s*\([^()]*(§|/|\.m\b|\.swift\b|\.txt\b)[^()]*\)"#, with: "", options: .regularExpression)
        // A sentence ends at ". " before a capital letter or at the paragraph's end; "e.g. x" and
        // "1.0 s" do not end one.
        if let end = sentence.range(of: #"\.\s+(?=[A-Z])"#, options: .regularExpression) {
            sentence = String(sentence[..<end.lowerBound]) + "."
        }
        if sentence.count > 200 {
            let cut = sentence.prefix(199)
            let word = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
            sentence = word.trimmingCharacters(in: CharacterSet(charactersIn: " ,;:(")) + "…"
        }
        return sentence
    }
}

/// What one child reported.
struct GalleryOutcome {
    /// The first finished transition's length in seconds (nil for a scene without one).
    var duration: Double?
    var phases: [String] = []
    /// Why the effect is not shown: the script's error (file:line: message), its first problem,
    /// or how the child ended. nil: rendered clean.
    var error: String?

    init(_ child: FuzzOutcome, report: GalleryEntryReport?, scripts: URL) {
        // Paths in messages are shown relative to the scripts directory: the index must not
        // depend on where Transit is installed, nor on the directory it was run from (messages
        // name files under the working directory relative to it).
        func relative(_ text: String) -> String {
            var text = text.replacingOccurrences(of: scripts.path + "/", with: "")
            let fromWorkingDirectory = LuaRuntime.displayPath(scripts)
            if fromWorkingDirectory != scripts.path {
                text = text.replacingOccurrences(of: #"(?<![\w/.])"# + NSRegularExpression.escapedPattern(for: fromWorkingDirectory + "/"),
                                                 with: "", options: .regularExpression)
            }
            return text
        }
        switch child {
        case .hang: error = "still rendering after 600 s (stopped)"
        case .crash(let detail): error = relative(detail.split(separator: "\n").prefix(2).joined(separator: " | "))
        case .finished(let status, _, let stderr):
            duration = report?.duration
            phases = report?.phases ?? []
            if let problem = report?.problems.first {
                error = relative("problem: " + problem)
            } else if status != 0 || report == nil {
                let lines = stderr.split(separator: "\n").map(String.init)
                let message = lines.first { !$0.hasPrefix("problem:") && !$0.hasPrefix("rendered ") && !$0.isEmpty }
                    ?? lines.first { !$0.isEmpty } ?? "exit \(status) without a message"
                error = relative(message)
            }
        }
    }
}

/// What a child reports about its effect, as a JSON file the parent names (`--report FILE`).
struct GalleryEntryReport {
    var duration: Double?
    var phases: [String]
    var problems: [String]

    init(duration: Double?, phases: [String], problems: [String]) {
        self.duration = duration
        self.phases = phases
        self.problems = problems
    }

    /// nil when the child wrote none (it failed before the end).
    init?(file: URL) {
        guard let data = try? Data(contentsOf: file),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        duration = object["duration"] as? Double
        phases = object["phases"] as? [String] ?? []
        problems = object["problems"] as? [String] ?? []
    }

    func write(to file: URL) throws {
        var object: [String: Any] = ["phases": phases, "problems": problems]
        if let duration { object["duration"] = duration }
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: file)
    }
}

/// The child: renders one effect into DIR as NAME.webm (the card plays it), NAME.html (the
/// player, which seeks that video: one stream stored once) and NAME.png (the filmstrip, as
/// `transit render -o x.png` writes it). GIFs stay `transit render`'s: 46 of them were most of
/// a gallery's size (docs/formats.md).
func commandGalleryEntry(_ parsed: ParsedArguments) throws -> Int32 {
    guard let file = parsed.text("--entry"), let into = parsed.text("--into"), let report = parsed.text("--report") else {
        throw UsageError(message: "--entry needs --into DIR and --report FILE")
    }
    var configuration = RunConfiguration(file: URL(fileURLWithPath: file))
    if let device = parsed.device("--device") { configuration.device = device }
    let base = URL(fileURLWithPath: into).appendingPathComponent(URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent).path
    for path in [base + ".webm", base + ".html", base + ".png"] { try OutputFormats.checkWritable(path) }
    // Whatever ends the entry, no temporary file of its outputs stays (a finished output was renamed).
    defer { removeTemporaries(of: base) }

    let outcome: RenderJob.Outcome
    do {
        // The video is written beside the page, which names it: the player's one file to fetch.
        let player = PlayerFormat(video: "webm", quality: galleryVideoQuality, videoFile: base + ".webm", fastEncoder: true)
        outcome = try RenderJob.run(configuration, format: player, to: base + ".html", progress: false,
                                    prepare: { session, _ in session.runtime.output = { _ in } })
    } catch PipelineError.scriptFailed(let error) {
        FileHandle.standardError.write(Data("\(Traceback.forUser(error))\n".utf8))
        return 1
    }
    let world = outcome.session.world
    var filmstripFailed = false
    do {
        var halfScale = configuration
        halfScale.scale = .points(galleryFilmstripScale)
        // The player's run found the transitions; the filmstrip's run only draws them.
        let filmstrip = try RenderJob.run(halfScale, format: FilmstripFormat(transitionsOf: world), to: base + ".png", progress: false,
                                          prepare: { session, _ in session.runtime.output = { _ in }; session.world.warningHandler = nil })
        filmstripFailed = !filmstrip.session.world.problems.isEmpty
    } catch PipelineError.scriptFailed(let error) {
        FileHandle.standardError.write(Data("\(Traceback.forUser(error))\n".utf8))
        filmstripFailed = true
    }

    let finished = world.transitionHistory.filter { $0.end != nil }
    let duration = finished.first.map { $0.end! - $0.start }
    try GalleryEntryReport(duration: duration, phases: finished.map(\.phase), problems: world.problems.map { "\($0)" })
        .write(to: URL(fileURLWithPath: report))
    return world.problems.isEmpty && !filmstripFailed ? 0 : 1
}

/// Removes the hidden temporary files (`.NAME.webm.XXXXXX.tmp`, AtomicTemporaryFile's) of an
/// entry: when its script fails the child returns at once and exits, and an encoder still holding
/// its file then never runs the deinit that would have removed it, so a failed effect could leave
/// one behind, or not, by timing (two galleries of the same scripts differed by it in CI).
private func removeTemporaries(of base: String) {
    let url = URL(fileURLWithPath: base)
    let directory = url.deletingLastPathComponent().path
    let prefix = "." + url.lastPathComponent + "."
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
        unlink(directory + "/" + name)
    }
}

/// The children's outcomes, gathered from every worker; also hands out the next effect to render.
private final class GalleryOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [GalleryOutcome?]
    private var next = 0
    init(count: Int) { outcomes = Array(repeating: nil, count: count) }

    func takeNext() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < outcomes.count else { return nil }
        next += 1
        return next - 1
    }

    func set(_ index: Int, _ outcome: GalleryOutcome) {
        lock.lock(); defer { lock.unlock() }
        outcomes[index] = outcome
    }

    var all: [GalleryOutcome?] {
        lock.lock(); defer { lock.unlock() }
        return outcomes
    }
}

/// A bar redrawn in place on a terminal; a plain line per finished effect otherwise (a log, CI).
private final class GalleryProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private var done = 0
    private let isTerminal = isatty(STDERR_FILENO) == 1
    init(total: Int, jobs: Int) {
        self.total = total
        if isTerminal { draw("rendering \(jobs) at a time") }
    }

    private func draw(_ note: String) {
        let width = 30, filled = done * width / max(1, total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total) effects  \(note)\u{1B}[K".utf8))
    }

    func finished(_ label: String, failed: Bool) {
        lock.lock(); defer { lock.unlock() }
        done += 1
        if isTerminal {
            draw(label + (failed ? " FAILED" : ""))
        } else {
            FileHandle.standardError.write(Data("gallery \(done)/\(total): \(label) \(failed ? "FAILED" : "ok")\n".utf8))
        }
    }

    func finish() {
        lock.lock(); defer { lock.unlock() }
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
